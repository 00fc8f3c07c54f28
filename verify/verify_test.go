package verify_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// LeetCode 36, example 1 (valid) and example 2 (r1c1 changed from 5 to 8).
const (
	leet1 = "53..7...." + "6..195..." + ".98....6." + "8...6...3" + "4..8.3..1" + "7...2...6" + ".6....28." + "...419..5" + "....8..79"
	leet2 = "83..7...." + "6..195..." + ".98....6." + "8...6...3" + "4..8.3..1" + "7...2...6" + ".6....28." + "...419..5" + "....8..79"
)

// Norvig's top95 #1 and its solution.
const (
	top1    = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	top1Sol = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)

// pattern returns the full n×n grid (w·(r mod h) + r/h + c) mod n + 1
// under rules with h×w boxes (h·w = n): every row, column and box holds
// every digit.
func pattern(tb testing.TB, n, h, w int) *satdoku.Grid {
	tb.Helper()
	rules, err := satdoku.Boxes(n, h, w)
	if err != nil {
		tb.Fatal(err)
	}
	g := satdoku.NewGrid(rules)
	for r := range n {
		for c := range n {
			g.Set(r, c, (w*(r%h)+r/h+c)%n+1)
		}
	}
	return g
}

// square is pattern with b×b boxes on a b²×b² board.
func square(tb testing.TB, n int) *satdoku.Grid {
	b := 2
	for b*b < n {
		b++
	}
	return pattern(tb, n, b, b)
}

// naiveCheck is a reference for Check: every pair of cells with the same
// digit, then every unit of the rules that holds both, in the documented
// order.
func naiveCheck(g *satdoku.Grid) []verify.Conflict {
	var out []verify.Conflict
	n := g.N()
	units := g.Rules().Units()
	in := make([][]bool, len(units)) // in[u][i]: unit u holds cell i
	for u, unit := range units {
		in[u] = make([]bool, g.Len())
		for _, i := range unit.Cells {
			in[u][i] = true
		}
	}
	for i := range g.Len() {
		for j := i + 1; j < g.Len(); j++ {
			d := g.Cell(i)
			if d == 0 || g.Cell(j) != d {
				continue
			}
			for u, unit := range units {
				if in[u][i] && in[u][j] {
					out = append(out, verify.Conflict{
						A: cell(i/n, i%n), B: cell(j/n, j%n), Digit: d,
						Kind: unit.Kind, Index: unit.Index, Name: unit.Name,
					})
				}
			}
		}
	}
	return out
}

// swapCols swaps two columns of g, which keeps rows and columns valid.
func swapCols(g *satdoku.Grid, a, b int) *satdoku.Grid {
	for r := range g.N() {
		x, y := g.Get(r, a), g.Get(r, b)
		g.Set(r, a, y)
		g.Set(r, b, x)
	}
	return g
}

func cell(r, c int) verify.Cell { return verify.Cell{Row: r, Col: c} }

