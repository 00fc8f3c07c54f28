package answer

import (
	"context"
	"fmt"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/verify"
)

// Solution answers Solve and Unique.
type Solution struct {
	Common
	// Solution is the first solution; Second, for StatusMultiple, another.
	Solution, Second *satdoku.Grid
	// Differ are the cells where Solution and Second differ.
	Differ []verify.Cell
	// Certificate says how a verdict that rests on unsatisfiability was
	// checked (with a Solver that certifies).
	Certificate checked.Certificate
	// By names the member of a portfolio that answered, if one raced.
	By string
}

// take fills the solutions of a checked answer.
func (s *Solution) take(ca checked.Answer) {
	s.Solution, s.Second, s.Certificate, s.By = ca.Solution, ca.Second, ca.Certificate, ca.By
	if ca.Second != nil {
		s.Differ = Cells(ca.Solution.N(), ca.Differ())
	}
}

// Solve finds a solution of g: Solved with it, None, Invalid or Timeout.
func Solve(ctx context.Context, g *satdoku.Grid, o Options) (Solution, error) {
	return solve(ctx, g, o, false)
}

// Unique finds a solution of g and proves it the only one: Unique with
// it, Multiple with two (and the cells where they differ), None, Invalid
// or Timeout.
func Unique(ctx context.Context, g *satdoku.Grid, o Options) (Solution, error) {
	return solve(ctx, g, o, true)
}

func solve(ctx context.Context, g *satdoku.Grid, o Options, unique bool) (Solution, error) {
	var a Solution
	if err := noGrid(g); err != nil {
		return a, err
	}
	bctx, cancel := o.bound(ctx)
	defer cancel()
	s := o.solver()
	var ca checked.Answer
	var err error
	if unique {
		ca, err = s.Unique(bctx, g)
	} else {
		ca, err = s.Solve(bctx, g)
	}
	if err != nil {
		err = a.stop(ctx, err)
		return a, err
	}
	if a.screened(g, ca) {
		a.Certificate = ca.Certificate
		return a, nil
	}
	a.take(ca)
	switch ca.Status {
	case backend.StatusSolved:
		a.Status = StatusSolved
	case backend.StatusUnique:
		a.Status = StatusUnique
	case backend.StatusMultiple:
		a.Status = StatusMultiple
		a.Reason = fmt.Sprintf("multiple solutions: they differ in %d cells", len(a.Differ))
	default:
		return Solution{}, fmt.Errorf("%w: status %v", checked.ErrRejected, ca.Status)
	}
	return a, nil
}

// CountOptions configure Count.
type CountOptions struct {
	Options
	// Limit is the most solutions counted (at least 1).
	Limit int
}

// Tally answers Count.
type Tally struct {
	Solution
	// N is the number of solutions found, at most the limit; after a
	// timeout, those found by then.
	N int
	// More reports that N reached the limit: there may be more.
	More bool
}

// Count counts the solutions of g up to o.Limit: Solved (the limit is 1
// and one was found), Unique, Multiple (N of them), None, Invalid, or
// Timeout with the solutions found by then.
func Count(ctx context.Context, g *satdoku.Grid, o CountOptions) (Tally, error) {
	var a Tally
	if err := noGrid(g); err != nil {
		return a, err
	}
	if o.Limit < 1 {
		return a, fmt.Errorf("%w: a limit of %d (want at least 1)", ErrQuestion, o.Limit)
	}
	bctx, cancel := o.bound(ctx)
	defer cancel()
	ca, err := o.solver().Count(bctx, g, o.Limit)
	if err != nil {
		a.Status, err = stopped(ctx, err)
		if a.Status == StatusTimeout {
			a.Reason = "timed out"
			a.N = ca.Count
			a.take(ca)
		}
		return a, err
	}
	if a.screened(g, ca) {
		a.Certificate = ca.Certificate
		return a, nil
	}
	a.take(ca)
	a.N, a.More = ca.Count, ca.More
	a.Status = statusOf(ca.Status)
	return a, nil
}

