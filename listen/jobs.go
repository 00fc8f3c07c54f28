package listen

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

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
	n         int // the side of the puzzle's board, once read
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
	j.n = p.grid.N()
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
		lines, _ := c.ConflictLines(j.n)
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
			if _, _, err := st.SolveContext(j.work, nil); err != nil {
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

// The counts of count: the first call counts up to countFirst solutions,
// each next one countGrowth times more, and each that reaches its limit
// sends its count in progress. A Count call starts afresh, so the
// solutions are found again: the repeats cost at most 1/(countGrowth−1)
// of the last call.
const (
	countFirst  = 1000
	countGrowth = 4
)

// count answers check (limit 2) and count (limit 0: no limit): the count,
// with counts in progress on the way.
func (s *Server) count(j *job, w *worker, p *puzzle, limit int) {
	step := limit
	if limit == 0 {
		step = countFirst
	}
	found := 0
	for {
		a, err := answer.Count(j.work, p.grid, answer.CountOptions{Options: w.options(), Limit: step})
		if j.failed(a.Common, err, fmt.Sprintf(", %d solutions found so far", max(found, a.N))) {
			return
		}
		if !a.More || step == limit {
			j.send(countResponse{header{j.req.Nonce, "count"}, int64(a.N), false})
			return
		}
		found = a.N
		if !j.send(countResponse{header{j.req.Nonce, "count"}, int64(found), true}) {
			return
		}
		step *= countGrowth
	}
}
