package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/extsolve"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

var cmdSolve = &command{
	name:  "solve",
	short: "solve puzzles",
	usage: "solve [flags] [PUZZLE|FILE|-]...",
	long: `
Solve answers each puzzle with its solution, found by the SAT solver gini and
checked by the independent validator before it is printed.

An argument that parses as a puzzle is a puzzle; any other argument names a
file; "-" or no argument reads standard input. A file may hold one puzzle per
line (blank lines and # comments skipped, a line "end" ends it), multi-line
grids, or LeetCode JSON boards. Puzzles stream: one in, one answer out.

A puzzle with no solution prints "none", one whose givens conflict prints
"invalid", and with --unique one with several solutions prints "multiple"; the
reason goes to standard error. A line that does not parse prints "error" and
the batch goes on.

With --solver, an external SAT solver program does the solving instead of
gini: minisat, cadical, picosat, cryptominisat5 and clasp are run the way each
expects, and any other program as "PROGRAM FILE.cnf" with the SAT-competition
conventions (exit status 10 or 20, "s" and "v" lines). The puzzle's CNF (see
"satdoku dimacs") goes to a temporary file; the answer is decoded and checked
by the validator. --unique runs the solver a second time, on the file with the
first solution blocked. A solver that is missing, crashes or prints something
unreadable makes that puzzle's status "error" (exit 3); one that runs past
--timeout is killed and the status is "timeout".

Examples:
  satdoku solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  satdoku solve --unique --format json puzzles.txt
  satdoku solve --solver minisat --unique puzzles.txt`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		var so solverFlags
		unique := fs.Bool("unique", false, "also prove that the solution is unique (a second solve must be UNSAT)")
		solver := fs.String("solver", "", "solve with this external SAT solver `program` (a name in PATH or a path): minisat, cadical, picosat, cryptominisat5, clasp, or any SAT-competition-style solver")
		o.register(fs)
		so.register(fs)
		return func(args []string) int {
			var ext *extsolve.Solver
			if *solver != "" {
				opts, err := so.options()
				if err != nil {
					return usageError(e, err)
				}
				ext = extsolve.New(*solver, extsolve.Options{Encoding: opts.Encoding, Timeout: opts.Timeout})
			}
			run := func(s *satsolve.Solver, g *satdoku.Grid, a *answer) {
				var b backend = s
				if ext != nil {
					b = ext
				}
				if *unique {
					uniqueOne(b, g, a, true)
				} else {
					solveOne(b, g, a)
				}
			}
			return runPuzzles(e, args, &o, &so, run, solveText)
		}
	},
}

// solverFlags are the flags of the commands that run the SAT solver.
type solverFlags struct {
	encoding string
	timeout  time.Duration
	jobs     int
	stats    bool
}

func (s *solverFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&s.encoding, "encoding", "extended", "CNF `encoding`: minimal, extended or reduced")
	fs.DurationVar(&s.timeout, "timeout", 0, "give up on a puzzle after this `duration` (e.g. 2s; 0 means never)")
	fs.IntVarP(&s.jobs, "jobs", "j", defaultJobs, "solve with `N` parallel workers, output still in input order (0: one per CPU)")
	fs.BoolVar(&s.stats, "stats", false, "print a summary to standard error at the end: puzzles per status, elapsed, puzzles/s, p50/p99 time per puzzle")
}

func (s *solverFlags) options() (satsolve.Options, error) {
	enc, err := encode.ParseEncoding(s.encoding)
	if err != nil {
		return satsolve.Options{}, err
	}
	if s.timeout < 0 {
		return satsolve.Options{}, fmt.Errorf("invalid --timeout %v: must not be negative", s.timeout)
	}
	return satsolve.Options{Encoding: enc, Timeout: s.timeout}, nil
}

