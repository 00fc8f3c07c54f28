package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/cluereport"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

var cmdRate = &command{
	name:  "rate",
	short: "rate how hard each puzzle is for a person",
	usage: "rate [flags] [PUZZLE|FILE|-]...",
	long: `
Rate solves each puzzle by human techniques, always the easiest that
applies, and rates it by the hardest step it needed, on the scale of Sudoku
Explainer: hidden singles 1.2–1.5, naked singles 2.3, locked candidates
2.6–2.8, subsets 3.0–5.4, fish 3.2–5.2, XY- and XYZ-wings 4.2–4.4, chains
6.6–7.0, contradictions 8.0–9.0, and 10.0 ("trial") when none of them gets
further. The clues of variant puzzles have steps of their own, named after
the clue: odd and even cells 1.0, relations and lines (thermometers,
whispers, dots, XV, clones …) 2.0, sums (killer cages, arrows, little
killers …) 2.2, several clues that share cells 2.4, other clues (renban,
between, sandwiches, x-sums, skyscrapers …) 2.5, a digit every combination
of a cage holds 2.7, innies and outies and equal cells 2.9; and, for every
rule the encoder knows, steps on its clauses: a clue's own step 2.5 (what
one clue rules out alone), clue chains 7.5–9.0 (an assumption that the
clues, the cells and the units lead to a contradiction, told clue by clue)
and clue forcing 8.2–9.0 (every candidate of a cell, or place of a digit
in a unit, leads to one conclusion). --chain-steps bounds the steps of a
clue chain (and of each branch of a clue forcing step). The level word
follows the score: easy (below 2.5), medium (below 3.5), hard (below 5.5),
fiendish (below 8.0), diabolical.

Formats: line ("4.2 hard xy-wing"), grid and compact (the puzzle, then the
line), json (rating, level, technique, steps), csv (those columns added).
Inputs are read, and --jobs, --stats and --timer work, as for "satdoku
solve".`,
	setup: logicSetup(rateOne, linesText, "rating", "level", "technique", "steps"),
}

var cmdHint = &command{
	name:  "hint",
	short: "the next step a person would take",
	usage: "hint [flags] [PUZZLE|FILE|-]...",
	long: `
Hint gives, for each puzzle, the easiest technique that applies next (see
"satdoku rate"), in words and as the digits it places and the candidates it
removes, cells r/c from 1. The step is checked against the puzzle's solution
(found by gini and checked by the validator) before it is written.

Formats: line (the sentence), grid (the sentence, then the candidates with
the step marked: its placement as the cell's only mark, the candidates it
removes as 'x'), json ("step": technique, rating, text, placements and
eliminations as {"cell":"r3c5","digit":7}), csv (a column step). --jobs,
--stats and --timer work as for "satdoku solve".`,
	setup: logicSetup(hintOne, linesText, "step"),
}

var cmdExplain = &command{
	name:  "explain",
	short: "the logical solving path, or why a cell holds its digit",
	usage: "explain [flags] [PUZZLE|FILE|-]...",
	long: `
Explain writes the logical path of each puzzle, one step a line, each the
easiest technique that applies (see "satdoku rate"), ending in the solution
or in "needs trial from here", after a line naming the break-in, where a
solver starts: the first step that is no single (nor a clue's own marks),
"break-in: step 4, pointing (rating 2.6)" (in JSON "breakin": the step
with its number), or "break-in: none, singles solve it". --candidates K also shows the candidates grid
before step K (from 1). Every step is checked against the puzzle's solution
(found by gini and checked by the validator).

--cell r5c3 explains one cell instead: a set of givens that already forces
its digit, found by gini (the rules with those givens as assumptions and
another digit in the cell are unsatisfiable) and minimal: without any one
of them, the cell could hold another digit.`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var o outFlags
		var so solverFlags
		o.register(fs)
		so.registerPool(fs)
		so.registerTimeout(fs)
		cell := fs.String("cell", "", "explain why `rRcC` holds its digit")
		show := fs.Int("candidates", 0, "show the candidates before step `K`")
		lo := chainFlag(fs)
		return func(args []string) int {
			if *cell != "" {
				r, c, err := parseCellName(*cell)
				if err != nil {
					return usageError(e, err)
				}
				o.columns = []string{"cell", "digit", "givens"}
				return runPuzzles(e, args, &o, &so, logicAnswer(func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) error {
					return forcingOne(ctx, s, g, r, c, &so, a)
				}), linesText)
			}
			o.columns = []string{"path"}
			return runPuzzles(e, args, &o, &so, logicAnswer(func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) error {
				return explainOne(ctx, s, g, *show, lo, &so, a)
			}), linesText)
		}
	},
}

