package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// clashGroup is the cells that hold one digit in one or more units.
type clashGroup struct {
	digit int
	cells []verify.Cell
	units []string
}

// groupConflicts describes the conflicts of verify.Check, grouped: the
// cells that hold the same digit in a unit are one conflict, "9 cells hold
// 1 in row 1: r1c1,r1c2,…", and the units in which the same cells clash
// are named together, "r1c1 and r1c2 both hold 5 (row 1, box 1)".
// Relations and constraints keep their own lines. It also returns the
// cells at fault, as indexes, for the grid format to mark.
func groupConflicts(n int, cs []verify.Conflict) (lines []string, cells []int) {
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
			other = append(other, c.String())
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
			lines = append(lines, fmt.Sprintf("%v and %v both hold %d (%s)", g.cells[0], g.cells[1], g.digit, units))
			continue
		}
		names := make([]string, len(g.cells))
		for i, c := range g.cells {
			names[i] = c.String()
		}
		lines = append(lines, fmt.Sprintf("%d cells hold %d in %s: %s", len(g.cells), g.digit, units, strings.Join(names, ",")))
	}
	lines = append(lines, other...)
	slices.Sort(cells)
	return lines, slices.Compact(cells)
}
