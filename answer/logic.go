package answer

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// LogicOptions configure the questions answered by human techniques
// (Hint, Explain, Rate, Next, Path).
type LogicOptions struct {
	Options
	// Logic tunes the techniques (ChainSteps, MaxRating).
	Logic logic.Options
}

// logicOptions returns a copy of o's logic options (never nil).
func (o LogicOptions) logic() *logic.Options { l := o.Logic; return &l }

// proven is the first part of every question that must not be answered
// as if unique: the puzzle proved unique, with its solution in a.
// Otherwise a holds the answer (Multiple with two solutions, None,
// Invalid, Timeout) and proven reports false.
func proven(ctx context.Context, g *satdoku.Grid, o Options, what string) (Solution, bool, error) {
	a, err := Unique(ctx, g, o)
	if err != nil || a.Status != StatusUnique {
		if a.Status == StatusMultiple {
			a.Reason = fmt.Sprintf("multiple solutions (they differ in %s): nothing to %s", cellList(g.Rules(), a.Differ), what)
		}
		return a, false, err
	}
	return a, true, nil
}

// cellList names at most five cells, as rules r name them, then how many
// more.
func cellList(r *satdoku.Rules, cs []verify.Cell) string {
	var b strings.Builder
	for i, c := range cs {
		if i == 5 {
			fmt.Fprintf(&b, " and %d more", len(cs)-5)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.Name(r))
	}
	return b.String()
}

// Rating answers Rate.
type Rating struct {
	Solution
	logic.Rating
}

// Rate rates how hard g is for a person (see logic.Rate): StatusRated with
// the rating, and the solution. A puzzle that is not unique is not rated:
// StatusMultiple (with two solutions), StatusNone, StatusInvalid, or
// StatusTimeout.
func Rate(ctx context.Context, g *satdoku.Grid, o LogicOptions) (Rating, error) {
	var a Rating
	if err := noGrid(g); err != nil {
		return a, err
	}
	bctx, cancel := o.bound(ctx)
	defer cancel()
	sol, ok, err := proven(bctx, g, Options{Solver: o.Solver}, "rate")
	a.Solution = sol
	if !ok {
		return a, err
	}
	r, err := logic.RateContext(bctx, g, o.logic())
	if err != nil {
		return a, logicFailed(ctx, &a.Common, err)
	}
	a.Status, a.Rating = StatusRated, r
	return a, nil
}

// logicFailed turns an error of the logic on a puzzle proved unique into
// the answer's status (Timeout) or an error: the logic finding the puzzle
// without a solution, which the validator's solution contradicts, is an
// internal error; rules the techniques do not know (other values, var
// cells) are a question that does not fit the puzzle (ErrQuestion).
func logicFailed(ctx context.Context, c *Common, err error) error {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return c.stop(ctx, err)
	}
	if errors.Is(err, logic.ErrUnsupported) {
		return fmt.Errorf("%w: %w", ErrQuestion, err)
	}
	return fmt.Errorf("%w: the logic contradicts the solution: %w", checked.ErrRejected, err)
}

// NextStep answers Hint and Next.
type NextStep struct {
	Solution
	// Step is the next step (StatusHinted), checked.
	Step logic.Step
	// Marks are the candidates of the position the step is taken in, one
	// mask per cell (a placed digit is its cell's only mark).
	Marks []uint64
	// After is the position after the step.
	After *logic.State
}

// Hint gives the next step a person would take in g, the easiest
// technique that applies (see logic.State.Next), checked against the
// puzzle's one solution: StatusHinted with the step, StatusSolved when
// nothing is left to do, StatusTrial when no technique applies. A puzzle
// that is not unique gets no hint: StatusMultiple, StatusNone,
// StatusInvalid or StatusTimeout.
func Hint(ctx context.Context, g *satdoku.Grid, o LogicOptions) (NextStep, error) {
	var a NextStep
	bctx, cancel := o.bound(ctx)
	defer cancel()
	st, ok, err := start(ctx, bctx, g, o, &a.Solution, "hint at")
	if !ok {
		return a, err
	}
	return a, a.next(ctx, bctx, st, g.N(), checked.SolutionMarks(a.Solution.Solution), o.logic())
}

