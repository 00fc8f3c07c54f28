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
	// Encoding selects the CNF encoding of the rules given to gini, over
	// the candidates the pre-pass leaves open. The residual formula is
	// already reduced by the givens and by everything the pre-pass
	// deduced, so Reduced gives the same formula as Extended; Minimal
	// leaves out the redundant families (cells at most one digit, units
	// at least one place).
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
// Each call first runs a native unit propagation (see prepass) and hands
// gini only the residual formula: one variable per candidate still open,
// numbered compactly (the fixed numbering of package encode is restored when
// the model is decoded), and the clauses of the rules over them. The answer
// still comes from gini's model; a formula that holds the empty clause
// (the pre-pass found a contradiction, or a uniqueness check blocked the
// only solution of a formula with no variable) is unsatisfiable without a
// search and does not go to gini. gini's cost per call grows with the
// number of variables it holds, so a Solver keeps a few gini instances, one
// per range of small residual sizes, and each call goes to the smallest
// that fits. A call's clauses all carry the instance's activation literal,
// and deactivating it at the end of the call removes them, and every clause
// gini learned from them. A residual of freshFrom variables or more gets a
// new instance, dropped at the end of the call. An instance that timed out
// is discarded (gini's Try leaves its deadline set); with a timeout every
// call uses Try, without one every call uses Solve, never a mix.
type Solver struct {
	opt Options

	bd   *board
	pp   prepass
	pool []*gini.Gini // by tier; nil until needed
	gi   *gini.Gini   // the instance of the current call
	// cvar maps cell·n + digit−1 to the compact variable of an open
	// candidate; vcell maps back (index v − varBase).
	cvar  []z.Var
	vcell []int32
	lits  []z.Lit
	aux   []uint64 // scratch for the residual: the cells of a box's places
	fresh bool     // the call's instance is fresh, its clauses not guarded
	empty bool     // the call's formula holds the empty clause (see clause)
}

// The variables every instance reserves; the compact variables of the
// open candidates start at varBase.
const (
	varAct  z.Var = 1 // the activation literal, recycled by gini every call
	varBase z.Var = 2
)

// tierOf returns the tier of a residual formula with nv variables: tier t
// serves up to 32·2^t variables.
func tierOf(nv int) int { return max(bits.Len(uint(max(nv-1, 0)))-5, 0) }

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

// setBoard prepares the Solver for n×n boards: the geometry, and a new pool
// of instances when the size changes.
func (s *Solver) setBoard(n int) {
	if s.bd != nil && s.bd.n == n {
		return
	}
	s.bd = newBoard(n)
	s.pool = s.pool[:0]
	if cap(s.cvar) < n*n*n {
		s.cvar = make([]z.Var, n*n*n)
	}
	s.cvar = s.cvar[:n*n*n]
}

// instance returns the gini instance of tier t, making it if needed.
func (s *Solver) instance(t int) *gini.Gini {
	for len(s.pool) <= t {
		s.pool = append(s.pool, nil)
	}
	if s.pool[t] == nil {
		nv := int(varBase) + 32<<t
		s.pool[t] = gini.NewVc(nv, 4*nv)
	}
	return s.pool[t]
}

// drop discards the instance of the current call (after a timeout or an
// internal error).
func (s *Solver) drop() {
	for i, gi := range s.pool {
		if gi == s.gi {
			s.pool[i] = nil
		}
	}
	s.gi = nil
}

// clause adds the clause in s.lits, guarded by the activation literal.
// The empty clause is not added: gini cannot activate it, and a formula
// that holds it is unsatisfiable without a search, so the call's next
// solve answers UNSAT at once (see solve).
func (s *Solver) clause() {
	gi := s.gi
	if len(s.lits) == 0 {
		s.empty = true
		return
	}
	for _, m := range s.lits {
		gi.Add(m)
	}
	s.end()
}

