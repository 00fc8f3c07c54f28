package verify

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// constraintCase is one constraint with digits in its cells (0 for an
// empty cell), in the constraint's order, and the conflict Check should
// report: "" when none.
type constraintCase struct {
	name   string
	c      satdoku.Constraint
	digits []int
	want   string
}

// row is the cells of row r of a 9×9 board from column c0, k of them.
func row(r, c0, k int) []int {
	cells := make([]int, k)
	for j := range cells {
		cells[j] = 9*r + c0 + j
	}
	return cells
}

var odd = uint64(0b101010101)

var constraintCases = []constraintCase{
	// Total: killer cages, arrows, pill arrows.
	{"cage ok", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 2), Value: 10, Name: "killer cage"}, []int{3, 7}, ""},
	{"cage sum", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 2), Value: 10, Name: "killer cage"}, []int{3, 8}, "killer cage r1c1,r1c2: sum 11, want 10"},
	{"cage too big", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 2), Value: 5, Name: "killer cage"}, []int{9, 0}, "killer cage r1c1,r1c2: sum at least 10, want 5"},
	{"cage can reach", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 2), Value: 10, Name: "killer cage"}, []int{1, 0}, ""},
	{"cage too small", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 2), Value: 11}, []int{1, 0}, "total r1c1,r1c2: sum at most 10, want 11"},
	{"cage empty 27", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 3), Value: 27}, []int{0, 0, 0}, ""}, // bounds only, not distinctness
	{"cage empty 30", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 3), Value: 30}, []int{0, 0, 0}, "total r1c1,r1c2,r1c3: sum at most 27, want 30"},
	{"arrow ok", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 3), Coefs: []int{-1, 1, 1}, Name: "arrow"}, []int{5, 2, 3}, ""},
	{"arrow broken", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 3), Coefs: []int{-1, 1, 1}, Name: "arrow"}, []int{5, 2, 4}, "arrow r1c1,r1c2,r1c3: total 1, want 0"},
	{"arrow circle 1", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 3), Coefs: []int{-1, 1, 1}, Name: "arrow"}, []int{1, 0, 0}, "arrow r1c1,r1c2,r1c3: total at least 1, want 0"},
	{"pill ok", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 5), Coefs: []int{-10, -1, 1, 1, 1}, Name: "arrow"}, []int{1, 2, 3, 4, 5}, ""},
	{"pill broken", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 5), Coefs: []int{-10, -1, 1, 1, 1}, Name: "arrow"}, []int{1, 3, 4, 2, 5}, "arrow r1c1,r1c2,r1c3,r1c4,r1c5: total -2, want 0"},
	{"pill too big", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 5), Coefs: []int{-10, -1, 1, 1, 1}, Name: "arrow"}, []int{3, 0, 0, 0, 0}, "arrow r1c1,r1c2,r1c3,r1c4,r1c5: total at most -4, want 0"},
	{"pill 27", satdoku.Constraint{Kind: satdoku.Total, Cells: row(0, 0, 5), Coefs: []int{-10, -1, 1, 1, 1}, Name: "arrow"}, []int{2, 0, 0, 0, 0}, ""},
	{"little killer", satdoku.Constraint{Kind: satdoku.Total, Cells: []int{0, 10, 20}, Value: 6, Name: "little killer"}, []int{1, 2, 3}, ""},
	// Run: renban lines.
	{"run of one", satdoku.Constraint{Kind: satdoku.Run, Cells: []int{40}, Name: "renban"}, []int{5}, ""},
	{"run ok", satdoku.Constraint{Kind: satdoku.Run, Cells: row(0, 0, 3), Name: "renban"}, []int{3, 1, 2}, ""},
	{"run gap", satdoku.Constraint{Kind: satdoku.Run, Cells: row(0, 0, 3), Name: "renban"}, []int{1, 2, 4}, "renban r1c1,r1c2,r1c3: digits 1,2,4 are not consecutive"},
	{"run twice", satdoku.Constraint{Kind: satdoku.Run, Cells: []int{0, 10, 20}, Name: "renban"}, []int{2, 3, 2}, "renban r1c1,r2c2,r3c3: 2 twice"},
	{"run partial twice", satdoku.Constraint{Kind: satdoku.Run, Cells: []int{0, 10, 20}}, []int{2, 0, 2}, "run r1c1,r2c2,r3c3: 2 twice"},
	{"run too far", satdoku.Constraint{Kind: satdoku.Run, Cells: row(0, 0, 3)}, []int{1, 0, 5}, "run r1c1,r1c2,r1c3: digits 1,5 do not fit a run of 3"},
	{"run partial ok", satdoku.Constraint{Kind: satdoku.Run, Cells: row(0, 0, 3)}, []int{1, 0, 3}, ""},
	{"run whole row", satdoku.Constraint{Kind: satdoku.Run, Cells: row(0, 0, 9)}, []int{9, 1, 2, 3, 4, 5, 6, 7, 8}, ""},
	// Within: between lines.
	{"within ok", satdoku.Constraint{Kind: satdoku.Within, Cells: row(0, 0, 3), Name: "between"}, []int{2, 5, 7}, ""},
	{"within reversed", satdoku.Constraint{Kind: satdoku.Within, Cells: row(0, 0, 4), Name: "between"}, []int{8, 5, 3, 2}, ""},
	{"within at end", satdoku.Constraint{Kind: satdoku.Within, Cells: []int{0, 10, 20}, Name: "between"}, []int{2, 7, 7}, "between r1c1,r2c2,r3c3: r2c2 holds 7, not strictly between 2 and 7"},
	{"within equal ends", satdoku.Constraint{Kind: satdoku.Within, Cells: []int{0, 10, 20}, Name: "between"}, []int{4, 4, 4}, "between r1c1,r2c2,r3c3: r2c2 holds 4, not strictly between 4 and 4"},
	{"within equal ends partial", satdoku.Constraint{Kind: satdoku.Within, Cells: []int{0, 1, 20}}, []int{4, 0, 4}, "within r1c1,r1c2,r3c3: cannot be completed"},
	{"within two cells equal", satdoku.Constraint{Kind: satdoku.Within, Cells: []int{0, 10}}, []int{4, 4}, ""},
	{"within middle 1", satdoku.Constraint{Kind: satdoku.Within, Cells: row(0, 0, 3)}, []int{0, 1, 0}, "within r1c1,r1c2,r1c3: cannot be completed"},
	{"within middle 5", satdoku.Constraint{Kind: satdoku.Within, Cells: row(0, 0, 3)}, []int{0, 5, 0}, ""},
	{"within both sides", satdoku.Constraint{Kind: satdoku.Within, Cells: row(0, 0, 4)}, []int{5, 3, 7, 0}, "within r1c1,r1c2,r1c3,r1c4: cannot be completed"},
	// Sandwich.
	{"sandwich 0", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: row(0, 0, 9), Name: "sandwich"}, []int{3, 1, 9, 2, 4, 5, 6, 7, 8}, ""},
	{"sandwich 0 broken", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: row(0, 0, 9), Value: 1, Name: "sandwich"}, []int{3, 1, 9, 2, 4, 5, 6, 7, 8}, "sandwich r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7,r1c8,r1c9: sandwich 0, want 1"},
	{"sandwich full", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: row(0, 0, 9), Value: 35}, []int{9, 2, 3, 4, 5, 6, 7, 8, 1}, ""},
	{"sandwich full broken", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: row(0, 0, 9), Value: 34}, []int{9, 2, 3, 4, 5, 6, 7, 8, 1}, "sandwich r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7,r1c8,r1c9: sandwich 35, want 34"},
	{"sandwich mid", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: row(0, 0, 9), Value: 7}, []int{2, 9, 3, 4, 1, 5, 6, 7, 8}, ""},
	{"sandwich partial adjacent", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: row(0, 0, 9), Value: 5}, []int{1, 9, 0, 0, 0, 0, 0, 0, 0}, "sandwich r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7,r1c8,r1c9: cannot be completed"},
	{"sandwich partial open", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: row(0, 0, 9), Value: 35}, []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, ""},
	{"sandwich no 1", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: []int{0, 10}}, []int{2, 9}, "sandwich r1c1,r2c2: no 1"},
	{"sandwich no 9", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: []int{0, 10}}, []int{1, 3}, "sandwich r1c1,r2c2: no 9"},
	{"x-sum", satdoku.Constraint{Kind: satdoku.XSum, Cells: row(0, 0, 9), Value: 10}, []int{3, 2, 5, 1, 4, 6, 7, 8, 9}, ""},
	{"x-sum broken", satdoku.Constraint{Kind: satdoku.XSum, Cells: row(0, 0, 9), Value: 11}, []int{3, 2, 5, 1, 4, 6, 7, 8, 9}, "x-sum r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7,r1c8,r1c9: x-sum 10, want 11"},
	{"x-sum short", satdoku.Constraint{Kind: satdoku.XSum, Cells: []int{0, 10}, Value: 3}, []int{3, 1}, "x-sum r1c1,r2c2: the first digit, 3, is more than the 2 cells"},
	{"skyscraper", satdoku.Constraint{Kind: satdoku.Skyscraper, Cells: row(0, 0, 9), Value: 4}, []int{3, 2, 5, 1, 4, 6, 9, 8, 7}, ""},
	{"skyscraper broken", satdoku.Constraint{Kind: satdoku.Skyscraper, Cells: row(0, 0, 9), Value: 3}, []int{3, 2, 5, 1, 4, 6, 9, 8, 7}, "skyscraper r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7,r1c8,r1c9: 4 seen, want 3"},
	{"segments", satdoku.Constraint{Kind: satdoku.Segments, Cells: row(0, 0, 9), Value: 15}, []int{9, 6, 5, 4, 2, 3, 1, 8, 7}, ""},
	{"segments broken", satdoku.Constraint{Kind: satdoku.Segments, Cells: []int{0, 10, 20}, Value: 10}, []int{9, 6, 4}, "segments r1c1,r2c2,r3c3: no segment adds up to 10 at r2c2"},
	{"segments open", satdoku.Constraint{Kind: satdoku.Segments, Cells: []int{0, 10, 20}, Value: 10}, []int{9, 1, 4}, "segments r1c1,r2c2,r3c3: the last segment adds up to 4, want 10"},
	{"same gap", satdoku.Constraint{Kind: satdoku.SameGap, Cells: []int{0, 10, 20}}, []int{2, 5, 2}, ""},
	{"same gap broken", satdoku.Constraint{Kind: satdoku.SameGap, Cells: []int{0, 10, 20}}, []int{2, 5, 7}, "same-gap r1c1,r2c2,r3c3: r1c1 and r2c2 differ by 3, r2c2 and r3c3 by 2"},
	{"index", satdoku.Constraint{Kind: satdoku.Index, Cells: []int{0, 10, 20}, Coefs: []int{1, 2, 3}, Value: 7}, []int{3, 5, 7}, ""},
	{"index broken", satdoku.Constraint{Kind: satdoku.Index, Cells: []int{0, 10, 20}, Coefs: []int{1, 2, 3}, Value: 7}, []int{2, 5, 7}, "index r1c1,r2c2,r3c3: r1c1 holds 2, picks r2c2, which holds 5, want 7"},
	{"index picks none", satdoku.Constraint{Kind: satdoku.Index, Cells: []int{0, 10, 20}, Coefs: []int{1, 2, 3}, Value: 7}, []int{4, 5, 7}, "index r1c1,r2c2,r3c3: r1c1 holds 4, which picks no cell"},
	{"outside", satdoku.Constraint{Kind: satdoku.Outside, Cells: []int{0, 10, 20, 30}}, []int{3, 1, 9, 7}, ""},
	{"outside broken", satdoku.Constraint{Kind: satdoku.Outside, Cells: []int{0, 10, 20, 30}}, []int{3, 1, 7, 7}, "outside r1c1,r2c2,r3c3,r4c4: r3c3 holds 7, not outside 3 to 7"},
	{"sandwich two 1", satdoku.Constraint{Kind: satdoku.Sandwich, Cells: []int{0, 10, 20}}, []int{1, 1, 0}, "sandwich r1c1,r2c2,r3c3: 1 twice"},
	// Contains: quadruples.
	{"quad ok", satdoku.Constraint{Kind: satdoku.Contains, Cells: []int{0, 1, 9, 10}, Digits: []int{1, 2}, Name: "quadruple"}, []int{4, 2, 3, 1}, ""},
	{"quad missing", satdoku.Constraint{Kind: satdoku.Contains, Cells: []int{0, 1, 9, 10}, Digits: []int{1, 2}, Name: "quadruple"}, []int{4, 5, 3, 1}, "quadruple r1c1,r1c2,r2c1,r2c2: no 2, want one"},
	{"quad repeat ok", satdoku.Constraint{Kind: satdoku.Contains, Cells: []int{0, 1, 9, 10}, Digits: []int{1, 1}, Name: "quadruple"}, []int{1, 5, 6, 1}, ""},
	{"quad repeat once", satdoku.Constraint{Kind: satdoku.Contains, Cells: []int{0, 1, 9, 10}, Digits: []int{1, 1}, Name: "quadruple"}, []int{1, 5, 6, 7}, "quadruple r1c1,r1c2,r2c1,r2c2: one 1, want two"},
	{"quad repeat open", satdoku.Constraint{Kind: satdoku.Contains, Cells: []int{0, 1, 9, 10}, Digits: []int{1, 1}}, []int{1, 5, 6, 0}, ""},
	{"quad repeat no room", satdoku.Constraint{Kind: satdoku.Contains, Cells: []int{0, 1, 9, 10}, Digits: []int{1, 1, 2}}, []int{2, 5, 6, 0}, "contains r1c1,r1c2,r2c1,r2c2: cannot be completed"},
	// OneOf: odd and even cells.
	{"odd ok", satdoku.Constraint{Kind: satdoku.OneOf, Cells: []int{0}, Mask: odd, Name: "odd"}, []int{3}, ""},
	{"odd broken", satdoku.Constraint{Kind: satdoku.OneOf, Cells: []int{0}, Mask: odd, Name: "odd"}, []int{4}, "odd r1c1: r1c1 holds 4, not one of 1,3,5,7,9"},
	{"even partial", satdoku.Constraint{Kind: satdoku.OneOf, Cells: []int{0, 1}, Mask: odd << 1 & 0x1ff, Name: "even"}, []int{0, 5}, "even r1c1,r1c2: r1c2 holds 5, not one of 2,4,6,8"},
}

