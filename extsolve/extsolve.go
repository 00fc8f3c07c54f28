package extsolve

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/drat"
	"github.com/satdoku/satdoku/encode"
)

// Errors returned by a Solver, wrapped with details. Each of them is also
// a backend.ErrFailed (errors.Is), so that a caller treats every back end's
// failures alike.
var (
	// ErrNotFound reports that the solver program cannot be found.
	ErrNotFound error = &failure{"extsolve: solver not found"}
	// ErrFailed reports that the solver crashed or exited with an
	// unexpected status.
	ErrFailed error = &failure{"extsolve: solver failed"}
	// ErrOutput reports output that cannot be read, does not agree with
	// the exit status, or whose model does not decode.
	ErrOutput error = &failure{"extsolve: unreadable solver output"}
	// ErrGaveUp reports a solver that answered UNKNOWN or INDETERMINATE.
	ErrGaveUp error = &failure{"extsolve: solver gave up"}
)

// ErrProof reports, with Options.Certify, an UNSAT answer whose proof the
// checker rejected, or that came without one. It is a
// backend.ErrCertificate (errors.Is), not a backend.ErrFailed: the solver
// ran, and its claim is unproven.
var ErrProof error = &rejected{"extsolve: proof rejected"}

// ErrNoProof reports, from New with Options.Certify, a solver program that
// does not write DRAT proofs, as far as satdoku knows.
var ErrNoProof = errors.New("extsolve: solver cannot write DRAT proofs")

// failure is a sentinel error that is also a backend.ErrFailed.
type failure struct{ msg string }

func (e *failure) Error() string        { return e.msg }
func (e *failure) Is(target error) bool { return target == backend.ErrFailed }

// rejected is a sentinel error that is also a backend.ErrCertificate.
type rejected struct{ msg string }

func (e *rejected) Error() string        { return e.msg }
func (e *rejected) Is(target error) bool { return target == backend.ErrCertificate }

// Options configure a Solver.
type Options struct {
	// Encoding is the CNF encoding of the files the solver is given.
	Encoding encode.Encoding
	// Timeout, when positive, bounds each call of Solve, Unique or Count
	// (every run of the program and the writing of its files); the
	// program is killed when it runs out and the error wraps
	// backend.ErrTimeout.
	Timeout time.Duration
	// TempDir holds the temporary CNF files; "" means os.TempDir().
	TempDir string
	// Certify makes every UNSAT answer come with a proof: the program
	// writes a DRAT proof next to the CNF file (see run for which runs),
	// package drat checks it against that file, and the Result's
	// Certificate says so. A proof that is rejected, or missing, makes
	// the call fail with ErrProof. Only programs that can write DRAT
	// proofs may certify (cadical); New refuses the others with
	// ErrNoProof. The Timeout covers the checks.
	Certify bool
}

// Solver runs one external SAT solver program. It implements
// backend.Solver. A Solver holds no state between calls but its options, so
// it may be used by several goroutines at once; each call writes its files
// to a temporary directory of its own, removed before the call returns.
type Solver struct {
	// Name is the name or path the solver was asked for.
	Name string
	// Path is the program found, "" when none was.
	Path string
	opt  Options
}

// New returns a Solver for the program name, a name looked up in PATH or a
// path (with a slash). A program that cannot be found is an error wrapping
// ErrNotFound.
func New(name string, o Options) (*Solver, error) {
	s := &Solver{Name: name, opt: o}
	p, err := exec.LookPath(name)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrNotFound, name, err)
	}
	// The program runs in a temporary directory: a relative path must
	// not be resolved there.
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	s.Path = p
	if o.Certify && !s.writesProofs() {
		return nil, fmt.Errorf("%w: %s (only cadical does, of the solvers satdoku knows)", ErrNoProof, name)
	}
	return s, nil
}

var _ backend.Solver = (*Solver)(nil)

// base is the program's name, lower case, without ".exe": what tells how
// to run it.
func (s *Solver) base() string {
	return strings.ToLower(strings.TrimSuffix(filepath.Base(s.Path), ".exe"))
}

