package checked

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/verify"
)

// ErrRejected reports that the back end gave an answer the validator
// rejected: a solution that breaks a rule or changes a given, the same
// solution twice, or a status the question cannot have. The answer is
// withdrawn; it is the back end's fault, never the puzzle's.
var ErrRejected = errors.New("answer rejected by the validator")

// DefaultBudget is the Options.Budget used when none is given. verify's
// count answers proper 9×9 puzzles in microseconds and 16×16 ones in
// milliseconds, so a second certifies them with room to spare on a busy
// machine, while a board where its search is hopeless costs a second and
// says so.
const DefaultBudget = time.Second

// Options configure a Solver.
type Options struct {
	// Certify checks every verdict that rests on a claim of
	// unsatisfiability (none, unique, a count below its limit) before it
	// is returned: see Certificate.
	Certify bool
	// Budget bounds the validator's own count, per call, when a verdict
	// is certified without a DRAT proof; zero means DefaultBudget.
	Budget time.Duration
}

// Solver answers puzzles with a back end and returns only what the
// validator passed. Like the back end it wraps, it is for one goroutine
// at a time.
type Solver struct {
	back backend.Solver
	opt  Options
}

// New returns a Solver that asks b.
func New(b backend.Solver, o Options) *Solver {
	if o.Budget <= 0 {
		o.Budget = DefaultBudget
	}
	return &Solver{back: b, opt: o}
}

// Answer is a checked answer: every grid in it has passed the validator.
type Answer struct {
	// Status is the outcome: StatusInvalid (the givens break a rule; see
	// Conflicts), StatusNone, StatusSolved, StatusUnique or
	// StatusMultiple; StatusUnknown when the call returned an error.
	Status backend.Status
	// Solution is the first solution, Second a second, different one.
	Solution, Second *satdoku.Grid
	// Count is the number of solutions Count or Candidates found, at
	// most the limit; after a timeout, those found by then.
	Count int
	// More reports that Count reached the limit: there may be more.
	More bool
	// Conflicts are the givens' conflicts of a StatusInvalid answer, or
	// the clues that cannot hold (see Screen) of a StatusNone one.
	Conflicts []verify.Conflict
	// Candidates holds, for Candidates, one mask per cell, row-major: bit
	// d−1 is set when the cell holds digit d in some solution the
	// validator passed.
	Candidates []uint64
	// Certificate says how a verdict that rests on unsatisfiability was
	// checked, with Options.Certify.
	Certificate Certificate
	// Counts holds, for CandidateCounts, the solutions the validator
	// passed that hold each candidate, cell-major ((cell·N)+digit−1), up
	// to the cap per candidate.
	Counts []int
	// By names the member of a portfolio that answered, when the back
	// end raced several (see backend.Result.By); "" otherwise.
	By string
}

// Differ returns the cells, as indexes, where Solution and Second differ;
// nil when there is no second solution.
func (a *Answer) Differ() []int {
	if a.Solution == nil || a.Second == nil {
		return nil
	}
	var out []int
	for i := range a.Solution.Len() {
		if a.Solution.Cell(i) != a.Second.Cell(i) {
			out = append(out, i)
		}
	}
	return out
}

// Solve finds one solution of g: StatusSolved with the solution,
// StatusNone, or StatusInvalid.
func (s *Solver) Solve(ctx context.Context, g *satdoku.Grid) (Answer, error) {
	if a, done := screen(g); done {
		return a, nil
	}
	res, err := s.back.Solve(ctx, g)
	if err != nil {
		return s.failed(g, res, err)
	}
	a := Answer{By: res.By}
	switch res.Status {
	case backend.StatusNone:
		a.Status = backend.StatusNone
		return s.certify(ctx, g, res, a, 0)
	case backend.StatusSolved, backend.StatusUnique:
		a.Status = backend.StatusSolved
		if err := a.first(g, res.Solution); err != nil {
			return Answer{}, err
		}
		return a, nil
	}
	return Answer{}, unexpected("Solve", res.Status)
}

// Unique finds a solution of g and proves it unique: StatusUnique with
// the solution, StatusMultiple with two different solutions, StatusNone,
// or StatusInvalid.
func (s *Solver) Unique(ctx context.Context, g *satdoku.Grid) (Answer, error) {
	if a, done := screen(g); done {
		return a, nil
	}
	res, err := s.back.Unique(ctx, g)
	if err != nil {
		return s.failed(g, res, err)
	}
	a := Answer{Status: res.Status, By: res.By}
	switch res.Status {
	case backend.StatusNone:
		return s.certify(ctx, g, res, a, 0)
	case backend.StatusUnique:
		if err := a.first(g, res.Solution); err != nil {
			return Answer{}, err
		}
		return s.certify(ctx, g, res, a, 1)
	case backend.StatusMultiple:
		if err := a.first(g, res.Solution); err != nil {
			return Answer{}, err
		}
		if err := a.second(g, res.Second); err != nil {
			return Answer{}, err
		}
		return a, nil
	}
	return Answer{}, unexpected("Unique", res.Status)
}

