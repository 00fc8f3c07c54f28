package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/extsolve"
	"github.com/satdoku/satdoku/portfolio"
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
"invalid", and with --unique one with several solutions prints "multiple" (in
the grid format with two solutions, the cells where they differ marked, and
in JSON with "second" and "differ"); the reason, with those cells, goes to
standard error. A line that does not parse prints "error" and
the batch goes on.

--show puzzle,solution prints the puzzle before its answer: on one line in
the line formats ("PUZZLE SOLUTION", which reads back as a puzzle with its
solution), one grid after the other in grid and compact. --format compact is
QQWing's compact layout, --format csv a header and one row per puzzle, and
--timer adds the time each puzzle took.

A puzzle that comes with its solution (Kaggle's "quizzes,solutions" CSV,
QQWing's --csv --solution, "PUZZLE SOLUTION" on a line) has it compared with
the answer: in JSON "expected" is "same", "differs" (another solution: the
puzzle has several) or "wrong" (it breaks a rule or a given); the last two
exit 1, with the reason on standard error.

With --solver, an external SAT solver program does the solving instead of
gini: minisat, cadical, picosat, cryptominisat5 and clasp are run the way each
expects, and any other program as "PROGRAM FILE.cnf" with the SAT-competition
conventions (exit status 10 or 20, "s" and "v" lines). The puzzle's CNF (see
"satdoku dimacs") goes to a temporary file; the answer is decoded and checked
by the validator. --unique runs the solver a second time, on the file with the
first solution blocked. "satdoku unique" and "satdoku count" take --solver too.
A solver that cannot be found is a usage error (exit 2) before any puzzle is
read; one that crashes or prints something unreadable makes that puzzle's
status "error" (exit 3); one that runs past --timeout is killed and the status
is "timeout", as it is for gini. Each worker (--jobs) runs solvers of its own.

--portfolio is for the heavy tails: a puzzle that gini has not answered
within --race-after (default 50ms; gini answers all but about 1 in 5,000 of
the hardest classic 9×9 puzzles sooner) is raced on the idle cores — those
of the workers with no puzzle to answer, and every core once the input has
been read (one puzzle on the command line or in a file), less those that
other programs kept busy since the last look (the machine's CPU time less
satdoku's own; --race-width N races N solvers whatever the load) — by gini in other
variable orders and, with the default "auto", by cadical and
cryptominisat5 when they are installed (run as with --solver, on the
reduced formula), each asked the whole question (with --unique both
solves). The first answer the validator accepts is printed; the others are
stopped at once. "--portfolio gini" races gini alone, "--portfolio off"
never races. "--portfolio cube" races nothing but splits a puzzle that gini
has not answered within 300ms into cubes (the puzzle with one more cell
given, for each digit it can hold), each solved by a gini of its own on an
idle core (with none idle, it does not split): it pays on hard pencil-mark
puzzles, not on killers (bench/issue36-tail.txt). With --solver the named
solver runs alone. A raced puzzle's JSON record names the solver that
answered ("solver") and the CPU time the process and its child processes
spent on it ("cpu_ms"); --stats counts the raced puzzles per solver. On a puzzle with several solutions, which ones
are shown depends on the solver that won the race, and so on the machine's
load: raced puzzles are the one place where the same input may print other
(equally correct) solutions.

--certify checks each verdict that rests on a formula being unsatisfiable —
none, and with --unique unique — before it is printed. With --solver cadical
the solver writes a DRAT proof of each UNSAT answer, and satdoku checks it
against the very file the solver read (as "satdoku certify" does); the other
solvers write no DRAT proofs, and --certify with them is a usage error. gini
writes no proof: the independent validator counts the solutions itself,
within --certify-budget per puzzle (default 1s; 9×9 and 16×16 puzzles take
far less), and past the budget the verdict stands, marked not certified. The
note follows the status, or the solution: "unique (certified: DRAT proof by
cadical, checked)", "none (certified: independent count)", "(not certified:
...)"; in JSON the field "certified" is "drat", "count" or false. A
certificate that fails — a proof rejected, a count that disagrees — makes the
puzzle's status "error" (exit 3), and the verdict is not printed.

