package satsolve

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
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
	return s.candidates(ctx, g, limit, 1, see)
}

// CandidateCounts finds, as Candidates does, the true candidates of g and
// its solutions up to limit, and goes on until every candidate is held by
// at least perCand (at least 1) of the solutions found or by every
// solution of g: each solution is blocked once found, and for every
// candidate still short of perCand, gini is asked again under the
// assumption that the cell holds the digit, until it has enough or the
// formula is unsatisfiable. Counting, for each candidate, the solutions
// found that hold it thus gives min(solutions that hold it, perCand) —
// the givens and the cells the pre-pass fixed included, as every cell
// left open has candidates whose counts add up to at least
// min(solutions, perCand). The solutions go to see, each once; the Marks
// are Candidates'. It implements backend.CandidateCounter.
func (s *Solver) CandidateCounts(ctx context.Context, g *satdoku.Grid, limit, perCand int, see func(*satdoku.Grid) error) (backend.Marks, error) {
	if perCand < 1 {
		return backend.Marks{}, fmt.Errorf("satsolve: %w (per candidate, got %d)", backend.ErrLimit, perCand)
	}
	return s.candidates(ctx, g, limit, perCand, see)
}

// candidates is Candidates and CandidateCounts: it looks for solutions
// until each candidate is held by perCand of them or ruled out.
func (s *Solver) candidates(ctx context.Context, g *satdoku.Grid, limit, perCand int, see func(*satdoku.Grid) error) (backend.Marks, error) {
	if limit < 1 {
		return backend.Marks{}, fmt.Errorf("satsolve: %w (got %d)", backend.ErrLimit, limit)
	}
	if err := s.begin(ctx, g); err != nil {
		return backend.Marks{}, err
	}
	n := g.N()
	m := backend.Marks{Cands: make([]uint64, n*n)}
	// held counts the solutions found that hold each candidate, up to
	// perCand; a cap of 1 needs only the marks.
	var held []int32
	if perCand > 1 {
		held = make([]int32, n*n*n)
	}
	var last *satdoku.Grid
	mark := func(sol *satdoku.Grid) error {
		if see != nil {
			if err := see(sol); err != nil {
				return err
			}
		}
		for i := range m.Cands {
			d := sol.Cell(i)
			m.Cands[i] |= 1 << (d - 1)
			if held != nil {
				held[i*n+d-1]++
			}
		}
		last = sol
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
	if held != nil {
		// search leaves the last solution it found open; every solution
		// found must be blocked for a candidate's count to go on.
		encode.BlockOpen(&c.sink, &c.dom, last)
	}
	for i, open := range c.pp.cand {
		if c.pp.val[i] != 0 {
			continue
		}
		for ; open != 0; open &= open - 1 {
			d := bits.TrailingZeros64(open) + 1
			for !enough(m.Cands[i], held, i*n+d-1, d, perCand) {
				c.gi.Assume(c.cvar[i*n+d].Pos())
				r := s.solve()
				if r == 0 {
					s.drop()
					return backend.Marks{Result: m.Result}, s.stopped(g, m.Count, "looking for candidates")
				}
				if r < 0 {
					break
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
				if held != nil {
					encode.BlockOpen(&c.sink, &c.dom, sol)
				}
			}
		}
	}
	if held != nil {
		// With every solution blocked, gini may learn that the activation
		// literal itself is false, which would outlive the call on a
		// pooled instance: the instance goes.
		s.drop()
	} else {
		s.end()
	}
	return m, nil
}

// enough reports whether candidate k, digit d of a cell with marks cands,
// is held by perCand of the solutions found (held nil: by one).
func enough(cands uint64, held []int32, k, d, perCand int) bool {
	if held == nil {
		return cands&(1<<(d-1)) != 0
	}
	return int(held[k]) >= perCand
}

// Candidates finds the true candidates of g with a new Solver; see
// Solver.Candidates.
func Candidates(ctx context.Context, g *satdoku.Grid, limit int, o Options, see func(*satdoku.Grid) error) (backend.Marks, error) {
	return New(o).Candidates(ctx, g, limit, see)
}

var _ backend.CandidateCounter = (*Solver)(nil)
