package satdoku

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// regionsOf turns a layout, one string a row and one letter a region, into
// the regions' cells, the regions numbered by first appearance.
func regionsOf(layout ...string) [][]int {
	n := len(layout)
	index := map[rune]int{}
	var regions [][]int
	for r, row := range layout {
		for c, x := range []rune(row) {
			k, ok := index[x]
			if !ok {
				k = len(regions)
				index[x] = k
				regions = append(regions, nil)
			}
			regions[k] = append(regions[k], r*n+c)
		}
	}
	return regions
}

// Jigsaw layouts: a 4×4 one, and the 3×3 boxes of a 9×9 board with cells
// passed around a cycle of boxes 1, 2, 5, 4 (numbered from 1).
var (
	jigsaw4 = regionsOf(
		"AAAB",
		"ACBB",
		"CCDB",
		"CDDD",
	)
	jigsaw9 = regionsOf(
		"AAABBBCCC",
		"AAABBBCCC",
		"AABBEBCCC",
		"ADDEEEFFF",
		"DDDDEEFFF",
		"DDDEEEFFF",
		"GGGHHHIII",
		"GGGHHHIII",
		"GGGHHHIII",
	)
)

// diagonals returns the two main diagonals of an n×n board, the extra units
// of X-Sudoku.
func diagonals(n int) []ExtraUnit {
	down, up := make([]int, n), make([]int, n)
	for i := range n {
		down[i] = i*n + i
		up[i] = i*n + n - 1 - i
	}
	return []ExtraUnit{{Name: "diagonal ↘", Cells: down}, {Name: "diagonal ↗", Cells: up}}
}

func isPrime(n int) bool {
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return n >= 2
}

func TestBoxShape(t *testing.T) {
	tests := []struct{ n, h, w int }{
		{4, 2, 2}, {6, 2, 3}, {8, 2, 4}, {9, 3, 3}, {10, 2, 5}, {12, 3, 4},
		{16, 4, 4}, {25, 5, 5}, {36, 6, 6}, {49, 7, 7}, {64, 8, 8},
		{5, 0, 0}, {7, 0, 0}, {14, 2, 7}, {15, 3, 5}, {18, 3, 6}, {20, 4, 5},
		{24, 4, 6}, {30, 5, 6}, {60, 6, 10}, {61, 0, 0}, {63, 7, 9},
	}
	for _, tt := range tests {
		if h, w := BoxShape(tt.n); h != tt.h || w != tt.w {
			t.Errorf("BoxShape(%d) = %d×%d, want %d×%d", tt.n, h, w, tt.h, tt.w)
		}
	}
}

