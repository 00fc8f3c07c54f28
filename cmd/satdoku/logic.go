package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/satsolve"
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
further. The level word follows the score: easy (below 2.5), medium (below
3.5), hard (below 5.5), fiendish (below 8.0), diabolical.

Formats: line ("4.2 hard xy-wing"), json (puzzle, rating, level,
technique, steps). Inputs are read as for "satdoku solve", with --rules.`,
	setup: logicSetup(rateOne),
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

Formats: line (the sentence), json (technique, rating, text, placements and
eliminations as {"cell":"r3c5","digit":7}).`,
	setup: logicSetup(hintOne),
}

var cmdExplain = &command{
	name:  "explain",
	short: "the logical solving path, or why a cell holds its digit",
	usage: "explain [flags] [PUZZLE|FILE|-]...",
	long: `
Explain writes the logical path of each puzzle, one step a line, each the
easiest technique that applies (see "satdoku rate"), ending in the solution
or in "needs trial from here". --candidates K also shows the candidates grid
before step K (from 1). Every step is checked against the puzzle's solution
(found by gini and checked by the validator).

--cell r5c3 explains one cell instead: a set of givens that already forces
its digit, found by gini (the rules with those givens as assumptions and
another digit in the cell are unsatisfiable) and minimal: without any one
of them, the cell could hold another digit.`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var lf logicFlags
		lf.register(fs)
		cell := fs.String("cell", "", "explain why `rRcC` holds its digit")
		show := fs.Int("candidates", 0, "show the candidates before step `K`")
		return func(args []string) int {
			if *cell != "" {
				r, c, err := parseCellName(*cell)
				if err != nil {
					return usageError(e, err)
				}
				return logicLoop(e, args, &lf, func(ctx context.Context, g *satdoku.Grid, o *logicOut) error {
					return forcingOne(ctx, g, r, c, o)
				})
			}
			return logicLoop(e, args, &lf, func(ctx context.Context, g *satdoku.Grid, o *logicOut) error {
				return explainOne(ctx, g, *show, o)
			})
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

// logicFlags are the flags of the commands that answer one puzzle at a
// time with a record of their own (rate, hint, explain, minimize).
type logicFlags struct {
	format string
	rules  string
}

func (lf *logicFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&lf.format, "format", "line", "output `format`: line or json")
	registerRules(fs, &lf.rules)
}

// logicSetup is the setup of a logic command that answers each puzzle
// with fn and has no flags of its own.
func logicSetup(fn logicFunc) func(*pflag.FlagSet, *env) func([]string) int {
	return func(fs *pflag.FlagSet, e *env) func([]string) int {
		var lf logicFlags
		lf.register(fs)
		return func(args []string) int { return logicLoop(e, args, &lf, fn) }
	}
}

// logicOut is where a logic command writes one puzzle's answer: the text
// lines, or the JSON record's fields.
type logicOut struct {
	json   bool
	w      *bufio.Writer
	record *record
}

// line writes a line of text (text formats only).
func (o *logicOut) line(format string, args ...any) {
	if !o.json {
		fmt.Fprintf(o.w, format+"\n", args...)
	}
}

// logicFunc answers one puzzle; an error is the puzzle's (exit 1 for a
// negative answer wrapped in errNegative, 3 for the rest).
type logicFunc func(ctx context.Context, g *satdoku.Grid, o *logicOut) error

// errNegative marks an answer that is the puzzle's fault: no solution, a
// cell not forced.
var errNegative = errors.New("negative")

// logicLoop runs fn on every puzzle of the inputs, one at a time, in order.
// A bad input line is reported (FILE:LINE:COL) and the rest still answered.
func logicLoop(e *env, args []string, lf *logicFlags, fn logicFunc) int {
	format, rules := lf.format, lf.rules
	if format != "line" && format != "json" {
		return usageError(e, fmt.Errorf("invalid --format %q (want line or json)", format))
	}
	in := newInputs(args, e.stdin)
	var err error
	if in.rules, err = newPuzzleRules(rules); err != nil {
		return usageError(e, err)
	}
	defer in.close()
	ctx, release := interruptContext(context.Background())
	defer release()
	out := &errWriter{w: e.stdout}
	w := bufio.NewWriter(out)
	status := exitOK
	for {
		it, ok := in.next()
		if !ok || ctx.Err() != nil {
			break
		}
		o := &logicOut{json: format == "json", w: w, record: newRecord()}
		o.record.set("line", it.line)
		if it.file != "" {
			o.record.set("file", it.file)
		}
		warnItem(e.stderr, it)
		if it.err != nil {
			a := newAnswer(it)
			fmt.Fprintf(e.stderr, "%s\n", position(a))
			status = max(status, exitUsage)
			o.record.set("status", statusError)
			o.record.set("error", a.Error)
			if o.json {
				writeJSON(w, o.record)
			}
			continue
		}
		o.record.set("puzzle", it.grid.String())
		o.record.set("status", "") // each command says; here for the field's place
		if err := fn(ctx, it.grid, o); err != nil {
			if ctx.Err() != nil {
				break
			}
			code := exitInternal
			if errors.Is(err, errNegative) {
				code = exitNegative
			}
			msg := strings.TrimPrefix(err.Error(), "negative: ")
			fmt.Fprintf(e.stderr, "%s: %s\n", where(it), msg)
			status = max(status, code)
			o.record.set("status", statusError)
			o.record.set("error", msg)
			if code == exitNegative {
				o.record.set("status", statusNone)
			}
		}
		if o.json {
			writeJSON(w, o.record)
		}
		if isTerminal(e.stdout) {
			w.Flush()
		}
		if out.err != nil {
			break
		}
	}
	w.Flush()
	if out.err != nil {
		fmt.Fprintf(e.stderr, "satdoku: %v\n", out.err)
		return exitInternal
	}
	if ctx.Err() != nil {
		return exitInterrupt
	}
	return status
}

func writeJSON(w *bufio.Writer, rec *record) {
	b, _ := json.Marshal(rec)
	w.Write(append(b, '\n'))
}

// solution finds g's solution with gini, checked by the validator: the
// reference every logical step is checked against. A puzzle with no
// solution is a negative answer; one with several keeps the first.
func solution(ctx context.Context, g *satdoku.Grid) (*satdoku.Grid, error) {
	ca, err := checked.New(satsolve.New(satsolve.Options{}), checked.Options{}).Solve(ctx, g)
	switch {
	case err != nil:
		return nil, fmt.Errorf("internal error: %w", err)
	case ca.Status == backend.StatusInvalid:
		lines, _ := checked.Describe(g.N(), ca.Conflicts)
		return nil, fmt.Errorf("%w: conflicting givens: %s", errNegative, conflictText(lines))
	case ca.Status != backend.StatusSolved:
		return nil, fmt.Errorf("%w: no solution", errNegative)
	}
	return ca.Solution, nil
}

// checkStep checks a step against a solution: it places the solution's
// digits and removes none of them.
func checkStep(st logic.Step, sol *satdoku.Grid) error {
	for _, p := range st.Placements {
		if sol.Cell(p.Cell) != p.Digit {
			return fmt.Errorf("internal error: step %q places %d, the solution has %d", st.Text, p.Digit, sol.Cell(p.Cell))
		}
	}
	for _, x := range st.Eliminations {
		if sol.Cell(x.Cell) == x.Digit {
			return fmt.Errorf("internal error: step %q removes the solution's digit", st.Text)
		}
	}
	return nil
}

func rateOne(ctx context.Context, g *satdoku.Grid, o *logicOut) error {
	r, err := logic.Rate(g)
	if err != nil {
		if errors.Is(err, logic.ErrInvalid) || errors.Is(err, logic.ErrNoSolution) {
			return fmt.Errorf("%w: %w", errNegative, err)
		}
		return err
	}
	o.record.set("status", "rated")
	o.record.set("rating", r.Score)
	o.record.set("level", r.Level)
	o.record.set("technique", r.Technique)
	o.record.set("steps", r.Steps)
	o.line("%.1f %s %s", r.Score, r.Level, r.Technique)
	return nil
}

// cellDigit is a placement or an elimination in JSON.
type cellDigit struct {
	Cell  string `json:"cell"`
	Digit int    `json:"digit"`
}

// stepRecord is a step in JSON.
func stepRecord(st logic.Step, n int) *record {
	list := func(cs []logic.Candidate) []cellDigit {
		out := []cellDigit{}
		for _, c := range cs {
			out = append(out, cellDigit{fmt.Sprintf("r%dc%d", c.Cell/n+1, c.Cell%n+1), c.Digit})
		}
		return out
	}
	r := newRecord()
	r.set("technique", st.Technique)
	r.set("rating", st.Rating)
	r.set("text", st.Text)
	r.set("placements", list(st.Placements))
	r.set("eliminations", list(st.Eliminations))
	return r
}

// record is a JSON object whose fields keep the order they were first set
// in, as the records of the other commands do.
type record struct {
	keys []string
	vals map[string]any
}

func newRecord() *record { return &record{vals: map[string]any{}} }

// set sets field k to v.
func (r *record) set(k string, v any) {
	if _, ok := r.vals[k]; !ok {
		r.keys = append(r.keys, k)
	}
	r.vals[k] = v
}

// merge sets the fields of q in r, in q's order.
func (r *record) merge(q *record) {
	for _, k := range q.keys {
		r.set(k, q.vals[k])
	}
}

// MarshalJSON writes the fields in order.
func (r *record) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, k := range r.keys {
		if i > 0 {
			b = append(b, ',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(r.vals[k])
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, kb...), ':'), vb...)
	}
	return append(b, '}'), nil
}

