package verify_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// This file tests the checker on rules other than the classic ones. The
// rules are built here as plain data: cell lists for the units.

// diagonals returns the two diagonals of an n×n board as extra units.
func diagonals(n int) []satdoku.ExtraUnit {
	var main, anti []int
	for k := range n {
		main = append(main, k*n+k)
		anti = append(anti, k*n+n-1-k)
	}
	return []satdoku.ExtraUnit{{Name: "diagonal ↘", Cells: main}, {Name: "diagonal ↙", Cells: anti}}
}

// must returns a function that returns r, failing the test on err:
// must(tb)(satdoku.Standard(9)).
func must(tb testing.TB) func(r *satdoku.Rules, err error) *satdoku.Rules {
	return func(r *satdoku.Rules, err error) *satdoku.Rules {
		tb.Helper()
		if err != nil {
			tb.Fatal(err)
		}
		return r
	}
}

// standard returns the classic rules of an n×n board.
func standard(tb testing.TB, n int) *satdoku.Rules {
	tb.Helper()
	return must(tb)(satdoku.Standard(n))
}

// xRules returns the rules of X-Sudoku: the classic rules and the two
// diagonals.
func xRules(tb testing.TB, n int) *satdoku.Rules {
	tb.Helper()
	return must(tb)(standard(tb, n).WithExtra(diagonals(n)...))
}

// latin returns the rules of a Latin square: rows and columns only.
func latin(tb testing.TB, n int) *satdoku.Rules {
	tb.Helper()
	return must(tb)(satdoku.Regions(n, nil))
}

// regions returns jigsaw rules drawn as rows of letters, one letter per
// cell and one letter per region; spaces are ignored.
func regions(tb testing.TB, drawing string) *satdoku.Rules {
	tb.Helper()
	drawing = strings.ReplaceAll(drawing, " ", "")
	n := 0
	for n*n < len(drawing) {
		n++
	}
	var names []byte
	var regs [][]int
	for i := range len(drawing) {
		k := slices.Index(names, drawing[i])
		if k < 0 {
			k = len(names)
			names = append(names, drawing[i])
			regs = append(regs, nil)
		}
		regs[k] = append(regs[k], i)
	}
	return must(tb)(satdoku.Regions(n, regs))
}

// jigsaw6 is a 6×6 jigsaw layout.
const jigsaw6 = "AAABBB AACCBB ACCDBD ECCDDF EEDDFF EEEFFF"

// jigsaw4 is a 4×4 jigsaw layout.
const jigsaw4 = "AABB ACCB ACDB CDDD"

// smallExtra returns the classic n×n rules with an extra unit of three
// cells that share no row, column or box: r1c1, r2c(n/2+1) and rNcN.
func smallExtra(tb testing.TB, n int) *satdoku.Rules {
	tb.Helper()
	cells := []int{0, n + n/2, n*n - 1}
	return must(tb)(standard(tb, n).WithExtra(satdoku.ExtraUnit{Name: "trio", Cells: cells}))
}

// hook returns the classic 6×6 rules with an extra unit of three cells,
// r1c1, r1c2 and r2c4, that shares two cells with row 1 and with box 1.
func hook(tb testing.TB) *satdoku.Rules {
	tb.Helper()
	return must(tb)(standard(tb, 6).WithExtra(satdoku.ExtraUnit{Name: "hook", Cells: []int{0, 1, 9}}))
}

// window returns the 6×6 classic rules with an extra unit of six cells
// (rows 2 and 3, columns 2 to 4) that meets four boxes.
func window(tb testing.TB) *satdoku.Rules {
	tb.Helper()
	return must(tb)(standard(tb, 6).WithExtra(satdoku.ExtraUnit{Name: "window", Cells: []int{7, 8, 9, 13, 14, 15}}))
}

// under returns the grid of line (as fromLine reads it) under rules r.
func under(tb testing.TB, r *satdoku.Rules, line string) *satdoku.Grid {
	tb.Helper()
	g := grid(tb, line)
	if err := g.SetRules(r); err != nil {
		tb.Fatal(err)
	}
	return g
}

// valid reports whether g is a complete grid that repeats no digit in a
// unit of rules r and keeps the givens of puzzle p (nil for none),
// comparing every pair of cells of every unit.
func valid(r *satdoku.Rules, p, g *satdoku.Grid) bool {
	if g == nil || g.N() != r.N() || !g.Full() {
		return false
	}
	for i := range g.Len() {
		if p != nil && p.Cell(i) != 0 && p.Cell(i) != g.Cell(i) {
			return false
		}
	}
	for _, u := range r.Units() {
		for a, i := range u.Cells {
			for _, j := range u.Cells[a+1:] {
				if g.Cell(i) == g.Cell(j) {
					return false
				}
			}
		}
	}
	return true
}

