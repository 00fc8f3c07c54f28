// Package pageapi answers the questions of satdoku's page (package web)
// with package answer: one function, Answer, that takes the question and
// a JSON request and returns a JSON answer. Both ways of serving the page
// call it, so that they answer alike: satdoku serve (POST
// /api/page/QUESTION) and the page's own WebAssembly build (the function
// satdokuPage, see Register).
//
// The page never gives a puzzle's solution away unasked: "view" draws the
// puzzle as given (never a solution it carries), and only "solution",
// "candidates", "hint" and "path" answer with digits a person has not
// placed. The package imports neither net/http nor the external solvers,
// so that the page's WebAssembly stays small.
package pageapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/fpuzzles" // f-puzzles JSON and links, and their cosmetic marks
	_ "github.com/satdoku/satdoku/iss"    // sigh's Interactive Sudoku Solver
	"github.com/satdoku/satdoku/link/targets"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/render"
	_ "github.com/satdoku/satdoku/sudokumaker" // SudokuMaker links
	_ "github.com/satdoku/satdoku/sudokupad"   // SudokuPad links
	"github.com/satdoku/satdoku/textfmt"
)

// Questions are the questions Answer answers.
var Questions = []string{"view", "verdict", "count", "estimate", "candidates", "solution", "hint", "path", "clues", "rate", "links"}

// CountLimit is the most solutions "count" counts exactly; past it the
// count is "CountLimit+" and the page asks for an estimate.
const CountLimit = 1000

// CandidateCap is the most solutions counted for each true candidate:
// f-puzzles' solver colours a candidate's count up to 8 and no further,
// and so does the page.
const CandidateCap = 8

// EstimateTime bounds an estimate of the number of solutions.
const EstimateTime = 8 * time.Second

// Options tune Answer.
type Options struct {
	// Timeout, when positive, bounds each search: past it the answer's
	// status is "timeout".
	Timeout time.Duration
}

// Request is the body of a question.
type Request struct {
	// Puzzle is the puzzle in any format satdoku reads, as pasted.
	Puzzle string `json:"puzzle"`
	// Steps, for "hint", is the number of steps the person has applied
	// from the start: the hint is the next one.
	Steps int `json:"steps,omitempty"`
	// Many, for "candidates", says that "count" found more than
	// CountLimit solutions: the candidates are counted up to
	// CandidateCap without counting the solutions again. (Given for a
	// puzzle with fewer, the counts are capped all the same.)
	Many bool `json:"many,omitempty"`
}

// maxSteps bounds Request.Steps (no puzzle needs more steps than it has
// candidates).
const maxSteps = 64 * 64 * 64

// ErrQuestion reports a question Answer does not know, or a request it
// cannot read.
var ErrQuestion = errors.New("pageapi: bad question")

// Answer answers the question q on the request body (a JSON Request)
// with a JSON object. A puzzle that cannot be read, or two puzzles where
// one was wanted, is an answer with "error" set, saying what is wrong in
// the user's terms; the error returned is for a question unknown, a body
// that is not a Request, ctx canceled, or an answer that failed its check.
func Answer(ctx context.Context, q string, body []byte, opt Options) ([]byte, error) {
	var req Request
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, fmt.Errorf("%w: the body is not a request: %w", ErrQuestion, err)
	}
	if req.Steps < 0 || req.Steps > maxSteps {
		return nil, fmt.Errorf("%w: %d steps", ErrQuestion, req.Steps)
	}
	f, ok := questions[q]
	if !ok {
		return nil, fmt.Errorf("%w: no question %q (want one of %s)", ErrQuestion, q, strings.Join(Questions, ", "))
	}
	start := time.Now()
	p, err := read(req.Puzzle)
	if err != nil {
		return marshal(map[string]any{"error": answer.Message(err)})
	}
	out, err := f(ctx, p, req, answer.Options{Timeout: opt.Timeout})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, userError{err}
	}
	out["ms"] = time.Since(start).Milliseconds()
	return marshal(out)
}

func marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// object is a JSON answer.
type object = map[string]any

var questions map[string]func(context.Context, textfmt.Puzzle, Request, answer.Options) (object, error)

func init() {
	questions = map[string]func(context.Context, textfmt.Puzzle, Request, answer.Options) (object, error){
		"view": view, "verdict": verdict, "count": count, "estimate": estimate,
		"candidates": candidates, "solution": solution, "hint": hint, "path": path,
		"clues": clues, "rate": rate, "links": links,
	}
}

// read reads the one puzzle of text, as the command line reads its
// standard input; an empty text, text that is no puzzle, and more than
// one puzzle are errors in the user's terms.
func read(text string) (textfmt.Puzzle, error) {
	if strings.TrimSpace(text) == "" {
		return textfmt.Puzzle{}, errors.New("no puzzle: the box is empty")
	}
	r, _ := textfmt.Open(strings.NewReader(text))
	p, err := r.Next()
	if errors.Is(err, io.EOF) {
		return p, errors.New("no puzzle: only blank lines and comments")
	}
	if err != nil {
		return p, fmt.Errorf("cannot read the puzzle: %s", inputError(err, p.Line))
	}
	if p.Grid == nil {
		return p, errors.New("cannot read the puzzle")
	}
	q, err := r.Next()
	switch {
	case errors.Is(err, io.EOF):
		return p, nil
	case err == nil || q.Line > 0:
		more := "a second puzzle"
		if q.Line > 0 {
			more = fmt.Sprintf("a second puzzle on line %d", q.Line)
		}
		return textfmt.Puzzle{}, fmt.Errorf("two puzzles: the first on line %d and %s; paste one puzzle at a time", max(p.Line, 1), more)
	}
	return p, nil
}

// inputError is a reader's error as the user reads it: "line 3, column
// 17: …" rather than "3:17: …".
func inputError(err error, line int) string {
	var pe *satdoku.ParseError
	msg := answer.Message(err)
	if !errors.As(err, &pe) {
		if line > 1 {
			return fmt.Sprintf("line %d: %s", line, msg)
		}
		return msg
	}
	if at := pe.Pos.String(); at != "-" {
		msg = strings.TrimSpace(strings.TrimPrefix(msg, at+":"))
	}
	var where []string
	if pe.Pos.Line > 0 {
		where = append(where, fmt.Sprintf("line %d", pe.Pos.Line))
	}
	if pe.Pos.Column > 0 {
		where = append(where, fmt.Sprintf("column %d", pe.Pos.Column))
	}
	if pe.Pos.Path != "" {
		where = append(where, pe.Pos.Path)
	}
	if len(where) == 0 {
		return msg
	}
	return strings.Join(where, ", ") + ": " + msg
}

// cells returns the cells of indexes as rules r name them ("r1c1", a var
// cell's name: satdoku.Rules.CellName).
func cells(r *satdoku.Rules, idx []int) []string {
	out := make([]string, 0, len(idx))
	for _, i := range idx {
		out = append(out, r.CellName(i))
	}
	return out
}

// digits writes a grid as one line, "." for an empty cell; digits above 9
// as letters (A for 10), as the text formats do.
func digits(g *satdoku.Grid) string {
	if g == nil {
		return ""
	}
	return strings.TrimSpace(textfmt.String(g, textfmt.FormatLine))
}

// common is what every answer says of its status, under the puzzle's
// rules r.
func common(c answer.Common, r *satdoku.Rules) object {
	o := object{"status": string(c.Status)}
	if c.Reason != "" {
		o["reason"] = c.Reason
	}
	if len(c.Conflicts) > 0 {
		lines, at := c.ConflictLines(r)
		o["conflicts"] = lines
		o["conflictCells"] = cells(r, at)
	}
	return o
}

