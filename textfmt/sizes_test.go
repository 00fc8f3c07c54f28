package textfmt

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// Puzzles with rectangular boxes, one line each, and a solution.
const (
	// 6×6, boxes of 2 rows by 3 columns.
	six    = "1.3.5..5.1.32...6..6...13.2.4..4.3.2"
	sixSol = "123456456123231564564231312645645312"
	// 8×8, boxes of 2×4.
	eight = "1.3.5.7..6.8.2.42.4.6.8..7.1.3.53.5.7.1..8.2.4.64.6.8.2..1.3.5.7"
	// 10×10, boxes of 2×5: A is 10.
	ten = "1.3.5.7.9..7.9.1.3.52.4.6.8.A..8.A.2.4.63.5.7.9.1..9.1.3.5.74.6.8.A.2..A.2.4.6.85.7.9.1.3..1.3.5.7.9"
	// 12×12, boxes of 3×4: A, B and C are 10, 11 and 12.
	twelve = "1.3.5.7.9.B..6.8.A.C.2.49.B.1.3.5.7..3.5.7.9.B.16.8.A.C.2.4..B.1.3.5.7.93.5.7.9.B.1..8.A.C.2.4.6B.1.3.5.7.9..5.7.9.B.1.38.A.C.2.4.6..1.3.5.7.9.B"
)

// The puzzles above as FormatGrid writes them.
const (
	sixGrid = `1 . 3 | . 5 .
. 5 . | 1 . 3
------+------
2 . . | . 6 .
. 6 . | . . 1
------+------
3 . 2 | . 4 .
. 4 . | 3 . 2`
	eightGrid = `1 . 3 . | 5 . 7 .
. 6 . 8 | . 2 . 4
--------+--------
2 . 4 . | 6 . 8 .
. 7 . 1 | . 3 . 5
--------+--------
3 . 5 . | 7 . 1 .
. 8 . 2 | . 4 . 6
--------+--------
4 . 6 . | 8 . 2 .
. 1 . 3 | . 5 . 7`
	tenGrid = `1 . 3 . 5 | . 7 . 9 .
. 7 . 9 . | 1 . 3 . 5
----------+----------
2 . 4 . 6 | . 8 . A .
. 8 . A . | 2 . 4 . 6
----------+----------
3 . 5 . 7 | . 9 . 1 .
. 9 . 1 . | 3 . 5 . 7
----------+----------
4 . 6 . 8 | . A . 2 .
. A . 2 . | 4 . 6 . 8
----------+----------
5 . 7 . 9 | . 1 . 3 .
. 1 . 3 . | 5 . 7 . 9`
	twelveGrid = `1 . 3 . | 5 . 7 . | 9 . B .
. 6 . 8 | . A . C | . 2 . 4
9 . B . | 1 . 3 . | 5 . 7 .
--------+---------+--------
. 3 . 5 | . 7 . 9 | . B . 1
6 . 8 . | A . C . | 2 . 4 .
. B . 1 | . 3 . 5 | . 7 . 9
--------+---------+--------
3 . 5 . | 7 . 9 . | B . 1 .
. 8 . A | . C . 2 | . 4 . 6
B . 1 . | 3 . 5 . | 7 . 9 .
--------+---------+--------
. 5 . 7 | . 9 . B | . 1 . 3
8 . A . | C . 2 . | 4 . 6 .
. 1 . 3 | . 5 . 7 | . 9 . B`
)

// numberLine writes a one-line puzzle as one line of decimal numbers.
func numberLine(p string, n int) string {
	return strings.Join(strings.Fields(numberRows(p, n)), " ")
}

// jsonBoard writes a one-line n×n puzzle as a JSON array of rows, each
// cell written by cell from its value (0 for a blank).
func jsonBoard(p string, n int, cell func(v int) string) string {
	g := MustParse(p)
	var b strings.Builder
	b.WriteString("[")
	for r := range n {
		if r > 0 {
			b.WriteString(",\n ")
		}
		b.WriteString("[")
		for c := range n {
			if c > 0 {
				b.WriteString(",")
			}
			b.WriteString(cell(g.Get(r, c)))
		}
		b.WriteString("]")
	}
	return b.String() + "]"
}

