package iss

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// solution9 is a solved classic 9×9 grid (the LeetCode 37 answer).
const solution9 = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// digitsOf returns the digits of a solution line.
func digitsOf(s string) []int {
	ds := make([]int, len(s))
	for i := range s {
		ds[i] = int(s[i] - '0')
	}
	return ds
}

// holds reports whether the full grid of digits ds is a solution of p
// (its givens and every rule), as the validator sees it.
func holds(t *testing.T, p *Puzzle, ds []int) bool {
	t.Helper()
	g := satdoku.NewGrid(p.Grid.Rules())
	for i, d := range ds {
		g.SetCell(i, d)
	}
	return verify.Solution(p.Grid, g) == nil
}

// cellName writes cell (r, c), from 0, as ISS does.
func cellName(r, c int) string { return fmt.Sprintf("R%dC%d", r+1, c+1) }

// TestLittleKillerDiagonals: each start cell ISS takes for a little
// killer names the diagonal that its own rule gives (down-right from the
// left edge, down-left from the top, up-left from the right, up-right
// from the bottom, walked here without package clue); the sum of that
// diagonal in a solution holds, and that sum ± 1 does not.
func TestLittleKillerDiagonals(t *testing.T) {
	const n = 9
	ds := digitsOf(solution9)
	type start struct{ r, c, dr, dc int }
	var starts []start
	for r := 0; r < n-1; r++ {
		starts = append(starts, start{r, 0, 1, 1})
	}
	for c := 1; c < n; c++ {
		starts = append(starts, start{0, c, 1, -1})
	}
	for r := 1; r < n-1; r++ {
		starts = append(starts, start{r, n - 1, -1, -1})
	}
	for c := 1; c < n-1; c++ {
		starts = append(starts, start{n - 1, c, -1, 1})
	}
	for _, st := range starts {
		sum := 0
		for r, c := st.r, st.c; r >= 0 && r < n && c >= 0 && c < n; r, c = r+st.dr, c+st.dc {
			sum += ds[r*n+c]
		}
		for _, v := range []int{sum, sum - 1, sum + 1} {
			s := fmt.Sprintf(".LittleKiller~%d~%s", v, cellName(st.r, st.c))
			p, err := Read(s)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			if got := holds(t, p, ds); got != (v == sum) {
				t.Errorf("%s: holds %v, want %v (diagonal sum %d)", s, got, v == sum, sum)
			}
		}
	}
	// A corner that starts no diagonal of ISS's is an error.
	for _, s := range []string{".LittleKiller~9~R9C1", ".LittleKiller~9~R9C9", ".LittleKiller~9~R5C5"} {
		if _, err := Read(s); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", s, err)
		}
	}
}

