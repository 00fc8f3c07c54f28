package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/cluereport"
)

var cmdClues = &command{
	name:  "clues",
	short: "which clues each puzzle needs, and what would make it unique",
	usage: "clues [flags] [PUZZLE|FILE|-]...",
	long: `
Clues answers a setter's questions about each puzzle, on one gini instance
per puzzle with a switch per clue: every given digit, every variant clue
(a cage, a line, an arrow, a dot, a little killer…) and every global rule
(anti-knight, a diagonal, nonconsecutive, disjoint groups…).

For a unique puzzle each clue is needed (without it the puzzle has another
solution: the solver finds it, the validator checks it, and the cells where
it differs are named) or redundant (without it the puzzle is still unique:
the solver proves it, UNSAT). Then a set of clues that can all go at once
with the puzzle still unique: greedy, each redundant clue taken in order
when it can go with those already taken, so no other clue can join it, but
not necessarily the largest such set.

For a puzzle with several solutions: their number (exact up to --limit,
else "N or more"), the cells that differ, and suggestions: each given that
alone makes the puzzle unique, else the digits of the cell that splits the
solutions most evenly, with the solutions each leaves. For a puzzle with no
solution: clues whose removal together makes it solvable, each of them
needed for the contradiction (found from the solver's unsatisfiable cores).

Formats: grid (the puzzle with each given marked, needed as "5", redundant
as "(5)", then the other clues one a line), line (the lines alone), json
("clues": kind, cells, digit, needed, witness, differ; "removable" as
indexes into clues; "count", "more", "differ" and "suggest" with cell,
digit, leaves; "conflict"), svg (the puzzle drawn with its redundant
givens grey and struck through, its redundant clues faded and its
redundant global rules marked "(redundant)" under the board). Exit status
1 for a puzzle that is not unique.
Inputs are read, and --jobs, --stats and --timer work, as for "satdoku
solve".`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		o := outFlags{}
		var so solverFlags
		o.register(fs)
		so.registerPool(fs)
		so.registerTimeout(fs)
		limit := fs.Int("limit", cluereport.DefaultLimit, "count up to `N` solutions of a puzzle with several (and of each suggestion)")
		budget := fs.Duration("query-budget", cluereport.DefaultQueryBudget, "the `duration` each clue's question may take; past it the clue is undecided and the rest go on")
		fs.BoolVar(&so.certify, "certify", false, "certify each redundant verdict, and the removable set, with the validator's own count within --certify-budget")
		fs.DurationVar(&so.budget, "certify-budget", defaultCertifyBudget, "with --certify, the `duration` the independent counts may take per puzzle, beyond which the rest are not certified")
		return func(args []string) int {
			fn := cluesOne(*limit, *budget, &so)
			return runPuzzles(e, args, &o, &so, logicAnswer(fn), cluesText)
		}
	},
}

// cluesOne answers a puzzle of the clues command, counting up to limit.
func cluesOne(limit int, budget time.Duration, so *solverFlags) logicFunc {
	return func(ctx context.Context, _ *checked.Solver, g *satdoku.Grid, a *record) error {
		if limit < 1 {
			return fmt.Errorf("%w: a limit of %d (want at least 1)", answer.ErrQuestion, limit)
		}
		if budget <= 0 {
			return fmt.Errorf("%w: a query budget of %v (want a positive duration)", answer.ErrQuestion, budget)
		}
		r, err := answer.Clues(ctx, g, answer.ClueOptions{Options: answer.Options{Timeout: so.timeout}, Limit: limit, QueryBudget: budget, Clues: a.it.clues, Certify: so.certify, CertifyBudget: so.budget})
		if err != nil {
			return err
		}
		cluesRecord(a, g, &r)
		return nil
	}
}

