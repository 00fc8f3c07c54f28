package main

import (
	"context"
	"fmt"
	"strconv"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
)

var cmdCount = &command{
	name:  "count",
	short: "count the solutions of each puzzle, up to a limit",
	usage: "count [flags] [PUZZLE|FILE|-]...",
	long: `
Count counts the solutions of each puzzle with the SAT solver, excluding each
solution found until the formula is unsatisfiable or --limit solutions have
been found. It prints the count, followed by "+" when the limit was reached
(there may be more). A puzzle that runs past --timeout prints "timeout" with
the solutions found by then, "timeout 1234+" (in JSON "count" and "more"). Every solution counted is checked by the validator.
Inputs are read, and --solver runs an external SAT solver, as for "satdoku
solve".

A count below the limit rests on the last solve being unsatisfiable, with
every solution found excluded; --certify checks that claim, as for "satdoku
solve", and the note follows the count: "1 (certified: independent count)".`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		var so solverFlags
		limit := fs.Int("limit", 2, "stop counting at `N` solutions")
		o.register(fs)
		so.register(fs)
		return func(args []string) int {
			if *limit < 1 {
				return usageError(e, fmt.Errorf("invalid --limit %d: must be at least 1", *limit))
			}
			c := so.certifier()
			fn := func(ctx context.Context, s backend.Solver, g *satdoku.Grid, a *answer) {
				countOne(ctx, s, g, *limit, a, c)
			}
			return runPuzzles(e, args, &o, &so, fn, countText)
		}
	},
}

// setFound records n solutions counted up to limit, and the first two of
// them after the validator has accepted them; it reports false when it
// rejected one (the answer is then an internal error).
func (a *answer) setFound(g *satdoku.Grid, n, limit int, sol, second *satdoku.Grid) bool {
	if n > 0 && !a.setSolution(g, sol) {
		return false
	}
	if n > 1 && !a.setSecond(g, second) {
		return false
	}
	a.Count, a.More = &n, n >= limit
	return true
}

// countOne counts the solutions of g up to limit; c certifies a count
// below the limit (nil: no --certify).
func countOne(ctx context.Context, s backend.Solver, g *satdoku.Grid, limit int, a *answer, c *certifier) {
	res, ok := ask(g, a, func() (backend.Result, error) { return s.Count(ctx, g, limit) })
	if !ok {
		switch {
		case a.Status == statusInvalid:
			zero := 0
			a.Count = &zero
		case a.Status == statusTimeout && res.Count > 0:
			// The solutions found before the deadline: at least
			// that many.
			n := res.Count
			a.Count, a.More = &n, true
		}
		return
	}
	if !a.setFound(g, res.Count, limit, res.Solution, res.Second) {
		return
	}
	n := res.Count
	switch {
	case n == 0:
		a.Status, a.exit = statusNone, exitNegative
	case n == 1 && limit == 1:
		a.Status = statusSolved
	case n == 1:
		a.Status = statusUnique
	default:
		a.Status = statusMultiple
	}
	c.check(ctx, g, res, n, a)
}

func countText(p *printer, a *answer) {
	if a.Status == statusTimeout && a.Count != nil {
		p.separate()
		fmt.Fprintf(p.w, "%s %d+\n", a.Status, *a.Count)
		return
	}
	if a.Count == nil || a.Status == statusInvalid {
		p.statusLine(a)
		return
	}
	p.separate()
	if a.More {
		fmt.Fprintf(p.w, "%d+\n", *a.Count)
	} else {
		fmt.Fprintln(p.w, a.note(strconv.Itoa(*a.Count)))
	}
	if p.multiline() && a.Status == statusMultiple && a.Second.Grid != nil {
		// The grid format shows two of the solutions, and where they differ.
		p.twoGrids(a)
	}
}
