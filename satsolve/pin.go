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

// Pinner answers, for a solved grid, whether a puzzle made of some of its
// digits pins it down: whether that grid is the puzzle's only solution. A
// puzzle generator asks it once for every clue it tries to take out.
//
// One gini instance holds the whole rules (the one encoder's formula over
// every candidate), written once, and the clause that excludes the current
// grid, which a new grid replaces. Each question is a solve under the
// puzzle's clues as assumptions: an unsatisfiable answer proves that no
// other solution exists. The instance keeps what it learns from one
// question, and one grid, to the next, which makes a question on a 9×9
// board a matter of microseconds. A Pinner is not safe for concurrent use.
type Pinner struct {
	gi     *gini.Gini
	rules  *satdoku.Rules
	n      int
	sol    *satdoku.Grid
	act    z.Lit // activates the clause that excludes sol
	second *satdoku.Grid
}

// ErrNotSolution reports a grid given to Pinner.Pin that is not complete or
// not under the Pinner's rules, or a puzzle given to Pinner.Unique whose
// clues differ from the grid.
var ErrNotSolution = errors.New("satsolve: not a solution")

// NewPinner returns a Pinner for grids under rules r.
func NewPinner(r *satdoku.Rules) (*Pinner, error) {
	if r == nil {
		return nil, fmt.Errorf("satsolve: %w", backend.ErrGrid)
	}
	n := r.N()
	p := &Pinner{gi: gini.NewVc(n*n*n+1, 4*n*n*n), rules: r, n: n}
	if err := encode.NewEncoder(r, encode.Extended).Write(&fixedAdder{gi: p.gi}, nil); err != nil {
		return nil, fmt.Errorf("satsolve: %w", err)
	}
	return p, nil
}

// Pin makes sol the grid that Unique asks about. It does not check that sol
// keeps the rules (the caller's validator does): a grid that breaks them is
// no puzzle's solution, and every puzzle made from it answers not unique.
func (p *Pinner) Pin(sol *satdoku.Grid) error {
	if sol == nil || sol.Rules() != p.rules {
		return fmt.Errorf("%w: the grid is not under the Pinner's rules", ErrNotSolution)
	}
	if !sol.Full() {
		return fmt.Errorf("%w: the grid has empty cells", ErrNotSolution)
	}
	if p.act != z.LitNull {
		p.gi.Deactivate(p.act)
	}
	a := &fixedAdder{gi: p.gi, guard: true}
	encode.BlockOpen(a, nil, sol)
	p.act, p.sol, p.second = a.act, sol, nil
	return nil
}

// Fill returns a solution of the rules with the digits of seeds (a grid
// under the same rules, its clues as assumptions), or nil when the seeds
// have none.
func (p *Pinner) Fill(seeds *satdoku.Grid) *satdoku.Grid {
	n := p.n
	for i := range n * n {
		if d := seeds.Cell(i); d != 0 {
			p.gi.Assume(z.Dimacs2Lit(i*n + d))
		}
	}
	if p.gi.Solve() != 1 {
		return nil
	}
	return p.model()
}

// model reads the grid of gini's model.
func (p *Pinner) model() *satdoku.Grid {
	n := p.n
	g := satdoku.NewGrid(p.rules)
	for i := range n * n {
		for d := 1; d <= n; d++ {
			if p.gi.Value(z.Dimacs2Lit(i*n + d)) {
				g.SetCell(i, d)
				break
			}
		}
	}
	return g
}

// Unique reports whether puzzle, whose clues must all be the pinned grid's
// digits at the same cells, has that grid as its only solution. When it has
// another, Second returns one. ctx is looked at before the solve only: a
// 9×9 question takes microseconds, and a big board's a fraction of a second
// or so.
func (p *Pinner) Unique(ctx context.Context, puzzle *satdoku.Grid) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if p.sol == nil {
		return false, fmt.Errorf("%w: no grid pinned", ErrNotSolution)
	}
	if puzzle == nil || puzzle.N() != p.n {
		return false, fmt.Errorf("satsolve: %w", backend.ErrGrid)
	}
	n := p.n
	p.gi.Assume(p.act)
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
	p.second = p.model()
	return false, nil
}

// Second returns the other solution that the last call of Unique found,
// nil when it answered unique.
func (p *Pinner) Second() *satdoku.Grid { return p.second }

// fixedAdder feeds DIMACS clauses to gini with the fixed numbering; with
// guard, under a new activation literal, act.
type fixedAdder struct {
	gi    *gini.Gini
	guard bool
	act   z.Lit
}

func (a *fixedAdder) Add(l int) {
	if l == 0 && a.guard {
		a.act = a.gi.Activate()
		return
	}
	a.gi.Add(z.Dimacs2Lit(l))
}

func (a *fixedAdder) AddClause(lits []int) {
	for _, l := range lits {
		a.gi.Add(z.Dimacs2Lit(l))
	}
	a.Add(0)
}