// brute counts the solutions of g under its rules by plain recursion: it
// fills the first empty cell in row-major order with each digit that no
// other cell of any unit of that cell holds, up to limit solutions. It
// returns the count and the first solution in that order.
func brute(g *satdoku.Grid, limit int) (int, *satdoku.Grid) {
	if len(naiveCheck(g)) > 0 {
		return 0, nil
	}
	units := g.Rules().Units()
	g = g.Clone()
	var first *satdoku.Grid
	count := 0
	allowed := func(i, d int) bool {
		for _, u := range units {
			if !slices.Contains(u.Cells, i) {
				continue
			}
			for _, j := range u.Cells {
				if g.Cell(j) == d {
					return false
				}
			}
		}
		return true
	}
	var fill func(i int)
	fill = func(i int) {
		for i < g.Len() && g.Cell(i) != 0 {
			i++
		}
		if i == g.Len() {
			if count++; first == nil {
				first = g.Clone()
			}
			return
		}
		for d := 1; d <= g.N() && count < limit; d++ {
			if allowed(i, d) {
				g.SetCell(i, d)
				fill(i + 1)
				g.SetCell(i, 0)
			}
		}
	}
	fill(0)
	return count, first
}

// ruleSet is a set of rules with one of its solutions.
type ruleSet struct {
	name string
	r    *satdoku.Rules
	sol  string
}

// ruleSets returns the rules of the tests, each with a solution found by
// brute on the empty board (the first in its order).
func ruleSets(tb testing.TB) []ruleSet {
	return []ruleSet{
		{"classic 4x4", standard(tb, 4), "1234341221434321"},
		{"classic 6x6", standard(tb, 6), "123456456123214365365214531642642531"},
		{"x 4x4", xRules(tb, 4), "1234341243212143"},
		{"x 6x6", xRules(tb, 6), "123456465213312564654321531642246135"},
		{"x 9x9", xRules(tb, 9), "123456789456789123789123456214365897368972514597814632941638275832547961675291348"},
		{"jigsaw 4x4", regions(tb, jigsaw4), "1234314243212413"},
		{"jigsaw 6x6", regions(tb, jigsaw6), "123456456123632514245361361245514632"},
		{"latin 4x4", latin(tb, 4), "1234214334124321"},
		{"latin 5x5", latin(tb, 5), "1234523451345124512351234"},
		{"trio 4x4", smallExtra(tb, 4), "1234342143122143"},
		{"trio 6x6", smallExtra(tb, 6), "123456456213214365365142542631631524"},
		{"window 6x6", window(tb), "123456456123534261261345345612612534"},
		{"hook 6x6", hook(tb), "123456456312214563365124532641641235"},
	}
}

// TestRuleSets checks the solutions of ruleSets against the meaning of
// the rules, and that the rules are the data the tests mean.
func TestRuleSets(t *testing.T) {
	for _, rs := range ruleSets(t) {
		if !valid(rs.r, nil, grid(t, rs.sol)) {
			t.Errorf("%s: %s is not a solution", rs.name, rs.sol)
		}
	}
	if got := len(xRules(t, 9).Units()); got != 29 {
		t.Errorf("X-Sudoku 9×9 has %d units, want 29", got)
	}
	if got := len(latin(t, 5).Units()); got != 10 {
		t.Errorf("a Latin square of order 5 has %d units, want 10", got)
	}
}

// with returns a copy of g with digit d at each of the given cells.
func with(g *satdoku.Grid, d int, cells ...verify.Cell) *satdoku.Grid {
	g = g.Clone()
	for _, c := range cells {
		g.Set(c.Row, c.Col, d)
	}
	return g
}

// empty returns an empty grid under r.
func empty(r *satdoku.Rules) *satdoku.Grid { return satdoku.NewGrid(r) }

