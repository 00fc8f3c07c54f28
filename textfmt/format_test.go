package textfmt

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// sampleGrid returns a deterministic n×n puzzle under Standard(n): a valid
// pattern solution with its digits shuffled and about half of the cells
// blank, chosen by seed. Seed 0 gives the full solution, of which every
// other seed's puzzle is a part.
func sampleGrid(n int, seed uint64) *satdoku.Grid {
	r, err := satdoku.Standard(n)
	if err != nil {
		panic(err)
	}
	return sampleUnder(r, seed)
}

// sampleUnder is sampleGrid under rules r. The pattern fills the boxes of
// r.BoxShape(), or is a Latin square when r has no rectangular boxes.
func sampleUnder(rules *satdoku.Rules, seed uint64) *satdoku.Grid {
	g := satdoku.NewGrid(rules)
	n := g.N()
	h, w := rules.BoxShape()
	if h == 0 {
		h, w = 1, n
	}
	perm := rand.New(rand.NewPCG(uint64(n), 0)).Perm(n)
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	for r := range n {
		for c := range n {
			if seed == 0 || rng.IntN(2) == 0 {
				g.Set(r, c, perm[(w*(r%h)+r/h+c)%n]+1)
			}
		}
	}
	return g
}

// Jigsaw regions: a 4×4 layout, and the 3×3 boxes of a 9×9 board with
// cells passed around a cycle of boxes 1, 2, 5, 4 (numbered from 1).
var (
	jigsaw4 = [][]int{
		{0, 1, 2, 4},
		{3, 6, 7, 11},
		{5, 8, 9, 12},
		{10, 13, 14, 15},
	}
	jigsaw9 = [][]int{
		{0, 1, 2, 9, 10, 11, 18, 19, 27},
		{3, 4, 5, 12, 13, 14, 20, 21, 23},
		{6, 7, 8, 15, 16, 17, 24, 25, 26},
		{22, 30, 31, 32, 40, 41, 48, 49, 50},
		{28, 29, 36, 37, 38, 39, 45, 46, 47},
		{33, 34, 35, 42, 43, 44, 51, 52, 53},
		{54, 55, 56, 63, 64, 65, 72, 73, 74},
		{57, 58, 59, 66, 67, 68, 75, 76, 77},
		{60, 61, 62, 69, 70, 71, 78, 79, 80},
	}
)

func TestGolden(t *testing.T) {
	grids := []struct {
		name string
		g    *satdoku.Grid
	}{
		{"leet37", MustParse(leet37)},
		{"leet37-solution", MustParse(leet37Sol)},
		{"4x4", MustParse(four)},
		{"6x6", sampleGrid(6, 1)},
		{"8x8", sampleGrid(8, 1)},
		{"10x10", sampleGrid(10, 1)},
		{"12x12", sampleGrid(12, 1)},
		{"16x16", MustParse(sixteen)},
		{"25x25", sampleGrid(25, 1)},
		{"36x36", sampleGrid(36, 1)},
		{"64x64-solution", sampleGrid(64, 0)},
		{"empty-9x9", must(satdoku.New(9))},
		{"jigsaw", jigsawGrid()},
	}
	for _, tt := range grids {
		for f := FormatLine; f <= FormatLeetCode; f++ {
			t.Run(tt.name+"."+f.String(), func(t *testing.T) {
				checkGolden(t, tt.name+"."+f.String(), String(tt.g, f)+"\n")
			})
		}
	}
	t.Run("leet37.colored", func(t *testing.T) {
		sol := MustParse(leet37Sol)
		got := AppendColored(nil, sol, MustParse(leet37), "\x1b[31m", "\x1b[0m")
		checkGolden(t, "leet37.colored", string(got)+"\n")
	})
	t.Run("36x36.colored", func(t *testing.T) {
		got := AppendColored(nil, sampleGrid(36, 0), sampleGrid(36, 1), "<", ">")
		checkGolden(t, "36x36.colored", string(got)+"\n")
	})
}

// must returns v, panicking on an error.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s:\n%s\nwant:\n%s", name, path, got, want)
	}
}

func TestFormatGrid(t *testing.T) {
	want := `5 3 4 | 6 7 8 | 9 1 2
6 7 2 | 1 9 5 | 3 4 8
1 9 8 | 3 4 2 | 5 6 7
------+-------+------
8 5 9 | 7 6 1 | 4 2 3
4 2 6 | 8 5 3 | 7 9 1
7 1 3 | 9 2 4 | 8 5 6
------+-------+------
9 6 1 | 5 3 7 | 2 8 4
2 8 7 | 4 1 9 | 6 3 5
3 4 5 | 2 8 6 | 1 7 9`
	if got := String(MustParse(leet37Sol), FormatGrid); got != want {
		t.Errorf("Format(FormatGrid) =\n%s\nwant\n%s", got, want)
	}
}