// next takes the next step from st, checked against truth.
func (a *NextStep) next(parent, ctx context.Context, st *logic.State, n int, truth []uint64, lo *logic.Options) error {
	a.Marks = StateMarks(st)
	if st.Solved() {
		a.Status, a.After = StatusSolved, st
		return nil
	}
	step, ok, err := st.NextContext(ctx, lo)
	if err != nil {
		return logicFailed(parent, &a.Common, err)
	}
	if !ok {
		a.Status, a.After = StatusTrial, st
		return nil
	}
	if err := checked.Step(n, truth, step); err != nil {
		return err
	}
	after := st.Clone()
	after.Apply(step)
	a.Status, a.Step, a.After = StatusHinted, step, after
	return nil
}

// start is the first part of Hint and Explain: g proved unique (its
// solution in sol), and its logical state. Otherwise sol holds the
// answer and start reports false.
func start(ctx, bctx context.Context, g *satdoku.Grid, o LogicOptions, sol *Solution, what string) (*logic.State, bool, error) {
	if err := noGrid(g); err != nil {
		return nil, false, err
	}
	var ok bool
	var err error
	*sol, ok, err = proven(bctx, g, Options{Solver: o.Solver}, what)
	if !ok {
		return nil, false, err
	}
	st, err := logic.New(g)
	if err != nil {
		return nil, false, logicFailed(ctx, &sol.Common, err)
	}
	return st, true, nil
}

// Path answers Explain and PathFrom.
type Path struct {
	Solution
	// Steps are the steps in order, each checked.
	Steps []logic.Step
	// End is the position they reach: solved (StatusSolved), or where no
	// technique applies (StatusTrial).
	End *logic.State
}

// Explain gives the logical path of g: the easiest step at each point
// (see logic.State.Solve), each checked against the puzzle's one
// solution, ending solved (StatusSolved) or where no technique applies
// (StatusTrial). A puzzle that is not unique is not explained:
// StatusMultiple, StatusNone, StatusInvalid or StatusTimeout.
func Explain(ctx context.Context, g *satdoku.Grid, o LogicOptions) (Path, error) {
	var a Path
	bctx, cancel := o.bound(ctx)
	defer cancel()
	st, ok, err := start(ctx, bctx, g, o, &a.Solution, "explain")
	if !ok {
		return a, err
	}
	return a, a.walk(ctx, bctx, st, g.N(), checked.SolutionMarks(a.Solution.Solution), o.logic())
}

// BreakIn returns the index in steps of the break-in, where a solver
// starts: the first step that is neither a single (hidden or naked) nor
// a clue's own marks (rated logic.RatingClueMark or less: odd, even,
// given pencil marks); −1 when there is none (singles solve it).
func BreakIn(steps []logic.Step) int {
	for k, st := range steps {
		if st.Technique != "hidden single" && st.Technique != "naked single" && st.Rating > logic.RatingClueMark {
			return k
		}
	}
	return -1
}

// walk takes every step from st, each checked against truth.
func (a *Path) walk(parent, ctx context.Context, st *logic.State, n int, truth []uint64, lo *logic.Options) error {
	for {
		step, ok, err := st.NextContext(ctx, lo)
		if err != nil {
			return logicFailed(parent, &a.Common, err)
		}
		if !ok {
			break
		}
		if err := checked.Step(n, truth, step); err != nil {
			return err
		}
		a.Steps = append(a.Steps, step)
		st.Apply(step)
	}
	a.End = st
	if st.Solved() {
		a.Status = StatusSolved
	} else {
		a.Status = StatusTrial
	}
	return nil
}

// Position is a position of a puzzle being solved by a person: the grid
// with the givens and the digits placed, and its logical state (the
// candidates the person kept), which steps start from.
type Position struct {
	Grid  *satdoku.Grid
	State *logic.State
}

// truth returns the true candidates of the position's grid; a position
// with no solution, or one whose state has lost a true candidate, is
// answered in c (StatusNone, StatusInvalid, StatusTimeout).
func (p Position) truth(ctx, bctx context.Context, o Options, c *Common) ([]uint64, bool, error) {
	m, err := Candidates(bctx, p.Grid, CandidateOptions{Options: o, Limit: 1})
	if err != nil || m.Status == StatusTimeout || m.Status == StatusNone || m.Status == StatusInvalid {
		*c = m.Solution.Common
		if err == nil && bctx.Err() != nil {
			c.Status, err = stopped(ctx, bctx.Err())
		}
		return nil, false, err
	}
	for i, t := range m.Marks {
		if p.State.Value(i) == 0 && t&^p.State.Candidates(i) != 0 {
			c.Status = StatusNone
			c.Reason = fmt.Sprintf("the marks of %s leave out a digit a solution holds there", p.Grid.Rules().CellName(i))
			return nil, false, nil
		}
	}
	return m.Marks, true, nil
}

