package logic_test

import (
	"fmt"

	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/textfmt"
)

func ExampleRate() {
	g := textfmt.MustParse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	r, err := logic.Rate(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r)
	// Output: 2.6 medium (pointing)
}

func ExampleState_Next() {
	g := textfmt.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	s, err := logic.New(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	for range 3 {
		st, ok := s.Next()
		if !ok {
			break
		}
		fmt.Println(st.Text)
		s.Apply(st)
	}
	// Output:
	// hidden single: 6 can only go in r2c2 in box 1
	// hidden single: 8 can only go in r1c2 in box 1
	// hidden single: 1 can only go in r1c6 in box 2
}
