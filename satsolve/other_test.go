package satsolve

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// TestOther takes clues out of a solved grid one by one, in row-major
// order: Other's answer must agree with verify's count at every step, and
// the other solution it gives must solve the puzzle and differ.
func TestOther(t *testing.T) {
	ctx := context.Background()
	sol, _ := textfmt.Parse("483726159726159483159483726837261594261594837594837261372615948615948372948372615")
	s := New(Options{})
	puzzle := sol.Clone()
	for i := range puzzle.Len() {
		d := puzzle.Cell(i)
		puzzle.SetCell(i, 0)
		res, err := s.Other(ctx, puzzle, sol)
		if err != nil {
			t.Fatal(err)
		}
		k, _ := verify.Count(puzzle, 2)
		if (res.Count == 0) != (k == 1) {
			t.Fatalf("after r%dc%d: Other found %d, verify counts %d", i/9+1, i%9+1, res.Count, k)
		}
		if res.Count == 1 {
			if res.Status != backend.StatusSolved || res.Solution.Equal(sol) || verify.Solution(puzzle, res.Solution) != nil {
				t.Fatalf("Other = %v %v", res.Status, res.Solution)
			}
			puzzle.SetCell(i, d)
		} else if res.Status != backend.StatusNone {
			t.Fatalf("status %v", res.Status)
		}
	}
	if _, err := s.Other(ctx, puzzle, satdoku.NewGrid(sol.Rules())); !errors.Is(err, backend.ErrGrid) {
		t.Errorf("an incomplete grid to exclude: err = %v", err)
	}
}

// TestOtherContradiction: Other on a puzzle the pre-pass finds
// contradictory answers none; it once blocked the solution over the domain
// of no call and panicked. Each puzzle comes first on a fresh Solver and
// then after a call on another board, so no earlier domain hides it.
func TestOtherContradiction(t *testing.T) {
	sol := textfmt.MustParse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	bad := textfmt.MustParse("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	for _, warm := range []bool{false, true} {
		s := New(Options{})
		if warm {
			if _, err := s.Unique(context.Background(), textfmt.MustParse("1.2.....34......")); err != nil {
				t.Fatal(err)
			}
		}
		res, err := s.Other(context.Background(), bad, sol)
		if err != nil || res.Count != 0 {
			t.Fatalf("warm %v: count %d, err %v; want none", warm, res.Count, err)
		}
	}
}