// view is the puzzle as given: its board (never a solution it carries),
// its title, setter and rules text, and what the reader dropped.
func view(_ context.Context, p textfmt.Puzzle, r Request, ao answer.Options) (object, error) {
	g := p.Grid
	shapes := cosmetics(r.Puzzle)
	svg, err := render.String(&render.Board{Givens: g, Clues: p.Clues, Title: p.Title, Shapes: shapes})
	if err != nil {
		return nil, err
	}
	o := object{"n": g.N(), "svg": svg, "givens": digits(g)}
	for k, v := range map[string]string{"title": p.Title, "author": p.Author, "rules": p.Rules} {
		if v != "" {
			o[k] = v
		}
	}
	if len(p.Warnings) > 0 {
		var ws []string
		for _, w := range p.Warnings {
			ws = append(ws, drawn(w, shapes))
		}
		o["warnings"] = ws
	}
	if len(p.Unread) > 0 {
		o["unread"] = p.Unread
	}
	if tags := g.Rules().Tags(); len(tags) > 0 {
		o["tags"] = tags
	}
	c, err := answer.Check(g)
	if err == nil && c.Status == answer.StatusInvalid {
		o["check"] = common(c, g.Rules())
	}
	return o, nil
}

// cosmetics are the marks an f-puzzles puzzle draws for looks alone, as
// shapes to draw; none for the other formats.
func cosmetics(text string) []render.Shape {
	data := []byte(strings.TrimSpace(text))
	if !fpuzzles.Detect(data) {
		return nil
	}
	fp, err := fpuzzles.Read(data)
	if err != nil {
		return nil
	}
	var out []render.Shape
	for _, c := range fp.Cosmetics {
		out = append(out, render.Shape{Kind: c.Kind, Cells: c.Cells, Lines: c.Lines, Text: c.Value,
			Stroke: c.Outline, Fill: c.Fill, Font: c.Font, Width: c.Width, Height: c.Height, Size: c.Size, Angle: c.Angle})
	}
	return out
}

// drawn rewords the reader's warning that a cosmetic mark was ignored
// when the board draws that kind of mark.
func drawn(w string, shapes []render.Shape) string {
	rest, ok := strings.CutPrefix(w, `ignored "`)
	if !ok {
		return w
	}
	kind, tail, ok := strings.Cut(rest, `": cosmetic, no rule`)
	if !ok || !slices.ContainsFunc(shapes, func(s render.Shape) bool { return s.Kind == kind }) {
		return w
	}
	return fmt.Sprintf("%q drawn for looks only: it makes no rule%s", kind, tail)
}

// verdict proves the puzzle unique, or gives the cells where two of its
// solutions differ, without either solution.
func verdict(ctx context.Context, p textfmt.Puzzle, _ Request, ao answer.Options) (object, error) {
	g := p.Grid
	a, err := answer.Unique(ctx, g, ao)
	if err != nil {
		return nil, err
	}
	o := common(a.Common, g.Rules())
	if len(a.Differ) > 0 {
		idx := make([]int, len(a.Differ))
		for k, c := range a.Differ {
			idx[k] = c.Row*g.N() + c.Col
		}
		o["differ"] = cells(g.Rules(), idx)
	}
	return o, nil
}

// count counts the solutions up to CountLimit.
func count(ctx context.Context, p textfmt.Puzzle, _ Request, ao answer.Options) (object, error) {
	g := p.Grid
	a, err := answer.Count(ctx, g, answer.CountOptions{Options: ao, Limit: CountLimit})
	if err != nil {
		return nil, err
	}
	o := common(a.Solution.Common, g.Rules())
	o["count"], o["more"] = a.N, a.More
	return o, nil
}

// estimate estimates the number of solutions, with its 95% interval.
func estimate(ctx context.Context, p textfmt.Puzzle, _ Request, ao answer.Options) (object, error) {
	g := p.Grid
	a, err := answer.Estimate(ctx, g, answer.EstimateOptions{Options: ao, EstimateOptions: checked.EstimateOptions{Time: EstimateTime, Seed: 1}})
	if err != nil {
		return nil, err
	}
	o := common(a.Common, g.Rules())
	o["estimate"], o["low"], o["high"], o["exact"], o["paths"] = a.Estimate.Estimate, a.CI95Lower, a.CI95Upper, a.Exact, a.Paths
	return o, nil
}