// solvedState returns g's solution (see solution) and the logical state
// of g that steps are taken from.
func solvedState(ctx context.Context, g *satdoku.Grid) (*satdoku.Grid, *logic.State, error) {
	sol, err := solution(ctx, g)
	if err != nil {
		return nil, nil, err
	}
	s, err := logic.New(g)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", errNegative, err)
	}
	return sol, s, nil
}

func hintOne(ctx context.Context, g *satdoku.Grid, o *logicOut) error {
	sol, s, err := solvedState(ctx, g)
	if err != nil {
		return err
	}
	st, ok := s.Next()
	if !ok {
		if s.Solved() {
			o.record.set("status", "solved")
			o.line("solved: nothing left to do")
			return nil
		}
		o.record.set("status", "trial")
		o.line("needs trial: no technique applies")
		return nil
	}
	if err := checkStep(st, sol); err != nil {
		return err
	}
	o.record.set("status", "hint")
	o.record.merge(stepRecord(st, g.N()))
	o.line("%s", st.Text)
	return nil
}

func explainOne(ctx context.Context, g *satdoku.Grid, show int, o *logicOut) error {
	sol, s, err := solvedState(ctx, g)
	if err != nil {
		return err
	}
	steps := []*record{}
	for k := 1; ; k++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if k == show {
			o.line("%s", stateMarks(s))
		}
		st, ok := s.Next()
		if !ok {
			break
		}
		if err := checkStep(st, sol); err != nil {
			return err
		}
		steps = append(steps, stepRecord(st, g.N()))
		o.line("%d. %s", k, st.Text)
		s.Apply(st)
	}
	o.record.set("steps", steps)
	if s.Solved() {
		o.record.set("status", "solved")
		o.record.set("solution", s.Grid().String())
		o.line("solved: %s", s.Grid().String())
	} else {
		o.record.set("status", "trial")
		o.line("needs trial from here")
		o.line("%s", stateMarks(s))
	}
	return nil
}

