package main

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
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
row-major order (var cells after the grid's) of the values it may hold (0
to 3 on a board of the values 0 to 3), "count", and "more": true when the
count reached the limit; "solution" and "second" are the first two
solutions found. A puzzle with no
solution is "none" (exit status 1), one whose givens conflict "invalid".

--counts N also counts, for every candidate, the solutions that hold it, up
to N: min(solutions with that digit in that cell, N), givens included. Every
solution is checked by the validator and tallied once; when the count
reached --limit, each candidate still short of N gets a count of its own
(the puzzle with that digit placed, up to N solutions). The line format
then writes each cell as digit:count pairs, "1:8,2:3,9:1"; the grid format
adds a line per cell with several candidates after the grid, "r1c2
1:8 2:3 9:1" (a var cell by its name, "VS2 1:4 2:4"); the JSON record adds "counts", lists parallel to
"candidates" ([[8],[8,3,1],…]), and CSV a column counts in the line form.
These are the counts the f-puzzles userscript colours (see "satdoku
listen").

Examples:
  satdoku candidates --format grid 8.........59.......76.........832765...476198...951243....9.516...6.4982......437
  satdoku candidates --rules x --format json puzzles.txt`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		var so solverFlags
		limit := fs.Int("limit", defaultCandidatesLimit, "count solutions up to `N` (the candidates are complete whatever the limit)")
		counts := fs.Int("counts", 0, "count the solutions that hold each candidate, up to `N` (0: no counts)")
		o.register(fs)
		so.registerSearch(fs)
		return func(args []string) int {
			if *limit < 1 {
				return usageError(e, fmt.Errorf("invalid --limit %d: must be at least 1", *limit))
			}
			if *counts < 0 {
				return usageError(e, fmt.Errorf("invalid --counts %d: must be at least 0", *counts))
			}
			if *counts > 0 {
				o.columns = []string{"counts"}
			}
			fn := func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) {
				candidatesOne(ctx, s, g, *limit, *counts, a)
			}
			return runPuzzles(e, args, &o, &so, fn, candidatesText)
		}
	},
}

// defaultCandidatesLimit is the --limit of candidates: each solution
// counted costs a SAT call, and the candidates are complete at any limit.
const defaultCandidatesLimit = 100

// candidatesOne finds the true candidates of g and counts its solutions up
// to limit; with perCand, also the solutions that hold each candidate, up
// to perCand.
func candidatesOne(ctx context.Context, s *checked.Solver, g *satdoku.Grid, limit, perCand int, a *record) {
	m, err := answer.Candidates(ctx, g, answer.CandidateOptions{Options: answer.Options{Solver: s}, Limit: limit, PerCandidate: perCand})
	if errors.Is(err, answer.ErrQuestion) {
		// A puzzle the question does not fit (a grid that is not square).
		a.Status, a.exit = statusError, exitUsage
		a.Error = strings.TrimPrefix(userText(err), answer.ErrQuestion.Error()+": ")
		return
	}
	if !a.counted(m.Solution, m.N, m.More, err) {
		return
	}
	a.setCountStatus(m.Status)
	if m.Status == answer.StatusNone {
		return
	}
	a.Candidates = marks{m.Marks, g.Rules()}
	if perCand == 0 {
		return
	}
	n := g.N()
	x := &extra{Counts: make([][]int, len(m.Marks))}
	for i, b := range m.Marks {
		x.Counts[i] = []int{}
		for ; b != 0; b &= b - 1 {
			x.Counts[i] = append(x.Counts[i], m.Counts[i*n+bits.TrailingZeros64(b)])
		}
	}
	a.extra = x
	x.countsLine = countsText(a)
}

// countsText is the line form of the counts: each cell's value:count
// pairs, the cells separated by spaces.
func countsText(a *record) string {
	r := a.it.grid.Rules()
	var b []byte
	for i, m := range a.Candidates.masks {
		if i > 0 {
			b = append(b, ' ')
		}
		for k := 0; m != 0; m &= m - 1 {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(r.ValueOf(bits.TrailingZeros64(m)+1)), 10)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(a.extra.Counts[i][k]), 10)
			k++
		}
	}
	return string(b)
}

func candidatesText(p *printer, a *record) {
	if a.Candidates.masks == nil || a.Count == nil {
		p.statusLine(a)
		return
	}
	g := a.it.grid
	count := strconv.Itoa(*a.Count)
	if a.More {
		count += "+"
	}
	p.separate()
	withCounts := a.extra != nil && len(a.extra.Counts) == len(a.Candidates.masks)
	if !p.multiline() && withCounts {
		fmt.Fprintf(p.w, "%s %s\n", count, a.extra.countsLine)
		return
	}
	if !p.multiline() {
		p.buf = append(p.buf[:0], count...)
		for _, m := range a.Candidates.masks {
			p.buf = append(p.buf, ' ')
			p.buf = appendDigits(p.buf, m, g.Rules())
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
	p.buf = append(textfmt.AppendMarks(p.buf[:0], g.Rules(), a.Candidates.masks, nil), '\n')
	p.w.Write(p.buf)
	if withCounts {
		// Each cell with several candidates (var cells too, by their
		// names): its values with their counts.
		for i, m := range a.Candidates.masks {
			if bits.OnesCount64(m) < 2 {
				continue
			}
			p.buf = g.Rules().AppendCellName(p.buf[:0], i)
			for k := 0; m != 0; m, k = m&(m-1), k+1 {
				p.buf = fmt.Appendf(p.buf, " %d:%d", g.Rules().ValueOf(bits.TrailingZeros64(m)+1), a.extra.Counts[i][k])
			}
			p.w.Write(append(p.buf, '\n'))
		}
	}
}
