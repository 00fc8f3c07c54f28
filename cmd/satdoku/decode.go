package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/encode"
)

var cmdDecode = &command{
	name:  "decode",
	short: "decode a SAT solver's answer into a checked grid",
	usage: "decode [--puzzle PUZZLE | --cnf FILE] [flags] [MODEL|-]",
	long: `
Decode reads what a SAT solver printed for a file written by "satdoku dimacs"
(the file MODEL, or standard input), decodes the model into a grid and checks
it with the validator against the puzzle, given by --puzzle or read from the
"c puzzle" comment of the CNF file named by --cnf.

It reads the SAT-competition format ("s SATISFIABLE", "s UNSATISFIABLE",
"s UNKNOWN" or "s INDETERMINATE", and "v" lines in any order, split across
any number of lines), minisat's result file ("SAT" or "UNSAT", then the
literals), clasp (the model before the status line), cryptominisat, cadical,
picosat, gini's command, z3 (no final 0) and a bare list of literals.

The answer prints as for "satdoku solve": the solution, or "none" when the
solver found the formula unsatisfiable. For a --cnf file written with
--block, UNSAT proves the blocked solution unique ("unique") and a model is a
second solution ("multiple"). The models of reduced files leave the
variables fixed by the givens to the solver; decode takes those from the
puzzle (read from --cnf; with --puzzle, only when the model does not decode as
it is). A file of the pure rules (--givens omit, not reduced) has every full
grid as a model: its answer is checked as a full grid, not against the
puzzle.

A model that does not solve the puzzle — it changes a given, breaks a
rule, leaves a cell empty or fills one twice, or is the blocked solution —
is most often the answer for another file: it prints "invalid:" with every
problem, as "satdoku check --solution" does, and exits 1.

Exit status: 0 solved (or unique), 1 no solution (UNSAT), multiple, or a
model that does not solve the puzzle, 2 usage error or unreadable solver
output.

Examples:
  satdoku dimacs -o p.cnf PUZZLE && minisat p.cnf p.out; satdoku decode --cnf p.cnf p.out
  cadical -q p.cnf | satdoku decode --puzzle PUZZLE`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		puzzle := fs.String("puzzle", "", "the `PUZZLE` the model solves: a puzzle, an f-puzzles or SudokuPad link, or a file (f-puzzles JSON or any input format)")
		cnf := fs.String("cnf", "", "the CNF `FILE` the solver was given (its \"c puzzle\" comment names the puzzle)")
		o.register(fs)
		return func(args []string) int { return decode(e, &o, *puzzle, *cnf, args) }
	},
}

func decode(e *env, o *outFlags, puzzleArg, cnfPath string, args []string) int {
	if (puzzleArg == "") == (cnfPath == "") {
		return usageError(e, errors.New("decode: give the puzzle with exactly one of --puzzle and --cnf"))
	}
	if len(args) > 1 {
		return usageError(e, fmt.Errorf("decode: one model at a time (got %d arguments)", len(args)))
	}
	var h encode.Header
	if puzzleArg != "" {
		g, code := readOne(e, "decode: --puzzle", puzzleArg)
		if g == nil {
			return code
		}
		h.Puzzle = g
		// N³, and the auxiliary variables of the puzzle's constraints (a
		// model of the Sequential encoding needs --cnf).
		h.Vars = encode.Vars(g, encode.DIMACSOptions{})
	} else {
		f, err := os.Open(cnfPath)
		if err != nil {
			return usageError(e, err)
		}
		h, err = encode.ReadHeader(f)
		f.Close()
		if err != nil {
			return usageError(e, fmt.Errorf("%s: %w", cnfPath, err))
		}
		if h.Puzzle == nil {
			return usageError(e, fmt.Errorf("%s: no \"c puzzle\" comment: use --puzzle", cnfPath))
		}
	}

	if pr, err := newPuzzleRules(o.rules); err != nil {
		return usageError(e, err)
	} else if pr != nil {
		for _, g := range append([]*satdoku.Grid{h.Puzzle}, h.Blocks...) {
			if err := pr.apply(g, nil); err != nil {
				return usageError(e, err)
			}
		}
	}

	name, file := "<stdin>", ""
	var r io.Reader = e.stdin
	if len(args) == 1 && args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			return usageError(e, err)
		}
		defer f.Close()
		r, name, file = f, args[0], args[0]
	}
	p, err := newPrinter(e, o, solveText)
	if err != nil {
		return usageError(e, err)
	}
	start := time.Now()
	a := newAnswer(item{name: name, file: file, line: 1, text: h.Puzzle.String(), grid: h.Puzzle, arg: true, only: true})
	decodeOne(r, h, puzzleArg != "", a)
	a.elapsed(start)
	p.emit(a)
	return p.finish(false)
}