// candidates gives the true candidates of every cell without a given,
// and how many solutions hold each, up to CandidateCap.
func candidates(ctx context.Context, p textfmt.Puzzle, r Request, ao answer.Options) (object, error) {
	g := p.Grid
	n := g.N()
	// A puzzle with at most CountLimit solutions has them all counted in
	// one search, each candidate's count exact; past that each candidate
	// is counted up to CandidateCap, as f-puzzles' solver colours it.
	limit, perCand := 64, CandidateCap
	if !r.Many {
		t, err := answer.Count(ctx, g, answer.CountOptions{Options: ao, Limit: CountLimit})
		if err != nil {
			return nil, err
		}
		if t.Status == answer.StatusUnique || t.Status == answer.StatusMultiple && !t.More {
			limit, perCand = CountLimit, CountLimit
		}
	}
	a, err := answer.Candidates(ctx, g, answer.CandidateOptions{Options: ao, Limit: limit, PerCandidate: perCand})
	if err != nil {
		return nil, err
	}
	o := common(a.Solution.Common, g.Rules())
	if a.Marks == nil {
		return o, nil
	}
	marks := make([]string, n*n)
	counts := make([][]int, n*n)
	for i, m := range a.Marks[:n*n] { // the board's cells: var cells are not drawn
		if g.Cell(i) != 0 {
			continue
		}
		var b strings.Builder
		for ; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m) + 1
			b.WriteString(symbol(g.Rules(), d))
			if a.Counts != nil {
				counts[i] = append(counts[i], a.Counts[i*n+d-1])
			}
		}
		marks[i] = b.String()
	}
	o["marks"], o["counts"], o["cap"], o["count"], o["more"] = marks, counts, perCand, a.N, a.More
	return o, nil
}

// symbol is digit d as the board writes it: its value, 0–9, then A for
// 10 … (the rules' symbols).
func symbol(r *satdoku.Rules, d int) string {
	return string(r.AppendSymbol(nil, d))
}

// solution gives a solution: the one, or one of several (with the cells
// where a second differs).
func solution(ctx context.Context, p textfmt.Puzzle, r Request, ao answer.Options) (object, error) {
	g := p.Grid
	a, err := answer.Unique(ctx, g, ao)
	if err != nil {
		return nil, err
	}
	o := common(a.Common, g.Rules())
	if a.Solution != nil {
		o["solution"] = digits(a.Solution)
	}
	if a.Second != nil {
		o["second"] = digits(a.Second)
	}
	return o, nil
}

// position replays the first k steps of the logic from the givens: the
// steps the person applied, each one the page showed as a hint.
func position(ctx context.Context, g *satdoku.Grid, k int) (*logic.State, int, error) {
	st, err := logic.New(g)
	if err != nil {
		return nil, 0, err
	}
	lo := &logic.Options{ChainSteps: logic.DefaultChainSteps}
	for done := 0; done < k; done++ {
		step, ok, err := st.NextContext(ctx, lo)
		if err != nil {
			return nil, done, err
		}
		if !ok {
			return st, done, nil
		}
		st.Apply(step)
	}
	return st, k, nil
}

// step writes a logical step for the page, under rules r: each cell by
// its name, each digit as its value.
func step(r *satdoku.Rules, s logic.Step) object {
	pl := make([]object, 0, len(s.Placements))
	for _, c := range s.Placements {
		pl = append(pl, object{"cell": r.CellName(c.Cell), "digit": r.ValueOf(c.Digit)})
	}
	el := make([]object, 0, len(s.Eliminations))
	for _, c := range s.Eliminations {
		el = append(el, object{"cell": r.CellName(c.Cell), "digit": r.ValueOf(c.Digit)})
	}
	return object{"text": s.Text, "technique": s.Technique, "rating": s.Rating, "place": pl, "eliminate": el}
}