// TestStandard checks the rules of every side: rows, columns, and boxes of
// h×w cells with h·w = N, h ≤ w and h as large as possible, or no boxes for
// a prime side.
func TestStandard(t *testing.T) {
	for n := MinN; n <= MaxN; n++ {
		r, err := Standard(n)
		if err != nil {
			t.Fatalf("Standard(%d): %v", n, err)
		}
		if r.N() != n {
			t.Fatalf("Standard(%d).N() = %d", n, r.N())
		}
		if again, _ := Standard(n); again != r {
			t.Errorf("Standard(%d) is not shared", n)
		}
		if IsSide(n) != slices.Contains([]int{4, 6, 8, 9, 10, 12, 16, 25, 36, 49, 64}, n) {
			t.Errorf("IsSide(%d) = %v", n, IsSide(n))
		}
		h, w := r.BoxShape()
		if bh, bw := BoxShape(n); h != bh || w != bw {
			t.Errorf("Standard(%d).BoxShape() = %d×%d, BoxShape(%d) = %d×%d", n, h, w, n, bh, bw)
		}
		units := r.Units()
		if h == 0 {
			if !isPrime(n) {
				t.Errorf("%d×%d has no boxes", n, n)
			}
			if len(units) != 2*n || r.Classic() || len(r.Overlaps()) != 0 {
				t.Errorf("%d×%d Latin square: %d units, classic %v, %d overlaps", n, n, len(units), r.Classic(), len(r.Overlaps()))
			}
			continue
		}
		if h*w != n || h > w || h < 2 {
			t.Errorf("%d×%d: %d×%d boxes", n, n, h, w)
		}
		for d := h + 1; d*d <= n; d++ {
			if n%d == 0 {
				t.Errorf("%d×%d: %d×%d boxes, but %d×%d fit", n, n, h, w, d, n/d)
			}
		}
		if len(units) != 3*n || !r.Classic() || r.Extras() != nil {
			t.Fatalf("%d×%d: %d units, classic %v, extras %v", n, n, len(units), r.Classic(), r.Extras())
		}
		for x, u := range units {
			kind, index := Kind(x/n), x%n
			if u.Kind != kind || u.Index != index || len(u.Cells) != n || !r.Full(x) {
				t.Fatalf("%d×%d: unit %d is %v %d with %d cells", n, n, x, u.Kind, u.Index, len(u.Cells))
			}
			for k, i := range u.Cells {
				var want int
				switch kind {
				case Row:
					want = index*n + k
				case Column:
					want = k*n + index
				case Box: // row-major boxes, h rows of w cells each
					want = (index/(n/w)*h+k/w)*n + index%(n/w)*w + k%w
				}
				if i != want {
					t.Fatalf("%d×%d: %v cell %d is %d, want %d", n, n, u, k, i, want)
				}
			}
		}
		for i := range n * n {
			box := i/n/h*(n/w) + i%n/w
			if got, want := r.UnitsOf(i), []int32{int32(i / n), int32(n + i%n), int32(2*n + box)}; !slices.Equal(got, want) {
				t.Fatalf("%d×%d: UnitsOf(%d) = %v, want %v", n, n, i, got, want)
			}
		}
		// A row meets n/w boxes in w cells, a column n/h boxes in h cells.
		if got, want := len(r.Overlaps()), n*(n/w)+n*(n/h); got != want {
			t.Errorf("%d×%d: %d overlaps, want %d", n, n, got, want)
		}
	}
	for _, n := range []int{-4, 0, 1, 3, 65, 81} {
		if r, err := Standard(n); !errors.Is(err, ErrSize) || r != nil {
			t.Errorf("Standard(%d) = %v, %v; want ErrSize", n, r, err)
		}
	}
}

func TestSides(t *testing.T) {
	sides := Sides()
	if !slices.IsSorted(sides) || sides[0] != MinN || sides[len(sides)-1] != MaxN {
		t.Errorf("Sides = %v", sides)
	}
	sides[0] = 5 // a copy: the caller may change it
	if !IsSide(4) || IsSide(5) || Sides()[0] != 4 {
		t.Error("changing the result of Sides changed the sides")
	}
	for _, n := range Sides() {
		h, w := BoxShape(n)
		if h == 0 || h*w != n {
			t.Errorf("side %d has no boxes", n)
		}
		if g, err := New(n); err != nil || g.N() != n || g.Len() != n*n || g.Givens() != 0 {
			t.Errorf("New(%d) = %v, %v", n, g, err)
		}
	}
}

