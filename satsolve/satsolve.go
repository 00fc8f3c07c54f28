package satsolve

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/inter"
	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
)

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
	// as a whole, encoding included; zero means no limit. A context
	// deadline bounds a call too. gini looks at the clock every 20,000
	// propagations, so its search may go on a little past the deadline,
	// but the call returns at the deadline (see Solver).
	Timeout time.Duration
	// Stoppable stops a search when the call's context is canceled, within
	// gini's clock period (20,000 propagations), without a deadline and
	// without leaving the search behind: a server whose jobs are canceled
	// by its clients. It applies to the residual formulas that get a gini
	// instance of their own (freshFrom variables or more); the smaller
	// ones take microseconds and are not stopped.
	Stoppable bool
	// QuietFor, with Stoppable, lets a search run its first QuietFor
	// (from the start of the call) without looking at the context: gini
	// searches as without Stoppable, and its answer is taken the moment it
	// comes (no polling). A portfolio (package portfolio) sets it to the
	// time before which it cancels nothing: an easy puzzle then costs what
	// it costs a plain Solver. At QuietFor a search still running is
	// stopped and started again (gini keeps what it learned) under the
	// watch of the context. A deadline still ends a call at the deadline.
	QuietFor time.Duration
	// Order, when not zero, seeds a random permutation of the compact
	// variables: another order of the same formula. gini has no random
	// seed of its own, so Solvers with other Orders take other decisions
	// and their searches take other times (bench/issue15.txt).
	Order uint64
	// Probe runs failed-literal probing after the pre-pass (see probe):
	// every open candidate assumed in turn and propagated by gini over
	// the whole formula, a conflict ruling it out, in sweeps until one
	// rules nothing out (at most 8). It costs 20–60 ms of CPU on a hard
	// 9×9 variant and, measured on 109 of them, answered none more
	// (bench/issue36-tail.txt): it is off unless asked for.
	Probe bool
}

// Solver solves puzzles with fixed Options. It is reusable across puzzles of
// any size and rules, one per goroutine: a Solver must not be used by two
// goroutines at once. It implements backend.Solver.
//
// Each call first runs a native pre-pass (see prepass) and hands gini only
// the residual formula: the rules written by the one encoder of package
// encode over the candidates the pre-pass leaves open, with one gini
// variable per open candidate, numbered compactly (the fixed numbering of
// package encode is restored when the model is decoded). A formula that
// holds the empty clause (the pre-pass found a contradiction, or a
// uniqueness check blocked the only solution of a formula with no variable)
// is unsatisfiable without a search and does not go to gini.
//
// gini's cost per call grows with the number of variables it holds, so a
// Solver keeps a few gini instances, one per range of small residual sizes,
// and each call goes to the smallest that fits. A call's clauses all carry
// the instance's activation literal, and deactivating it at the end of the
// call removes them, and every clause gini learned from them. A residual of
// freshFrom variables or more gets a new instance, dropped at the end of the
// call.
//
// Timeouts: without a deadline a call runs gini's Solve in the caller's
// goroutine. With one (Options.Timeout or the context's), gini's Try runs in
// a goroutine of its own, and the call returns at the deadline (or when the
// context is canceled) even if gini has not looked at its clock yet. The
// instance is then dropped, and the next call of the Solver first waits for
// that search to end, which it does at gini's next look at the clock: a
// Solver never has more than one search running, and a search never
// outlives its deadline by more than gini's clock period.
type Solver struct {
	opt Options
	bd  *board // the tables of the rules, shared (see boardOf)
	enc *encode.Encoder
	// aux: the encoder numbers auxiliary variables (the Sequential
	// encoding, constraints).
	aux    bool
	pool   []*gini.Gini  // by tier; nil until needed
	zombie chan struct{} // closed when an abandoned search has ended
	c      call
	// onModel, when set (by tests), sees every solution decoded.
	onModel func(*satdoku.Grid)
	// order, when not zero, seeds a random permutation of the compact
	// variables (see number): another order of the same formula.
	order uint64
	// stoppable: a search on an instance of its own runs under GoSolve
	// and is stopped when the context is done or the deadline passes (a
	// portfolio's members), instead of being left behind.
	stoppable bool
}

