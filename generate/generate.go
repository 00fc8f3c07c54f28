// Package generate makes puzzles: a random solution under a set of rules,
// then clues taken out, in symmetric orbits and in a random order, for as
// long as gini proves the puzzle still unique. Every puzzle it returns has
// been checked through package checked: the validator finds that its
// solution keeps every rule and agrees with the clues, and on boards up to
// 9×9 its own counter finds the puzzle unique too.
//
// Generation is deterministic: the same seed and options give the same
// puzzle, whatever else runs at the same time.
package generate

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/satsolve"
)

// Options configure Generate. The zero Options make classic 9×9 puzzles
// with no symmetry, taking out clues in one pass until none can go.
type Options struct {
	// Rules are the board and its rules; nil means the classic 9×9.
	Rules *satdoku.Rules
	// Symmetry is the symmetry the clues keep.
	Symmetry Symmetry
	// Minimal asks for puzzles in which every clue is needed: taking out
	// any one clue gives a second solution. Without a symmetry one pass
	// gives that; with one, a pass only proves that every orbit is needed,
	// so Generate also tries each clue alone and makes another puzzle when
	// one could go.
	Minimal bool
	// Clues, when positive, stops taking out clues once the puzzle has this
	// many or fewer (fewer by up to an orbit's size less one). A pass that
	// ends above it starts again from another solution.
	Clues int
	// Accept, when not nil, is asked about each finished puzzle; Generate
	// makes another until it accepts one (a difficulty filter).
	Accept func(puzzle *satdoku.Grid) bool
	// Tries bounds the puzzles Generate makes for one answer (minimality
	// with a symmetry, Clues, Accept); 0 means 1000.
	Tries int
}

// Puzzle is a generated puzzle.
type Puzzle struct {
	Grid     *satdoku.Grid // the clues
	Solution *satdoku.Grid // its one solution
	Seed     uint64        // the seed Generate was given
	Tries    int           // the puzzles made to get this one (1 when the first was taken)
}

// Clues returns the number of clues of the puzzle.
func (p Puzzle) Clues() int { return p.Grid.Givens() }

// ErrTries reports that Generate made Options.Tries puzzles and none was
// what the options ask for.
var ErrTries = errors.New("generate: no puzzle met the options")

// Generate makes one puzzle from seed under options o. A Generator makes
// many faster.
func Generate(ctx context.Context, seed uint64, o Options) (Puzzle, error) {
	g, err := New(o)
	if err != nil {
		return Puzzle{}, err
	}
	return g.Generate(ctx, seed)
}

// Generator makes puzzles under one set of options. It keeps a
// satsolve.Solver across puzzles to ask about each clue (whether the
// puzzle without it has a solution other than the one it was made from,
// one that differs in the cells just blanked: Solver.OtherAt, whose native
// pre-pass leaves gini a small formula while many clues are left; or one
// found at once by swapping two digits, see swaps); the answers are facts,
// so a puzzle depends only on its seed. A Generator is not safe for concurrent use: make one per
// goroutine.
type Generator struct {
	opt    Options
	rules  *satdoku.Rules
	ask    *satsolve.Solver // asks whether clues can go
	orbits [][]int
}

// New returns a Generator for options o.
func New(o Options) (*Generator, error) {
	r := o.Rules
	if r == nil {
		r, _ = satdoku.Standard(9)
	}
	if rows, cols := r.Window(); rows != cols {
		return nil, fmt.Errorf("generate: a %d×%d grid (puzzles are made on square grids)", rows, cols)
	}
	if int(o.Symmetry) >= len(symmetryNames) {
		return nil, fmt.Errorf("generate: %v", o.Symmetry)
	}
	if o.Tries <= 0 {
		o.Tries = 1000
	}
	return &Generator{opt: o, rules: r, ask: satsolve.New(satsolve.Options{Stoppable: true}), orbits: o.Symmetry.Orbits(r.N())}, nil
}

// Generate makes one puzzle from seed.
func (gr *Generator) Generate(ctx context.Context, seed uint64) (Puzzle, error) {
	g := &gen{Generator: gr, rng: rand.New(rand.NewPCG(seed, 0x5a7d0c0)),
		solver: satsolve.New(satsolve.Options{Stoppable: true})}
	for try := 1; try <= gr.opt.Tries; try++ {
		p, ok, err := g.one(ctx)
		if err != nil {
			return Puzzle{}, err
		}
		if ok {
			p.Seed, p.Tries = seed, try
			return p, nil
		}
	}
	return Puzzle{}, fmt.Errorf("%w: %d tries", ErrTries, gr.opt.Tries)
}