func TestRulesErrors(t *testing.T) {
	std9 := must(Standard(9))
	row := std9.Units()[0].Cells
	tests := []struct {
		name string
		make func() (*Rules, error)
		kind error
		msg  string
	}{
		{"boxes 3×3 on 3×3", func() (*Rules, error) { return Boxes(3, 1, 3) }, ErrSize, "3×3 (want 4 to 64)"},
		{"boxes that are rows", func() (*Rules, error) { return Boxes(9, 1, 9) }, ErrRules, "1×9 boxes"},
		{"boxes on 65×65", func() (*Rules, error) { return Boxes(65, 5, 13) }, ErrSize, "65×65"},
		{"boxes 2×4 on 9×9", func() (*Rules, error) { return Boxes(9, 2, 4) }, ErrRules, "2×4 boxes do not tile a 9×9 board"},
		{"boxes 2×5 on 12×12", func() (*Rules, error) { return Boxes(12, 2, 5) }, ErrRules, "2×5 boxes do not tile a 12×12 board"},
		{"boxes 0×9", func() (*Rules, error) { return Boxes(9, 0, 9) }, ErrRules, "0×9 boxes"},
		{"boxes -3×-3", func() (*Rules, error) { return Boxes(9, -3, -3) }, ErrRules, "-3×-3 boxes"},
		{"regions on 3×3", func() (*Rules, error) { return Regions(3, nil) }, ErrSize, "3×3"},
		{"regions on 65×65", func() (*Rules, error) { return Regions(65, nil) }, ErrSize, "65×65"},
		{"three regions", func() (*Rules, error) { return Regions(4, jigsaw4[:3]) }, ErrRules, "3 regions, want 4"},
		{"short region", func() (*Rules, error) {
			return Regions(4, [][]int{{0, 1, 2, 3}, {4, 5, 6}, {7, 8, 9, 10, 11}, {12, 13, 14, 15}})
		}, ErrRules, "region 2 has 3 cells, want 4"},
		{"cell off the board", func() (*Rules, error) {
			return Regions(4, [][]int{{0, 1, 2, 16}, {3, 4, 5, 6}, {7, 8, 9, 10}, {11, 12, 13, 14}})
		}, ErrRules, "region 1: satdoku: invalid rules: cell 16 is off the 4×4 board"},
		{"negative cell", func() (*Rules, error) {
			return Regions(4, [][]int{{0, 1, 2, 3}, {4, 5, 6, -1}, {7, 8, 9, 10}, {11, 12, 13, 14}})
		}, ErrRules, "region 2: satdoku: invalid rules: cell -1 is off the 4×4 board"},
		{"cell twice in a region", func() (*Rules, error) {
			return Regions(4, [][]int{{0, 1, 2, 3}, {4, 5, 5, 6}, {7, 8, 9, 10}, {11, 12, 13, 14}})
		}, ErrRules, "r2c2 listed twice"},
		{"cell in two regions", func() (*Rules, error) {
			return Regions(4, [][]int{{0, 1, 2, 3}, {3, 4, 5, 6}, {7, 8, 9, 10}, {11, 12, 13, 14}})
		}, ErrRules, "region 2: r1c4 is in two regions"},
		{"extra unit of one cell", func() (*Rules, error) { return std9.WithExtra(ExtraUnit{Name: "dot", Cells: []int{4}}) }, ErrRules, `extra unit "dot" has 1 cells (want 2 to 9)`},
		{"extra unit of ten cells", func() (*Rules, error) {
			return std9.WithExtra(ExtraUnit{Name: "long", Cells: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}})
		}, ErrRules, `extra unit "long" has 10 cells`},
		{"extra unit off the board", func() (*Rules, error) { return std9.WithExtra(ExtraUnit{Name: "out", Cells: []int{80, 81}}) }, ErrRules, "cell 81 is off the 9×9 board"},
		{"extra unit with a cell twice", func() (*Rules, error) { return std9.WithExtra(ExtraUnit{Name: "twice", Cells: []int{3, 12, 3}}) }, ErrRules, `extra unit "twice": satdoku: invalid rules: r1c4 listed twice`},
		{"second extra unit bad", func() (*Rules, error) {
			return std9.WithExtra(ExtraUnit{Cells: row}, ExtraUnit{Name: "bad", Cells: []int{-5, 0}})
		}, ErrRules, "cell -5 is off"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := tt.make()
			if r != nil || !errors.Is(err, tt.kind) {
				t.Fatalf("= %v, %v; want %v", r, err, tt.kind)
			}
			for _, other := range []error{ErrSize, ErrRules} {
				if other != tt.kind && errors.Is(err, other) {
					t.Errorf("%v is also %v", err, other)
				}
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not say %q", err, tt.msg)
			}
		})
	}
	if len(std9.Units()) != 27 {
		t.Errorf("WithExtra changed the rules it was called on: %d units", len(std9.Units()))
	}
}

func TestBoxes(t *testing.T) {
	r := must(Boxes(12, 2, 6))
	if h, w := r.BoxShape(); h != 2 || w != 6 || !r.Classic() {
		t.Fatalf("Boxes(12, 2, 6): %d×%d, classic %v", h, w, r.Classic())
	}
	// Box 2 (index 1) is the right half of rows 1 and 2.
	if got, want := r.Units()[25].Cells, []int{6, 7, 8, 9, 10, 11, 18, 19, 20, 21, 22, 23}; r.Units()[25].Kind != Box || !slices.Equal(got, want) {
		t.Errorf("box 2 = %v, want %v", got, want)
	}
	// Boxes taller than wide.
	r = must(Boxes(6, 3, 2))
	if got, want := r.Units()[13].Cells, []int{2, 3, 8, 9, 14, 15}; !slices.Equal(got, want) {
		t.Errorf("Boxes(6, 3, 2) box 2 = %v, want %v", got, want)
	}
}