// call is the state of one call: the pre-pass, the instance and the
// numbering of its residual formula.
type call struct {
	pp       prepass
	gi       *gini.Gini
	sink     sink
	buf      clauseBuf // the residual of a call with auxiliary variables
	dom      encode.Domain
	deadline time.Time // zero: none
	start    time.Time // when the call began
	ctx      context.Context
	// cvar maps the variable of package encode, cell·n + digit, to the
	// compact variable of an open candidate; vcell lists the encode
	// variables in the order of the compact ones.
	cvar []z.Var
	open []int32 // scratch: the open candidates' encode variables
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
func New(o Options) *Solver { return &Solver{opt: o, stoppable: o.Stoppable, order: o.Order} }

var _ backend.Solver = (*Solver)(nil)

// Solve finds one solution of g: StatusSolved with the solution, or
// StatusNone. A timeout gives StatusUnknown and an error wrapping
// backend.ErrTimeout.
func (s *Solver) Solve(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	return s.run(ctx, g, 1, nil)
}

// Unique finds a solution of g and proves it unique: StatusUnique with the
// solution, StatusMultiple with two different solutions in Solution and
// Second, or StatusNone.
func (s *Solver) Unique(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	return s.run(ctx, g, 2, nil)
}

// Count counts the solutions of g, stopping at limit (at least 1): Count is
// the number found, Solution and Second the first two. Status is StatusNone
// (no solution), StatusUnique (exactly one), StatusMultiple (two or more,
// Count = limit meaning "limit or more"), or StatusSolved when limit is 1
// and a solution was found, since uniqueness was then not checked.
//
// Each solution costs one more SAT call, so limit should stay modest.
func (s *Solver) Count(ctx context.Context, g *satdoku.Grid, limit int) (backend.Result, error) {
	if limit < 1 {
		return backend.Result{}, fmt.Errorf("satsolve: %w (got %d)", backend.ErrLimit, limit)
	}
	return s.run(ctx, g, limit, nil)
}

// Solve solves g with a new Solver; see Solver.Solve.
func Solve(ctx context.Context, g *satdoku.Grid, o Options) (backend.Result, error) {
	return New(o).Solve(ctx, g)
}

// Unique checks g with a new Solver; see Solver.Unique.
func Unique(ctx context.Context, g *satdoku.Grid, o Options) (backend.Result, error) {
	return New(o).Unique(ctx, g)
}

// Count counts the solutions of g with a new Solver; see Solver.Count.
func Count(ctx context.Context, g *satdoku.Grid, limit int, o Options) (backend.Result, error) {
	return New(o).Count(ctx, g, limit)
}

// run looks for up to limit solutions of g, blocking each one found, with
// the solution exclude (when not nil) excluded from the start.
func (s *Solver) run(ctx context.Context, g *satdoku.Grid, limit int, exclude *satdoku.Grid) (backend.Result, error) {
	return s.visit(ctx, g, limit, exclude, nil)
}

// visit is run with every solution found going to see, when not nil.
func (s *Solver) visit(ctx context.Context, g *satdoku.Grid, limit int, exclude *satdoku.Grid, see func(*satdoku.Grid) error) (backend.Result, error) {
	if err := s.begin(ctx, g); err != nil {
		return backend.Result{}, err
	}
	if exclude != nil && !s.c.sink.empty {
		// (A formula the pre-pass found unsatisfiable has no domain of
		// this call to block the solution over, and needs no blocking.)
		encode.BlockOpen(&s.c.sink, &s.c.dom, exclude)
	}
	res, err := s.search(g, limit, see)
	if err != nil {
		return res, err
	}
	s.end()
	res.Status = backend.StatusOf(res.Count, limit)
	return res, nil
}

// end ends a call that completed: its clauses leave the pooled instance.
func (s *Solver) end() {
	if c := &s.c; !c.sink.fresh {
		c.gi.Deactivate(varAct.Pos())
	}
}

// begin starts a call on g: the deadline, the pre-pass, the instance and
// the residual formula. After an error there is no instance to end.
func (s *Solver) begin(ctx context.Context, g *satdoku.Grid) error {
	start := time.Now()
	if g == nil || g.Rules() == nil {
		return fmt.Errorf("satsolve: %w", backend.ErrGrid)
	}
	if !s.opt.Encoding.Valid() {
		return fmt.Errorf("satsolve: %w %d", encode.ErrEncoding, uint8(s.opt.Encoding))
	}
	s.waitZombie()
	c := &s.c
	c.ctx = ctx
	c.start = start
	c.deadline = time.Time{}
	if s.opt.Timeout > 0 {
		c.deadline = start.Add(s.opt.Timeout)
	}
	if d, ok := ctx.Deadline(); ok && (c.deadline.IsZero() || d.Before(c.deadline)) {
		c.deadline = d
	}
	if err := ctx.Err(); err != nil {
		return s.stopped(g, 0, "before the pre-pass")
	}
	s.setRules(g.Rules())
	c.pp.strong = true
	ok := c.pp.run(s.bd, g)
	if ok && s.opt.Probe {
		ok = s.probe()
	}
	nv := 0
	if ok {
		nv = s.number()
	}
	// Auxiliary variables (the Sequential encoding, the constraints) are
	// numbered as the encoder writes them. A small residual is written to
	// a buffer first, so that its instance is picked knowing them all; a
	// large one, or one of unknown size, gets an instance of its own.
	buffered := ok && nv < freshFrom && s.aux
	aux := 0
	if ok && s.aux {
		aux = -1 // unknown until written
	}
	if buffered {
		c.buf.reset()
		if err := s.residual(&c.buf); err != nil {
			return s.stopped(g, 0, "building the formula")
		}
		aux = s.enc.MaxVar() - s.bd.nc*s.bd.nv
	}
	if err := s.instance(nv, aux); err != nil {
		return err
	}
	switch {
	case !ok:
		c.sink.Add(0) // a contradiction found by the pre-pass: the empty clause
	case buffered:
		c.buf.replay(&c.sink)
	default:
		if err := s.residual(&c.sink); err != nil {
			s.drop() // cheaper to drop than to take millions of clauses out
			return s.stopped(g, 0, "building the formula")
		}
	}
	return nil
}

// setRules prepares the Solver for boards under rules r: the board's tables,
// an encoder, and a new pool of instances when the size changes.
func (s *Solver) setRules(r *satdoku.Rules) {
	if s.bd != nil && s.bd.rules == r {
		return
	}
	n := r.N()
	if s.bd == nil || s.bd.n != n {
		s.pool = s.pool[:0]
	}
	s.bd = boardOf(r)
	s.enc = encode.NewEncoder(r, s.opt.Encoding)
	s.enc.Dedup = true
	s.aux = s.opt.Encoding == encode.Sequential || s.bd.cons
	c := &s.c
	nn := r.Cells() * r.Values()
	if cap(c.cvar) < nn+1 {
		c.cvar = make([]z.Var, nn+1)
	}
	c.cvar = c.cvar[:nn+1]
}

// number gives the open candidates of the pre-pass their compact variables
// and returns how many there are.
func (s *Solver) number() int {
	c := &s.c
	n := s.bd.nv
	v := varBase
	if s.order != 0 {
		return s.numberPermuted()
	}
	for i, m := range c.pp.cand {
		if c.pp.val[i] != 0 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			c.cvar[i*n+bits.TrailingZeros64(m)+1] = v
			v++
		}
	}
	return int(v - varBase)
}

