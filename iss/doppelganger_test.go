package iss

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/satsolve"
)

// doppelHolds is ISS's Doppelganger on the n×n values vs (0 to n, boxes
// h×w unless noBoxes), from its statement: every row, column and box
// holds 0 and misses one digit of 1..n; no two rows (columns, boxes) miss
// the same digit; at each 0 the digits its row, column and box miss are
// all different.
func doppelHolds(vs []int, n, h, w int, noBoxes bool) bool {
	houses := [][]int{}
	for k := range n {
		var row, col, box []int
		for j := range n {
			row = append(row, k*n+j)
			col = append(col, j*n+k)
			box = append(box, (k/(n/w)*h+j/w)*n+k%(n/w)*w+j%w)
		}
		houses = append(houses, row, col, box)
	}
	miss := make([]int, len(houses)) // row k: 3k, column 3k+1, box 3k+2
	for hs, cells := range houses {
		if noBoxes && hs%3 == 2 {
			continue
		}
		seen := 0
		for _, i := range cells {
			seen |= 1 << vs[i]
		}
		if seen&1 == 0 {
			return false
		}
		for d := 1; d <= n; d++ {
			if seen&(1<<d) == 0 {
				miss[hs] = d
			}
		}
		for g := hs % 3; g < hs; g += 3 {
			if miss[g] == miss[hs] {
				return false
			}
		}
	}
	for i, x := range vs {
		if x != 0 {
			continue
		}
		r, c := i/n, i%n
		a, b, m := miss[3*r], miss[3*c+1], miss[3*(r/h*(n/w)+c/w)+2]
		if a == b || !noBoxes && (a == m || b == m) {
			return false
		}
	}
	return true
}

// TestDoppelgangerGrid solves the empty 9×9 Doppelganger (values 0 to 9,
// 3×3 boxes, and with NoBoxes) and checks the solution by the rule's
// words.
func TestDoppelgangerGrid(t *testing.T) {
	s := satsolve.New(satsolve.Options{})
	for _, noBoxes := range []bool{false, true} {
		text := ".Shape~9x9~0-9.Doppelganger"
		if noBoxes {
			text += ".NoBoxes"
		}
		sol := solveText(t, s, text)
		vs := make([]int, 81)
		for i := range vs {
			vs[i] = sol.Cell(i) - 1
		}
		if !doppelHolds(vs, 9, 3, 3, noBoxes) {
			t.Errorf("%s: %v breaks the rule", text, vs)
		}
	}
}

// TestDoppelgangerCount reads random 4×4 Doppelganger puzzles (values 0
// to 4, with boxes or NoBoxes, a few givens) and checks the number of
// solutions against brute force over every 4×4 grid of values 0 to 4
// whose rows, columns (and boxes) hold no repeat, each evaluated by the
// rule's words (doppelHolds): the validator's counter and gini must both
// find exactly that many (the var cells follow from the grid).
func TestDoppelgangerCount(t *testing.T) {
	// The grids that keep the rule, found once: each trial's givens
	// then pick among them.
	var withBoxes, without [][]int
	for k, grids := range [][][]int{squares4(5, true), squares4(5, false)} {
		for _, g := range grids {
			vs := make([]int, 16)
			for i, d := range g {
				vs[i] = d - 1
			}
			if doppelHolds(vs, 4, 2, 2, k == 1) {
				if k == 0 {
					withBoxes = append(withBoxes, g)
				} else {
					without = append(without, g)
				}
			}
		}
	}
	randomCounts(t, 1752, 60, 8, func(rng *rand.Rand, trial int) (string, [][]int, int, []valueRule) {
		text, grids := ".Shape~4x4~0-4.Doppelganger", withBoxes
		if trial%3 == 2 {
			text, grids = text+".NoBoxes", without
		}
		var rules []valueRule
		for range rng.IntN(5) {
			i, x := rng.IntN(16), rng.IntN(5)
			one := fmt.Sprintf(".~%s_%d", cellName(i/4, i%4), x)
			text += one
			rules = append(rules, valueRule{one, func(vs []int) bool { return vs[i] == x }})
		}
		return text, grids, 0, rules
	})
}

// TestDoppelgangerErrors: Doppelganger on a board of other values, or
// inside an Or, is refused at its place.
func TestDoppelgangerErrors(t *testing.T) {
	checkErrors(t, []errorCase{
		{".Doppelganger", ".Doppelganger", ErrInvalid, "values 0 to N"},
		{".Shape~4x4~0-3.Doppelganger", ".Doppelganger", ErrInvalid, "values 0 to N"},
		{".Shape~4x4~0-4.Or.Doppelganger.~R1C1_1.End", ".Doppelganger", ErrUnsupported, "inside an Or"},
	})
}
