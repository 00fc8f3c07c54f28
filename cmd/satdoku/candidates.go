package main

import (
	"context"
	"fmt"
	"strconv"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/textfmt"
)

var cmdCandidates = &command{
	name:  "candidates",
	short: "the true candidates of each puzzle: the digits each cell holds in some solution",
	usage: "candidates [flags] [PUZZLE|FILE|-]...",
	long: `
Candidates finds, for each puzzle, its true candidates: the digits that each
cell holds in at least one solution. These are the pencil marks that no
amount of reasoning can remove; a cell with one candidate holds that digit in
every solution. It also counts the solutions, up to --limit (default 100).

gini first counts the solutions, excluding each one found, and marks the
digits of every one; below the limit it has seen them all. At the limit, it
then asks once for each candidate no solution has shown yet, assuming the
cell holds that digit: a solution marks more digits, an unsatisfiable answer
rules the candidate out. Every solution is checked by the validator before
its digits count. Inputs are read as for "satdoku solve"; there is no
--solver: the candidates need gini's assumptions.

The grid format draws a pencil-mark grid: each cell a block of its candidates
in the shape of a box (3×3 on 9×9, digit d at its place, '.' for a digit
ruled out), with the borders of the boxes or, on a jigsaw, of the regions;
above it "N solutions", "N+ solutions" when the limit was reached. The line
format prints the count ("100+" at the limit) and each cell's candidates,
row by row:

  9 8 1234 569 ...

The JSON record has "candidates": [[8],[1,2,3,4],…], one list per cell in
row-major order, "count", and "more": true when the count reached the limit;
"solution" and "second" are the first two solutions found. A puzzle with no
solution is "none" (exit status 1), one whose givens conflict "invalid".

Examples:
  satdoku candidates --format grid 8.........59.......76.........832765...476198...951243....9.516...6.4982......437
  satdoku candidates --rules x --format json puzzles.txt`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		var so solverFlags
		limit := fs.Int("limit", defaultCandidatesLimit, "count solutions up to `N` (the candidates are complete whatever the limit)")
		o.register(fs)
		so.registerSearch(fs)
		return func(args []string) int {
			if *limit < 1 {
				return usageError(e, fmt.Errorf("invalid --limit %d: must be at least 1", *limit))
			}
			fn := func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *answer) {
				candidatesOne(ctx, s, g, *limit, a)
			}
			return runPuzzles(e, args, &o, &so, fn, candidatesText)
		}
	},
}

// defaultCandidatesLimit is the --limit of candidates: each solution
// counted costs a SAT call, and the candidates are complete at any limit.
const defaultCandidatesLimit = 100

// candidatesOne finds the true candidates of g and counts its solutions up
// to limit.
func candidatesOne(ctx context.Context, s *checked.Solver, g *satdoku.Grid, limit int, a *answer) {
	ca, err := s.Candidates(ctx, g, limit)
	if !a.counted(ca, err) {
		return
	}
	a.setCountStatus(ca.Status)
	if ca.Status != backend.StatusNone {
		a.Candidates = marks(ca.Candidates)
	}
}

func candidatesText(p *printer, a *answer) {
	if a.Candidates == nil || a.Count == nil {
		p.statusLine(a)
		return
	}
	g := a.it.grid
	count := strconv.Itoa(*a.Count)
	if a.More {
		count += "+"
	}
	p.separate()
	if !p.multiline() {
		p.buf = append(p.buf[:0], count...)
		for _, m := range a.Candidates {
			p.buf = append(p.buf, ' ')
			p.buf = appendDigits(p.buf, m, g.N())
		}
		p.buf = append(p.buf, '\n')
		p.w.Write(p.buf)
		return
	}
	if *a.Count == 1 {
		fmt.Fprintf(p.w, "1 solution\n")
	} else {
		fmt.Fprintf(p.w, "%s solutions\n", count)
	}
	p.buf = append(textfmt.AppendMarks(p.buf[:0], g.Rules(), a.Candidates, nil), '\n')
	p.w.Write(p.buf)
}