// TestFormatWidths checks that every line of a formatted grid is as wide as
// the others, that there is a rule between bands of boxes, and that box
// bars line up with the rule's crosses, for every side in Sides and for
// boxes of other shapes.
func TestFormatWidths(t *testing.T) {
	var rules []*satdoku.Rules
	for _, n := range satdoku.Sides() {
		rules = append(rules, must(satdoku.Standard(n)))
	}
	for _, shape := range [][3]int{{6, 3, 2}, {8, 4, 2}, {12, 2, 6}, {12, 4, 3}, {15, 3, 5}, {30, 5, 6}, {64, 4, 16}} {
		rules = append(rules, must(satdoku.Boxes(shape[0], shape[1], shape[2])))
	}
	for _, r := range rules {
		n := r.N()
		h, w := r.BoxShape()
		lines := strings.Split(String(sampleUnder(r, 3), FormatGrid), "\n")
		if len(lines) != n+n/h-1 {
			t.Errorf("%d×%d, %d×%d boxes: %d lines, want %d", n, n, h, w, len(lines), n+n/h-1)
		}
		rule := lines[h]
		if strings.Count(rule, "+") != n/w-1 || strings.Trim(rule, "-+") != "" {
			t.Errorf("%d×%d, %d×%d boxes: rule %q", n, n, h, w, rule)
		}
		for i, l := range lines {
			if l == rule {
				if i%(h+1) != h {
					t.Errorf("%d×%d, %d×%d boxes: rule at line %d", n, n, h, w, i+1)
				}
				continue
			}
			if len(l) != len(rule) {
				t.Errorf("%d×%d, %d×%d boxes: line %d is %d wide, rule %d", n, n, h, w, i+1, len(l), len(rule))
				continue
			}
			for j := range l {
				if (l[j] == '|') != (rule[j] == '+') {
					t.Errorf("%d×%d, %d×%d boxes: line %d column %d: %q under %q", n, n, h, w, i+1, j+1, l[j], rule[j])
					break
				}
			}
		}
	}
}

// TestFormatNoBoxes checks that a grid whose rules have no rectangular
// boxes gets the borders of its jigsaw regions, and no separators when it
// has no regions (a Latin square).
func TestFormatNoBoxes(t *testing.T) {
	jig := must(satdoku.Regions(4, jigsaw4))
	g := satdoku.NewGrid(jig)
	for i, d := range []int{1, 2, 3, 4, 3, 4, 1, 2, 4, 1, 2, 3, 2, 3, 4, 1} {
		g.SetCell(i, d)
	}
	want := `1 2 3|4
 +-+-+
3|4|1 2
-+ +-+
4 1|2|3
 +-+ +-
2|3 4 1`
	if got := String(g, FormatGrid); got != want {
		t.Errorf("jigsaw 4×4 FormatGrid =\n%s\nwant\n%s", got, want)
	}
	for _, r := range []*satdoku.Rules{must(satdoku.Standard(7)), must(satdoku.Regions(9, nil))} {
		out := String(sampleUnder(r, 1), FormatGrid)
		if strings.ContainsAny(out, "|+-") || strings.Count(out, "\n") != r.N()-1 {
			t.Errorf("%d×%d without boxes: FormatGrid =\n%s", r.N(), r.N(), out)
		}
	}
	g = sampleUnder(must(satdoku.Regions(9, jigsaw9)), 1)
	out := String(g, FormatGrid)
	if back, err := Parse(out); err != nil || !back.Equal(g) {
		t.Errorf("9×9 jigsaw: FormatGrid does not read back (%v):\n%s", err, out)
	}
}