// state writes a position: the digits placed beyond the givens, one line,
// and the candidates of each empty cell.
func state(g *satdoku.Grid, st *logic.State) object {
	n := g.N()
	placed := make([]string, n*n)
	marks := make([]string, n*n)
	for i := range n * n {
		if g.Cell(i) != 0 {
			continue
		}
		if v := st.Value(i); v != 0 {
			placed[i] = symbol(g.Rules(), v)
			continue
		}
		var b strings.Builder
		for m := st.Candidates(i); m != 0; m &= m - 1 {
			b.WriteString(symbol(g.Rules(), bits.TrailingZeros64(m)+1))
		}
		marks[i] = b.String()
	}
	return object{"placed": placed, "marks": marks}
}

// hint gives the next step from the position after r.Steps steps, with
// the candidates of that position, checked against every solution of its
// grid (answer.Next), so that a puzzle being set gets sound steps too.
func hint(ctx context.Context, p textfmt.Puzzle, r Request, ao answer.Options) (object, error) {
	g := p.Grid
	if c, err := answer.Check(g); err == nil && c.Status == answer.StatusInvalid {
		return common(c, g.Rules()), nil
	}
	st, done, err := position(ctx, g, r.Steps)
	if err != nil {
		return logicError(ctx, err)
	}
	a, err := answer.Next(ctx, answer.Position{Grid: st.Grid(), State: st}, answer.LogicOptions{Options: ao, Logic: logic.Options{ChainSteps: logic.DefaultChainSteps}})
	if err != nil {
		return logicError(ctx, err)
	}
	o := common(a.Common, g.Rules())
	o["steps"] = done
	for k, v := range state(g, st) {
		o[k] = v
	}
	if a.Status == answer.StatusHinted {
		o["step"] = step(g.Rules(), a.Step)
	}
	return o, nil
}

// logicError is an error of the logic: rules it does not know are an
// answer that says so; the rest are errors.
func logicError(ctx context.Context, err error) (object, error) {
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if errors.Is(err, logic.ErrUnsupported) || errors.Is(err, answer.ErrQuestion) {
		return object{"status": "error", "reason": "the logical techniques do not know these rules: " + answer.Message(err)}, nil
	}
	return nil, err
}

// path gives the logical path from the givens, each step checked, and
// where and why it stops.
func path(ctx context.Context, p textfmt.Puzzle, _ Request, ao answer.Options) (object, error) {
	g := p.Grid
	if c, err := answer.Check(g); err == nil && c.Status == answer.StatusInvalid {
		return common(c, g.Rules()), nil
	}
	st, err := logic.New(g)
	if err != nil {
		return logicError(ctx, err)
	}
	a, err := answer.PathFrom(ctx, answer.Position{Grid: g, State: st}, answer.LogicOptions{Options: ao, Logic: logic.Options{ChainSteps: logic.DefaultChainSteps}})
	if err != nil {
		return logicError(ctx, err)
	}
	n := g.N()
	o := common(a.Common, g.Rules())
	steps := make([]object, 0, len(a.Steps))
	for _, s := range a.Steps {
		steps = append(steps, step(g.Rules(), s))
	}
	o["path"] = steps
	if a.End != nil && a.Status == answer.StatusTrial {
		end := state(g, a.End)
		empty, marks := 0, 0
		for i := range n * n {
			if a.End.Value(i) == 0 {
				empty++
				marks += bits.OnesCount64(a.End.Candidates(i))
			}
		}
		end["empty"], end["candidates"] = empty, marks
		o["end"] = end
	}
	return o, nil
}

