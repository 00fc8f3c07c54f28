// Package cube solves hard puzzles by cube and conquer: when gini has not
// answered a puzzle within a few hundred milliseconds, the puzzle is split
// into cubes — the puzzle with one more cell given, once for each digit
// the cell can still hold, the cell with the fewest candidates first, and
// again inside each cube until there are enough — and every cube is
// solved by a gini of its own, one goroutine per core. The cubes cover
// every solution of the puzzle exactly once (each holds one digit of the
// split cell), so the solutions of the puzzle are those of its cubes: the
// first satisfiable cube answers Solve, and Unique is proved when every
// cube is refuted but the one that holds the solution, whose own search
// proves it alone there, or is answered by the second solution found.
//
// Cubes share no state: a hard puzzle's search, which runs on one core in
// package satsolve, runs on all of them here, and a cube with a cell
// fixed is often far easier than its share of the whole
// (bench/issue36-tail.txt). Every answer is checked by the validator
// (checked.Validate) against the puzzle itself before it is returned.
package cube

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/satsolve"
)

// DefaultAfter is the Options.After used when none is given: how long one
// gini runs on the whole puzzle before it is split.
const DefaultAfter = 300 * time.Millisecond

// Options configure a Solver.
type Options struct {
	// Encoding is gini's encoding.
	Encoding encode.Encoding
	// After is how long one gini searches the whole puzzle before it is
	// split; zero means DefaultAfter, a negative value splits at once.
	After time.Duration
	// Workers is the number of goroutines that solve cubes; zero means
	// one per CPU (runtime.NumCPU).
	Workers int
	// Width, when not nil, is asked at the end of After how many cores
	// the cubes may have now (the idle ones: package portfolio's
	// Options.Width); below 2 the whole puzzle's search goes on alone,
	// unsplit. It bounds Workers.
	Width func() int
	// Cubes is how many cubes to split into, at least: the puzzle is
	// split cell by cell until there are this many (or no cell is left
	// to split on). Zero means 8 per worker.
	Cubes int
	// Cages splits on a killer cage's digit sets first (see cageCubes),
	// on a cell when no cage has two sets or more.
	Cages bool
	// Probe runs failed-literal probing (satsolve.Options.Probe) in every
	// search: the whole puzzle's, each split's and each cube's.
	Probe bool
	// Timeout, when positive, bounds each call.
	Timeout time.Duration
}

// Solver solves puzzles by cube and conquer. Like a satsolve.Solver it is
// for one goroutine at a time (it starts its own for the cubes, and every
// one of them has ended when a call returns). It implements
// backend.Solver.
type Solver struct {
	opt Options
	// whole searches the whole puzzle first, and splits it; the workers'
	// solvers are made per call.
	whole *satsolve.Solver
	// stats of the last call, for tests and benchmarks.
	last Stats
}

// Stats describe the last call of a Solver.
type Stats struct {
	// Split reports whether the puzzle was split into cubes (gini did
	// not answer within Options.After).
	Split bool
	// Cubes is the number of cubes made; Solved, how many were answered
	// before the call ended.
	Cubes, Solved int
}

var (
	_ backend.Candidater = (*Solver)(nil)
	_ backend.Enumerator = (*Solver)(nil)
)

// New returns a Solver with options o.
func New(o Options) *Solver {
	return &Solver{opt: o, whole: satsolve.New(o.satsolve())}
}

// satsolve returns the options of every gini a Solver runs.
func (o Options) satsolve() satsolve.Options {
	return satsolve.Options{Encoding: o.Encoding, Stoppable: true, Probe: o.Probe}
}

// Stats returns the figures of the last call.
func (s *Solver) Stats() Stats { return s.last }

// Solve finds one solution of g; see backend.Solver.
func (s *Solver) Solve(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	return s.count(ctx, g, 1)
}

// Unique finds a solution of g and proves it unique; see backend.Solver.
func (s *Solver) Unique(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	return s.count(ctx, g, 2)
}