// Next gives the next step from a person's position, checked against
// the true candidates of the position (every solution of its grid, so
// that a puzzle being set, with several solutions, gets sound steps
// too): StatusHinted, StatusSolved or StatusTrial; StatusNone when the
// position has no solution or its marks leave out a digit a solution
// holds, StatusInvalid, StatusTimeout.
func Next(ctx context.Context, p Position, o LogicOptions) (NextStep, error) {
	var a NextStep
	if err := noGrid(p.Grid); err != nil {
		return a, err
	}
	bctx, cancel := o.bound(ctx)
	defer cancel()
	truth, ok, err := p.truth(ctx, bctx, Options{Solver: o.Solver}, &a.Common)
	if !ok {
		return a, err
	}
	return a, a.next(ctx, bctx, p.State.Clone(), p.Grid.N(), truth, o.logic())
}

// PathFrom gives every step from a person's position, each checked as
// Next checks it: StatusSolved or StatusTrial at the end, or the
// statuses of Next for a position without a step.
func PathFrom(ctx context.Context, p Position, o LogicOptions) (Path, error) {
	var a Path
	if err := noGrid(p.Grid); err != nil {
		return a, err
	}
	bctx, cancel := o.bound(ctx)
	defer cancel()
	truth, ok, err := p.truth(ctx, bctx, Options{Solver: o.Solver}, &a.Common)
	if !ok {
		return a, err
	}
	return a, a.walk(ctx, bctx, p.State.Clone(), p.Grid.N(), truth, o.logic())
}

// StateMarks returns the candidates of st, one mask per cell (a placed
// digit is its cell's only candidate).
func StateMarks(st *logic.State) []uint64 {
	masks := make([]uint64, st.N()*st.N())
	for i := range masks {
		if v := st.Value(i); v != 0 {
			masks[i] = 1 << (v - 1)
		} else {
			masks[i] = st.Candidates(i)
		}
	}
	return masks
}

// Forcing answers ExplainCell.
type Forcing struct {
	Solution
	// Cell is the cell asked about; Digit the digit forced there.
	Cell  verify.Cell
	Digit int
	// Givens are the givens that force it: a minimal set (without any
	// one of them the cell could hold another digit).
	Givens []verify.Cell
}

// ExplainCell explains why cell (row and column from 0) of g holds its
// digit: StatusForced with a minimal set of givens that forces it (the
// rules with those givens, and another digit in the cell, are
// unsatisfiable), checked against the puzzle's one solution. A puzzle that
// is not unique gets StatusMultiple, StatusNone, StatusInvalid or
// StatusTimeout. A cell off the board is an error wrapping ErrQuestion.
func ExplainCell(ctx context.Context, g *satdoku.Grid, cell verify.Cell, o Options) (Forcing, error) {
	var a Forcing
	if err := noGrid(g); err != nil {
		return a, err
	}
	n := g.N()
	if cell.Row < 0 || cell.Col < 0 || cell.Row >= n || cell.Col >= n {
		return a, fmt.Errorf("%w: %s is off the %d×%d board", ErrQuestion, cell, n, n)
	}
	a.Cell = cell
	bctx, cancel := o.bound(ctx)
	defer cancel()
	sol, ok, err := proven(bctx, g, Options{Solver: o.Solver}, "explain")
	a.Solution = sol
	if !ok {
		return a, err
	}
	i := cell.Row*n + cell.Col
	d, core, err := satsolve.Forcing(bctx, g, i)
	if err != nil {
		if errors.Is(err, satsolve.ErrNotForced) {
			// The puzzle is unique: every cell is forced.
			return a, fmt.Errorf("%w: %s of a unique puzzle not forced", checked.ErrRejected, cell)
		}
		err = a.stop(ctx, err)
		return a, err
	}
	if sd := sol.Solution.Cell(i); sd != d {
		return a, fmt.Errorf("%w: %s forced to %d, the solution has %d", checked.ErrRejected, cell, d, sd)
	}
	a.Status, a.Digit, a.Givens = StatusForced, d, Cells(n, core)
	return a, nil
}
