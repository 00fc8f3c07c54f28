package satsolve

import (
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/verify"
)

// TestReducedFormula gives gini the Reduced formula itself, as satdoku
// dimacs writes it, for every puzzle of the self-made set: it must be
// satisfiable exactly when the puzzle has a solution, its models must decode
// (with encode.DecodePuzzle) to solutions, and with the solution blocked it
// must be unsatisfiable exactly when the puzzle is unique.
func TestReducedFormula(t *testing.T) {
	for _, c := range readDiffFile(t, "../testdata/diff/puzzles.txt") {
		g := c.puzzle
		if testing.Short() && g.N() > 9 {
			continue
		}
		gi := gini.New()
		a := giniAdder{gi}
		encode.Puzzle(a, g, encode.Reduced)
		sat := gi.Solve() == 1
		if sat != (c.count > 0) {
			t.Fatalf("%s: reduced formula satisfiable = %v, %d solutions", c.where, sat, c.count)
		}
		if !sat {
			continue
		}
		sol, err := encode.DecodePuzzle(g, func(v int) bool { return gi.Value(z.Var(v).Pos()) })
		if err != nil {
			t.Fatalf("%s: %v", c.where, err)
		}
		if err := verify.Solution(g, sol); err != nil {
			t.Fatalf("%s: decoded %v rejected: %v", c.where, sol, err)
		}
		encode.Block(a, g, sol)
		if again := gi.Solve() == 1; again != (c.count > 1) {
			t.Fatalf("%s: with the solution blocked, satisfiable = %v, %d solutions", c.where, again, c.count)
		}
	}
}
