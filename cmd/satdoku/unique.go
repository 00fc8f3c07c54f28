package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/textfmt"
)

var cmdUnique = &command{
	name:  "unique",
	short: "tell whether each puzzle has exactly one solution",
	usage: "unique [flags] [PUZZLE|FILE|-]...",
	long: `
Unique proves, for each puzzle, whether it has exactly one solution: it solves
the puzzle, then solves it again with that solution excluded, which must be
unsatisfiable. It prints

  unique SOLUTION
  multiple SOLUTION SECOND CELLS   (CELLS: where the two differ, e.g. r1c1,r1c2)
  none
  invalid: CONFLICTS

in the line format, and the grids in the grid format. Inputs are read, and
--solver runs an external SAT solver, as for "satdoku solve".

--certify checks each unique and none verdict before it is printed, as for
"satdoku solve": a DRAT proof with --solver cadical, the validator's own count
with gini. The note follows the status:

  unique (certified: DRAT proof by cadical, checked) SOLUTION
  none (certified: independent count)
  unique (not certified: the independent count ran past its budget of 1s) SOLUTION`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		var so solverFlags
		o.register(fs)
		so.register(fs)
		return func(args []string) int {
			fn := func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) {
				uniqueOne(ctx, s, g, a, false)
			}
			return runPuzzles(e, args, &o, &so, fn, uniqueText)
		}
	},
}

// uniqueOne proves uniqueness. With solving set, the answer's diagnostic
// explains a negative result (for solve --unique).
func uniqueOne(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record, solving bool) {
	u, err := answer.Unique(ctx, g, answer.Options{Solver: s})
	if !a.takeAnswer(u, err) {
		return
	}
	switch u.Status {
	case answer.StatusNone:
		a.Status, a.exit = statusNone, exitNegative
		if solving {
			a.diag = a.noSolution()
		}
	case answer.StatusUnique:
		a.Status = statusUnique
	default:
		a.Status, a.exit = statusMultiple, exitNegative
		if solving {
			a.diag = "more than one solution (they differ at " + strings.Join(a.Differ, " ") + ")"
		}
	}
}

func uniqueText(p *printer, a *record) {
	sol, second := a.Solution.Grid, a.Second.Grid
	switch {
	case a.Status == statusUnique && sol != nil:
		if p.multiline() {
			p.separate()
			fmt.Fprintln(p.w, a.note("unique"))
			p.grid(sol, a.it.grid)
			return
		}
		p.w.WriteString(a.note("unique") + " ")
		p.grid(sol, a.it.grid)
	case a.Status == statusMultiple && second != nil:
		p.multiple(a)
	default:
		p.statusLine(a)
	}
}

// multiple writes a "multiple" answer with its two solutions and the cells
// where they differ: in the line formats "multiple SOLUTION SECOND CELLS";
// in the grid format both grids, the cells that differ highlighted in
// color, or without color followed by a third grid that holds only them.
func (p *printer) multiple(a *record) {
	sol, second := a.Solution.Grid, a.Second.Grid
	if !p.multiline() {
		fmt.Fprintf(p.w, "multiple %s %s %s\n", p.oneLine(sol), p.oneLine(second), strings.Join(a.Differ, ","))
		return
	}
	p.separate()
	p.twoGrids(a)
}

// twoGrids writes the grids of a multiple answer for the grid format (see
// multiple).
func (p *printer) twoGrids(a *record) {
	sol, second := a.Solution.Grid, a.Second.Grid
	fmt.Fprintf(p.w, "multiple: the solutions differ at %s\n", strings.Join(a.Differ, " "))
	same := sol.Clone() // blank where the solutions differ
	only := sol.Clone() // the first solution's digits where they differ
	for i := range sol.Len() {
		if sol.Cell(i) != second.Cell(i) {
			same.SetCell(i, 0)
		} else {
			only.SetCell(i, 0)
		}
	}
	for k, g := range []*satdoku.Grid{sol, second} {
		if k > 0 {
			p.w.WriteByte('\n')
		}
		if p.color {
			p.buf = append(textfmt.AppendColored(p.buf[:0], g, same, "\x1b[7m", "\x1b[0m"), '\n')
			p.w.Write(p.buf)
			continue
		}
		p.grid(g, nil)
	}
	if !p.color {
		fmt.Fprintf(p.w, "\nwhere they differ (the first solution's digits):\n")
		p.grid(only, nil)
	}
}