// gridWith returns a 9×9 grid under the standard rules and c, with the
// case's digits in c's cells.
func gridWith(t *testing.T, tc constraintCase) *satdoku.Grid {
	t.Helper()
	std, _ := satdoku.Standard(9)
	r, err := std.WithConstraints(tc.c)
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	for k, i := range tc.c.Cells {
		g.SetCell(i, tc.digits[k])
	}
	return g
}

// TestCheckConstraints runs Check on every case: the constraint's
// conflict, or none. Unit conflicts between the cells are not its matter.
func TestCheckConstraints(t *testing.T) {
	for _, tc := range constraintCases {
		t.Run(tc.name, func(t *testing.T) {
			g := gridWith(t, tc)
			var got []string
			for _, c := range Check(g) {
				if c.Constraint != nil {
					got = append(got, c.String())
					if c.Constraint != &g.Rules().Constraints()[0] {
						t.Errorf("the conflict points to %v, not to the rules' constraint", c.Constraint)
					}
				}
			}
			var want []string
			if tc.want != "" {
				want = []string{tc.want}
			}
			if !slices.Equal(got, want) {
				t.Errorf("Check = %q, want %q", got, want)
			}
			// exact agrees on the full cases.
			if !slices.Contains(tc.digits, 0) {
				if why := exact(&g.Rules().Constraints()[0], g); (why == "") != (tc.want == "") {
					t.Errorf("exact = %q", why)
				}
			}
		})
	}
}

