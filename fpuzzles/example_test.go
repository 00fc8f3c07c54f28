package fpuzzles_test

import (
	"fmt"

	"github.com/satdoku/satdoku/fpuzzles"
)

func ExampleRead() {
	// A 4×4 killer puzzle, as f-puzzles saves it (links carry the same
	// JSON compressed with lz-string).
	js := `{"size":4,"title":"Tiny killer",
	"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
	"killercage":[{"cells":["R1C2","R2C2"],"value":"7"}],
	"diagonal-":true,
	"text":[{"cells":["R4C4"],"value":"hello"}]}`
	p, err := fpuzzles.Read([]byte(js))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Title)
	fmt.Println(p.Grid)
	fmt.Println(p.Grid.Rules().Tags())
	for _, c := range p.Grid.Rules().Constraints() {
		fmt.Println(c)
	}
	fmt.Println(p.Warnings)

	_, err = fpuzzles.Read([]byte(`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
	"sumline":[{"lines":[["R1C1"]]}]}`))
	fmt.Println(err)
	// Output:
	// Tiny killer
	// 1...............
	// [diagonal- killer cage]
	// killer cage (total 7)
	// [ignored "text": cosmetic, no rule]
	// 2:12: sumline: unsupported rule "sumline"
}