// number gives the open candidates of s.pp their compact variables and
// returns how many there are.
func (s *Solver) number() int {
	n := s.bd.n
	s.vcell = s.vcell[:0]
	v := varBase
	for i, c := range s.pp.cand {
		if s.pp.val[i] != 0 {
			continue
		}
		for m := c; m != 0; m &= m - 1 {
			k := i*n + bits.TrailingZeros64(m)
			s.cvar[k] = v
			s.vcell = append(s.vcell, int32(k))
			v++
		}
	}
	return len(s.vcell)
}

// residual adds the rules restricted to the open candidates of s.pp, in
// the Solver's encoding, over their compact variables (see number), guarded
// by the activation literal. It reports false if the call's timeout
// (counted from start) ran out first: on a large board the formula alone can
// take longer than the timeout to build. The caller then discards the
// instance.
func (s *Solver) residual(start time.Time) bool {
	bd, pp := s.bd, &s.pp
	n := bd.n
	ext := s.opt.Encoding != encode.Minimal
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
			s.lits = append(s.lits, s.cvar[base+bits.TrailingZeros64(m)].Pos())
		}
		s.clause()
		if ext {
			s.pairs()
		}
	}
	// Units: for each digit not yet placed, at most one of its places; with
	// Extended, at least one.
	for u := 0; u < len(bd.units); u += n {
		if n >= 16 && s.expired(start) { // a unit of a large board is ≈ n³/2 clauses
			return false
		}
		cells := bd.units[u : u+n]
		box := u >= 2*n*n
		for m := bd.full &^ pp.placed[u/n]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			bit := uint64(1) << d
			s.lits = s.lits[:0]
			s.aux = s.aux[:0]
			for _, i := range cells {
				if pp.cand[i]&bit != 0 {
					s.lits = append(s.lits, s.cvar[int(i)*n+d].Pos())
					s.aux = append(s.aux, uint64(i))
				}
			}
			if ext {
				s.clause()
			}
			if box {
				s.boxPairs()
			} else {
				s.pairs()
			}
		}
	}
	return true
}

// end ends the clause being added.
func (s *Solver) end() {
	if s.fresh {
		s.gi.Add(0)
	} else {
		s.gi.ActivateWith(varAct.Pos())
	}
}

// freshFrom is the size of residual formula, in variables, from which a
// call gets a gini instance of its own instead of a pooled one. Taking a
// large formula out of a pooled instance costs more than a new instance
// (about 25 µs and 30 KiB): gini compacts its clause store, and rebuilds
// its watch lists, through a map. In BenchmarkUnique, 128 against pooling
// every size: royle17 +31%, magictour +36%, forum_hardest_1106 +20%, serg
// +14%; 64 and 192 did no better.
const freshFrom = 128

// checkEvery is how many cells residual adds between two looks at the
// clock: a 9×9 board looks once, a 36×36 one every 40,000 clauses or so.
const checkEvery = 64

// expired reports whether the timeout of a call that began at start has run
// out.
func (s *Solver) expired(start time.Time) bool {
	return s.opt.Timeout > 0 && time.Since(start) >= s.opt.Timeout
}

// pairs adds ¬a ∨ ¬b for every pair of literals in s.lits, guarded by the
// activation literal. It leaves s.lits as it found it.
func (s *Solver) pairs() {
	gi, ls := s.gi, s.lits
	for k, a := range ls {
		for _, b := range ls[k+1:] {
			gi.Add(a.Not())
			gi.Add(b.Not())
			s.end()
		}
	}
}

// boxPairs is pairs for a box, whose cells are in s.aux: it skips the pairs
// of cells that share a row or a column, whose clauses the row or column has
// already added.
func (s *Solver) boxPairs() {
	gi, ls, n := s.gi, s.lits, uint64(s.bd.n)
	for k, a := range ls {
		ca := s.aux[k]
		ra, fa := ca/n, ca%n
		for j, b := range ls[k+1:] {
			cb := s.aux[k+1+j]
			if cb/n == ra || cb%n == fa {
				continue
			}
			gi.Add(a.Not())
			gi.Add(b.Not())
			s.end()
		}
	}
}