// numberPermuted is number with the compact variables handed out in the
// random order seeded by s.order.
func (s *Solver) numberPermuted() int {
	c := &s.c
	n := s.bd.nv
	c.open = c.open[:0]
	for i, m := range c.pp.cand {
		if c.pp.val[i] != 0 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			c.open = append(c.open, int32(i*n+bits.TrailingZeros64(m)+1))
		}
	}
	r := rand.New(rand.NewPCG(s.order, 0x9e3779b97f4a7c15))
	r.Shuffle(len(c.open), func(i, j int) { c.open[i], c.open[j] = c.open[j], c.open[i] })
	for k, e := range c.open {
		c.cvar[e] = varBase + z.Var(k)
	}
	return len(c.open)
}

// instance picks the gini instance of a call with nv cell variables and
// aux auxiliary ones: a pooled one by tier, or a fresh one for a large
// formula or when aux is not known (negative).
func (s *Solver) instance(nv, aux int) error {
	c := &s.c
	c.sink = sink{cvar: c.cvar, fresh: aux < 0 || nv+aux >= freshFrom,
		n3: s.bd.nc * s.bd.nv, auxVars: c.sink.auxVars[:0], nextAux: varBase + z.Var(nv)}
	nv += max(aux, 0)
	if c.sink.fresh {
		c.gi = gini.NewVc(int(varBase)+nv, 8*nv)
		c.sink.gi = c.gi
		return nil
	}
	t := tierOf(nv)
	for len(s.pool) <= t {
		s.pool = append(s.pool, nil)
	}
	if s.pool[t] == nil {
		nv := int(varBase) + 32<<t
		s.pool[t] = gini.NewVc(nv, 4*nv)
	}
	c.gi = s.pool[t]
	c.sink.gi = c.gi
	// gini hands out the variable of a deactivated literal again: on a new
	// instance, the first variable; after that, the same one every call.
	if act := c.gi.ActivationLit(); act != varAct.Pos() {
		s.drop()
		return fmt.Errorf("satsolve: internal error: activation literal %v, want %v: %w", act, varAct.Pos(), backend.ErrFailed)
	}
	return nil
}