// TestLineClues: the clues of a row or a column read from its start
// (".XSum~R3~V") and from its end (".XSum~R3~~V"), for every row and
// column, with the values computed here from a solution by each rule's
// plain meaning; the value ± 1 does not hold.
func TestLineClues(t *testing.T) {
	const n = 9
	ds := digitsOf(solution9)
	xsum := func(l []int) int {
		s := 0
		for _, d := range l[:l[0]] {
			s += d
		}
		return s
	}
	sky := func(l []int) int {
		seen, top := 0, 0
		for _, d := range l {
			if d > top {
				seen, top = seen+1, d
			}
		}
		return seen
	}
	room := func(l []int) int { return l[l[0]-1] }
	sandwich := func(l []int) int {
		a, b := -1, -1
		for k, d := range l {
			switch d {
			case 1:
				a = k
			case n:
				b = k
			}
		}
		a, b = min(a, b), max(a, b)
		s := 0
		for _, d := range l[a+1 : b] {
			s += d
		}
		return s
	}
	rules := []struct {
		typ   string
		value func([]int) int
	}{{"XSum", xsum}, {"Skyscraper", sky}, {"NumberedRoom", room}, {"Sandwich", sandwich}}
	for _, rule := range rules {
		for _, rc := range []string{"R", "C"} {
			for x := 1; x <= n; x++ {
				var l []int
				for k := range n {
					if rc == "R" {
						l = append(l, ds[(x-1)*n+k])
					} else {
						l = append(l, ds[k*n+x-1])
					}
				}
				rev := make([]int, n)
				for k := range l {
					rev[k] = l[n-1-k]
				}
				for back, line := range [][]int{l, rev} {
					if rule.typ == "Sandwich" && back == 1 {
						continue // a sandwich has one form
					}
					v := rule.value(line)
					for _, w := range []int{v, v - 1, v + 1} {
						if w < 1 && rule.typ != "Sandwich" || w < 0 || rule.typ == "NumberedRoom" && w > n {
							continue
						}
						var s string
						switch {
						case rule.typ == "Sandwich":
							s = fmt.Sprintf(".Sandwich~%d~%s%d", w, rc, x)
						case back == 0:
							s = fmt.Sprintf(".%s~%s%d~%d", rule.typ, rc, x, w)
						default:
							s = fmt.Sprintf(".%s~%s%d~~%d", rule.typ, rc, x, w)
						}
						p, err := Read(s)
						if err != nil {
							t.Fatalf("%s: %v", s, err)
						}
						if got, want := holds(t, p, ds), w == v; got != want {
							t.Errorf("%s: holds %v, want %v (value %d from %v)", s, got, want, v, line)
						}
					}
				}
			}
		}
	}
}

// TestGivensIntersect: two givens of one cell hold together, as ISS
// intersects them; a single value given twice is a given.
func TestGivensIntersect(t *testing.T) {
	ds := digitsOf(solution9) // r1c1 holds 5
	with := func(d int) []int {
		// The solution with the digits 5 and d swapped.
		out := make([]int, len(ds))
		for i, x := range ds {
			switch x {
			case 5:
				x = d
			case d:
				x = 5
			}
			out[i] = x
		}
		return out
	}
	p, err := Read(".~R1C1_4_5.~R1C1_5_6")
	if err != nil {
		t.Fatal(err)
	}
	for d := 1; d <= 9; d++ {
		if got := holds(t, p, with(d)); got != (d == 5) {
			t.Errorf("r1c1 = %d: holds %v, want %v", d, got, d == 5)
		}
	}
	p, err = Read(".~R1C1_5~R1C1_5")
	if err != nil || p.Grid.Cell(0) != 5 || len(p.Clues) != 0 {
		t.Errorf("a given twice: %v, %v clues, err %v", p.Grid, len(p.Clues), err)
	}
	p, err = Read(".~R1C1_5.~R1C1_6")
	if err != nil || holds(t, p, ds) || holds(t, p, with(6)) {
		t.Errorf("two different givens of a cell must hold together: err %v", err)
	}
}

