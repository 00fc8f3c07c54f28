package verify

import (
	"testing"

	"github.com/satdoku/satdoku"
)

// TestLocked checks that propagation removes locked candidates over
// overlaps of every kind, and only from units that hold every digit: a
// digit whose places in a full unit A all lie in the part A shares with B
// is no candidate in the rest of B.
func TestLocked(t *testing.T) {
	std6, _ := satdoku.Standard(6)
	std9, _ := satdoku.Standard(9)
	jigsaw, err := satdoku.Regions(6, [][]int{
		{0, 1, 2, 6, 7, 12}, {3, 4, 5, 10, 11, 16}, {8, 9, 13, 14, 19, 20},
		{15, 17, 21, 22, 26, 27}, {18, 24, 25, 30, 31, 32}, {23, 28, 29, 33, 34, 35},
	})
	if err != nil {
		t.Fatal(err)
	}
	x9, err := std9.WithExtra(
		satdoku.ExtraUnit{Name: "diagonal ↘", Cells: []int{0, 10, 20, 30, 40, 50, 60, 70, 80}},
		satdoku.ExtraUnit{Name: "diagonal ↙", Cells: []int{8, 16, 24, 32, 40, 48, 56, 64, 72}},
	)
	if err != nil {
		t.Fatal(err)
	}
	// hook is not full: a digit confined to its cells in row 1 says
	// nothing about the rest of row 1.
	hook, err := std6.WithExtra(satdoku.ExtraUnit{Name: "hook", Cells: []int{0, 1, 9}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		r      *satdoku.Rules
		givens map[int]int // cell → digit
		cells  []int       // cells that must lose …
		digits []int       // … these digits, or keep them when keep is set
		keep   bool
	}{
		// Region 1 holds 1, 2, 3 outside row 1: 4, 5, 6 are in row 1
		// within the region, so not in r1c4, r1c5, r1c6.
		{"jigsaw region to row", jigsaw, map[int]int{6: 1, 7: 2, 12: 3}, []int{3, 4, 5}, []int{4, 5, 6}, false},
		// Row 1 holds 4, 5, 6 outside region 1: 1, 2, 3 are in region 1
		// within the row, so not in its cells r2c1, r2c2, r3c1.
		{"jigsaw row to region", jigsaw, map[int]int{3: 4, 4: 5, 5: 6}, []int{6, 7, 12}, []int{1, 2, 3}, false},
		// Box 1 holds 1 to 6 off the diagonal: 7, 8, 9 are on it within
		// the box, so not on the rest of the diagonal.
		{"x box to diagonal", x9, map[int]int{1: 1, 2: 2, 9: 3, 11: 4, 18: 5, 19: 6}, []int{30, 40, 50, 60, 70, 80}, []int{7, 8, 9}, false},
		// Row 1 holds 1 to 4 in r1c3 to r1c6: 5 and 6 go to r1c1 and
		// r1c2, inside the 2×3 box 1, so not in r2c1, r2c2, r2c3.
		{"6x6 row to box", std6, map[int]int{2: 1, 3: 2, 4: 3, 5: 4}, []int{6, 7, 8}, []int{5, 6}, false},
		// The hook holds 1 at r2c4; 2 to 6 are placed nowhere, so in the
		// hook they can only be in r1c1 or r1c2, which tells nothing of
		// the rest of row 1 since the hook need not hold them.
		{"hook not full", hook, map[int]int{9: 1}, []int{2, 3, 4, 5}, []int{2, 3, 4, 5, 6}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := satdoku.NewGrid(tt.r)
			for i, d := range tt.givens {
				g.SetCell(i, d)
			}
			s, ok := newSolver(g, 2)
			if !ok {
				t.Fatal("the givens clash")
			}
			if _, ok := s.propagate(); !ok {
				t.Fatal("propagate found a contradiction")
			}
			for _, i := range tt.cells {
				if s.digits[i] != 0 {
					continue // placed: nothing to check
				}
				cand := s.candidates(i)
				for _, d := range tt.digits {
					if has := cand&bit(d) != 0; has != tt.keep {
						t.Errorf("cell r%dc%d: candidate %d is %v, want %v", i/tt.r.N()+1, i%tt.r.N()+1, d, has, tt.keep)
					}
				}
			}
		})
	}
}
