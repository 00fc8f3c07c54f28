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
	p, err := NewPinner(sol.Rules())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Unique(ctx, sol); !errors.Is(err, ErrNotSolution) {
		t.Errorf("nothing pinned: err = %v", err)
	}
	if err := p.Pin(sol); err != nil {
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
	if err := p.Pin(bad); !errors.Is(err, ErrNotSolution) {
		t.Errorf("an incomplete grid: err = %v", err)
	}
	// A second grid replaces the first: the Miracle grid with its digits
	// renamed d → 10−d.
	other := sol.Clone()
	for i := range other.Len() {
		other.SetCell(i, 10-sol.Cell(i))
	}
	if err := p.Pin(other); err != nil {
		t.Fatal(err)
	}
	if u, err := p.Unique(ctx, other); err != nil || !u {
		t.Errorf("the full grid: unique %v, err %v", u, err)
	}
	empty := satdoku.NewGrid(sol.Rules())
	if u, err := p.Unique(ctx, empty); err != nil || u || p.Second() == nil || p.Second().Equal(other) {
		t.Errorf("the empty grid: unique %v, err %v, second %v", u, err, p.Second())
	}
	if g := p.Fill(puzzle); g == nil || verify.Solution(puzzle, g) != nil {
		t.Errorf("Fill = %v", g)
	}
	clash := satdoku.NewGrid(sol.Rules())
	clash.SetCell(0, 1)
	clash.SetCell(1, 1)
	if g := p.Fill(clash); g != nil {
		t.Errorf("Fill of clashing seeds = %v", g)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := p.Unique(canceled, puzzle); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: err = %v", err)
	}
}