// TestSolutionConstraints checks Solution's reports of broken constraints:
// where (the last cell of the constraint in row-major order, before later
// problems) and what.
func TestSolutionConstraints(t *testing.T) {
	const sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	std, _ := satdoku.Standard(9)
	g := satdoku.NewGrid(std)
	for i := range 81 {
		g.SetCell(i, int(sol[i]-'0'))
	}
	good := []satdoku.Constraint{
		{Kind: satdoku.Total, Cells: []int{0, 1, 9}, Value: 14, Name: "killer cage"},                             // 5 3 6
		{Kind: satdoku.Total, Cells: []int{2, 10, 11, 12}, Coefs: []int{-1, -1, 1, 1}, Value: -8, Name: "arrow"}, // −4 −7 +2 +1
		{Kind: satdoku.Sandwich, Cells: row(0, 0, 9), Name: "sandwich"},                                          // 9 and 1 side by side
		{Kind: satdoku.Run, Cells: []int{3, 4, 5}, Name: "renban"},                                               // 6 7 8
		{Kind: satdoku.Within, Cells: []int{0, 1, 2}, Name: "between"},                                           // 5 3 4: broken
	}
	r, err := std.WithConstraints(good[:4]...)
	if err != nil {
		t.Fatal(err)
	}
	puzzle := satdoku.NewGrid(r)
	if err := Solution(puzzle, g); err != nil {
		t.Fatalf("Solution = %v", err)
	}
	if r, err = r.WithConstraints(good[4], satdoku.Constraint{Kind: satdoku.Total, Cells: []int{80, 0}, Value: 3, Name: "killer cage"}); err != nil {
		t.Fatal(err)
	}
	puzzle = satdoku.NewGrid(r)
	err = Solution(puzzle, g)
	if want := "verify: between r1c1,r1c2,r1c3: r1c2 holds 3, not strictly between 5 and 4"; err == nil || err.Error() != want {
		t.Errorf("Solution = %v, want %s", err, want)
	}
	if !errors.Is(err, ErrConflict) {
		t.Errorf("%v does not wrap ErrConflict", err)
	}
	// Without the between line, the cage of r9c9 and r1c1 is reported at r9c9.
	cons := r.Constraints()
	r2, _ := std.WithConstraints(cons[:4]...)
	r2, _ = r2.WithConstraints(cons[5])
	err = Solution(satdoku.NewGrid(r2), g)
	if want := "verify: killer cage r9c9,r1c1: sum 14, want 3"; err == nil || err.Error() != want {
		t.Errorf("Solution = %v, want %s", err, want)
	}
	// A correct solution under constraints allocates nothing.
	r3, _ := std.WithConstraints(cons[:4]...)
	puzzle = satdoku.NewGrid(r3)
	if a := testing.AllocsPerRun(20, func() { _ = Solution(puzzle, g) }); a != 0 {
		t.Errorf("Solution allocates %v times", a)
	}
}