func TestRegions(t *testing.T) {
	region := []int{13, 2, 0, 1} // not sorted: Regions sorts a copy
	regions := [][]int{region, {3, 6, 7, 11}, {4, 5, 8, 9}, {10, 12, 14, 15}}
	r := must(Regions(4, regions))
	if h, w := r.BoxShape(); h != 0 || w != 0 || r.Classic() {
		t.Errorf("jigsaw rules: box shape %d×%d, classic %v", h, w, r.Classic())
	}
	if !slices.Equal(region, []int{13, 2, 0, 1}) {
		t.Errorf("Regions changed its argument: %v", region)
	}
	if got := r.Units()[8]; got.Kind != Box || got.Index != 0 || !slices.Equal(got.Cells, []int{0, 1, 2, 13}) || got.String() != "box 1" {
		t.Errorf("region 1 = %+v", got)
	}
	if got := r.UnitsOf(13); !slices.Equal(got, []int32{3, 5, 8}) {
		t.Errorf("UnitsOf(13) = %v, want row 4, column 2, region 1", got)
	}
	nine := must(Regions(9, jigsaw9))
	for x, u := range nine.Units()[18:] {
		if u.Kind != Box || u.Index != x || len(u.Cells) != 9 {
			t.Errorf("jigsaw region %d = %+v", x+1, u)
		}
	}
	latin := must(Regions(5, [][]int{}))
	if len(latin.Units()) != 10 || latin.Classic() {
		t.Errorf("Regions(5, empty): %d units", len(latin.Units()))
	}
}

func TestWithExtra(t *testing.T) {
	std := must(Standard(9))
	row := slices.Clone(std.Units()[4].Cells)
	window := []int{10, 11, 12, 19, 20, 21, 28, 29, 30}
	r := must(std.WithExtra(
		ExtraUnit{Name: "row 5 again", Cells: row}, // the same cells as a row: left out
		ExtraUnit{Cells: window},
		ExtraUnit{Name: "pair", Cells: []int{80, 0}},
		ExtraUnit{Name: "window again", Cells: slices.Clone(window)},
	))
	extras := r.Extras()
	if len(r.Units()) != 29 || len(extras) != 2 {
		t.Fatalf("%d units, extras %v", len(r.Units()), extras)
	}
	if u := extras[0]; u.Kind != Extra || u.Index != 0 || u.Name != "extra unit 1" || u.String() != "extra unit 1" || !r.Full(27) {
		t.Errorf("unnamed window = %+v", u)
	}
	if u := extras[1]; u.Index != 1 || u.String() != "pair" || !slices.Equal(u.Cells, []int{0, 80}) || r.Full(28) {
		t.Errorf("pair = %+v, full %v", u, r.Full(28))
	}
	if h, w := r.BoxShape(); h != 3 || w != 3 || r.Classic() {
		t.Errorf("with extras: box shape %d×%d, classic %v", h, w, r.Classic())
	}
	// More extra units are numbered after these.
	r2 := must(r.WithExtra(ExtraUnit{Cells: []int{1, 2}}))
	if u := r2.Extras()[2]; u.Index != 2 || u.Name != "extra unit 3" {
		t.Errorf("third extra unit = %+v", u)
	}
	if len(r.Units()) != 29 {
		t.Errorf("WithExtra changed the rules it was called on")
	}
	if got := r.UnitsOf(0); !slices.Equal(got, []int32{0, 9, 18, 28}) {
		t.Errorf("UnitsOf(0) = %v", got)
	}
}

func TestUnitsOf(t *testing.T) {
	r := must(Standard(9))
	const cell = 3*9 + 4 // r4c5, in the middle box
	var got []string
	for _, x := range r.UnitsOf(cell) {
		u := r.Units()[x]
		if !slices.Contains(u.Cells, cell) {
			t.Errorf("%v does not hold the cell", u)
		}
		got = append(got, u.String())
	}
	if want := []string{"row 4", "column 5", "box 5"}; !slices.Equal(got, want) {
		t.Errorf("units of r4c5: %v, want %v", got, want)
	}
	want := [][]int{
		{27, 28, 29, 30, 31, 32, 33, 34, 35},
		{4, 13, 22, 31, 40, 49, 58, 67, 76},
		{30, 31, 32, 39, 40, 41, 48, 49, 50},
	}
	for k, x := range r.UnitsOf(cell) {
		if !slices.Equal(r.Units()[x].Cells, want[k]) {
			t.Errorf("%v = %v, want %v", r.Units()[x], r.Units()[x].Cells, want[k])
		}
	}
}

// overlapsOf returns the overlaps of r whose units satisfy keep.
func overlapsOf(r *Rules, keep func(a, b Unit) bool) []Overlap {
	var out []Overlap
	for _, o := range r.Overlaps() {
		if keep(r.Units()[o.A], r.Units()[o.B]) {
			out = append(out, o)
		}
	}
	return out
}

