package satsolve

import (
	"errors"
	"fmt"
	"math/bits"
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
// Each call first runs a native unit propagation (naked and hidden singles
// to the fixpoint) and hands gini only the residual formula: variables and
// clauses for the candidates still open, with the fixed cells as
// assumptions. The answer still comes from gini's model. One gini instance
// serves every call on the same board size: a call's clauses all carry an
// activation literal, and deactivating it at the end of the call removes
// them, and every clause gini learned from them. An instance that timed out
// is discarded (gini's Try leaves its deadline set); with a timeout every
// call uses Try, without one every call uses Solve, never a mix.
type Solver struct {
	opt Options
	// mode selects how gini gets each puzzle (see the modes); the zero
	// value is the default.
	mode mode

	bd    *board
	gi    *gini.Gini
	fvar  z.Lit // a variable outside the cells, for the empty clause
	pp    prepass
	calls int // calls on gi
	lits  []z.Lit
	asm   []z.Lit
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

// mode is how the puzzle reaches gini. Only the default is exposed; the
// others stay for benchmarks and tests.
type mode uint8

const (
	// modeResidual, the default: the residual formula of each puzzle is
	// added behind an activation literal and removed at the end of the
	// call.
	modeResidual mode = iota
	// modeRules: the rules are loaded once per instance, each puzzle's
	// fixed cells are assumptions, only the blocking clause is added (and
	// removed with its activation literal). Measured slower than
	// modeResidual on every set but royle17 (see the README).
	modeRules
	// modeFresh: the residual formula in a new gini instance per call.
	modeFresh
)

// instance returns the gini instance for n×n boards, making it if needed:
// the variables 1..n³ are the cells' (the fixed numbering), n³+1 is fvar,
// and the activation literals come after.
func (s *Solver) instance(n int) *gini.Gini {
	if s.bd == nil || s.bd.n != n {
		s.bd = newBoard(n)
		s.gi = nil
	}
	if s.gi == nil || s.mode == modeFresh {
		nv := n*n*n + 1
		cl := 4 * n * n
		if s.mode == modeRules {
			cl = encode.Clauses(n, s.opt.Encoding) + 64
		}
		s.gi = gini.NewVc(nv+1, cl)
		for range nv {
			s.fvar = s.gi.Lit()
		}
		s.calls = 0
		if s.mode == modeRules {
			encode.Rules(giniAdder{s.gi}, n, s.opt.Encoding)
		}
	}
	// The ballast costs a few milliseconds to add: only instances that
	// serve a stream get it.
	s.calls++
	if s.calls == ballastAfter && s.mode == modeResidual {
		s.ballast(n)
	}
	return s.gi
}

// ballastLits is the size of the ballast, in literals; ballastAfter is the
// call on an instance that adds it.
const (
	ballastLits  = 1 << 18
	ballastAfter = 8
)

// ballast adds clauses that are true forever and never visited, so that
// gini's clause store stays large. gini compacts the store (rebuilding its
// watch lists and reasons through a map) whenever the clauses removed since
// the last compaction outweigh half of it; without ballast, the store holds
// little more than one puzzle's residual clauses, all removed at the end of
// the call, and every call paid for a compaction. Each ballast clause holds
// two fresh variables t1 and t2, then made true at level 0: gini watches
// them, and a literal true at level 0 is never falsified, so the clauses
// cost memory (about 1 MiB) and nothing else.
func (s *Solver) ballast(n int) {
	gi := s.gi
	t1, t2 := gi.Lit(), gi.Lit()
	width := min(n*n*n, 1<<12)
	for range max(ballastLits/(width+2), 1) {
		gi.Add(t1)
		gi.Add(t2)
		for v := 1; v <= width; v++ {
			gi.Add(z.Var(v).Pos())
		}
		gi.Add(0)
	}
	gi.Add(t1)
	gi.Add(0)
	gi.Add(t2)
	gi.Add(0)
}

// clause adds the clause in s.lits, guarded by act. The empty clause
// becomes (fvar ∨ ¬act) ∧ (¬fvar ∨ ¬act): under the assumption act, no
// assignment satisfies it, and gini cannot activate an empty clause.
func (s *Solver) clause(act z.Lit) {
	gi := s.gi
	if len(s.lits) == 0 {
		gi.Add(s.fvar)
		gi.ActivateWith(act)
		gi.Add(s.fvar.Not())
		gi.ActivateWith(act)
		return
	}
	for _, m := range s.lits {
		gi.Add(m)
	}
	gi.ActivateWith(act)
}

// residual adds the rules restricted to the open candidates of s.pp, in
// encoding e, guarded by act. A contradiction found by the pre-pass (ok
// false) becomes the empty clause. It reports false if the call's timeout
// (counted from start) ran out first: on a large board the formula alone can
// take longer than the timeout to build. The caller then discards the
// instance.
func (s *Solver) residual(act z.Lit, ok bool, start time.Time) bool {
	if !ok {
		s.lits = s.lits[:0]
		s.clause(act)
		return true
	}
	bd, pp := s.bd, &s.pp
	n := bd.n
	ext := s.opt.Encoding == encode.Extended
	// Cells: at least one candidate; with Extended, at most one.
	for i, c := range pp.cand {
		if i%checkEvery == checkEvery-1 && s.expired(start) {
			return false
		}
		if pp.val[i] != 0 {
			continue
		}
		base := i * n
		s.lits = s.lits[:0]
		for m := c; m != 0; m &= m - 1 {
			s.lits = append(s.lits, z.Var(base+bits.TrailingZeros64(m)+1).Pos())
		}
		s.clause(act)
		if ext {
			s.pairs(act)
		}
	}
	// Units: for each digit not yet placed, at most one of its places; with
	// Extended, at least one.
	for u := 0; u < len(bd.units); u += n {
		if n >= 16 && s.expired(start) { // a unit of a large board is ≈ n³/2 clauses
			return false
		}
		cells := bd.units[u : u+n]
		var placed uint64
		for _, i := range cells {
			if pp.val[i] != 0 {
				placed |= pp.cand[i]
			}
		}
		for m := bd.full &^ placed; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			bit := uint64(1) << d
			s.lits = s.lits[:0]
			for _, i := range cells {
				if pp.cand[i]&bit != 0 {
					s.lits = append(s.lits, z.Var(int(i)*n+d+1).Pos())
				}
			}
			if ext {
				s.clause(act)
			}
			if u < 2*n*n {
				s.pairs(act)
			} else {
				s.boxPairs(act)
			}
		}
	}
	return true
}

// checkEvery is how many cells residual adds between two looks at the
// clock: a 9×9 board looks once, a 36×36 one every 40,000 clauses or so.
const checkEvery = 64

// expired reports whether the timeout of a call that began at start has run
// out.
func (s *Solver) expired(start time.Time) bool {
	return s.opt.Timeout > 0 && time.Since(start) >= s.opt.Timeout
}

// pairs adds ¬a ∨ ¬b for every pair of literals in s.lits, guarded by act.
// It leaves s.lits as it found it.
func (s *Solver) pairs(act z.Lit) {
	gi, ls := s.gi, s.lits
	for k, a := range ls {
		for _, b := range ls[k+1:] {
			gi.Add(a.Not())
			gi.Add(b.Not())
			gi.ActivateWith(act)
		}
	}
}

// boxPairs is pairs for a box: it skips the pairs of cells that share a
// row or a column, whose clauses the row or column has already added.
func (s *Solver) boxPairs(act z.Lit) {
	gi, ls, n := s.gi, s.lits, s.bd.n
	for k, a := range ls {
		ca := (int(a.Var()) - 1) / n // the cell of a
		ra, fa := ca/n, ca%n
		for _, b := range ls[k+1:] {
			cb := (int(b.Var()) - 1) / n
			if cb/n == ra || cb%n == fa {
				continue
			}
			gi.Add(a.Not())
			gi.Add(b.Not())
			gi.ActivateWith(act)
		}
	}
}

// block adds the clause that excludes sol: the OR of ¬var(i, sol(i)) over
// the cells the pre-pass left open. With no open cell it is the empty
// clause.
func (s *Solver) block(act z.Lit, sol *satdoku.Grid) {
	n := s.bd.n
	s.lits = s.lits[:0]
	for i, v := range s.pp.val {
		if v == 0 {
			s.lits = append(s.lits, z.Var(i*n+sol.Cell(i)).Pos().Not())
		}
	}
	s.clause(act)
}

// decode reads the solution from gini's model: each fixed cell's variable
// must be true, and each open cell must have exactly one true candidate.
func (s *Solver) decode() (*satdoku.Grid, error) {
	n := s.bd.n
	g, err := satdoku.New(n)
	if err != nil {
		return nil, err
	}
	gi, pp := s.gi, &s.pp
	for i, c := range pp.cand {
		d1 := 0
		for m := c; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m) + 1
			if !gi.Value(z.Var(i*n + d).Pos()) {
				continue
			}
			if d1 != 0 {
				return nil, fmt.Errorf("%w: r%dc%d has digits %d and %d", encode.ErrManyDigits, i/n+1, i%n+1, d1, d)
			}
			d1 = d
		}
		if d1 == 0 {
			return nil, fmt.Errorf("%w: r%dc%d", encode.ErrNoDigit, i/n+1, i%n+1)
		}
		g.SetCell(i, d1)
	}
	return g, nil
}

