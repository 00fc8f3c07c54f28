package verify

import (
	"fmt"
	"strings"

	"github.com/satdoku/satdoku"
)

// This file checks AnyOf constraints: a member holds when each of its
// relations and constraints does, checked as the top-level ones are.

// anyOfWhy returns why no member of AnyOf constraint c holds in g, whose
// cells of c are all filled, or "" when one does.
func anyOfWhy(c *satdoku.Constraint, g *satdoku.Grid) string {
	var whys []string
	for k := range c.Members {
		why := memberWhy(&c.Members[k], g)
		if why == "" {
			return ""
		}
		whys = append(whys, fmt.Sprintf("member %d: %s", k+1, why))
	}
	return "no member holds (" + strings.Join(whys, "; ") + ")"
}

// memberWhy returns why member m is broken in g, or "".
func memberWhy(m *satdoku.Member, g *satdoku.Grid) string {
	r := g.Rules()
	for k := range m.Relations {
		x := &m.Relations[k]
		if da, db := g.Cell(x.A), g.Cell(x.B); broken(x, da, db) {
			name := x.Name
			if name == "" {
				name = x.Kind.String()
			}
			return fmt.Sprintf("%s of %s and %s: %d and %d", name, r.CellName(x.A), r.CellName(x.B), r.ValueOf(da), r.ValueOf(db))
		}
	}
	for k := range m.Constraints {
		x := &m.Constraints[k]
		if why := exact(x, g); why != "" {
			name := x.Name
			if name == "" {
				name = x.Kind.String()
			}
			return name + ": " + why
		}
	}
	return ""
}

// narrowAnyOf keeps in each mask of m (the candidates of c's cells, in
// order) the digits that some member, narrowed on its own, still allows;
// it reports whether some member is left. Each member narrows a copy: its
// relations keep the digits with a partner in the other cell, its
// constraints narrow as on their own, until nothing changes.
func narrowAnyOf(c *satdoku.Constraint, n int, m []uint64) bool {
	pos := make(map[int]int, len(c.Cells))
	for k, i := range c.Cells {
		pos[i] = k
	}
	keep := make([]uint64, len(m))
	any := false
	work := make([]uint64, len(m))
	for k := range c.Members {
		copy(work, m)
		if narrowMember(&c.Members[k], n, pos, work) {
			any = true
			for p := range keep {
				keep[p] |= work[p]
			}
		}
	}
	copy(m, keep)
	return any
}

// narrowMember narrows the masks w (by position, pos giving each cell's)
// by member mb, and reports whether it can still hold.
func narrowMember(mb *satdoku.Member, n int, pos map[int]int, w []uint64) bool {
	for changed := true; changed; {
		changed = false
		for k := range mb.Relations {
			x := &mb.Relations[k]
			pa, pb := pos[x.A], pos[x.B]
			var ka, kb uint64
			for a := w[pa]; a != 0; a &= a - 1 {
				da := lowest(a)
				for b := w[pb]; b != 0; b &= b - 1 {
					if db := lowest(b); !broken(x, da, db) {
						ka |= bit(da)
						kb |= bit(db)
					}
				}
			}
			if ka == 0 {
				return false
			}
			changed = changed || ka != w[pa] || kb != w[pb]
			w[pa], w[pb] = ka, kb
		}
		for k := range mb.Constraints {
			x := &mb.Constraints[k]
			sub := make([]uint64, len(x.Cells))
			for j, i := range x.Cells {
				sub[j] = w[pos[i]]
			}
			if !narrow(x, n, sub, make([]uint64, 2*len(x.Cells)+2*n)) {
				return false
			}
			for j, i := range x.Cells {
				if p := pos[i]; w[p]&sub[j] != w[p] {
					w[p] &= sub[j]
					changed = true
				}
			}
		}
	}
	return true
}