// Count counts the solutions of g up to limit; see backend.Solver.
func (s *Solver) Count(ctx context.Context, g *satdoku.Grid, limit int) (backend.Result, error) {
	if limit < 1 {
		return backend.Result{}, fmt.Errorf("cube: %w (got %d)", backend.ErrLimit, limit)
	}
	return s.count(ctx, g, limit)
}

// count is every call: the whole puzzle for After, then the cubes.
func (s *Solver) count(parent context.Context, g *satdoku.Grid, limit int) (backend.Result, error) {
	s.last = Stats{}
	if g == nil || g.Rules() == nil {
		return backend.Result{}, fmt.Errorf("cube: %w", backend.ErrGrid)
	}
	ctx, cancel := s.bound(parent)
	defer cancel()
	after := s.opt.After
	if after == 0 {
		after = DefaultAfter
	}
	if after > 0 {
		wctx, cancel := context.WithTimeout(ctx, after)
		res, err := s.whole.Count(wctx, g, limit)
		cancel()
		if err == nil {
			return res, s.validate(g, res, limit)
		}
		if ctx.Err() != nil || !errors.Is(err, backend.ErrTimeout) && !errors.Is(err, context.DeadlineExceeded) {
			return res, s.stopped(ctx, err)
		}
	}
	if s.opt.Width != nil && s.opt.Width() < 2 {
		// No core to spare: the whole search goes on (afresh: a stopped
		// gini instance is not reused).
		res, err := s.whole.Count(ctx, g, limit)
		if err != nil {
			return res, s.stopped(ctx, err)
		}
		return res, s.validate(g, res, limit)
	}
	s.last.Split = true
	cubes, err := s.split(ctx, g)
	if err != nil {
		return backend.Result{}, s.stopped(ctx, err)
	}
	s.last.Cubes = len(cubes)
	res, err := s.conquer(ctx, cubes, limit)
	res.By = "cube" // several searches answered: the CLI reports their CPU time
	if err != nil {
		return res, s.stopped(ctx, err)
	}
	return res, s.validate(g, res, limit)
}

// validate checks an answer against g with the validator.
func (s *Solver) validate(g *satdoku.Grid, res backend.Result, limit int) error {
	if err := checked.Validate(g, res, limit); err != nil {
		return fmt.Errorf("cube: internal error: %w: %w", err, backend.ErrFailed)
	}
	return nil
}

// stopped is the error of a call that ended early: a timeout when the
// call's deadline passed, the context's error when it was canceled, else
// err itself.
func (s *Solver) stopped(ctx context.Context, err error) error {
	switch cerr := ctx.Err(); {
	case cerr == context.Canceled:
		return fmt.Errorf("cube: %w", cerr)
	case errors.Is(err, backend.ErrTimeout):
		return err
	case cerr == context.DeadlineExceeded:
		return fmt.Errorf("cube: %w (%d cubes, %d answered)", backend.ErrTimeout, s.last.Cubes, s.last.Solved)
	}
	return err
}

// split splits g into cubes, breadth first: each cube in turn on its cell
// with the fewest candidates left (two or more) by the pre-pass (and
// probing), into one cube for each candidate, until there are Options.Cubes
// cubes or more. A cube the pre-pass finds unsatisfiable is left out; one it
// fills is kept as it is.
func (s *Solver) split(ctx context.Context, g *satdoku.Grid) ([]*satdoku.Grid, error) {
	want := s.opt.Cubes
	if want <= 0 {
		want = 8 * s.workers()
	}
	cubes := []*satdoku.Grid{g}
	for len(cubes) < want {
		var next []*satdoku.Grid
		split := false
		for _, q := range cubes {
			cand, ok, err := s.whole.Pencil(ctx, q)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue // no solution in this cube
			}
			if s.opt.Cages {
				if cs := cageCubes(q, cand); cs != nil {
					split = true
					next = append(next, cs...)
					continue
				}
			}
			i := fewest(cand)
			if i < 0 {
				next = append(next, q) // filled by the pre-pass
				continue
			}
			split = true
			for m := cand[i]; m != 0; m &= m - 1 {
				h := q.Clone()
				h.SetCell(i, bits.TrailingZeros64(m)+1)
				next = append(next, h)
			}
		}
		cubes = next
		if !split {
			break
		}
	}
	return cubes, nil
}

