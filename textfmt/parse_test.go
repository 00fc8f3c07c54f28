package textfmt

import (
	"errors"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// Puzzles used across the tests.
const (
	// LeetCode problem 37's board.
	leet37     = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	leet37JSON = `[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]`
	// Its solution.
	leet37Sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	// Norvig's easy50 #1, top95 #1 and #2, hardest #1 and #2.
	easy1    = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easy2    = "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3"
	easy3    = "......9.7...42.18....7.5.261..9.4....5.....4....5.7..992.1.8....34.59...5.7......"
	top1     = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	top2     = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
	hardest1 = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
	hardest2 = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
	tdoku1   = ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4"
	tdoku2   = "2.6.3......1.65.7..471.8.5.5......29..8.194.6...42...1....428..6.93....5.7.....13"
	royle1   = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
	kaggle1  = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
	// A 4×4 puzzle and a 16×16 one (VU Amsterdam set, #1).
	four    = "1..4..3..4..2..1"
	sixteen = "1.D....4.A58.....E.........C...G.2.76.GBF..4....39F.1A.D7........4.6.31...B.58.C8C7E.69..F.....D...D..........2...A.G8C....7E.1426.G4....57F.A...B..........8...F.....B..3A.42E1A.4C.5...E6.7.3........3D.C5.7B2....9..1GB.63.4.C...2.........6.....8FD.3....9.E"
)

// rowsOf splits a one-line 9×9 puzzle into its rows.
func rowsOf(p string) []string {
	var rows []string
	for i := 0; i < len(p); i += 9 {
		rows = append(rows, p[i:i+9])
	}
	return rows
}

func TestParse(t *testing.T) {
	leetRows := `["` + strings.Join(rowsOf(leet37), `","`) + `"]`
	tests := []parseCase{
		{"line", leet37, leet37},
		{"line zeros", strings.ReplaceAll(leet37, ".", "0"), leet37},
		{"line separators", "53. .7. ...|6.. 195 ...|.98 ... .6.|8.. .6. ..3|4.. 8.3 ..1|7.. .2. ..6|.6. ... 28.|... 419 ..5|... .8. .79", leet37},
		{"line dashes and tabs", "53..7....-6..195...\t-.98....6.+8...6...3\t4..8.3..17...2...6.6....28....419..5....8..79", leet37},
		{"line padded", "  \t" + leet37 + " \t ", leet37},
		{"crlf", leet37 + "\r\n", leet37},
		{"bom", "\uFEFF" + leet37 + "\n", leet37},
		{"comments and end", "# a puzzle\n\n" + leet37 + "\n\n# done\nend\nnot read\n", leet37},
		{"grid digits", strings.Join(rowsOf(leet37), "\n"), leet37},
		{"grid zeros spaced", "530 070 000\n600 195 000\n098 000 060\n800 060 003\n400 803 001\n700 020 006\n060 000 280\n000 419 005\n000 080 079\n", leet37},
		{"norvig", "5 3 . |. 7 . |. . . \n6 . . |1 9 5 |. . . \n. 9 8 |. . . |. 6 . \n------+------+------\n8 . . |. 6 . |. . 3 \n4 . . |8 . 3 |. . 1 \n7 . . |. 2 . |. . 6 \n------+------+------\n. 6 . |. . . |2 8 . \n. . . |4 1 9 |. . 5 \n. . . |. 8 . |. 7 9 \n", leet37},
		{"qqwing", " 5 3 . | . 7 . | . . .\n 6 . . | 1 9 5 | . . .\n . 9 8 | . . . | . 6 .\n-------|-------|-------\n 8 . . | . 6 . | . . 3\n 4 . . | 8 . 3 | . . 1\n 7 . . | . 2 . | . . 6\n-------|-------|-------\n . 6 . | . . . | 2 8 .\n . . . | 4 1 9 | . . 5\n . . . | . 8 . | . 7 9\n\n", leet37},
		{"boxed", "+-------+-------+-------+\n| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n+-------+-------+-------+\n| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n+-------+-------+-------+\n| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n+-------+-------+-------+\n", leet37},
		{"simple sudoku", "53.|.7.|...\n6..|195|...\n.98|...|.6.\n-----------\n8..|.6.|..3\n4..|8.3|..1\n7..|.2.|..6\n-----------\n.6.|...|28.\n...|419|..5\n...|.8.|.79\n", leet37},
		{"sadman", "#ALeet Code\n#DProblem 37\n[Puzzle]\n" + strings.Join(rowsOf(leet37), "\r\n") + "\r\n", leet37},
		{"grid with blank lines and comments", "53..7....\n6..195...\n.98....6.\n\n# middle band\n8...6...3\n4..8.3..1\n7...2...6\n\n.6....28.\n...419..5\n....8..79\n", leet37},
		{"leetcode", leet37JSON, leet37},
		{"leetcode spread", strings.ReplaceAll(leet37JSON, "],", "],\n  "), leet37},
		{"leetcode one cell a line", strings.NewReplacer(",", ",\n", "[", "[\n").Replace(leet37JSON), leet37},
		{"json numbers", "[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,0],[8,0,0,0,6,0,0,0,3],[4,0,0,8,0,3,0,0,1],[7,0,0,0,2,0,0,0,6],[0,6,0,0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5],[0,0,0,0,8,0,0,7,9]]", leet37},
		{"json rows as strings", leetRows, leet37},
		{"json rows as strings spread", strings.ReplaceAll(leetRows, ",", ",\n"), leet37},
		{"json flat", "[" + strings.Join(strings.Split(strings.ReplaceAll(leet37, ".", "0"), ""), ",") + "]", leet37},
		{"json null and escapes", `[["\u0035","3",null,".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]`, leet37},
		{"json after header", "[Puzzle]\n" + leet37JSON, leet37},
		{"4x4 line", four, four},
		{"4x4 grid", "1 . | . 4\n. . | 3 .\n----+----\n. 4 | . .\n2 . | . 1\n", four},
		{"16x16 line", sixteen, sixteen},
		{"16x16 line lowercase", strings.ToLower(sixteen), sixteen},
		{"16x16 grid", String(MustParse(sixteen), FormatGrid), sixteen},
		{"16x16 grid compact", strings.Join(splitN(sixteen, 16), "\n"), sixteen},
		{"16x16 number rows", numberRows(sixteen, 16), sixteen},
		{"solution", leet37Sol, leet37Sol},
	}
	checkParses(t, tests)
}

// parseCase is an input that Parse must read as the one-line puzzle want.
type parseCase struct {
	name, in, want string
}

// checkParses runs Parse on each case and checks the grid: its digits, its
// side and its rules, the Standard rules of the side.
func checkParses(t *testing.T, tests []parseCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if got := g.String(); got != tt.want {
				t.Errorf("Parse = %s\nwant    %s", got, tt.want)
			}
			n := g.N()
			if n*n != len(tt.want) {
				t.Errorf("Parse gave a %d×%d grid for %d cells", n, n, len(tt.want))
			}
			if std, _ := satdoku.Standard(n); g.Rules() != std {
				t.Errorf("the grid is not under Standard(%d)", n)
			}
		})
	}
}

