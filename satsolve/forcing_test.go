package satsolve

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// TestForcing checks the clues Forcing gives with verify's own counter:
// with them alone the cell cannot hold another digit, and without any one
// of them it can.
func TestForcing(t *testing.T) {
	ctx := context.Background()
	p, _ := textfmt.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	sol, _ := textfmt.Parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	cells := []int{2, 40, 78, 30, 23} // empty cells
	if testing.Short() {
		cells = cells[:2]
	}
	for _, i := range cells {
		d, core, err := Forcing(ctx, p, i)
		if err != nil {
			t.Fatal(err)
		}
		if d != sol.Cell(i) {
			t.Fatalf("cell %d: digit %d, want %d", i, d, sol.Cell(i))
		}
		sub := satdoku.NewGrid(p.Rules())
		for _, c := range core {
			sub.SetCell(c, p.Cell(c))
		}
		other := func(g *satdoku.Grid) bool { // a solution with another digit at i
			for e := 1; e <= 9; e++ {
				if e == d {
					continue
				}
				h := g.Clone()
				h.SetCell(i, e)
				if k, _ := verify.Count(h, 1); k > 0 {
					return true
				}
			}
			return false
		}
		if other(sub) {
			t.Fatalf("cell %d: the clues %v do not force %d", i, core, d)
		}
		for _, c := range core {
			sub.SetCell(c, 0)
			if !other(sub) {
				t.Fatalf("cell %d: clue %d is not needed in %v", i, c, core)
			}
			sub.SetCell(c, p.Cell(c))
		}
	}
	if d, core, err := Forcing(ctx, p, 0); err != nil || d != 5 || len(core) != 1 || core[0] != 0 {
		t.Errorf("a clue's cell: %d %v %v", d, core, err)
	}
	empty := satdoku.NewGrid(p.Rules())
	if _, _, err := Forcing(ctx, empty, 0); !errors.Is(err, ErrNotForced) {
		t.Errorf("an empty board: err = %v", err)
	}
}

// TestForcingNames: a var cell that is not forced is named as the rules
// name it (VA, not r5c1), with the values its digits stand for: on a
// board of the values 0 to 3, VA holds the digit 3 or 4, the values 2 or 3.
func TestForcingNames(t *testing.T) {
	r, _ := satdoku.Standard(4)
	r, err := r.WithValueOffset(-1)
	if err == nil {
		r, err = r.WithNamedVarCells("VA")
	}
	if err == nil {
		r, err = r.WithConstraints(satdoku.Constraint{Kind: satdoku.OneOf, Cells: []int{16}, Mask: 0b1100})
	}
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	for i, d := range []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1} {
		g.SetCell(i, d)
	}
	_, _, err = Forcing(context.Background(), g, 16)
	if !errors.Is(err, ErrNotForced) || !strings.HasSuffix(err.Error(), ": VA can hold 2 or 3") && !strings.HasSuffix(err.Error(), ": VA can hold 3 or 2") {
		t.Errorf("Forcing: %v", err)
	}
}
