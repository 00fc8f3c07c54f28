package ruleset

import (
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// TestMeaning: two relations that allow the same digit pairs are one by
// Meaning, whatever their kind and the order of their cells; one that
// allows other pairs is not. Lines tells them apart by kind.
func TestMeaning(t *testing.T) {
	std, err := satdoku.Standard(4)
	if err != nil {
		t.Fatal(err)
	}
	var greater strings.Builder // b > a: the table of cell 1 then cell 0
	for a := 1; a <= 4; a++ {
		for b := 1; b <= 4; b++ {
			greater.WriteByte("01"[map[bool]int{false: 0, true: 1}[a > b]])
		}
	}
	with := func(x satdoku.Relation) *satdoku.Rules {
		r, err := std.WithRelations(x)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	less := with(satdoku.Relation{A: 0, B: 1, Kind: satdoku.Less})
	table := with(satdoku.Relation{A: 1, B: 0, Kind: satdoku.Table, Table: greater.String()})
	notGreater := with(satdoku.Relation{A: 0, B: 1, Kind: satdoku.NotGreater})
	g := func(r *satdoku.Rules) *satdoku.Grid { return satdoku.NewGrid(r) }
	if d := Same(g(less), g(table)); d != "" {
		t.Errorf("a < b and the table of b > a differ:\n%s", d)
	}
	if Same(g(less), g(notGreater)) == "" {
		t.Errorf("a < b and a ≤ b are the same")
	}
	if Diff(Lines(less), Lines(table)) == "" {
		t.Errorf("Lines: a less-than and a table are the same")
	}
}