// quotedNumber writes a LeetCode cell with numbers: "." or "12".
func quotedNumber(v int) string {
	if v == 0 {
		return `"."`
	}
	return `"` + itoa(v) + `"`
}

func TestParseRectangularBoxes(t *testing.T) {
	sixRows := splitN(six, 6)
	tests := []parseCase{
		{"6x6 line", six, six},
		{"6x6 line zeros", strings.ReplaceAll(six, ".", "0"), six},
		{"6x6 line spaced", strings.Join(strings.Split(six, ""), " "), six},
		{"6x6 line padded crlf", "  " + six + " \r\n", six},
		{"6x6 solution", sixSol, sixSol},
		{"6x6 format grid", sixGrid, six},
		{"6x6 digits", strings.Join(splitN(sixSol, 6), "\n"), sixSol},
		{"6x6 bars", "1.3|.5.\n.5.|1.3\n2..|.6.\n.6.|..1\n3.2|.4.\n.4.|3.2\n", six},
		{"6x6 simple sudoku", "1.3|.5.\n.5.|1.3\n-------\n2..|.6.\n.6.|..1\n-------\n3.2|.4.\n.4.|3.2\n", six},
		{"6x6 spaced rows", "1 . 3 . 5 .\n. 5 . 1 . 3\n2 . . . 6 .\n. 6 . . . 1\n3 . 2 . 4 .\n. 4 . 3 . 2\n", six},
		{"6x6 zeros spaced", "103 050\n050 103\n200 060\n060 001\n302 040\n040 302\n", six},
		{"6x6 qqwing", " 1 . 3 | . 5 .\n . 5 . | 1 . 3\n-------|-------\n 2 . . | . 6 .\n . 6 . | . . 1\n-------|-------\n 3 . 2 | . 4 .\n . 4 . | 3 . 2\n\n", six},
		{"6x6 norvig", "1 . 3 |. 5 . \n. 5 . |1 . 3 \n------+------\n2 . . |. 6 . \n. 6 . |. . 1 \n------+------\n3 . 2 |. 4 . \n. 4 . |3 . 2 \n", six},
		{"6x6 boxed", "+-------+-------+\n| 1 . 3 | . 5 . |\n| . 5 . | 1 . 3 |\n+-------+-------+\n| 2 . . | . 6 . |\n| . 6 . | . . 1 |\n+-------+-------+\n| 3 . 2 | . 4 . |\n| . 4 . | 3 . 2 |\n+-------+-------+\n", six},
		{"6x6 comments and blank lines", "# a 6×6 puzzle, 2×3 boxes\n\n1.3.5.\n.5.1.3\n\n# second band\n2...6.\n.6...1\n\n3.2.4.\n.4.3.2\n# done\n", six},
		{"6x6 sadman", "#AAuthor\r\n#DA 6×6 board\r\n[Puzzle]\r\n" + strings.Join(sixRows, "\r\n") + "\r\n", six},
		{"6x6 leetcode", `[["1",".","3",".","5","."],[".","5",".","1",".","3"],["2",".",".",".","6","."],[".","6",".",".",".","1"],["3",".","2",".","4","."],[".","4",".","3",".","2"]]`, six},
		{"6x6 json numbers", "[[1,0,3,0,5,0],\n [0,5,0,1,0,3],\n [2,0,0,0,6,0],\n [0,6,0,0,0,1],\n [3,0,2,0,4,0],\n [0,4,0,3,0,2]]", six},
		{"6x6 json rows as strings", `["1.3.5.",".5.1.3","2...6.",".6...1","3.2.4.",".4.3.2"]`, six},
		{"6x6 json flat", "[1,0,3,0,5,0,0,5,0,1,0,3,2,0,0,0,6,0,0,6,0,0,0,1,3,0,2,0,4,0,0,4,0,3,0,2]", six},
		{"6x6 json after header", "[Puzzle]\n" + jsonBoard(six, 6, itoa), six},

		{"8x8 line", eight, eight},
		{"8x8 format grid", eightGrid, eight},
		{"8x8 bars", "1.3.|5.7.\n.6.8|.2.4\n---------\n2.4.|6.8.\n.7.1|.3.5\n---------\n3.5.|7.1.\n.8.2|.4.6\n---------\n4.6.|8.2.\n.1.3|.5.7\n", eight},
		{"8x8 rows", strings.Join(splitN(eight, 8), "\n"), eight},
		{"8x8 leetcode", jsonBoard(eight, 8, quotedNumber), eight},
		{"8x8 json numbers", jsonBoard(eight, 8, itoa), eight},
		{"8x8 json flat", "[" + strings.Join(strings.Split(strings.ReplaceAll(eight, ".", "0"), ""), ",") + "]", eight},

		{"10x10 line", ten, ten},
		{"10x10 line lowercase", strings.ToLower(ten), ten},
		{"10x10 line numbers", numberLine(ten, 10), ten},
		{"10x10 number rows", numberRows(ten, 10), ten},
		{"10x10 format grid", tenGrid, ten},
		{"10x10 rows", strings.Join(splitN(ten, 10), "\n"), ten},
		{"10x10 leetcode numbers", jsonBoard(ten, 10, quotedNumber), ten},
		{"10x10 json numbers", jsonBoard(ten, 10, itoa), ten},

		{"12x12 line", twelve, twelve},
		{"12x12 line numbers", numberLine(twelve, 12), twelve},
		{"12x12 number rows", numberRows(twelve, 12), twelve},
		{"12x12 format grid", twelveGrid, twelve},
		{"12x12 boxed", "+---------+---------+---------+\n| 1 . 3 . | 5 . 7 . | 9 . B . |\n| . 6 . 8 | . A . C | . 2 . 4 |\n| 9 . B . | 1 . 3 . | 5 . 7 . |\n+---------+---------+---------+\n| . 3 . 5 | . 7 . 9 | . B . 1 |\n| 6 . 8 . | A . C . | 2 . 4 . |\n| . B . 1 | . 3 . 5 | . 7 . 9 |\n+---------+---------+---------+\n| 3 . 5 . | 7 . 9 . | B . 1 . |\n| . 8 . A | . C . 2 | . 4 . 6 |\n| B . 1 . | 3 . 5 . | 7 . 9 . |\n+---------+---------+---------+\n| . 5 . 7 | . 9 . B | . 1 . 3 |\n| 8 . A . | C . 2 . | 4 . 6 . |\n| . 1 . 3 | . 5 . 7 | . 9 . B |\n+---------+---------+---------+\n", twelve},
		{"12x12 leetcode letters", String(MustParse(twelve), FormatLeetCode), twelve},
		{"12x12 leetcode numbers", jsonBoard(twelve, 12, quotedNumber), twelve},
		{"12x12 json numbers", jsonBoard(twelve, 12, itoa), twelve},
		{"12x12 json rows as strings", `["` + strings.Join(splitN(twelve, 12), `","`) + `"]`, twelve},
	}
	checkParses(t, tests)
}