// statusOf is the status of a count's backend status.
func statusOf(st backend.Status) Status {
	switch st {
	case backend.StatusSolved:
		return StatusSolved
	case backend.StatusUnique:
		return StatusUnique
	case backend.StatusMultiple:
		return StatusMultiple
	}
	return StatusNone
}

// CandidateOptions configure Candidates.
type CandidateOptions struct {
	Options
	// Limit is the most solutions counted (at least 1), as for Count.
	Limit int
	// PerCandidate, when positive, also counts the solutions that hold
	// each candidate, up to that many (Candidates.Counts).
	PerCandidate int
}

// Marks answers Candidates.
type Marks struct {
	// Solution holds the first two solutions found.
	Solution
	// Marks holds one mask per cell, row-major: bit d−1 is set when the
	// cell holds digit d in some solution the validator passed.
	Marks []uint64
	// Counts, with CandidateOptions.PerCandidate, holds the solutions
	// that hold each candidate, cell-major ((cell·N)+digit−1), up to the
	// cap.
	Counts []int
	// N is the number of solutions counted, up to the limit; More
	// reports that it reached the limit.
	N    int
	More bool
}

// Candidates finds the true candidates of g, the digits each cell holds
// in some solution (and, with PerCandidate, how many solutions hold
// each): Unique, Multiple, Solved (a limit of 1), None, Invalid or
// Timeout.
func Candidates(ctx context.Context, g *satdoku.Grid, o CandidateOptions) (Marks, error) {
	var a Marks
	if err := noGrid(g); err != nil {
		return a, err
	}
	if o.Limit < 1 || o.PerCandidate < 0 {
		return a, fmt.Errorf("%w: a limit of %d and %d per candidate (want at least 1, and 0 or more)", ErrQuestion, o.Limit, o.PerCandidate)
	}
	if r := g.Rules(); r.Hole(r.N()*r.N() - 1) {
		rows, cols := r.Window()
		return a, fmt.Errorf("%w: candidates of a %d×%d grid (they are listed for square grids)", ErrQuestion, rows, cols)
	}
	bctx, cancel := o.bound(ctx)
	defer cancel()
	s := o.solver()
	var ca checked.Answer
	var err error
	if o.PerCandidate > 0 {
		ca, err = s.CandidateCounts(bctx, g, o.Limit, o.PerCandidate)
	} else {
		ca, err = s.Candidates(bctx, g, o.Limit)
	}
	if err != nil {
		err = a.stop(ctx, err)
		return a, err
	}
	if a.screened(g, ca) {
		return a, nil
	}
	a.take(ca)
	a.Marks, a.Counts, a.N, a.More = ca.Candidates, ca.Counts, ca.Count, ca.More
	a.Status = statusOf(ca.Status)
	return a, nil
}

// EstimateOptions configure Estimate.
type EstimateOptions struct {
	Options
	checked.EstimateOptions
}

// Estimation answers Estimate.
type Estimation struct {
	Common
	checked.Estimate
}

// Estimate estimates the number of solutions of g (see
// checked.Solver.Estimate): Unique or Multiple with the estimate, None,
// Invalid or Timeout.
func Estimate(ctx context.Context, g *satdoku.Grid, o EstimateOptions) (Estimation, error) {
	var a Estimation
	if err := noGrid(g); err != nil {
		return a, err
	}
	if ca, done := checked.Screen(g); done {
		a.screened(g, ca)
		return a, nil
	}
	bctx, cancel := o.bound(ctx)
	defer cancel()
	est, err := o.solver().Estimate(bctx, g, o.EstimateOptions)
	if err != nil {
		err = a.stop(ctx, err)
		return a, err
	}
	a.Estimate = est
	switch {
	case est.Estimate == 0:
		a.Status, a.Reason = StatusNone, "no solution"
	case est.Exact && est.Estimate == 1:
		a.Status = StatusUnique
	default:
		a.Status = StatusMultiple
	}
	return a, nil
}
