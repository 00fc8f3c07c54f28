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
	// fewer than MinPaths; before 2 paths, an error wrapping
	// backend.ErrTimeout), and so does the context's deadline, a little
	// before it.
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
// standard error and a 95 % confidence interval: the lognormal estimate
// of the paths' values and Cox's interval in log space, widened to hold
// the values' mean ± Student's t quantile times its standard error, its
// lower end no lower than the count that made the paths needed (see
// Solver.Estimate).
type Estimate struct {
	Estimate, Stderr     float64
	CI95Lower, CI95Upper float64
	// RelErr is the relative standard error that stops the estimate: the
	// larger of the logarithms' standard error and the values' standard
	// error over their mean (0 for an exact count).
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
// way)). Their mean is unbiased, but its spread is badly estimated from
// tens of paths; the estimate and its interval are taken in log space
// (see paths.summary for why). Every count and every candidate comes
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
	// The estimate stops at the time limit, and a little before the
	// context's deadline, so that the paths taken by then are still the
	// answer.
	deadline := time.Now().Add(o.Time)
	if d, ok := ctx.Deadline(); ok {
		d = d.Add(-min(time.Until(d)/10, 100*time.Millisecond))
		if d.Before(deadline) {
			deadline = d
		}
	}
	pctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	// timedOut reports whether err is the time limit's (the back end may
	// see the deadline a moment before pctx reports it).
	timedOut := func(err error) bool {
		return ctx.Err() == nil && (pctx.Err() != nil || !time.Now().Before(deadline) || errors.Is(err, backend.ErrTimeout))
	}
	// Fewer than two paths make no interval: a time limit before them is
	// a timeout.
	early := func(err error) error {
		if timedOut(err) {
			return fmt.Errorf("checked: the time limit came before the estimate had two paths: %w", backend.ErrTimeout)
		}
		return err
	}
	a, err := s.Count(pctx, g, o.Exact)
	if err != nil {
		return Estimate{}, early(err)
	}
	if a.Status == backend.StatusInvalid {
		return Estimate{Exact: true, Stop: StopExact}, nil
	}
	if !a.More {
		c := float64(a.Count)
		return Estimate{Estimate: c, CI95Lower: c, CI95Upper: c, Exact: true, Stop: StopExact}, nil
	}
	rng := rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
	var ps paths
	var e Estimate
	for {
		if e.Paths >= o.MaxPaths {
			e.Stop = StopMaxPaths
			break
		}
		v, err := s.path(pctx, g, o.Exact, rng)
		if err != nil {
			if e.Paths >= 2 && timedOut(err) {
				e.Stop = StopTime
				break
			}
			return e, early(err)
		}
		ps.add(v)
		e = ps.summary(o.Exact)
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

// paths holds the values of the paths taken so far: their count, and
// the running mean and sum of squared deviations (Welford's) of the
// values and of their logarithms.
type paths struct {
	n                        int
	mean, m2, logMean, logM2 float64
}

// add adds the value v (positive) of one more path.
func (p *paths) add(v float64) {
	p.n++
	d := v - p.mean
	p.mean += d / float64(p.n)
	p.m2 += d * (v - p.mean)
	l := math.Log(v)
	dl := l - p.logMean
	p.logMean += dl / float64(p.n)
	p.logM2 += dl * (l - p.logMean)
}

// summary is the estimate of the paths p (at least one) of a puzzle that
// holds at least exact solutions.
//
// Why not the mean ± t·stderr of the values: a path's value is the
// product of the branching factors met on its way times the count at its
// end, so its logarithm is a sum of many terms and the values are close to
// lognormal — and heavy-tailed: on a skyscraper puzzle of 197,683
// solutions (ISS's estimator corpus) the logarithms of the values spread
// with a standard deviation of 2.2, and one path in a hundred is worth 60
// times the median; the mean of the values is made by such paths. With
// tens of paths the sample has seldom met them: the mean and its standard
// error both come out low together, and the interval misses the count far
// more often than 5 % of the time (on that puzzle, 55 to 63 % coverage for
// 5 to 100 paths; on the empty 9×9 grid, 2 of 7 runs missed).
//
// So the estimate is the lognormal one, from the mean m and the variance
// s² of the logarithms, exp(m + s²/2), with Cox's interval exp(m + s²/2 ±
// t·sqrt(s²/n + s⁴/(2(n−1)))) — the logarithms' spread is well estimated
// from a few paths, as the values' is not. The interval is widened to
// take in the mean ± t·stderr of the values too, so that values heavier-
// tailed than lognormal (a few big paths already seen) still widen it
// upwards. Its lower end is no lower than exact, the count that made the
// paths needed.
//
// t is Student's quantile for 99 %, not 95 %: the estimate stops when
// its spread looks small, which is when the paths so far happen to agree,
// and the values are skewed even where they are not heavy-tailed; both
// narrow an interval below its nominal coverage. With the 95 % quantile,
// 5 of 100 runs on a 6×6 puzzle of 6,528 solutions (bounded, skewed
// values) missed its count, with the 99 % one 2; TestEstimateCoverage
// measures the interval as it is against known counts, at least 93 of
// 100 runs each. The standard error is the estimate times the
// logarithms' standard error, and the relative error, which stops the
// estimate, the larger of the two relative standard errors.
func (p *paths) summary(exact int) Estimate {
	n := float64(p.n)
	e := Estimate{Estimate: p.mean, Paths: p.n}
	if p.n < 2 || p.m2 == 0 {
		// One path, or every path of the same value: nothing to tell
		// their spread by.
		e.CI95Lower, e.CI95Upper = max(p.mean, float64(exact)), max(p.mean, float64(exact))
		return e
	}
	q := tQuantile(p.n - 1)
	s2 := p.logM2 / (n - 1)
	seLog := math.Sqrt(s2/n + s2*s2/(2*(n-1)))
	mid := p.logMean + s2/2
	e.Estimate = math.Exp(mid)
	e.Stderr = e.Estimate * seLog
	seRaw := math.Sqrt(max(p.m2, 0)/(n-1)) / math.Sqrt(n)
	e.CI95Lower = max(min(math.Exp(mid-q*seLog), p.mean-q*seRaw), float64(exact))
	e.CI95Upper = max(math.Exp(mid+q*seLog), p.mean+q*seRaw, e.CI95Lower)
	e.RelErr = seLog
	if p.mean > 0 {
		e.RelErr = max(seLog, seRaw/p.mean)
	}
	return e
}

// tQuantile returns the 99.5 % quantile of Student's t with df degrees
// of freedom (at least 1): from the table up to 10, above it by the
// Cornish–Fisher expansion (within 0.002).
func tQuantile(df int) float64 {
	table := [...]float64{63.657, 9.925, 5.841, 4.604, 4.032, 3.707, 3.499, 3.355, 3.250, 3.169}
	if df <= len(table) {
		return table[max(df, 1)-1]
	}
	const z = 2.575829
	v := float64(df)
	g1 := (z*z*z + z) / 4
	g2 := (5*math.Pow(z, 5) + 16*z*z*z + 3*z) / 96
	g3 := (3*math.Pow(z, 7) + 19*math.Pow(z, 5) + 17*z*z*z - 15*z) / 384
	return z + g1/v + g2/(v*v) + g3/(v*v*v)
}

// path takes one random path down from g, and returns its value.
func (s *Solver) path(ctx context.Context, g *satdoku.Grid, exact int, rng *rand.Rand) (float64, error) {
	h := g.Clone()
	weight := 1.0
	for {
		// One search per node: the solutions up to exact, and when there
		// are that many, the true candidates.
		c, err := s.Candidates(ctx, h, exact)
		if err != nil {
			return 0, err
		}
		if !c.More {
			if c.Count < 1 {
				// Every digit placed was a true candidate.
				return 0, fmt.Errorf("checked: a path of the estimate met no solution below a true candidate: %w", ErrRejected)
			}
			return weight * float64(c.Count), nil
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
			return 0, fmt.Errorf("checked: %d solutions counted and one candidate per cell: %w", c.Count, ErrRejected)
		}
		m := c.Candidates[best]
		for skip := rng.IntN(bestK); skip > 0; skip-- {
			m &= m - 1
		}
		h.SetCell(best, bits.TrailingZeros64(m)+1)
		weight *= float64(bestK)
	}
}