func TestFormatRectangularBoxes(t *testing.T) {
	tests := []struct {
		p          string
		grid, json string
	}{
		{six, sixGrid, "[[1,0,3,0,5,0],[0,5,0,1,0,3],[2,0,0,0,6,0],[0,6,0,0,0,1],[3,0,2,0,4,0],[0,4,0,3,0,2]]"},
		{eight, eightGrid, ""},
		{ten, tenGrid, ""},
		{twelve, twelveGrid, ""},
	}
	for _, tt := range tests {
		g := MustParse(tt.p)
		if got := String(g, FormatGrid); got != tt.grid {
			t.Errorf("%d×%d FormatGrid =\n%s\nwant\n%s", g.N(), g.N(), got, tt.grid)
		}
		if got := String(g, FormatLine); got != tt.p {
			t.Errorf("%d×%d FormatLine = %s, want %s", g.N(), g.N(), got, tt.p)
		}
		if tt.json != "" && String(g, FormatJSON) != tt.json {
			t.Errorf("%d×%d FormatJSON = %s, want %s", g.N(), g.N(), String(g, FormatJSON), tt.json)
		}
	}
	// 10, 11 and 12 are letters in the line and LeetCode forms, numbers in
	// the JSON form.
	g := MustParse(twelve)
	if got, want := String(g, FormatJSON), "[[1,0,3,0,5,0,7,0,9,0,11,0],[0,6,0,8,0,10,0,12,"; !strings.HasPrefix(got, want) {
		t.Errorf("12×12 FormatJSON = %s, want it to start %s", got, want)
	}
	if got, want := String(g, FormatLeetCode), `[["1",".","3",".","5",".","7",".","9",".","B","."],[".","6",".","8",".","A",".","C",`; !strings.HasPrefix(got, want) {
		t.Errorf("12×12 FormatLeetCode = %s, want it to start %s", got, want)
	}
}

