package verify

import (
	"fmt"

	"github.com/satdoku/satdoku"
)

// This file checks a Reach (ISS's chaos arrows and counts): the first
// cell's digit plus Value is the number of cells that reach the start,
// the second cell, along their arms (Coefs) holding its digit.

// reachArms returns, for each arm of a Reach c in the order first listed,
// the positions in c.Cells of its cells, in order along it.
func reachArms(c *satdoku.Constraint) [][]int {
	var arms [][]int
	at := map[int]int{} // arm number → index in arms
	for k := 2; k < len(c.Cells) && k < len(c.Coefs); k++ {
		a, ok := at[c.Coefs[k]]
		if !ok {
			a = len(arms)
			at[c.Coefs[k]] = a
			arms = append(arms, nil)
		}
		arms[a] = append(arms[a], k)
	}
	return arms
}

// reachWhy returns why a Reach is broken by the digits of g, or "".
func reachWhy(c *satdoku.Constraint, g *satdoku.Grid) string {
	r := g.Rules()
	start := g.Cell(c.Cells[1])
	count := 1
	for _, arm := range reachArms(c) {
		for _, k := range arm {
			if g.Cell(c.Cells[k]) != start {
				break
			}
			count++
		}
	}
	if d := g.Cell(c.Cells[0]); d+c.Value != count {
		return fmt.Sprintf("%s holds %d, and %d cells hold %s's %d along its arms, %s included",
			r.CellName(c.Cells[0]), r.ValueOf(d), count, r.CellName(c.Cells[1]), r.ValueOf(start), r.CellName(c.Cells[1]))
	}
	return ""
}

// narrowReach keeps for the first cell the digits that put its count
// between the fewest cells that must reach the start and the most that
// can: with the start's digit fixed, an arm's leading cells fixed to it
// and those that may hold it; with the start open, none and the leading
// cells that share a candidate with the start. With every mask one digit
// the two are equal: the count is exact. The other cells keep their
// masks (a cell may be listed twice; the first is listed once).
func narrowReach(c *satdoku.Constraint, m []uint64) bool {
	s := m[1]
	fixed := s&(s-1) == 0
	lo, hi := 1, 1
	for _, arm := range reachArms(c) {
		must, can := fixed, true
		for _, k := range arm {
			must = must && m[k] == s
			can = can && m[k]&s != 0
			if must {
				lo++
			}
			if can {
				hi++
			}
		}
	}
	var keep uint64
	for x := m[0]; x != 0; x &= x - 1 {
		d := lowest(x)
		if n := d + c.Value; n >= lo && n <= hi {
			keep |= bit(d)
		}
	}
	m[0] = keep
	return keep != 0
}
