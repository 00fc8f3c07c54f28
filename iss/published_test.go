package iss_test

import (
	"context"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// TestPublishedPairs solves, counts and checks the puzzles of
// testdata/published.txt, whose slow thermometers, same-difference and
// Nabner lines ISS writes as Pairs, PairXs and Ors of Pairs, against the
// answers ISS's own solver gave (and the published solution, where there
// is one): read through the registry, the checked gini path of solve
// --unique answers unique with that solution, count finds exactly one,
// the validator accepts it, and, under the rules read from the Pairs and
// Ors alone, accepts it and refuses it with two digits swapped.
// issSolutionIn returns an empty grid under the standard rules of an
// n×n board and the clues of cs of the kinds read from Pairs and Ors:
// slow thermometers, same-difference and Nabner lines.
func issSolutionIn(t *testing.T, cs []clue.Clue, n int) (*satdoku.Grid, error) {
	t.Helper()
	var keep []clue.Clue
	for _, c := range cs {
		switch c.Kind {
		case clue.SlowThermometer, clue.SameDifference, clue.Nabner:
			keep = append(keep, c)
		}
	}
	if len(keep) == 0 {
		t.Fatal("no clue read from a Pair or an Or")
	}
	r, err := satdoku.Standard(n)
	if err != nil {
		return nil, err
	}
	r, _, err = clue.Apply(r, keep...)
	if err != nil {
		return nil, err
	}
	return satdoku.NewGrid(r), nil
}

func TestPublishedPairs(t *testing.T) {
	recs := readRecords(t, "testdata/published.txt")
	if len(recs) < 5 {
		t.Fatalf("%d records, want 5", len(recs))
	}
	s := checked.New(satsolve.New(satsolve.Options{}), checked.Options{})
	for _, r := range recs {
		t.Run(r.name, func(t *testing.T) {
			p, ok, err := textfmt.ReadArg(r.input)
			if !ok || err != nil {
				t.Fatalf("published.txt:%d: not read (claimed %v): %v", r.line, ok, err)
			}
			want, err := issSolution(r.solution, p.Grid)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			a, err := s.Unique(ctx, p.Grid)
			if err != nil {
				t.Fatal(err)
			}
			if a.Status != backend.StatusUnique || !a.Solution.Equal(want) {
				t.Fatalf("solve: %v %v, want unique %v", a.Status, a.Solution, want)
			}
			c, err := s.Count(ctx, p.Grid, 3)
			if err != nil || c.Count != 1 || c.More {
				t.Fatalf("count: %d (more %v), %v; want 1", c.Count, c.More, err)
			}
			if err := verify.Solution(p.Grid, want); err != nil {
				t.Fatalf("check: the validator refuses ISS's answer: %v", err)
			}
			// The rules read from Pairs and Ors alone, no givens: they
			// accept the answer, and refuse it with two of its digits
			// swapped everywhere (which keeps the units whole), for some
			// two digits.
			n := want.N()
			iss, err := issSolutionIn(t, p.Clues, n)
			if err != nil {
				t.Fatal(err)
			}
			if err := verify.Solution(iss, want); err != nil {
				t.Fatalf("check: the validator refuses ISS's answer under the rules read from Pairs alone: %v", err)
			}
			for x := 1; x <= n; x++ {
				for y := x + 1; y <= n; y++ {
					swapped := satdoku.NewGrid(iss.Rules())
					for i := range n * n {
						switch d := want.Cell(i); d {
						case x:
							swapped.SetCell(i, y)
						case y:
							swapped.SetCell(i, x)
						default:
							swapped.SetCell(i, d)
						}
					}
					if err := verify.Solution(iss, swapped); err != nil {
						t.Logf("with %d and %d swapped, refused: %.120s", x, y, err)
						return
					}
				}
			}
			t.Fatal("check: the validator accepts the answer with any two digits swapped")
		})
	}
}