func TestCheckRules(t *testing.T) {
	x9, j6 := xRules(t, 9), regions(t, jigsaw6)
	diag := func(a, b verify.Cell, d, index int) verify.Conflict {
		name := []string{"diagonal ↘", "diagonal ↙"}[index]
		return verify.Conflict{A: a, B: b, Digit: d, Kind: satdoku.Extra, Index: index, Name: name}
	}
	tests := []struct {
		name string
		g    *satdoku.Grid
		want []verify.Conflict
	}{
		{"x empty", empty(x9), nil},
		{"x solution", under(t, x9, ruleSets(t)[4].sol), nil},
		{"x diagonal only", with(empty(x9), 3, cell(0, 0), cell(4, 4)), []verify.Conflict{diag(cell(0, 0), cell(4, 4), 3, 0)}},
		{"x anti-diagonal only", with(empty(x9), 7, cell(0, 8), cell(8, 0)), []verify.Conflict{diag(cell(0, 8), cell(8, 0), 7, 1)}},
		{"x box then diagonal", with(empty(x9), 2, cell(0, 0), cell(1, 1)), []verify.Conflict{
			{A: cell(0, 0), B: cell(1, 1), Digit: 2, Kind: satdoku.Box, Index: 0},
			diag(cell(0, 0), cell(1, 1), 2, 0),
		}},
		{"x centre on both diagonals", with(empty(x9), 9, cell(4, 4), cell(2, 2), cell(6, 2)), []verify.Conflict{
			diag(cell(2, 2), cell(4, 4), 9, 0),
			{A: cell(2, 2), B: cell(6, 2), Digit: 9, Kind: satdoku.Column, Index: 2},
			diag(cell(4, 4), cell(6, 2), 9, 1),
		}},
		{"x classic grid", under(t, x9, top1Sol), []verify.Conflict{
			diag(cell(0, 0), cell(3, 3), 4, 0),
			diag(cell(1, 1), cell(8, 8), 3, 0),
			diag(cell(2, 2), cell(4, 4), 8, 0),
			diag(cell(2, 2), cell(7, 7), 8, 0),
			diag(cell(3, 5), cell(7, 1), 7, 1),
			diag(cell(4, 4), cell(7, 7), 8, 0),
			diag(cell(5, 3), cell(6, 2), 9, 1),
		}},
		{"6x6 box", with(empty(standard(t, 6)), 1, cell(0, 0), cell(1, 2)), []verify.Conflict{
			{A: cell(0, 0), B: cell(1, 2), Digit: 1, Kind: satdoku.Box, Index: 0},
		}},
		{"6x6 next box", with(empty(standard(t, 6)), 1, cell(0, 0), cell(1, 3)), nil},
		{"6x6 box 3", with(empty(standard(t, 6)), 5, cell(2, 0), cell(3, 2)), []verify.Conflict{
			{A: cell(2, 0), B: cell(3, 2), Digit: 5, Kind: satdoku.Box, Index: 2},
		}},
		{"6x6 box 6", with(empty(standard(t, 6)), 6, cell(4, 3), cell(5, 5)), []verify.Conflict{
			{A: cell(4, 3), B: cell(5, 5), Digit: 6, Kind: satdoku.Box, Index: 5},
		}},
		{"jigsaw column and region", with(empty(j6), 4, cell(0, 0), cell(2, 0)), []verify.Conflict{
			{A: cell(0, 0), B: cell(2, 0), Digit: 4, Kind: satdoku.Column, Index: 0},
			{A: cell(0, 0), B: cell(2, 0), Digit: 4, Kind: satdoku.Box, Index: 0},
		}},
		{"jigsaw region only", with(empty(j6), 6, cell(1, 2), cell(3, 1)), []verify.Conflict{
			{A: cell(1, 2), B: cell(3, 1), Digit: 6, Kind: satdoku.Box, Index: 2},
		}},
		{"jigsaw not a box", with(empty(j6), 6, cell(0, 0), cell(1, 2)), nil},
		{"latin no boxes", with(empty(latin(t, 4)), 1, cell(0, 0), cell(1, 1)), nil},
		{"latin row", with(empty(latin(t, 5)), 5, cell(4, 0), cell(4, 4)), []verify.Conflict{
			{A: cell(4, 0), B: cell(4, 4), Digit: 5, Kind: satdoku.Row, Index: 4},
		}},
		{"trio", with(empty(smallExtra(t, 4)), 2, cell(0, 0), cell(3, 3)), []verify.Conflict{
			{A: cell(0, 0), B: cell(3, 3), Digit: 2, Kind: satdoku.Extra, Index: 0, Name: "trio"},
		}},
		{"window", with(empty(window(t)), 5, cell(1, 1), cell(2, 3)), []verify.Conflict{
			{A: cell(1, 1), B: cell(2, 3), Digit: 5, Kind: satdoku.Extra, Index: 0, Name: "window"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := verify.Check(tt.g)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Check =\n%v\nwant\n%v", got, tt.want)
			}
			if ref := naiveCheck(tt.g); !slices.Equal(got, ref) {
				t.Errorf("Check =\n%v\nreference says\n%v", got, ref)
			}
		})
	}
}

