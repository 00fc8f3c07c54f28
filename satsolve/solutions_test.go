package satsolve

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/verify"
)

// TestSolutions: every solution counted is shown once, solves the puzzle,
// and there are as many as verify counts; an error of see stops the call.
func TestSolutions(t *testing.T) {
	s := New(Options{})
	for _, p := range []string{
		"8.........59.......76.........832765...476198...951243....9.516...6.4982......437",
		"1....2..........",
		"................12..3..4..5....1...6....7.....54...8...9.3..4...8.....7.1...2....",
	} {
		g := grid(t, p)
		for _, limit := range []int{1, 5, 1000} {
			seen := map[string]bool{}
			res, err := s.Solutions(context.Background(), g, limit, func(sol *satdoku.Grid) error {
				if err := verify.Solution(g, sol); err != nil {
					t.Errorf("%s: %v", p, err)
				}
				if seen[line(sol)] {
					t.Errorf("%s: %s twice", p, line(sol))
				}
				seen[line(sol)] = true
				return nil
			})
			want, _ := verify.Count(g, limit)
			if err != nil || res.Count != want || len(seen) != want || res.Status != backend.StatusOf(want, limit) {
				t.Errorf("%s, limit %d: count %d, %d shown, %v, %v; want %d", p, limit, res.Count, len(seen), res.Status, err, want)
			}
		}
	}
	stop := errors.New("stop")
	if _, err := s.Solutions(context.Background(), grid(t, "................"), 10, func(*satdoku.Grid) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("see's error: got %v", err)
	}
	if _, err := s.Solutions(context.Background(), grid(t, "................"), 0, nil); !errors.Is(err, backend.ErrLimit) {
		t.Errorf("limit 0: got %v", err)
	}
}