// plainQuestions asks about each clue the plain way, with neither swap
// sets nor OtherAt's short clause but Other's (see only), for the tests
// that compare the puzzles made both ways.
var plainQuestions bool

// swapsFor returns the swap sets of sol, or nil with plainQuestions.
func swapsFor(sol *satdoku.Grid) *swaps {
	if plainQuestions || sol.Rules().Values() != sol.N() {
		return nil // the swaps' tables are for the digits 1..N
	}
	return newSwaps(sol)
}

// gen is the state of one puzzle's making. Its random solutions come from
// a Solver of its own, so that they depend on the seed alone.
type gen struct {
	*Generator
	rng    *rand.Rand
	solver *satsolve.Solver
}

// one makes one puzzle, and reports whether it is what the options ask for.
func (g *gen) one(ctx context.Context) (Puzzle, bool, error) {
	sol, err := g.solution(ctx)
	if err != nil {
		return Puzzle{}, false, err
	}
	puzzle := sol.Clone()
	clues := sol.Len()
	sw := swapsFor(sol)
	for _, k := range g.rng.Perm(len(g.orbits)) {
		if g.opt.Clues > 0 && clues <= g.opt.Clues {
			break
		}
		orbit := g.orbits[k]
		for _, i := range orbit {
			puzzle.SetCell(i, 0)
		}
		unique, err := only(ctx, g.ask, puzzle, sol, sw, orbit)
		if err != nil {
			return Puzzle{}, false, err
		}
		if unique {
			clues -= len(orbit)
			continue
		}
		for _, i := range orbit {
			puzzle.SetCell(i, sol.Cell(i))
		}
	}
	if g.opt.Clues > 0 && clues > g.opt.Clues {
		return Puzzle{}, false, nil
	}
	if g.opt.Minimal && g.opt.Symmetry != None {
		minimal, err := minimal(ctx, g.ask, puzzle, sol, sw)
		if err != nil || !minimal {
			return Puzzle{}, false, err
		}
	}
	if err := check(ctx, puzzle, sol); err != nil {
		return Puzzle{}, false, err
	}
	if g.opt.Accept != nil && !g.opt.Accept(puzzle) {
		return Puzzle{}, false, nil
	}
	return Puzzle{Grid: puzzle, Solution: sol}, true, nil
}

// only reports whether sol is the only solution of puzzle, whose clues
// are digits of sol, and which is a puzzle with sol as its one solution
// that lost the clues of the cells removed: no swap set of sw through them
// is free of clues (see swaps; sw may be nil), and gini finds no solution
// that differs from sol in one of them (satsolve.Solver.OtherAt; any other
// solution would, since the puzzle with them was unique).
func only(ctx context.Context, s *satsolve.Solver, puzzle, sol *satdoku.Grid, sw *swaps, removed []int) (bool, error) {
	if sw != nil && sw.other(puzzle, removed) != nil {
		return false, nil
	}
	ask := s.OtherAt
	if plainQuestions {
		ask = func(ctx context.Context, g, sol *satdoku.Grid, _ []int) (backend.Result, error) {
			return s.Other(ctx, g, sol)
		}
	}
	res, err := ask(ctx, puzzle, sol, removed)
	if err != nil {
		return false, err
	}
	return res.Count == 0, nil
}

// minimal reports whether every clue of puzzle is needed for it to stay
// unique; sol is its solution, sw its swap sets (or nil).
func minimal(ctx context.Context, s *satsolve.Solver, puzzle, sol *satdoku.Grid, sw *swaps) (bool, error) {
	p := puzzle.Clone()
	for i := range p.Len() {
		d := p.Cell(i)
		if d == 0 {
			continue
		}
		p.SetCell(i, 0)
		unique, err := only(ctx, s, p, sol, sw, []int{i})
		if err != nil {
			return false, err
		}
		if unique {
			return false, nil
		}
		p.SetCell(i, d)
	}
	return true, nil
}

// checkCountUpTo is the largest board whose puzzles verify's own counter
// also proves unique: on bigger ones its search on a near-minimal puzzle
// can take long, and gini's proof stands alone.
const checkCountUpTo = 9

// certifyBudget bounds the validator's own count of a generated puzzle;
// on boards up to checkCountUpTo it is far more than the count needs.
const certifyBudget = time.Minute

