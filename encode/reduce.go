package encode

import "github.com/satdoku/satdoku"

// Fixed returns the values that the givens of g force on the variables
// 1..N³, indexed by variable: +1 for var(r, c, d) of a given d at (r, c),
// −1 for the other digits of that cell and for digit d in every other cell
// of its row, column and box, 0 for the variables the givens leave free.
// It returns nil when g is nil, not a board, or its givens conflict (a
// variable would be both true and false).
func Fixed(g *satdoku.Grid) []int8 {
	if g == nil || satdoku.BoxOf(g.N()) == 0 {
		return nil
	}
	n, b := g.N(), g.Box()
	val := make([]int8, n*n*n+1)
	set := func(v int, x int8) bool {
		if val[v] == -x {
			return false
		}
		val[v] = x
		return true
	}
	// Givens first, so that a conflicting pair is seen from both sides.
	for i := range g.Len() {
		if d := g.Cell(i); d != 0 {
			val[Var(n, i/n, i%n, d)] = 1
		}
	}
	for i := range g.Len() {
		d := g.Cell(i)
		if d == 0 {
			continue
		}
		r, c := i/n, i%n
		for e := 1; e <= n; e++ {
			if e != d && !set(Var(n, r, c, e), -1) {
				return nil
			}
		}
		br, bc := r/b*b, c/b*b
		for k := range n {
			peers := [3][2]int{{r, k}, {k, c}, {br + k/b, bc + k%b}}
			for _, p := range peers {
				if (p[0] != r || p[1] != c) && !set(Var(n, p[0], p[1], d), -1) {
					return nil
				}
			}
		}
	}
	return val
}

// Reduce returns an Adder that passes clauses on to a reduced by the givens
// of g: a clause with a literal that the givens make true is dropped, and
// the literals that they make false are removed (see Fixed). A clause whose
// literals are all false is passed on as the empty clause. When the givens
// conflict, Reduce returns a itself, so that the formula stays
// equisatisfiable (unsatisfiable) with the unreduced one.
func Reduce(a Adder, g *satdoku.Grid) Adder {
	val := Fixed(g)
	if val == nil {
		return a
	}
	return &reducer{a: a, val: val}
}

type reducer struct {
	a   Adder
	val []int8
	cur []int
	sat bool
}

func (r *reducer) Add(lit int) {
	if lit == 0 {
		if !r.sat {
			for _, l := range r.cur {
				r.a.Add(l)
			}
			r.a.Add(0)
		}
		r.cur, r.sat = r.cur[:0], false
		return
	}
	v := max(lit, -lit)
	x := int8(0)
	if v < len(r.val) {
		x = r.val[v]
	}
	if lit < 0 {
		x = -x
	}
	switch x {
	case 1:
		r.sat = true
	case 0:
		r.cur = append(r.cur, lit)
	}
}

// DecodePuzzle decodes an assignment of a formula for puzzle g, like Decode,
// except that the variables the givens of g fix (see Fixed) take their fixed
// value whatever value reports. Models of Reduced formulas (with or without
// the givens' unit clauses) leave those variables to the solver, so they
// decode only this way. The result still has to be checked against g (for
// example with verify.Solution); when the givens conflict, DecodePuzzle is
// Decode.
func DecodePuzzle(g *satdoku.Grid, value func(v int) bool) (*satdoku.Grid, error) {
	if g == nil || satdoku.BoxOf(g.N()) == 0 {
		return nil, ErrGrid
	}
	val := Fixed(g)
	return Decode(g.N(), func(v int) bool {
		if v < len(val) && val[v] != 0 {
			return val[v] > 0
		}
		return value(v)
	})
}
