package satsolve

import (
	"context"
	"errors"
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
