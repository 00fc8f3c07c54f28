package satsolve

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/internal/bigboard"
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
