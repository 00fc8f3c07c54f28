package satdoku_test

import (
	"errors"
	"slices"
	"strings"
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

// TestRaw checks the rules of a raw board: no units until some are added,
// as many values as asked (fewer than the side too), kept through every
// With method, and the digits a grid under them takes.
func TestRaw(t *testing.T) {
	r, err := satdoku.Raw(14)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Raw() || len(r.Units()) != 0 || len(r.Overlaps()) != 0 || r.Cells() != 196 || r.Values() != 14 || r.Classic() {
		t.Fatalf("Raw(14): raw %v, %d units, %d cells, %d values", r.Raw(), len(r.Units()), r.Cells(), r.Values())
	}
	if h, w := r.BoxShape(); h != 0 || w != 0 {
		t.Errorf("Raw(14): boxes %d×%d", h, w)
	}
	if std, _ := satdoku.Standard(9); std.Raw() {
		t.Error("Standard(9) is raw")
	}
	if r, err = r.WithValues(10); err != nil {
		t.Fatal(err)
	}
	if r, err = r.WithValueOffset(-1); err != nil {
		t.Fatal(err)
	}
	if r, err = r.WithVarCells(3); err != nil {
		t.Fatal(err)
	}
	if r, err = r.WithExtra(satdoku.ExtraUnit{Name: "ten", Cells: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 196}}); err != nil {
		t.Fatal(err)
	}
	if r, err = r.WithNamed("anti-king"); err != nil {
		t.Fatal(err)
	}
	if !r.Raw() || r.Values() != 10 || r.ValueOf(1) != 0 || r.VarCells() != 3 || len(r.Units()) != 1 || !r.Full(0) {
		t.Fatalf("raw %v, %d values from %d, %d var cells, %d units", r.Raw(), r.Values(), r.ValueOf(1), r.VarCells(), len(r.Units()))
	}
	if got := r.UnitsOf(196); len(got) != 1 || len(r.UnitsOf(195)) != 0 {
		t.Errorf("units of the first var cell %v, of r14c14 %v", got, r.UnitsOf(195))
	}
	// An extra unit of more cells than values is refused.
	if _, err := r.WithExtra(satdoku.ExtraUnit{Name: "eleven", Cells: []int{20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30}}); !errors.Is(err, satdoku.ErrRules) {
		t.Errorf("an 11-cell unit among 10 values: %v", err)
	}
	g := satdoku.NewGrid(r)
	g.SetCell(0, 10)
	g.SetCell(196, 1)
	if got := g.String(); got != "9"+strings.Repeat(".", 195) {
		t.Errorf("printed %q", got)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("digit 11 of 10 values: no panic")
			}
		}()
		g.SetCell(1, 11)
	}()
	for _, tc := range []struct {
		n, v int
		err  error
	}{
		{0, -1, satdoku.ErrSize}, // −1: no WithValues
		{65, -1, satdoku.ErrSize},
		{1, -1, nil},
		{3, 9, nil},
		{9, 0, satdoku.ErrRules},
		{9, 65, satdoku.ErrRules},
		{9, 1, nil},
		{9, 16, nil},
	} {
		r, err := satdoku.Raw(tc.n)
		if err == nil && tc.v >= 0 {
			_, err = r.WithValues(tc.v)
		}
		if !errors.Is(err, tc.err) {
			t.Errorf("Raw(%d) of %d values: %v, want %v", tc.n, tc.v, err, tc.err)
		}
	}
	// A board with rows takes no fewer values than its side.
	std, _ := satdoku.Standard(9)
	if _, err := std.WithValues(8); !errors.Is(err, satdoku.ErrRules) {
		t.Errorf("8 values on a 9×9 board with rows: %v", err)
	}
}