// holds is a plain reference for a constraint on a full grid, written
// apart from exact and narrow: sorts, sums and counts.
func holds(c *satdoku.Constraint, g *satdoku.Grid) bool {
	n := g.N()
	ds := make([]int, len(c.Cells))
	for k, i := range c.Cells {
		ds[k] = g.Cell(i)
	}
	switch c.Kind {
	case satdoku.Never:
		return false
	case satdoku.Total:
		t := 0
		for k, d := range ds {
			if c.Coefs == nil {
				t += d
			} else {
				t += c.Coefs[k] * d
			}
		}
		return t == c.Value
	case satdoku.Run:
		s := slices.Clone(ds)
		slices.Sort(s)
		for k := 1; k < len(s); k++ {
			if s[k] != s[k-1]+1 {
				return false
			}
		}
		return true
	case satdoku.Within:
		a, b := ds[0], ds[len(ds)-1]
		if a > b {
			a, b = b, a
		}
		for _, d := range ds[1 : len(ds)-1] {
			if !(a < d && d < b) {
				return false
			}
		}
		return true
	case satdoku.Sandwich:
		if strings.Count(digitsString(ds), "\x01") != 1 || strings.Count(digitsString(ds), string(rune(n))) != 1 {
			return false
		}
		p, q := slices.Index(ds, 1), slices.Index(ds, n)
		if p > q {
			p, q = q, p
		}
		t := 0
		for _, d := range ds[p+1 : q] {
			t += d
		}
		return t == c.Value
	case satdoku.XSum:
		// The first digit says how many cells add up: as a prefix of ds.
		if ds[0] > len(ds) {
			return false
		}
		t := 0
		for _, d := range ds[:ds[0]] {
			t += d
		}
		return t == c.Value
	case satdoku.Skyscraper:
		// A cell is seen when every cell before it is lower.
		seen := 0
		for k, d := range ds {
			if slices.IndexFunc(ds[:k], func(e int) bool { return e >= d }) < 0 {
				seen++
			}
		}
		return seen == c.Value
	case satdoku.Segments:
		// The total is a multiple of Value, and every multiple of Value up
		// to it is the sum of some first cells.
		if c.Value < 1 {
			return false
		}
		prefix := map[int]bool{}
		t := 0
		for _, d := range ds {
			t += d
			prefix[t] = true
		}
		for m := c.Value; m <= t; m += c.Value {
			if !prefix[m] {
				return false
			}
		}
		return t%c.Value == 0
	case satdoku.Connected:
		// Union-find over the cells in the mask, joined to the neighbour
		// above and to the left (row k / Value, column k mod Value).
		in := func(k int) bool { return ds[k] >= 1 && c.Mask>>(ds[k]-1)&1 == 1 }
		parent := make([]int, len(ds))
		var find func(k int) int
		find = func(k int) int {
			if parent[k] != k {
				parent[k] = find(parent[k])
			}
			return parent[k]
		}
		roots := 0
		for k := range ds {
			parent[k] = k
		}
		for k := range ds {
			if !in(k) {
				continue
			}
			row, col := k/c.Value, k%c.Value
			if col > 0 && in(k-1) {
				parent[find(k-1)] = find(k)
			}
			if row > 0 && in(k-c.Value) {
				parent[find(k-c.Value)] = find(k)
			}
		}
		for k := range ds {
			if in(k) && find(k) == k {
				roots++
			}
		}
		return roots == 1
	case satdoku.Outside:
		// Sorted with the ends, each cell between sorts before both or
		// after both.
		a, b := ds[0], ds[len(ds)-1]
		for _, d := range ds[1 : len(ds)-1] {
			s := []int{a, b, d}
			slices.Sort(s)
			if s[1] == d {
				return false
			}
		}
		return true
	case satdoku.Index:
		// The cells the first digit picks, by position.
		var picked []int
		for k := range ds {
			if c.Coefs[k] == ds[0] {
				picked = append(picked, k)
			}
		}
		return len(picked) > 0 && !slices.ContainsFunc(picked, func(k int) bool { return ds[k] != c.Value })
	case satdoku.SameGap:
		for k := 2; k < len(ds); k++ {
			if (ds[k]-ds[k-1])*(ds[k]-ds[k-1]) != (ds[1]-ds[0])*(ds[1]-ds[0]) {
				return false
			}
		}
		return true
	case satdoku.Contains:
		rest := slices.Clone(ds)
		for _, d := range c.Digits {
			k := slices.Index(rest, d)
			if k < 0 {
				return false
			}
			rest = slices.Delete(rest, k, k+1)
		}
		return true
	case satdoku.OneOf:
		for _, d := range ds {
			if c.Mask>>(d-1)&1 == 0 {
				return false
			}
		}
		return true
	case satdoku.Exactly:
		// Contains, and one more of any listed digit is not contained.
		con := satdoku.Constraint{Kind: satdoku.Contains, Cells: c.Cells, Digits: c.Digits}
		for _, d := range c.Digits {
			more := satdoku.Constraint{Kind: satdoku.Contains, Cells: c.Cells, Digits: append(slices.Clone(c.Digits), d)}
			if holds(&more, g) {
				return false
			}
		}
		return holds(&con, g)
	case satdoku.SameValues:
		// Each set, its digits as a string sorted, is the first's.
		size := len(ds) / c.Value
		sorted := func(k int) string {
			s := slices.Clone(ds[k*size : (k+1)*size])
			slices.Sort(s)
			return digitsString(s)
		}
		for k := 1; k < c.Value; k++ {
			if sorted(k) != sorted(0) {
				return false
			}
		}
		return true
	case satdoku.Circles:
		str := digitsString(ds)
		for _, d := range ds {
			if strings.Count(str, string(rune(d))) != d {
				return false
			}
		}
		return true
	case satdoku.Distinct:
		set := map[int]bool{}
		for _, d := range ds[c.Value:] {
			set[d] = true
		}
		return len(set) == ds[0]
	case satdoku.TotalIn:
		t := 0
		for _, d := range ds {
			t += d
		}
		return slices.Contains(c.Digits, t)
	case satdoku.NoSubsetSum:
		// No subset of the distinct digits, by its bits, adds up to Value.
		var held []int
		for _, d := range ds {
			if !slices.Contains(held, d) {
				held = append(held, d)
			}
		}
		for set := 1; set < 1<<len(held); set++ {
			t := 0
			for k, d := range held {
				t += set >> k & 1 * d
			}
			if t == c.Value {
				return false
			}
		}
		return true
	case satdoku.SegmentsLoop:
		// Some cut of the loop, as a Segments line, holds.
		for k := range ds {
			line := satdoku.Constraint{Kind: satdoku.Segments, Cells: c.Cells, Value: c.Value}
			g2 := satdoku.NewGrid(g.Rules())
			for j, i := range c.Cells {
				g2.SetCell(i, ds[(j+k)%len(ds)])
			}
			if holds(&line, g2) {
				return true
			}
		}
		return false
	case satdoku.AnyOf:
		for _, m := range c.Members {
			all := true
			for k := range m.Constraints {
				all = all && holds(&m.Constraints[k], g)
			}
			for _, x := range m.Relations {
				all = all && x.Holds(g.Cell(x.A), g.Cell(x.B))
			}
			if all {
				return true
			}
		}
		return false
	case satdoku.Reach:
		// Arm by arm, by increasing number: a cell counts while every
		// cell of its arm up to it holds the start's digit.
		count := 1
		for a := 1; a <= len(ds); a++ {
			for k := 2; k < len(ds); k++ {
				if c.Coefs[k] != a {
					continue
				}
				if ds[k] != ds[1] {
					break
				}
				count++
			}
		}
		return ds[0]+c.Value == count
	case satdoku.Automaton:
		// A run, searched state by state: the symbols are the digits with
		// the breaks (0) put in their places.
		var syms []int
		for k := 0; k <= len(ds); k++ {
			for _, b := range c.NFA.Breaks {
				if b == k {
					syms = append(syms, satdoku.Break)
				}
			}
			if k < len(ds) {
				syms = append(syms, ds[k])
			}
		}
		var run func(q, t int) bool
		run = func(q, t int) bool {
			if t == len(syms) {
				return slices.Contains(c.NFA.Accept, q)
			}
			for _, m := range c.NFA.Moves {
				if m.From == q && m.Symbol == syms[t] && run(m.To, t+1) {
					return true
				}
			}
			return false
		}
		for _, q := range c.NFA.Start {
			if run(q, 0) {
				return true
			}
		}
		return false
	}
	panic("unknown kind")
}