func TestFormatLine(t *testing.T) {
	tests := []struct {
		g    *satdoku.Grid
		want string
	}{
		{MustParse(leet37), leet37},
		{MustParse(four), four},
		{MustParse(sixteen), sixteen},
		{must(satdoku.New(4)), "................"},
	}
	for _, tt := range tests {
		if got := tt.g.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
	g := must(satdoku.New(36))
	g.Set(0, 0, 36)
	g.Set(0, 2, 7)
	if got := g.String(); !strings.HasPrefix(got, "36 . 7 . .") || len(got) != 2*36*36 {
		t.Errorf("36×36 String() = %.20q… (%d bytes)", got, len(got))
	}
	var nilGrid *satdoku.Grid
	if got := nilGrid.String(); got != "" {
		t.Errorf("nil.String() = %q", got)
	}
	if got := String(new(satdoku.Grid), FormatGrid); got != "" {
		t.Errorf("zero Grid Format = %q", got)
	}
}

func TestFormatJSON(t *testing.T) {
	g := MustParse(four)
	if got, want := String(g, FormatJSON), "[[1,0,0,4],[0,0,3,0],[0,4,0,0],[2,0,0,1]]"; got != want {
		t.Errorf("FormatJSON = %s, want %s", got, want)
	}
	if got, want := String(g, FormatLeetCode), `[["1",".",".","4"],[".",".","3","."],[".","4",".","."],["2",".",".","1"]]`; got != want {
		t.Errorf("FormatLeetCode = %s, want %s", got, want)
	}
	if got := String(MustParse(leet37), FormatLeetCode); got != leet37JSON {
		t.Errorf("FormatLeetCode = %s, want %s", got, leet37JSON)
	}
	big := must(satdoku.New(36))
	big.Set(0, 1, 12)
	if got := String(big, FormatLeetCode); !strings.HasPrefix(got, `[[".","12",".",`) {
		t.Errorf("36×36 FormatLeetCode = %.30s…", got)
	}
}

// TestRoundTrip checks that every format of a grid parses back to the same
// digits, for every side in Sides under Standard rules and for grids under
// other rules: the text reads back under Standard rules of the side, and
// Grid.SetRules gives the grid its rules back, with the same text. A Reader
// told the size reads the same text.
func TestRoundTrip(t *testing.T) {
	var rules []*satdoku.Rules
	for _, n := range satdoku.Sides() {
		rules = append(rules, must(satdoku.Standard(n)))
	}
	rules = append(rules,
		must(satdoku.Boxes(6, 3, 2)), must(satdoku.Boxes(8, 4, 2)), must(satdoku.Boxes(12, 2, 6)), must(satdoku.Boxes(16, 2, 8)),
		must(satdoku.Regions(4, jigsaw4)), must(satdoku.Regions(9, jigsaw9)), must(satdoku.Regions(12, nil)),
		must(must(satdoku.Standard(9)).WithNamed("x")))
	for _, r := range rules {
		n := r.N()
		h, w := r.BoxShape()
		name := fmt.Sprintf("%d×%d, %d×%d boxes, %d units", n, n, h, w, len(r.Units()))
		for seed := range uint64(3) {
			g := sampleUnder(r, seed)
			for f := FormatLine; f <= FormatCompact; f++ {
				s := String(g, f)
				got, err := Parse(s)
				if err != nil {
					t.Errorf("%s, seed %d, %v: Parse: %v", name, seed, f, err)
					continue
				}
				if !got.Equal(g) || got.Rules() != must(satdoku.Standard(n)) {
					t.Errorf("%s, seed %d, %v: Parse gave another grid, or not under Standard(%d)", name, seed, f, n)
				}
				if err := got.SetRules(r); err != nil || String(got, f) != s {
					t.Errorf("%s, seed %d, %v: the text differs when read back (%v)", name, seed, f, err)
				}
				rd := NewReader(strings.NewReader(s + "\n" + s))
				rd.Size = n
				for i := range 2 {
					if got, err := rd.Read(); err != nil || !got.Equal(g) {
						t.Errorf("%s, seed %d, %v: Reader #%d: %v", name, seed, f, i+1, err)
					}
				}
			}
		}
	}
}

func TestAppendColored(t *testing.T) {
	puzzle := MustParse(four)
	sol := MustParse("1234341221434321")
	got := string(AppendColored([]byte("> "), sol, puzzle, "[", "]"))
	// Recompute the expectation cell by cell rather than by hand.
	var b strings.Builder
	b.WriteString("> ")
	for r := range 4 {
		if r == 2 {
			b.WriteString("\n----+----")
		}
		if r > 0 {
			b.WriteString("\n")
		}
		for c := range 4 {
			switch {
			case c == 2:
				b.WriteString(" | ")
			case c > 0:
				b.WriteString(" ")
			}
			d := string(rune('0' + sol.Get(r, c)))
			if puzzle.Get(r, c) == 0 {
				d = "[" + d + "]"
			}
			b.WriteString(d)
		}
	}
	if got != b.String() {
		t.Errorf("AppendColored =\n%s\nwant\n%s", got, b.String())
	}
	plain := String(sol, FormatGrid)
	if got := string(AppendColored(nil, sol, nil, "[", "]")); got != plain {
		t.Errorf("AppendColored with nil puzzle = %q, want %q", got, plain)
	}
	if got := string(AppendColored(nil, sol, MustParse(leet37), "[", "]")); got != plain {
		t.Errorf("AppendColored with a 9×9 puzzle = %q, want %q", got, plain)
	}
	if got := string(AppendColored(nil, sol, puzzle, "", "")); got != plain {
		t.Errorf("AppendColored with empty on/off = %q, want %q", got, plain)
	}
}

func TestParseFormat(t *testing.T) {
	for f := FormatLine; f <= FormatCompact; f++ {
		for _, s := range []string{f.String(), strings.ToUpper(f.String())} {
			got, err := ParseFormat(s)
			if err != nil || got != f {
				t.Errorf("ParseFormat(%q) = %v, %v; want %v", s, got, err, f)
			}
		}
	}
	if _, err := ParseFormat("xml"); err == nil || !strings.Contains(err.Error(), `"xml"`) {
		t.Errorf("ParseFormat(xml) error = %v", err)
	}
	if got := Format(9).String(); got != "Format(9)" {
		t.Errorf("Format(9).String() = %q", got)
	}
	if got := String(MustParse(four), Format(9)); got != four {
		t.Errorf("unknown format gives %q, want the line form", got)
	}
}

func TestAppendFormatAppends(t *testing.T) {
	g := MustParse(four)
	got := Append([]byte("x="), g, FormatLine)
	if !bytes.Equal(got, []byte("x="+four)) {
		t.Errorf("AppendFormat = %q", got)
	}
}

// jigsawGrid is the LeetCode 37 solution under irregular regions: in each
// band of three rows the regions are three cells wide, shifted one column
// further right on every row (and wrapping around).
func jigsawGrid() *satdoku.Grid {
	regions := make([][]int, 9)
	for i := range 81 {
		r, c := i/9, i%9
		x := 3*(r/3) + (c+9-r%3)%9/3
		regions[x] = append(regions[x], i)
	}
	g := MustParse(leet37Sol)
	if err := g.SetRules(must(satdoku.Regions(9, regions))); err != nil {
		panic(err)
	}
	return g
}

// TestFormatRegions: the grid format draws the borders of irregular
// regions, and reads back.
func TestFormatRegions(t *testing.T) {
	g := jigsawGrid()
	out := String(g, FormatGrid)
	back, err := Parse(out)
	if err != nil || !back.Equal(g) {
		t.Fatalf("Parse(Format(jigsaw, FormatGrid)) = %v, %v:\n%s", back, err, out)
	}
	if !strings.Contains(out, "|") || !strings.Contains(out, "-") {
		t.Errorf("no borders:\n%s", out)
	}
	colored := string(AppendColored(nil, g, MustParse(leet37), "<", ">"))
	if strings.ReplaceAll(strings.ReplaceAll(colored, "<", ""), ">", "") != out {
		t.Errorf("colored grid differs:\n%s", colored)
	}
}

// TestFormatCompact: QQWing's compact layout is the line form cut into
// rows, symbols up to 25×25 and numbers separated by spaces above.
func TestFormatCompact(t *testing.T) {
	if got, want := String(MustParse(leet37), FormatCompact), strings.Join(rowsOf(leet37), "\n"); got != want {
		t.Errorf("9×9 compact:\n%s\nwant\n%s", got, want)
	}
	g := sampleGrid(36, 1)
	rows := strings.Split(String(g, FormatCompact), "\n")
	if len(rows) != 36 {
		t.Fatalf("36×36 compact has %d rows", len(rows))
	}
	for r, row := range rows {
		f := strings.Fields(row)
		if len(f) != 36 || strings.Join(f, " ") != row {
			t.Fatalf("row %d: %q", r+1, row)
		}
		for c, s := range f {
			want := "."
			if v := g.Get(r, c); v != 0 {
				want = itoa(v)
			}
			if s != want {
				t.Fatalf("r%dc%d = %q, want %q", r+1, c+1, s, want)
			}
		}
	}
}

// TestAppendLeetCodeNumbers: with numbers, a LeetCode board writes every
// digit as a decimal string, as the Reader reads a board written so (and
// reports Numbers); without, it is FormatLeetCode.
func TestAppendLeetCodeNumbers(t *testing.T) {
	g := MustParse(sixteen)
	want := jsonBoard(sixteen, 16, quotedNumber)
	want = strings.ReplaceAll(want, ",\n ", ",")
	if got := string(AppendLeetCode([]byte("x="), g, true)); got != "x="+want {
		t.Errorf("16×16 in numbers:\n%s\nwant\n%s", got, want)
	}
	r := NewReader(strings.NewReader(want))
	if h, err := r.Read(); err != nil || !h.Equal(g) || !r.Numbers() {
		t.Errorf("read back: %v, numbers %v", err, r.Numbers())
	}
	for _, g := range []*satdoku.Grid{MustParse(leet37), g, sampleGrid(36, 1)} {
		if got, want := string(AppendLeetCode(nil, g, false)), String(g, FormatLeetCode); got != want {
			t.Errorf("%d×%d without numbers: %.40q, want %.40q", g.N(), g.N(), got, want)
		}
	}
	if got, want := string(AppendLeetCode(nil, MustParse(leet37), true)), String(MustParse(leet37), FormatLeetCode); got != want {
		t.Errorf("9×9 in numbers differs from symbols: %.40q", got)
	}
}
