package listen

import (
	"math/rand/v2"

	"github.com/satdoku/satdoku/checked"
)

// estimate answers estimate: Knuth's estimate of the number of solutions
// (checked.Solver.Estimate, its default options, a random seed), or the
// exact count of a puzzle with few solutions.
func (s *Server) estimate(j *job, w *worker, p *puzzle) {
	e, err := w.s.Estimate(j.work, p.grid, checked.EstimateOptions{Seed: rand.Uint64(), Time: s.opt.EstimateTime})
	if j.failed(checked.Answer{}, err, "") {
		return
	}
	if e.Exact && e.Estimate == 0 {
		j.invalid(noSolutions)
		return
	}
	j.send(estimateResponse{header: header{j.req.Nonce, "estimate"}, Estimate: e.Estimate, Stderr: e.Stderr,
		Iterations: e.Paths, CI95Lower: e.CI95Lower, CI95Upper: e.CI95Upper, RelErrPercent: 100 * e.RelErr})
}