// digitsString spells digits as runes, for counting.
func digitsString(ds []int) string {
	rs := make([]rune, len(ds))
	for k, d := range ds {
		rs[k] = rune(d)
	}
	return string(rs)
}

// allGrids returns every solution of the empty grid under r by plain
// enumeration: rows, columns and regions checked on every placement.
func allGrids(r *satdoku.Rules) []*satdoku.Grid {
	n := r.N()
	g := satdoku.NewGrid(r)
	var out []*satdoku.Grid
	var rec func(i int)
	rec = func(i int) {
		if i == n*n {
			out = append(out, g.Clone())
			return
		}
	next:
		for d := 1; d <= n; d++ {
			for _, x := range r.UnitsOf(i) {
				for _, j := range r.Units()[x].Cells {
					if j < i && g.Cell(j) == d {
						continue next
					}
				}
			}
			g.SetCell(i, d)
			rec(i + 1)
			g.SetCell(i, 0)
		}
	}
	rec(0)
	return out
}

// randomConstraint returns a constraint of kind k on random cells of an
// n×n board. With from set, its numbers are those of that grid, so that
// the grid satisfies it.
func randomConstraint(rng *rand.Rand, n int, k satdoku.ConstraintKind, from *satdoku.Grid) satdoku.Constraint {
	cells := func(size int) []int {
		return rng.Perm(n * n)[:size]
	}
	line := func() []int { // a row or a column, either way
		x := rng.IntN(n)
		cs := make([]int, n)
		column := rng.IntN(2) == 0
		for j := range cs {
			cs[j] = x*n + j
			if column {
				cs[j] = j*n + x
			}
		}
		if rng.IntN(2) == 0 {
			slices.Reverse(cs)
		}
		return cs
	}
	c := satdoku.Constraint{Kind: k, Name: k.String()}
	switch k {
	case satdoku.Total:
		c.Cells = cells(1 + rng.IntN(4))
		if rng.IntN(2) == 0 {
			c.Coefs = make([]int, len(c.Cells))
			for j := range c.Coefs {
				c.Coefs[j] = []int{1, 1, -1, -10, 2}[rng.IntN(5)]
			}
		}
		c.Value = rng.IntN(3 * n)
		if rng.IntN(3) == 0 {
			c.Value = -c.Value
		}
	case satdoku.Run:
		c.Cells = cells(1 + rng.IntN(n))
	case satdoku.Within:
		c.Cells = cells(2 + rng.IntN(3))
	case satdoku.Sandwich:
		if rng.IntN(4) == 0 {
			c.Cells = cells(2 + rng.IntN(n-1))
		} else {
			c.Cells = line()
		}
		c.Value = rng.IntN((n - 2) * (n + 1) / 2)
	case satdoku.Contains:
		c.Cells = cells(1 + rng.IntN(4))
		for range 1 + rng.IntN(len(c.Cells)) {
			c.Digits = append(c.Digits, 1+rng.IntN(n))
		}
	case satdoku.OneOf:
		c.Cells = cells(1 + rng.IntN(3))
		c.Mask = rng.Uint64() & (1<<n - 1)
	case satdoku.Never:
		c.Cells = cells(1 + rng.IntN(3))
		c.Reason = "cannot hold"
	case satdoku.AnyOf:
		// Two or three members, each a constraint of another kind and
		// maybe a relation.
		for range 2 + rng.IntN(2) {
			var m satdoku.Member
			k := satdoku.ConstraintKind(rng.IntN(len(satdoku.ConstraintKinds())))
			for k == satdoku.AnyOf || k == satdoku.Sandwich || k == satdoku.XSum || k == satdoku.Skyscraper {
				k = satdoku.ConstraintKind(rng.IntN(len(satdoku.ConstraintKinds())))
			}
			x := randomConstraint(rng, n, k, from)
			if len(x.Cells) > 3 {
				x = randomConstraint(rng, n, satdoku.Total, from)
				x.Cells, x.Coefs = x.Cells[:min(2, len(x.Cells))], nil
			}
			m.Constraints = append(m.Constraints, x)
			if rng.IntN(2) == 0 {
				a := rng.IntN(n * n)
				m.Relations = append(m.Relations, satdoku.Relation{A: a, B: (a + 1 + rng.IntN(n*n-1)) % (n * n), Kind: satdoku.Less, Name: "less"})
			}
			c.Members = append(c.Members, m)
		}
		c.Cells = satdoku.MemberCells(c.Members)
	case satdoku.Reach:
		// A counting cell, a start, one to three arms of one to three
		// cells (a cell may repeat), numbered in any order.
		perm := rng.Perm(n * n)
		c.Cells, c.Coefs = perm[:2], []int{0, 0}
		arms := 1 + rng.IntN(3)
		for range 1 + rng.IntN(6) {
			c.Cells = append(c.Cells, perm[2+rng.IntN(n*n-2)])
			c.Coefs = append(c.Coefs, 1+rng.IntN(arms))
		}
		c.Value = rng.IntN(4) - 2
		if from != nil {
			c.Value = 0
			if !holds(&c, from) {
				for c.Value = -n; c.Value < 2*n && !holds(&c, from); c.Value++ {
				}
			}
		}
	case satdoku.Automaton:
		// A random automaton of up to 3 states over 1 to 5 cells, one of
		// them maybe twice, maybe with a break.
		c.Cells = cells(1 + rng.IntN(4))
		if rng.IntN(4) == 0 {
			c.Cells = append(c.Cells, c.Cells[0])
		}
		a := &satdoku.NFA{States: 1 + rng.IntN(3), Start: []int{0}}
		if rng.IntN(3) == 0 {
			a.Breaks = []int{rng.IntN(len(c.Cells) + 1)}
		}
		for q := range a.States {
			if rng.IntN(2) == 0 || q == a.States-1 {
				a.Accept = append(a.Accept, q)
			}
			for sym := range n + 1 {
				for to := range a.States {
					if rng.IntN(3) == 0 || sym == satdoku.Break && to == q {
						a.Moves = append(a.Moves, satdoku.Move{From: q, To: to, Symbol: sym})
					}
				}
			}
		}
		c.NFA = a
	case satdoku.Segments:
		c.Cells = cells(1 + rng.IntN(4))
		c.Value = 1 + rng.IntN(2*n)
	case satdoku.SameGap:
		c.Cells = cells(1 + rng.IntN(4))
	case satdoku.Outside:
		c.Cells = cells(2 + rng.IntN(3))
	case satdoku.Connected:
		c.Cells = cells(1 + rng.IntN(8))
		c.Value = 1 + rng.IntN(4)
		c.Mask = 1 + rng.Uint64()&(1<<n-2)
	case satdoku.Index:
		c.Cells = cells(1 + rng.IntN(n))
		c.Coefs = make([]int, len(c.Cells))
		for k := range c.Coefs {
			c.Coefs[k] = 1 + rng.IntN(n)
		}
		c.Value = 1 + rng.IntN(n)
	case satdoku.Exactly:
		c.Cells = cells(1 + rng.IntN(4))
		for range rng.IntN(len(c.Cells) + 1) {
			c.Digits = append(c.Digits, 1+rng.IntN(n))
		}
	case satdoku.SameValues:
		c.Value = 2 + rng.IntN(2)
		c.Cells = cells(c.Value * (1 + rng.IntN(2)))
	case satdoku.Circles:
		c.Cells = cells(1 + rng.IntN(6))
	case satdoku.Distinct:
		c.Cells = cells(2 + rng.IntN(4))
		c.Value = rng.IntN(2)
	case satdoku.SegmentsLoop:
		c.Cells = cells(2 + rng.IntN(4))
		c.Value = 2 + rng.IntN(2*n)
	case satdoku.NoSubsetSum:
		c.Cells = cells(1 + rng.IntN(4))
		c.Value = 1 + rng.IntN(3*n)
	case satdoku.TotalIn:
		c.Cells = cells(1 + rng.IntN(4))
		for v := 1 + rng.IntN(n); v <= 4*n; v += 1 + rng.IntN(2*n) {
			c.Digits = append(c.Digits, v)
		}
	case satdoku.XSum, satdoku.Skyscraper:
		if rng.IntN(4) == 0 {
			c.Cells = cells(2 + rng.IntN(n-1))
		} else {
			c.Cells = line()
		}
		c.Value = 1 + rng.IntN(n)
		if k == satdoku.XSum {
			c.Value = 1 + rng.IntN(n*(n+1)/2)
		}
	}
	if from == nil {
		return c
	}
	// Numbers that the grid satisfies.
	switch k {
	case satdoku.Total:
		c.Value = 0
		for j, i := range c.Cells {
			c.Value += c.Coef(j) * from.Cell(i)
		}
	case satdoku.Sandwich:
		ds := make([]int, len(c.Cells))
		for j, i := range c.Cells {
			ds[j] = from.Cell(i)
		}
		p, q := slices.Index(ds, 1), slices.Index(ds, n)
		if p >= 0 && q >= 0 {
			c.Value = 0
			for _, d := range ds[min(p, q)+1 : max(p, q)] {
				c.Value += d
			}
		}
	case satdoku.XSum:
		if x := from.Cell(c.Cells[0]); x <= len(c.Cells) {
			c.Value = 0
			for _, i := range c.Cells[:x] {
				c.Value += from.Cell(i)
			}
		}
	case satdoku.Index:
		for k := range c.Coefs {
			if c.Coefs[k] == from.Cell(c.Cells[0]) {
				c.Value = from.Cell(c.Cells[k])
			}
		}
	case satdoku.Segments:
		// The sum of a random number of first cells, when the rest split
		// likewise; else the whole sum.
		t := 0
		for _, i := range c.Cells {
			t += from.Cell(i)
		}
		c.Value = t
		for p, j := 0, 0; j < len(c.Cells)-1; j++ {
			p += from.Cell(c.Cells[j])
			if rng.IntN(2) == 0 && t%p == 0 {
				c.Value = p
				break
			}
		}
	case satdoku.Skyscraper:
		top := 0
		c.Value = 0
		for _, i := range c.Cells {
			if from.Cell(i) > top {
				c.Value, top = c.Value+1, from.Cell(i)
			}
		}
	case satdoku.Contains:
		for j := range c.Digits {
			c.Digits[j] = from.Cell(c.Cells[rng.IntN(len(c.Cells))])
		}
	case satdoku.OneOf:
		for _, i := range c.Cells {
			c.Mask |= 1 << (from.Cell(i) - 1)
		}
	case satdoku.Exactly:
		// The digits of some of the cells, and any other cell's digit
		// that is listed.
		c.Digits = nil
		for _, i := range c.Cells[:rng.IntN(len(c.Cells)+1)] {
			c.Digits = append(c.Digits, from.Cell(i))
		}
		for _, i := range c.Cells[len(c.Digits):] {
			if slices.Contains(c.Digits, from.Cell(i)) {
				c.Digits = append(c.Digits, from.Cell(i))
			}
		}
	case satdoku.Distinct:
		c.Value = 1 // the first cell is swapped in
		set := map[int]bool{}
		for _, i := range c.Cells[1:] {
			set[from.Cell(i)] = true
		}
		// The first cell must hold the count: swap in a cell that does.
		for i := range n * n {
			if from.Cell(i) == len(set) && !slices.Contains(c.Cells[1:], i) {
				c.Cells[0] = i
				break
			}
		}
	case satdoku.SegmentsLoop, satdoku.TotalIn:
		t := 0
		for _, i := range c.Cells {
			t += from.Cell(i)
		}
		c.Value = t
		if k == satdoku.TotalIn {
			c.Value, c.Digits = 0, append(c.Digits, t)
		}
	}
	return c
}

