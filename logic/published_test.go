package logic

import (
	"flag"
	"maps"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
)

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
// places a digit the solution does not have or removes one it has, and a
// path that ends solved ends in the solution. It logs the share solved
// per rule family. In -short mode every eighth puzzle of up to 9×9,
// without the nested contradiction.
func TestPublishedSound(t *testing.T) {
	ps := readPublished(t)
	if len(ps) < 100 {
		t.Fatalf("read %d published puzzles, want over 100", len(ps))
	}
	// Under -short the nested contradiction, the dearest search (tested
	// on its own by TestNestedSound), is left out: rated above the rest.
	opt := &Options{ChainSteps: *chainFlag}
	if testing.Short() {
		opt.MaxRating = RatingNested - 0.1
	}
	solved, clue, chains, forcings, nested := 0, 0, 0, 0, 0
	family := map[string][2]int{} // per rule family: puzzles solved, puzzles
	for k, pp := range ps {
		if testing.Short() && (k%8 != 0 || pp.puzzle.N() > 9) {
			continue
		}
		where := "published.txt:" + strconv.Itoa(pp.line) + " " + pp.name
		s, err := New(pp.puzzle)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		start := time.Now()
		steps := 0
		for {
			st, ok := s.NextWith(opt)
			if !ok {
				break
			}
			soundStep(t, where, st, pp.solution)
			switch st.Technique {
			case "clue":
				clue++
			case "clue chain":
				chains++
			case "clue forcing":
				forcings++
			case "nested contradiction":
				nested++
			}
			s.Apply(st)
			steps++
		}
		if s.Solved() {
			solved++
			if !s.Grid().Equal(pp.solution) {
				t.Errorf("%s: solved to another grid", where)
			}
		}
		for _, tag := range pp.puzzle.Rules().Tags() {
			c := family[tag]
			if s.Solved() {
				c[0]++
			}
			c[1]++
			family[tag] = c
		}
		open := 0
		for i := range pp.puzzle.N() * pp.puzzle.N() {
			if s.value[i] == 0 {
				open++
			}
		}
		t.Logf("%-70.70s %4d steps solved=%v %v open=%d %v", pp.name, steps, s.Solved(), time.Since(start).Round(time.Millisecond), open, pp.puzzle.Rules().Tags())
	}
	for _, tag := range slices.Sorted(maps.Keys(family)) {
		t.Logf("family %-22s solved %3d of %3d", tag, family[tag][0], family[tag][1])
	}
	t.Logf("solved %d without trial; clue steps %d, clue chains %d, clue forcings %d, nested contradictions %d", solved, clue, chains, forcings, nested)
	if clue == 0 || chains == 0 || forcings == 0 || nested == 0 && !testing.Short() {
		t.Errorf("the paths hold %d clue steps, %d clue chains, %d clue forcings and %d nested contradictions: some were not tried", clue, chains, forcings, nested)
	}
}
