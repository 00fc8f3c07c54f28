package main

import (
	"context"
	"fmt"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/verify"
)

// certMark is how a verdict was certified, with --certify: the record's
// "certified" field. The zero value, for a run without --certify or an
// answer whose verdict claims no unsatisfiability (solved, multiple, a
// count that reached the limit, invalid, error, timeout), leaves the field
// out.
type certMark uint8

const (
	certNone  certMark = iota // no field
	certNot                   // false: asked for, and not obtained in time
	certDRAT                  // "drat": a DRAT proof, checked
	certCount                 // "count": the independent count agrees
)

// jsonText is the mark's JSON value.
func (c certMark) jsonText() string {
	switch c {
	case certDRAT:
		return `"drat"`
	case certCount:
		return `"count"`
	}
	return "false"
}

// MarshalJSON writes "drat", "count" or false.
func (c certMark) MarshalJSON() ([]byte, error) { return []byte(c.jsonText()), nil }

// defaultCertifyBudget is the --certify-budget default. verify.Count
// answers proper 9×9 puzzles in microseconds, the hardest known ones and
// 16×16 ones in a millisecond or so (BenchmarkCount in package verify), so
// a second per puzzle certifies them all with room to spare on a busy
// machine, while a board where the backtracking search is hopeless (a
// sparse 36×36) costs a second and says so.
const defaultCertifyBudget = time.Second

// certifier checks, with --certify, each verdict that rests on a claim of
// unsatisfiability: unique (the formula with the solution blocked is
// UNSAT), none (the puzzle's formula is UNSAT), and a count below --limit
// (the formula with every solution found blocked is UNSAT). Solutions need
// no certificate: the validator checks each of them.
//
// An external solver (extsolve with Options.Certify) has checked a DRAT
// proof of the claim before it answers, and says so in the Result's
// Certificate; gini writes no proof, so the claim gets a second opinion
// from the independent validator's own count (verify.CountContext) within
// budget. A certificate that fails makes the answer an internal error:
// never a verdict.
type certifier struct {
	proofs bool          // the back end checks DRAT proofs itself
	budget time.Duration // otherwise the time the count may take
}

// claimsUnsat reports whether the answer's verdict rests on a claim of
// unsatisfiability: none, unique, or a count below its limit.
func claimsUnsat(a *answer) bool {
	switch {
	case a.Count != nil:
		return !a.More && a.Status != statusInvalid && a.Status != statusError
	case a.Status == statusNone, a.Status == statusUnique:
		return true
	}
	return false
}

// check certifies the verdict of a, the answer for g from the back end's
// result res, if it rests on a claim of unsatisfiability; claimed is the
// number of solutions the verdict says g has. It reports false when the
// answer is no longer a verdict: the certificate failed (an internal
// error) or the run was canceled.
func (c *certifier) check(ctx context.Context, g *satdoku.Grid, res backend.Result, claimed int, a *answer) bool {
	if c == nil || !claimsUnsat(a) {
		return true
	}
	if c.proofs {
		cert := res.Certificate
		if cert.Method == "" {
			a.setUncertified("the solver's %s verdict came without a checked proof", a.Status)
			return false
		}
		a.Certified, a.certNote = certDRAT, "certified: "+cert.String()
		a.certTime, a.certChecks = cert.Check, cert.Proofs
		return true
	}
	cctx, cancel := context.WithTimeout(ctx, c.budget)
	defer cancel()
	start := time.Now()
	n, first, err := verify.CountContext(cctx, g, claimed+1)
	a.certTime, a.certChecks = time.Since(start), 1
	switch {
	case ctx.Err() != nil:
		a.canceled = true
		return false
	case err != nil && n <= claimed:
		// Out of time, with nothing that contradicts the claim so far.
		a.Certified = certNot
		a.certNote = fmt.Sprintf("not certified: the independent count ran past its budget of %v", c.budget)
		return true
	case n != claimed:
		a.setUncertified("the solver's verdict is %d solution(s), the independent count finds %s", claimed, plural(n, claimed+1))
		return false
	case n == 1 && !first.Equal(a.Solution.Grid):
		a.setUncertified("the independent count finds another solution than the solver's: %v", first)
		return false
	}
	a.Certified, a.certNote = certCount, "certified: independent count"
	return true
}

// plural writes a count of solutions that stopped at limit.
func plural(n, limit int) string {
	if n >= limit {
		return fmt.Sprintf("%d or more", n)
	}
	return fmt.Sprint(n)
}

// setUncertified makes the answer an internal error for a certificate that
// failed: the verdict and its solutions are withdrawn.
func (a *answer) setUncertified(format string, args ...any) {
	a.setInternal("certificate failed: "+format, args...)
	a.Solution, a.Second, a.Differ, a.Count = shown{}, shown{}, nil, nil
	a.More, a.diag = false, ""
}

// note appends the certificate's note to a status or count: "unique
// (certified: independent count)".
func (a *answer) note(s string) string {
	if a.certNote == "" {
		return s
	}
	return s + " (" + a.certNote + ")"
}
