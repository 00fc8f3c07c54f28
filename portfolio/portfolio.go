// Package portfolio races several SAT back ends on one puzzle, for the
// heavy tails: a puzzle that one solver finds hard another often does not
// (gini's time on one 36×36 board swings from 1.3 s to over 20 s across
// variable numberings, and cadical is at times 100× faster than gini on a
// formula, at others 10× slower; bench/issue15.txt, bench/issue24-portfolio.txt).
//
// A Solver holds members, each a backend.Solver with a name. The first runs
// alone for Options.Delay: a puzzle answered by then (every classic 9×9)
// costs what it costs the first member alone. Past the delay the others
// start, as many as Options.Width allows (the idle cores), each asked the
// whole question (Unique: both of its solves). The first answer the
// validator accepts (checked.Validate) wins; the others are stopped at
// once (their contexts canceled: gini within its clock period, an external
// program killed and its files removed), and the call returns only when
// every member has returned, so no search, goroutine, process or file
// outlives it.
//
// Every member's answer is correct, but on a puzzle with several solutions
// which solutions are shown depends on which member won, which depends on
// the machine's load: a raced puzzle's answer is deterministic in its
// status, and in its solution when that is unique.
package portfolio

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
)

// Member is one solver of a portfolio.
type Member struct {
	// Name says which member answered (backend.Result.By): "gini",
	// "gini/2", "cadical", …
	Name string
	// Solver answers; a member must stop soon when its context is
	// canceled (a satsolve.Solver with Options.Stoppable, an
	// extsolve.Solver).
	Solver backend.Solver
}

// Options configure a Solver.
type Options struct {
	// Delay is how long the first member runs alone before the others
	// start; zero starts them at once.
	Delay time.Duration
	// Width, when not nil, says how many members may run at the end of
	// the Delay (the first included): the cores that are idle then. Below
	// 2 the first member goes on alone, and Width is asked again after
	// another Delay. Nil means every member.
	Width func() int
	// CanRace, when not nil, is asked at the start of each call: false
	// means no core can be spared during it (a stream on one worker), and
	// the first member (or Alone) then answers alone, without the race's
	// timer and context, at the cost of a call of its own.
	CanRace func() bool
	// Alone, when not nil, answers the calls that cannot race instead of
	// the first member: the same solver without the means to be stopped
	// (a satsolve.Solver that is not Stoppable), bounded by a timeout of
	// its own.
	Alone backend.Solver
	// Timeout, when positive, bounds each call (every member's search);
	// the error then wraps backend.ErrTimeout. The members should have no
	// timeout of their own: they start at different times.
	Timeout time.Duration
}

// Solver races its members. Like its members, it is for one goroutine at a
// time. It implements backend.Solver.
type Solver struct {
	members []Member
	opt     Options
}

var (
	_ backend.Candidater = (*Solver)(nil)
	_ backend.Enumerator = (*Solver)(nil)
)

// New returns a Solver over the members, in the order they start past the
// delay (the first runs from the start). It needs at least one member.
func New(members []Member, o Options) (*Solver, error) {
	if len(members) == 0 {
		return nil, errors.New("portfolio: no member")
	}
	return &Solver{members: members, opt: o}, nil
}

// Solve finds one solution of g; see backend.Solver.
func (p *Solver) Solve(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	return p.race(ctx, g, 1, func(s backend.Solver, ctx context.Context) (backend.Result, error) {
		return s.Solve(ctx, g)
	})
}

// Unique finds a solution of g and proves it unique; see backend.Solver.
// The race covers both solves: each member answers the whole question.
func (p *Solver) Unique(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	return p.race(ctx, g, 2, func(s backend.Solver, ctx context.Context) (backend.Result, error) {
		return s.Unique(ctx, g)
	})
}

// Count counts the solutions of g up to limit; see backend.Solver.
func (p *Solver) Count(ctx context.Context, g *satdoku.Grid, limit int) (backend.Result, error) {
	if limit < 1 {
		return backend.Result{}, fmt.Errorf("portfolio: %w (got %d)", backend.ErrLimit, limit)
	}
	return p.race(ctx, g, limit, func(s backend.Solver, ctx context.Context) (backend.Result, error) {
		return s.Count(ctx, g, limit)
	})
}

// ask is the question of a call, put to one member.
type ask func(s backend.Solver, ctx context.Context) (backend.Result, error)

// race is one call: the first member in the caller's goroutine, the
// others in goroutines of their own, started by a timer at the end of
// the delay.
type race struct {
	p      *Solver
	g      *satdoku.Grid
	limit  int
	ask    ask
	ctx    context.Context
	cancel context.CancelFunc
	timer  *time.Timer
	wg     sync.WaitGroup

	mu      sync.Mutex // guards what follows
	ended   bool       // the first member has returned: start no one
	started int        // the members started (the first included)
	won     bool       // res, err hold the winner's answer
	res     backend.Result
	winner  string
	errs    []error // the members' errors, in the order they came
	// partial: of the answers that came with an error (a timed-out
	// count), the one with the most solutions, which all passed the
	// validator.
	partial backend.Result
}

