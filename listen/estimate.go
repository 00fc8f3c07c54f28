package listen

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/checked"
)

// estimate answers estimate: Knuth's estimate of the number of solutions
// (answer.Estimate, its default options, a random seed), or the exact
// count of a puzzle with few solutions. The estimate so far is sent every
// Options.Progress, as dclamage's solver sends its estimates while it
// runs; then the last estimate, and a last message saying what ended it
// (the relative error reached, the time limit, an exact count). That one
// has type "invalid", the only answer after which the userscript (1.3.3)
// shows its estimate finished rather than still running: it prints the
// message under the estimate.
func (s *Server) estimate(j *job, w *worker, p *puzzle) {
	o := answer.EstimateOptions{Options: w.options()}
	o.Seed, o.Time = rand.Uint64(), s.opt.EstimateTime
	every := s.opt.Progress
	if every <= 0 {
		every = DefaultProgress
	}
	last := time.Now()
	o.Progress = func(e checked.Estimate) {
		if e.Stop == checked.StopNone && time.Since(last) >= every {
			j.send(estimateReply(j.req.Nonce, e))
			last = time.Now()
		}
	}
	a, err := answer.Estimate(j.work, p.grid, o)
	if j.failed(a.Common, err, "") {
		return
	}
	e := a.Estimate
	if a.Status == answer.StatusNone {
		j.invalid(noSolutions)
		return
	}
	if !j.send(estimateReply(j.req.Nonce, e)) {
		return
	}
	j.invalid("%s", estimateEnd(e))
}

// estimateReply is the estimate response of e.
func estimateReply(nonce nonceID, e checked.Estimate) estimateResponse {
	return estimateResponse{header: header{nonce, "estimate"}, Estimate: e.Estimate, Stderr: e.Stderr,
		Iterations: e.Paths, CI95Lower: e.CI95Lower, CI95Upper: e.CI95Upper, RelErrPercent: 100 * e.RelErr}
}

// estimateEnd says what ended estimate e, for the last message.
func estimateEnd(e checked.Estimate) string {
	switch e.Stop {
	case checked.StopExact:
		return fmt.Sprintf("Exact: %.0f solutions, counted.", e.Estimate)
	case checked.StopRelErr:
		return fmt.Sprintf("Estimate done: the relative error (%.1f %%) is within the target, after %d paths.", 100*e.RelErr, e.Paths)
	case checked.StopTime:
		return fmt.Sprintf("Estimate done: the time limit stopped it after %d paths (relative error %.1f %%).", e.Paths, 100*e.RelErr)
	}
	return fmt.Sprintf("Estimate done: %d paths, the most it takes (relative error %.1f %%).", e.Paths, 100*e.RelErr)
}