func TestCheck(t *testing.T) {
	with := func(g *satdoku.Grid, r, c, d int) *satdoku.Grid {
		g = g.Clone()
		g.Set(r, c, d)
		return g
	}
	empty9, _ := satdoku.New(9)
	p16 := square(t, 16)
	p64 := square(t, 64)
	tests := []struct {
		name string
		g    *satdoku.Grid
		want []verify.Conflict
	}{
		{"nil", nil, nil},
		{"zero grid", &satdoku.Grid{}, nil},
		{"empty 9x9", empty9, nil},
		{"leetcode example 1", grid(t, leet1), nil},
		{"leetcode example 2", grid(t, leet2), []verify.Conflict{
			{A: cell(0, 0), B: cell(2, 2), Digit: 8, Kind: satdoku.Box, Index: 0},
			{A: cell(0, 0), B: cell(3, 0), Digit: 8, Kind: satdoku.Column, Index: 0},
		}},
		{"solved 9x9", grid(t, top1Sol), nil},
		{"puzzle 9x9", grid(t, top1), nil},
		{"one digit", with(empty9, 0, 6, 5), nil},
		{"row, different boxes", with(with(empty9, 0, 2, 5), 0, 6, 5), []verify.Conflict{
			{A: cell(0, 2), B: cell(0, 6), Digit: 5, Kind: satdoku.Row, Index: 0},
		}},
		{"row and box", with(with(empty9, 3, 3, 9), 3, 5, 9), []verify.Conflict{
			{A: cell(3, 3), B: cell(3, 5), Digit: 9, Kind: satdoku.Row, Index: 3},
			{A: cell(3, 3), B: cell(3, 5), Digit: 9, Kind: satdoku.Box, Index: 4},
		}},
		{"column and box", with(with(empty9, 6, 8, 1), 8, 8, 1), []verify.Conflict{
			{A: cell(6, 8), B: cell(8, 8), Digit: 1, Kind: satdoku.Column, Index: 8},
			{A: cell(6, 8), B: cell(8, 8), Digit: 1, Kind: satdoku.Box, Index: 8},
		}},
		{"column only", with(with(empty9, 0, 3, 7), 8, 3, 7), []verify.Conflict{
			{A: cell(0, 3), B: cell(8, 3), Digit: 7, Kind: satdoku.Column, Index: 3},
		}},
		{"box only", with(with(empty9, 3, 8, 3), 5, 6, 3), []verify.Conflict{
			{A: cell(3, 8), B: cell(5, 6), Digit: 3, Kind: satdoku.Box, Index: 5},
		}},
		{"three in a row", grid(t, "2..2..2.."+"........."+"........."+"........."+"........."+"........."+"........."+"........."+"........."), []verify.Conflict{
			{A: cell(0, 0), B: cell(0, 3), Digit: 2, Kind: satdoku.Row, Index: 0},
			{A: cell(0, 0), B: cell(0, 6), Digit: 2, Kind: satdoku.Row, Index: 0},
			{A: cell(0, 3), B: cell(0, 6), Digit: 2, Kind: satdoku.Row, Index: 0},
		}},
		{"sorted by A then B", grid(t, "........4"+"........."+"........."+"........."+"........."+"........."+"........."+"........."+"1.......4"), []verify.Conflict{
			{A: cell(0, 8), B: cell(8, 8), Digit: 4, Kind: satdoku.Column, Index: 8},
		}},
		{"4x4 valid", grid(t, "1234341221434321"), nil},
		{"4x4 row", grid(t, "1..1............"), []verify.Conflict{
			{A: cell(0, 0), B: cell(0, 3), Digit: 1, Kind: satdoku.Row, Index: 0},
		}},
		{"4x4 box", grid(t, "2....2.........."), []verify.Conflict{
			{A: cell(0, 0), B: cell(1, 1), Digit: 2, Kind: satdoku.Box, Index: 0},
		}},
		{"4x4 across boxes", grid(t, "....2.....2....."), nil},
		{"4x4 box 4", grid(t, "..........3....3"), []verify.Conflict{
			{A: cell(2, 2), B: cell(3, 3), Digit: 3, Kind: satdoku.Box, Index: 3},
		}},
		{"16x16 valid", p16, nil},
		{"16x16 letter digits", with(with(p16, 15, 15, 0), 15, 0, 0), nil},
		{"64x64 valid", p64, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := verify.Check(tt.g)
			if len(tt.want) == 0 {
				tt.want = nil
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Check =\n%v\nwant\n%v", got, tt.want)
			}
			if tt.g != nil && tt.g.Rules() != nil {
				if ref := naiveCheck(tt.g); !slices.Equal(got, ref) {
					t.Errorf("Check =\n%v\nreference says\n%v", got, ref)
				}
			}
		})
	}
}

// TestCheckLarge compares Check with the reference on boards with many
// conflicts, including the last row, column and box of a 64×64 board.
func TestCheckLarge(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		edits [][3]int // row, column, digit
		count int      // number of conflicts expected
	}{
		{"16x16 one swap", 16, [][3]int{{0, 0, 2}}, 3},
		{"16x16 corner", 16, [][3]int{{15, 15, 16}, {14, 14, 16}}, -1},
		{"25x25 two edits", 25, [][3]int{{24, 0, 25}, {12, 12, 1}}, -1},
		{"64x64 last cell", 64, [][3]int{{63, 63, 64}}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := square(t, tt.n)
			for _, e := range tt.edits {
				g.Set(e[0], e[1], e[2])
			}
			got := verify.Check(g)
			if ref := naiveCheck(g); !slices.Equal(got, ref) {
				t.Fatalf("Check =\n%v\nreference says\n%v", got, ref)
			}
			if len(got) == 0 || tt.count >= 0 && len(got) != tt.count {
				t.Errorf("Check found %d conflicts %v, want %d", len(got), got, tt.count)
			}
		})
	}
}

