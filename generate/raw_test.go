package generate

import (
	"context"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// TestGenerateRaw makes puzzles on raw boards (no rows, columns or boxes)
// of fewer and of more digits than the side, with a few units and a
// thermometer: each must be unique by the validator's own count, its
// solution a solution, and its digits within the board's.
func TestGenerateRaw(t *testing.T) {
	for _, v := range []int{3, 7} {
		r, err := satdoku.Raw(5)
		if err == nil {
			r, err = r.WithValues(v)
		}
		if err == nil {
			r, err = r.WithExtra(satdoku.ExtraUnit{Name: "a", Cells: []int{0, 1, 2}}, satdoku.ExtraUnit{Name: "b", Cells: []int{5, 11, 17}})
		}
		if err == nil {
			r, err = r.WithRelations(satdoku.Relation{A: 20, B: 21, Kind: satdoku.Less, Name: "thermometer"},
				satdoku.Relation{A: 21, B: 22, Kind: satdoku.Less, Name: "thermometer"})
		}
		if err != nil {
			t.Fatal(err)
		}
		p, err := Generate(context.Background(), uint64(v), Options{Rules: r})
		if err != nil {
			t.Fatalf("%d digits: %v", v, err)
		}
		if n, _ := verify.Count(p.Grid, 2); n != 1 {
			t.Errorf("%d digits: %v has %d solutions by the validator", v, p.Grid, n)
		}
		if err := verify.Solution(p.Grid, p.Solution); err != nil {
			t.Errorf("%d digits: %v", v, err)
		}
	}
}