// block adds the clause that excludes sol: the OR of the negated variables
// of sol's digits in the cells the pre-pass left open. With no open cell it
// is the empty clause.
func (s *Solver) block(sol *satdoku.Grid) {
	n := s.bd.n
	s.lits = s.lits[:0]
	for i, v := range s.pp.val {
		if v == 0 {
			s.lits = append(s.lits, s.cvar[i*n+sol.Cell(i)-1].Neg())
		}
	}
	s.clause()
}

// decode reads the solution from gini's model: the pre-pass's fixed cells,
// and in each open cell the one candidate whose variable is true.
func (s *Solver) decode() (*satdoku.Grid, error) {
	n := s.bd.n
	g, err := satdoku.New(n)
	if err != nil {
		return nil, err
	}
	gi, pp := s.gi, &s.pp
	for i, c := range pp.cand {
		if v := pp.val[i]; v != 0 {
			g.SetCell(i, int(v))
			continue
		}
		d1 := 0
		for m := c; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			if !gi.Value(s.cvar[i*n+d].Pos()) {
				continue
			}
			if d1 != 0 {
				return nil, fmt.Errorf("%w: r%dc%d has digits %d and %d", encode.ErrManyDigits, i/n+1, i%n+1, d1, d+1)
			}
			d1 = d + 1
		}
		if d1 == 0 {
			return nil, fmt.Errorf("%w: r%dc%d", encode.ErrNoDigit, i/n+1, i%n+1)
		}
		g.SetCell(i, d1)
	}
	return g, nil
}

// solve runs gini once under the assumption of the activation literal, or
// answers UNSAT when the formula holds the empty clause.
func (s *Solver) solve(start time.Time) int {
	if s.empty {
		return -1
	}
	if !s.fresh {
		s.gi.Assume(varAct.Pos())
	}
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
	s.setBoard(n)
	s.pp.strong = true
	ok := s.pp.run(s.bd, g)
	nv := 0
	if ok {
		nv = s.number()
	}
	s.empty = false
	s.fresh = nv >= freshFrom
	if s.fresh {
		s.gi = gini.NewVc(int(varBase)+nv, 8*nv)
	} else {
		s.gi = s.instance(tierOf(nv))
		// gini hands out the variable of a deactivated literal again: on
		// a new instance, the first variable; after that, the same one
		// every call.
		if act := s.gi.ActivationLit(); act != varAct.Pos() {
			s.drop()
			return Result{}, fmt.Errorf("satsolve: internal error: activation literal %v, want %v", act, varAct.Pos())
		}
	}
	if !ok {
		// A contradiction found by the pre-pass: the empty clause.
		s.lits = s.lits[:0]
		s.clause()
	} else if !s.residual(start) {
		s.drop() // cheaper to drop than to take millions of clauses out
		return Result{Status: StatusUnknown}, fmt.Errorf("%w after %v (%d×%d puzzle, building the formula)",
			ErrTimeout, s.opt.Timeout, n, n)
	}

	var res Result
	for res.Count < limit {
		r := s.solve(start)
		if r == 0 {
			s.drop() // a timed-out instance is not reused
			res.Status = StatusUnknown
			return res, fmt.Errorf("%w after %v (%d×%d puzzle, %d solutions found)",
				ErrTimeout, s.opt.Timeout, n, n, res.Count)
		}
		if r < 0 {
			break
		}
		sol, err := s.decode()
		if err != nil {
			s.drop()
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
			s.block(sol)
		}
	}
	if !s.fresh {
		s.gi.Deactivate(varAct.Pos())
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

// giniAdder feeds DIMACS literals to gini.
type giniAdder struct{ g *gini.Gini }

func (a giniAdder) Add(lit int) { a.g.Add(z.Dimacs2Lit(lit)) }