// decodeOne reads a solver's output from r and answers for the puzzle of h.
// lenient allows the variables fixed by the givens to be taken from the
// puzzle when the model does not decode as it is.
func decodeOne(r io.Reader, h encode.Header, lenient bool, a *record) {
	g := h.Puzzle
	fail := func(exit int, format string, args ...any) {
		a.Status, a.exit = statusError, exit
		a.Error = fmt.Sprintf(format, args...)
	}
	m, err := encode.ReadModel(r, h.Vars)
	if err != nil {
		fail(exitUsage, "%s", userText(err))
		return
	}
	switch m.Answer {
	case encode.Unknown:
		fail(exitUsage, "the solver gave up (UNKNOWN): no answer")
		return
	case encode.Unsatisfiable:
		if h.Block != nil {
			// The formula excluded this solution: no other exists.
			if a.blocked(g, h.Block) {
				a.Status = statusUnique
			}
			return
		}
		if ca, done := checked.Screen(g); done && ca.Status == backend.StatusNone {
			a.setImpossible(ca.Conflicts) // the clues that cannot hold say why
		}
		a.Status, a.exit, a.diag = statusNone, exitNegative, "no solution (the solver says UNSATISFIABLE)"
		if len(a.Conflicts) > 0 {
			a.diag += ": " + conflictText(a.Conflicts)
		}
		return
	}
	fixed := h.Encoding == encode.Reduced
	if h.Givens == encode.GivensOmit && !fixed {
		// The pure rules: a model is any full grid, checked as such.
		g, _ = satdoku.New(g.N())
	}
	sol, err := encode.DecodeModel(g, m, fixed)
	if err != nil && lenient && !fixed {
		// Perhaps a reduced file, or one without the givens: report the
		// strict error if that does not decode either.
		if sol2, err2 := encode.DecodeModel(g, m, true); err2 == nil {
			sol, err = sol2, nil
		}
	}
	if err != nil {
		// Not a model of this formula: two digits in a cell, or none.
		a.Status, a.exit = statusInvalid, exitNegative
		a.Conflicts = []string{"the model does not decode: " + userText(err)}
		a.diag = notThisPuzzle
		return
	}
	if !modelSolves(g, sol, a) {
		return
	}
	if h.Block != nil {
		if sol.Equal(h.Block) {
			a.Status, a.exit = statusInvalid, exitNegative
			a.Conflicts = []string{"the model is the blocked solution: it breaks the --block clause"}
			a.diag = notThisPuzzle
			return
		}
		if a.blocked(g, h.Block) {
			a.Second = shown{sol}
			a.Differ = differ(h.Block, sol)
			a.Status, a.exit = statusMultiple, exitNegative
			a.diag = "more than one solution: the solver found a second one"
		}
		return
	}
	a.Solution = shown{sol}
	a.Status = statusSolved
}

// blocked records the solution that a file's --block clause excludes: it
// must be a solution of the puzzle (the file's header says it is), else
// the file is not what satdoku wrote.
func (a *record) blocked(puzzle, block *satdoku.Grid) bool {
	if d := checked.Diagnose(puzzle, block); d != nil {
		a.Status, a.exit = statusError, exitUsage
		a.Error = "the blocked solution in the file's header does not solve its puzzle: " + strings.Join(d.Problems, "; ")
		return false
	}
	a.Solution = shown{block}
	return true
}

// notThisPuzzle is the reason given for a model that does not solve the
// puzzle: the user's mistake, most often a model of another file.
const notThisPuzzle = "the model does not solve this puzzle (is it the answer for another CNF file?)"

// modelSolves checks the grid a model decodes to against the puzzle.
// When it is not a solution, the answer is "invalid" with every problem
// (a given changed, a clash, an empty cell, as "check --solution" lists
// them), exit status 1: a model of another puzzle is the user's mistake,
// not satdoku's.
func modelSolves(puzzle, sol *satdoku.Grid, a *record) bool {
	d := checked.Diagnose(puzzle, sol)
	if d == nil {
		return true
	}
	a.setDiagnosis(d)
	a.Solution = shown{}
	a.diag = notThisPuzzle
	return false
}