// bruteOverlaps computes the overlaps of r pair by pair.
func bruteOverlaps(r *Rules) []Overlap {
	var out []Overlap
	units := r.Units()
	for a := range units {
		for b := a + 1; b < len(units); b++ {
			o := Overlap{A: a, B: b}
			for _, i := range units[a].Cells {
				if slices.Contains(units[b].Cells, i) {
					o.Shared = append(o.Shared, i)
				} else {
					o.OnlyA = append(o.OnlyA, i)
				}
			}
			for _, i := range units[b].Cells {
				if !slices.Contains(units[a].Cells, i) {
					o.OnlyB = append(o.OnlyB, i)
				}
			}
			if len(o.Shared) >= 2 {
				out = append(out, o)
			}
		}
	}
	return out
}

func TestOverlapsBruteForce(t *testing.T) {
	rules := []*Rules{must(Regions(4, jigsaw4)), must(Regions(9, jigsaw9)), must(Boxes(12, 2, 6)), must(Standard(13))}
	for _, n := range Sides() {
		rules = append(rules, must(Standard(n)))
	}
	rules = append(rules, must(must(Standard(9)).WithExtra(diagonals(9)...)), must(must(Standard(16)).WithExtra(diagonals(16)...)))
	for _, r := range rules {
		if got, want := r.Overlaps(), bruteOverlaps(r); !reflect.DeepEqual(got, want) {
			t.Errorf("%d×%d, %d units: %d overlaps, want %d", r.N(), r.N(), len(r.Units()), len(got), len(want))
		}
	}
}

// TestOverlapsClassic checks that the overlaps of 9×9 Sudoku are exactly
// its 27 row-box and 27 column-box pairs, each sharing 3 cells.
func TestOverlapsClassic(t *testing.T) {
	r := must(Standard(9))
	var want [][2]int
	for row := range 9 {
		for box := range 9 {
			if box/3 == row/3 {
				want = append(want, [2]int{row, 18 + box})
			}
		}
	}
	for col := range 9 {
		for box := range 9 {
			if box%3 == col/3 {
				want = append(want, [2]int{9 + col, 18 + box})
			}
		}
	}
	var got [][2]int
	for _, o := range r.Overlaps() {
		got = append(got, [2]int{o.A, o.B})
		a, b := r.Units()[o.A], r.Units()[o.B]
		if len(o.Shared) != 3 || len(o.OnlyA) != 6 || len(o.OnlyB) != 6 {
			t.Errorf("%v and %v: %d shared, %d and %d alone", a, b, len(o.Shared), len(o.OnlyA), len(o.OnlyB))
		}
		if !slices.Equal(sortedUnion(o.Shared, o.OnlyA), a.Cells) || !slices.Equal(sortedUnion(o.Shared, o.OnlyB), b.Cells) {
			t.Errorf("%v and %v: the parts do not make the units", a, b)
		}
	}
	if len(got) != 54 || !reflect.DeepEqual(got, want) {
		t.Errorf("overlaps %v\nwant %v", got, want)
	}
	o := r.Overlaps()[0] // row 1 and box 1
	if !slices.Equal(o.Shared, []int{0, 1, 2}) || !slices.Equal(o.OnlyA, []int{3, 4, 5, 6, 7, 8}) || !slices.Equal(o.OnlyB, []int{9, 10, 11, 18, 19, 20}) {
		t.Errorf("row 1 and box 1: %+v", o)
	}
}

func sortedUnion(a, b []int) []int {
	s := append(slices.Clone(a), b...)
	slices.Sort(s)
	return s
}