// splitN splits s into pieces of n bytes.
func splitN(s string, n int) []string {
	var out []string
	for i := 0; i < len(s); i += n {
		out = append(out, s[i:i+n])
	}
	return out
}

// numberRows writes a one-line puzzle as rows of decimal numbers.
func numberRows(p string, n int) string {
	g := MustParse(p)
	var b strings.Builder
	for r := range n {
		for c := range n {
			if c > 0 {
				b.WriteString(" ")
			}
			if v := g.Get(r, c); v == 0 {
				b.WriteString(".")
			} else {
				b.WriteString(itoa(v))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

func itoa(v int) string {
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}

// parseErrorCase is an input that Parse must reject with a *ParseError at
// line, col wrapping kind, whose Err says msg.
type parseErrorCase struct {
	name      string
	in        string
	line, col int
	kind      error
	msg       string
}

// checkParseErrors runs Parse on each case and checks the error.
func checkParseErrors(t *testing.T, tests []parseErrorCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse = %v, want an error", g)
			}
			var pe *satdoku.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse error %v (%T) is not a *ParseError", err, err)
			}
			if want := (satdoku.Position{Line: tt.line, Column: tt.col}); pe.Pos != want {
				t.Errorf("position %+v, want %+v (%v)", pe.Pos, want, err)
			}
			if !errors.Is(err, tt.kind) {
				t.Errorf("errors.Is(%v, %v) = false", err, tt.kind)
			}
			if got := pe.Msg; got != tt.msg {
				t.Errorf("message %q, want %q", got, tt.msg)
			}
			want := itoa(tt.line) + ":" + itoa(tt.col) + ": " + tt.msg
			if got := err.Error(); got != want {
				t.Errorf("Error() = %q, want %q", got, want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	grid := strings.Join(rowsOf(leet37), "\n")
	checkParseErrors(t, []parseErrorCase{
		{"empty", "", 1, 1, ErrEmpty, "no puzzle in input"},
		{"only comments", "# nothing\n\n#\n", 1, 1, ErrEmpty, "no puzzle in input"},
		{"only end", "end\n" + leet37, 1, 1, ErrEmpty, "no puzzle in input"},
		{"short line", leet37[:80], 1, 81, ErrLength, "80 cells, want 81 (a 9×9 puzzle on one line)"},
		{"long line", leet37 + "1", 1, 82, ErrLength, "82 cells, want 81 (a 9×9 puzzle on one line)"},
		{"short line padded", "  " + leet37[:80] + "  ", 1, 83, ErrLength, "80 cells, want 81 (a 9×9 puzzle on one line)"},
		{"bad symbol", "53?." + leet37[4:], 1, 3, ErrBadCell, "invalid cell '?'"},
		{"far letter", "53z." + leet37[4:], 1, 3, ErrRange, "cell 'z' (35) out of range for 9×9"},
		{"x blank", "53x." + leet37[4:80] + "?", 1, 81, ErrBadCell, "invalid cell '?'"},
		{"nul byte", "53\x00." + leet37[4:], 1, 3, ErrBadCell, `invalid cell '\x00'`},
		{"invalid utf-8", "53\xff." + leet37[4:], 1, 3, ErrBadCell, `invalid cell '\xff'`},
		{"fullwidth digit", "53５." + leet37[4:], 1, 3, ErrBadCell, "invalid cell '５'"},
		{"escape sequence", "53\x1b" + leet37[3:], 1, 3, ErrBadCell, `invalid cell '\x1b'`},
		{"bidi override", "53\u202e" + leet37[3:], 1, 3, ErrBadCell, `invalid cell '\u202e'`},
		{"letter out of range", "53A" + leet37[3:], 1, 3, ErrRange, "cell 'A' (10) out of range for 9×9"},
		{"lowercase out of range", "53a" + leet37[3:], 1, 3, ErrRange, "cell 'a' (10) out of range for 9×9"},
		{"bad cell before range", "5A" + leet37[2:79] + "?.", 1, 80, ErrBadCell, "invalid cell '?'"},
		{"4x4 out of range", "1..5..3..4..2..1", 1, 4, ErrRange, "cell '5' (5) out of range for 4×4"},
		{"number out of range", strings.Replace(numberRows(sixteen, 16), "13", "17", 1), 1, 5, ErrRange, "cell 17 out of range for 16×16"},
		{"odd length", "1234567", 1, 8, ErrLength, "7 cells, want 8 (a row of an 8×8 grid)"},
		// A line that is no puzzle says what a line of that length would be.
		{"three digits", "123", 1, 4, ErrLength, "3 cells, want 4 (a row of a 4×4 grid)"},
		{"huge line", strings.Repeat("1", 5000), 1, 4097, satdoku.ErrSize, "5000 cells: more than a 64×64 board holds"},
		{"short row", strings.Replace(grid, "4..8.3..1", "4..8.3..", 1), 5, 9, ErrLength, "8 cells, want 9 (a row of a 9×9 grid)"},
		{"long row", strings.Replace(grid, "4..8.3..1", "4..8.3..12", 1), 5, 10, ErrLength, "10 cells, want 9 (a row of a 9×9 grid)"},
		{"bad row then good rows", strings.Replace(grid, "4..8.3..1", "4..8?3..1", 1), 5, 5, ErrBadCell, "invalid cell '?'"},
		{"grid cut short", strings.Join(rowsOf(leet37)[:8], "\n"), 1, 1, ErrIncomplete, "grid ended after 8 rows, want 9"},
		{"grid cut by end", "  " + strings.Join(rowsOf(leet37)[:1], "\n") + "\nEND\n", 1, 3, ErrIncomplete, "grid ended after 1 row, want 9"},
		{"extra puzzle", leet37 + "\n" + leet37, 2, 1, ErrExtra, "extra input after the puzzle"},
		{"extra junk", leet37 + "\n\n   junk", 3, 4, ErrExtra, "extra input after the puzzle"},
		{"json syntax", "[[\"5\",\"3\"],\n [\"6\" \"1\"]]", 2, 7, ErrSyntax, "invalid JSON: invalid character '\"' after array element"},
		{"json trailing", leet37JSON + " x", 1, len(leet37JSON) + 2, ErrSyntax, "invalid JSON: invalid character 'x' after top-level value"},
		{"json bad cell", strings.Replace(leet37JSON, `"7"`, `"?"`, 1), 1, 19, ErrBadCell, `invalid cell "?"`},
		{"json two symbols", strings.Replace(leet37JSON, `"7"`, `"77"`, 1), 1, 19, ErrRange, `cell "77" out of range`},
		{"json bad number", "[[1,2,3,4],[0,0,0,0],\n[0,0,0,0],[0,0,0,0x]]", 2, 19, ErrSyntax, "invalid JSON: invalid character 'x' after array element"},
		{"json fraction", "[[1.5,2,3,4],[0,0,0,0],[0,0,0,0],[0,0,0,0]]", 1, 3, ErrBadCell, "invalid cell 1.5"},
		{"json true", "[[true,2,3,4],[0,0,0,0],[0,0,0,0],[0,0,0,0]]", 1, 3, ErrBadCell, "invalid cell true"},
		{"json nested", "[[[1],2,3,4],[0,0,0,0],[0,0,0,0],[0,0,0,0]]", 1, 3, ErrBadCell, "invalid cell: array"},
		{"json range", "[[1,2,3,4],[0,0,0,0],[0,0,5,0],[0,0,0,0]]", 1, 27, ErrRange, "cell 5 out of range for 4×4"},
		{"json string range", `[["1","2","3","4"],["0","0","0","0"],["0","0","A","0"],["0","0","0","0"]]`, 1, 47, ErrRange, `cell "A" (10) out of range for 4×4`},
		{"json row string range", `["1234",` + "\n" + `"..5."]`, 2, 4, ErrRange, "cell '5' (5) out of range for 4×4"},
		{"json row string bad", `["1234",` + "\n" + `"..?."]`, 2, 4, ErrBadCell, "invalid cell '?'"},
		{"json short row", "[[1,2,3,4],[0,0,0],[0,0,0,0],[0,0,0,0]]", 1, 18, ErrLength, "3 cells in row, want 4"},
		{"json long row", "[[1,2,3,4],[0,0,0,0,0],[0,0,0,0],[0,0,0,0]]", 1, 21, ErrLength, "5 cells in row, want 4"},
		{"json odd first row", "[[1,2,3],[0,0,0,0],[0,0,0,0],[0,0,0,0]]", 1, 8, ErrLength, "3 cells in row, want 4"},
		{"json few rows", "[[1,2,3,4],\n[0,0,0,0]]", 2, 10, ErrLength, "2 rows, want 4"},
		{"json many rows", "[[1,2,3,4],[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]", 1, 42, ErrLength, "more than 4 rows"},
		{"json flat short", "[1,2,3]", 1, 7, ErrLength, "3 cells, want 16"},
		{"json empty", "[]", 1, 1, ErrLength, "empty JSON board"},
		{"json not closed", "  [[1,2,3,4],\n[0,0,0,0]", 1, 3, ErrIncomplete, "JSON board not closed"},
		{"json bracket in string", `[["]"]`, 1, 1, ErrIncomplete, "JSON board not closed"},
		{"json object row", `[{"a":1}]`, 1, 2, ErrBadCell, "invalid row: object"},
		{"json number row", `[[1,2,3,4],5]`, 1, 12, ErrBadCell, "invalid row 5"},
	})
}

func TestParseErrorText(t *testing.T) {
	e := &satdoku.ParseError{Pos: satdoku.Position{Line: 3, Column: 17}, Err: ErrBadCell}
	if got, want := e.Error(), "3:17: textfmt: invalid cell"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	e.Msg = "invalid cell '?'"
	if got, want := e.Error(), "3:17: invalid cell '?'"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(e, ErrBadCell) || errors.Is(e, ErrLength) {
		t.Error("errors.Is does not see the sentinel through Unwrap")
	}
}

func TestPosition(t *testing.T) {
	for _, tc := range []struct {
		p    satdoku.Position
		want string
	}{
		{satdoku.Position{Line: 3, Column: 17}, "3:17"},
		{satdoku.Position{Line: 3, Column: 21, Path: "killercage[2].cells[1]"}, "3:21: killercage[2].cells[1]"},
		{satdoku.Position{Line: 3}, "3"},
		{satdoku.Position{Path: "size"}, "size"},
		{satdoku.Position{}, "-"},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%+v.String() = %q, want %q", tc.p, got, tc.want)
		}
	}
	// "é" is two bytes and one rune; "\xff" one invalid byte, one column.
	text := []byte("ab\ncé\xffd\n\nx")
	for _, tc := range []struct{ off, line, col int }{
		{-1, 1, 1}, {0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {4, 2, 2}, {6, 2, 3}, {7, 2, 4}, {8, 2, 5}, {9, 3, 1}, {10, 4, 1}, {11, 4, 2}, {99, 4, 2},
	} {
		if got, want := satdoku.PositionAt(text, tc.off), (satdoku.Position{Line: tc.line, Column: tc.col}); got != want {
			t.Errorf("PositionAt(%q, %d) = %v, want %v", text, tc.off, got, want)
		}
	}
	if got := (&satdoku.ParseError{Msg: "no puzzle", Err: ErrEmpty}).Error(); got != "no puzzle" {
		t.Errorf("Error() without a position = %q", got)
	}
}

func TestMustParse(t *testing.T) {
	if g := MustParse(leet37); g.Givens() != 30 {
		t.Errorf("MustParse(leet37).Givens() = %d, want 30", g.Givens())
	}
	defer func() {
		if recover() == nil {
			t.Error("MustParse of a bad puzzle did not panic")
		}
	}()
	MustParse("12")
}

func TestParseSizes(t *testing.T) {
	for _, n := range satdoku.Sides() {
		g := sampleGrid(n, 1)
		for f := FormatLine; f <= FormatCompact; f++ {
			t.Run(itoa(n)+"/"+f.String(), func(t *testing.T) {
				h, err := Parse(String(g, f))
				if err != nil {
					t.Fatalf("Parse: %v", err)
				}
				if !h.Equal(g) {
					t.Errorf("Parse(Format(g, %v)) != g", f)
				}
			})
		}
	}
}

func TestColumn(t *testing.T) {
	tests := []struct {
		line string
		off  int
		want int
	}{
		{"abc", 0, 1},
		{"abc", 2, 3},
		{"éé.", 4, 3},
		{"\xff\xfe.", 2, 3},
		{"５.", 3, 2},
		{"abc", 10, 4},
	}
	for _, tt := range tests {
		if got := column([]byte(tt.line), tt.off); got != tt.want {
			t.Errorf("column(%q, %d) = %d, want %d", tt.line, tt.off, got, tt.want)
		}
	}
}

func TestNumberMode(t *testing.T) {
	tests := []struct {
		line   string
		number bool
		cells  int
	}{
		{"530 070 000", false, 9},
		{"530070000", false, 9},
		{"1 16 . 3", true, 4},
		{"1 2 3 4 5 6 7 8 9", false, 9},
		{"1 | 12 + . 0", true, 4},
		{"12", false, 2},
		{"1 65", false, 3},
		{"1 064", false, 4},
		{"10 -", false, 2},
		{". 10", true, 2},
		{"10 ?", false, 3},
		{"10 x", true, 2},
		{"10,x,.", true, 3},
	}
	for _, tt := range tests {
		vals, number := scanLine(nil, []byte(tt.line))
		if number != tt.number || len(vals) != tt.cells {
			t.Errorf("scanLine(%q) = %d cells, number %v; want %d, %v", tt.line, len(vals), number, tt.cells, tt.number)
		}
	}
}
