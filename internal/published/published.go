// Package published reads fpuzzles/testdata/published.txt, the published
// variant puzzles with their published solutions, for the tests of the
// packages that check themselves against them (fpuzzles, logic). It
// imports only the model, so that fpuzzles' own tests can use it.
//
// A record is a name line and source lines (comments starting with '#'),
// then "solution DIGITS" (the digits one after another; those over 9 in
// decimal, with no separator) or "refused KEY" (a rule satdoku does not
// support), then the puzzle on one line. Records are separated by blank
// lines.
package published

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
)

// Record is one puzzle of the file.
type Record struct {
	Name     string // the first comment line: title, setter, rules
	Line     int    // where the record starts
	Solution string // the published solution, digits one after another
	Refused  string // the unsupported key, when satdoku refuses the puzzle
	Puzzle   string // a load string or JSON
}

// Read reads the records of the file at path; a line out of place is an
// error naming it.
func Read(path string) ([]Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Record
	var cur Record
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case l == "":
			if cur.Puzzle != "" {
				out = append(out, cur)
			}
			cur = Record{}
		case strings.HasPrefix(l, "#"):
			if cur.Name == "" && cur.Line == 0 {
				cur.Name, cur.Line = strings.TrimSpace(l[1:]), i+1
			}
		case strings.HasPrefix(l, "solution "):
			cur.Solution = strings.TrimPrefix(l, "solution ")
		case strings.HasPrefix(l, "refused "):
			cur.Refused = strings.TrimPrefix(l, "refused ")
		default:
			if cur.Puzzle != "" || cur.Solution == "" && cur.Refused == "" {
				return nil, fmt.Errorf("%s:%d: unexpected line %.40q", path, i+1, l)
			}
			cur.Puzzle = l
		}
	}
	if cur.Puzzle != "" {
		out = append(out, cur)
	}
	return out, nil
}

// Grid returns the solution s, written as in the file, as a grid under
// rules r, or nil when its digits do not fit the board. Digits over 9 take
// two figures, with no separator: the figures are split so that no row or
// column repeats a digit.
func Grid(r *satdoku.Rules, s string) *satdoku.Grid {
	n := r.N()
	cells := make([]int, n*n)
	var split func(i int, s string) bool
	split = func(i int, s string) bool {
		if i == n*n {
			return s == ""
		}
		for w := 1; w <= 2 && w <= len(s); w++ {
			d, err := strconv.Atoi(s[:w])
			if err != nil || d < 1 || d > n || s[0] == '0' || seen(cells, n, i, d) {
				continue
			}
			cells[i] = d
			if split(i+1, s[w:]) {
				return true
			}
		}
		cells[i] = 0
		return false
	}
	if !split(0, s) {
		return nil
	}
	g := satdoku.NewGrid(r)
	for i, d := range cells {
		g.SetCell(i, d)
	}
	return g
}

// seen reports whether d is among the first i cells of an n×n board in
// the row or the column of cell i.
func seen(cells []int, n, i, d int) bool {
	for j := range i {
		if cells[j] == d && (j/n == i/n || j%n == i%n) {
			return true
		}
	}
	return false
}