// runPuzzles is the loop every puzzle command shares: read a puzzle, answer
// it, write the answer, in input order and constant memory.
func runPuzzles(e *env, args []string, o *outFlags, so *solverFlags,
	answerFn func(*satsolve.Solver, *satdoku.Grid, *answer), text func(*printer, *answer)) int {
	newSolver := func() *satsolve.Solver { return nil }
	jobs := 1
	if so != nil {
		opts, err := so.options()
		if err != nil {
			return usageError(e, err)
		}
		if jobs, err = resolveJobs(so.jobs); err != nil {
			return usageError(e, err)
		}
		newSolver = func() *satsolve.Solver { return satsolve.New(opts) }
	}
	in := newInputs(args, e.stdin)
	defer in.close()
	p, err := newPrinter(e, o, in, text)
	if err != nil {
		return usageError(e, err)
	}
	if e.exit != nil {
		defer p.interrupt(e.exit)()
	}
	var st *stats
	if so != nil && so.stats {
		st = newStats()
	}
	prog := newProgress(e, in)
	emit := func(a *answer) bool {
		prog.step()
		if st != nil {
			st.add(a)
		}
		return p.emit(a)
	}
	if jobs == 1 {
		s := newSolver()
		for {
			it, ok := in.next()
			if !ok {
				break
			}
			if !emit(answerItem(s, it, answerFn)) {
				break
			}
		}
	} else {
		runParallel(in, jobs, newSolver, answerFn, emit)
	}
	prog.finish()
	code := p.finish()
	if st != nil {
		st.write(e.stderr, jobs)
	}
	return code
}

func usageError(e *env, err error) int {
	fmt.Fprintf(e.stderr, "satdoku: %v\n", err)
	return exitUsage
}

// precheck answers puzzles whose givens conflict as invalid, so that they
// never reach the solver. It reports whether the puzzle may go on.
func precheck(g *satdoku.Grid, a *answer) bool {
	if cs := verify.Check(g); len(cs) > 0 {
		a.setInvalid(cs)
		a.diag = "conflicting givens: " + conflictText(a.Conflicts)
		return false
	}
	return true
}

// backend solves puzzles: gini (*satsolve.Solver) or an external program
// (*extsolve.Solver).
type backend interface {
	Solve(g *satdoku.Grid) (satsolve.Result, error)
	Unique(g *satdoku.Grid) (satsolve.Result, error)
}

// solverError turns an error from satsolve or extsolve into the answer's
// status.
func solverError(err error, a *answer) {
	if errors.Is(err, satsolve.ErrTimeout) {
		a.Status = statusTimeout
		a.exit = exitNegative
		a.diag = "timed out"
		return
	}
	for _, e := range []error{extsolve.ErrNotFound, extsolve.ErrFailed, extsolve.ErrOutput, extsolve.ErrGaveUp} {
		if errors.Is(err, e) {
			a.Status, a.exit = statusError, exitInternal
			a.Error = err.Error()
			return
		}
	}
	a.setInternal("%v", err)
}

func solveOne(s backend, g *satdoku.Grid, a *answer) {
	if !precheck(g, a) {
		return
	}
	res, err := s.Solve(g)
	if err != nil {
		solverError(err, a)
		return
	}
	switch res.Status {
	case satsolve.StatusNone:
		a.Status, a.exit, a.diag = statusNone, exitNegative, "no solution"
	case satsolve.StatusSolved, satsolve.StatusUnique:
		if a.setSolution(g, res.Solution) {
			a.Status = statusSolved
		}
	default:
		a.setInternal("unexpected solver status %v", res.Status)
	}
}

// uniqueOne proves uniqueness. With solving set, the answer's diagnostic
// explains a negative result (for solve --unique).
func uniqueOne(s backend, g *satdoku.Grid, a *answer, solving bool) {
	if !precheck(g, a) {
		return
	}
	res, err := s.Unique(g)
	if err != nil {
		solverError(err, a)
		return
	}
	switch res.Status {
	case satsolve.StatusNone:
		a.Status, a.exit = statusNone, exitNegative
		if solving {
			a.diag = "no solution"
		}
	case satsolve.StatusUnique:
		if a.setSolution(g, res.Solution) {
			a.Status = statusUnique
		}
	case satsolve.StatusMultiple:
		if a.setSolution(g, res.Solution) && a.setSecond(g, res.Second) {
			a.Status, a.exit = statusMultiple, exitNegative
			if solving {
				a.diag = "more than one solution (they differ at " + strings.Join(a.Differ, " ") + ")"
			}
		}
	default:
		a.setInternal("unexpected solver status %v", res.Status)
	}
}

// statusLine writes the one-line form of a negative or failed answer.
func statusLine(p *printer, a *answer) {
	p.separate()
	if a.Status == statusInvalid {
		fmt.Fprintf(p.w, "%s: %s\n", a.Status, conflictText(a.Conflicts))
		return
	}
	fmt.Fprintln(p.w, a.Status)
}

func solveText(p *printer, a *answer) {
	if a.solution != nil && (a.Status == statusSolved || a.Status == statusUnique) {
		p.separate()
		p.grid(a.solution, a.it.grid)
		return
	}
	statusLine(p, a)
}
