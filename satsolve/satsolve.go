package satsolve

import (
	"errors"
	"fmt"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/encode"
)

// Status is the outcome of a call.
type Status uint8

// The statuses, converted once from gini's 1 (SAT), −1 (UNSAT) and 0
// (stopped).
const (
	// StatusUnknown: the solver stopped before an answer (see ErrTimeout).
	StatusUnknown Status = iota
	// StatusNone: the puzzle has no solution.
	StatusNone
	// StatusSolved: a solution was found and uniqueness was not checked.
	StatusSolved
	// StatusUnique: the puzzle has exactly one solution.
	StatusUnique
	// StatusMultiple: the puzzle has at least two solutions.
	StatusMultiple
)

var statusNames = [...]string{"unknown", "none", "solved", "unique", "multiple"}

// String returns the status's name: "unknown", "none", "solved", "unique" or
// "multiple".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Options configure a Solver. The zero Options use the Extended encoding and
// no timeout.
type Options struct {
	// Encoding selects the CNF encoding of the rules. Reduced gives gini
	// the Extended rules after the givens: gini then drops the clauses the
	// givens satisfy and shortens those they falsify itself, which is the
	// reduction, and every variable keeps a value that decodes.
	Encoding encode.Encoding
	// Timeout, when positive, bounds each call of Solve, Unique or Count
	// as a whole, encoding included; zero means no limit. The encoding
	// itself is not interrupted, and gini checks the clock every 20,000
	// propagations, so a call may overrun a little.
	Timeout time.Duration
}

// Result is the answer to one call.
type Result struct {
	// Status is the outcome.
	Status Status
	// Solution is the first solution found, nil if none.
	Solution *satdoku.Grid
	// Second is a second, different solution (StatusMultiple), nil
	// otherwise.
	Second *satdoku.Grid
	// Count is the number of solutions found.
	Count int
}

// Errors returned by the solver.
var (
	// ErrTimeout reports that Options.Timeout ran out. The Result then has
	// StatusUnknown and holds the solutions found so far.
	ErrTimeout = errors.New("satsolve: timeout")
	// ErrGrid reports a nil grid or one whose size is not a board side.
	ErrGrid = errors.New("satsolve: invalid grid")
	// ErrLimit reports a Count limit below 1.
	ErrLimit = errors.New("satsolve: count limit must be at least 1")
)

// Solver solves puzzles with fixed Options. It is reusable across puzzles of
// any size, one per goroutine: a Solver must not be used by two goroutines
// at once.
//
// Each call encodes the puzzle into a fresh gini instance, so calls do not
// influence each other. (gini's Try leaves its deadline set, so a later
// Solve on the same instance could stop at once; a fresh instance per call
// avoids mixing the two.)
type Solver struct {
	opt Options
	// Clause count of the rules for the last board size, to size gini.
	n, clauses int
}

// New returns a Solver with options o.
func New(o Options) *Solver { return &Solver{opt: o} }

// Solve finds one solution of g: StatusSolved with the solution, or
// StatusNone. With a timeout it may return StatusUnknown and an error
// wrapping ErrTimeout.
func (s *Solver) Solve(g *satdoku.Grid) (Result, error) { return s.run(g, 1) }

// Unique finds a solution of g and proves it unique: StatusUnique with the
// solution, StatusMultiple with two different solutions in Solution and
// Second, or StatusNone.
func (s *Solver) Unique(g *satdoku.Grid) (Result, error) { return s.run(g, 2) }

// Count counts the solutions of g, stopping at limit (at least 1): Count is
// the number found, Solution and Second the first two. Status is StatusNone
// (no solution), StatusUnique (exactly one), StatusMultiple (two or more,
// Count = limit meaning "limit or more"), or StatusSolved when limit is 1
// and a solution was found, since uniqueness was then not checked.
//
// Each solution costs one more SAT call, so limit should stay modest.
func (s *Solver) Count(g *satdoku.Grid, limit int) (Result, error) {
	if limit < 1 {
		return Result{}, fmt.Errorf("%w (got %d)", ErrLimit, limit)
	}
	return s.run(g, limit)
}

// Solve solves g with a new Solver; see Solver.Solve.
func Solve(g *satdoku.Grid, o Options) (Result, error) { return New(o).Solve(g) }

// Unique checks g with a new Solver; see Solver.Unique.
func Unique(g *satdoku.Grid, o Options) (Result, error) { return New(o).Unique(g) }

// Count counts the solutions of g with a new Solver; see Solver.Count.
func Count(g *satdoku.Grid, limit int, o Options) (Result, error) { return New(o).Count(g, limit) }

// giniAdder feeds DIMACS literals to gini.
type giniAdder struct{ g *gini.Gini }

func (a giniAdder) Add(lit int) { a.g.Add(z.Dimacs2Lit(lit)) }

// run looks for up to limit solutions of g, blocking each one found.
func (s *Solver) run(g *satdoku.Grid, limit int) (Result, error) {
	start := time.Now()
	if g == nil || satdoku.BoxOf(g.N()) == 0 {
		return Result{}, ErrGrid
	}
	if !s.opt.Encoding.Valid() {
		return Result{}, fmt.Errorf("satsolve: %w %d", encode.ErrEncoding, uint8(s.opt.Encoding))
	}
	n := g.N()
	if s.n != n {
		s.n, s.clauses = n, encode.Clauses(n, s.opt.Encoding)
	}
	gi := gini.NewVc(n*n*n+1, s.clauses+g.Len())
	a := giniAdder{gi}
	// Givens first: gini then drops the rule clauses they satisfy and
	// shortens those they falsify as the clauses are added.
	encode.Givens(a, g)
	encode.Rules(a, n, s.opt.Encoding)

	var res Result
	value := func(v int) bool { return gi.Value(z.Var(v).Pos()) }
	for res.Count < limit {
		var r int
		if s.opt.Timeout > 0 {
			left := s.opt.Timeout - time.Since(start)
			if left > 0 {
				r = gi.Try(left)
			}
		} else {
			r = gi.Solve()
		}
		if r == 0 {
			res.Status = StatusUnknown
			return res, fmt.Errorf("%w after %v (%d×%d puzzle, %d solutions found)",
				ErrTimeout, s.opt.Timeout, n, n, res.Count)
		}
		if r < 0 {
			break
		}
		sol, err := encode.Decode(n, value)
		if err != nil {
			return Result{}, fmt.Errorf("satsolve: internal error: bad model: %w", err)
		}
		res.Count++
		switch res.Count {
		case 1:
			res.Solution = sol
		case 2:
			res.Second = sol
		}
		if res.Count < limit {
			encode.Block(a, g, sol)
		}
	}
	switch {
	case res.Count == 0:
		res.Status = StatusNone
	case res.Count >= 2:
		res.Status = StatusMultiple
	case limit == 1:
		res.Status = StatusSolved
	default:
		res.Status = StatusUnique
	}
	return res, nil
}
