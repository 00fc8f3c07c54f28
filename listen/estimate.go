package listen

import (
	"math/rand/v2"

	"github.com/satdoku/satdoku/answer"
)

// estimate answers estimate: Knuth's estimate of the number of solutions
// (answer.Estimate, its default options, a random seed), or the
// exact count of a puzzle with few solutions.
func (s *Server) estimate(j *job, w *worker, p *puzzle) {
	o := answer.EstimateOptions{Options: w.options()}
	o.Seed, o.Time = rand.Uint64(), s.opt.EstimateTime
	a, err := answer.Estimate(j.work, p.grid, o)
	if j.failed(a.Common, err, "") {
		return
	}
	e := a.Estimate
	if a.Status == answer.StatusNone {
		j.invalid(noSolutions)
		return
	}
	j.send(estimateResponse{header: header{j.req.Nonce, "estimate"}, Estimate: e.Estimate, Stderr: e.Stderr,
		Iterations: e.Paths, CI95Lower: e.CI95Lower, CI95Upper: e.CI95Upper, RelErrPercent: 100 * e.RelErr})
}