// Count counts the solutions of g up to limit (at least 1): Count is the
// number found and More reports that it reached the limit; Solution and
// Second are the first two. Status is StatusNone, StatusUnique,
// StatusMultiple, StatusSolved when limit is 1, or StatusInvalid (Count
// 0). After a timeout the answer holds the solutions found by then, with
// the error.
func (s *Solver) Count(ctx context.Context, g *satdoku.Grid, limit int) (Answer, error) {
	if limit < 1 {
		return Answer{}, fmt.Errorf("checked: %w (got %d)", backend.ErrLimit, limit)
	}
	if a, done := screen(g); done {
		return a, nil
	}
	res, err := s.back.Count(ctx, g, limit)
	if err != nil {
		return s.failed(g, res, err)
	}
	a, err := found(g, res, limit)
	if err != nil {
		return Answer{}, err
	}
	a.By = res.By
	return s.certify(ctx, g, res, a, res.Count)
}

// Validate reports whether the validator accepts res as a back end's
// answer to a count of the solutions of g up to limit (Solve asks for 1,
// Unique for 2): a count within the limit, and every solution it holds
// (the first two) a solution of g, two of them different, and the status
// that count gives (or, for Solve, unique). The error wraps
// ErrRejected. It checks what a Solver checks of every answer, but not the
// claims of unsatisfiability (see Options.Certify): a portfolio (package
// portfolio) lets no answer win its race that a Solver would reject.
func Validate(g *satdoku.Grid, res backend.Result, limit int) error {
	if limit < 1 {
		return fmt.Errorf("checked: %w (got %d)", backend.ErrLimit, limit)
	}
	if want := backend.StatusOf(res.Count, limit); res.Status != want && (limit > 1 || res.Status != backend.StatusUnique) {
		return fmt.Errorf("checked: the back end answered %v for %d solutions with a limit of %d: %w", res.Status, res.Count, limit, ErrRejected)
	}
	_, err := found(g, res, limit)
	return err
}

// Candidates finds the true candidates of g — the digits each cell holds
// in at least one solution — and counts its solutions up to limit, as
// Count does. The back end must implement backend.Candidater. Every
// solution it finds is checked by the validator before its digits are
// marked: the marks are the validator's, and a cell's mask is complete
// as far as the back end's claims of unsatisfiability hold.
func (s *Solver) Candidates(ctx context.Context, g *satdoku.Grid, limit int) (Answer, error) {
	if limit < 1 {
		return Answer{}, fmt.Errorf("checked: %w (got %d)", backend.ErrLimit, limit)
	}
	cb, ok := s.back.(backend.Candidater)
	if !ok {
		return Answer{}, fmt.Errorf("checked: the back end %T cannot find candidates", s.back)
	}
	if a, done := screen(g); done {
		return a, nil
	}
	return s.candidates(ctx, cb, g, limit, nil)
}

// candidates is Candidates on a puzzle screened; also, when not nil, sees
// every solution the validator passed.
func (s *Solver) candidates(ctx context.Context, cb backend.Candidater, g *satdoku.Grid, limit int, also func(*satdoku.Grid) error) (Answer, error) {
	marks := make([]uint64, g.Len())
	seen := 0
	m, err := cb.Candidates(ctx, g, limit, func(sol *satdoku.Grid) error {
		if err := verify.Solution(g, sol); err != nil {
			return rejected("a solution", err)
		}
		if also != nil {
			if err := also(sol); err != nil {
				return err
			}
		}
		for i := range marks {
			marks[i] |= 1 << (sol.Cell(i) - 1)
		}
		seen++
		return nil
	})
	if err != nil {
		return s.failed(g, m.Result, err)
	}
	if seen < min(m.Count, 1) {
		return Answer{}, fmt.Errorf("checked: the back end counted %d solutions and showed none: %w", m.Count, ErrRejected)
	}
	a, err := found(g, m.Result, limit)
	if err != nil {
		return Answer{}, err
	}
	a.Candidates = marks
	return a, nil
}

// screen answers g at once when Screen can.
func screen(g *satdoku.Grid) (Answer, bool) {
	if g == nil || g.Rules() == nil {
		return Answer{}, false // the back end says ErrGrid
	}
	return Screen(g)
}