// TestOverlapsXSudoku adds the two diagonals as extra units: each shares 3
// cells with the three boxes it crosses, and a single cell with a row, a
// column or the other diagonal, which is no overlap.
func TestOverlapsXSudoku(t *testing.T) {
	r := must(must(Standard(9)).WithExtra(diagonals(9)...))
	if len(r.Units()) != 29 || len(r.Overlaps()) != 60 {
		t.Fatalf("%d units, %d overlaps", len(r.Units()), len(r.Overlaps()))
	}
	if got := len(r.UnitsOf(40)); got != 5 {
		t.Errorf("the center is in %d units, want 5", got)
	}
	diag := overlapsOf(r, func(a, b Unit) bool { return b.Kind == Extra })
	want := []Overlap{
		{A: 18, B: 27, Shared: []int{0, 10, 20}, OnlyA: []int{1, 2, 9, 11, 18, 19}, OnlyB: []int{30, 40, 50, 60, 70, 80}},
		{A: 20, B: 28, Shared: []int{8, 16, 24}, OnlyA: []int{6, 7, 15, 17, 25, 26}, OnlyB: []int{32, 40, 48, 56, 64, 72}},
		{A: 22, B: 27, Shared: []int{30, 40, 50}, OnlyA: []int{31, 32, 39, 41, 48, 49}, OnlyB: []int{0, 10, 20, 60, 70, 80}},
		{A: 22, B: 28, Shared: []int{32, 40, 48}, OnlyA: []int{30, 31, 39, 41, 49, 50}, OnlyB: []int{8, 16, 24, 56, 64, 72}},
		{A: 24, B: 28, Shared: []int{56, 64, 72}, OnlyA: []int{54, 55, 63, 65, 73, 74}, OnlyB: []int{8, 16, 24, 32, 40, 48}},
		{A: 26, B: 27, Shared: []int{60, 70, 80}, OnlyA: []int{61, 62, 69, 71, 78, 79}, OnlyB: []int{0, 10, 20, 30, 40, 50}},
	}
	if !reflect.DeepEqual(diag, want) {
		t.Errorf("diagonal overlaps:\n%+v\nwant\n%+v", diag, want)
	}
	if rows := overlapsOf(r, func(a, b Unit) bool { return a.Kind != Box && b.Kind == Extra }); len(rows) != 0 {
		t.Errorf("a diagonal overlaps a row or column: %+v", rows)
	}
}

// TestOverlapsJigsaw checks the overlaps of two regions of a 4×4 jigsaw:
//
//	A A A B
//	A C B B
//	C C D B
//	C D D D
func TestOverlapsJigsaw(t *testing.T) {
	r := must(Regions(4, jigsaw4))
	a := overlapsOf(r, func(_, b Unit) bool { return b.Kind == Box && b.Index == 0 })
	want := []Overlap{
		{A: 0, B: 8, Shared: []int{0, 1, 2}, OnlyA: []int{3}, OnlyB: []int{4}},     // row 1
		{A: 4, B: 8, Shared: []int{0, 4}, OnlyA: []int{8, 12}, OnlyB: []int{1, 2}}, // column 1
	}
	if !reflect.DeepEqual(a, want) {
		t.Errorf("overlaps of region A:\n%+v\nwant\n%+v", a, want)
	}
	d := overlapsOf(r, func(_, b Unit) bool { return b.Kind == Box && b.Index == 3 })
	want = []Overlap{
		{A: 3, B: 11, Shared: []int{13, 14, 15}, OnlyA: []int{12}, OnlyB: []int{10}},   // row 4
		{A: 6, B: 11, Shared: []int{10, 14}, OnlyA: []int{2, 6}, OnlyB: []int{13, 15}}, // column 3
	}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("overlaps of region D:\n%+v\nwant\n%+v", d, want)
	}
	// Regions never overlap each other: they are a partition.
	if both := overlapsOf(r, func(a, b Unit) bool { return a.Kind == Box }); len(both) != 0 {
		t.Errorf("regions overlap: %+v", both)
	}
}

// TestOverlaps6x6 checks a board with 2×3 boxes: a row shares 3 cells with
// each of 2 boxes, a column 2 cells with each of 3 boxes.
func TestOverlaps6x6(t *testing.T) {
	r := must(Standard(6))
	rowBox := overlapsOf(r, func(a, _ Unit) bool { return a.Kind == Row })
	colBox := overlapsOf(r, func(a, _ Unit) bool { return a.Kind == Column })
	if len(rowBox) != 12 || len(colBox) != 18 || len(r.Overlaps()) != 30 {
		t.Fatalf("%d row-box and %d column-box overlaps of %d", len(rowBox), len(colBox), len(r.Overlaps()))
	}
	for _, o := range rowBox {
		if len(o.Shared) != 3 || r.Units()[o.B].Kind != Box {
			t.Errorf("row-box overlap %+v", o)
		}
	}
	for _, o := range colBox {
		if len(o.Shared) != 2 || r.Units()[o.B].Kind != Box {
			t.Errorf("column-box overlap %+v", o)
		}
	}
	want := []Overlap{
		{A: 0, B: 12, Shared: []int{0, 1, 2}, OnlyA: []int{3, 4, 5}, OnlyB: []int{6, 7, 8}},
		{A: 0, B: 13, Shared: []int{3, 4, 5}, OnlyA: []int{0, 1, 2}, OnlyB: []int{9, 10, 11}},
	}
	if !reflect.DeepEqual(rowBox[:2], want) {
		t.Errorf("row 1 overlaps %+v\nwant %+v", rowBox[:2], want)
	}
	want = []Overlap{
		{A: 6, B: 12, Shared: []int{0, 6}, OnlyA: []int{12, 18, 24, 30}, OnlyB: []int{1, 2, 7, 8}},
		{A: 6, B: 14, Shared: []int{12, 18}, OnlyA: []int{0, 6, 24, 30}, OnlyB: []int{13, 14, 19, 20}},
		{A: 6, B: 16, Shared: []int{24, 30}, OnlyA: []int{0, 6, 12, 18}, OnlyB: []int{25, 26, 31, 32}},
	}
	if !reflect.DeepEqual(colBox[:3], want) {
		t.Errorf("column 1 overlaps %+v\nwant %+v", colBox[:3], want)
	}
}

