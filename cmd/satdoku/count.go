package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/checked"
)

var cmdCount = &command{
	name:  "count",
	short: "count the solutions of each puzzle, up to a limit",
	usage: "count [flags] [PUZZLE|FILE|-]...",
	long: `
Count counts the solutions of each puzzle with the SAT solver, excluding each
solution found until the formula is unsatisfiable or --limit solutions have
been found. It prints the count, followed by "+" when the limit was reached
(there may be more). A puzzle that runs past --timeout prints "timeout" with
the solutions found by then, "timeout 1234+" (in JSON "count" and "more"). Every solution counted is checked by the validator.
Inputs are read, and --solver runs an external SAT solver, as for "satdoku
solve".

A count below the limit rests on the last solve being unsatisfiable, with
every solution found excluded; --certify checks that claim, as for "satdoku
solve", and the note follows the count: "1 (certified: independent count)".

--estimate estimates the number of solutions of a puzzle with too many to
count, by Knuth's estimator: random paths down the search tree, each
placing, in the cell with the fewest true candidates, one of its k
candidates at random and multiplying its weight by k, until fewer than 64
solutions are left, counted exactly; each path's value is an unbiased
estimate. The values are heavy-tailed (rare paths carry much of the
count), so the estimate and its 95 % interval are taken from their
logarithms (lognormal, Cox's interval), widened to hold the plain mean's
interval too. It takes paths until the relative standard error is 5 %
(at least 30 paths) or the time is up (--timeout, default 10 s), and
says which ended it; a time limit before two paths is a timeout. It prints "~40090 ±3175 (95 % 33866..46313, 62
paths, relative error reached)" or "... time limit", or "9 (exact
count)" for a puzzle of fewer than 64 solutions; in JSON the record has
"estimate": {"estimate", "stderr", "ci95_lower", "ci95_upper", "paths",
"exact", "stop"}. It needs gini (no --solver).`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		var so solverFlags
		limit := fs.Int("limit", 2, "stop counting at `N` solutions")
		estimate := fs.Bool("estimate", false, "estimate the number of solutions (Knuth's estimator) instead of counting them")
		o.register(fs)
		so.register(fs)
		return func(args []string) int {
			if *limit < 1 {
				return usageError(e, fmt.Errorf("invalid --limit %d: must be at least 1", *limit))
			}
			if *estimate {
				fn := func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) {
					estimateOne(ctx, s, g, so.timeout, a)
				}
				return runPuzzles(e, args, &o, &so, fn, estimateText)
			}
			fn := func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) {
				countOne(ctx, s, g, *limit, a)
			}
			return runPuzzles(e, args, &o, &so, fn, countText)
		}
	},
}

// countOne counts the solutions of g up to limit.
func countOne(ctx context.Context, s *checked.Solver, g *satdoku.Grid, limit int, a *record) {
	c, err := answer.Count(ctx, g, answer.CountOptions{Options: answer.Options{Solver: s}, Limit: limit})
	if !a.counted(c.Solution, c.N, c.More, err) {
		return
	}
	a.setCountStatus(c.Status)
}

// counted records the answer of a count (Count, Candidates) as
// takeAnswer does, with the count n: zero for conflicting givens, and
// after a timeout the solutions found by then ("at least that many").
func (a *record) counted(s answer.Solution, n int, more bool, err error) bool {
	ok := a.takeAnswer(s, err)
	switch {
	case ok:
		a.Count, a.More = &n, more
	case a.Status == statusInvalid:
		a.Count = &n
	case a.Status == statusTimeout && n > 0:
		a.Count, a.More = &n, true
	}
	return ok
}

// setCountStatus sets the status of a completed count.
func (a *record) setCountStatus(st answer.Status) {
	a.Status = string(st)
	if st == answer.StatusNone {
		a.exit, a.diag = exitNegative, a.noSolution()
	}
}

func countText(p *printer, a *record) {
	if a.Status == statusTimeout && a.Count != nil {
		p.separate()
		fmt.Fprintf(p.w, "%s %d+\n", a.Status, *a.Count)
		return
	}
	if a.Count == nil || a.Status == statusInvalid {
		p.statusLine(a)
		return
	}
	p.separate()
	if a.More {
		fmt.Fprintf(p.w, "%d+\n", *a.Count)
	} else {
		fmt.Fprintln(p.w, a.note(strconv.Itoa(*a.Count)))
	}
	if p.multiline() && a.Status == statusMultiple && a.Second.Grid != nil {
		// The grid format shows two of the solutions, and where they differ.
		p.twoGrids(a)
	}
}

// estimateRecord is the estimate of count --estimate in JSON.
type estimateRecord struct {
	Estimate  float64 `json:"estimate"`
	Stderr    float64 `json:"stderr"`
	CI95Lower float64 `json:"ci95_lower"`
	CI95Upper float64 `json:"ci95_upper"`
	Paths     int     `json:"paths"`
	Exact     bool    `json:"exact,omitempty"`
	// Stop says what ended the estimate: "exact count", "relative error
	// reached", "time limit" or "path limit".
	Stop string `json:"stop"`
}

// estimateOne estimates the number of solutions of g, for at most
// timeout (--timeout; 0 is the estimator's default, 10 s).
func estimateOne(ctx context.Context, s *checked.Solver, g *satdoku.Grid, timeout time.Duration, a *record) {
	o := answer.EstimateOptions{Options: answer.Options{Solver: s}}
	o.Seed, o.Time = rand.Uint64(), timeout
	est, err := answer.Estimate(ctx, g, o)
	if !a.takeAnswer(answer.Solution{Common: est.Common}, err) {
		return
	}
	a.Status = string(est.Status)
	if est.Status == answer.StatusNone {
		a.exit, a.diag = exitNegative, a.noSolution()
		return
	}
	e := est.Estimate
	a.extra = &extra{Estimate: &estimateRecord{Estimate: e.Estimate, Stderr: e.Stderr,
		CI95Lower: e.CI95Lower, CI95Upper: e.CI95Upper, Paths: e.Paths, Exact: e.Exact, Stop: e.Stop.String()}}
}

func estimateText(p *printer, a *record) {
	if a.extra == nil || a.extra.Estimate == nil {
		p.statusLine(a)
		return
	}
	e := a.extra.Estimate
	p.separate()
	if e.Exact {
		fmt.Fprintf(p.w, "%.0f (exact count)\n", e.Estimate)
		return
	}
	fmt.Fprintf(p.w, "~%.0f ±%.0f (95 %% %.0f..%.0f, %d paths, %s)\n", e.Estimate, e.Stderr, e.CI95Lower, e.CI95Upper, e.Paths, e.Stop)
}
