package verify_test

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// TestCountContext: under a context that does not end, CountContext
// returns what Count returns, on the grids of TestCount's kinds, every
// puzzle of tdoku's test set and the 16×16 and 25×25 sets.
func TestCountContext(t *testing.T) {
	empty4, _ := satdoku.New(4)
	empty9, _ := satdoku.New(9)
	type tc struct {
		g     *satdoku.Grid
		limit int
	}
	cases := []tc{
		{nil, 5}, {&satdoku.Grid{}, 5}, {empty4, 1000}, {empty4, 0}, {empty4, -1}, {empty9, 3},
		{grid(t, top1), 2}, {grid(t, top1Sol), 2},
		{grid(t, "................12..3..4..5....1...6....7.....54...8...9.3..4...8.....7.1...2...."), 5},
		{grid(t, "55"+top1Sol[2:]), 5},
	}
	for _, set := range []struct {
		name  string
		limit int
	}{{"tdoku_test_puzzles", 10000}, {"psp_16x16", 2}, {"misc_25x25", 2}} {
		if !exists(dataPath(set.name + ".txt")) {
			continue
		}
		for _, p := range readLines(t, dataPath(set.name+".txt"), 0) {
			cases = append(cases, tc{grid(t, p), set.limit})
		}
	}
	for i, c := range cases {
		want, wantSol := verify.Count(c.g, c.limit)
		got, sol, err := verify.CountContext(context.Background(), c.g, c.limit)
		if err != nil || got != want || line(sol) != line(wantSol) {
			t.Errorf("case %d (%s, limit %d): CountContext = %d, %s, %v; Count = %d, %s",
				i, line(c.g), c.limit, got, line(sol), err, want, line(wantSol))
		}
	}
}

// TestCountContextEnds: a canceled context stops the count before it
// starts; a deadline stops counting the solutions of empty boards, up to
// 49×49, soon after it passes, with a lower bound and a valid first
// solution when one was found.
func TestCountContextEnds(t *testing.T) {
	empty9, _ := satdoku.New(9)
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	if n, sol, err := verify.CountContext(canceled, empty9, 2); n != 0 || sol != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: CountContext = %d, %v, %v; want 0, nil, context.Canceled", n, sol, err)
	}
	for _, n := range []int{9, 16, 25, 36, 49} {
		g, _ := satdoku.New(n)
		const budget = 50 * time.Millisecond
		ctx, cancel := context.WithTimeout(context.Background(), budget)
		start := time.Now()
		got, sol, err := verify.CountContext(ctx, g, math.MaxInt)
		took := time.Since(start)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%d×%d: err %v, want the deadline", n, n, err)
		}
		if took > budget+time.Second {
			t.Errorf("%d×%d: stopped after %v, for a budget of %v", n, n, took, budget)
		}
		if got > 0 {
			if err := verify.Solution(g, sol); err != nil {
				t.Errorf("%d×%d: first solution: %v", n, n, err)
			}
		}
		t.Logf("%d×%d: %d solutions in %v", n, n, got, took)
	}
}
