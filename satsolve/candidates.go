package satsolve

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
)

// Candidates finds the true candidates of g — the digits each cell holds
// in at least one solution — and counts its solutions up to limit (at
// least 1).
//
// The solutions are first counted as Count counts them, each found blocked
// in turn, and the digits of every one are marked. A count below the limit has seen every solution, and
// the marks are complete. Otherwise, for every candidate the pre-pass left
// open that no solution found so far holds, gini is asked once more,
// under the assumption that the cell holds the digit: a model, checked in
// its turn, marks its digits; UNSAT rules the candidate out. The blocking
// clauses do not get in the way: a solution that holds a digit no solution
// found holds is none of the blocked ones.
//
// Every solution found goes to see before its digits are marked (package
// checked passes the validator there); an error from see stops the call.
// The call counts as one for Options.Timeout and the context; a timeout
// gives an error wrapping backend.ErrTimeout. It implements
// backend.Candidater.
func (s *Solver) Candidates(ctx context.Context, g *satdoku.Grid, limit int, see func(*satdoku.Grid) error) (backend.Marks, error) {
	if limit < 1 {
		return backend.Marks{}, fmt.Errorf("satsolve: %w (got %d)", backend.ErrLimit, limit)
	}
	if err := s.begin(ctx, g); err != nil {
		return backend.Marks{}, err
	}
	m := backend.Marks{Cands: make([]uint64, g.Len())}
	mark := func(sol *satdoku.Grid) error {
		if see != nil {
			if err := see(sol); err != nil {
				return err
			}
		}
		for i := range m.Cands {
			m.Cands[i] |= 1 << (sol.Cell(i) - 1)
		}
		return nil
	}
	res, err := s.search(g, limit, mark)
	if err != nil {
		return backend.Marks{Result: res}, err
	}
	m.Result = res
	m.Status = backend.StatusOf(res.Count, limit)
	if m.Count < limit {
		s.end() // every solution has been seen
		return m, nil
	}
	c := &s.c
	for i, open := range c.pp.cand {
		if c.pp.val[i] != 0 {
			continue
		}
		for ; open != 0; open &= open - 1 {
			d := bits.TrailingZeros64(open) + 1
			if m.Cands[i]&(1<<(d-1)) != 0 {
				continue
			}
			c.gi.Assume(c.cvar[i*s.bd.nv+d].Pos())
			r := s.solve()
			if r == 0 {
				s.drop()
				return backend.Marks{Result: m.Result}, s.stopped(g, m.Count, "looking for candidates")
			}
			if r < 0 {
				continue
			}
			sol, err := s.decode(g.Rules())
			if err != nil {
				s.drop()
				return backend.Marks{}, fmt.Errorf("satsolve: internal error: bad model: %w: %w", err, backend.ErrFailed)
			}
			if err := mark(sol); err != nil {
				s.drop()
				return backend.Marks{}, err
			}
		}
	}
	s.end()
	return m, nil
}

// Candidates finds the true candidates of g with a new Solver; see
// Solver.Candidates.
func Candidates(ctx context.Context, g *satdoku.Grid, limit int, o Options, see func(*satdoku.Grid) error) (backend.Marks, error) {
	return New(o).Candidates(ctx, g, limit, see)
}

// Solutions counts the solutions of g up to limit (at least 1), as Count
// does, and calls see with every one it finds, each once, in turn; an
// error from see stops the call and is returned. It implements
// backend.Enumerator.
func (s *Solver) Solutions(ctx context.Context, g *satdoku.Grid, limit int, see func(*satdoku.Grid) error) (backend.Result, error) {
	if limit < 1 {
		return backend.Result{}, fmt.Errorf("satsolve: %w (got %d)", backend.ErrLimit, limit)
	}
	return s.visit(ctx, g, limit, nil, see)
}

var _ backend.Enumerator = (*Solver)(nil)