// parseCellName reads "r5c3" (case-insensitive) as row and column from 1.
func parseCellName(s string) (r, c int, err error) {
	t := strings.ToLower(strings.TrimSpace(s))
	rs, cs, ok := strings.Cut(strings.TrimPrefix(t, "r"), "c")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if !strings.HasPrefix(t, "r") || !ok || err1 != nil || err2 != nil || r < 1 || c < 1 {
		return 0, 0, fmt.Errorf("invalid --cell %q (want r5c3: row and column from 1)", s)
	}
	return r, c, nil
}

// logicSetup is the setup of a logic command that answers each puzzle
// with fn, whose only flags of their own are --chain-steps and --timeout.
func logicSetup(fn func(o *logic.Options, so *solverFlags) logicFunc, text textFunc, columns ...string) func(*pflag.FlagSet, *env) func([]string) int {
	return func(fs *pflag.FlagSet, e *env) func([]string) int {
		o := outFlags{columns: columns}
		var so solverFlags
		o.register(fs)
		so.registerPool(fs)
		so.registerTimeout(fs)
		lo := chainFlag(fs)
		return func(args []string) int { return runPuzzles(e, args, &o, &so, logicAnswer(fn(lo, &so)), text) }
	}
}

// chainFlag registers --chain-steps, the most steps of a clue chain, and
// returns the logic options it sets.
func chainFlag(fs *pflag.FlagSet) *logic.Options {
	o := &logic.Options{}
	fs.IntVar(&o.ChainSteps, "chain-steps", logic.DefaultChainSteps, "the most `steps` of a clue chain (and of each branch of a clue forcing step)")
	return o
}

// logicFunc answers one puzzle into a; an error is an error wrapping
// answer.ErrQuestion (exit 2), the context's, or an internal one (exit
// 3).
type logicFunc func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) error

// logicAnswer makes the answerFunc of a command answered by package
// answer beyond the SAT questions (rate, hint, explain, minimize): an
// error of fn becomes the answer's status.
func logicAnswer(fn logicFunc) answerFunc {
	return func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) {
		a.extra = &extra{}
		err := fn(ctx, s, g, a)
		switch {
		case err == nil:
		case ctx.Err() != nil:
			a.canceled = true
		case errors.Is(err, answer.ErrQuestion):
			a.Status, a.exit = statusError, exitUsage
			a.Error = strings.TrimPrefix(userText(err), answer.ErrQuestion.Error()+": ")
		default:
			a.setFailure(err)
		}
	}
}

// logicOptions are the options of package answer for a logic command.
func logicOptions(s *checked.Solver, lo *logic.Options, so *solverFlags) answer.LogicOptions {
	return answer.LogicOptions{Options: answer.Options{Solver: s, Timeout: so.timeout}, Logic: *lo}
}

// extra holds the record fields of the commands beyond solving (rate,
// hint, explain, minimize, generate); nil for the others, whose records,
// and the speed of writing them, it leaves alone. In JSON its fields
// follow "conflicts".
type extra struct {
	Minimal   string          `json:"minimal,omitempty"`   // minimize: the puzzle left
	Clues     any             `json:"clues,omitempty"`     // generate, minimize: the number (*int); clues: the list
	Rating    *float64        `json:"rating,omitempty"`    // rate, generate: the puzzle's; hint: the step's
	Level     string          `json:"level,omitempty"`     // rate, generate
	Technique string          `json:"technique,omitempty"` // rate: the hardest step's
	Steps     *int            `json:"steps,omitempty"`     // rate: the steps taken
	Step      *stepRecord     `json:"step,omitempty"`      // hint
	Path      []stepRecord    `json:"path,omitempty"`      // explain: the steps, in order
	BreakIn   *breakInRecord  `json:"breakin,omitempty"`   // explain: the first step beyond singles
	Cell      string          `json:"cell,omitempty"`      // explain --cell
	Digit     *int            `json:"digit,omitempty"`     // explain --cell: the value forced (0 too, on a board of values from 0)
	Givens    []string        `json:"givens,omitempty"`    // explain --cell: the givens that force it
	Seed      *uint64         `json:"seed,omitempty"`      // generate
	Tries     int             `json:"tries,omitempty"`     // generate
	Counts    [][]int         `json:"counts,omitempty"`    // candidates --counts: per cell, parallel to candidates
	Estimate  *estimateRecord `json:"estimate,omitempty"`  // count --estimate

	// lines are the text of the line format, one per line.
	lines []string
	// countsLine is the line form of Counts (candidates --counts).
	countsLine string
	// clues holds the fields of the clues command, and report its answer
	// for the grid it draws.
	*clueFields
	report *cluereport.Report
	// made is the puzzle made (minimize, generate).
	made *satdoku.Grid
	// grid is what the grid formats draw after the lines: a pencil-mark
	// grid (hint, explain), or nil for the puzzle's grid.
	grid []byte
	// marks and stepCells are what --format svg draws of a hint: the
	// candidates, and the cells of the step.
	marks     []uint64
	stepCells []int
}