// TestErrors: every error is a *satdoku.ParseError at the item at fault,
// with its kind.
func TestErrors(t *testing.T) {
	checkErrors(t, []errorCase{
		{".~R1C1_5.Or.Doppelganger.End", ".Doppelganger", ErrUnsupported, "Doppelganger inside an Or"},
		{".Thermo~R1C1~R1C2.Or.Thermo~R2C1~R2C2.Replicate~R1C1.End.End", ".Replicate", ErrUnsupported, "Replicate inside an Or"},
		{".Thermo~R1C1~R1C2.Nonsense~R1C1", ".Nonsense", ErrSyntax, "Nonsense"},
		{".Thermo~R1C1~R0C2", "R0C2", ErrInvalid, "R0C2"},
		// A rule's own error in the string's terms, not as the clue list
		// read ("clue 0 (thermometer) lines[0][1]").
		{".Thermo~R1C1~R1C1", ".Thermo", ErrInvalid, "thermometer: R1C1 is listed twice"},
		{".~R1C1_10", "R1C1_10", ErrInvalid, "10"},
		{".Cage~x~R1C1~R1C2", "x~", ErrInvalid, "sum"},
		{".And.Cage~3~R1C1~R1C2", "", ErrSyntax, "End"},
		{".Cage~3~R1C1~R1C2.End", ".End", ErrSyntax, "End"},
		{".WhiteDot~R1C1~R3C3", ".WhiteDot", ErrInvalid, "neighbours"},
		{".SumLine~10~R1C1~R1C2~LOOP", "", nil, ""},
		{".Sum~x~R1C1", "x~", ErrInvalid, "sum"},
		{".Sum~5_=_1~R1C1~R1C2", "5_", ErrInvalid, "1 coefficients for 2 cells"},
		{".Sum~5_=_1_200~R1C1~R1C2", "5_", ErrInvalid, "-100 to 100"},
		{".Sum~5_x~R1C1~R1C2", "", nil, ""},
		{".SameValues~2~R1C1~R1C2~R1C3", "2~", ErrInvalid, "2 sets"},
		{".CountDistinct~R1C1", ".CountDistinct", ErrInvalid, "no cells to count"},
		{".ContainExact~10~R1C1", "10~", ErrInvalid, "10"},
		{".EqualSum~R1C1~-~R0C1", "R0C1", ErrInvalid, "R0C1"},
		{".LookAndSay~123~R1C1", "123", ErrInvalid, "pairs"},
		{".LookAndSay~1222~R1C1~R1C2", "1222", ErrInvalid, "two counts"},
		{".LookAndSay~0512~R1C1~R1C2.RegionSameValues", "", nil, ""},
		{".Modular~0~R1C1~R1C2", "0~", ErrInvalid, "modulus 0"},
		{".Shape~6x9.AntiKnight", ".AntiKnight", ErrUnsupported, "6×9"},
		{".Shape~2x3.~R3C1_1", "R3C1", ErrInvalid, "R3C1"},
		{".Shape~9x9~17", "17", ErrInvalid, "17 values"},
		{".Shape~9x9~0-8~Raw", "", nil, ""},
		{".Shape~9x9~0~Raw", "0~", ErrInvalid, "0 values"},
		{".Shape~9x9~~Raw.AntiKnight", ".AntiKnight", ErrInvalid, "Sudoku grid"},
		{".Shape~9x9~~Raw.LittleKiller~10~R1C1", ".LittleKiller", ErrInvalid, "Sudoku grid"},
		{".Shape~9x9~~Raw.NoBoxes", ".NoBoxes", ErrInvalid, "Sudoku grid"},
		{".Shape~9x9~Raw", "Raw", ErrInvalid, "Raw"},
		{".Shape~9x9~~Raw.Shape~9x9~9", ".Shape~9x9~9", ErrInvalid, "another shape"},
		{".Shape~9x9~2-10", "2-10", ErrInvalid, "2-10"},
		{".Shape~9x9~8", "8", ErrInvalid, "8 values"},
		{".Shape~9x9~0-8.~R1C1_9", "R1C1_9", ErrInvalid, "0 to 8"},
		{".Cage~50~R1C1~R1C2.Arrow~R1C1~R1C2~R1C3~R1C4~R1C5~R1C6~R1C7~R1C8", "", nil, ""},
		{".PillArrow~2~R1C2~R2C1~R3C3", "R1C2", ErrInvalid, "side by side"},
		{".PillArrow~2~R1C1~R2C2~R3C3", "", nil, ""},
		{".LittleKiller~0~R1C1", "0~", ErrUnsupported, "sum 0"},
		{".NumberedRoom~R1~0", "0", ErrUnsupported, "clue 0"},
		{".XSum~R1~0", "0", ErrInvalid, "clue 0"},
		{".XSum~R10~5", "R10", ErrInvalid, "R10"},
		{".Jigsaw~1112", "1112", ErrInvalid, "layout"},
		{".DoubleArrow~R1C1~R1C2", ".DoubleArrow", ErrInvalid, "3 or more"},
		{".Lockout~4~R1C1", ".Lockout", ErrInvalid, "two ends"},
		{"3x3::k:1:2", "3x3", ErrSyntax, "81 numbers"},
		{"  .Thermo~R1C1~\n R9C9~RzC1", "RzC1", ErrInvalid, "RzC1"},
	})
}

