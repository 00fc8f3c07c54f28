package checked

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// Diagnosis is what is wrong with a grid offered as a puzzle's solution.
type Diagnosis struct {
	// Problems lists every problem in words: each given changed, each
	// clash (grouped as Describe groups them), the empty cells; or, for a
	// rule that only a full grid can break, the validator's own words.
	Problems []string
	// Cells are the cells at fault, as sorted indexes.
	Cells []int
	// Grid is the offered grid under the puzzle's rules, in which Cells
	// are; nil when the grid does not fit the puzzle at all (another size).
	Grid *satdoku.Grid
}

// Diagnose checks sol, a grid offered as the solution of puzzle (by a user,
// a SAT solver's model read back, a file), and returns nil when it is one:
// complete, keeping every given, breaking no rule. Otherwise it lists every
// problem.
func Diagnose(puzzle, sol *satdoku.Grid) *Diagnosis {
	err := verify.Solution(puzzle, sol)
	if err == nil {
		return nil
	}
	if errors.Is(err, verify.ErrSize) {
		return &Diagnosis{Problems: []string{strings.TrimPrefix(err.Error(), "verify: ")}}
	}
	r := puzzle.Rules()
	g := puzzle.Clone()
	d := &Diagnosis{Grid: g}
	var empty []string
	for i := range sol.Len() {
		v, p := sol.Cell(i), puzzle.Cell(i)
		switch {
		case v == 0:
			empty = append(empty, r.CellName(i))
			d.Cells = append(d.Cells, i)
		case p != 0 && p != v:
			d.Problems = append(d.Problems, fmt.Sprintf("%s holds %d but the puzzle gives %d", r.CellName(i), r.ValueOf(v), r.ValueOf(p)))
			d.Cells = append(d.Cells, i)
		}
		g.SetCell(i, v)
	}
	lines, cells := Describe(r, verify.Check(g))
	d.Problems = append(d.Problems, lines...)
	d.Cells = append(d.Cells, cells...)
	switch len(empty) {
	case 0:
	case 1:
		d.Problems = append(d.Problems, empty[0]+" is empty")
	default:
		d.Problems = append(d.Problems, fmt.Sprintf("%d cells are empty: %s", len(empty), strings.Join(empty, ",")))
	}
	if len(d.Problems) == 0 {
		// A rule Check does not see broken on a full grid: the
		// validator's own words.
		d.Problems = []string{strings.TrimPrefix(err.Error(), "verify: ")}
	}
	slices.Sort(d.Cells)
	d.Cells = slices.Compact(d.Cells)
	return d
}

// clashGroup is the cells that hold one digit in one or more units.
type clashGroup struct {
	digit int
	cells []verify.Cell
	units []string
}

// Describe phrases the conflicts of verify.Check under rules r as a
// person reads them: the cells that hold the same digit in a unit are one
// conflict, "9 cells hold 1 in row 1: r1c1,r1c2,…", and the units in which
// the same cells clash are named together, "r1c1 and r1c2 both hold 5 (row
// 1, box 1)". Relations and constraints keep their own lines
// (verify.Conflict.Text). Cells are named as r names them (a var cell by
// its name, see satdoku.Rules.CellName) and digits by the values they
// stand for (satdoku.Rules.ValueOf). It also returns the cells at fault,
// as sorted indexes.
func Describe(r *satdoku.Rules, cs []verify.Conflict) (lines []string, cells []int) {
	n := r.N()
	type key struct {
		unit  string
		digit int
	}
	var groups []*clashGroup
	byUnit := map[key]*clashGroup{}
	var other []string
	mark := func(c verify.Cell) { cells = append(cells, c.Row*n+c.Col) }
	for _, c := range cs {
		mark(c.A)
		mark(c.B)
		if c.Relation || c.Constraint != nil {
			other = append(other, c.Text(r))
			continue
		}
		unit := satdoku.Unit{Kind: c.Kind, Index: c.Index, Name: c.Name}.String()
		k := key{unit, c.Digit}
		g := byUnit[k]
		if g == nil {
			g = &clashGroup{digit: c.Digit, units: []string{unit}}
			byUnit[k] = g
			groups = append(groups, g)
		}
		for _, x := range []verify.Cell{c.A, c.B} {
			if !slices.Contains(g.cells, x) {
				g.cells = append(g.cells, x)
			}
		}
	}
	// The same cells clashing in several units (a pair in a row and its
	// box) are one line.
	var merged []*clashGroup
	for _, g := range groups {
		slices.SortFunc(g.cells, func(a, b verify.Cell) int { return (a.Row*n + a.Col) - (b.Row*n + b.Col) })
		i := slices.IndexFunc(merged, func(m *clashGroup) bool {
			return m.digit == g.digit && slices.Equal(m.cells, g.cells)
		})
		if i >= 0 {
			merged[i].units = append(merged[i].units, g.units...)
			continue
		}
		merged = append(merged, g)
	}
	for _, g := range merged {
		units := strings.Join(g.units, ", ")
		if len(g.cells) == 2 {
			lines = append(lines, fmt.Sprintf("%s and %s both hold %d (%s)", g.cells[0].Name(r), g.cells[1].Name(r), r.ValueOf(g.digit), units))
			continue
		}
		names := make([]string, len(g.cells))
		for i, c := range g.cells {
			names[i] = c.Name(r)
		}
		lines = append(lines, fmt.Sprintf("%d cells hold %d in %s: %s", len(g.cells), r.ValueOf(g.digit), units, strings.Join(names, ",")))
	}
	lines = append(lines, other...)
	slices.Sort(cells)
	return lines, slices.Compact(cells)
}