// drop discards the instance of the current call (after a timeout or an
// internal error).
func (s *Solver) drop() {
	for i, gi := range s.pool {
		if gi == s.c.gi {
			s.pool[i] = nil
		}
	}
	s.c.gi = nil
}

// residual adds the rules over the open candidates of the pre-pass to a:
// the one encoder of package encode, writing to the sink that numbers the
// variables compactly or to the buffer. It fails with encode.ErrStopped
// when the deadline passes or the context is canceled first: on a large
// board the formula alone can take longer than the timeout to build.
func (s *Solver) residual(a encode.Adder) error {
	c := &s.c
	c.dom.Val, c.dom.Cand, c.dom.Placed = c.pp.val, c.pp.cand, c.pp.placed
	enc := s.enc
	enc.Stop = nil
	if !c.deadline.IsZero() || c.ctx.Done() != nil {
		enc.Stop = s.expired
	}
	return enc.Write(a, &c.dom)
}

// expired reports whether the call's deadline has passed or its context is
// done.
func (s *Solver) expired() bool {
	c := &s.c
	return !c.deadline.IsZero() && !time.Now().Before(c.deadline) || c.ctx.Err() != nil
}

// freshFrom is the size of residual formula, in variables, from which a
// call gets a gini instance of its own instead of a pooled one. Taking a
// large formula out of a pooled instance costs more than a new instance:
// gini compacts its clause store, and rebuilds its watch lists, through a
// map. (Measured in bench/issue4.txt.)
const freshFrom = 128

// search asks gini for up to limit solutions, blocking each one found.
// visit, when not nil, sees every solution in turn; an error it returns
// ends the search.
func (s *Solver) search(g *satdoku.Grid, limit int, visit func(*satdoku.Grid) error) (backend.Result, error) {
	c := &s.c
	var res backend.Result
	for res.Count < limit {
		r := s.solve()
		if r == 0 {
			s.drop() // a stopped instance is not reused
			return res, s.stopped(g, res.Count, "searching")
		}
		if r < 0 {
			break
		}
		sol, err := s.decode(g.Rules())
		if err != nil {
			s.drop()
			return backend.Result{}, fmt.Errorf("satsolve: internal error: bad model: %w: %w", err, backend.ErrFailed)
		}
		if s.onModel != nil {
			s.onModel(sol)
		}
		if visit != nil {
			if err := visit(sol); err != nil {
				s.drop()
				return backend.Result{}, err
			}
		}
		res.Count++
		switch res.Count {
		case 1:
			res.Solution = sol
		case 2:
			res.Second = sol
		}
		if res.Count < limit {
			encode.BlockOpen(&c.sink, &c.dom, sol)
		}
	}
	return res, nil
}

