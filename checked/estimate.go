package checked

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
)

// EstimateOptions configure Estimate. The zero value runs at least
// DefaultMinPaths paths and stops at a relative error of 5 %, after
// DefaultMaxPaths paths or after DefaultEstimateTime.
type EstimateOptions struct {
	// MinPaths and MaxPaths bound the number of random paths; Time bounds
	// the whole call (the paths taken by then are the estimate, even
	// fewer than MinPaths, at least 2), and so does the context's
	// deadline, a little before it.
	MinPaths, MaxPaths int
	Time               time.Duration
	// RelErr, when positive, stops once the standard error is at most
	// that fraction of the estimate (after MinPaths); default 0.05.
	RelErr float64
	// Exact is the count below which a branch is counted exactly instead
	// of sampled (default 64).
	Exact int
	// Seed seeds the random choices: the same seed, the same paths.
	Seed uint64
	// Progress, when not nil, sees the estimate after every path.
	Progress func(Estimate)
}

// The defaults of EstimateOptions.
const (
	DefaultMinPaths     = 30
	DefaultMaxPaths     = 100000
	DefaultEstimateTime = 10 * time.Second
)

// Estimate is an estimate of the number of solutions of a puzzle, with its
// standard error and a 95 % confidence interval (the mean of the paths ±
// Student's t quantile times the standard error, its lower end no lower
// than the count that made the paths needed).
type Estimate struct {
	Estimate, Stderr     float64
	CI95Lower, CI95Upper float64
	// RelErr is Stderr / Estimate (0 for an exact count).
	RelErr float64
	// Paths is the number of random paths taken; Exact reports that the
	// count is exact (the puzzle has fewer solutions than the exact
	// threshold), with no path taken.
	Paths int
	Exact bool
	// Stop says what ended the estimate.
	Stop Stop
}

// Stop is what ended an estimate.
type Stop uint8

// The ends of an estimate.
const (
	StopNone     Stop = iota // still going (an estimate in progress)
	StopExact                // the puzzle was counted exactly
	StopRelErr               // the relative error asked for was reached
	StopTime                 // the time limit (EstimateOptions.Time or the context's deadline)
	StopMaxPaths             // EstimateOptions.MaxPaths paths were taken
)

// String returns the words of s: "exact count", "relative error
// reached", "time limit", "path limit" ("" for StopNone).
func (s Stop) String() string {
	switch s {
	case StopExact:
		return "exact count"
	case StopRelErr:
		return "relative error reached"
	case StopTime:
		return "time limit"
	case StopMaxPaths:
		return "path limit"
	}
	return ""
}