// TestDetectSides checks what a first line is, without Reader.Size: a whole
// puzzle or the first row of a grid, by its count of cells and its mode.
func TestDetectSides(t *testing.T) {
	numbers16 := "1 16 . . . . . . . . . . . . . ."
	tests := []struct {
		name string
		in   string
		n    int  // the side read, 0 for an error
		rows bool // read as the first row of a grid (the error then says so)
	}{
		{"char 16 is a 4×4 puzzle", four, 4, false},
		{"char 36 is a 6×6 puzzle", six, 6, false},
		{"char 64 is an 8×8 puzzle", eight, 8, false},
		{"char 36 spaced is a 6×6 puzzle", strings.Join(strings.Split(six, ""), " "), 6, false},
		{"number 16 is a 16×16 row", numbers16, 0, true},
		{"number 36 is a 36×36 row", "36" + strings.Repeat(" .", 35), 0, true},
		{"number 64 is a 64×64 row", "64" + strings.Repeat(" .", 63), 0, true},
		{"char 81 is a 9×9 puzzle", leet37, 9, false},
		{"char 100 is a 10×10 puzzle", ten, 10, false},
		{"char 144 is a 12×12 puzzle", twelve, 12, false},
		{"number 100 is a 10×10 puzzle", numberLine(ten, 10), 10, false},
		{"number 144 is a 12×12 puzzle", numberLine(twelve, 12), 12, false},
		{"char 6 is a 6×6 row", "1.3.5.", 0, true},
		{"char 8 is an 8×8 row", "1.3.5.7.", 0, true},
		{"char 10 is a 10×10 row", "123456789A", 0, true},
		{"number 10 is a 10×10 row", "1 2 3 4 5 6 7 8 9 10", 0, true},
		{"char 12 is a 12×12 row", "1 2 3 4 | 5 6 7 8 | 9 A B C", 0, true},
		{"number 12 is a 12×12 row", "1 2 3 4 | 5 6 7 8 | 9 10 11 12", 0, true},
		{"char 25 is a 25×25 row", strings.Repeat(".", 25), 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.in))
			g, err := r.Read()
			if tt.n != 0 {
				if err != nil || g.N() != tt.n {
					t.Fatalf("Read = %v, %v; want a %d×%d puzzle", g, err, tt.n, tt.n)
				}
				return
			}
			if !errors.Is(err, ErrIncomplete) || !strings.Contains(err.Error(), "grid ended after 1 row") {
				t.Errorf("Read = %v, %v; want the first row of a grid", g, err)
			}
		})
	}
	// A row of 16 numbers and 15 more rows make a 16×16 grid.
	in := numbers16 + strings.Repeat("\n"+strings.Repeat(". ", 15)+".", 15)
	if g, err := Parse(in); err != nil || g.N() != 16 || g.Get(0, 1) != 16 {
		t.Errorf("Parse of a 16×16 number grid = %v, %v", g, err)
	}
}

// smallDigits returns a copy of g with every digit above 9 blanked: a grid
// whose rows are single symbols, read in char mode.
func smallDigits(g *satdoku.Grid) *satdoku.Grid {
	h := g.Clone()
	for i := range h.Len() {
		if h.Cell(i) > 9 {
			h.SetCell(i, 0)
		}
	}
	return h
}