// extraColumns are the CSV columns of the fields of extra, in order,
// after the columns every command has; a command writes those it sets
// (outFlags.columns).
var extraColumns = map[string]func(x *extra) string{
	"counts":  func(x *extra) string { return x.countsLine },
	"minimal": func(x *extra) string { return x.Minimal },
	"clues": func(x *extra) string {
		if c, ok := x.Clues.(*int); ok {
			return optional(c)
		}
		return ""
	},
	"rating":    func(x *extra) string { return optional(x.Rating) },
	"level":     func(x *extra) string { return x.Level },
	"technique": func(x *extra) string { return x.Technique },
	"steps":     func(x *extra) string { return optional(x.Steps) },
	"step": func(x *extra) string {
		if x.Step == nil {
			return ""
		}
		return x.Step.Text
	},
	"path": func(x *extra) string {
		texts := make([]string, len(x.Path))
		for i, st := range x.Path {
			texts[i] = st.Text
		}
		return strings.Join(texts, "; ")
	},
	"cell": func(x *extra) string { return x.Cell },
	"digit": func(x *extra) string {
		if x.Digit == nil {
			return ""
		}
		return strconv.Itoa(*x.Digit)
	},
	"givens": func(x *extra) string { return strings.Join(x.Givens, " ") },
	"seed":   func(x *extra) string { return optional(x.Seed) },
	"tries":  func(x *extra) string { return optional(&x.Tries) },
}

// optional writes a number, "" for nil or zero.
func optional[T int | uint64 | float64](v *T) string {
	if v == nil || *v == 0 {
		return ""
	}
	return fmt.Sprint(*v)
}

// line adds a line to the answer's text.
func (a *record) line(format string, args ...any) {
	a.extra.lines = append(a.extra.lines, fmt.Sprintf(format, args...))
}

// linesText writes the lines of a logic command's answer; in the grid
// formats they are followed by the answer's grid.
func linesText(p *printer, a *record) {
	if a.extra == nil || a.extra.lines == nil {
		p.statusLine(a)
		return
	}
	p.separate()
	for _, l := range a.extra.lines {
		fmt.Fprintln(p.w, l)
	}
	if !p.multiline() {
		return
	}
	if a.extra.grid != nil {
		if len(a.extra.grid) > 0 {
			p.w.Write(a.extra.grid)
			p.w.WriteByte('\n')
		}
		return
	}
	if g := a.it.grid; g != nil {
		p.grid(g, nil)
	}
}

// rateOne rates a puzzle with the logic options o.
func rateOne(o *logic.Options, so *solverFlags) logicFunc {
	return func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) error {
		r, err := answer.Rate(ctx, g, logicOptions(s, o, so))
		if err != nil || !a.settle(r.Solution) {
			return err
		}
		a.Status = string(r.Status)
		x := a.extra
		x.Rating, x.Level, x.Technique, x.Steps = &r.Score, r.Level, r.Technique, &r.Steps
		a.line("%.1f %s %s", r.Score, r.Level, r.Technique)
		return nil
	}
}

// cellDigit is a placement or an elimination in JSON.
type cellDigit struct {
	Cell  string `json:"cell"`
	Digit int    `json:"digit"`
}

// breakInRecord is explain's break-in in a record: the step, with its
// number.
type breakInRecord struct {
	// Step is the step's number in the path, from 1.
	Step int `json:"step"`
	stepRecord
}

// stepRecord is a logical step in a record.
type stepRecord struct {
	Technique    string      `json:"technique"`
	Rating       float64     `json:"rating"`
	Text         string      `json:"text"`
	Placements   []cellDigit `json:"placements"`
	Eliminations []cellDigit `json:"eliminations"`
}

// newStepRecord is the record of a step under rules r: its cells named
// and its digits as values, as r has them.
func newStepRecord(st logic.Step, r *satdoku.Rules) stepRecord {
	list := func(cs []logic.Candidate) []cellDigit {
		out := []cellDigit{}
		for _, c := range cs {
			out = append(out, cellDigit{r.CellName(c.Cell), r.ValueOf(c.Digit)})
		}
		return out
	}
	return stepRecord{st.Technique, st.Rating, st.Text, list(st.Placements), list(st.Eliminations)}
}

