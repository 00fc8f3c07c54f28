package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/verify"
)

var cmdCheck = &command{
	name:  "check",
	short: "check the givens of puzzles for conflicts, or a solution against its puzzle",
	usage: "check [flags] [PUZZLE|FILE|-]...",
	long: `
Check reports, for each puzzle, whether its givens obey the rules (LeetCode 36,
"valid sudoku"): no digit twice in a row, a column or a box. It prints "valid",
or "invalid:" followed by every conflict in words, such as
"r1c3 and r1c7 both hold 5 (row 1)". A valid puzzle may still have no
solution: "satdoku unique" tells.

With --solution SOLUTION (a puzzle-style grid, or a file holding one), check
tells whether SOLUTION is a complete grid that obeys the rules and keeps every
given of each PUZZLE.

Inputs are read as for "satdoku solve".`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		solution := fs.String("solution", "", "check this completed `grid` (or the first grid in this file) against each puzzle")
		o.register(fs)
		return func(args []string) int {
			if fs.Changed("solution") {
				sol, code := readOne(e, "check: --solution", *solution)
				if sol == nil {
					return code
				}
				fn := func(_ context.Context, _ backend.Solver, g *satdoku.Grid, a *answer) { checkSolution(g, sol, a) }
				return runPuzzles(e, args, &o, nil, fn, checkText)
			}
			fn := func(_ context.Context, _ backend.Solver, g *satdoku.Grid, a *answer) { checkOne(g, a) }
			return runPuzzles(e, args, &o, nil, fn, checkText)
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

func checkOne(g *satdoku.Grid, a *answer) {
	if cs := verify.Check(g); len(cs) > 0 {
		a.setInvalid(cs)
		return
	}
	a.Status = statusValid
}

func checkSolution(puzzle, sol *satdoku.Grid, a *answer) {
	if err := verify.Solution(puzzle, sol); err != nil {
		a.Status = statusInvalid
		a.exit = exitNegative
		a.Conflicts = []string{strings.TrimPrefix(err.Error(), "verify: ")}
		return
	}
	a.Status = statusValid
	a.Solution = shown{sol}
}

func checkText(p *printer, a *answer) {
	if a.Status == statusValid {
		fmt.Fprintln(p.w, statusValid)
		return
	}
	if a.Status == statusInvalid {
		fmt.Fprintf(p.w, "%s: %s\n", a.Status, conflictText(a.Conflicts))
		return
	}
	fmt.Fprintln(p.w, a.Status)
}