// Estimate estimates the number of solutions of g by Knuth's estimator
// over random paths of the search tree, with the back end deciding which
// branches are alive. A path starts at g: when the puzzle holds fewer than
// Exact solutions it ends with their count, exactly; otherwise the cell
// with the fewest true candidates (at least two) is taken, one of its k
// candidates is placed at random, and the path goes on with its estimate
// multiplied by k. Each path's value is an unbiased estimate of the count
// (every solution is reached with probability 1/(product of the k on its
// way)); their mean is the estimate. Every count and every candidate comes
// from this Solver's checked answers. The back end must implement
// backend.Candidater.
func (s *Solver) Estimate(ctx context.Context, g *satdoku.Grid, o EstimateOptions) (Estimate, error) {
	if o.MinPaths <= 0 {
		o.MinPaths = DefaultMinPaths
	}
	if o.MaxPaths <= 0 {
		o.MaxPaths = DefaultMaxPaths
	}
	o.MaxPaths = max(o.MaxPaths, o.MinPaths)
	if o.Time <= 0 {
		o.Time = DefaultEstimateTime
	}
	if o.RelErr <= 0 {
		o.RelErr = 0.05
	}
	if o.Exact <= 0 {
		o.Exact = 64
	}
	a, err := s.Count(ctx, g, o.Exact)
	if err != nil {
		return Estimate{}, err
	}
	if a.Status == backend.StatusInvalid {
		return Estimate{Exact: true, Stop: StopExact}, nil
	}
	if !a.More {
		c := float64(a.Count)
		return Estimate{Estimate: c, CI95Lower: c, CI95Upper: c, Exact: true, Stop: StopExact}, nil
	}
	rng := rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
	// The paths stop at the time limit, and a little before the context's
	// deadline, so that the paths taken by then are still the answer.
	deadline := time.Now().Add(o.Time)
	if d, ok := ctx.Deadline(); ok {
		d = d.Add(-min(time.Until(d)/10, 100*time.Millisecond))
		if d.Before(deadline) {
			deadline = d
		}
	}
	pctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	var sum, sumSq float64
	var e Estimate
	for {
		if e.Paths >= o.MaxPaths {
			e.Stop = StopMaxPaths
			break
		}
		// The first two paths, which any estimate needs, run to their
		// end unless ctx stops them.
		c := pctx
		if e.Paths < 2 {
			c = ctx
		}
		v, err := s.path(c, g, o.Exact, rng)
		if err != nil {
			// The back end may see the deadline a moment before pctx
			// reports it.
			timedOut := pctx.Err() != nil || !time.Now().Before(deadline) || errors.Is(err, backend.ErrTimeout)
			if e.Paths >= 2 && ctx.Err() == nil && timedOut {
				e.Stop = StopTime
				break
			}
			return e, err
		}
		e.Paths++
		sum += v
		sumSq += v * v
		e = summary(e.Paths, sum, sumSq, o.Exact)
		if e.Paths >= o.MinPaths && e.RelErr <= o.RelErr {
			e.Stop = StopRelErr
		} else if e.Paths >= 2 && !time.Now().Before(deadline) {
			e.Stop = StopTime
		}
		if o.Progress != nil {
			o.Progress(e)
		}
		if e.Stop != StopNone {
			break
		}
	}
	return e, nil
}

// summary is the estimate of n paths whose values add up to sum, their
// squares to sumSq; a puzzle that holds at least exact solutions.
func summary(n int, sum, sumSq float64, exact int) Estimate {
	mean := sum / float64(n)
	e := Estimate{Estimate: mean, Paths: n}
	if n > 1 {
		v := (sumSq - sum*mean) / float64(n-1)
		e.Stderr = math.Sqrt(max(v, 0) / float64(n))
	}
	// Student's t quantile for n−1 degrees of freedom, approximately
	// (2.045 for 29, 2.228 for 10 within 0.03; 1.96 in the limit).
	q := 1.96
	if n > 1 {
		q += 2.4 / float64(n-1)
	}
	e.CI95Lower = max(mean-q*e.Stderr, float64(exact))
	e.CI95Upper = max(mean+q*e.Stderr, e.CI95Lower)
	if mean > 0 {
		e.RelErr = e.Stderr / mean
	}
	return e
}

// path takes one random path down from g, and returns its value.
func (s *Solver) path(ctx context.Context, g *satdoku.Grid, exact int, rng *rand.Rand) (float64, error) {
	h := g.Clone()
	weight := 1.0
	for {
		a, err := s.Count(ctx, h, exact)
		if err != nil {
			return 0, err
		}
		if !a.More {
			return weight * float64(a.Count), nil
		}
		c, err := s.Candidates(ctx, h, 1)
		if err != nil {
			return 0, err
		}
		best, bestK := -1, 0
		for i, m := range c.Candidates {
			if k := bits.OnesCount64(m); k >= 2 && (best < 0 || k < bestK) {
				best, bestK = i, k
			}
		}
		if best < 0 {
			// Every cell has one candidate: one solution, yet the count
			// reached exact (at least 2). The back end contradicts itself.
			return 0, fmt.Errorf("checked: %d solutions counted and one candidate per cell: %w", a.Count, ErrRejected)
		}
		m := c.Candidates[best]
		for skip := rng.IntN(bestK); skip > 0; skip-- {
			m &= m - 1
		}
		h.SetCell(best, bits.TrailingZeros64(m)+1)
		weight *= float64(bestK)
	}
}
