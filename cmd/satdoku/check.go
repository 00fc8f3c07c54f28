package main

import (
	"context"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/checked"
)

var cmdCheck = &command{
	name:  "check",
	short: "check the givens of puzzles for conflicts, or a solution against its puzzle",
	usage: "check [flags] [PUZZLE|FILE|-]...",
	long: `
Check reports, for each puzzle, whether its givens obey the rules (LeetCode 36,
"valid sudoku"): no digit twice in a row, a column or a box. It prints "valid",
or "invalid:" followed by every conflict in words, such as
"r1c3 and r1c7 both hold 5 (row 1)"; the cells that hold one digit in a unit
are one conflict, "3 cells hold 5 in row 1: r1c1,r1c3,r1c7", and a pair that
clashes in two units names both, "(row 1, box 1)". The grid format gives one
conflict a line, then the grid with the cells at fault marked (in reverse
video with color, else a grid of those cells alone). A valid puzzle may still
have no solution: "satdoku unique" tells.

With --solution SOLUTION (a puzzle-style grid, or a file holding one), check
tells whether SOLUTION is a complete grid that obeys the rules and keeps every
given of each PUZZLE, and lists every problem: each given changed, each
clash, the empty cells. A puzzle that comes with its solution (Kaggle's
"quizzes,solutions" CSV, QQWing's --csv --solution, "PUZZLE SOLUTION" on a
line) has that solution checked the same way.

Inputs are read as for "satdoku solve". --jobs and --stats work as for
"satdoku solve"; check runs no SAT solver, so it takes no --encoding or
--solver.`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		var so solverFlags
		solution := fs.String("solution", "", "check this completed `grid` (or the first grid in this file) against each puzzle")
		o.register(fs)
		so.registerPool(fs)
		return func(args []string) int {
			if fs.Changed("solution") {
				sol, code := readOne(e, "check: --solution", *solution)
				if sol == nil {
					return code
				}
				fn := func(_ context.Context, _ *checked.Solver, g *satdoku.Grid, a *record) { checkSolution(g, sol, a) }
				return runPuzzles(e, args, &o, &so, fn, checkText)
			}
			return runPuzzles(e, args, &o, &so, checkAnswer, checkText)
		}
	},
}

// readOne reads the single grid named by the argument of a flag (a
// puzzle, an f-puzzles link, or a file in any input format), for
// messages "satdoku CMD: --FLAG".
func readOne(e *env, what, arg string) (*satdoku.Grid, int) {
	in := newInputs([]string{arg}, e.stdin)
	defer in.close()
	it, ok := in.next()
	if !ok {
		fmt.Fprintf(e.stderr, "satdoku %s %s: no grid found\n", what, clip(arg))
		return nil, exitUsage
	}
	warnItem(e.stderr, it)
	if it.err != nil {
		fmt.Fprintf(e.stderr, "satdoku %s: %s\n", what, position(newAnswer(it)))
		return nil, exitUsage
	}
	return it.grid, exitOK
}

// checkAnswer checks the givens of g, or the solution that came with it.
func checkAnswer(_ context.Context, _ *checked.Solver, g *satdoku.Grid, a *record) {
	if a.it.sol != nil {
		// The solution that came with the puzzle.
		checkSolution(g, a.it.sol, a)
		return
	}
	c, err := answer.Check(g)
	switch {
	case err != nil:
		a.setFailure(err)
	case c.Status == answer.StatusValid:
		a.Status = statusValid
	case c.Status == answer.StatusNone:
		a.setImpossible(c.Conflicts)
		a.Status, a.exit, a.diag = statusNone, exitNegative, a.noSolution()
	default:
		a.setInvalid(c.Conflicts)
	}
}

// checkSolution checks sol against puzzle and reports every problem: each
// given changed, the empty cells, and every rule the grid breaks (grouped
// as for the givens).
func checkSolution(puzzle, sol *satdoku.Grid, a *record) {
	d := checked.Diagnose(puzzle, sol)
	if d == nil {
		a.Status = statusValid
		a.Solution = shown{sol}
		return
	}
	a.setDiagnosis(d)
}

// setDiagnosis makes the answer invalid with the problems of a grid
// offered as a solution.
func (a *record) setDiagnosis(d *checked.Diagnosis) {
	a.Status, a.exit = statusInvalid, exitNegative
	a.Conflicts, a.clash = d.Problems, d.Cells
	if d.Grid != nil {
		a.faulty = d.Grid
	}
}

func checkText(p *printer, a *record) {
	if a.Status == statusValid {
		fmt.Fprintln(p.w, statusValid)
		return
	}
	if a.Status == statusInvalid || a.Status == statusNone {
		p.invalid(a)
		return
	}
	fmt.Fprintln(p.w, a.Status)
}
