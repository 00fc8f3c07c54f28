package verify_test

import (
	"errors"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

var full = flag.Bool("full", false, "check every line of the shared data sets (slow)")

// Known solution counts of the data sets that have neither a .solutions.txt
// nor an .expected.txt file (see SOURCES.md): 2 means "2 or more".
var knownCounts = map[string]int{
	"derived_multi_16clue":  2,
	"derived_nosol_17plus1": 0,
	"serg_benchmark":        2,
}

// dataLimit is the number of lines read from each data set: 200 with
// -short, everything with -full, else 2000.
func dataLimit() int {
	switch {
	case *full:
		return 0
	case testing.Short():
		return 200
	}
	return 2000
}

// TestData runs every shared data set through the three checks: each
// puzzle is valid, has exactly its published solution, and the solution
// passes Solution while a tampered copy does not.
func TestData(t *testing.T) {
	files, err := filepath.Glob(dataPath("*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skipf("no data in %s", dataDir)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		if strings.HasSuffix(name, ".solutions") || strings.HasSuffix(name, ".expected") {
			continue
		}
		t.Run(name, func(t *testing.T) {
			want, known := knownCounts[name]
			puzzles := readLines(t, f, dataLimit())
			switch {
			case known:
				for i, p := range puzzles {
					g := puzzle(t, name, i, p)
					if got, _ := verify.Count(g, 2); got != want {
						t.Errorf("%s:%d: Count = %d, want %d", name, i+1, got, want)
					}
				}
			case exists(dataPath(name + ".solutions.txt")):
				sols := readLines(t, dataPath(name+".solutions.txt"), dataLimit())
				if len(sols) != len(puzzles) {
					t.Fatalf("%d puzzles, %d solutions", len(puzzles), len(sols))
				}
				for i, p := range puzzles {
					unique(t, name, i, puzzle(t, name, i, p), puzzle(t, name+".solutions", i, sols[i]))
				}
			case exists(dataPath(name + ".expected.txt")):
				t.Skip("covered by TestCountExpected")
			default:
				t.Skip("no known answers")
			}
			t.Logf("%d puzzles", len(puzzles))
		})
	}
}

func puzzle(t *testing.T, file string, i int, s string) *satdoku.Grid {
	t.Helper()
	g, err := fromLine(s)
	if err != nil {
		t.Fatalf("%s:%d: %v", file, i+1, err)
	}
	return g
}

// unique checks a puzzle with a published unique solution.
func unique(t *testing.T, name string, i int, p, sol *satdoku.Grid) {
	t.Helper()
	if cs := verify.Check(p); cs != nil {
		t.Errorf("%s:%d: Check = %v", name, i+1, cs)
	}
	if err := verify.Solution(p, sol); err != nil {
		t.Errorf("%s:%d: published solution: %v", name, i+1, err)
	}
	if n, got := verify.Count(p, 2); n != 1 || !got.Equal(sol) {
		t.Errorf("%s:%d: Count = %d, %s; want 1, %s", name, i+1, n, line(got), line(sol))
	}
	// Swapping two different digits that the puzzle leaves open in one
	// row keeps the row valid but breaks a column.
	bad := sol.Clone()
	for c := 1; c < p.N(); c++ {
		if p.Get(0, 0) == 0 && p.Get(0, c) == 0 {
			bad.Set(0, 0, sol.Get(0, c))
			bad.Set(0, c, sol.Get(0, 0))
			if err := verify.Solution(p, bad); !errors.Is(err, verify.ErrConflict) {
				t.Errorf("%s:%d: swapped r1c1 and r1c%d: Solution = %v, want ErrConflict", name, i+1, c+1, err)
			}
			break
		}
	}
}
