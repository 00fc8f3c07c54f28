package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/generate"
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
"none" or "multiple" and exit status 1.

Formats: line (the minimal puzzle), json (puzzle, minimal, clues, solution).
Inputs are read as for "satdoku solve", with --rules.`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var lf logicFlags
		lf.register(fs)
		seed := fs.Uint64("seed", 1, "the `seed` of the order clues are tried in")
		return func(args []string) int {
			return logicLoop(e, args, &lf, func(ctx context.Context, g *satdoku.Grid, o *logicOut) error {
				min, sol, err := generate.Minimize(ctx, g, *seed)
				if errors.Is(err, generate.ErrNotUnique) {
					return fmt.Errorf("%w: %w", errNegative, err)
				}
				if err != nil {
					return err
				}
				o.record.set("status", "minimal")
				o.record.set("minimal", min.String())
				o.record.set("clues", min.Givens())
				o.record.set("solution", sol.String())
				o.line("%s", min.String())
				return nil
			})
		}
	},
}