// errorCase is an input that Read fails on (or not, when kind is nil):
// at the text at (its first occurrence; with a leading '$', its last),
// with an error of kind whose message holds msg.
type errorCase struct {
	in, at string
	kind   error
	msg    string
}

// checkErrors reads each input and checks its error: a
// *satdoku.ParseError of its kind, at its place, saying what it should.
func checkErrors(t *testing.T, tests []errorCase) {
	t.Helper()
	for _, tt := range tests {
		p, err := Read(tt.in)
		if tt.kind == nil {
			if err != nil {
				t.Errorf("%q: %v", tt.in, err)
			}
			continue
		}
		var pe *satdoku.ParseError
		if !errors.As(err, &pe) || p != nil {
			t.Errorf("%q: %v (%T), want a *satdoku.ParseError", tt.in, err, err)
			continue
		}
		if !errors.Is(err, tt.kind) || !strings.Contains(pe.Msg, tt.msg) {
			t.Errorf("%q: %v, want %v mentioning %q", tt.in, err, tt.kind, tt.msg)
		}
		off := len(tt.in)
		if last, ok := strings.CutPrefix(tt.at, "$"); ok {
			off = strings.LastIndex(tt.in, last)
		} else if tt.at != "" {
			off = strings.Index(tt.in, tt.at)
		}
		if want := satdoku.PositionAt([]byte(tt.in), off); pe.Pos != want {
			t.Errorf("%q: error at %v, want %v (%q): %v", tt.in, pe.Pos, want, tt.at, err)
		}
	}
}

// TestDetect: ISS strings are claimed; text puzzles, even those that
// start with dots, are not.
func TestDetect(t *testing.T) {
	yes := []string{
		".~R1C1_5", "..Cage~14~R5C3~R5C4", ".AntiKnight", ".AntiKnight.~R1C1_1", ".Or.~R1C2_1.End",
		".X~R1C1~R1C2", " .Thermo~R1C1~R1C2 ", "3x3::k:" + strings.Repeat("0:", 81),
		strings.Repeat("j<<<<<<<<", 9), strings.Repeat("123456789", 81),
		"..34..7.91.34567.." + strings.Repeat(".", 729-18),
		strings.Repeat("1...", 4) + "1122112233443344",
	}
	no := []string{
		"", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		".................................................................................",
		".X.", ".V", ".Foo~1", "Thermo~R1C1", strings.Repeat("1", 64), "x",
		// A text puzzle and its solution: 162 cells, the second half a
		// jigsaw layout by count, but two words.
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 " + solution9,
	}
	for _, s := range yes {
		if !Detect(s) {
			t.Errorf("Detect(%.40q) = false", s)
		}
	}
	for _, s := range no {
		if Detect(s) {
			t.Errorf("Detect(%.40q) = true", s)
		}
	}
}

// TestKillerFormats: the short and the long killer formats read as the
// cages they draw, checked against a solution: rows as cages of 45, and
// the long format's cages of 256·sum + id.
func TestKillerFormats(t *testing.T) {
	ds := digitsOf(solution9)
	p, err := Read(strings.Repeat("j<<<<<<<<", 9))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Clues) != 9 || len(p.Clues[0].Cells) != 9 || p.Clues[0].Value != 45 || !holds(t, p, ds) {
		t.Fatalf("rows as cages of 45: %+v", p.Clues)
	}
	// Cages of two cells side by side in each row, the last cell alone;
	// ids from 1, sums from the solution.
	var parts []string
	for r := range 9 {
		for c := range 9 {
			i := r*9 + c
			id := r*5 + c/2 + 1
			j := r*9 + c/2*2
			sum := ds[j]
			if c/2*2+1 < 9 {
				sum += ds[j+1]
			}
			parts = append(parts, fmt.Sprint(256*sum+id))
			_ = i
		}
	}
	long := "3x3::k:" + strings.Join(parts, ":") + ":"
	p, err = Read(long)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Clues) != 45 || !holds(t, p, ds) {
		t.Fatalf("long format: %d cages, holds %v", len(p.Clues), holds(t, p, ds))
	}
	wrong := strings.Replace(long, ":"+parts[0]+":", fmt.Sprintf(":%d:", 256*(ds[0]+ds[1]+1)+1), 1)
	if p, err = Read(wrong); err != nil || holds(t, p, ds) {
		t.Fatalf("a wrong sum holds (err %v)", err)
	}
	p, err = Read(strings.Replace(long, "3x3::", "3x3:d:", 1))
	if err != nil || holds(t, p, ds) {
		t.Fatalf("3x3:d: does not add the diagonals (err %v)", err)
	}
}

