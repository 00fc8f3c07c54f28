package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/satsolve"
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

in the line format, and the grids in the grid format. Inputs are read as for
"satdoku solve".`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		var so solverFlags
		o.register(fs)
		so.register(fs)
		return func(args []string) int {
			run := func(s *satsolve.Solver, g *satdoku.Grid, a *answer) { uniqueOne(s, g, a, false) }
			return runPuzzles(e, args, &o, &so, run, uniqueText)
		}
	},
}

func uniqueText(p *printer, a *answer) {
	switch {
	case a.Status == statusUnique && a.solution != nil:
		if p.format == outGrid {
			p.separate()
			fmt.Fprintln(p.w, "unique")
			p.grid(a.solution, a.it.grid)
			return
		}
		p.w.WriteString("unique ")
		p.grid(a.solution, a.it.grid)
	case a.Status == statusMultiple && a.second != nil:
		if p.format == outGrid {
			p.separate()
			fmt.Fprintf(p.w, "multiple: the solutions differ at %s\n", strings.Join(a.Differ, " "))
			p.grid(a.solution, a.it.grid)
			p.w.WriteByte('\n')
			p.grid(a.second, a.it.grid)
			return
		}
		fmt.Fprintf(p.w, "multiple %s %s %s\n", oneLine(p, a.solution), oneLine(p, a.second), strings.Join(a.Differ, ","))
	default:
		statusLine(p, a)
	}
}

// oneLine is a grid in the printer's single-line format (line or leetcode).
func oneLine(p *printer, g *satdoku.Grid) string {
	if p.format == outLeetCode {
		return g.Format(satdoku.FormatLeetCode)
	}
	return g.String()
}