func TestSolutionRules(t *testing.T) {
	sets := ruleSets(t)
	x9, j6, l4, trio := xRules(t, 9), regions(t, jigsaw6), latin(t, 4), smallExtra(t, 4)
	std4, std6, std9 := standard(t, 4), standard(t, 6), standard(t, 9)
	tests := []struct {
		name             string
		puzzle, solution *satdoku.Grid
		msg              string // "" for a correct answer
	}{
		{"x solution", empty(x9), under(t, x9, sets[4].sol), ""},
		{"x classic grid", empty(x9), under(t, std9, top1Sol), "verify: r1c1 and r4c4 both hold 4 (diagonal ↘)"},
		{"x puzzle's rules count", under(t, x9, top1), under(t, std9, top1Sol), "verify: r1c1 and r4c4 both hold 4 (diagonal ↘)"},
		{"x solution's rules do not", under(t, std9, top1), under(t, x9, top1Sol), ""},
		{"x given", under(t, x9, "5"+strings.Repeat(".", 80)), under(t, x9, sets[4].sol), "verify: r1c1 holds 1 but the puzzle gives 5"},
		{"6x6 solution", empty(std6), under(t, std6, sets[1].sol), ""},
		{"6x6 3x2 boxes", empty(std6), pattern(t, 6, 3, 2), "verify: r1c3 and r2c1 both hold 3 (box 1)"},
		{"6x6 2x3 boxes", empty(std6), pattern(t, 6, 2, 3), ""},
		{"jigsaw solution", empty(j6), under(t, j6, sets[6].sol), ""},
		{"jigsaw classic grid", empty(j6), under(t, std6, sets[1].sol), "verify: r1c2 and r3c1 both hold 2 (box 1)"},
		{"latin square", empty(l4), under(t, l4, sets[7].sol), ""},
		{"latin square as sudoku", empty(std4), under(t, l4, sets[7].sol), "verify: r1c2 and r2c1 both hold 2 (box 1)"},
		{"trio solution", empty(trio), under(t, trio, sets[9].sol), ""},
		{"trio classic grid", empty(trio), under(t, std4, sets[0].sol), "verify: r1c1 and r2c3 both hold 1 (trio)"},
		{"trio not full", empty(trio), under(t, std4, "1234342143122143"), ""},
		{"size", empty(x9), under(t, std6, sets[1].sol), "verify: size 6×6, puzzle is 9×9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := verify.Solution(tt.puzzle, tt.solution)
			switch {
			case tt.msg == "" && err != nil:
				t.Errorf("Solution = %v, want nil", err)
			case tt.msg != "" && (err == nil || err.Error() != tt.msg):
				t.Errorf("Solution = %v, want %q", err, tt.msg)
			}
			if want := valid(tt.puzzle.Rules(), tt.puzzle, tt.solution); want != (err == nil) {
				t.Errorf("Solution = %v, but the reference says valid = %v", err, want)
			}
		})
	}
	// A conflict is ErrConflict.
	if err := verify.Solution(empty(x9), under(t, std9, top1Sol)); !errors.Is(err, verify.ErrConflict) {
		t.Errorf("Solution = %v, want ErrConflict", err)
	}
}