// stopped is the error of a call that ran out of time or was canceled, with
// the number of solutions found so far.
func (s *Solver) stopped(g *satdoku.Grid, found int, when string) error {
	n := g.N()
	if err := s.c.ctx.Err(); err != nil && err != context.DeadlineExceeded {
		return fmt.Errorf("satsolve: %d×%d puzzle, %s, %d solutions found: %w", n, n, when, found, err)
	}
	return fmt.Errorf("satsolve: %w (%d×%d puzzle, %s, %d solutions found)", backend.ErrTimeout, n, n, when, found)
}

// solve runs gini once under the assumption of the activation literal, or
// answers UNSAT when the formula holds the empty clause. It returns 1
// (SAT), -1 (UNSAT) or 0 (stopped).
func (s *Solver) solve() int {
	c := &s.c
	if c.sink.empty {
		return -1
	}
	if !c.sink.fresh {
		c.gi.Assume(varAct.Pos())
	}
	if s.stoppable && c.sink.fresh {
		return s.solveStoppable()
	}
	if c.deadline.IsZero() {
		if c.ctx.Err() != nil {
			return 0
		}
		return c.gi.Solve()
	}
	left := time.Until(c.deadline)
	if left <= 0 || c.ctx.Err() != nil {
		return 0
	}
	// gini looks at its deadline only every 20,000 propagations, so Try
	// can overrun. Run it aside and stop waiting at the deadline; the
	// instance is then dropped, and the next call waits for the search to
	// end (see waitZombie).
	gi := c.gi
	var r int
	done := make(chan struct{})
	go func() {
		r = gi.Try(left)
		close(done)
	}()
	t := time.NewTimer(left + tryGrace)
	defer t.Stop()
	select {
	case <-done:
		return r
	case <-t.C:
	case <-c.ctx.Done():
	}
	s.zombie = done
	return 0
}

// solveStoppable runs gini's search with GoSolve and looks for its result
// at intervals growing from pollMin to pollMax; when the context is done or
// the deadline passes first, it stops the search (gini stops at its next
// look at its controls, every 20,000 propagations) and returns 0. Only an
// instance of a call's own runs it: GoSolve and Try are never mixed on one
// instance.
func (s *Solver) solveStoppable() int {
	c := &s.c
	if c.ctx.Err() != nil || !c.deadline.IsZero() && !time.Now().Before(c.deadline) {
		return 0
	}
	if r, done := s.solveQuiet(); done {
		return r
	}
	var deadline <-chan time.Time
	if !c.deadline.IsZero() {
		t := time.NewTimer(time.Until(c.deadline))
		defer t.Stop()
		deadline = t.C
	}
	return await(c.gi.GoSolve(), c.ctx.Done(), deadline)
}

// await looks for the result of the search h at intervals growing from
// pollMin to pollMax, and stops it and returns 0 when done or deadline
// comes first (gini stops at its next look at its controls, every 20,000
// propagations).
func await(h inter.Solve, done <-chan struct{}, deadline <-chan time.Time) int {
	wait := pollMin
	tick := time.NewTimer(wait)
	defer tick.Stop()
	for {
		if r, ok := h.Test(); ok {
			return r
		}
		select {
		case <-done:
			h.Stop()
			return 0
		case <-deadline:
			h.Stop()
			return 0
		case <-tick.C:
			wait = min(2*wait, pollMax)
			tick.Reset(wait)
		}
	}
}

