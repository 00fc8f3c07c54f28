package checked_test

import (
	"context"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// TestEstimateCoverage: on puzzles whose count the validator knows, the
// 95 % interval holds the true count in at least 93 of 100 runs, each
// with its own seed (no time limit: the same paths on any machine).
func TestEstimateCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("a statistical sweep over verify's count of thousands of solutions: make test-long")
	}
	s := checked.New(satsolve.New(satsolve.Options{}), checked.Options{})
	runs := 100
	if testing.Short() {
		runs = 3 // and the board of fewer solutions only (below)
	}
	six, err := textfmt.Parse("1.....4.....3.....5.....2.....6.....")
	if err != nil {
		t.Fatal(err)
	}
	sixMore, err := textfmt.Parse("1.....4.....3..2..5.....2.....6.....")
	if err != nil {
		t.Fatal(err)
	}
	boards := []*satdoku.Grid{six, sixMore}
	if testing.Short() {
		boards = boards[1:]
	}
	for _, g := range boards {
		want, _ := verify.Count(g, 1_000_000)
		if want < 1000 || want >= 1_000_000 {
			t.Fatalf("%s: %d solutions", g, want)
		}
		held := 0
		start := time.Now()
		for seed := range runs {
			e, err := s.Estimate(context.Background(), g, checked.EstimateOptions{Seed: uint64(seed), MaxPaths: 30, Time: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			if e.CI95Lower <= float64(want) && float64(want) <= e.CI95Upper {
				held++
			}
			if seed == 0 {
				t.Logf("%d solutions: %.0f ± %.0f, [%.0f, %.0f], %d paths", want, e.Estimate, e.Stderr, e.CI95Lower, e.CI95Upper, e.Paths)
			}
		}
		t.Logf("%d solutions: %d of %d intervals hold it, %v", want, held, runs, time.Since(start))
		if held < runs*93/100 {
			t.Errorf("%s: %d solutions, held by %d of %d intervals", g, want, held, runs)
		}
	}
	// Below the exact threshold, the count itself.
	e, err := s.Estimate(context.Background(), textfmt.MustParse(twoSols), checked.EstimateOptions{})
	if err != nil || !e.Exact || e.Estimate != 2 || e.CI95Lower != 2 || e.CI95Upper != 2 {
		t.Errorf("two solutions: %+v, %v", e, err)
	}
}

// TestEstimateStop: an estimate says what ended it: an exact count below
// the threshold, the relative error asked for (the empty 4×4 board, whose
// paths all give its 288 solutions), or the time limit; a canceled
// context is an error, not an estimate.
func TestEstimateStop(t *testing.T) {
	s := checked.New(satsolve.New(satsolve.Options{Stoppable: true}), checked.Options{})
	e, err := s.Estimate(context.Background(), textfmt.MustParse(twoSols), checked.EstimateOptions{})
	if err != nil || e.Stop != checked.StopExact || e.Stop.String() != "exact count" {
		t.Errorf("two solutions: %+v, %v", e, err)
	}
	four := textfmt.MustParse("................")
	e, err = s.Estimate(context.Background(), four, checked.EstimateOptions{Seed: 1})
	if err != nil || e.Stop != checked.StopRelErr || e.Estimate != 288 || e.Paths != checked.DefaultMinPaths {
		t.Errorf("empty 4×4: %+v, %v", e, err)
	}
	// A time limit already passed after the first paths: it stops at 2.
	e, err = s.Estimate(context.Background(), four, checked.EstimateOptions{Seed: 1, Time: time.Nanosecond})
	if err != nil || e.Stop != checked.StopTime || e.Paths != 2 {
		t.Errorf("empty 4×4, 1 ns: %+v, %v", e, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if e, err := s.Estimate(ctx, four, checked.EstimateOptions{Seed: 1}); err == nil {
		t.Errorf("canceled: %+v", e)
	}
}
