package textfmt

import (
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// TestRawBoards writes raw boards (no rows, columns or boxes): a 10×10 of
// the values 0 to 9 and a 14×14 of the values 1 to 10. Every format shows
// the values (0 to 9; 10 as "A" in the symbol formats, as on a 16×16
// board, and as 10 in JSON), and the grid format has no box separators.
func TestRawBoards(t *testing.T) {
	for _, tc := range []struct {
		n, v, off int
		first     string // the symbols of digit 1 and of digit V
		last      string
		jsonLast  string // digit V in JSON
	}{
		{10, 10, -1, "0", "9", "9"},
		{14, 10, 0, "1", "A", "10"},
	} {
		r, err := satdoku.Raw(tc.n)
		if err == nil {
			r, err = r.WithValues(tc.v)
		}
		if err == nil {
			r, err = r.WithValueOffset(tc.off)
		}
		if err != nil {
			t.Fatal(err)
		}
		g := satdoku.NewGrid(r)
		for i := range tc.n * tc.n {
			g.SetCell(i, 1+i%tc.v)
		}
		line := String(g, FormatLine)
		if len(line) != tc.n*tc.n || line[:1] != tc.first || line[tc.v-1:tc.v] != tc.last {
			t.Errorf("%d×%d: line %s", tc.n, tc.n, line)
		}
		grid := String(g, FormatGrid)
		rows := strings.Split(grid, "\n")
		if len(rows) != tc.n || strings.ContainsAny(grid, "|-+") || len(strings.Fields(rows[0])) != tc.n {
			t.Errorf("%d×%d: grid\n%s", tc.n, tc.n, grid)
		}
		js := String(g, FormatJSON)
		if !strings.Contains(js, ","+tc.jsonLast+"]") && !strings.Contains(js, ","+tc.jsonLast+",") {
			t.Errorf("%d×%d: JSON %s", tc.n, tc.n, js)
		}
		if c := String(g, FormatCompact); len(strings.Split(c, "\n")) != tc.n {
			t.Errorf("%d×%d: compact\n%s", tc.n, tc.n, c)
		}
	}
}

// TestMarksValues draws pencil marks as the values they stand for, every
// digit of the board: on a 4×4 of the values 0 to 3 the digits 1 and 4
// are "0" and "3", and on a 2×2 raw board of four values every digit has
// its place (a block of MarkShape(4), not of the side's 2).
func TestMarksValues(t *testing.T) {
	std, _ := satdoku.Standard(4)
	r0, err := std.WithValueOffset(-1)
	if err != nil {
		t.Fatal(err)
	}
	marks := make([]uint64, 16)
	marks[0] = 0b1001
	got := string(AppendMarks(nil, r0, marks, nil))
	if first := strings.Split(got, "\n")[:2]; strings.TrimSpace(first[0])[:2] != "0." || !strings.HasPrefix(first[1], ".3") {
		t.Errorf("marks of digits 1 and 4 from 0:\n%s", got)
	}
	raw, err := satdoku.Raw(2)
	if err == nil {
		raw, err = raw.WithValues(4)
	}
	if err != nil {
		t.Fatal(err)
	}
	got = string(AppendMarks(nil, raw, []uint64{0b1111, 0b1000, 0, 0}, nil))
	if lines := strings.Split(got, "\n"); !strings.HasPrefix(lines[0], "12   ..") || !strings.HasPrefix(lines[1], "34   .4") {
		t.Errorf("marks of a 2×2 board of four values:\n%s", got)
	}
}

// TestWindowFormats writes a 2×3 grid (a window on a 3×3 raw board): every
// format shows 2 rows of 3 cells, none of the holes.
func TestWindowFormats(t *testing.T) {
	raw, _ := satdoku.Raw(3)
	r, err := raw.WithWindow(2, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	for i, d := range []int{1, 2, 3, 3, 1, 2, 1, 1, 1} { // holes hold 1 in a solution
		g.SetCell(i, d)
	}
	for f, want := range map[Format]string{
		FormatLine:     "123312",
		FormatGrid:     "1 2 3\n3 1 2",
		FormatCompact:  "123\n312",
		FormatJSON:     "[[1,2,3],[3,1,2]]",
		FormatLeetCode: `[["1","2","3"],["3","1","2"]]`,
	} {
		if got := String(g, f); got != want {
			t.Errorf("%v: %q, want %q", f, got, want)
		}
	}
	// Two rows of cells of two lines each, a spacer line between; three
	// cells a row.
	got := string(AppendMarks(nil, r, []uint64{1, 2, 4, 4, 1, 2, 1, 1, 1}, nil))
	if lines := strings.Split(got, "\n"); len(lines) != 5 || len(strings.Fields(lines[0])) != 3 || lines[2] != "" {
		t.Errorf("marks of a 2×3 window:\n%s", got)
	}
}