// solveQuiet runs the search of solveStoppable until Options.QuietFor
// after the start of the call (or the deadline, if sooner) without looking
// at the context: gini's own Try on its GoSolve handle hands the answer
// over the moment it comes. It reports whether the search ended (r is then
// its answer, or 0 when the context or the deadline ended it meanwhile);
// a search still running at the end of the quiet time has been stopped,
// and solveStoppable starts it again.
func (s *Solver) solveQuiet() (r int, done bool) {
	c := &s.c
	if s.opt.QuietFor <= 0 {
		return 0, false
	}
	until := c.start.Add(s.opt.QuietFor)
	if !c.deadline.IsZero() && c.deadline.Before(until) {
		until = c.deadline
	}
	left := time.Until(until)
	if left <= 0 {
		return 0, false
	}
	if r := c.gi.GoSolve().Try(left); r != 0 {
		return r, true
	}
	if c.ctx.Err() != nil || !c.deadline.IsZero() && !time.Now().Before(c.deadline) {
		return 0, true
	}
	return 0, false
}

// The intervals at which solveStoppable looks for the search's result.
const (
	pollMin = 50 * time.Microsecond
	pollMax = 5 * time.Millisecond
)

// tryGrace is how long past the deadline solve waits for gini's own Try to
// return before it leaves the search behind.
const tryGrace = 20 * time.Millisecond

// waitZombie waits for a search left behind by an earlier call to end.
func (s *Solver) waitZombie() {
	if s.zombie != nil {
		<-s.zombie
		s.zombie = nil
	}
}

// decode reads the solution from gini's model: the pre-pass's fixed cells,
// and in each open cell the one candidate whose variable is true.
func (s *Solver) decode(r *satdoku.Rules) (*satdoku.Grid, error) {
	c := &s.c
	nv := s.bd.nv
	g := satdoku.NewGrid(r)
	for i, m := range c.pp.cand {
		if v := c.pp.val[i]; v != 0 {
			g.SetCell(i, int(v))
			continue
		}
		d1 := 0
		for ; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m) + 1
			if !c.gi.Value(c.cvar[i*nv+d].Pos()) {
				continue
			}
			if d1 != 0 {
				return nil, fmt.Errorf("%w: %s has digits %d and %d", encode.ErrManyDigits, r.CellName(i), r.ValueOf(d1), r.ValueOf(d))
			}
			d1 = d
		}
		if d1 == 0 {
			return nil, fmt.Errorf("%w: %s", encode.ErrNoDigit, r.CellName(i))
		}
		g.SetCell(i, d1)
	}
	return g, nil
}

// clauseBuf records clauses as DIMACS literals, each clause ended by 0,
// to replay them later.
type clauseBuf struct{ lits []int }

func (b *clauseBuf) reset() { b.lits = b.lits[:0] }

// Add implements encode.Adder.
func (b *clauseBuf) Add(lit int) { b.lits = append(b.lits, lit) }

// AddClause implements encode.ClauseAdder.
func (b *clauseBuf) AddClause(lits []int) {
	b.lits = append(b.lits, lits...)
	b.lits = append(b.lits, 0)
}

// replay adds the recorded clauses to a.
func (b *clauseBuf) replay(a encode.ClauseAdder) {
	start := 0
	for k, l := range b.lits {
		if l == 0 {
			a.AddClause(b.lits[start:k])
			start = k + 1
		}
	}
}

// sink is the encode.Adder that feeds a call's clauses to gini: each
// variable of package encode becomes its compact variable, and each clause
// is guarded by the activation literal unless the instance is fresh. The
// empty clause is not added (gini cannot activate it): the sink notes it,
// and solve answers UNSAT without asking gini.
type sink struct {
	gi    *gini.Gini
	cvar  []z.Var
	fresh bool
	empty bool // the formula holds the empty clause
	k     int  // literals in the current clause
	// The auxiliary variables of the encoder, above n3, get the compact
	// variables from nextAux on, in the order they first appear.
	n3      int
	auxVars []z.Var
	nextAux z.Var
}

// lit returns gini's literal for the DIMACS literal l.
func (a *sink) lit(l int) z.Lit {
	v := max(l, -l)
	if v > a.n3 {
		return a.auxLit(l)
	}
	if l > 0 {
		return a.cvar[v].Pos()
	}
	return a.cvar[v].Neg()
}

