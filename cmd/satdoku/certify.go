package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku/drat"
)

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
		timeout := fs.Duration("timeout", 0, "give up on the check after this `duration` (\"timeout\", exit 1; 0 means never)")
		return func(args []string) int {
			switch {
			case len(args) > 0:
				return certifyError(e, fmt.Errorf("unexpected argument %q", args[0]))
			case cnf == "" || proof == "":
				return certifyError(e, errors.New("--cnf and --proof are both required"))
			case cnf == "-" && proof == "-":
				return certifyError(e, errors.New("only one of --cnf and --proof can be standard input"))
			}
			return certifyFiles(e, cnf, proof, *timeout)
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
func certifyFiles(e *env, cnf, proof string, timeout time.Duration) int {
	start := time.Now()
	cr, closeCNF, err := openInput(e, cnf)
	if err != nil {
		return certifyError(e, err)
	}
	f, err := drat.ReadCNF(cr)
	closeCNF()
	if err != nil {
		return certifyError(e, fmt.Errorf("%s: %w", cnf, err))
	}
	pr, closeProof, err := openInput(e, proof)
	if err != nil {
		return certifyError(e, err)
	}
	defer closeProof()
	ctx, release := interruptContext(context.Background())
	defer release()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	st, err := drat.CheckContext(ctx, f, pr)
	took := time.Since(start)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		fmt.Fprintf(e.stdout, "timeout: the proof was not checked within %v\n", timeout)
		fmt.Fprintf(e.stdout, "proof: %s, up to then\n", proofStats(st))
		return exitNegative
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(e.stderr, "satdoku certify: interrupted")
		return exitInterrupt
	case err == nil:
		fmt.Fprintf(e.stdout, "valid: the proof refutes %s (%d variables, %d clauses)\n", cnf, f.Vars, len(f.Clauses))
		fmt.Fprintf(e.stdout, "proof: %s; checked in %v\n", proofStats(st), roundDur(took))
		return exitValid
	case errors.Is(err, drat.ErrLemma), errors.Is(err, drat.ErrNoEmpty):
		fmt.Fprintf(e.stdout, "invalid: %s\n", userText(err))
		fmt.Fprintf(e.stdout, "proof: %s, up to the error\n", proofStats(st))
		return exitInvalid
	}
	// A proof that does not parse, or cannot be read.
	return certifyError(e, fmt.Errorf("%s: %w", proof, err))
}

// certifyError reports an unusable invocation or input of certify: exit
// status 2.
func certifyError(e *env, err error) int {
	fmt.Fprintf(e.stderr, "satdoku certify: %s\n", userText(err))
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

// openInput opens the file name, or standard input for "-", buffered, and
// returns it with the function that closes it.
func openInput(e *env, name string) (*bufio.Reader, func(), error) {
	if name == "-" {
		return bufio.NewReaderSize(e.stdin, 64<<10), func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return bufio.NewReaderSize(f, 64<<10), func() { f.Close() }, nil
}
