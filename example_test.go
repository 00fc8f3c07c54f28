package satdoku_test

import (
	"fmt"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

func ExampleRules_WithExtra() {
	// X-Sudoku: the classic rules and the two main diagonals, as data.
	std, _ := satdoku.Standard(9)
	var down, up []int
	for i := range 9 {
		down = append(down, i*9+i)
		up = append(up, i*9+8-i)
	}
	x, err := std.WithExtra(
		satdoku.ExtraUnit{Name: "diagonal ↘", Cells: down},
		satdoku.ExtraUnit{Name: "diagonal ↗", Cells: up},
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(x.Units()), "units,", len(x.Overlaps()), "overlaps, classic:", x.Classic())
	var names []string
	for _, u := range x.UnitsOf(4*9 + 4) {
		names = append(names, x.Units()[u].String())
	}
	fmt.Println("r5c5:", strings.Join(names, ", "))
	// A diagonal shares three cells with each box it crosses.
	for _, o := range x.Overlaps() {
		if b := x.Units()[o.B]; b.Kind == satdoku.Extra {
			fmt.Println(x.Units()[o.A], "and", b, "share", o.Shared)
		}
	}
	// A puzzle is read under the standard rules and then put under these.
	g := textfmt.MustParse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	fmt.Println(g.SetRules(x), g.Rules() == x)
	// Output:
	// 29 units, 60 overlaps, classic: false
	// r5c5: row 5, column 5, box 5, diagonal ↘, diagonal ↗
	// box 1 and diagonal ↘ share [0 10 20]
	// box 3 and diagonal ↗ share [8 16 24]
	// box 5 and diagonal ↘ share [30 40 50]
	// box 5 and diagonal ↗ share [32 40 48]
	// box 7 and diagonal ↗ share [56 64 72]
	// box 9 and diagonal ↘ share [60 70 80]
	// <nil> true
}
