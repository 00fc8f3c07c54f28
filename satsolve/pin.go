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

// Pinner answers, for one solved grid, whether a puzzle made of some of its
// digits pins it down: whether that grid is the puzzle's only solution. A
// puzzle generator asks it once for every clue it tries to take out.
//
// One gini instance holds the whole rules (the one encoder's formula over
// every candidate) and the clause that excludes the grid; each question is
// a solve under the puzzle's clues as assumptions. An unsatisfiable answer
// proves that no other solution exists, and the instance keeps what it
// learns from one question to the next, which makes a question on a 9×9
// board a matter of microseconds. A Pinner is not safe for concurrent use.
type Pinner struct {
	gi     *gini.Gini
	sol    *satdoku.Grid
	n      int
	second *satdoku.Grid
}

// ErrNotSolution reports a grid given to NewPinner that is not complete, or
// a puzzle given to Pinner.Unique whose clues differ from the grid.
var ErrNotSolution = errors.New("satsolve: not a solution")

// NewPinner returns a Pinner for the complete grid sol under its rules. It
// does not check that sol keeps the rules (the caller's validator does): a
// grid that breaks them is no puzzle's solution, and every puzzle made from
// it answers not unique.
func NewPinner(sol *satdoku.Grid) (*Pinner, error) {
	if sol == nil || sol.Rules() == nil {
		return nil, fmt.Errorf("satsolve: %w", backend.ErrGrid)
	}
	if !sol.Full() {
		return nil, fmt.Errorf("%w: the grid has empty cells", ErrNotSolution)
	}
	r := sol.Rules()
	n := r.N()
	p := &Pinner{gi: gini.NewVc(n*n*n+1, 4*n*n*n), sol: sol, n: n}
	a := &fixedAdder{gi: p.gi}
	if err := encode.NewEncoder(r, encode.Extended).Write(a, nil); err != nil {
		return nil, fmt.Errorf("satsolve: %w", err)
	}
	encode.BlockOpen(a, nil, sol)
	return p, nil
}

// Unique reports whether puzzle, whose clues must all be the grid's digits
// at the same cells, has the Pinner's grid as its only solution. When it has
// another, Second returns one. ctx is looked at before the solve only: a
// 9×9 question takes microseconds, and a big board's a fraction of a second
// or so.
func (p *Pinner) Unique(ctx context.Context, puzzle *satdoku.Grid) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if puzzle == nil || puzzle.N() != p.n {
		return false, fmt.Errorf("satsolve: %w", backend.ErrGrid)
	}
	n := p.n
	for i := range n * n {
		d := puzzle.Cell(i)
		if d == 0 {
			continue
		}
		if d != p.sol.Cell(i) {
			return false, fmt.Errorf("%w: r%dc%d holds %d, the grid %d", ErrNotSolution, i/n+1, i%n+1, d, p.sol.Cell(i))
		}
		p.gi.Assume(z.Dimacs2Lit(i*n + d))
	}
	p.second = nil
	if p.gi.Solve() != 1 {
		return true, nil
	}
	g := satdoku.NewGrid(p.sol.Rules())
	for i := range n * n {
		for d := 1; d <= n; d++ {
			if p.gi.Value(z.Dimacs2Lit(i*n + d)) {
				g.SetCell(i, d)
				break
			}
		}
	}
	p.second = g
	return false, nil
}

// Second returns the other solution that the last call of Unique found,
// nil when it answered unique.
func (p *Pinner) Second() *satdoku.Grid { return p.second }

// fixedAdder feeds DIMACS clauses to gini with the fixed numbering.
type fixedAdder struct{ gi *gini.Gini }

func (a *fixedAdder) Add(l int) { a.gi.Add(z.Dimacs2Lit(l)) }

func (a *fixedAdder) AddClause(lits []int) {
	for _, l := range lits {
		a.gi.Add(z.Dimacs2Lit(l))
	}
	a.gi.Add(0)
}