// TestBigGridCharRows reads 16×16, 36×36 and 64×64 grids whose rows hold
// no number above 9, so that each row is a line of N symbols in char mode:
// a whole puzzle of the small board to a Reader without Size, a row with
// Size, and a row to Parse, which tries the grid when such a line is not
// the whole input.
func TestBigGridCharRows(t *testing.T) {
	for _, n := range []int{16, 36, 64} {
		g := smallDigits(sampleGrid(n, 2))
		text := String(g, FormatGrid)
		if first, _, _ := strings.Cut(text, "\n"); strings.ContainsAny(first, "ABCDEFG") {
			t.Fatalf("%d×%d: first row %q is not digits", n, n, first)
		}
		r := NewReader(strings.NewReader(text))
		if h, err := r.Read(); err == nil && h.N() == n {
			t.Errorf("%d×%d: a Reader without Size read the grid", n, n)
		} else if r.Line() != 1 {
			t.Errorf("%d×%d: the first Read ended at line %d", n, n, r.Line())
		}
		r = NewReader(strings.NewReader(text + "\n\n" + text))
		r.Size = n
		for i := range 2 {
			if h, err := r.Read(); err != nil || !h.Equal(g) {
				t.Errorf("%d×%d with Size: Read #%d = %v", n, n, i+1, err)
			}
		}
		if _, err := r.Read(); err != io.EOF {
			t.Errorf("%d×%d with Size: Read at the end = %v", n, n, err)
		}
		if h, err := Parse(text); err != nil || !h.Equal(g) {
			t.Errorf("%d×%d: Parse = %v", n, n, err)
		}
	}
}