// clueRecord is a clue in JSON.
type clueRecord struct {
	Kind      string   `json:"kind"`
	Cells     []string `json:"cells"`
	Digit     *int     `json:"digit,omitempty"` // a given's value (0 too, on a board of values from 0)
	Detail    string   `json:"detail,omitempty"`
	Needed    *bool    `json:"needed,omitempty"`
	Certified bool     `json:"certified,omitempty"` // --certify: the validator's count agrees it is redundant
	Undecided bool     `json:"undecided,omitempty"` // no answer within --query-budget
	Witness   string   `json:"witness,omitempty"`
	Differ    []string `json:"differ,omitempty"`
}

// suggestRecord is a suggestion in JSON.
type suggestRecord struct {
	Cell   string `json:"cell"`
	Digit  int    `json:"digit"`
	Leaves int    `json:"leaves"`
	More   bool   `json:"more,omitempty"` // leaves reached --limit
}

// clueFields are the record fields of clues.
type clueFields struct {
	Removable []int `json:"removable,omitempty"`
	// RemovableCertified: --certify, the validator's count finds the
	// puzzle without the removable set unique.
	RemovableCertified bool            `json:"removable_certified,omitempty"`
	Suggest            []suggestRecord `json:"suggest,omitempty"`
	Conflict           []int           `json:"conflict,omitempty"`
}

// cluesRecord fills a from report r of puzzle g.
func cluesRecord(a *record, g *satdoku.Grid, r *answer.ClueReport) {
	a.Status, a.exit, a.diag = string(r.Status), r.Status.Exit(false), r.Reason
	if r.Status == answer.StatusTimeout {
		return
	}
	rs := g.Rules()
	rep := &r.Report
	names := func(cells []int) []string { return cellNames(rs, cells) }
	list := make([]clueRecord, len(rep.Clues))
	for k, c := range rep.Clues {
		cr := clueRecord{Kind: c.Kind, Cells: names(c.Cells), Digit: value(rs, c.Digit), Detail: c.Detail}
		if c.Global {
			cr.Cells = []string{}
		}
		if rep.Status == cluereport.Unique && !c.Undecided {
			cr.Needed = &rep.Clues[k].Needed
		}
		cr.Undecided = c.Undecided
		cr.Certified = c.Certified
		if c.Witness != nil {
			cr.Witness, cr.Differ = c.Witness.String(), names(c.Differs)
		}
		list[k] = cr
	}
	x := a.extra
	x.Clues = list
	x.clueFields = &clueFields{Removable: rep.Removable, RemovableCertified: rep.RemovableCertified, Conflict: rep.Conflict}
	x.report = rep
	if rep.Solution != nil {
		a.Solution = shown{rep.Solution}
	}
	switch rep.Status {
	case cluereport.Unique:
		needed, undecided := 0, 0
		for _, c := range rep.Clues {
			switch {
			case c.Needed:
				needed++
			case c.Undecided:
				undecided++
			}
		}
		und := ""
		if undecided > 0 {
			und = fmt.Sprintf(", %d undecided", undecided)
		}
		a.line("unique: %d clues, %d needed, %d redundant%s; %d can go together (greedy)", len(rep.Clues), needed, len(rep.Clues)-needed-undecided, und, len(rep.Removable))
		var givens []string
		for _, c := range rep.Clues {
			if c.Kind == "given" && !c.Needed && !c.Undecided {
				givens = append(givens, fmt.Sprintf("%s=%d", rs.CellName(c.Cells[0]), rs.ValueOf(c.Digit)))
			}
		}
		if len(givens) > 0 {
			a.line("  redundant givens: %s", strings.Join(givens, " "))
		}
		for _, c := range rep.Clues {
			switch {
			case c.Undecided:
				a.line("  undecided  %s: no answer within --query-budget", c.String())
			case c.Kind == "given":
			case c.Needed:
				a.line("  needed     %s: without it another solution differs in %d cells (%s)", c.String(), len(c.Differs), cellSpan(rs, c.Differs, 6))
			case c.Certified:
				a.line("  redundant  %s (certified: the validator's count)", c.String())
			default:
				a.line("  redundant  %s", c.String())
			}
		}
		if len(rep.Removable) > 0 {
			parts := make([]string, len(rep.Removable))
			for k, i := range rep.Removable {
				parts[k] = rep.Clues[i].String()
			}
			a.line("  can go together: %s", strings.Join(parts, "; "))
		}
	case cluereport.Multiple:
		a.Count, a.More = &rep.Count, rep.CountAtLeast
		a.Differ = names(rep.Differs)
		more := ""
		if rep.CountAtLeast {
			more = " or more"
		}
		a.line("multiple: %d%s solutions, differing in %d cells", rep.Count, more, len(rep.Differs))
		for _, s := range rep.Suggest {
			x.Suggest = append(x.Suggest, suggestRecord{Cell: rs.CellName(s.Cell), Digit: rs.ValueOf(s.Digit), Leaves: s.Leaves, More: s.LeavesAtLeast})
			if s.Leaves == 1 {
				a.line("  a %d at %s makes it unique", rs.ValueOf(s.Digit), rs.CellName(s.Cell))
				continue
			}
			more := ""
			if s.LeavesAtLeast {
				more = " or more"
			}
			a.line("  a %d at %s leaves %d%s solutions", rs.ValueOf(s.Digit), rs.CellName(s.Cell), s.Leaves, more)
		}
	case cluereport.None:
		a.line("none: without these %d clues it has a solution:", len(rep.Conflict))
		for _, k := range rep.Conflict {
			a.line("  %s", rep.Clues[k].String())
		}
	}
}