// links writes the puzzle as a link to each tool whose rules can hold it
// ("links", by format), and says for each other tool which rule it
// cannot hold ("refused"). Every link is read back by satdoku's own
// reader of that tool before it is given (the writers check it).
func links(_ context.Context, p textfmt.Puzzle, _ Request, _ answer.Options) (object, error) {
	ok, refused := object{}, object{}
	for _, w := range targets.All {
		s, err := w.Write(p.Grid, p.Clues)
		if err != nil {
			refused[w.Format] = answer.Message(err)
			continue
		}
		ok[w.Format] = s
	}
	return object{"links": ok, "refused": refused}, nil
}

// rate rates a unique puzzle.
func rate(ctx context.Context, p textfmt.Puzzle, _ Request, ao answer.Options) (object, error) {
	g := p.Grid
	a, err := answer.Rate(ctx, g, answer.LogicOptions{Options: ao, Logic: logic.Options{ChainSteps: logic.DefaultChainSteps}})
	if err != nil {
		return logicError(ctx, err)
	}
	o := common(a.Common, g.Rules())
	if a.Status == answer.StatusRated {
		o["rating"], o["level"], o["technique"], o["steps"] = a.Score, a.Level, a.Technique, a.Rating.Steps
	}
	return o, nil
}

// clues is the clue report: each clue needed or redundant (unique), the
// count and suggestions (multiple), or the clues in conflict (none).
func clues(ctx context.Context, p textfmt.Puzzle, _ Request, ao answer.Options) (object, error) {
	g := p.Grid
	rs := g.Rules()
	a, err := answer.Clues(ctx, g, answer.ClueOptions{Options: ao, Clues: p.Clues, Certify: true, CertifyBudget: 5 * time.Second})
	if err != nil {
		return nil, err
	}
	o := common(a.Common, rs)
	rep := a.Report
	list := make([]object, 0, len(rep.Clues))
	for _, c := range rep.Clues {
		e := object{"kind": c.Kind, "cells": cells(rs, c.Cells), "needed": c.Needed, "text": clueText(c.Kind, c.Detail, rs.ValueOf(c.Digit), cells(rs, c.Cells))}
		if c.Global {
			e["global"] = true
		}
		if c.Digit != 0 {
			e["digit"] = rs.ValueOf(c.Digit)
		}
		if c.Undecided {
			e["undecided"] = true
		}
		if c.Certified {
			e["certified"] = true
		}
		if len(c.Differs) > 0 {
			e["differs"] = cells(rs, c.Differs)
		}
		list = append(list, e)
	}
	o["clues"] = list
	o["removable"] = rep.Removable
	if rep.Status.String() == "multiple" {
		o["count"], o["countAtLeast"] = rep.Count, rep.CountAtLeast
		o["differ"] = cells(rs, rep.Differs)
		sug := make([]object, 0, len(rep.Suggest))
		for _, s := range rep.Suggest {
			sug = append(sug, object{"cell": rs.CellName(s.Cell), "digit": rs.ValueOf(s.Digit), "leaves": s.Leaves, "atLeast": s.LeavesAtLeast})
		}
		o["suggest"] = sug
	}
	if len(rep.Conflict) > 0 {
		o["conflict"] = rep.Conflict
	}
	return o, nil
}

// clueText names a clue for a list: "given 5 at r1c1", "killer cage at
// r1c1 r1c2 (total 10)".
func clueText(kind, detail string, digit int, at []string) string {
	var b strings.Builder
	b.WriteString(kind)
	if kind == "given" {
		fmt.Fprintf(&b, " %d", digit)
	}
	if len(at) > 0 {
		if len(at) > 4 {
			at = append(at[:4:4], "…")
		}
		fmt.Fprintf(&b, " at %s", strings.Join(at, " "))
	}
	if detail != "" {
		b.WriteString(" " + detail)
	}
	return b.String()
}

// userError is an error of a question as the page shows it: its message in
// the user's terms (answer.Message); it wraps the error.
type userError struct{ err error }

func (e userError) Error() string { return answer.Message(e.err) }
func (e userError) Unwrap() error { return e.err }
