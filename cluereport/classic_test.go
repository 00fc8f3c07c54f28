package cluereport

import (
	"context"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// wikipedia is the puzzle of Wikipedia's "Sudoku" article (30 givens).
const wikipedia = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// bruteUnique reports whether p has exactly one solution by verify's
// backtracking counter.
func bruteUnique(t *testing.T, p *satdoku.Grid) bool {
	t.Helper()
	c, _ := verify.Count(p, 2)
	return c == 1
}

// TestClassicAgainstCounter: every given's verdict is what verify's
// counter says of the puzzle without it, every witness solves the puzzle
// without its clue, and the removable set leaves a unique puzzle.
func TestClassicAgainstCounter(t *testing.T) {
	for _, s := range []string{
		wikipedia,
		// A minimal 17-given puzzle (Royle's list): every given needed.
		"000000010400000000020000000000050407008000300001090000300400200050100000000806000",
	} {
		g := textfmt.MustParse(s)
		rep, err := Make(context.Background(), g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Status != Unique {
			t.Fatalf("%s: status %v", s, rep.Status)
		}
		if len(rep.Clues) != g.Givens() {
			t.Fatalf("%d clues for %d givens", len(rep.Clues), g.Givens())
		}
		for _, c := range rep.Clues {
			p := g.Clone()
			p.SetCell(c.Cells[0], 0)
			if want := !bruteUnique(t, p); c.Needed != want {
				t.Errorf("%s: %v: needed %v, counter says %v", s, c.String(), c.Needed, want)
			}
			if c.Needed {
				if err := verify.Solution(p, c.Witness); err != nil {
					t.Errorf("%v: witness: %v", c.String(), err)
				}
				if c.Witness.Equal(rep.Solution) || len(c.Differs) == 0 {
					t.Errorf("%v: the witness is the solution", c.String())
				}
			}
		}
		p := g.Clone()
		for _, k := range rep.Removable {
			if rep.Clues[k].Needed {
				t.Errorf("needed clue %d in the removable set", k)
			}
			p.SetCell(rep.Clues[k].Cells[0], 0)
		}
		if !bruteUnique(t, p) {
			t.Errorf("%s: without the removable set %v the puzzle is not unique", s, rep.Removable)
		}
		// Maximal: no other given can join.
		for k, c := range rep.Clues {
			if p.Cell(c.Cells[0]) == 0 {
				continue
			}
			q := p.Clone()
			q.SetCell(c.Cells[0], 0)
			if bruteUnique(t, q) {
				t.Errorf("%s: clue %d could join the removable set", s, k)
			}
		}
		t.Logf("%s: %d givens, %d removable", s, g.Givens(), len(rep.Removable))
	}
}

// TestQueryBudget: with no time for any question every clue is
// undecided, none is called needed or removable, and the report still
// comes.
func TestQueryBudget(t *testing.T) {
	g := textfmt.MustParse(wikipedia)
	rep, err := Make(context.Background(), g, Options{QueryBudget: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Clues {
		if c.Needed || !c.Undecided {
			t.Errorf("%v: needed %v, undecided %v", c.String(), c.Needed, c.Undecided)
		}
	}
	if rep.Status != Unique || len(rep.Removable) != 0 {
		t.Errorf("status %v, removable %v", rep.Status, rep.Removable)
	}
}