// writesProofs reports whether the program can write a DRAT proof
// (command's proof argument): cadical, which writes binary DRAT to the file
// named after its input. (cryptominisat5 writes FRAT, picosat a RUP format
// of its own and only in its trace build, minisat and clasp none.)
func (s *Solver) writesProofs() bool { return s.base() == "cadical" }

// command returns the arguments to run the solver on cnf, and the result
// file it writes its model to ("" for standard output). A proof file other
// than "" is where the solver writes its DRAT proof (see writesProofs).
func (s *Solver) command(cnf, proof string) (args []string, result string) {
	base := s.base()
	switch {
	case strings.HasPrefix(base, "minisat"), strings.HasPrefix(base, "glucose"):
		result = strings.TrimSuffix(cnf, ".cnf") + ".out"
		return []string{"-verb=0", cnf, result}, result
	case base == "cadical" && proof != "":
		return []string{"-q", cnf, proof}, ""
	case base == "cadical", base == "kissat":
		return []string{"-q", cnf}, ""
	case strings.HasPrefix(base, "cryptominisat"):
		return []string{"--verb", "0", cnf}, ""
	case base == "gini":
		return []string{"-model", cnf}, ""
	}
	// picosat, clasp and any SAT-competition solver: the file, nothing
	// else.
	return []string{cnf}, ""
}

// Solve finds one solution of g with the program: StatusSolved and the
// solution, or StatusNone.
func (s *Solver) Solve(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	return s.Count(ctx, g, 1)
}

// Unique finds a solution of g and runs the program again on the formula
// with that solution blocked (see encode.DIMACSOptions.Block): UNSAT proves
// it unique (StatusUnique), a model is a second solution (StatusMultiple,
// Second set).
func (s *Solver) Unique(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	return s.Count(ctx, g, 2)
}

// Count counts the solutions of g up to limit, running the program once per
// solution with every solution found so far blocked, and once more to find
// the formula unsatisfiable when there are fewer than limit. With
// Options.Certify that last run's proof is checked (see Options).
func (s *Solver) Count(ctx context.Context, g *satdoku.Grid, limit int) (backend.Result, error) {
	if limit < 1 {
		return backend.Result{}, fmt.Errorf("extsolve: %w (got %d)", backend.ErrLimit, limit)
	}
	if g == nil || g.Rules() == nil {
		return backend.Result{}, fmt.Errorf("extsolve: %w", backend.ErrGrid)
	}
	if s.opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.opt.Timeout)
		defer cancel()
	}
	dir, err := os.MkdirTemp(s.opt.TempDir, "satdoku-")
	if err != nil {
		return backend.Result{}, fmt.Errorf("extsolve: %w", err)
	}
	defer os.RemoveAll(dir)
	var res backend.Result
	var blocks []*satdoku.Grid
	for res.Count < limit {
		sol, cert, err := s.run(ctx, dir, g, blocks)
		if err != nil {
			return res, err
		}
		if sol == nil {
			res.Certificate = cert
			break
		}
		for _, b := range blocks {
			if sol.Equal(b) {
				return res, fmt.Errorf("%w: %s returned a blocked solution again", ErrOutput, s.Name)
			}
		}
		res.Count++
		switch res.Count {
		case 1:
			res.Solution = sol
		case 2:
			res.Second = sol
		}
		blocks = append(blocks, sol)
	}
	res.Status = backend.StatusOf(res.Count, limit)
	return res, nil
}