func TestParseErrorsNewSides(t *testing.T) {
	nine := strings.Join(rowsOf(leet37), "\n")
	sixRows := strings.Join(splitN(six, 6), "\n")
	numbers12 := numberLine(twelve, 12)
	tenNumbers := numberLine(ten, 10) // ends in " 9"
	leetD := strings.Replace(String(MustParse(twelve), FormatLeetCode), `"C"`, `"D"`, 1)
	sixteenRows := splitN(sixteen, 16)
	sixteenRows[4] = sixteenRows[4][:15] + "?"
	checkParseErrors(t, []parseErrorCase{
		{"6x6 line short", six[:35], 1, 36, ErrLength, "35 cells, want 36 (a 6×6 puzzle on one line)"},
		{"6x6 line long", six + "1", 1, 37, ErrLength, "37 cells, want 36 (a 6×6 puzzle on one line)"},
		{"6x6 digit 7", "1.3.7." + six[6:], 1, 5, ErrRange, "cell '7' (7) out of range for 6×6"},
		{"6x6 bad symbol", "1.3.5." + ".5?1.3" + six[12:], 1, 9, ErrBadCell, "invalid cell '?'"},
		{"8x8 digit 9", "1.9" + eight[3:], 1, 3, ErrRange, "cell '9' (9) out of range for 8×8"},
		{"10x10 letter B", ten[:99] + "B", 1, 100, ErrRange, "cell 'B' (11) out of range for 10×10"},
		{"10x10 numbers short", tenNumbers[:len(tenNumbers)-2], 1, len(tenNumbers) - 1, ErrLength, "99 cells, want 100 (a 10×10 puzzle on one line)"},
		{"12x12 letter D", "D" + twelve[1:], 1, 1, ErrRange, "cell 'D' (13) out of range for 12×12"},
		{"12x12 number 13", "13" + numbers12[1:], 1, 1, ErrRange, "cell 13 out of range for 12×12"},
		{"12x12 line long", twelve + "..", 1, 145, ErrLength, "146 cells, want 144 (a 12×12 puzzle on one line)"},
		{"6x6 grid short row", strings.Replace(sixRows, "2...6.", "2...6", 1), 3, 6, ErrLength, "5 cells, want 6 (a row of a 6×6 grid)"},
		{"6x6 grid long row", strings.Replace(sixGrid, "2 . . | . 6 .", "2 . . | . 6 . 1", 1), 4, 15, ErrLength, "7 cells, want 6 (a row of a 6×6 grid)"},
		{"6x6 grid bad cell", strings.Replace(sixGrid, ". 6 . | . . 1", ". 6 . | ? . 1", 1), 5, 9, ErrBadCell, "invalid cell '?'"},
		{"6x6 grid digit 7", strings.Replace(sixRows, ".4.3.2", ".4.3.7", 1), 6, 6, ErrRange, "cell '7' (7) out of range for 6×6"},
		{"6x6 grid cut short", strings.Join(splitN(six, 6)[:5], "\n"), 1, 1, ErrIncomplete, "grid ended after 5 rows, want 6"},
		{"8x8 grid cut by a puzzle", "1 . 3 . | 5 . 7 .\n. 6 . 8 | . 2 . 4\n" + leet37, 1, 1, ErrIncomplete, "grid ended after 2 rows, want 8"},
		{"12x12 number rows 13", strings.Replace(numberRows(twelve, 12), " 12 ", " 13 ", 1), 2, 16, ErrRange, "cell 13 out of range for 12×12"},
		// A line is in one mode: with a letter, "13" is two cells.
		{"12x12 grid letters and a number", strings.Replace(twelveGrid, "C . 2 .", "13 . 2 .", 1), 14, 28, ErrLength, "13 cells, want 12 (a row of a 12×12 grid)"},
		{"7x7 grid", "1234567\n2345671\n3456712\n4567123\n5671234\n6712345\n7123456\n", 1, 8, ErrLength, "7 cells, want 8 (a row of an 8×8 grid)"},
		// A 9×9 grid whose first row lost or gained a cell is not an 8×8 or
		// 10×10 grid: rows 2 to 4 say it is 9×9.
		{"9x9 grid first row short", strings.Replace(nine, "53..7....", "53..7...", 1), 1, 9, ErrLength, "8 cells, want 9 (a row of a 9×9 grid)"},
		{"9x9 grid first row long", strings.Replace(nine, "53..7....", "53..7....4", 1), 1, 10, ErrLength, "10 cells, want 9 (a row of a 9×9 grid)"},
		{"9x9 grid first row short with a 9", strings.Replace(nine, "53..7....", "53..7..9", 1), 1, 9, ErrLength, "8 cells, want 9 (a row of a 9×9 grid)"},
		{"9x9 grid first row short then a bad row", strings.Replace(strings.Replace(nine, "53..7....", "53..7...", 1), ".98....6.", ".98...6.", 1), 2, 9, ErrLength, "9 cells, want 8 (a row of an 8×8 grid)"},
		{"json 6x6 out of range", "[[1,0,3,0,5,7],[0,5,0,1,0,3],[2,0,0,0,6,0],[0,6,0,0,0,1],[3,0,2,0,4,0],[0,4,0,3,0,2]]", 1, 13, ErrRange, "cell 7 out of range for 6×6"},
		{"json 6x6 short row", "[[1,0,3,0,5,0],\n[0,5,0,1,0],[2,0,0,0,6,0],[0,6,0,0,0,1],[3,0,2,0,4,0],[0,4,0,3,0,2]]", 2, 11, ErrLength, "5 cells in row, want 6"},
		{"json 12x12 letter D", leetD, 1, strings.Index(leetD, `"D"`) + 1, ErrRange, `cell "D" (13) out of range for 12×12`},
		{"json 12x12 number 13", strings.Replace(jsonBoard(twelve, 12, itoa), ",12,", ",13,", 1), 2, 18, ErrRange, "cell 13 out of range for 12×12"},
		{"json 9x9 first row short", strings.Replace(leet37JSON, `"5","3",".",`, `"5","3",`, 1), 1, 34, ErrLength, "8 cells in row, want 9"},
		{"json 9x9 first row short with a 9", strings.Replace(leet37JSON, `"5","3",".",`, `"9","3",`, 1), 1, 34, ErrLength, "8 cells in row, want 9"},
		{"json flat 35", "[" + strings.Repeat("0,", 34) + "0]", 1, 71, ErrLength, "35 cells, want 36"},
		{"json 7 rows of 7", "[" + strings.Repeat(`"1234567",`, 6) + `"1234567"]`, 1, 10, ErrLength, "7 cells in row, want 8"},
		{"two 6x6 puzzles", six + "\n" + six, 2, 1, ErrExtra, "extra input after the puzzle"},
		{"6x6 puzzle and a row", six + "\n" + "1.3.5.", 2, 1, ErrExtra, "extra input after the puzzle"},
		{"two 4x4 puzzles", four + "\n" + four, 2, 1, ErrExtra, "extra input after the puzzle"},
		{"4x4 puzzle and junk", four + "\n\njunk", 3, 1, ErrExtra, "extra input after the puzzle"},
		{"16x16 char grid bad row", strings.Join(sixteenRows, "\n"), 5, 16, ErrBadCell, "invalid cell '?'"},
	})
}

