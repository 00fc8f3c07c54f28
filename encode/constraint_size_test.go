package encode

import (
	"testing"

	"github.com/satdoku/satdoku"
)

// TestConstraintSizes reports the clauses and auxiliary variables of
// typical 9×9 constraints over the whole domain (a cage's with its digit
// sets and the innie and outie sums derived from it), and holds them under
// bounds: a constraint costs at most a few thousand clauses, as many as a
// fifth of the classic rules, and most far fewer.
func TestConstraintSizes(t *testing.T) {
	std9, _ := satdoku.Standard(9)
	row := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	box := []int{0, 1, 2, 9, 10, 11, 18, 19, 20}
	arrow := []int{0, 10, 20, 30, 40, 50, 60, 70, 80}
	cases := []struct {
		name string
		c    satdoku.Constraint
		max  int // clauses
	}{
		{"cage9 45", satdoku.Constraint{Kind: satdoku.Total, Cells: box, Value: 45}, 2100},
		{"cage9 30", satdoku.Constraint{Kind: satdoku.Total, Cells: box, Value: 30}, 1800},
		{"cage5 20", satdoku.Constraint{Kind: satdoku.Total, Cells: box[:5], Value: 20}, 1250},
		{"cage2 10", satdoku.Constraint{Kind: satdoku.Total, Cells: box[:2], Value: 10}, 170},
		{"arrow 1+8", satdoku.Constraint{Kind: satdoku.Total, Cells: arrow, Coefs: []int{-1, 1, 1, 1, 1, 1, 1, 1, 1}}, 300},
		{"arrow 1+3", satdoku.Constraint{Kind: satdoku.Total, Cells: arrow[:4], Coefs: []int{-1, 1, 1, 1}}, 300},
		{"pill 2+7", satdoku.Constraint{Kind: satdoku.Total, Cells: arrow, Coefs: []int{-10, -1, 1, 1, 1, 1, 1, 1, 1}}, 3700},
		{"sandwich 0", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: row, Value: 0}, 350},
		{"sandwich 10", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: row, Value: 10}, 850},
		{"sandwich 20", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: row, Value: 20}, 1250},
		{"sandwich 35", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: row, Value: 35}, 1250},
		{"renban 4 box", satdoku.Constraint{Kind: satdoku.Run, Cells: box[:4]}, 200},
		{"renban 5 diag", satdoku.Constraint{Kind: satdoku.Run, Cells: arrow[:5]}, 250},
		{"between 9", satdoku.Constraint{Kind: satdoku.Within, Cells: arrow}, 180},
		{"quad 1234", satdoku.Constraint{Kind: satdoku.Contains, Cells: []int{0, 1, 9, 10}, Digits: []int{1, 2, 3, 4}}, 4},
		{"quad 1133", satdoku.Constraint{Kind: satdoku.Contains, Cells: []int{20, 21, 29, 30}, Digits: []int{1, 1, 3, 3}}, 220},
		{"odd", satdoku.Constraint{Kind: satdoku.OneOf, Cells: []int{0}, Mask: 0x155}, 4},
	}
	for _, c := range cases {
		r, err := std9.WithConstraints(c.c)
		if err != nil {
			t.Fatal(err)
		}
		enc := NewEncoder(r, Extended)
		var k Counter
		enc.writeConstraints(&k, nil)
		t.Logf("%-14s %5d clauses %5d literals %4d aux", c.name, k.Clauses, k.Literals, enc.MaxVar()-729)
		if k.Clauses > c.max {
			t.Errorf("%s: %d clauses, want at most %d", c.name, k.Clauses, c.max)
		}
	}
}