// hintOne gives the next step of a puzzle with the logic options o.
func hintOne(o *logic.Options, so *solverFlags) logicFunc {
	return func(ctx context.Context, cs *checked.Solver, g *satdoku.Grid, a *record) error {
		h, err := answer.Hint(ctx, g, logicOptions(cs, o, so))
		if err != nil || !a.settle(h.Solution) {
			return err
		}
		a.Status = string(h.Status)
		switch h.Status {
		case answer.StatusSolved:
			a.line("solved: nothing left to do")
			return nil
		case answer.StatusTrial:
			a.line("needs trial: no technique applies")
			return nil
		}
		st := h.Step
		rec := newStepRecord(st, g.Rules())
		a.extra.Step = &rec
		a.line("%s", st.Text)
		// The grid formats: the candidates, the step's placements as the
		// cell's only mark and its eliminations crossed out.
		masks, cross := slices.Clone(h.Marks), make([]uint64, g.Len())
		for _, x := range st.Eliminations {
			cross[x.Cell] |= 1 << (x.Digit - 1)
		}
		for _, x := range st.Placements {
			masks[x.Cell] = 1 << (x.Digit - 1)
		}
		a.extra.grid = textfmt.AppendMarks(nil, g.Rules(), masks, cross)
		a.extra.marks = h.Marks
		for _, x := range append(st.Placements, st.Eliminations...) {
			if !slices.Contains(a.extra.stepCells, x.Cell) {
				a.extra.stepCells = append(a.extra.stepCells, x.Cell)
			}
		}
		return nil
	}
}

// explainOne writes the logical path of g; show, from 1, shows the
// candidates before that step.
func explainOne(ctx context.Context, cs *checked.Solver, g *satdoku.Grid, show int, o *logic.Options, so *solverFlags, a *record) error {
	p, err := answer.Explain(ctx, g, logicOptions(cs, o, so))
	if err != nil || !a.settle(p.Solution) {
		return err
	}
	// The candidates before step show: the path replayed.
	s, err := logic.New(g)
	if err != nil {
		return err
	}
	path := []stepRecord{}
	for k, st := range p.Steps {
		if k+1 == show {
			a.line("%s", stateMarks(s))
		}
		path = append(path, newStepRecord(st, g.Rules()))
		a.line("%d. %s", k+1, st.Text)
		s.Apply(st)
	}
	if show == len(p.Steps)+1 {
		a.line("%s", stateMarks(s))
	}
	a.extra.Path = path
	if k := answer.BreakIn(p.Steps); k >= 0 {
		st := p.Steps[k]
		a.extra.BreakIn = &breakInRecord{Step: k + 1, stepRecord: path[k]}
		a.line("break-in: step %d, %s (rating %.1f)", k+1, st.Technique, st.Rating)
	} else if p.Status == answer.StatusSolved {
		a.line("break-in: none, singles solve it")
	} else {
		a.line("break-in: none before trial")
	}
	a.Status = string(p.Status)
	if p.Status == answer.StatusSolved {
		a.Solution = shown{p.End.Grid()}
		a.line("solved: %s", p.End.Grid().String())
		a.extra.grid = textfmt.Append(nil, p.End.Grid(), textfmt.FormatGrid)
	} else {
		a.line("needs trial from here")
		a.line("%s", stateMarks(p.End))
		a.extra.grid = []byte{} // the marks are in the lines
	}
	return nil
}

// stateMarks draws the candidates of s as a pencil-mark grid (a placed
// digit is a cell's only mark).
func stateMarks(s *logic.State) string {
	return strings.TrimRight(string(textfmt.AppendMarks(nil, s.Rules(), answer.StateMarks(s), nil)), "\n")
}

// forcingOne explains why cell (row and column from 1) holds its digit.
func forcingOne(ctx context.Context, cs *checked.Solver, g *satdoku.Grid, r, c int, so *solverFlags, a *record) error {
	f, err := answer.ExplainCell(ctx, g, verify.Cell{Row: r - 1, Col: c - 1}, answer.Options{Solver: cs, Timeout: so.timeout})
	if err != nil || !a.settle(f.Solution) {
		return err
	}
	rs := g.Rules()
	var names []string
	for _, k := range f.Givens {
		names = append(names, fmt.Sprintf("%s=%d", k.Name(rs), rs.ValueOf(g.Cell(k.Row*rs.N()+k.Col))))
	}
	a.Status = string(f.Status)
	v := rs.ValueOf(f.Digit)
	a.extra.Cell, a.extra.Digit, a.extra.Givens = f.Cell.Name(rs), &v, names
	a.line("%s must be %d: forced by the %d givens %s", a.extra.Cell, v, len(f.Givens), strings.Join(names, " "))
	return nil
}