// TestCountConstraintsBrute compares Count with a plain filter of the 288
// solutions of the empty 4×4 board (and of the 6×6 ones that a few givens
// leave, found by Count without constraints): random constraints of every
// kind, some satisfied by a given grid, with random givens. It also checks
// that Solution accepts exactly the grids the reference accepts, and that
// Check never calls a constraint broken that a solution satisfies.
func TestCountConstraintsBrute(t *testing.T) {
	std4, _ := satdoku.Standard(4)
	grids := allGrids(std4)
	if len(grids) != 288 {
		t.Fatalf("%d 4×4 grids, want 288", len(grids))
	}
	rng := rand.New(rand.NewPCG(7, 11))
	rounds := 400
	if testing.Short() {
		rounds = 120
	}
	seen := map[int]int{}
	kinds := map[satdoku.ConstraintKind]int{}
	for round := range rounds {
		var from *satdoku.Grid
		if round%3 != 0 {
			from = grids[rng.IntN(len(grids))]
		}
		var cons []satdoku.Constraint
		for range 1 + rng.IntN(3) {
			k := satdoku.ConstraintKind(rng.IntN(len(satdoku.ConstraintKinds())))
			cons = append(cons, randomConstraint(rng, 4, k, from))
		}
		r, err := std4.WithConstraints(cons...)
		if err != nil {
			t.Fatal(err)
		}
		// The reference: the grids that satisfy every constraint.
		var ok []*satdoku.Grid
		for _, g := range grids {
			all := true
			for k := range cons {
				all = all && holds(&cons[k], g)
			}
			if all {
				ok = append(ok, g)
			}
			g2 := g.Clone()
			if err := g2.SetRules(r); err != nil {
				t.Fatal(err)
			}
			if err := Solution(satdoku.NewGrid(r), g2); (err == nil) != all {
				t.Fatalf("%v: Solution(%s) = %v, reference says %v", cons, line4(g), err, all)
			}
		}
		for k := range cons {
			kinds[cons[k].Kind]++
		}
		for range 4 {
			puzzle := satdoku.NewGrid(r)
			src := grids[rng.IntN(len(grids))]
			if from != nil && rng.IntN(2) == 0 {
				src = from
			}
			for range rng.IntN(7) {
				i := rng.IntN(16)
				puzzle.SetCell(i, src.Cell(i))
			}
			want := 0
			for _, g := range ok {
				match := true
				for i := range 16 {
					if d := puzzle.Cell(i); d != 0 && g.Cell(i) != d {
						match = false
					}
				}
				if match {
					want++
				}
			}
			got, sol := Count(puzzle, 1000)
			if got != want {
				t.Fatalf("%v with givens %s: Count %d, reference %d", cons, line4(puzzle), got, want)
			}
			if got > 0 {
				if err := Solution(puzzle, sol); err != nil {
					t.Fatalf("%v: Count's solution %s: %v", cons, line4(sol), err)
				}
			}
			if cs := Check(puzzle); want > 0 {
				for _, c := range cs {
					if c.Constraint != nil {
						t.Fatalf("%v with givens %s: Check says %v, yet %d solutions", cons, line4(puzzle), c, want)
					}
				}
			}
			seen[min(want, 2)]++
		}
	}
	if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
		t.Errorf("the cases need 0, 1 and several solutions: %v", seen)
	}
	t.Logf("solutions (0, 1, 2+): %v; constraints by kind: %v", seen, kinds)
}

