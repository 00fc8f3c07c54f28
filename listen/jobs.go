package listen

import (
	"context"
	"fmt"
	"math/bits"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/logic"
)

// job is one request being answered.
type job struct {
	// out writes a response, unless the job was superseded; it reports
	// whether it did.
	out func(response) bool
	// ctx is done when the job is superseded, canceled or its connection
	// closed: its answers are then dropped. work is ctx with the
	// Server's Timeout: the solver's calls run under it.
	ctx, work context.Context
	req       request
	rules     *satdoku.Rules // the puzzle's rules, once read
}

// send writes a response of the job unless it was superseded.
func (j *job) send(r response) bool { return j.out(r) }

func (j *job) invalid(format string, args ...any) {
	j.send(invalid(j.req.Nonce, format, args...))
}

// answer answers a request on a worker of the pool.
func (s *Server) answer(j *job) {
	w, err := s.acquire(j.ctx)
	if err != nil {
		return // superseded while waiting
	}
	defer s.release(w)
	p, err := readPuzzle(j.req.DataType, j.req.Data)
	if err != nil {
		j.invalid("%v", err)
		return
	}
	j.rules = p.grid.Rules()
	switch j.req.Command {
	case cmdTrueCandidates:
		s.trueCandidates(j, w, p)
	case cmdSolve:
		s.solve(j, w, p)
	case cmdCheck:
		s.count(j, w, p, 2)
	case cmdCount:
		s.count(j, w, p, 0)
	case cmdEstimate:
		s.estimate(j, w, p)
	case cmdStep:
		j.logical(w, p, false)
	case cmdSolvePath:
		j.logical(w, p, true)
	}
}

// failed answers an answer of package answer that is not the question's:
// conflicting givens, a timeout, an error (a job superseded gets no
// answer); it reports whether it did.
func (j *job) failed(c answer.Common, err error, found string) bool {
	switch {
	case err == nil && c.Status == answer.StatusInvalid:
		lines, _ := c.ConflictLines(j.rules)
		j.invalid("The givens break the rules: %s", strings.Join(lines, "; "))
		return true
	case err == nil && c.Status == answer.StatusTimeout:
		if j.ctx.Err() == nil {
			j.invalid("Timed out%s.", found)
		}
		return true
	case err == nil:
		return false
	case j.ctx.Err() != nil:
		return true // superseded: no answer
	default:
		j.invalid("%v", err)
	}
	return true
}

// options are the options of package answer for the worker w.
func (w *worker) options() answer.Options { return answer.Options{Solver: w.s} }

// CandidateCap is the cap of the solutions counted per candidate with the
// "colored" option of the userscripts before 1.2.0, as in dclamage's
// solver: those colour the counts 1 to 8.
const CandidateCap = 8

// MaxCandidateCap bounds the cap of "truecandidatesnumsolutions=N": a
// larger N counts up to MaxCandidateCap solutions per candidate. Every
// solution counted is kept until the answer (to count each once), so the
// bound keeps the memory of one answer to a few tens of megabytes.
const MaxCandidateCap = 256

// countsLimit is the number of solutions the first search of
// truecandidates looks for: a puzzle with fewer is done in that one
// search, every solution seen and counted. Past it, each candidate no
// solution found holds costs a search of its own, and with a cap above 1
// each candidate short of its cap a count of its own.
//
// The limit matters most to plain true candidates (cap 1): with a limit
// of 1, a unique puzzle cost one search that must fail per candidate
// (about 720 ms on a finished killer), against two with this limit.
const countsLimit = 64

// trueCandidates answers truecandidates: the solutions of each candidate,
// up to the cap of the request's options (see readOptions); with the
// "logical" option, -1 for a candidate that logic keeps and no solution
// holds.
func (s *Server) trueCandidates(j *job, w *worker, p *puzzle) {
	o := answer.CandidateOptions{Options: w.options(), Limit: max(countsLimit, p.perCand), PerCandidate: p.perCand}
	if p.perCand == 1 {
		o.PerCandidate = 0 // the marks are the counts
	}
	a, err := answer.Candidates(j.work, p.grid, o)
	if j.failed(a.Common, err, "") {
		return
	}
	if a.Status == answer.StatusNone {
		j.invalid(noSolutions)
		return
	}
	n := p.grid.N()
	counts := a.Counts
	if counts == nil {
		counts = make([]int, n*n*n)
		for i, m := range a.Marks {
			for ; m != 0; m &= m - 1 {
				counts[i*n+bits.TrailingZeros64(m)] = 1
			}
		}
	}
	if p.logical {
		if st, err := logic.New(p.grid); err == nil {
			if _, _, err := st.SolveContext(j.work, &logic.Options{Disable: p.disabled}); err != nil {
				return // superseded, or out of time
			}
			for i := range n * n {
				for d := 1; d <= n; d++ {
					if st.Candidates(i)&(1<<(d-1)) != 0 && counts[i*n+d-1] == 0 {
						counts[i*n+d-1] = -1
					}
				}
			}
		}
	}
	j.send(trueCandidatesResponse{header{j.req.Nonce, "truecandidates"}, counts})
}

