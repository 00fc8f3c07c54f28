package cluereport

import (
	"context"
	"slices"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// fewer returns the Wikipedia puzzle without its givens in cells, in
// order, until verify's counter finds between lo and hi solutions.
func fewer(t *testing.T, lo, hi int) (*satdoku.Grid, int) {
	t.Helper()
	g := textfmt.MustParse(wikipedia)
	for i := range g.Len() {
		if g.Cell(i) == 0 {
			continue
		}
		d := g.Cell(i)
		g.SetCell(i, 0)
		c, _ := verify.Count(g, hi+1)
		if c >= lo && c <= hi {
			return g, c
		}
		if c > hi {
			g.SetCell(i, d)
		}
	}
	t.Fatal("no puzzle with that many solutions")
	return nil, 0
}

// TestMultipleAgainstCounter: the count is verify's, and each suggestion
// leaves as many solutions as the counter finds with it given; when no
// given alone makes the puzzle unique, the counter agrees that none does.
func TestMultipleAgainstCounter(t *testing.T) {
	for _, span := range [][2]int{{2, 2}, {3, 8}, {20, 200}} {
		g, want := fewer(t, span[0], span[1])
		rep, err := Make(context.Background(), g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Status != Multiple || rep.Count != want || rep.CountAtLeast {
			t.Fatalf("status %v count %d (at least %v), counter %d", rep.Status, rep.Count, rep.CountAtLeast, want)
		}
		checkSuggestions(t, g, rep, want+1)
	}
}

// TestMultipleLimit: past the limit the count is a lower bound, and the
// suggestions still hold by the counter.
func TestMultipleLimit(t *testing.T) {
	g, want := fewer(t, 20, 200)
	rep, err := Make(context.Background(), g, Options{Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != Multiple || rep.Count != 5 || !rep.CountAtLeast {
		t.Fatalf("status %v count %d (at least %v), counter %d", rep.Status, rep.Count, rep.CountAtLeast, want)
	}
	checkSuggestions(t, g, rep, 5)
}

func checkSuggestions(t *testing.T, g *satdoku.Grid, rep *Report, limit int) {
	t.Helper()
	if len(rep.Suggest) == 0 {
		t.Fatal("no suggestion")
	}
	unique := rep.Suggest[0].Leaves == 1
	for _, s := range rep.Suggest {
		p := g.Clone()
		p.SetCell(s.Cell, s.Digit)
		c, _ := verify.Count(p, limit)
		if s.LeavesAtLeast && c < s.Leaves || !s.LeavesAtLeast && c != s.Leaves {
			t.Errorf("r%dc%d=%d leaves %d (at least %v), counter %d", s.Cell/9+1, s.Cell%9+1, s.Digit, s.Leaves, s.LeavesAtLeast, c)
		}
		if unique != (s.Leaves == 1) {
			t.Errorf("suggestions mix unique and splitting ones: %+v", rep.Suggest)
		}
	}
	// Every given that alone makes the puzzle unique is suggested, and
	// when none does the counter agrees.
	for i := range g.Len() {
		if g.Cell(i) != 0 {
			continue
		}
		for d := 1; d <= 9; d++ {
			p := g.Clone()
			p.SetCell(i, d)
			if len(verify.Check(p)) > 0 {
				continue
			}
			if c, _ := verify.Count(p, 2); c == 1 {
				if !unique || !slices.ContainsFunc(rep.Suggest, func(s Suggestion) bool { return s.Cell == i && s.Digit == d }) {
					t.Errorf("r%dc%d=%d makes the puzzle unique, not suggested: %+v", i/9+1, i%9+1, d, rep.Suggest)
				}
			}
		}
	}
	for _, i := range rep.Differs {
		if g.Cell(i) != 0 {
			t.Errorf("a given r%dc%d differs", i/9+1, i%9+1)
		}
	}
}

// TestNoneAgainstCounter: the Wikipedia puzzle with a given that
// contradicts its solution without clashing with another. The clues the
// report names can go together (the counter finds a solution without
// them, the witness among them), and none of them can stay.
func TestNoneAgainstCounter(t *testing.T) {
	g := textfmt.MustParse(wikipedia)
	g.SetCell(2, 1) // r1c3: the solution has 4; no 1 in row 1, column 3 or box 1
	if len(verify.Check(g)) > 0 {
		t.Fatal("the added given clashes")
	}
	rep, err := Make(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != None || len(rep.Conflict) == 0 {
		t.Fatalf("status %v, conflict %v", rep.Status, rep.Conflict)
	}
	p := g.Clone()
	for _, k := range rep.Conflict {
		p.SetCell(rep.Clues[k].Cells[0], 0)
	}
	if err := verify.Solution(p, rep.Witness); err != nil {
		t.Fatalf("witness: %v", err)
	}
	for _, k := range rep.Conflict {
		q := p.Clone()
		c := rep.Clues[k]
		q.SetCell(c.Cells[0], c.Digit)
		if n, _ := verify.Count(q, 1); n != 0 {
			t.Errorf("%v can stay: the counter finds a solution", c.String())
		}
	}
	t.Logf("conflict: %d clues", len(rep.Conflict))
}