func TestStrings(t *testing.T) {
	tests := []struct {
		got  fmt.Stringer
		want string
	}{
		{cell(0, 2), "r1c3"},
		{cell(63, 63), "r64c64"},
		{verify.Conflict{A: cell(0, 2), B: cell(0, 6), Digit: 5, Kind: satdoku.Row, Index: 0}, "r1c3 and r1c7 both hold 5 (row 1)"},
		{verify.Conflict{A: cell(0, 3), B: cell(8, 3), Digit: 7, Kind: satdoku.Column, Index: 3}, "r1c4 and r9c4 both hold 7 (column 4)"},
		{verify.Conflict{A: cell(0, 3), B: cell(1, 5), Digit: 1, Kind: satdoku.Box, Index: 1}, "r1c4 and r2c6 both hold 1 (box 2)"},
		{verify.Conflict{A: cell(10, 0), B: cell(10, 15), Digit: 16, Kind: satdoku.Row, Index: 10}, "r11c1 and r11c16 both hold 16 (row 11)"},
		{verify.Conflict{A: cell(0, 0), B: cell(4, 4), Digit: 3, Kind: satdoku.Extra, Index: 0, Name: "diagonal ↘"}, "r1c1 and r5c5 both hold 3 (diagonal ↘)"},
		{verify.Conflict{A: cell(0, 0), B: cell(1, 1), Digit: 2, Kind: satdoku.Extra, Index: 1}, "r1c1 and r2c2 both hold 2 (extra 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if s := tt.got.String(); s != tt.want {
				t.Errorf("String() = %q, want %q", s, tt.want)
			}
		})
	}
}

func TestSolution(t *testing.T) {
	sol4 := "1234" + "3412" + "2143" + "4321"
	changed := grid(t, top1)
	changed.Set(0, 0, 5)
	empty16, _ := satdoku.New(16)
	tests := []struct {
		name     string
		puzzle   *satdoku.Grid
		solution *satdoku.Grid
		want     error  // sentinel, nil for a correct answer
		msg      string // exact message
	}{
		{"good 9x9", grid(t, top1), grid(t, top1Sol), nil, ""},
		{"good 4x4 from empty", grid(t, "................"), grid(t, sol4), nil, ""},
		{"good 4x4 from itself", grid(t, sol4), grid(t, sol4), nil, ""},
		{"good 16x16", empty16, square(t, 16), nil, ""},
		{"good 64x64", square(t, 64), square(t, 64), nil, ""},
		{"empty cell", grid(t, top1), grid(t, top1Sol[:13]+"."+top1Sol[14:]), verify.ErrIncomplete, "verify: r2c5 is empty"},
		{"puzzle itself", grid(t, top1), grid(t, top1), verify.ErrIncomplete, "verify: r1c2 is empty"},
		{"given changed", changed, grid(t, top1Sol), verify.ErrGivens, "verify: r1c1 holds 4 but the puzzle gives 5"},
		{"row conflict", grid(t, top1), grid(t, "414"+top1Sol[3:]), verify.ErrConflict, "verify: r1c1 and r1c3 both hold 4 (row 1)"},
		{"row conflict 4x4", grid(t, "................"), grid(t, "1231"+sol4[4:]), verify.ErrConflict, "verify: r1c1 and r1c4 both hold 1 (row 1)"},
		{"column before box", grid(t, "................"), grid(t, sol4[:12]+"1234"), verify.ErrConflict, "verify: r1c1 and r4c1 both hold 1 (column 1)"},
		{"box conflict", grid(t, "................"), grid(t, "1234"+"2143"+"3412"+"4321"), verify.ErrConflict, "verify: r1c2 and r2c1 both hold 2 (box 1)"},
		{"columns 3 and 4 swapped", grid(t, "................................................................................."), swapCols(grid(t, top1Sol), 2, 3), verify.ErrConflict, "verify: r1c3 and r2c2 both hold 3 (box 1)"},
		{"empty before conflict", grid(t, "................"), grid(t, "1.31"+sol4[4:]), verify.ErrIncomplete, "verify: r1c2 is empty"},
		{"conflict before empty", grid(t, "................"), grid(t, "1231"+sol4[4:15]+"."), verify.ErrConflict, "verify: r1c1 and r1c4 both hold 1 (row 1)"},
		{"clashing givens", grid(t, "11.............."), grid(t, sol4), verify.ErrGivens, "verify: r1c2 holds 2 but the puzzle gives 1"},
		{"size", empty16, grid(t, top1Sol), verify.ErrSize, "verify: size 9×9, puzzle is 16×16"},
		{"nil puzzle", nil, grid(t, top1Sol), verify.ErrSize, "verify: no puzzle"},
		{"nil solution", grid(t, top1), nil, verify.ErrSize, "verify: no solution"},
		{"zero solution", grid(t, top1), &satdoku.Grid{}, verify.ErrSize, "verify: solution is not a valid board (0×0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := verify.Solution(tt.puzzle, tt.solution)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Solution = %v, want nil", err)
				}
				return
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("Solution = %v, want an error wrapping %v", err, tt.want)
			}
			if err.Error() != tt.msg {
				t.Errorf("Solution = %q, want %q", err, tt.msg)
			}
			for _, other := range []error{verify.ErrSize, verify.ErrIncomplete, verify.ErrGivens, verify.ErrConflict} {
				if other != tt.want && errors.Is(err, other) {
					t.Errorf("Solution = %v also wraps %v", err, other)
				}
			}
		})
	}
}

