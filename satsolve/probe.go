package satsolve

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
)

// probeRounds bounds the sweeps of probe over the open candidates: each
// sweep assumes every candidate still open once.
const probeRounds = 8

// probe is failed-literal probing, run after the pre-pass when
// Options.Probe is set: the residual formula (every rule and clue, unlike
// the pre-pass, which knows only the units) goes to a gini instance of its
// own, and each open candidate is assumed in turn and propagated (gini's
// Test, then Untest). A conflict rules the candidate out: gini learns the
// unit clause of the conflict as it leaves the test, so each candidate
// ruled out makes the later tests stronger. The sweeps go on until one
// rules nothing out, or probeRounds. The candidates that gini holds false
// (or a cell's one candidate true) at its top level then go back to the
// pre-pass, which runs to its fixpoint again. The instance sees only Test
// and Untest, never Solve, and is dropped at the end.
//
// It returns false when the formula is unsatisfiable (a contradiction
// under propagation alone, or the pre-pass's afterwards). Every candidate
// it removes is implied false by the rules and the givens, so the
// residual formula keeps the models of the whole. A call that passes its
// deadline or whose context ends stops probing and keeps what it found.
func (s *Solver) probe() bool {
	c := &s.c
	nv := s.number()
	if nv == 0 {
		return true
	}
	if err := s.instance(nv, -1); err != nil {
		return true // not for probing: search as without it
	}
	defer func() { c.gi, c.sink.gi = nil, nil }()
	if err := s.residual(&c.sink); err != nil || c.sink.empty {
		return err != nil // stopped: keep the pre-pass's; empty: unsatisfiable
	}
	gi := c.gi
	n := s.bd.nv
	// lits: the open candidates' literals, in the order of the cells.
	lits := make([]z.Lit, 0, nv)
	for i, m := range c.pp.cand {
		if c.pp.val[i] != 0 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			lits = append(lits, c.cvar[i*n+bits.TrailingZeros64(m)+1].Pos())
		}
	}
	if r, _ := gi.Test(nil); r == -1 {
		return false
	}
	if gi.Untest() == -1 {
		return false
	}
	tests := 0
	for round := 0; round < probeRounds; round++ {
		failed := 0
		for _, m := range lits {
			if gi.Value(m) || gi.Value(m.Not()) {
				continue // decided at the top level
			}
			if tests++; tests&255 == 0 && s.expired() {
				return s.applyProbe(lits)
			}
			gi.Assume(m)
			r, _ := gi.Test(nil)
			if gi.Untest() == -1 {
				return false // the learnt unit contradicts the top level
			}
			if r == -1 {
				failed++
			}
		}
		if failed == 0 {
			break
		}
	}
	return s.applyProbe(lits)
}

// applyProbe takes out of the pre-pass's candidates those the probing
// instance holds false at its top level, and those beside a candidate it
// holds true, then runs the pre-pass to its fixpoint.
func (s *Solver) applyProbe(lits []z.Lit) bool {
	c := &s.c
	gi := c.gi
	k := 0
	removed := false
	for i, m := range c.pp.cand {
		if c.pp.val[i] != 0 {
			continue
		}
		keep := m
		for ; m != 0; m &= m - 1 {
			bit := m & -m
			l := lits[k]
			k++
			switch {
			case gi.Value(l.Not()):
				keep &^= bit
			case gi.Value(l):
				keep &= bit
			}
		}
		if keep != c.pp.cand[i] {
			c.pp.cand[i] = keep
			removed = true
		}
	}
	if !removed {
		return true
	}
	return c.pp.fixpoint()
}

// Pencil returns the candidates of every cell of g that the pre-pass
// leaves (and probing, with Options.Probe): bit d−1 for digit d, one bit
// for a cell it fixes or a given. ok is false when they show that g has
// no solution (the candidates are then nil). It is what a caller that
// splits a puzzle into parts (package cube) reads to choose the cell to
// split on. Without Probe it runs the native pre-pass alone, which
// builds no formula (milliseconds even on a 64×64). A timeout or a
// canceled context gives an error.
func (s *Solver) Pencil(ctx context.Context, g *satdoku.Grid) (cand []uint64, ok bool, err error) {
	if !s.opt.Probe {
		if g == nil || g.Rules() == nil {
			return nil, false, fmt.Errorf("satsolve: %w", backend.ErrGrid)
		}
		if err := ctx.Err(); err != nil {
			return nil, false, fmt.Errorf("satsolve: %w", err)
		}
		s.setRules(g.Rules())
		c := &s.c
		c.pp.strong = true
		if !c.pp.run(s.bd, g) {
			return nil, false, nil
		}
		return slices.Clone(c.pp.cand), true, nil
	}
	if err := s.begin(ctx, g); err != nil {
		return nil, false, err
	}
	defer s.end()
	if s.c.sink.empty {
		return nil, false, nil
	}
	return slices.Clone(s.c.pp.cand), true, nil
}