// run writes the CNF of g (with the solutions in blocks excluded) to a file
// in dir, runs the program on it and decodes its answer: the solution, or
// nil when the formula is unsatisfiable.
//
// With Options.Certify an UNSAT answer comes with the certificate of its
// checked proof. The runs after the first (which, for a proper puzzle, are
// the UNSAT ones) write a proof at once. The first run usually finds a
// solution, and writing a proof costs cadical about a third more time on a
// 9×9 puzzle, so it writes none, and is run again with a proof when it
// answers UNSAT.
func (s *Solver) run(ctx context.Context, dir string, g *satdoku.Grid, blocks []*satdoku.Grid) (*satdoku.Grid, backend.Certificate, error) {
	var none backend.Certificate
	if err := ctx.Err(); err != nil {
		return nil, none, s.ctxErr(ctx)
	}
	cnf := filepath.Join(dir, "puzzle.cnf")
	f, err := os.Create(cnf)
	if err != nil {
		return nil, none, fmt.Errorf("extsolve: %w", err)
	}
	dimacs := encode.DIMACSOptions{Encoding: s.opt.Encoding, Blocks: blocks, ModelOnly: true}
	err = encode.WriteDIMACS(ctxFile{ctx, f}, g, dimacs)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if ctx.Err() != nil {
		return nil, none, s.ctxErr(ctx)
	}
	if err != nil {
		return nil, none, fmt.Errorf("extsolve: write %s: %w", cnf, err)
	}
	proof := ""
	if s.opt.Certify && len(blocks) > 0 {
		if proof, err = freshProof(dir); err != nil {
			return nil, none, err
		}
	}
	vars := encode.Vars(g, dimacs)
	sol, err := s.solve(ctx, dir, cnf, proof, g, vars)
	if err != nil || sol != nil || !s.opt.Certify {
		return sol, none, err
	}
	if proof == "" {
		if proof, err = freshProof(dir); err != nil {
			return nil, none, err
		}
		sol, err = s.solve(ctx, dir, cnf, proof, g, vars)
		if err != nil {
			return nil, none, err
		}
		if sol != nil {
			return nil, none, fmt.Errorf("%w: %s answered UNSAT, then SAT for the same formula", ErrOutput, s.Name)
		}
	}
	cert, err := s.check(ctx, cnf, proof)
	return nil, cert, err
}

// freshProof returns the path of the proof file in dir, where no file is:
// a proof left by an earlier run must not pass for the next one's.
func freshProof(dir string) (string, error) {
	proof := filepath.Join(dir, "puzzle.drat")
	if err := os.Remove(proof); err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("extsolve: %w", err)
	}
	return proof, nil
}

// solve runs the program on the file cnf in dir (writing its proof to
// proof, unless that is "") and decodes its answer for g, a formula over
// vars variables: the solution, or nil for UNSAT.
func (s *Solver) solve(ctx context.Context, dir, cnf, proof string, g *satdoku.Grid, vars int) (*satdoku.Grid, error) {
	args, result := s.command(cnf, proof)
	cmd := exec.CommandContext(ctx, s.Path, args...)
	cmd.Dir = dir
	stdout, stderr := &capped{max: maxOutput}, &capped{max: 1 << 20}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = time.Second
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, s.ctxErr(ctx)
	}
	code := 0
	if runErr != nil {
		var ee *exec.ExitError
		if !errors.As(runErr, &ee) || ee.ExitCode() < 0 {
			return nil, fmt.Errorf("%w: %s: %w%s", ErrFailed, s.Name, runErr, tail(stderr.Bytes()))
		}
		code = ee.ExitCode()
	}
	if code != 0 && code != 10 && code != 20 {
		return nil, fmt.Errorf("%w: %s: exit status %d%s", ErrFailed, s.Name, code, tail(stderr.Bytes()))
	}
	if stdout.over {
		return nil, fmt.Errorf("%w: %s printed more than %d bytes", ErrOutput, s.Name, maxOutput)
	}
	out := stdout.Bytes()
	if result != "" {
		b, err := os.ReadFile(result)
		if err != nil {
			return nil, fmt.Errorf("%w: %s wrote no result file: %w", ErrOutput, s.Name, err)
		}
		out = b
	}
	m, err := encode.ReadModel(bytes.NewReader(out), vars)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrOutput, s.Name, err)
	}
	switch {
	case m.Answer == encode.Unknown:
		return nil, fmt.Errorf("%w: %s answered UNKNOWN (exit status %d)", ErrGaveUp, s.Name, code)
	case m.Answer == encode.Satisfiable && code == 20, m.Answer == encode.Unsatisfiable && code == 10:
		return nil, fmt.Errorf("%w: %s printed %v but exited with status %d", ErrOutput, s.Name, m.Answer, code)
	case m.Answer == encode.Unsatisfiable:
		return nil, nil
	}
	sol, err := encode.DecodeModel(g, m, s.opt.Encoding == encode.Reduced)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrOutput, s.Name, err)
	}
	return sol, nil
}

