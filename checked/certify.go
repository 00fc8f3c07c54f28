package checked

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/verify"
)

// Method is how a verdict that rests on unsatisfiability was certified.
type Method uint8

// The methods.
const (
	// NotAsked: no certificate was asked for (Options.Certify is off), or
	// the verdict claims no unsatisfiability (solved, multiple, a count
	// that reached its limit, invalid).
	NotAsked Method = iota
	// DRAT: the back end's DRAT proof of the claim, checked by package
	// drat against the formula the solver read (see backend.Certificate).
	DRAT
	// Count: the validator's own count (verify.CountContext) agrees.
	Count
	// OverBudget: asked for, but the validator's count ran past
	// Options.Budget with nothing that contradicts the claim; the verdict
	// stands, not certified.
	OverBudget
)

// Certificate says how a verdict that rests on a claim of
// unsatisfiability was checked.
type Certificate struct {
	// Method is how.
	Method Method
	// Proof is the back end's certificate, for DRAT.
	Proof backend.Certificate
	// Checks is the number of checks made (proofs checked, or 1 for a
	// count); Time the time they took.
	Checks int
	Time   time.Duration
	// Budget is the count's budget, for OverBudget.
	Budget time.Duration
}

// String describes the certificate for a person: "certified: DRAT proof
// by cadical, checked", "certified: independent count", "not certified:
// the independent count ran past its budget of 1s", or "" for NotAsked.
func (c Certificate) String() string {
	switch c.Method {
	case DRAT:
		return "certified: " + c.Proof.String()
	case Count:
		return "certified: independent count"
	case OverBudget:
		return fmt.Sprintf("not certified: the independent count ran past its budget of %v", c.Budget)
	}
	return ""
}

// certify checks, with Options.Certify, the claim of unsatisfiability
// that answer a from the back end's result res rests on, claimed being
// the number of solutions the verdict says g has; a verdict that claims
// none (a count at its limit) is returned as it is. A back end that
// checked a DRAT proof says so in res.Certificate; otherwise the
// validator counts the solutions itself within the budget. A count that
// disagrees is an error wrapping backend.ErrCertificate: the verdict is
// withdrawn.
func (s *Solver) certify(ctx context.Context, g *satdoku.Grid, res backend.Result, a Answer, claimed int) (Answer, error) {
	if !s.opt.Certify || a.More {
		return a, nil
	}
	if res.Certificate.Method != "" {
		a.Certificate = Certificate{Method: DRAT, Proof: res.Certificate, Checks: res.Certificate.Proofs, Time: res.Certificate.Check}
		return a, nil
	}
	cctx, cancel := context.WithTimeout(ctx, s.opt.Budget)
	defer cancel()
	start := time.Now()
	n, first, err := verify.CountContext(cctx, g, claimed+1)
	cert := Certificate{Method: Count, Checks: 1, Time: time.Since(start)}
	switch {
	case ctx.Err() != nil:
		return Answer{}, ctx.Err()
	case err != nil && n <= claimed && errors.Is(err, context.DeadlineExceeded):
		// Out of time, with nothing that contradicts the claim so far.
		cert.Method, cert.Budget = OverBudget, s.opt.Budget
	case err != nil && n <= claimed:
		return Answer{}, fmt.Errorf("checked: certificate failed: the independent count: %w: %w", err, backend.ErrCertificate)
	case n != claimed:
		return Answer{}, fmt.Errorf("checked: certificate failed: the verdict is %d solution(s), the independent count finds %s: %w",
			claimed, atLeast(n, claimed+1), backend.ErrCertificate)
	case n == 1 && !first.Equal(a.Solution):
		return Answer{}, fmt.Errorf("checked: certificate failed: the independent count finds another solution than the back end's: %v: %w", first, backend.ErrCertificate)
	}
	a.Certificate = cert
	return a, nil
}

// atLeast writes a count of solutions that stopped at limit.
func atLeast(n, limit int) string {
	if n >= limit {
		return fmt.Sprintf("%d or more", n)
	}
	return fmt.Sprint(n)
}