func TestSolutionAllocs(t *testing.T) {
	tests := []struct {
		name   string
		p, sol *satdoku.Grid
	}{
		{"9x9", grid(t, top1), grid(t, top1Sol)},
		{"64x64", square(t, 64), square(t, 64)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, func() {
				if err := verify.Solution(tt.p, tt.sol); err != nil {
					t.Fatal(err)
				}
			}); n != 0 {
				t.Errorf("Solution allocates %v times per call, want 0", n)
			}
		})
	}
}

// TestSolutionAgreesWithCheck: a full grid is a solution of itself exactly
// when Check finds nothing, and a conflict error names Check's pair.
func TestSolutionAgreesWithCheck(t *testing.T) {
	base := grid(t, top1Sol)
	for i := range base.Len() {
		for _, d := range []int{1, 5, 9} {
			g := base.Clone()
			g.SetCell(i, d)
			err := verify.Solution(g, g)
			cs := verify.Check(g)
			if (err == nil) != (cs == nil) {
				t.Fatalf("cell %d digit %d: Solution = %v, Check = %v", i, d, err, cs)
			}
			if err == nil {
				continue
			}
			found := false
			for _, c := range cs {
				found = found || "verify: "+c.String() == err.Error()
			}
			if !found {
				t.Fatalf("cell %d digit %d: Solution = %v, not among %v", i, d, err, cs)
			}
		}
	}
}

func ExampleCheck() {
	// LeetCode 36, example 2: an 8 at r1c1 meets the 8 at r3c3 in box 1
	// and the 8 at r4c1 in column 1.
	var g, _ = satdoku.New(9)
	board := [9]string{
		"83..7....",
		"6..195...",
		".98....6.",
		"8...6...3",
		"4..8.3..1",
		"7...2...6",
		".6....28.",
		"...419..5",
		"....8..79",
	}
	for r, row := range board {
		for c, ch := range row {
			if ch != '.' {
				g.Set(r, c, int(ch-'0'))
			}
		}
	}
	for _, c := range verify.Check(g) {
		fmt.Println(c)
	}
	// Output:
	// r1c1 and r3c3 both hold 8 (box 1)
	// r1c1 and r4c1 both hold 8 (column 1)
}

func ExampleSolution() {
	puzzle, _ := satdoku.New(4)
	puzzle.Set(0, 0, 1)
	answer, _ := satdoku.New(4)
	for i, d := range []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1} {
		answer.SetCell(i, d)
	}
	fmt.Println(verify.Solution(puzzle, answer))
	answer.Set(3, 3, 2)
	fmt.Println(verify.Solution(puzzle, answer))
	// Output:
	// <nil>
	// verify: r4c3 and r4c4 both hold 2 (row 4)
}