// solve answers solve: a solution, or invalid.
func (s *Server) solve(j *job, w *worker, p *puzzle) {
	a, err := answer.Solve(j.work, p.grid, w.options())
	if j.failed(a.Common, err, "") {
		return
	}
	if a.Solution == nil {
		j.invalid(noSolutions)
		return
	}
	sol := make([]int, a.Solution.Len())
	for i := range sol {
		sol[i] = a.Solution.Cell(i)
	}
	j.send(solvedResponse{header{j.req.Nonce, "solved"}, sol})
}

// countStep is the number of solutions the first call of count counts:
// a puzzle with fewer is counted in one call.
const countStep = 1000

// count answers check (limit 2) and count (limit 0: no limit): the count,
// with counts in progress on the way, one at least every
// Options.Progress while counting.
//
// A count past countStep is split: the puzzle with each digit placed in
// turn in its first empty cell, the solutions of each added up (they
// are disjoint and cover every solution); a part with more than step
// solutions is split again. step follows the rate of the counts so far so
// that one call takes about a quarter of the progress interval. A part
// counted to its limit and then split costs its step again: at most about
// as much as the count itself. The count in progress is the solutions of
// the parts done and of the part split last, found so far: it never goes
// down and never passes the count.
func (s *Server) count(j *job, w *worker, p *puzzle, limit int) {
	if limit > 0 {
		a, err := answer.Count(j.work, p.grid, answer.CountOptions{Options: w.options(), Limit: limit})
		if !j.failed(a.Common, err, fmt.Sprintf(", %d solutions found so far", a.N)) {
			j.send(countResponse{header{j.req.Nonce, "count"}, int64(a.N), false})
		}
		return
	}
	every := s.opt.Progress
	if every <= 0 {
		every = DefaultProgress
	}
	// shown is the count in progress, at most the count; a ticker sends
	// it every interval while the parts are counted (once there is one).
	var shown atomic.Int64
	raise := func(n int64) {
		for {
			old := shown.Load()
			if n <= old || shown.CompareAndSwap(old, n) {
				return
			}
		}
	}
	tick := time.NewTicker(every)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-done:
				return
			case <-j.ctx.Done():
				return
			case <-tick.C:
				if shown.Load() == 0 {
					continue // nothing found yet
				}
				j.send(countResponse{header{j.req.Nonce, "count"}, shown.Load(), true})
			}
		}
	}()
	total, ok := countParts(j, w, p.grid, every, raise)
	tick.Stop()
	close(done)
	wg.Wait()
	if ok {
		j.send(countResponse{header{j.req.Nonce, "count"}, total, false})
	}
}

// countParts counts the solutions of g in parts for count, raising the
// count in progress on the way; ok is false when it answered a failure
// (or the job was superseded).
func countParts(j *job, w *worker, g *satdoku.Grid, every time.Duration, raise func(int64)) (total int64, ok bool) {
	step := countStep
	todo := []*satdoku.Grid{g}
	for len(todo) > 0 {
		h := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		t0 := time.Now()
		a, err := answer.Count(j.work, h, answer.CountOptions{Options: w.options(), Limit: step})
		if h == g || err != nil || a.Status == answer.StatusTimeout {
			// The puzzle's own givens may break the rules; a part's
			// (a digit placed against a given) have no solution.
			if j.failed(a.Common, err, fmt.Sprintf(", %d solutions found so far", total+int64(a.N))) {
				return 0, false
			}
		}
		if a.More {
			// The solutions counted so far and this part's are found
			// solutions, all different: a bound the count never goes
			// below.
			raise(total + int64(a.N))
			todo = append(todo, split(h)...)
			// The next step: as many solutions as a quarter of the
			// interval counts at this call's rate, within bounds.
			if d := time.Since(t0); d > 0 {
				rate := float64(a.N) / d.Seconds()
				step = int(min(max(rate*every.Seconds()/4, 100), 1_000_000))
			}
		} else {
			total += int64(a.N)
			raise(total)
		}
	}
	return total, true
}

// split returns g with each digit placed in its first empty cell, the
// last digit first (the parts are counted from the end of the list).
func split(g *satdoku.Grid) []*satdoku.Grid {
	for i := range g.Len() {
		if g.Cell(i) != 0 {
			continue
		}
		parts := make([]*satdoku.Grid, 0, g.N())
		for d := g.N(); d >= 1; d-- {
			h := g.Clone()
			h.SetCell(i, d)
			parts = append(parts, h)
		}
		return parts
	}
	return nil // no empty cell: one solution at most, never more
}
