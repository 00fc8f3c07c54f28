// Package link holds what satdoku's link writers share: the puzzle as a
// writer sees it (Spec: the givens, the board, the global rules and the
// clues, from a grid and the clues its reader read), the error of a rule
// a target cannot hold, and the check that a link read back holds the
// same rules and givens as the puzzle it was written from.
//
// The writers live beside the readers of each target, whose tables they
// share: fpuzzles.Link (https://www.f-puzzles.com/?load=…),
// sudokupad.Link (SudokuPad's f-puzzles form,
// https://sudokupad.app/fpuzzles…) and iss.Link (sigh's Interactive
// Sudoku Solver, …/?q=…). Each writes a clue as the target's own element
// for its kind, so that the target gives it the meaning package clue
// gives it, refuses by name a rule the target cannot hold, and reads its
// link back with the repository's reader before it returns it: a link
// whose rules or givens differ from the puzzle's is an error naming the
// rule, never a link that silently drops one.
package link

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/internal/ruleset"
)

// ErrUnsupported is wrapped by every *Error: the target cannot hold a
// rule of the puzzle.
var ErrUnsupported = errors.New("link: a rule the target cannot hold")

// Error is a rule that a target cannot hold.
type Error struct {
	Target string // the target's name: "f-puzzles", "SudokuPad", "sigh's solver"
	Rule   string // the rule: "automaton", "windoku", "a 25×25 board"
	Why    string // more, when there is more to say
}

// Error returns "f-puzzles has no automaton", with the reason after a
// colon when there is one.
func (e *Error) Error() string {
	s := e.Target + " has no " + e.Rule
	if e.Why != "" {
		s += ": " + e.Why
	}
	return s
}

// Unwrap returns ErrUnsupported.
func (e *Error) Unwrap() error { return ErrUnsupported }

// Refuse returns the error of a rule that target cannot hold.
func Refuse(target, rule string) error { return &Error{Target: target, Rule: rule} }

// Refusef returns the error of a rule that target cannot hold, and why,
// formatted as fmt.Sprintf formats it.
func Refusef(target, rule, format string, args ...any) error {
	return &Error{Target: target, Rule: rule, Why: fmt.Sprintf(format, args...)}
}

// Unreadable returns the error of a link that the target's reader does
// not read back: err says why (a clue the writer wrote in a form the
// target refuses, as a pill whose cells are not side by side).
func Unreadable(target string, err error) error {
	return &Error{Target: target, Rule: "way to write this puzzle", Why: err.Error()}
}

// Spec is a puzzle as a writer sees it: the givens under their rules, the
// global rules by name (satdoku.Rules.WithNamed's) and the clues (package
// clue's), from which the rules were made.
type Spec struct {
	Grid  *satdoku.Grid
	Named []string
	Clues []clue.Clue
}

// globalKinds are the clue kinds that are rules of the whole board, with
// no cells: --rules adds them without a clue of the puzzle's.
var globalKinds = []clue.Kind{clue.Nonconsecutive, clue.NegativeRatio, clue.NegativeDifference, clue.NegativeXV}

// Of returns the spec of puzzle g whose clues, as its reader read them,
// are clues (nil for a puzzle without any, as a text puzzle). The global
// rules are those g's rules are tagged with (satdoku.Rules.Tags): the
// names of WithNamed, and the clue kinds without cells (nonconsecutive and
// the negative rules) that a clue of clues does not already say;
// nonconsecutive is the clue (whose Kropki dots exempt their pairs), as
// the readers and --rules make it, unless the pair of a dot has its
// relation: then it is WithNamed's (ISS's AntiConsecutive).
func Of(g *satdoku.Grid, clues []clue.Clue) Spec {
	s := Spec{Grid: g, Clues: slices.Clone(clues)}
	tags := g.Rules().Tags()
	named := namedNonconsecutive(g.Rules(), clues)
	for _, k := range globalKinds {
		if k == clue.Nonconsecutive && named {
			continue
		}
		if slices.Contains(tags, k.String()) && !slices.ContainsFunc(clues, func(c clue.Clue) bool { return c.Kind == k }) {
			s.Clues = append(s.Clues, clue.Clue{Kind: k})
		}
	}
	for _, name := range satdoku.RuleNames() {
		if slices.Contains(tags, name) && (name != "nonconsecutive" || named) {
			s.Named = append(s.Named, name)
		}
	}
	return s
}

// namedNonconsecutive reports whether the nonconsecutive rule of r is
// WithNamed's, which holds between every two neighbours, rather than the
// clue, which exempts the pairs of Kropki dots: no clue of clues says it,
// and the pair of a dot of clues has its relation.
func namedNonconsecutive(r *satdoku.Rules, clues []clue.Clue) bool {
	if slices.ContainsFunc(clues, func(c clue.Clue) bool { return c.Kind == clue.Nonconsecutive }) {
		return false
	}
	dots := map[[2]int]bool{}
	for _, c := range clues {
		if (c.Kind == clue.WhiteDot || c.Kind == clue.BlackDot) && len(c.Cells) == 2 {
			dots[[2]int{min(c.Cells[0], c.Cells[1]), max(c.Cells[0], c.Cells[1])}] = true
		}
	}
	for _, x := range r.Relations() {
		if x.Kind == satdoku.NotConsecutive && x.Name == "nonconsecutive" && dots[[2]int{min(x.A, x.B), max(x.A, x.B)}] {
			return true
		}
	}
	return false
}

// Check compares the puzzle a link was written from, want, with the
// puzzle read back from the link, got: the same board, the same givens
// and the same rules as data (units, relations, constraints, whatever
// their order; a relation by the digit pairs it allows, see
// ruleset.Meaning). A difference is an error of target that names the first
// rule the link lost (or added).
func Check(target string, want, got *satdoku.Grid) error {
	if got == nil {
		return Unreadable(target, errors.New("no puzzle read back"))
	}
	wr, gr := want.Rules(), got.Rules()
	if want.N() != got.N() || wr.Values() != gr.Values() || wr.ValueOffset() != gr.ValueOffset() || wr.VarCells() != gr.VarCells() {
		return Refusef(target, fmt.Sprintf("%d×%d board of %d values", want.N(), want.N(), wr.Values()), "the link reads back as another board")
	}
	for i := range want.Len() {
		if want.Cell(i) != got.Cell(i) {
			return Refusef(target, "given in "+wr.CellName(i), "the link reads back with other givens")
		}
	}
	wp, gp := ruleset.Meaning(wr), ruleset.Meaning(gr)
	have := map[string]bool{}
	for _, p := range gp {
		have[p.Line] = true
	}
	for _, p := range wp {
		if !have[p.Line] {
			return Refusef(target, name(p), "the link read back lacks %s", p.Line)
		}
	}
	have = map[string]bool{}
	for _, p := range wp {
		have[p.Line] = true
	}
	for _, p := range gp {
		if !have[p.Line] {
			return &Error{Target: target, Rule: "way to write " + name(p) + " as it is", Why: "the link read back adds " + p.Line}
		}
	}
	return nil
}

// name names a part of the rules for an error: its name, or its line.
func name(p ruleset.Part) string {
	if p.Name != "" {
		return p.Name
	}
	return strings.Fields(p.Line)[0] + " " + strings.Fields(p.Line)[1]
}