// TestConflictText checks that conflicts and the validator's errors name
// cells and values as the rules do: a var cell by its name (VA, not r5c1
// past a 4×4 grid) and a digit by its value on a board of the values 0 to
// 3 (digit 2 is the value 1).
func TestConflictText(t *testing.T) {
	r, _ := satdoku.Standard(4)
	r, err := r.WithValueOffset(-1)
	if err == nil {
		r, err = r.WithNamedVarCells("VA", "VB")
	}
	if err == nil {
		r, err = r.WithExtra(satdoku.ExtraUnit{Name: "pair", Cells: []int{0, 16}})
	}
	if err == nil {
		r, err = r.WithRelations(satdoku.Relation{A: 17, B: 1, Kind: satdoku.Less, Name: "less"})
	}
	if err == nil {
		r, err = r.WithConstraints(satdoku.Constraint{Kind: satdoku.OneOf, Cells: []int{16, 17}, Mask: 0b0011, Name: "low"})
	}
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	g.SetCell(0, 2)  // r1c1 = 1
	g.SetCell(16, 2) // VA = 1: the pair repeats it
	g.SetCell(1, 3)  // r1c2 = 2
	g.SetCell(17, 4) // VB = 3: not less than r1c2, and not low
	g.SetCell(10, 3) // r3c3 = 2
	g.SetCell(11, 3) // r3c4 = 2: row 3 and box 4 repeat it
	var got []string
	for _, c := range verify.Check(g) {
		got = append(got, c.Text(r))
	}
	want := []string{
		"r1c1 and VA both hold 1 (pair)",
		"r1c2 and VB hold 2 and 3 (less)",
		"r3c3 and r3c4 both hold 2 (row 3)",
		"r3c3 and r3c4 both hold 2 (box 4)",
		"low VA,VB: VB holds 3, not one of 0,1",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("conflicts\n%q\nwant\n%q", got, want)
	}
	// A solved grid, VA = 1 and VB = 0 (digits 2 and 1), breaks nothing;
	// the validator names the var cells and their values.
	puzzle := satdoku.NewGrid(r)
	puzzle.SetCell(17, 1) // VB = 0
	sol := pattern0(puzzle)
	sol.SetCell(16, 2)
	if err := verify.Solution(puzzle, sol); err != nil {
		t.Fatal(err)
	}
	sol.SetCell(16, 0)
	if err := verify.Solution(puzzle, sol); err == nil || err.Error() != "verify: VA is empty" {
		t.Errorf("an empty var cell: %v", err)
	}
	sol.SetCell(16, 2)
	sol.SetCell(17, 2)
	if err := verify.Solution(puzzle, sol); err == nil || err.Error() != "verify: VB holds 1 but the puzzle gives 0" {
		t.Errorf("a changed var cell: %v", err)
	}
}

// TestConflictTotals: a broken sum on a board of the values 0 to 3 is
// said in values: a cage of two cells that must add up to 1 (digits 3)
// holding 1 and 2 (digits 2 and 3) adds up to 3, and with one cell
// holding 3 it adds up to at least 3.
func TestConflictTotals(t *testing.T) {
	r, _ := satdoku.Standard(4)
	r, err := r.WithValueOffset(-1)
	if err == nil {
		r, err = r.WithConstraints(satdoku.Constraint{Kind: satdoku.Total, Cells: []int{0, 1}, Value: 3, Name: "killer cage"})
	}
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	g.SetCell(0, 2)
	g.SetCell(1, 3)
	if cs := verify.Check(g); len(cs) != 1 || cs[0].Text(r) != "killer cage r1c1,r1c2: sum 3, want 1" {
		t.Errorf("full cage: %v", cs)
	}
	g.SetCell(0, 0)
	g.SetCell(1, 4)
	if cs := verify.Check(g); len(cs) != 1 || cs[0].Text(r) != "killer cage r1c1,r1c2: sum at least 3, want 1" {
		t.Errorf("partial cage: %v", cs)
	}
}

// pattern0 returns g with its grid cells filled as a solved 4×4 Sudoku
// (digits 1 to 4, 1234 in the first row): only its var cells can be at
// fault.
func pattern0(g *satdoku.Grid) *satdoku.Grid {
	h := g.Clone()
	for i, d := range []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1} {
		h.SetCell(i, d)
	}
	return h
}
