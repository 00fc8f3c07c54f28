package logic

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/fpuzzles"
)

// publishedPuzzle is a record of fpuzzles/testdata/published.txt: a
// published variant puzzle and its published solution.
type publishedPuzzle struct {
	name     string
	line     int
	puzzle   *satdoku.Grid
	solution *satdoku.Grid
}

// readPublished reads the published variant puzzles of the fpuzzles
// package's test data (sources cited in the file), with their solutions.
func readPublished(t testing.TB) []publishedPuzzle {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "fpuzzles", "testdata", "published.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []publishedPuzzle
	name, line, sol := "", 0, ""
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case l == "":
			name, line, sol = "", 0, ""
		case strings.HasPrefix(l, "#"):
			if name == "" {
				name, line = strings.TrimSpace(l[1:]), i+1
			}
		case strings.HasPrefix(l, "solution "):
			sol = strings.TrimPrefix(l, "solution ")
		case strings.HasPrefix(l, "refused "):
		default:
			if sol == "" {
				continue
			}
			p, err := fpuzzles.Read([]byte(l))
			if err != nil {
				t.Fatalf("published.txt:%d %s: %v", line, name, err)
			}
			g := decimalGrid(p.Grid.Rules(), sol)
			if g == nil {
				t.Fatalf("published.txt:%d %s: cannot read the solution", line, name)
			}
			out = append(out, publishedPuzzle{name, line, p.Grid, g})
		}
	}
	return out
}

// decimalGrid reads digits written one after another in decimal (those
// over 9 in two figures), every row and column holding distinct digits, as a grid
// under rules r; nil when they do not make one.
func decimalGrid(r *satdoku.Rules, s string) *satdoku.Grid {
	n := r.N()
	cells := make([]int, n*n)
	var split func(i int, s string) bool
	split = func(i int, s string) bool {
		if i == n*n {
			return s == ""
		}
		for w := 1; w <= 2 && w <= len(s); w++ {
			d, err := strconv.Atoi(s[:w])
			if err != nil || d < 1 || d > n || s[0] == '0' {
				continue
			}
			dup := false
			for j := i - i%n; j < i; j++ {
				dup = dup || cells[j] == d
			}
			for j := i % n; j < i; j += n {
				dup = dup || cells[j] == d
			}
			if dup {
				continue
			}
			cells[i] = d
			if split(i+1, s[w:]) {
				return true
			}
		}
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

// BenchmarkSolvePublished solves the published variant puzzles by logic,
// round robin: the time to the full path (or to where logic stops), each
// time under a fresh copy of the rules, whose caches start empty as in a
// run of the CLI.
func BenchmarkSolvePublished(b *testing.B) {
	recs := readPublished(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := recs[i%len(recs)].puzzle
		g := satdoku.NewGrid(p.Rules().WithTags())
		for c := range p.Len() {
			g.SetCell(c, p.Cell(c))
		}
		if _, _, err := Solve(g, nil); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
}