// stateMarks draws the candidates of s as a pencil-mark grid (a placed
// digit is a cell's only mark).
func stateMarks(s *logic.State) string {
	n := s.N()
	masks := make([]uint64, n*n)
	for i := range masks {
		if v := s.Value(i); v != 0 {
			masks[i] = 1 << (v - 1)
		} else {
			masks[i] = s.Candidates(i)
		}
	}
	return strings.TrimRight(string(appendMarks(nil, s.Rules(), masks)), "\n")
}

func forcingOne(ctx context.Context, g *satdoku.Grid, r, c int, o *logicOut) error {
	n := g.N()
	if r > n || c > n {
		return fmt.Errorf("%w: r%dc%d is off the %d×%d board", errNegative, r, c, n, n)
	}
	i := (r-1)*n + c - 1
	d, core, err := satsolve.Forcing(ctx, g, i)
	if err != nil {
		if errors.Is(err, satsolve.ErrNotForced) {
			return fmt.Errorf("%w: %w", errNegative, err)
		}
		return err
	}
	sol, err := solution(ctx, g)
	if err != nil {
		return err
	}
	if sol.Cell(i) != d {
		return fmt.Errorf("internal error: r%dc%d forced to %d, the solution has %d", r, c, d, sol.Cell(i))
	}
	var names []string
	for _, k := range core {
		names = append(names, fmt.Sprintf("r%dc%d=%d", k/n+1, k%n+1, g.Cell(k)))
	}
	o.record.set("status", "forced")
	o.record.set("cell", fmt.Sprintf("r%dc%d", r, c))
	o.record.set("digit", d)
	o.record.set("givens", names)
	o.line("r%dc%d must be %d: forced by the %d givens %s", r, c, d, len(core), strings.Join(names, " "))
	return nil
}
