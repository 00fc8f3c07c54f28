package satsolve

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
)

// Racer answers one puzzle with several Solvers at once, one goroutine
// each, and returns the first answer: the cores of a machine on one hard
// puzzle. (The CLI does not use it yet: on the shared 2-core machine it was
// measured on, bench/issue15.txt, it made the hard puzzles slower.) Solver 0 numbers the open candidates as a Solver does; each
// other numbers them in another (seeded, random) order, so that gini,
// which has no random seed of its own, takes other decisions and its
// searches take other times: a hard puzzle's time is the fastest of them.
// When the first answer comes the other searches are stopped (within
// gini's clock period, 20,000 propagations) before the call returns, so a
// Racer never leaves a search behind. Solver i starts i·50 ms after the
// first, so that the many puzzles answered at once pay nothing for the
// race.
//
// Every Solver's answer is correct, but on a puzzle with several solutions
// which one is shown depends on which Solver won. A Racer implements
// backend.Solver and, like a Solver, must not be used by two goroutines at
// once.
type Racer struct {
	ss []*Solver
}

var _ backend.Solver = (*Racer)(nil)

// NewRacer returns a Racer of k Solvers (at least 1) with options o.
func NewRacer(o Options, k int) *Racer {
	r := &Racer{ss: make([]*Solver, max(k, 1))}
	for i := range r.ss {
		s := New(o)
		s.order = uint64(i)
		s.stoppable = true
		r.ss[i] = s
	}
	return r
}

// Solve finds one solution of g; see Solver.Solve.
func (r *Racer) Solve(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	return r.race(ctx, g, 1)
}

// Unique finds a solution of g and proves it unique; see Solver.Unique.
func (r *Racer) Unique(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	return r.race(ctx, g, 2)
}

// Count counts the solutions of g up to limit; see Solver.Count.
func (r *Racer) Count(ctx context.Context, g *satdoku.Grid, limit int) (backend.Result, error) {
	if limit < 1 {
		return New(Options{}).Count(ctx, g, limit) // the error
	}
	return r.race(ctx, g, limit)
}

// raceDelay is how long Solver i of a race waits, times i, before it
// starts: a puzzle answered within it costs no more than with one Solver.
const raceDelay = 50 * time.Millisecond

// errNotStarted is the answer of a Solver whose race ended before it
// started.
var errNotStarted = errors.New("satsolve: the race ended before this solver started")

// race runs every Solver on g and returns the first answer without an
// error, or, when every Solver fails, the first error.
func (r *Racer) race(ctx context.Context, g *satdoku.Grid, limit int) (backend.Result, error) {
	if len(r.ss) == 1 {
		return r.ss[0].run(ctx, g, limit, nil)
	}
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		res backend.Result
		err error
	}
	answers := make(chan answer, len(r.ss))
	var wg sync.WaitGroup
	for i, s := range r.ss {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i > 0 {
				// Most puzzles are answered at once: only a search that
				// lasts gets company.
				t := time.NewTimer(time.Duration(i) * raceDelay)
				defer t.Stop()
				select {
				case <-t.C:
				case <-rctx.Done():
					answers <- answer{err: errNotStarted}
					return
				}
			}
			res, err := s.run(rctx, g, limit, nil)
			answers <- answer{res, err}
		}()
	}
	var first *answer
	for range r.ss {
		a := <-answers
		if a.err == nil {
			first = &a
			break
		}
		if first == nil || first.err == errNotStarted {
			first = &a // nothing is called off before an answer comes
		}
	}
	cancel()
	wg.Wait()
	return first.res, first.err
}
