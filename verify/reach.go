package verify

import (
	"fmt"

	"github.com/satdoku/satdoku"
)

// This file checks a Reach (ISS's chaos arrows and counts): the first
// cell's digit plus Value is the number of cells that reach the start,
// the second cell, along their arms (Coefs) holding its digit. Neither
// function allocates: exact and narrow run in the counter's search.

// reaches reports whether the cell at position k of a Reach reaches the
// start in g: it and every cell before it on its arm hold the start's
// digit.
func reaches(c *satdoku.Constraint, g *satdoku.Grid, k int) bool {
	start := g.Cell(c.Cells[1])
	if g.Cell(c.Cells[k]) != start {
		return false
	}
	for j := 2; j < k; j++ {
		if c.Coefs[j] == c.Coefs[k] && g.Cell(c.Cells[j]) != start {
			return false
		}
	}
	return true
}

// reachWhy returns why a Reach is broken by the digits of g, or "".
func reachWhy(c *satdoku.Constraint, g *satdoku.Grid) string {
	count := 1
	for k := 2; k < len(c.Cells); k++ {
		if reaches(c, g, k) {
			count++
		}
	}
	if d := g.Cell(c.Cells[0]); d+c.Value != count {
		r, s := g.Rules(), c.Cells[1]
		return fmt.Sprintf("%s holds %d, and %d cells hold %s's %d along its arms, %s included",
			r.CellName(c.Cells[0]), r.ValueOf(d), count, r.CellName(s), r.ValueOf(g.Cell(s)), r.CellName(s))
	}
	return ""
}

// narrowReach keeps for the first cell the digits that put its count
// between the fewest cells that must reach the start and the most that
// can: with the start's digit fixed, an arm's leading cells fixed to it
// and those that may hold it; with the start open, none and the leading
// cells that share a candidate with the start. With every mask one digit
// the two are equal: the count is exact. The other cells keep their
// masks (a cell may be listed twice; the first is listed once). scratch
// (len(m) words) holds each arm's state: bit 0 once a cell of it cannot
// be sure to reach, bit 1 once one cannot reach.
func narrowReach(c *satdoku.Constraint, m, scratch []uint64) bool {
	s := m[1]
	fixed := s&(s-1) == 0
	arms := scratch[:len(m)]
	clear(arms)
	lo, hi := 1, 1
	for k := 2; k < len(m); k++ {
		st := &arms[c.Coefs[k]-1] // arms are numbered 1 to len(Cells)
		if !fixed || m[k] != s {
			*st |= 1
		}
		if m[k]&s == 0 {
			*st |= 2
		}
		if *st&1 == 0 {
			lo++
		}
		if *st&2 == 0 {
			hi++
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
