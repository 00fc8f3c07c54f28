package satdoku_test

import (
	"errors"
	"testing"

	"github.com/satdoku/satdoku"
)

// TestValueOffset checks the values a digit stands for, both ways, and
// how a grid prints them.
func TestValueOffset(t *testing.T) {
	r, _ := satdoku.Standard(9)
	if r.ValueOffset() != 0 || r.ValueOf(9) != 9 || r.Values() != 9 {
		t.Fatalf("classic rules: offset %d, value of 9 %d, %d values", r.ValueOffset(), r.ValueOf(9), r.Values())
	}
	z, err := r.WithValueOffset(-1)
	if err != nil {
		t.Fatal(err)
	}
	if z.ValueOf(1) != 0 || z.ValueOf(9) != 8 {
		t.Errorf("values 0-8: digit 1 is %d, 9 is %d", z.ValueOf(1), z.ValueOf(9))
	}
	for v, want := range map[int]bool{-1: false, 0: true, 8: true, 9: false} {
		d, ok := z.DigitOf(v)
		if ok != want || ok && z.ValueOf(d) != v {
			t.Errorf("DigitOf(%d) = %d, %v", v, d, ok)
		}
	}
	if r.Classic() != z.Classic() || len(z.Units()) != len(r.Units()) {
		t.Error("an offset changed the units")
	}
	for _, off := range []int{-2, 1} {
		if _, err := r.WithValueOffset(off); !errors.Is(err, satdoku.ErrRules) {
			t.Errorf("offset %d: %v", off, err)
		}
	}
	g := satdoku.NewGrid(z)
	g.SetCell(0, 1)
	g.SetCell(80, 9)
	if got := g.String()[:2] + g.String()[79:]; got != "0..8" {
		t.Errorf("printed %q", got)
	}
	// Extra units keep the offset.
	x, err := z.WithNamed("x")
	if err != nil || x.ValueOffset() != -1 {
		t.Errorf("WithNamed lost the offset: %v", err)
	}
	r10, _ := satdoku.Standard(10)
	z10, _ := r10.WithValueOffset(-1)
	if got := string(z10.AppendSymbol(nil, 10)); got != "9" {
		t.Errorf("10 on 0-9 prints %q", got)
	}
	if got := string(r10.AppendSymbol(nil, 10)); got != "A" {
		t.Errorf("10 on 1-10 prints %q", got)
	}
}

// TestWithValues checks rules of more digits than the side: a row of N
// cells is then no full unit, and the bounds are kept.
func TestWithValues(t *testing.T) {
	r, _ := satdoku.Standard(6)
	v, err := r.WithValues(9)
	if err != nil {
		t.Fatal(err)
	}
	if v.Values() != 9 || v.Classic() || v.Full(0) || r.Values() != 6 || !r.Full(0) {
		t.Errorf("values %d, classic %v, row full %v", v.Values(), v.Classic(), v.Full(0))
	}
	if same, _ := r.WithValues(6); same.Values() != 6 || !same.Classic() {
		t.Error("WithValues(N) changed the rules")
	}
	for _, bad := range []int{5, satdoku.MaxN + 1} {
		if _, err := r.WithValues(bad); !errors.Is(err, satdoku.ErrRules) {
			t.Errorf("WithValues(%d): %v", bad, err)
		}
	}
	g := satdoku.NewGrid(v)
	g.SetCell(0, 9) // a digit above N, no panic
	if g.String()[0] != '9' {
		t.Errorf("printed %q", g.String())
	}
	// An extra unit of up to V cells: a cage of 9 cells on a 6×6 board.
	if _, err := v.WithExtra(satdoku.ExtraUnit{Name: "cage", Cells: []int{0, 1, 2, 6, 7, 8, 12, 13, 14}}); err != nil {
		t.Error(err)
	}
	x, _ := v.WithNamed("x")
	if x.Values() != 9 {
		t.Error("WithNamed lost the values")
	}
}

// TestVarCells checks cells beyond the grid: numbered after it, in no
// unit, named by relations and constraints, and left out of the grid's
// text.
func TestVarCells(t *testing.T) {
	r, _ := satdoku.Standard(4)
	v, err := r.WithVarCells(3)
	if err != nil {
		t.Fatal(err)
	}
	if v.Cells() != 19 || v.VarCells() != 3 || v.Classic() || len(v.UnitsOf(18)) != 0 || len(v.UnitsOf(0)) != 3 {
		t.Fatalf("cells %d, var cells %d, units of 18: %v", v.Cells(), v.VarCells(), v.UnitsOf(18))
	}
	if _, err := v.WithRelations(satdoku.Relation{A: 0, B: 18, Kind: satdoku.Less}); err != nil {
		t.Error(err)
	}
	if _, err := v.WithRelations(satdoku.Relation{A: 0, B: 19, Kind: satdoku.Less}); !errors.Is(err, satdoku.ErrRules) {
		t.Errorf("a relation off the cells: %v", err)
	}
	if _, err := v.WithConstraints(satdoku.Constraint{Kind: satdoku.Total, Cells: []int{16, 17}, Value: 5}); err != nil {
		t.Error(err)
	}
	x, err := v.WithExtra(satdoku.ExtraUnit{Name: "vars", Cells: []int{16, 17, 18}})
	if err != nil || x.VarCells() != 3 || len(x.UnitsOf(17)) != 1 {
		t.Fatalf("an extra unit of var cells: %v", err)
	}
	if reg := x.CellRegions(); len(reg) != 19 || reg[18] != -1 {
		t.Errorf("regions %v", reg)
	}
	g := satdoku.NewGrid(x)
	g.SetCell(18, 4)
	if g.Len() != 19 || g.String() != "................" || g.Givens() != 1 {
		t.Errorf("len %d, %q", g.Len(), g.String())
	}
	if _, err := r.WithVarCells(-1); !errors.Is(err, satdoku.ErrRules) {
		t.Error(err)
	}
	if err := g.SetRules(r); err == nil {
		t.Error("rules without the var cells accepted")
	}
}
