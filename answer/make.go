package answer

import (
	"context"
	"errors"
	"fmt"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/generate"
	"github.com/satdoku/satdoku/logic"
)

// MinimizeOptions configure Minimize.
type MinimizeOptions struct {
	Options
	// Seed orders the clues tried.
	Seed uint64
}

// Minimized answers Minimize.
type Minimized struct {
	Solution
	// Puzzle is the puzzle left: the same solution, every clue needed.
	Puzzle *satdoku.Grid
}

// Minimize takes clues out of g, one at a time in an order drawn from
// o.Seed, for as long as it stays unique (see generate.Minimize):
// StatusMinimal with the puzzle left and its solution, checked by the
// validator. A puzzle that is not unique is not minimized:
// StatusMultiple (with two solutions), StatusNone, StatusInvalid or
// StatusTimeout.
func Minimize(ctx context.Context, g *satdoku.Grid, o MinimizeOptions) (Minimized, error) {
	var a Minimized
	if err := noGrid(g); err != nil {
		return a, err
	}
	bctx, cancel := o.bound(ctx)
	defer cancel()
	sol, ok, err := proven(bctx, g, Options{Solver: o.Solver}, "minimize")
	a.Solution = sol
	if !ok {
		return a, err
	}
	min, s, err := generate.Minimize(bctx, g, o.Seed)
	if err != nil {
		err = a.stop(ctx, err)
		return a, err
	}
	if !s.Equal(sol.Solution) {
		return a, fmt.Errorf("%w: the minimized puzzle has another solution", checked.ErrRejected)
	}
	a.Status, a.Puzzle = StatusMinimal, min
	return a, nil
}

// GenerateOptions configure Generate.
type GenerateOptions struct {
	Options
	// Generator makes the puzzles, with its options (see generate.New);
	// it is for one goroutine at a time.
	Generator *generate.Generator
}

// Generated answers Generate.
type Generated struct {
	Common
	generate.Puzzle
	// Rating is how hard the puzzle is for a person (see Rate).
	Rating logic.Rating
}

// Generate makes a puzzle from seed with o.Generator, proven unique and
// checked by the validator (see generate.Generator.Generate), and rates
// it: StatusGenerated, StatusNone when no puzzle met the options within
// their tries, or StatusTimeout.
func Generate(ctx context.Context, seed uint64, o GenerateOptions) (Generated, error) {
	var a Generated
	if o.Generator == nil {
		return a, fmt.Errorf("%w: no generator", ErrQuestion)
	}
	bctx, cancel := o.bound(ctx)
	defer cancel()
	p, err := o.Generator.Generate(bctx, seed)
	switch {
	case errors.Is(err, generate.ErrTries):
		a.Status, a.Reason = StatusNone, "no puzzle met the options within their tries"
		return a, nil
	case err != nil:
		err = a.stop(ctx, err)
		return a, err
	}
	rt, err := logic.RateContext(bctx, p.Grid, nil)
	if err != nil {
		return a, logicFailed(ctx, &a.Common, err)
	}
	a.Status, a.Puzzle, a.Rating = StatusGenerated, p, rt
	return a, nil
}

// Check checks the givens of g against its rules, with no search:
// StatusValid, StatusInvalid with the conflicts, or StatusNone with a clue
// that cannot hold (see checked.Screen).
func Check(g *satdoku.Grid) (Common, error) {
	var c Common
	if err := noGrid(g); err != nil {
		return c, err
	}
	ca, done := checked.Screen(g)
	if !done || !c.screened(g, ca) {
		c.Status = StatusValid
	}
	return c, nil
}
