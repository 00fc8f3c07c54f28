package satsolve

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
)

// ErrNotForced reports a cell that the clues of a puzzle do not force: its
// solutions put different digits there, or it has none.
var ErrNotForced = errors.New("satsolve: the cell is not forced")

// Forcing explains why cell i of puzzle must hold its digit: it returns the
// digit, and a set of the puzzle's clues (cells, row-major, increasing)
// that already forces it, which no clue can leave. gini proves it: the
// rules with those clues as assumptions and the cell holding another digit
// are unsatisfiable. The set starts from gini's failed assumptions and
// each clue is then tried without, so it is minimal (no clue can go), not
// necessarily the smallest there is. A cell with a clue is forced by that
// clue alone. A cell whose solutions differ, or a puzzle with none, gives
// an error wrapping ErrNotForced. ctx is looked at between solves.
func Forcing(ctx context.Context, puzzle *satdoku.Grid, i int) (digit int, clues []int, err error) {
	if puzzle == nil || puzzle.Rules() == nil || i < 0 || i >= puzzle.Len() {
		return 0, nil, fmt.Errorf("satsolve: %w", backend.ErrGrid)
	}
	n := puzzle.Rules().Values() // digits per cell (N, unless the rules say otherwise)
	if d := puzzle.Cell(i); d != 0 {
		return d, []int{i}, nil
	}
	nn := puzzle.Len() * n
	gi := gini.NewVc(nn+1, 4*nn)
	if err := encode.NewEncoder(puzzle.Rules(), encode.Extended).Write(&fixedAdder{gi: gi}, nil); err != nil {
		return 0, nil, fmt.Errorf("satsolve: %w", err)
	}
	lit := func(c, d int) z.Lit { return z.Dimacs2Lit(c*n + d) }
	var all []int
	for c := range puzzle.Len() {
		if puzzle.Cell(c) != 0 {
			all = append(all, c)
		}
	}
	assume := func(cs []int) {
		for _, c := range cs {
			gi.Assume(lit(c, puzzle.Cell(c)))
		}
	}
	// The digit: any solution's.
	assume(all)
	if gi.Solve() != 1 {
		return 0, nil, fmt.Errorf("%w: the puzzle has no solution", ErrNotForced)
	}
	for d := 1; d <= n; d++ {
		if gi.Value(lit(i, d)) {
			digit = d
		}
	}
	// Forced: no solution with another digit there.
	unsat := func(cs []int) bool {
		assume(cs)
		gi.Assume(lit(i, digit).Not())
		return gi.Solve() == -1
	}
	if !unsat(all) {
		other := 0
		for d := 1; d <= n; d++ {
			if gi.Value(lit(i, d)) {
				other = d
			}
		}
		r := puzzle.Rules()
		return 0, nil, fmt.Errorf("%w: %s can hold %d or %d", ErrNotForced, r.CellName(i), r.ValueOf(digit), r.ValueOf(other))
	}
	// The failed assumptions, then each clue tried without.
	failed := map[z.Lit]bool{}
	for _, m := range gi.Why(nil) {
		failed[m] = true
	}
	var core []int
	for _, c := range all {
		if failed[lit(c, puzzle.Cell(c))] {
			core = append(core, c)
		}
	}
	for k := 0; k < len(core); {
		if err := ctx.Err(); err != nil {
			return 0, nil, err
		}
		rest := append(append([]int(nil), core[:k]...), core[k+1:]...)
		if unsat(rest) {
			core = rest
			continue
		}
		k++
	}
	return digit, core, nil
}

// fixedAdder feeds DIMACS clauses to gini with the fixed numbering.
type fixedAdder struct{ gi *gini.Gini }

func (a *fixedAdder) Add(l int) { a.gi.Add(z.Dimacs2Lit(l)) }

func (a *fixedAdder) AddClause(lits []int) {
	for _, l := range lits {
		a.gi.Add(z.Dimacs2Lit(l))
	}
	a.gi.Add(0)
}
