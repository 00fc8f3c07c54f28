package satdoku

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

// FuzzRules builds rules from arbitrary regions and extra units: the
// constructors never panic, and rules they accept are consistent: every
// cell is in its row, its column and at most one region, and the overlaps
// are the pairs of units that share two cells or more.
func FuzzRules(f *testing.F) {
	f.Add(uint8(5), []byte{}, []byte{0, 10, 20, 30, 40, 50, 60, 70, 80}, uint8(3), uint8(3))
	f.Add(uint8(0), []byte{0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 2, 1, 2, 3, 3, 3}, []byte{0, 5}, uint8(2), uint8(2))
	f.Add(uint8(2), []byte{1, 1, 2}, []byte{1, 1}, uint8(2), uint8(3))
	f.Fuzz(func(t *testing.T, size uint8, layout, extra []byte, h, w uint8) {
		n := MinN + int(size)%(MaxN-MinN+1)
		var regions [][]int
		if len(layout) > 0 {
			regions = make([][]int, n)
			for i := range n * n {
				x := int(layout[i%len(layout)]) % n
				regions[x] = append(regions[x], i)
			}
		}
		r, err := Regions(n, regions)
		if err != nil {
			if !errors.Is(err, ErrRules) {
				t.Fatalf("Regions error %v is not ErrRules", err)
			}
			if r, err = Boxes(n, int(h), int(w)); err != nil {
				if !errors.Is(err, ErrRules) {
					t.Fatalf("Boxes error %v is not ErrRules", err)
				}
				return
			}
		}
		cells := make([]int, len(extra))
		for k, b := range extra {
			cells[k] = int(b) - 8
		}
		if x, err := r.WithExtra(ExtraUnit{Cells: cells}); err == nil {
			r = x
		} else if !errors.Is(err, ErrRules) {
			t.Fatalf("WithExtra error %v is not ErrRules", err)
		}
		units := r.Units()
		for i := range n * n {
			us := r.UnitsOf(i)
			if len(us) < 2 || units[us[0]].Kind != Row || units[us[0]].Index != i/n || units[us[1]].Kind != Column || units[us[1]].Index != i%n {
				t.Fatalf("cell %d is in %v", i, us)
			}
			if len(us) > 2 && units[us[2]].Kind == Box && len(us) > 3 && units[us[3]].Kind == Box {
				t.Fatalf("cell %d is in two regions", i)
			}
		}
		if n > 25 {
			return // bruteOverlaps is too slow
		}
		if got, want := r.Overlaps(), bruteOverlaps(r); !reflect.DeepEqual(got, want) {
			t.Fatalf("%d overlaps, want %d", len(got), len(want))
		}
	})
}

// FuzzRaw builds raw boards (see Raw) of any side, any number of values,
// a window, var cells and an extra unit: the constructors never panic,
// errors wrap ErrSize or ErrRules, and rules they accept have no units but
// the extra one, each cell of it in that unit alone and none a hole, and
// a grid that takes every digit 1..V in every cell.
func FuzzRaw(f *testing.F) {
	f.Add(uint8(14), uint8(10), uint8(3), uint8(0), []byte{0, 1, 2, 200})
	f.Add(uint8(1), uint8(9), uint8(0), uint8(0), []byte{})
	f.Add(uint8(3), uint8(2), uint8(1), uint8(2), []byte{1, 1})
	f.Add(uint8(6), uint8(8), uint8(2), uint8(4), []byte{0, 23, 24})
	f.Fuzz(func(t *testing.T, size, values, vars, window uint8, extra []byte) {
		n, v := int(size)%(MaxN+2), int(values)%(MaxN+2)
		r, err := Raw(n)
		if err != nil {
			if !errors.Is(err, ErrSize) || n >= MinRawN && n <= MaxN {
				t.Fatalf("Raw(%d): %v", n, err)
			}
			return
		}
		if window > 0 {
			// A window of n rows (odd) or n columns (even), the other
			// side from 1.
			rows, cols := n, 1+int(window/2)%n
			if window%2 == 0 {
				rows, cols = cols, rows
			}
			if r, err = r.WithWindow(rows, cols); err != nil {
				t.Fatalf("a %d×%d window on %d×%d: %v", rows, cols, n, n, err)
			}
		}
		if x, err := r.WithValues(v); err == nil {
			r = x
		} else if !errors.Is(err, ErrRules) || v >= 1 && v <= MaxN {
			t.Fatalf("Raw(%d).WithValues(%d): %v", n, v, err)
		}
		if x, err := r.WithVarCells(int(vars)); err == nil {
			r = x
		} else if !errors.Is(err, ErrRules) {
			t.Fatalf("WithVarCells(%d): %v", vars, err)
		}
		cells := make([]int, len(extra))
		for k, b := range extra {
			cells[k] = int(b) % (r.Cells() + 1)
		}
		if x, err := r.WithExtra(ExtraUnit{Name: "u", Cells: cells}); err == nil {
			r = x
		} else if !errors.Is(err, ErrRules) {
			t.Fatalf("WithExtra(%v): %v", cells, err)
		}
		if !r.Raw() || len(r.Units()) > 1 || r.Cells() != n*n+r.VarCells() {
			t.Fatalf("raw %v, %d units, %d cells", r.Raw(), len(r.Units()), r.Cells())
		}
		rows, cols := r.Window()
		for i := range r.Cells() {
			in := len(r.Units()) == 1 && slices.Contains(r.Units()[0].Cells, i)
			if us := r.UnitsOf(i); len(us) != btoi(in) || in && r.Hole(i) {
				t.Fatalf("cell %d is in units %v (a hole: %v)", i, us, r.Hole(i))
			}
			if hole := i < n*n && (i/n >= rows || i%n >= cols); r.Hole(i) != hole {
				t.Fatalf("cell %d of a %d×%d window on %d×%d: hole %v", i, rows, cols, n, n, r.Hole(i))
			}
		}
		g := NewGrid(r)
		for i := range g.Len() {
			g.SetCell(i, 1+i%r.Values())
		}
	})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
