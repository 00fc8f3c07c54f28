package main

import (
	"context"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/checked"
)

var cmdMinimize = &command{
	name:  "minimize",
	short: "take out clues until every one is needed",
	usage: "minimize [flags] [PUZZLE|FILE|-]...",
	long: `
Minimize takes clues out of each puzzle, one at a time in an order drawn
from --seed, for as long as gini proves the puzzle still unique, and writes
what is left: a puzzle with the same solution in which every clue is needed.
The result is checked by the validator (on boards up to 9×9 its own count
finds it unique too). A puzzle without exactly one solution is answered
"none" or "multiple" (with two of its solutions) and exit status 1.

Formats: line (the minimal puzzle), grid and compact (it as a grid), json
(puzzle, solution, minimal, clues), csv. Inputs are read, and --jobs,
--stats and --timer work, as for "satdoku solve".`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		o := outFlags{columns: []string{"minimal", "clues"}}
		var so solverFlags
		o.register(fs)
		so.registerPool(fs)
		so.registerTimeout(fs)
		seed := fs.Uint64("seed", 1, "the `seed` of the order clues are tried in")
		return func(args []string) int {
			fn := func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) error {
				m, err := answer.Minimize(ctx, g, answer.MinimizeOptions{Options: answer.Options{Solver: s, Timeout: so.timeout}, Seed: *seed})
				if err != nil || !a.settle(m.Solution) {
					return err
				}
				a.Status = string(m.Status)
				clues := m.Puzzle.Givens()
				a.extra.Minimal, a.extra.Clues, a.Solution = m.Puzzle.String(), &clues, shown{m.Solution.Solution}
				a.extra.made = m.Puzzle
				return nil
			}
			return runPuzzles(e, args, &o, &so, logicAnswer(fn), madeText)
		}
	},
}

// madeText writes the puzzle a command made (minimize, generate): on one
// line, or as a grid.
func madeText(p *printer, a *record) {
	if a.extra == nil || a.extra.made == nil {
		p.statusLine(a)
		return
	}
	p.separate()
	p.grid(a.extra.made, nil)
}