// check has the checked layer check the claim that sol is the one solution
// of puzzle, which gini proved: the validator checks the solution against
// every rule and clue, and, on small boards, counts the puzzle's solutions
// itself.
func check(ctx context.Context, puzzle, sol *satdoku.Grid) error {
	o := checked.Options{Certify: puzzle.N() <= checkCountUpTo, Budget: certifyBudget}
	a, err := checked.New(checked.Claim(sol), o).Unique(ctx, puzzle)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		return fmt.Errorf("generate: internal error: %w: %w", err, backend.ErrFailed)
	case a.Status != backend.StatusUnique:
		return fmt.Errorf("generate: internal error: the validator finds the puzzle %v: %w", a.Status, backend.ErrFailed)
	case o.Certify && a.Certificate.Method != checked.Count:
		return fmt.Errorf("generate: internal error: uniqueness not certified (%v): %w", a.Certificate, backend.ErrFailed)
	}
	return nil
}

// solution returns a random solution of the rules: a few random clues that
// break no unit, solved by gini; when they have no completion, fewer.
func (g *gen) solution(ctx context.Context) (*satdoku.Grid, error) {
	r := g.rules
	n, nv := r.N(), r.Values() // nv digits: N, fewer on a raw board, or more
	seeds := n
	for {
		p := satdoku.NewGrid(r)
		used := make([]uint64, len(r.Units()))
		for _, i := range g.rng.Perm(n * n)[:seeds] {
			var free uint64 = ^uint64(0) >> (64 - nv)
			for _, u := range r.UnitsOf(i) {
				free &^= used[u]
			}
			if free == 0 {
				continue
			}
			d := nth(free, g.rng.IntN(bits.OnesCount64(free))) + 1
			p.SetCell(i, d)
			for _, u := range r.UnitsOf(i) {
				used[u] |= 1 << (d - 1)
			}
		}
		res, err := g.solver.Solve(ctx, p)
		if err != nil {
			return nil, err
		}
		if res.Status == backend.StatusSolved {
			sol := res.Solution
			if relabels(r) {
				// gini's models lean on its defaults (the last row of a
				// classic grid is often 9 8 7 … 1): a random renaming of
				// the digits spreads them, where the rules allow it.
				perm := g.rng.Perm(nv)
				for i := range sol.Len() {
					sol.SetCell(i, perm[sol.Cell(i)-1]+1)
				}
			}
			return sol, nil
		}
		if seeds == 0 {
			return nil, fmt.Errorf("generate: the rules have no solution")
		}
		seeds /= 2
	}
}

// relabels reports whether renaming the digits of a solution of r gives
// another: r has only units and relations of kind Different.
func relabels(r *satdoku.Rules) bool {
	if len(r.Constraints()) > 0 {
		return false
	}
	for _, x := range r.Relations() {
		if x.Kind != satdoku.Different {
			return false
		}
	}
	return true
}

// nth returns the index of the k-th set bit of m, from 0.
func nth(m uint64, k int) int {
	for ; k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros64(m)
}

// ErrNotUnique reports a puzzle given to Minimize that has no solution or
// more than one.
var ErrNotUnique = errors.New("generate: the puzzle is not unique")

// Minimize returns the puzzle with clues taken out, one at a time in an
// order drawn from seed, for as long as it stays unique, so that every clue
// left is needed, and its solution. A puzzle without exactly one solution is
// an error wrapping ErrNotUnique.
func Minimize(ctx context.Context, puzzle *satdoku.Grid, seed uint64) (min, sol *satdoku.Grid, err error) {
	s := satsolve.New(satsolve.Options{Stoppable: true})
	a, err := checked.New(s, checked.Options{}).Unique(ctx, puzzle)
	if err != nil {
		return nil, nil, err
	}
	if a.Status != backend.StatusUnique {
		return nil, nil, fmt.Errorf("%w: %v", ErrNotUnique, a.Status)
	}
	sol = a.Solution
	min = puzzle.Clone()
	sw := swapsFor(sol)
	rng := rand.New(rand.NewPCG(seed, 0x5a7d0c0))
	for _, i := range rng.Perm(min.Len()) {
		d := min.Cell(i)
		if d == 0 {
			continue
		}
		min.SetCell(i, 0)
		unique, err := only(ctx, s, min, sol, sw, []int{i})
		if err != nil {
			return nil, nil, err
		}
		if !unique {
			min.SetCell(i, d)
		}
	}
	if err := check(ctx, min, sol); err != nil {
		return nil, nil, err
	}
	return min, sol, nil
}