// race asks every member q about g, a count up to limit, as described
// for Solver.
func (p *Solver) race(parent context.Context, g *satdoku.Grid, limit int, q ask) (backend.Result, error) {
	if g == nil || g.Rules() == nil {
		return backend.Result{}, fmt.Errorf("portfolio: %w", backend.ErrGrid)
	}
	if len(p.members) == 1 || p.opt.CanRace != nil && !p.opt.CanRace() {
		if p.opt.Alone != nil {
			return q(p.opt.Alone, parent)
		}
		ctx, cancel := p.bound(parent)
		defer cancel()
		return q(p.members[0].Solver, ctx)
	}
	r := &race{p: p, g: g, limit: limit, ask: q, started: 1}
	if p.opt.Timeout > 0 {
		r.ctx, r.cancel = context.WithTimeout(parent, p.opt.Timeout)
	} else {
		r.ctx, r.cancel = context.WithCancel(parent)
	}
	defer r.cancel()
	r.mu.Lock() // widen may run before AfterFunc returns: it reads r.timer under the lock
	r.timer = time.AfterFunc(p.opt.Delay, r.widen)
	r.mu.Unlock()
	res, err := q(p.members[0].Solver, r.ctx)
	r.mu.Lock()
	r.ended = true
	raced := r.started > 1
	r.mu.Unlock()
	r.timer.Stop()
	if !raced {
		// The first member alone: its answer as it is (the caller's
		// validator checks it).
		return res, err
	}
	r.offer(p.members[0].Name, res, err)
	// The others run on until one wins (which cancels the rest) or all
	// have failed.
	r.wg.Wait()
	r.cancel()
	if r.won {
		r.res.By = r.winner
		return r.res, nil
	}
	return r.partial, r.failure()
}

// widen starts the members the width allows, at the end of the delay; with
// no room it looks again after another delay.
func (r *race) widen() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended || r.won {
		return
	}
	w := len(r.p.members)
	if r.p.opt.Width != nil {
		w = min(w, r.p.opt.Width())
	}
	if w < 2 {
		r.timer.Reset(max(r.p.opt.Delay, time.Millisecond))
		return
	}
	for ; r.started < w; r.started++ {
		m := r.p.members[r.started]
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			res, err := r.ask(m.Solver, r.ctx)
			r.offer(m.Name, res, err)
		}()
	}
}

// offer takes a member's answer: the first one the validator accepts wins
// and stops the others; an error, or an answer it rejects, is noted, and
// the solutions found before an error are kept when they are the most so
// far (a count that ran out of time answers with them).
func (r *race) offer(name string, res backend.Result, err error) {
	if err == nil {
		if verr := checked.Validate(r.g, res, r.limit); verr != nil {
			err = fmt.Errorf("portfolio: %s: %w", name, verr)
		}
	}
	partial := err != nil && res.Count > 0
	if partial {
		p := res
		p.Status = backend.StatusOf(p.Count, r.limit)
		partial = checked.Validate(r.g, p, r.limit) == nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		if !r.won {
			r.errs = append(r.errs, err)
		}
		if partial && res.Count > r.partial.Count {
			r.partial = res
		}
		return
	}
	if !r.won {
		r.won, r.res, r.winner = true, res, name
		r.cancel()
	}
}

// failure is the error of a race no member won: a timeout if a member
// ran out of time (the call did), else the first error that is not a
// member stopped by the race itself (every member is stopped so only when
// the caller's context ended, whose error they all carry).
func (r *race) failure() error {
	for _, err := range r.errs {
		if errors.Is(err, backend.ErrTimeout) {
			return err
		}
	}
	for _, err := range r.errs {
		if !errors.Is(err, context.Canceled) {
			return err
		}
	}
	if len(r.errs) > 0 {
		return r.errs[0]
	}
	return errors.New("portfolio: internal error: no answer") // not reached
}

// Candidates asks the first member alone, without a race, when it is a
// backend.Candidater (gini is): see backend.Candidater.
func (p *Solver) Candidates(ctx context.Context, g *satdoku.Grid, limit int, see func(*satdoku.Grid) error) (backend.Marks, error) {
	cb, ok := p.members[0].Solver.(backend.Candidater)
	if !ok {
		return backend.Marks{}, fmt.Errorf("portfolio: %s cannot find candidates: %w", p.members[0].Name, backend.ErrFailed)
	}
	ctx, cancel := p.bound(ctx)
	defer cancel()
	return cb.Candidates(ctx, g, limit, see)
}

// Solutions asks the first member alone, without a race, when it is a
// backend.Enumerator (gini is): see backend.Enumerator.
func (p *Solver) Solutions(ctx context.Context, g *satdoku.Grid, limit int, see func(*satdoku.Grid) error) (backend.Result, error) {
	en, ok := p.members[0].Solver.(backend.Enumerator)
	if !ok {
		return backend.Result{}, fmt.Errorf("portfolio: %s cannot show its solutions: %w", p.members[0].Name, backend.ErrFailed)
	}
	ctx, cancel := p.bound(ctx)
	defer cancel()
	return en.Solutions(ctx, g, limit, see)
}

// bound returns ctx bounded by the Timeout, if any (and a cancel that
// does nothing when there is none).
func (p *Solver) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if p.opt.Timeout > 0 {
		return context.WithTimeout(ctx, p.opt.Timeout)
	}
	return ctx, func() {}
}