func TestKindUnitString(t *testing.T) {
	for k, want := range map[Kind]string{Row: "row", Column: "column", Box: "box", Extra: "extra", Kind(7): "Kind(7)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, got, want)
		}
	}
	units := map[string]Unit{
		"row 1":      {Kind: Row},
		"column 9":   {Kind: Column, Index: 8},
		"box 5":      {Kind: Box, Index: 4},
		"diagonal ↘": {Kind: Extra, Name: "diagonal ↘"},
	}
	for want, u := range units {
		if got := u.String(); got != want {
			t.Errorf("%+v.String() = %q, want %q", u, got, want)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// leet37 is the puzzle of LeetCode problem 37 on one line.
const leet37 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// lineGrid returns the 9×9 grid of a line of 81 digits and dots.
func lineGrid(s string) *Grid {
	g := must(New(9))
	for i := range 81 {
		if c := s[i]; c != '.' {
			g.SetCell(i, int(c-'0'))
		}
	}
	return g
}

func TestGridRules(t *testing.T) {
	g := must(New(6))
	if g.Rules() != must(Standard(6)) || g.Len() != 36 {
		t.Errorf("New(6): rules %p, %d cells", g.Rules(), g.Len())
	}
	if _, err := New(3); !errors.Is(err, ErrSize) {
		t.Errorf("New(3) error = %v, want ErrSize", err)
	}
	if g := must(New(7)); g.N() != 7 || g.Rules().Classic() {
		t.Errorf("New(7): %d×%d, classic %v", g.N(), g.N(), g.Rules().Classic())
	}
	x9 := must(must(Standard(9)).WithExtra(diagonals(9)...))
	h := lineGrid(leet37)
	for _, bad := range []*Rules{nil, must(Standard(4)), must(Boxes(12, 2, 6))} {
		if err := h.SetRules(bad); !errors.Is(err, ErrRules) || h.Rules() != must(Standard(9)) {
			t.Errorf("SetRules(%v) = %v", bad, err)
		}
	}
	if err := h.SetRules(x9); err != nil || h.Rules() != x9 || h.String() != leet37 {
		t.Errorf("SetRules(X-Sudoku) = %v", err)
	}
	c := h.Clone()
	if c.Rules() != x9 || !c.Equal(lineGrid(leet37)) {
		t.Error("a clone lost the rules or the digits")
	}
	j := NewGrid(must(Regions(9, jigsaw9)))
	if j.N() != 9 || !j.Equal(must(New(9))) {
		t.Error("Equal looks at the rules")
	}
	var zero Grid
	if zero.N() != 0 || !zero.Equal(new(Grid)) || zero.Equal(j) || zero.SetRules(j.Rules()) == nil {
		t.Error("the zero Grid is not a 0×0 board")
	}
}

func TestWithNamed(t *testing.T) {
	cellsOf := func(r *Rules) map[string][]int {
		m := map[string][]int{}
		for _, u := range r.Extras() {
			m[u.Name] = u.Cells
		}
		return m
	}
	x4, err := must(Standard(4)).WithNamed("X")
	if err != nil {
		t.Fatal(err)
	}
	if got := cellsOf(x4); !slices.Equal(got["diagonal ↘"], []int{0, 5, 10, 15}) || !slices.Equal(got["diagonal ↗"], []int{3, 6, 9, 12}) || len(got) != 2 {
		t.Errorf("x on 4×4: %v", got)
	}
	up, err := must(Standard(4)).WithNamed(" diagonal+ ")
	if err != nil || len(up.Extras()) != 1 || up.Extras()[0].Name != "diagonal ↗" {
		t.Errorf("diagonal+: %v %v", up, err)
	}
	w, err := must(Standard(9)).WithNamed("windoku")
	if err != nil {
		t.Fatal(err)
	}
	wins := cellsOf(w)
	if !slices.Equal(wins["window 1"], []int{10, 11, 12, 19, 20, 21, 28, 29, 30}) || !slices.Equal(wins["window 4"], []int{50, 51, 52, 59, 60, 61, 68, 69, 70}) || len(wins) != 4 {
		t.Errorf("windoku: %v", wins)
	}
	d6, err := must(Standard(6)).WithNamed("disjoint")
	if err != nil {
		t.Fatal(err)
	}
	groups := cellsOf(d6)
	if !slices.Equal(groups["disjoint group 1"], []int{0, 3, 12, 15, 24, 27}) || !slices.Equal(groups["disjoint group 6"], []int{8, 11, 20, 23, 32, 35}) || len(groups) != 6 {
		t.Errorf("disjoint on 6×6: %v", groups)
	}
	for _, tt := range []struct {
		r    *Rules
		name string
	}{{must(Standard(6)), "windoku"}, {must(Regions(5, nil)), "disjoint"}, {must(Standard(9)), "anti-knight?"}} {
		if _, err := tt.r.WithNamed(tt.name); !errors.Is(err, ErrRules) {
			t.Errorf("%s on %d×%d: %v, want ErrRules", tt.name, tt.r.N(), tt.r.N(), err)
		}
	}
	// Relations: every pair once, counted by formula for an n×n board.
	std9 := must(Standard(9))
	for _, tt := range []struct {
		name string
		kind RelationKind
		want int
	}{{"anti-knight", Different, 4 * 8 * 7}, {"anti-king", Different, 2 * 8 * 8}, {"nonconsecutive", NotConsecutive, 2 * 9 * 8}} {
		r, err := std9.WithNamed(tt.name, tt.name)
		if err != nil {
			t.Fatal(err)
		}
		rel := r.Relations()
		if len(rel) != tt.want || len(r.Units()) != 27 || r.Classic() {
			t.Errorf("%s: %d relations, %d units, want %d and 27", tt.name, len(rel), len(r.Units()), tt.want)
		}
		for _, x := range rel {
			dr, dc := x.B/9-x.A/9, x.B%9-x.A%9
			d2 := dr*dr + dc*dc
			if x.A >= x.B || x.Kind != tt.kind || x.Name != tt.name ||
				tt.name == "anti-knight" && d2 != 5 || tt.name == "anti-king" && d2 != 2 || tt.name == "nonconsecutive" && d2 != 1 {
				t.Fatalf("%s: relation %+v", tt.name, x)
			}
		}
	}
	both, err := std9.WithNamed("x", "anti-king")
	if err != nil || len(both.Extras()) != 2 || len(both.Relations()) != 128 {
		t.Errorf("x and anti-king: %v", err)
	}
	if more, err := both.WithExtra(ExtraUnit{Name: "w", Cells: []int{1, 2, 3}}); err != nil || len(more.Relations()) != 128 {
		t.Errorf("WithExtra dropped the relations: %v", err)
	}
	if _, err := std9.WithRelations(Relation{A: 3, B: 3}); !errors.Is(err, ErrRules) {
		t.Errorf("a cell related to itself: %v", err)
	}
	if !slices.Equal(RuleNames(), []string{"x", "diagonal+", "diagonal-", "windoku", "disjoint", "anti-knight", "anti-king", "nonconsecutive"}) {
		t.Errorf("RuleNames = %v", RuleNames())
	}
}

func TestCellRegions(t *testing.T) {
	std, _ := Standard(9)
	reg := std.CellRegions()
	for i, want := range map[int]int{0: 0, 4: 1, 8: 2, 30: 4, 80: 8, 72: 6} {
		if reg[i] != want {
			t.Errorf("cell %d: region %d, want %d", i, reg[i], want)
		}
	}
	latin, _ := Regions(5, nil)
	for i, r := range latin.CellRegions() {
		if r != -1 {
			t.Fatalf("cell %d of a board without regions: region %d", i, r)
		}
	}
}