// line4 writes a grid as digits and dots.
func line4(g *satdoku.Grid) string {
	var sb strings.Builder
	for i := range g.Len() {
		if d := g.Cell(i); d == 0 {
			sb.WriteByte('.')
		} else {
			sb.WriteByte(byte('0' + d))
		}
	}
	return sb.String()
}

// TestNarrowSound checks narrow against every assignment of random masks
// to the cells of random constraints on 4×4 and 6×6 boards: it must keep
// every digit that some satisfying assignment uses, report false only when
// none exists, and decide exactly when every mask holds one digit.
func TestNarrowSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	rounds := 3000
	if testing.Short() {
		rounds = 800
	}
	for range rounds {
		n := []int{4, 6}[rng.IntN(2)]
		std, _ := satdoku.Standard(n)
		k := satdoku.ConstraintKind(rng.IntN(len(satdoku.ConstraintKinds())))
		c := randomConstraint(rng, n, k, nil)
		if len(c.Cells) > 5 {
			continue // keep the enumeration small
		}
		if _, err := std.WithConstraints(c); err != nil {
			continue
		}
		size := len(c.Cells)
		m := make([]uint64, size)
		for j := range m {
			m[j] = rng.Uint64() & (1<<n - 1)
			if rng.IntN(3) == 0 {
				m[j] = 1 << rng.IntN(n)
			}
			if m[j] == 0 {
				m[j] = 1<<n - 1
			}
		}
		// Every assignment within the masks, and the digits of those that
		// satisfy c.
		g := satdoku.NewGrid(std)
		support := make([]uint64, size)
		var rec func(j int)
		any := false
		rec = func(j int) {
			if j == size {
				if holds(&c, g) {
					any = true
					for q, i := range c.Cells {
						support[q] |= 1 << (g.Cell(i) - 1)
					}
				}
				return
			}
			for x := m[j]; x != 0; x &= x - 1 {
				// A cell listed before (an automaton's line that loops)
				// keeps its digit.
				if p := slices.Index(c.Cells, c.Cells[j]); p < j && g.Cell(c.Cells[j]) != lowest(x) {
					continue
				}
				g.SetCell(c.Cells[j], lowest(x))
				rec(j + 1)
			}
		}
		rec(0)
		got := slices.Clone(m)
		ok := narrow(&c, n, got, make([]uint64, size))
		if !ok && any {
			t.Fatalf("%+v with masks %b: narrow says impossible, but %b works", c, m, support)
		}
		if ok {
			for q := range got {
				if support[q]&^got[q] != 0 || got[q]&^m[q] != 0 {
					t.Fatalf("%+v with masks %b: narrowed to %b, the solutions use %b", c, m, got, support)
				}
			}
		}
		single := true
		for _, x := range m {
			single = single && x&(x-1) == 0
		}
		if single && ok != any {
			t.Fatalf("%+v with digits %b: narrow = %v, reference %v", c, m, ok, any)
		}
	}
}
