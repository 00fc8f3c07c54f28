package extsolve

import (
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
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/satsolve"
)

// Errors returned by a Solver, wrapped with details.
var (
	// ErrNotFound reports that the solver program cannot be found.
	ErrNotFound = errors.New("extsolve: solver not found")
	// ErrFailed reports that the solver crashed or exited with an
	// unexpected status.
	ErrFailed = errors.New("extsolve: solver failed")
	// ErrOutput reports output that cannot be read, does not agree with
	// the exit status, or whose model does not decode.
	ErrOutput = errors.New("extsolve: unreadable solver output")
	// ErrGaveUp reports a solver that answered UNKNOWN or INDETERMINATE.
	ErrGaveUp = errors.New("extsolve: solver gave up")
)

// Options configure a Solver.
type Options struct {
	// Encoding is the CNF encoding of the files the solver is given.
	Encoding encode.Encoding
	// Timeout, when positive, bounds each run of the program, which is
	// killed when it runs out; the error then wraps satsolve.ErrTimeout.
	Timeout time.Duration
	// TempDir holds the temporary CNF files; "" means os.TempDir().
	TempDir string
}

// Solver runs one external SAT solver program. A Solver may be used by one
// goroutine at a time.
type Solver struct {
	// Name is the name or path the solver was asked for.
	Name string
	// Path is the program found, "" when none was.
	Path string
	opt  Options
	err  error // why the program cannot run, reported by every call
}

// New returns a Solver for the program name, a name looked up in PATH or a
// path (with a slash). A program that cannot be found is not an error here:
// every call of Solve or Unique then returns an error wrapping ErrNotFound.
func New(name string, o Options) *Solver {
	s := &Solver{Name: name, opt: o}
	p, err := exec.LookPath(name)
	if err != nil {
		s.err = fmt.Errorf("%w: %s: %w", ErrNotFound, name, err)
		return s
	}
	// The program runs in a temporary directory: a relative path must
	// not be resolved there.
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	s.Path = p
	return s
}

// Err reports why the solver cannot run (a missing program), or nil.
func (s *Solver) Err() error { return s.err }

// command returns the arguments to run the solver on cnf, and the result
// file it writes its model to ("" for standard output).
func (s *Solver) command(cnf string) (args []string, result string) {
	base := strings.ToLower(strings.TrimSuffix(filepath.Base(s.Path), ".exe"))
	switch {
	case strings.HasPrefix(base, "minisat"), strings.HasPrefix(base, "glucose"):
		result = strings.TrimSuffix(cnf, ".cnf") + ".out"
		return []string{"-verb=0", cnf, result}, result
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
func (s *Solver) Solve(g *satdoku.Grid) (satsolve.Result, error) {
	sol, err := s.run(g, nil)
	switch {
	case err != nil:
		return satsolve.Result{}, err
	case sol == nil:
		return satsolve.Result{Status: satsolve.StatusNone}, nil
	}
	return satsolve.Result{Status: satsolve.StatusSolved, Solution: sol, Count: 1}, nil
}

// Unique finds a solution of g and runs the program again on the formula
// with that solution blocked (see encode.DIMACSOptions.Block): UNSAT proves
// it unique (StatusUnique), a model is a second solution (StatusMultiple,
// Second set).
func (s *Solver) Unique(g *satdoku.Grid) (satsolve.Result, error) {
	first, err := s.run(g, nil)
	if err != nil || first == nil {
		return satsolve.Result{Status: satsolve.StatusNone}, err
	}
	second, err := s.run(g, first)
	switch {
	case err != nil:
		return satsolve.Result{Status: satsolve.StatusSolved, Solution: first, Count: 1}, err
	case second == nil:
		return satsolve.Result{Status: satsolve.StatusUnique, Solution: first, Count: 1}, nil
	case second.Equal(first):
		return satsolve.Result{}, fmt.Errorf("%w: %s returned the blocked solution again", ErrOutput, s.Name)
	}
	return satsolve.Result{Status: satsolve.StatusMultiple, Solution: first, Second: second, Count: 2}, nil
}

// run writes the CNF of g (with block excluded, if not nil) to a temporary
// file, runs the program on it and decodes its answer: the solution, or nil
// when the formula is unsatisfiable.
func (s *Solver) run(g *satdoku.Grid, block *satdoku.Grid) (*satdoku.Grid, error) {
	if s.err != nil {
		return nil, s.err
	}
	if g == nil || satdoku.BoxOf(g.N()) == 0 {
		return nil, satsolve.ErrGrid
	}
	dir, err := os.MkdirTemp(s.opt.TempDir, "satdoku-")
	if err != nil {
		return nil, fmt.Errorf("extsolve: %w", err)
	}
	defer os.RemoveAll(dir)
	cnf := filepath.Join(dir, "puzzle.cnf")
	f, err := os.Create(cnf)
	if err != nil {
		return nil, fmt.Errorf("extsolve: %w", err)
	}
	err = encode.WriteDIMACS(f, g, encode.DIMACSOptions{Encoding: s.opt.Encoding, Block: block})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("extsolve: write %s: %w", cnf, err)
	}

	ctx := context.Background()
	if s.opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.opt.Timeout)
		defer cancel()
	}
	args, result := s.command(cnf)
	cmd := exec.CommandContext(ctx, s.Path, args...)
	cmd.Dir = dir
	stdout, stderr := &capped{max: maxOutput}, &capped{max: 1 << 20}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = time.Second
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%w: %s killed after %v", satsolve.ErrTimeout, s.Name, s.opt.Timeout)
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
	n := g.N()
	m, err := encode.ReadModel(bytes.NewReader(out), n*n*n)
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