// TestWantCells checks the length that an error message says a line of k
// cells should have.
func TestWantCells(t *testing.T) {
	tests := []struct {
		k      int
		number bool
		want   int
	}{
		// Within a tenth of a count (at least one cell): that count, the
		// larger on a tie.
		{3, false, 4}, {5, false, 6}, {7, false, 8}, {11, false, 12}, {13, false, 12},
		{15, false, 16}, {17, false, 16}, {23, false, 25}, {27, false, 25},
		{33, false, 36}, {35, false, 36}, {37, false, 36}, {39, false, 36},
		{58, false, 64}, {63, false, 64}, {70, false, 64},
		{73, false, 81}, {80, false, 81}, {82, false, 81}, {89, false, 81},
		{90, false, 100}, {99, false, 100}, {110, false, 100},
		{130, false, 144}, {143, false, 144}, {146, false, 144}, {158, false, 144},
		{250, false, 256}, {600, false, 625},
		{35, true, 36}, {47, true, 49}, {63, true, 64}, {65, true, 64},
		{1295, true, 1296}, {2400, true, 2401}, {4000, true, 4096},
		// Far from every count: the nearest square board by ratio, a row up
		// to the longest row, else a whole puzzle.
		{2, false, 4}, {1, false, 4}, {14, false, 16}, {20, false, 16}, {21, false, 25},
		{30, false, 16}, {40, false, 81}, {50, false, 81}, {72, false, 81},
		{162, false, 256}, {1000, false, 625}, {3000, true, 2401},
	}
	for _, tt := range tests {
		if got := wantCells(tt.k, tt.number); got != tt.want {
			t.Errorf("wantCells(%d, number %v) = %d, want %d", tt.k, tt.number, got, tt.want)
		}
	}
}

func TestReaderNewSides(t *testing.T) {
	lines := []string{
		"# 6×6, 8×8, 10×10 and 12×12 boards in a stream", // 1
		six,                                // 2
		"",                                 // 3
		sixGrid,                            // 4-11
		eight,                              // 12
		numberLine(ten, 10),                // 13
		tenGrid,                            // 14-27
		jsonBoard(twelve, 12, itoa),        // 28-39
		twelve,                             // 40
		"1.3.5.7.",                         // 41: an 8×8 grid cut short
		"[[1,2,3,4],[3,4,1,2],[2,1,4,3],",  // 42
		" [4,3,2,1]]",                      // 43
		strings.Join(splitN(six, 6), "\n"), // 44-49
		"end",                              // 50
		six,
	}
	r := NewReader(strings.NewReader(strings.Join(lines, "\n")))
	checkResults(t, r, []result{
		{start: 2, want: six},
		{start: 4, want: six},
		{start: 12, want: eight},
		{start: 13, want: ten},
		{start: 14, want: ten},
		{start: 28, want: twelve},
		{start: 40, want: twelve},
		{start: 41, line: 41, col: 1, kind: ErrIncomplete},
		{start: 42, want: "1234341221434321"},
		{start: 44, want: six},
	})
}

// TestReaderOddFirstRow checks that a 9×9 grid whose first row has the
// length of another side is one error, read to its true end, so that the
// stream goes on with the next puzzle.
func TestReaderOddFirstRow(t *testing.T) {
	rows := rowsOf(leet37)
	short := append([]string{"53..7..."}, rows[1:]...)
	long := append([]string{"53..7....1"}, rows[1:]...)
	in := strings.Join(short, "\n") + "\n" + six + "\n" + strings.Join(long, "\n") + "\n" + four + "\n" + strings.Join(rows, "\n")
	r := NewReader(strings.NewReader(in))
	checkResults(t, r, []result{
		{start: 1, line: 1, col: 9, kind: ErrLength},
		{start: 10, want: six},
		{start: 11, line: 11, col: 10, kind: ErrLength},
		{start: 20, want: four},
		{start: 21, want: leet37},
	})
}