Examples:
  satdoku solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  satdoku solve --unique --format json puzzles.txt
  satdoku solve --solver minisat --unique puzzles.txt
  satdoku solve --unique --certify --solver cadical puzzles.txt`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		var so solverFlags
		unique := fs.Bool("unique", false, "also prove that the solution is unique (a second solve must be UNSAT)")
		show := fs.String("show", "solution", "the `fields` to print for each puzzle, comma-separated, in order: puzzle, solution (the answer)")
		o.register(fs)
		so.register(fs)
		return func(args []string) int {
			compose, err := parseShow(*show)
			if err != nil {
				return usageError(e, err)
			}
			o.compose = compose
			fn := solveOne
			if *unique {
				fn = func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) {
					uniqueOne(ctx, s, g, a, true)
				}
			}
			return runPuzzles(e, args, &o, &so, withExpected(fn), solveText)
		}
	},
}

// solverFlags are the flags of the commands that run a SAT solver.
type solverFlags struct {
	solver   string
	encoding string
	timeout  time.Duration
	jobs     int
	stats    bool
	certify  bool
	budget   time.Duration // --certify-budget
	// portfolio: --portfolio, for the commands that take --solver; ""
	// for the others (gini alone).
	portfolio string
	raceAfter time.Duration // --race-after
	raceWidth int           // --race-width
	// width, when not nil, says how many solvers a portfolio may race
	// (see pool.raceWidth); set by the pipeline before the back ends are
	// made.
	width   func() int
	canRace func() bool
}

func (s *solverFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&s.solver, "solver", "", "solve with this external SAT solver `program` (a name in PATH or a path): minisat, cadical, picosat, cryptominisat5, clasp, or any SAT-competition-style solver")
	fs.StringVar(&s.portfolio, "portfolio", "auto", "on a puzzle gini has not answered within --race-after, race on the idle cores: `mode` auto (gini in other variable orders, and cadical and cryptominisat5 when installed), gini (gini alone, in other orders), cube (gini alone for 300ms, then the puzzle split into cubes, one gini per idle core) or off")
	fs.DurationVar(&s.raceAfter, "race-after", portfolio.DefaultDelay, "with --portfolio auto or gini, how long gini runs alone on a puzzle before the race starts (`duration`)")
	fs.IntVar(&s.raceWidth, "race-width", 0, "with --portfolio auto or gini, race `N` solvers at most, gini included, whatever else runs (0: as many as there are idle cores)")
	s.registerSearch(fs)
	fs.BoolVar(&s.certify, "certify", false, "certify every verdict that rests on unsatisfiability (unique, none, a count below --limit): a DRAT proof from --solver cadical, checked; with gini, the validator's own count within --certify-budget")
	fs.DurationVar(&s.budget, "certify-budget", defaultCertifyBudget, "with --certify and gini, the `duration` the independent count may take per puzzle, beyond which the verdict is not certified")
}

// registerSearch registers the flags of gini's search (--encoding,
// --timeout) and of the pool, for the commands that run gini and no other
// solver (candidates).
func (s *solverFlags) registerSearch(fs *pflag.FlagSet) {
	s.registerPool(fs)
	fs.StringVar(&s.encoding, "encoding", "extended", "CNF `encoding`: minimal, extended, reduced or sequential")
	fs.DurationVar(&s.timeout, "timeout", 0, "give up on a puzzle after this `duration` (e.g. 2s; 0 means never)")
}

// registerPool registers the flags of the pool alone (--jobs, --stats), for
// the commands that ask gini without flags of their own.
// registerTimeout registers --timeout for a command that searches with
// no encoding of its own to choose (rate, hint, explain, minimize,
// generate).
func (s *solverFlags) registerTimeout(fs *pflag.FlagSet) {
	fs.DurationVar(&s.timeout, "timeout", 0, "give up on a puzzle after this `duration` (status \"timeout\"; 0 means never)")
}

func (s *solverFlags) registerPool(fs *pflag.FlagSet) {
	s.encoding, s.budget = "extended", defaultCertifyBudget
	fs.IntVarP(&s.jobs, "jobs", "j", defaultJobs, "answer with `N` parallel workers, output still in input order (0: one per CPU; at most 256, or 4 per CPU beyond 64 CPUs)")
	fs.BoolVar(&s.stats, "stats", false, "print a summary to standard error at the end: puzzles per status, elapsed, puzzles/s, p50/p99 time per puzzle")
}

// backend returns what makes the back end the flags choose, one per
// worker: gini, or the external program named by --solver, behind the
// validator (package checked) with the --certify options. A program that
// cannot be found is an error here, before any puzzle is read.
func (s *solverFlags) backend() (func() (*checked.Solver, error), error) {
	newBackend, err := s.rawBackend()
	if err != nil {
		return nil, err
	}
	o := checked.Options{Certify: s.certify, Budget: s.budget}
	return func() (*checked.Solver, error) {
		b, err := newBackend()
		if err != nil {
			return nil, err
		}
		return checked.New(b, o), nil
	}, nil
}

// rawBackend returns what makes the bare back end of the flags.
func (s *solverFlags) rawBackend() (func() (backend.Solver, error), error) {
	enc, err := encode.ParseEncoding(s.encoding)
	if err != nil {
		return nil, err
	}
	if s.timeout < 0 {
		return nil, fmt.Errorf("invalid --timeout %v: must not be negative", s.timeout)
	}
	if s.budget <= 0 {
		return nil, fmt.Errorf("invalid --certify-budget %v: must be positive", s.budget)
	}
	if s.solver == "" {
		mode := portfolio.Off
		if s.portfolio != "" {
			if mode, err = portfolio.ParseMode(s.portfolio); err != nil {
				return nil, fmt.Errorf("--portfolio: %w", err)
			}
		}
		if s.raceAfter < 0 {
			return nil, fmt.Errorf("invalid --race-after %v: must not be negative", s.raceAfter)
		}
		width, canRace := s.width, s.canRace
		switch {
		case s.raceWidth < 0:
			return nil, fmt.Errorf("invalid --race-width %d: must not be negative", s.raceWidth)
		case s.raceWidth > 0:
			n := s.raceWidth
			width, canRace = func() int { return n }, nil
		}
		c := portfolio.Config{Mode: mode, Encoding: enc, Timeout: s.timeout, Width: width, CanRace: canRace, Delay: max(s.raceAfter, time.Nanosecond)}
		return func() (backend.Solver, error) { return portfolio.Standard(c) }, nil
	}
	// With --certify the program writes a DRAT proof of every UNSAT
	// answer, which extsolve checks (see certifier).
	o := extsolve.Options{Encoding: enc, Timeout: s.timeout, Certify: s.certify}
	newSolver := func() (backend.Solver, error) {
		x, err := extsolve.New(s.solver, o)
		if errors.Is(err, extsolve.ErrNoProof) {
			return nil, fmt.Errorf("--certify: %w; a solver's proofs can be checked with \"satdoku certify\"", err)
		}
		if err != nil {
			return nil, fmt.Errorf("--solver: %w", err)
		}
		return x, nil
	}
	if _, err := newSolver(); err != nil {
		return nil, err
	}
	return newSolver, nil
}

// solveOne finds a solution.
func solveOne(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) {
	sol, err := answer.Solve(ctx, g, answer.Options{Solver: s})
	if !a.takeAnswer(sol, err) {
		return
	}
	switch sol.Status {
	case answer.StatusNone:
		a.Status, a.exit, a.diag = statusNone, exitNegative, a.noSolution()
	default:
		a.Status = statusSolved
	}
}

func solveText(p *printer, a *record) {
	if sol := a.Solution.Grid; sol != nil && (a.Status == statusSolved || a.Status == statusUnique) {
		p.separate()
		if a.certNote == "" {
			p.grid(sol, a.it.grid)
			return
		}
		// With --certify: the note on a line of its own above the grid,
		// or after the one-line solution.
		if p.multiline() {
			fmt.Fprintln(p.w, a.note(a.Status))
			p.grid(sol, a.it.grid)
			return
		}
		fmt.Fprintf(p.w, "%s (%s)\n", p.oneLine(sol), a.certNote)
		return
	}
	if a.Status == statusMultiple && a.Second.Grid != nil && p.multiline() {
		// --unique: the grid format shows both solutions. The line
		// format keeps the status alone: which second solution is found
		// may depend on the worker (--jobs), and the line is compared.
		p.multiple(a)
		return
	}
	p.statusLine(a)
}

// parseShow reads the --show fields and returns what writes them, nil for
// the default (the solution alone).
func parseShow(s string) (func(p *printer, a *record), error) {
	var fields []string
	seen := map[string]bool{}
	for f := range strings.SplitSeq(s, ",") {
		f = strings.TrimSpace(f)
		if f != "puzzle" && f != "solution" {
			return nil, fmt.Errorf("invalid --show field %q (want puzzle and solution, comma-separated)", f)
		}
		if seen[f] {
			return nil, fmt.Errorf("invalid --show %q: %s twice", s, f)
		}
		seen[f] = true
		fields = append(fields, f)
	}
	if !seen["solution"] {
		return nil, fmt.Errorf("invalid --show %q: the solution (the answer) must be one of the fields", s)
	}
	if len(fields) == 1 {
		return nil, nil
	}
	return func(p *printer, a *record) { showFields(p, a, fields) }, nil
}

// showFields writes the --show fields of an answer: in the line formats
// on one line, separated by a space ("PUZZLE SOLUTION", which reads back
// as a puzzle with its solution); in grid and compact one after the other,
// a blank line between. The solution field is the answer as solve writes
// it: the solution, or the status ("none", "multiple", "invalid: …"). A
// line that did not parse has no puzzle to show.
func showFields(p *printer, a *record, fields []string) {
	parts := make([]string, 0, len(fields))
	for _, f := range fields {
		switch {
		case f == "solution":
			parts = append(parts, strings.TrimRight(string(p.capture(func() { solveText(p, a) })), "\n"))
		case a.it.grid == nil:
		case p.multiline():
			parts = append(parts, strings.TrimRight(string(p.capture(func() { p.grid(a.it.grid, nil) })), "\n"))
		default:
			parts = append(parts, p.oneLine(a.it.grid))
		}
	}
	sep := " "
	if p.multiline() {
		sep = "\n\n"
	}
	fmt.Fprintln(p.w, strings.Join(parts, sep))
}

// withExpected compares the answer of fn with the solution that came with
// the puzzle, if any (see compareExpected).
func withExpected(fn answerFunc) answerFunc {
	return func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) {
		fn(ctx, s, g, a)
		compareExpected(g, a)
	}
}

// compareExpected sets a.Expected: "same" when the answer's solution is
// the one given with the puzzle, "differs" when the given one is another
// solution, "wrong" when it is none. The last two are negative answers.
func compareExpected(g *satdoku.Grid, a *record) {
	want, sol := a.it.sol, a.Solution.Grid
	if want == nil || sol == nil {
		return
	}
	if sol.Equal(want) || a.Second.Grid != nil && a.Second.Equal(want) {
		a.Expected = "same"
		return
	}
	var why string
	if d := checked.Diagnose(g, want); d != nil {
		a.Expected = "wrong"
		why = "the solution given with the puzzle is wrong: " + strings.Join(d.Problems, "; ")
	} else {
		if a.Status == statusUnique {
			a.setInternal("the solution given with the puzzle is valid, and unique was proved for another")
			return
		}
		a.Expected = "differs"
		why = "the solution given with the puzzle is another solution (they differ at " + strings.Join(differ(sol, want), " ") + ")"
	}
	a.exit = max(a.exit, exitNegative)
	if a.diag != "" {
		why = a.diag + "; " + why
	}
	a.diag = why
}