// auxLit returns gini's literal for an auxiliary variable's literal.
func (a *sink) auxLit(l int) z.Lit {
	i := max(l, -l) - a.n3 - 1
	for len(a.auxVars) <= i {
		a.auxVars = append(a.auxVars, a.nextAux)
		a.nextAux++
	}
	if l > 0 {
		return a.auxVars[i].Pos()
	}
	return a.auxVars[i].Neg()
}

// Add implements encode.Adder.
func (a *sink) Add(lit int) {
	switch {
	case lit != 0:
		a.gi.Add(a.lit(lit))
	case a.k == 0:
		a.empty = true
		return
	case a.fresh:
		a.gi.Add(0)
	default:
		a.gi.ActivateWith(varAct.Pos())
	}
	if lit == 0 {
		a.k = 0
	} else {
		a.k++
	}
}

// AddClause implements encode.ClauseAdder.
func (a *sink) AddClause(lits []int) {
	if len(lits) == 0 {
		a.empty = true
		return
	}
	gi := a.gi
	for _, l := range lits {
		gi.Add(a.lit(l))
	}
	if a.fresh {
		gi.Add(0)
	} else {
		gi.ActivateWith(varAct.Pos())
	}
}

// Other looks for a solution of g other than sol, a solution of g that the
// caller already has (a puzzle generator asking whether a clue can go):
// the formula of Solve with sol excluded, one search. The result has Count
// 0 and StatusNone when there is none (sol is g's only solution), or Count
// 1, StatusSolved and the other solution. It saves Unique's first search.
// sol must be a complete grid of g's size; Other does not check that it
// solves g (when it does not, it is merely another solution to find).
func (s *Solver) Other(ctx context.Context, g, sol *satdoku.Grid) (backend.Result, error) {
	if sol == nil || g == nil || sol.N() != g.N() || !sol.Full() {
		return backend.Result{}, fmt.Errorf("satsolve: %w: no complete grid to exclude", backend.ErrGrid)
	}
	return s.run(ctx, g, 1, sol)
}

// OtherAt looks for a solution of g that differs from sol, a solution of g
// the caller already has, in at least one of the cells given: the formula
// of Solve and one clause, that not all of those cells hold sol's digits.
// When g with those cells set to sol's digits has sol as its only solution
// (a puzzle generator that has just taken those clues out of a unique
// puzzle), every other solution of g differs from sol there, and OtherAt
// answers what Other answers, with a clause of a few literals instead of
// one over every open cell: a clue gini finds needed or not in a fraction
// of the search. The result is as Other's. sol must be a complete grid of
// g's size and the cells indexes of its cells.
func (s *Solver) OtherAt(ctx context.Context, g, sol *satdoku.Grid, cells []int) (backend.Result, error) {
	if sol == nil || g == nil || sol.N() != g.N() || !sol.Full() {
		return backend.Result{}, fmt.Errorf("satsolve: %w: no complete grid to differ from", backend.ErrGrid)
	}
	for _, i := range cells {
		if i < 0 || i >= sol.Len() {
			return backend.Result{}, fmt.Errorf("satsolve: %w: cell %d out of the board", backend.ErrGrid, i)
		}
	}
	if err := s.begin(ctx, g); err != nil {
		return backend.Result{}, err
	}
	if c := &s.c; !c.sink.empty {
		n := s.bd.nv
		lits := make([]int, 0, len(cells))
		differs := false
		for _, i := range cells {
			d := sol.Cell(i)
			switch v := int(c.pp.val[i]); {
			case v == d:
				// Fixed to sol's digit: no solution differs here.
			case v != 0, c.pp.cand[i]&(1<<(d-1)) == 0:
				differs = true // every solution differs here
			default:
				lits = append(lits, -(i*n + d))
			}
		}
		if !differs {
			c.sink.AddClause(lits) // empty: no solution differs from sol there
		}
	}
	res, err := s.search(g, 1, nil)
	if err != nil {
		return res, err
	}
	s.end()
	res.Status = backend.StatusOf(res.Count, 1)
	return res, nil
}
