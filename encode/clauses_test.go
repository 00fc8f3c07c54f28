package encode

import "github.com/satdoku/satdoku"

// clauseCount returns the number of clauses Rules(a, r, e) adds; 0 when r is
// nil or e is not a valid encoding. For Reduced it is the Extended count,
// an upper bound on what Puzzle writes.
func clauseCount(r *satdoku.Rules, e Encoding) int {
	if r == nil || !e.Valid() {
		return 0
	}
	n := r.N()
	pairs := func(k int) int { return k * (k - 1) / 2 }
	if e == Sequential {
		pairs = func(k int) int {
			if k > ladderFrom {
				return 3*k - 4
			}
			return k * (k - 1) / 2
		}
	}
	k := n * n // cell at-least-one
	if e != Minimal {
		k += n * n * pairs(n) // cell at-most-one
	}
	for _, x := range r.Relations() {
		for da := 1; da <= n; da++ {
			for db := 1; db <= n; db++ {
				if !x.Holds(da, db) {
					k++ // not both
				}
			}
		}
	}
	for u, unit := range r.Units() {
		k += n * pairs(len(unit.Cells)) // unit at-most-one
		if e != Minimal && r.Full(u) {
			k += n // unit at-least-one
		}
	}
	if len(r.Constraints()) > 0 {
		var c Counter // no closed form: count them
		NewEncoder(r, e).writeConstraints(&c, nil)
		k += c.Clauses
	}
	return k
}
