package encode

import "github.com/satdoku/satdoku"

// Fixed returns the values that the givens of g force on the variables
// 1..N³, indexed by variable: +1 for var(r, c, d) of a given d at (r, c),
// −1 for the other digits of that cell and for digit d in every other cell
// of its units, 0 for the variables the givens leave free. It returns nil
// when g is nil or its givens conflict (a variable would be both true and
// false).
func Fixed(g *satdoku.Grid) []int8 {
	if g == nil || g.Rules() == nil {
		return nil
	}
	r := g.Rules()
	nc, nv := r.Cells(), r.Values()
	val := make([]int8, nc*nv+1)
	for _, unit := range r.Units() {
		var seen uint64
		for _, i := range unit.Cells {
			if d := g.Cell(i); d != 0 {
				if seen&(1<<(d-1)) != 0 {
					return nil
				}
				seen |= 1 << (d - 1)
			}
		}
	}
	dom := GivensDomain(g)
	for i := range nc {
		for d := 1; d <= nv; d++ {
			switch {
			case dom.Val[i] == uint8(d):
				val[i*nv+d] = 1
			case dom.Val[i] != 0 || dom.Cand[i]&(1<<(d-1)) == 0:
				val[i*nv+d] = -1
			}
		}
	}
	return val
}

// DecodePuzzle decodes an assignment of a formula for puzzle g, like Decode,
// except that the variables the givens of g fix (see Fixed) take their fixed
// value whatever value reports. Models of Reduced formulas (with or without
// the givens' unit clauses) leave those variables to the solver, so they
// decode only this way. The result still has to be checked against g (for
// example with verify.Solution); when the givens conflict, DecodePuzzle is
// Decode.
func DecodePuzzle(g *satdoku.Grid, value func(v int) bool) (*satdoku.Grid, error) {
	if g == nil || g.Rules() == nil {
		return nil, ErrGrid
	}
	val := Fixed(g)
	return Decode(g.Rules(), func(v int) bool {
		if v < len(val) && val[v] != 0 {
			return val[v] > 0
		}
		return value(v)
	})
}
