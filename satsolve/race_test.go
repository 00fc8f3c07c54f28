package satsolve

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/internal/bigboard"
	"github.com/satdoku/satdoku/verify"
)

// TestPermutedOrder answers the self-made set with Solvers that number the
// variables in other orders: the verdicts are the same.
func TestPermutedOrder(t *testing.T) {
	cases := readDiffFile(t, "../testdata/diff/puzzles.txt")
	for _, order := range []uint64{1, 7} {
		s := New(Options{})
		s.order = order
		for _, c := range cases {
			diffOne(t, s, c, true)
		}
	}
}

// TestRacerSelfMade answers the self-made set with a Racer of three
// Solvers, with and without a timeout, and counts with it.
func TestRacerSelfMade(t *testing.T) {
	cases := readDiffFile(t, "../testdata/diff/puzzles.txt")
	for _, o := range []Options{{}, {Timeout: time.Minute}} {
		r := NewRacer(o, 3)
		for _, c := range cases {
			res, err := r.Unique(context.Background(), c.puzzle)
			if err != nil {
				t.Fatalf("%s: %v", c.where, err)
			}
			if want := statusOf(min(c.count, 2)); res.Status != want {
				t.Errorf("%s: Racer says %v, want %v", c.where, res.Status, want)
			}
			for _, sol := range []*satdoku.Grid{res.Solution, res.Second} {
				if sol == nil {
					continue
				}
				if err := verify.Solution(c.puzzle, sol); err != nil {
					t.Errorf("%s: %v", c.where, err)
				}
			}
			if res.Status == backend.StatusMultiple && res.Second.Equal(res.Solution) {
				t.Errorf("%s: multiple without two different solutions", c.where)
			}
			cnt, err := r.Count(context.Background(), c.puzzle, 3)
			if err != nil {
				t.Fatalf("%s: %v", c.where, err)
			}
			if cnt.Count != min(c.count, 3) {
				t.Errorf("%s: Racer counts %d, want %d", c.where, cnt.Count, min(c.count, 3))
			}
		}
	}
	if _, err := NewRacer(Options{}, 2).Count(context.Background(), cases[0].puzzle, 0); !errors.Is(err, backend.ErrLimit) {
		t.Errorf("Count with limit 0: %v, want ErrLimit", err)
	}
}

// TestRacerBig answers the 16×16 and 25×25 puzzles of the big-board corpus
// with a Racer and with a Solver: the same verdicts, and valid solutions.
func TestRacerBig(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	r := NewRacer(Options{}, 2)
	s := New(Options{})
	for _, sp := range bigboard.Specs(4, 5) {
		p, _, err := bigboard.Puzzle(sp)
		if err != nil {
			t.Fatal(err)
		}
		a, err := r.Unique(context.Background(), p)
		if err != nil {
			t.Fatalf("%s: %v", sp.Name(), err)
		}
		b, err := s.Unique(context.Background(), p)
		if err != nil {
			t.Fatalf("%s: %v", sp.Name(), err)
		}
		if a.Status != b.Status {
			t.Errorf("%s: Racer says %v, Solver %v", sp.Name(), a.Status, b.Status)
		}
		if err := verify.Solution(p, a.Solution); err != nil {
			t.Errorf("%s: %v", sp.Name(), err)
		}
	}
}

// TestRacerCanceled cancels a Racer on a search that cannot end (the
// solutions of an empty 25×25 board, counted): it returns the context's
// error, and then answers the next puzzle.
func TestRacerCanceled(t *testing.T) {
	g, _, err := bigboard.Puzzle(bigboard.Spec{B: 5, Blank: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := NewRacer(Options{}, 2)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	res, err := r.Count(ctx, g, 1<<40)
	if !errors.Is(err, context.Canceled) || res.Status != backend.StatusUnknown {
		t.Fatalf("got %v, %v; want unknown and context.Canceled", res.Status, err)
	}
	res, err = r.Unique(context.Background(), grid(t, leet))
	if err != nil {
		t.Fatal(err)
	}
	check(t, grid(t, leet), res, backend.StatusUnique, 1, leetSol)
	// A timeout, too, stops every Solver of the race.
	r = NewRacer(Options{Timeout: 50 * time.Millisecond}, 2)
	if _, err := r.Count(context.Background(), g, 1<<40); !errors.Is(err, backend.ErrTimeout) {
		t.Fatalf("got %v, want backend.ErrTimeout", err)
	}
}
