package satsolve

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/verify"
)

// Marks is the answer of Candidates: the true candidates of a puzzle, the
// digits each cell holds in at least one of its solutions, and a count of
// the solutions up to a limit.
type Marks struct {
	// Cands holds one mask per cell, row-major: bit d−1 is set when the
	// cell holds digit d in some solution. Every mask is 0 when the puzzle
	// has no solution; a cell whose mask has a single bit holds that digit
	// in every solution.
	Cands []uint64
	// Count is the number of solutions found, at most the limit: Count ==
	// limit means "limit or more".
	Count int
	// Status is StatusNone, StatusUnique, StatusMultiple, or StatusSolved
	// for a limit of 1, as for Solver.Count.
	Status backend.Status
	// Solution and Second are the first two solutions found, nil when
	// there are fewer.
	Solution, Second *satdoku.Grid
}

// Digits returns the candidates of cell i in increasing order.
func (m *Marks) Digits(i int) []int {
	var ds []int
	for b := m.Cands[i]; b != 0; b &= b - 1 {
		ds = append(ds, bits.TrailingZeros64(b)+1)
	}
	return ds
}

// Candidates finds the true candidates of g — the digits each cell holds
// in at least one solution — and counts its solutions up to limit (at
// least 1).
//
// The solutions are first counted as Count counts them, each found blocked
// in turn; every one is checked by the validator (package verify) and its
// digits are marked. A count below the limit has seen every solution, and
// the marks are complete. Otherwise, for every candidate the pre-pass left
// open that no solution found so far holds, gini is asked once more,
// under the assumption that the cell holds the digit: a model, checked in
// its turn, marks its digits; UNSAT rules the candidate out. The blocking
// clauses do not get in the way: a solution that holds a digit no solution
// found holds is none of the blocked ones.
//
// The call counts as one for Options.Timeout and the context; a timeout
// gives an error wrapping backend.ErrTimeout, a solution that the
// validator rejects one wrapping backend.ErrFailed.
func (s *Solver) Candidates(ctx context.Context, g *satdoku.Grid, limit int) (Marks, error) {
	if limit < 1 {
		return Marks{}, fmt.Errorf("satsolve: %w (got %d)", backend.ErrLimit, limit)
	}
	if err := s.begin(ctx, g); err != nil {
		return Marks{}, err
	}
	n := g.N()
	m := Marks{Cands: make([]uint64, n*n)}
	mark := func(sol *satdoku.Grid) error {
		if err := verify.Solution(g, sol); err != nil {
			return fmt.Errorf("satsolve: internal error: solution rejected: %w: %w", err, backend.ErrFailed)
		}
		for i := range m.Cands {
			m.Cands[i] |= 1 << (sol.Cell(i) - 1)
		}
		return nil
	}
	res, err := s.search(g, limit, mark)
	if err != nil {
		return Marks{}, err
	}
	m.Count, m.Solution, m.Second = res.Count, res.Solution, res.Second
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
			c.gi.Assume(c.cvar[i*n+d].Pos())
			r := s.solve()
			if r == 0 {
				s.drop()
				return Marks{}, s.stopped(g, m.Count, "looking for candidates")
			}
			if r < 0 {
				continue
			}
			sol, err := s.decode(g.Rules())
			if err != nil {
				s.drop()
				return Marks{}, fmt.Errorf("satsolve: internal error: bad model: %w: %w", err, backend.ErrFailed)
			}
			if err := mark(sol); err != nil {
				s.drop()
				return Marks{}, err
			}
		}
	}
	s.end()
	return m, nil
}

// Candidates finds the true candidates of g with a new Solver; see
// Solver.Candidates.
func Candidates(ctx context.Context, g *satdoku.Grid, limit int, o Options) (Marks, error) {
	return New(o).Candidates(ctx, g, limit)
}
