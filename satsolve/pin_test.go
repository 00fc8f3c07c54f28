package satsolve

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

func TestPinner(t *testing.T) {
	ctx := context.Background()
	sol, _ := satdoku.Parse("483726159726159483159483726837261594261594837594837261372615948615948372948372615")
	p, err := NewPinner(sol)
	if err != nil {
		t.Fatal(err)
	}
	// Take clues out one by one, in row-major order: Pinner's answer must
	// agree with verify's count at every step.
	puzzle := sol.Clone()
	for i := range puzzle.Len() {
		d := puzzle.Cell(i)
		puzzle.SetCell(i, 0)
		unique, err := p.Unique(ctx, puzzle)
		if err != nil {
			t.Fatal(err)
		}
		k, _ := verify.Count(puzzle, 2)
		if unique != (k == 1) {
			t.Fatalf("after r%dc%d: Unique %v, verify counts %d", i/9+1, i%9+1, unique, k)
		}
		if !unique {
			if s := p.Second(); s == nil || s.Equal(sol) || verify.Solution(puzzle, s) != nil {
				t.Fatalf("Second = %v", s)
			}
			puzzle.SetCell(i, d)
		} else if p.Second() != nil {
			t.Fatal("Second after a unique answer")
		}
	}
	bad := sol.Clone()
	bad.SetCell(0, 5)
	if _, err := p.Unique(ctx, bad); !errors.Is(err, ErrNotSolution) {
		t.Errorf("a clue that differs: err = %v", err)
	}
	bad.SetCell(0, 0)
	if _, err := NewPinner(bad); !errors.Is(err, ErrNotSolution) {
		t.Errorf("an incomplete grid: err = %v", err)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := p.Unique(canceled, puzzle); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: err = %v", err)
	}
}