func TestSolutionRulesAllocs(t *testing.T) {
	for _, rs := range ruleSets(t) {
		p, sol := empty(rs.r), under(t, rs.r, rs.sol)
		if n := testing.AllocsPerRun(100, func() {
			if err := verify.Solution(p, sol); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("%s: Solution allocates %v times per call, want 0", rs.name, n)
		}
	}
}

// TestSolutionAgreesWithCheckRules: under every rule set, a full grid is
// a solution of itself exactly when Check finds nothing, and a conflict
// error names one of Check's pairs.
func TestSolutionAgreesWithCheckRules(t *testing.T) {
	for _, rs := range ruleSets(t) {
		base := under(t, rs.r, rs.sol)
		for i := range base.Len() {
			for d := 1; d <= base.N(); d++ {
				g := base.Clone()
				g.SetCell(i, d)
				err := verify.Solution(g, g)
				cs := verify.Check(g)
				if (err == nil) != (cs == nil) {
					t.Fatalf("%s: cell %d digit %d: Solution = %v, Check = %v", rs.name, i, d, err, cs)
				}
				found := err == nil
				for _, c := range cs {
					found = found || "verify: "+c.String() == err.Error()
				}
				if !found {
					t.Fatalf("%s: cell %d digit %d: Solution = %v, not among %v", rs.name, i, d, err, cs)
				}
			}
		}
	}
}

// puzzles returns k puzzles made from the solution of rs: each keeps every
// cell with a probability from keep, and a third of them get one more
// given with a random digit, which may clash or leave no solution.
func puzzles(tb testing.TB, rs ruleSet, rng *rand.Rand, k int, keep []float64) []*satdoku.Grid {
	sol := grid(tb, rs.sol)
	n := sol.N()
	var out []*satdoku.Grid
	for j := range k {
		g := satdoku.NewGrid(rs.r)
		p := keep[j%len(keep)]
		for i := range g.Len() {
			if rng.Float64() < p {
				g.SetCell(i, sol.Cell(i))
			}
		}
		if j%3 == 2 {
			g.SetCell(rng.IntN(g.Len()), 1+rng.IntN(n))
		}
		out = append(out, g)
	}
	return out
}

// TestCountBrute compares Count with brute on puzzles under every rule
// set, with none, one and several solutions.
func TestCountBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	k := 400
	if testing.Short() {
		k = 60
	}
	for _, rs := range ruleSets(t) {
		t.Run(rs.name, func(t *testing.T) {
			keep := []float64{0.2, 0.35, 0.5, 0.65}
			switch n := rs.r.N(); {
			case n == 9:
				keep = []float64{0.45, 0.55, 0.65, 0.75} // many givens
			case n == 6:
				keep = []float64{0.3, 0.4, 0.5, 0.65}
			}
			const limit = 20
			var kinds [3]int // none, one, several
			for _, g := range puzzles(t, rs, rng, k, keep) {
				want, wantSol := brute(g, limit)
				got, sol := verify.Count(g, limit)
				kinds[min(want, 2)]++
				if got != want {
					t.Fatalf("%s: Count = %d, brute force %d", line(g), got, want)
				}
				if got == 0 {
					if sol != nil {
						t.Fatalf("%s: Count = 0 with solution %s", line(g), line(sol))
					}
					continue
				}
				if !valid(rs.r, g, sol) {
					t.Fatalf("%s: Count's solution %s is not one", line(g), line(sol))
				}
				if sol.Rules() != g.Rules() {
					t.Fatalf("%s: Count's solution is not under the puzzle's rules", line(g))
				}
				if got == 1 && !sol.Equal(wantSol) {
					t.Fatalf("%s: Count's solution %s, brute force %s", line(g), line(sol), line(wantSol))
				}
			}
			t.Logf("%d puzzles: %d with none, %d unique, %d with several", k, kinds[0], kinds[1], kinds[2])
			if kinds[0] == 0 || kinds[1] == 0 || kinds[2] == 0 {
				t.Errorf("the puzzles miss a kind: %v", kinds)
			}
		})
	}
}

// TestCountKnown checks Count against counts known from the literature.
func TestCountKnown(t *testing.T) {
	std6 := standard(t, 6)
	reduced := func(r *satdoku.Rules) *satdoku.Grid { // first row and column 1..N
		g := empty(r)
		for k := range r.N() {
			g.Set(0, k, k+1)
			g.Set(k, 0, k+1)
		}
		return g
	}
	firstRow := empty(std6)
	for c := range 6 {
		firstRow.Set(0, c, c+1)
	}
	tests := []struct {
		name  string
		g     *satdoku.Grid
		limit int
		want  int
		brute bool // also count by brute force
	}{
		// 288 solved 4×4 grids; 28,200,960 solved 6×6 grids with 2×3
		// boxes, the same number for each of the 720 first rows: 39,168.
		{"sudoku 4x4", empty(standard(t, 4)), 1000, 288, true},
		{"sudoku 6x6 first row", firstRow, 50000, 39168, !testing.Short()},
		// Latin squares: 576 of order 4; reduced ones (first row and
		// column in order) 4, 56 and 9,408 of orders 4, 5 and 6.
		{"latin 4", empty(latin(t, 4)), 1000, 576, true},
		{"reduced latin 4", reduced(latin(t, 4)), 100, 4, true},
		{"reduced latin 5", reduced(latin(t, 5)), 100, 56, true},
		{"reduced latin 6", reduced(latin(t, 6)), 10000, 9408, false},
		{"latin 7 from standard", empty(standard(t, 7)), 5, 5, false}, // 7 is prime: no boxes
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, sol := verify.Count(tt.g, tt.limit)
			if got != tt.want {
				t.Errorf("Count = %d, want %d", got, tt.want)
			}
			if !valid(tt.g.Rules(), tt.g, sol) {
				t.Errorf("first solution %s is not one", line(sol))
			}
			if tt.brute {
				if n, _ := brute(tt.g, tt.limit); n != tt.want {
					t.Errorf("brute force counts %d, want %d", n, tt.want)
				}
			}
		})
	}
}