// Screen answers g without a back end when the validator alone can
// (verify.Check): StatusInvalid with the conflicts when its givens break a
// rule; StatusNone, with the clues that cannot hold as its Conflicts, when
// its rules hold a satdoku.Never constraint (a clue that no digits
// satisfy) and the givens break nothing else. It reports whether it
// answered; every Solver call screens first.
func Screen(g *satdoku.Grid) (Answer, bool) {
	cs := verify.Check(g)
	if len(cs) == 0 {
		return Answer{}, false
	}
	if !slices.ContainsFunc(cs, func(c verify.Conflict) bool { return !Impossible(c) }) {
		return Answer{Status: backend.StatusNone, Conflicts: cs}, true
	}
	return Answer{Status: backend.StatusInvalid, Conflicts: cs}, true
}

// Impossible reports whether c is the conflict of a clue that cannot hold
// (a satdoku.Never constraint), which no digits satisfy, rather than one
// that the digits of the grid break.
func Impossible(c verify.Conflict) bool {
	return c.Constraint != nil && c.Constraint.Kind == satdoku.Never
}

// found checks the solutions of a completed count of up to limit.
func found(g *satdoku.Grid, res backend.Result, limit int) (Answer, error) {
	a := Answer{Count: res.Count, More: res.Count >= limit, Status: backend.StatusOf(res.Count, limit)}
	if res.Count < 0 || res.Count > limit {
		return Answer{}, fmt.Errorf("checked: the back end counted %d solutions with a limit of %d: %w", res.Count, limit, ErrRejected)
	}
	if res.Count > 0 {
		if err := a.first(g, res.Solution); err != nil {
			return Answer{}, err
		}
	}
	if res.Count > 1 {
		if err := a.second(g, res.Second); err != nil {
			return Answer{}, err
		}
	}
	return a, nil
}

// failed returns the answer to a call that returned err: the solutions
// found before it stopped (a timed-out count), checked, with err; or, when
// one of them is wrong, the rejection.
func (s *Solver) failed(g *satdoku.Grid, res backend.Result, err error) (Answer, error) {
	a := Answer{Count: max(res.Count, 0)}
	if res.Solution != nil {
		if rerr := a.first(g, res.Solution); rerr != nil {
			return Answer{}, rerr
		}
	}
	if res.Second != nil && a.Solution != nil {
		if rerr := a.second(g, res.Second); rerr != nil {
			return Answer{}, rerr
		}
	}
	return a, err
}

// first checks and records the first solution.
func (a *Answer) first(g, sol *satdoku.Grid) error {
	if sol == nil {
		return fmt.Errorf("checked: the back end gave no solution with its %v: %w", a.Status, ErrRejected)
	}
	if err := verify.Solution(g, sol); err != nil {
		return rejected("the solution", err)
	}
	a.Solution = sol
	return nil
}

// second checks and records a second solution, which must differ from the
// first.
func (a *Answer) second(g, sol *satdoku.Grid) error {
	if sol == nil {
		return fmt.Errorf("checked: the back end gave no second solution with its %v: %w", a.Status, ErrRejected)
	}
	if err := verify.Solution(g, sol); err != nil {
		return rejected("the second solution", err)
	}
	if a.Solution.Equal(sol) {
		return fmt.Errorf("checked: the back end gave the same solution twice: %w", ErrRejected)
	}
	a.Second = sol
	return nil
}

// rejected is the error for a grid the validator rejected.
func rejected(what string, err error) error {
	return fmt.Errorf("checked: %w: %s: %w", ErrRejected, what, err)
}

// unexpected is the error for a status the question cannot have.
func unexpected(call string, st backend.Status) error {
	return fmt.Errorf("checked: %s answered %v: %w", call, st, ErrRejected)
}

// Claim returns a back end that answers every question with one claim:
// sol is the one solution of the puzzle. A caller that proved a puzzle
// unique by other means (a generator's own solves) asks a Solver over
// Claim(sol) to have the claim checked as any back end's is: sol by the
// validator, and its uniqueness, with Options.Certify, by the validator's
// own count.
func Claim(sol *satdoku.Grid) backend.Solver { return claim{sol} }

type claim struct{ sol *satdoku.Grid }

func (c claim) result() backend.Result {
	return backend.Result{Status: backend.StatusUnique, Solution: c.sol, Count: 1}
}

func (c claim) Solve(context.Context, *satdoku.Grid) (backend.Result, error)  { return c.result(), nil }
func (c claim) Unique(context.Context, *satdoku.Grid) (backend.Result, error) { return c.result(), nil }
func (c claim) Count(context.Context, *satdoku.Grid, int) (backend.Result, error) {
	return c.result(), nil
}
