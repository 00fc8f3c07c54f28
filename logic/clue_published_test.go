package logic

import (
	"path/filepath"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/published"
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
	recs, err := published.Read(filepath.Join("..", "fpuzzles", "testdata", "published.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []publishedPuzzle
	for _, rec := range recs {
		if rec.Solution == "" {
			continue // refused
		}
		p, err := fpuzzles.Read([]byte(rec.Puzzle))
		if err != nil {
			t.Fatalf("published.txt:%d %s: %v", rec.Line, rec.Name, err)
		}
		g := published.Grid(p.Grid.Rules(), rec.Solution)
		if g == nil {
			t.Fatalf("published.txt:%d %s: cannot read the solution", rec.Line, rec.Name)
		}
		out = append(out, publishedPuzzle{rec.Name, rec.Line, p.Grid, g})
	}
	return out
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