// solve runs gini once under the assumptions act and the fixed cells.
func (s *Solver) solve(start time.Time) int {
	s.gi.Assume(s.asm...)
	if s.opt.Timeout <= 0 {
		return s.gi.Solve()
	}
	left := s.opt.Timeout - time.Since(start)
	if left <= 0 {
		return 0
	}
	// gini looks at its deadline only every 20,000 propagations, and not at
	// all while it sets up a large formula, so Try can overrun by seconds on
	// a big board. Run it aside and stop waiting at the deadline: an
	// instance left running is abandoned (run discards every timed-out
	// instance) and stops by itself at its next look at the clock.
	gi := s.gi
	done := make(chan int, 1)
	go func() { done <- gi.Try(left) }()
	t := time.NewTimer(left + tryGrace)
	defer t.Stop()
	select {
	case r := <-done:
		return r
	case <-t.C:
		return 0
	}
}

// tryGrace is how long past the deadline solve waits for gini's own Try to
// return before it abandons the instance.
const tryGrace = 20 * time.Millisecond

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
	gi := s.instance(n)
	ok := s.pp.run(s.bd, g)
	act := gi.ActivationLit()
	if s.mode != modeRules || !ok {
		if !s.residual(act, ok, start) {
			s.gi = nil // cheaper to drop than to take millions of clauses out
			return Result{Status: StatusUnknown}, fmt.Errorf("%w after %v (%d×%d puzzle, building the formula)",
				ErrTimeout, s.opt.Timeout, n, n)
		}
	}
	s.asm = append(s.asm[:0], act)
	if ok {
		for i, v := range s.pp.val {
			if v != 0 {
				s.asm = append(s.asm, z.Var(i*n+int(v)).Pos())
			}
		}
	}

	var res Result
	for res.Count < limit {
		r := s.solve(start)
		if r == 0 {
			s.gi = nil // a timed-out instance is not reused
			res.Status = StatusUnknown
			return res, fmt.Errorf("%w after %v (%d×%d puzzle, %d solutions found)",
				ErrTimeout, s.opt.Timeout, n, n, res.Count)
		}
		if r < 0 {
			break
		}
		sol, err := s.decode()
		if err != nil {
			s.gi = nil
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
			s.block(act, sol)
		}
	}
	gi.Deactivate(act)
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

// giniAdder feeds DIMACS literals to gini.
type giniAdder struct{ g *gini.Gini }

func (a giniAdder) Add(lit int) { a.g.Add(z.Dimacs2Lit(lit)) }