// TestWindow checks a window on a raw board: its size, its holes, the
// rules that may not name a hole, the grid's text form, and the boards
// that take no window.
func TestWindow(t *testing.T) {
	raw, _ := satdoku.Raw(6)
	r, err := raw.WithWindow(4, 6)
	if err != nil {
		t.Fatal(err)
	}
	if rows, cols := r.Window(); rows != 4 || cols != 6 || !r.Hole(24) || r.Hole(23) || r.Hole(36) || r.Cells() != 36 {
		t.Fatalf("window %d×%d, holes 24 %v 23 %v", rows, cols, r.Hole(24), r.Hole(23))
	}
	if rows, cols := raw.Window(); rows != 6 || cols != 6 || raw.Hole(35) {
		t.Errorf("a board without a window: %d×%d", rows, cols)
	}
	if _, err := r.WithExtra(satdoku.ExtraUnit{Name: "x", Cells: []int{0, 24}}); !errors.Is(err, satdoku.ErrRules) {
		t.Errorf("a unit with a hole: %v", err)
	}
	if _, err := r.WithRelations(satdoku.Relation{A: 0, B: 30, Kind: satdoku.Different}); !errors.Is(err, satdoku.ErrRules) {
		t.Errorf("a relation with a hole: %v", err)
	}
	if _, err := r.WithConstraints(satdoku.Constraint{Kind: satdoku.Total, Cells: []int{5, 35}, Value: 3}); !errors.Is(err, satdoku.ErrRules) {
		t.Errorf("a constraint with a hole: %v", err)
	}
	if r, err = r.WithVarCells(2); err != nil {
		t.Fatal(err)
	}
	if r.Hole(36) || r.Hole(37) {
		t.Error("a var cell is a hole")
	}
	g := satdoku.NewGrid(r)
	g.SetCell(0, 1)
	g.SetCell(23, 6)
	if got := g.String(); got != "1"+strings.Repeat(".", 22)+"6" {
		t.Errorf("printed %q", got)
	}
	std, _ := satdoku.Standard(6)
	ext, _ := raw.WithExtra(satdoku.ExtraUnit{Name: "x", Cells: []int{0, 1}})
	for _, tc := range []struct {
		r          *satdoku.Rules
		rows, cols int
	}{{std, 4, 6}, {raw, 4, 5}, {raw, 0, 6}, {raw, 7, 6}, {ext, 4, 6}} {
		if _, err := tc.r.WithWindow(tc.rows, tc.cols); !errors.Is(err, satdoku.ErrRules) {
			t.Errorf("a %d×%d window: %v", tc.rows, tc.cols, err)
		}
	}
}

// TestCellName checks the names of cells: a grid cell's r1c1, a var
// cell's own name, kept through the With methods that rebuild the rules,
// a default for an unnamed var cell, and the names that are refused.
func TestCellName(t *testing.T) {
	r, _ := satdoku.Standard(4)
	v, err := r.WithNamedVarCells("VS1", "VS2")
	if err != nil {
		t.Fatal(err)
	}
	if v, err = v.WithVarCells(1); err != nil {
		t.Fatal(err)
	}
	if v, err = v.WithExtra(satdoku.ExtraUnit{Name: "sum", Cells: []int{16, 17}}); err != nil {
		t.Fatal(err)
	}
	if v, err = v.WithValueOffset(-1); err != nil {
		t.Fatal(err)
	}
	if v, err = v.WithRelations(satdoku.Relation{A: 0, B: 17, Kind: satdoku.Less}); err != nil {
		t.Fatal(err)
	}
	for i, want := range map[int]string{0: "r1c1", 5: "r2c2", 15: "r4c4", 16: "VS1", 17: "VS2", 18: "v3", 19: "cell 19", -1: "cell -1"} {
		if got := v.CellName(i); got != want {
			t.Errorf("CellName(%d) = %q, want %q", i, got, want)
		}
		if got := string(v.AppendCellName([]byte("x"), i)); got != "x"+want {
			t.Errorf("AppendCellName(%d) = %q", i, got)
		}
	}
	if got := v.VarCellNames(); !slices.Equal(got, []string{"VS1", "VS2", ""}) {
		t.Errorf("VarCellNames() = %q", got)
	}
	w, err := v.WithNamedVarCells("CC1")
	if err != nil || w.CellName(19) != "CC1" || w.CellName(17) != "VS2" {
		t.Errorf("a var cell named after unnamed ones: %v", err)
	}
	for _, bad := range [][]string{{"VS1"}, {"vs1"}, {"R2C3"}, {"r10c1"}, {"A", "A"}, {"a b"}, {"a,b"}, {"v3"}, {"V12"}} {
		if _, err := v.WithNamedVarCells(bad...); !errors.Is(err, satdoku.ErrRules) {
			t.Errorf("WithNamedVarCells(%q): %v", bad, err)
		}
	}
	if _, err := v.WithNamedVarCells("rc", "r1", "c1", "R1C", "v", "VA1"); err != nil {
		t.Errorf("names that are no grid cell's: %v", err)
	}
	if _, err := v.WithExtra(satdoku.ExtraUnit{Name: "twice", Cells: []int{0, 17, 17}}); err == nil || !strings.Contains(err.Error(), "VS2 listed twice") {
		t.Errorf("a var cell twice: %v", err)
	}
}