// value is the value digit d stands for under r (satdoku.Rules.ValueOf),
// and nil for no digit (a clue that is no given).
func value(r *satdoku.Rules, d int) *int {
	if d == 0 {
		return nil
	}
	v := r.ValueOf(d)
	return &v
}

// cellSpan names up to most cells, as r names them, then "…".
func cellSpan(r *satdoku.Rules, cells []int, most int) string {
	parts := []string{}
	for k, i := range cells {
		if k == most {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, r.CellName(i))
	}
	return strings.Join(parts, " ")
}

// cluesText writes a clues answer: in the grid formats the puzzle with its
// givens marked needed "5" or redundant "(5)", then the lines.
func cluesText(p *printer, a *record) {
	x := a.extra
	if x == nil || x.report == nil || !p.multiline() {
		linesText(p, a)
		return
	}
	p.separate()
	p.w.Write(markedGrid(a.it.grid, x.report))
	for _, l := range x.lines {
		fmt.Fprintln(p.w, l)
	}
}

// markedGrid draws puzzle g with each given's verdict (unique puzzles):
// "5" needed, "(5)" redundant, "." empty; box borders when the boxes are
// rectangles.
func markedGrid(g *satdoku.Grid, rep *cluereport.Report) []byte {
	n := g.N()
	redundant := map[int]bool{}
	for _, c := range rep.Clues {
		if c.Kind == "given" && !c.Needed && rep.Status == cluereport.Unique {
			redundant[c.Cells[0]] = true
		}
	}
	h, w := g.Rules().BoxShape()
	width := 3
	if n > 9 {
		width = 4
	}
	var b bytes.Buffer
	for r := range n {
		if r > 0 && h > 0 && r%h == 0 {
			for c := range n {
				if c > 0 && w > 0 && c%w == 0 {
					b.WriteString("+")
				}
				b.WriteString(strings.Repeat("-", width))
			}
			b.WriteByte('\n')
		}
		for c := range n {
			if c > 0 && w > 0 && c%w == 0 {
				b.WriteString("|")
			}
			i := r*n + c
			s := "."
			if d := g.Cell(i); d != 0 {
				s = string(g.Rules().AppendSymbol(nil, d))
				if redundant[i] {
					s = "(" + s + ")"
				}
			}
			fmt.Fprintf(&b, "%*s", width, center(s, width))
		}
		b.Truncate(len(bytes.TrimRight(b.Bytes(), " ")))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// center pads s to width, one space more on the right.
func center(s string, width int) string {
	pad := width - len([]rune(s))
	if pad <= 0 {
		return s
	}
	return strings.Repeat(" ", pad/2) + s + strings.Repeat(" ", pad-pad/2)
}