// check checks the DRAT proof in the file proof against the formula in the
// file cnf, the very file the program read, and returns the certificate.
// The proof is streamed into the checker; a context that ends stops the
// reading, and so the check.
func (s *Solver) check(ctx context.Context, cnf, proof string) (backend.Certificate, error) {
	start := time.Now()
	cert := backend.Certificate{Method: "drat", By: s.Name, Proofs: 1}
	f, err := os.Open(cnf)
	if err != nil {
		return cert, fmt.Errorf("extsolve: %w", err)
	}
	defer f.Close()
	formula, err := drat.ReadCNF(bufio.NewReaderSize(ctxFile{ctx, f}, 64<<10))
	if ctx.Err() != nil {
		return cert, s.ctxErr(ctx)
	}
	if err != nil {
		return cert, fmt.Errorf("extsolve: read back %s: %w", cnf, err)
	}
	p, err := os.Open(proof)
	if err != nil {
		return cert, fmt.Errorf("%w: %s answered UNSAT and wrote no proof: %w", ErrProof, s.Name, err)
	}
	defer p.Close()
	_, err = drat.Check(formula, bufio.NewReaderSize(ctxFile{ctx, p}, 64<<10))
	if ctx.Err() != nil {
		return cert, s.ctxErr(ctx)
	}
	if err != nil {
		return cert, fmt.Errorf("%w: %s answered UNSAT, and its DRAT proof does not refute the formula: %w", ErrProof, s.Name, err)
	}
	cert.Check = time.Since(start)
	return cert, nil
}

// ctxErr is the error of a call whose context ended: a timeout (the
// deadline passed) or the context's own error (canceled).
func (s *Solver) ctxErr(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		if s.opt.Timeout <= 0 {
			return fmt.Errorf("%w: %s stopped at the context's deadline", backend.ErrTimeout, s.Name)
		}
		return fmt.Errorf("%w: %s stopped after %v", backend.ErrTimeout, s.Name, s.opt.Timeout)
	}
	return fmt.Errorf("extsolve: %s: %w", s.Name, ctx.Err())
}

// ctxFile is a file that fails to read or write once its context is done,
// so that writing a large CNF, or reading a large formula or proof (and
// with it the check), stops at the deadline.
type ctxFile struct {
	ctx context.Context
	f   *os.File
}

func (c ctxFile) Read(b []byte) (int, error)  { return c.do(c.f.Read, b) }
func (c ctxFile) Write(b []byte) (int, error) { return c.do(c.f.Write, b) }

// do calls op on b unless the context is done.
func (c ctxFile) do(op func([]byte) (int, error), b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return op(b)
}

// maxOutput bounds what a solver may print: a 64×64 model is about 2 MB.
// A variable so that tests can lower it.
var maxOutput = 64 << 20

// capped is a buffer that keeps at most max bytes and discards the rest,
// so that the program is never blocked on a full pipe. (It must not embed
// bytes.Buffer: io.Copy would use the buffer's ReadFrom and bypass Write.)
type capped struct {
	buf  bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if c.over || c.buf.Len()+len(p) > c.max {
		c.over = true
		return len(p), nil
	}
	return c.buf.Write(p)
}

// Bytes returns what was kept.
func (c *capped) Bytes() []byte { return c.buf.Bytes() }

// tail formats the last line of a program's standard error for a message.
func tail(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	if s == "" {
		return ""
	}
	return ": " + s
}