// fewest returns the cell with the fewest candidates, two or more (the
// first of them), or −1 when every cell has one.
func fewest(cand []uint64) int {
	best, bestN := -1, 65
	for i, m := range cand {
		if n := bits.OnesCount64(m); n >= 2 && n < bestN {
			best, bestN = i, n
			if n == 2 {
				break
			}
		}
	}
	return best
}

// workers returns the number of goroutines that solve cubes.
func (s *Solver) workers() int {
	w := runtime.NumCPU()
	if s.opt.Workers > 0 {
		w = s.opt.Workers
	}
	if s.opt.Width != nil {
		w = max(min(w, s.opt.Width()), 1)
	}
	return w
}

// Candidates finds the true candidates of g with one gini, unsplit (see
// satsolve.Solver.Candidates), bounded by Options.Timeout.
func (s *Solver) Candidates(ctx context.Context, g *satdoku.Grid, limit int, see func(*satdoku.Grid) error) (backend.Marks, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	return s.whole.Candidates(ctx, g, limit, see)
}

// Solutions counts the solutions of g with one gini, unsplit, showing each
// to see (see satsolve.Solver.Solutions), bounded by Options.Timeout.
func (s *Solver) Solutions(ctx context.Context, g *satdoku.Grid, limit int, see func(*satdoku.Grid) error) (backend.Result, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	return s.whole.Solutions(ctx, g, limit, see)
}

// bound returns ctx bounded by Options.Timeout, if any.
func (s *Solver) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if s.opt.Timeout > 0 {
		return context.WithTimeout(ctx, s.opt.Timeout)
	}
	return ctx, func() {}
}

// tally gathers the answers of the cubes.
type tally struct {
	mu     sync.Mutex
	res    backend.Result // Count: the solutions found so far
	err    error          // the first error of a cube
	solved int
}

// conquer solves the cubes on the workers, each asked for up to limit
// solutions, and adds their answers up: the solutions of the cubes are
// those of the puzzle, each in one cube. It stops every search once limit
// solutions are found, or a cube fails, or ctx ends; every worker has
// ended when it returns.
func (s *Solver) conquer(ctx context.Context, cubes []*satdoku.Grid, limit int) (backend.Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan *satdoku.Grid)
	var t tally
	var wg sync.WaitGroup
	for range min(s.workers(), len(cubes)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sv := satsolve.New(s.opt.satsolve())
			for q := range jobs {
				res, err := sv.Count(ctx, q, limit)
				if t.add(res, err, limit) {
					cancel()
				}
			}
		}()
	}
feed:
	for _, q := range cubes {
		select {
		case jobs <- q:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	s.last.Solved = t.solved
	res := t.res
	res.Status = backend.StatusOf(res.Count, limit)
	if t.err != nil {
		res.Status = backend.StatusUnknown
		return res, t.err
	}
	if res.Count < limit {
		if err := ctx.Err(); err != nil && t.solved < len(cubes) {
			res.Status = backend.StatusUnknown
			return res, err
		}
	}
	return res, nil
}

// add takes a cube's answer and reports whether the search is over:
// limit solutions found, or an error.
func (t *tally) add(res backend.Result, err error, limit int) (done bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.res.Count >= limit || t.err != nil {
		return true // over already: a cube stopped by the others
	}
	for _, sol := range []*satdoku.Grid{res.Solution, res.Second} {
		if sol == nil || t.res.Count >= limit {
			continue
		}
		switch t.res.Count {
		case 0:
			t.res.Solution = sol
		case 1:
			t.res.Second = sol
		}
		t.res.Count++
	}
	// A cube's count beyond its first two solutions (a Count with a
	// limit above 2) adds to the total without being shown.
	t.res.Count = min(t.res.Count+max(res.Count-2, 0), limit)
	if err != nil {
		t.err = err
		return true
	}
	t.solved++
	return t.res.Count >= limit
}
