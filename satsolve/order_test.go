package satsolve

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/internal/bigboard"
	"github.com/satdoku/satdoku/verify"
)

// TestPermutedOrder answers the self-made set with Solvers that number the
// variables in other orders: the verdicts are the same.
func TestPermutedOrder(t *testing.T) {
	cases := readDiffFile(t, "../testdata/diff/puzzles.txt")
	for _, order := range []uint64{1, 7} {
		s := New(Options{Order: order})
		for _, c := range cases {
			diffOne(t, s, c, true)
		}
	}
}

// TestQuietFor: a Stoppable Solver whose searches run their first QuietFor
// unwatched gives the verdicts of the self-made set, and a search that
// outlasts the quiet time (the solutions of the empty 25×25 board,
// counted) is stopped by its context after it, soon.
func TestQuietFor(t *testing.T) {
	cases := readDiffFile(t, "../testdata/diff/puzzles.txt")
	s := New(Options{Stoppable: true, QuietFor: time.Millisecond})
	for _, c := range cases {
		diffOne(t, s, c, true)
	}
	g, _, err := bigboard.Puzzle(bigboard.Spec{B: 5, Blank: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s = New(Options{Stoppable: true, QuietFor: 50 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	if _, err := s.Count(ctx, g, 1<<40); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("stopped after %v", took)
	}
	res, err := s.Unique(context.Background(), grid(t, leet))
	if err != nil {
		t.Fatal(err)
	}
	check(t, grid(t, leet), res, backend.StatusUnique, 1, leetSol)
}

// TestOtherAt takes clues out of the unique puzzles of the self-made set,
// one to three at a time, and asks OtherAt for a solution that differs
// from the puzzle's in one of them: there is one exactly when verify's
// own count finds the smaller puzzle not unique, and it solves it.
func TestOtherAt(t *testing.T) {
	s := New(Options{})
	asked := 0
	for k, c := range readDiffFile(t, "../testdata/diff/puzzles.txt") {
		if c.count != 1 {
			continue
		}
		sol, err := s.Solve(context.Background(), c.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		var givens []int
		for i := range c.puzzle.Len() {
			if c.puzzle.Cell(i) != 0 {
				givens = append(givens, i)
			}
		}
		for m := 1; m <= 3 && m <= len(givens); m++ {
			p := c.puzzle.Clone()
			removed := givens[(k*7)%len(givens):]
			removed = removed[:min(m, len(removed))]
			for _, i := range removed {
				p.SetCell(i, 0)
			}
			res, err := s.OtherAt(context.Background(), p, sol.Solution, removed)
			if err != nil {
				t.Fatal(err)
			}
			n, _ := verify.Count(p, 2)
			if (res.Count == 1) != (n > 1) {
				t.Errorf("%s without %v: OtherAt found %d, verify counts %d", c.where, removed, res.Count, n)
			}
			if res.Count == 1 {
				if err := verify.Solution(p, res.Solution); err != nil || res.Solution.Equal(sol.Solution) {
					t.Errorf("%s: %v", c.where, err)
				}
			}
			asked++
		}
	}
	if asked < 20 {
		t.Fatalf("only %d questions", asked)
	}
	if _, err := s.OtherAt(context.Background(), grid(t, leet), grid(t, leetSol), []int{-1}); !errors.Is(err, backend.ErrGrid) {
		t.Errorf("a cell off the board: %v", err)
	}
}
