package logic

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// dataDir is the shared data sets, next to the repository.
var dataDir = filepath.Join("..", "..", "shared", "data")

// readSet reads up to max puzzles of a shared data set with their
// solutions, or skips the test when the set is absent.
func readSet(tb testing.TB, name string, max int) (puzzles, solutions []string) {
	tb.Helper()
	read := func(file string) []string {
		f, err := os.Open(filepath.Join(dataDir, file))
		if err != nil {
			tb.Skipf("data set absent: %v", err)
		}
		defer f.Close()
		var lines []string
		sc := bufio.NewScanner(f)
		for sc.Scan() && len(lines) < max {
			if l := sc.Text(); l != "" {
				lines = append(lines, l)
			}
		}
		if err := sc.Err(); err != nil {
			tb.Fatal(err)
		}
		return lines
	}
	puzzles, solutions = read(name+".txt"), read(name+".solutions.txt")
	if len(puzzles) != len(solutions) {
		tb.Fatalf("%s: %d puzzles, %d solutions", name, len(puzzles), len(solutions))
	}
	return puzzles, solutions
}

func mustParse(tb testing.TB, s string) *satdoku.Grid {
	tb.Helper()
	g, err := textfmt.Parse(s)
	if err != nil {
		tb.Fatalf("parse %q: %v", s, err)
	}
	return g
}
