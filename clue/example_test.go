package clue_test

import (
	"fmt"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// A killer cage, a thermometer and a little killer on a 9×9 board (cells
// are row-major indices from 0; the little killer's place is above r1c1).
func Example() {
	std, _ := satdoku.Standard(9)
	r, _, err := clue.Apply(std,
		clue.Clue{Kind: clue.KillerCage, Cells: []int{0, 1, 9}, Value: 15},
		clue.Clue{Kind: clue.Thermometer, Lines: [][]int{{40, 41, 42}}},
		clue.Clue{Kind: clue.LittleKiller, Row: -1, Col: 0, Direction: clue.DownRight, Value: 40})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Tags())
	for _, u := range r.Extras() {
		fmt.Println(u.Name, u.Cells)
	}
	for _, x := range r.Relations() {
		fmt.Println(x.Name, x.A, x.Kind, x.B)
	}
	for _, c := range r.Constraints() {
		fmt.Println(c, c.Cells)
	}
	// Output:
	// [killer cage thermometer little killer]
	// killer cage [0 1 9]
	// thermometer 40 less 41
	// thermometer 41 less 42
	// killer cage (total 15) [0 1 9]
	// little killer (total 40) [1 11 21 31 41 51 61 71]
}
