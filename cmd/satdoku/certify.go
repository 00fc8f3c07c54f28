package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/drat"
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
		return !a.limitHit && a.Status != statusInvalid && a.Status != statusError
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
		a.certTime, a.certCount = cert.Check, cert.Proofs
		return true
	}
	cctx, cancel := context.WithTimeout(ctx, c.budget)
	defer cancel()
	start := time.Now()
	n, first, err := verify.CountContext(cctx, g, claimed+1)
	a.certTime, a.certCount = time.Since(start), 1
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
	a.limitHit, a.diag = false, ""
}

// note appends the certificate's note to a status or count: "unique
// (certified: independent count)".
func (a *answer) note(s string) string {
	if a.certNote == "" {
		return s
	}
	return s + " (" + a.certNote + ")"
}

var cmdCertify = &command{
	name:  "certify",
	short: "check a SAT solver's DRAT proof that a CNF file is unsatisfiable",
	usage: "certify --cnf FILE --proof FILE",
	long: `
Certify checks a DRAT proof that the CNF formula in a DIMACS file is
unsatisfiable, as any DRAT-producing SAT solver writes it (cadical F P, kissat
F P, or drat-trim's input): every lemma must follow from the clauses present
by reverse unit propagation (or be a resolution asymmetric tautology), and the
empty clause must be derived. Text and binary proofs are told apart by their
first bytes. The proof is read as a stream.

With the file of "satdoku dimacs --block", a valid proof certifies that the
puzzle's solution is unique; with the file of "satdoku dimacs", that the puzzle
has no solution. "satdoku solve|unique|count --certify --solver cadical" runs
the solver and this check for each puzzle itself.

It prints "valid" or "invalid" with the reason, and the proof's statistics: its
format, lemmas (and how many needed the RAT check), deletions (and how many of
them were ignored, as drat-trim does) and the time the check took. "-" reads
the CNF or the proof from standard input.

Exit status: 0 the proof is valid, 1 it is not (a lemma that does not follow,
or no empty clause), 2 the CNF or the proof cannot be read or does not parse.

Examples:
  satdoku dimacs --block -o p.cnf 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  cadical -q p.cnf p.drat
  satdoku certify --cnf p.cnf --proof p.drat`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var cnf, proof string
		fs.StringVar(&cnf, "cnf", "", "the DIMACS CNF `FILE` the solver was given")
		fs.StringVar(&proof, "proof", "", "the DRAT proof `FILE` it wrote (text or binary)")
		return func(args []string) int {
			switch {
			case len(args) > 0:
				return certifyError(e, fmt.Errorf("unexpected argument %q", args[0]))
			case cnf == "" || proof == "":
				return certifyError(e, errors.New("--cnf and --proof are both required"))
			case cnf == "-" && proof == "-":
				return certifyError(e, errors.New("only one of --cnf and --proof can be standard input"))
			}
			return certifyFiles(e, cnf, proof)
		}
	},
}

// Exit statuses of certify (the puzzle commands' meanings carry over: a
// negative answer, an unreadable input).
const (
	exitValid   = exitOK
	exitInvalid = exitNegative
)

// certifyFiles checks the proof in the file proof against the formula in
// the file cnf ("-" for standard input) and reports the verdict.
func certifyFiles(e *env, cnf, proof string) int {
	start := time.Now()
	cr, closeCNF, err := openInput(e, cnf)
	if err != nil {
		return certifyError(e, err)
	}
	f, err := drat.ReadCNF(bufio.NewReaderSize(cr, 64<<10))
	closeCNF()
	if err != nil {
		return certifyError(e, fmt.Errorf("%s: %w", cnf, err))
	}
	pr, closeProof, err := openInput(e, proof)
	if err != nil {
		return certifyError(e, err)
	}
	defer closeProof()
	st, err := drat.Check(f, bufio.NewReaderSize(pr, 64<<10))
	took := time.Since(start)
	switch {
	case err == nil:
		fmt.Fprintf(e.stdout, "valid: the proof refutes %s (%d variables, %d clauses)\n", cnf, f.Vars, len(f.Clauses))
		fmt.Fprintf(e.stdout, "proof: %s; checked in %v\n", proofStats(st), roundDur(took))
		return exitValid
	case errors.Is(err, drat.ErrLemma), errors.Is(err, drat.ErrNoEmpty):
		fmt.Fprintf(e.stdout, "invalid: %v\n", err)
		fmt.Fprintf(e.stdout, "proof: %s, up to the error\n", proofStats(st))
		return exitInvalid
	}
	// A proof that does not parse, or cannot be read.
	return certifyError(e, fmt.Errorf("%s: %w", proof, err))
}

// certifyError reports an unusable invocation or input of certify: exit
// status 2.
func certifyError(e *env, err error) int {
	fmt.Fprintf(e.stderr, "satdoku certify: %v\n", err)
	return exitUsage
}

// proofStats describes a checked proof: "binary DRAT, 702 lemmas (0 RAT),
// 40 deletions (38 ignored)".
func proofStats(st drat.Stats) string {
	format := "text"
	if st.Binary {
		format = "binary"
	}
	return fmt.Sprintf("%s DRAT, %s (%d RAT), %s (%d ignored)",
		format, counted(st.Lemmas, "lemma"), st.RAT, counted(st.Deletions, "deletion"), st.IgnoredDeletions+st.MissingDeletions)
}

// counted writes n things: "1 lemma", "2 lemmas".
func counted(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// openInput opens the file name, or standard input for "-".
func openInput(e *env, name string) (io.Reader, func(), error) {
	if name == "-" {
		return e.stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}
