package logic

import (
	"flag"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/fpuzzles"
)

// publishedPuzzle is a puzzle of fpuzzles/testdata/published.txt with its
// published solution.
type publishedPuzzle struct {
	name string
	line int
	p    *fpuzzles.Puzzle
	sol  *satdoku.Grid
}

// readPublished reads the puzzles of fpuzzles/testdata/published.txt that
// satdoku reads, on boards up to 9×9 (whose solutions are written one
// figure a digit), with their published solutions.
func readPublished(tb testing.TB) []publishedPuzzle {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "fpuzzles", "testdata", "published.txt"))
	if err != nil {
		tb.Fatal(err)
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
		case sol != "":
			p, err := fpuzzles.Read([]byte(l))
			if err != nil {
				tb.Fatalf("published.txt:%d: %v", i+1, err)
			}
			n := p.Grid.N()
			if n > 9 || len(sol) != n*n {
				continue
			}
			g := satdoku.NewGrid(p.Grid.Rules())
			for k := range n * n {
				d, err := strconv.Atoi(sol[k : k+1])
				if err != nil {
					tb.Fatalf("published.txt:%d: solution: %v", i+1, err)
				}
				g.SetCell(k, d)
			}
			out = append(out, publishedPuzzle{name, line, p, g})
		}
	}
	return out
}

// soundStep fails the test when step st places a digit that differs from
// the solution or removes the solution's digit.
func soundStep(t *testing.T, what string, st Step, sol *satdoku.Grid) {
	t.Helper()
	for _, p := range st.Placements {
		if sol.Cell(p.Cell) != p.Digit {
			t.Fatalf("%s: %q places %d in %s, the solution has %d", what, st.Text, p.Digit, cellName(sol.N(), p.Cell), sol.Cell(p.Cell))
		}
	}
	for _, x := range st.Eliminations {
		if sol.Cell(x.Cell) == x.Digit {
			t.Fatalf("%s: %q removes the solution's %d from %s", what, st.Text, x.Digit, cellName(sol.N(), x.Cell))
		}
	}
}

// chainFlag sets Options.ChainSteps in TestPublishedSound, to measure.
var chainFlag = flag.Int("chain", 0, "the most steps of a clue chain in TestPublishedSound (0: the default)")

// TestPublishedSound follows the whole path of every published variant
// puzzle and checks every step against the published solution: no step
// places a digit the solution does not have or removes one it has. In
// -short mode every fourth puzzle.
func TestPublishedSound(t *testing.T) {
	ps := readPublished(t)
	if len(ps) < 50 {
		t.Fatalf("read %d published puzzles, want at least 50", len(ps))
	}
	solved, clue, chains, forcings := 0, 0, 0, 0
	family := map[string][2]int{} // per rule family: puzzles solved, puzzles
	for k, pp := range ps {
		if testing.Short() && k%4 != 0 {
			continue
		}
		s, err := New(pp.p.Grid)
		if err != nil {
			t.Fatalf("published.txt:%d %s: %v", pp.line, pp.name, err)
		}
		start := time.Now()
		steps := 0
		for {
			st, ok := s.NextWith(&Options{ChainSteps: *chainFlag})
			if !ok {
				break
			}
			soundStep(t, "published.txt:"+strconv.Itoa(pp.line)+" "+pp.name, st, pp.sol)
			switch st.Technique {
			case "clue":
				clue++
			case "clue chain":
				chains++
			case "clue forcing":
				forcings++
			}
			s.Apply(st)
			steps++
		}
		if s.Solved() {
			solved++
		}
		for _, tag := range pp.p.Grid.Rules().Tags() {
			c := family[tag]
			if s.Solved() {
				c[0]++
			}
			c[1]++
			family[tag] = c
		}
		t.Logf("%-70.70s %4d steps solved=%v %v", pp.name, steps, s.Solved(), time.Since(start).Round(time.Millisecond))
	}
	for _, tag := range slices.Sorted(maps.Keys(family)) {
		t.Logf("family %-22s solved %3d of %3d", tag, family[tag][0], family[tag][1])
	}
	t.Logf("solved %d; clue steps %d, clue chains %d, clue forcings %d", solved, clue, chains, forcings)
	if clue == 0 || chains == 0 || forcings == 0 {
		t.Errorf("the paths hold %d clue steps, %d clue chains and %d clue forcings: some were not tried", clue, chains, forcings)
	}
}