// TestPencilmarkFormat: the pencil-mark format reads as the same
// candidates as the givens of a constraint string.
func TestPencilmarkFormat(t *testing.T) {
	marks := map[int][]int{0: {1, 2}, 10: {1, 2, 9}, 80: {3, 4, 5}, 40: {7}}
	var b, c strings.Builder
	b.WriteString(".")
	for i := range 81 {
		ds := marks[i]
		for d := 1; d <= 9; d++ {
			if ds == nil || strings.Contains(fmt.Sprint(ds), fmt.Sprint(d)) {
				c.WriteByte(byte('0' + d))
			} else {
				c.WriteByte('.')
			}
		}
		if ds != nil {
			fmt.Fprintf(&b, "~%s", cellName(i/9, i%9))
			for _, d := range ds {
				fmt.Fprintf(&b, "_%d", d)
			}
		}
	}
	p1, err := Read(b.String())
	if err != nil {
		t.Fatal(err)
	}
	p2, err := Read(c.String())
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(p1.Clues) != fmt.Sprint(p2.Clues) || !p1.Grid.Equal(p2.Grid) || p2.Grid.Cell(40) != 7 {
		t.Fatalf("pencil marks %v %v, constraint string %v %v", p2.Clues, p2.Grid, p1.Clues, p1.Grid)
	}
}

// TestRegistered: textfmt reads ISS strings as arguments and as streams
// of one a line, an error placed at its line.
func TestRegistered(t *testing.T) {
	p, ok, err := textfmt.ReadArg(".~R1C1_5.Thermo~R1C2~R1C3")
	if !ok || err != nil || p.Grid.Cell(0) != 5 || len(p.Clues) != 1 {
		t.Fatalf("ReadArg: %v %v %v", p, ok, err)
	}
	if _, ok, _ := textfmt.ReadArg("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"); !ok {
		t.Fatal("a text puzzle is not read")
	}
	in := "# ISS\n\n.~R1C1_5.Thermo~R1C2~R1C3\n.Thermo~R1C1~RxC1.AntiKing\n.AntiKing.Diagonal~1\n"
	r, name := textfmt.Open(strings.NewReader(in))
	if name != "iss" {
		t.Fatalf("format %q, want iss", name)
	}
	var lines []int
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		lines = append(lines, p.Line)
		if p.Line == 4 {
			var pe *satdoku.ParseError
			if !errors.As(err, &pe) || pe.Pos.Line != 4 || pe.Pos.Column != 14 {
				t.Errorf("line 4: %v, want an error at 4:14", err)
			}
		} else if err != nil {
			t.Errorf("line %d: %v", p.Line, err)
		}
	}
	if fmt.Sprint(lines) != "[3 4 5]" {
		t.Errorf("puzzles at lines %v, want [3 4 5]", lines)
	}
	// A line of digits longer than the first read, cut at 16³ bytes, is
	// no 16×16 pencil-mark string; a whole one is.
	if _, name := textfmt.Open(strings.NewReader(strings.Repeat("1", 10000) + "\n")); name == "iss" {
		t.Error("a long line of digits read as ISS pencil marks")
	}
	if _, name := textfmt.Open(strings.NewReader(strings.Repeat("123456789", 81) + "\n")); name != "iss" {
		t.Errorf("9×9 pencil marks read as %q", name)
	}
}
