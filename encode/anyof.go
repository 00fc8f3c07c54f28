package encode

import "github.com/satdoku/satdoku"

// The writer of AnyOf writes the others' clauses: it joins
// constraintWriters here, which the map's initializer cannot refer to.
func init() { constraintWriters[satdoku.AnyOf] = (*Encoder).anyOf }

// guarded is a ClauseAdder that adds ¬sel to every clause: the clauses of
// one member of an AnyOf, which bind only when its selector sel is true.
type guarded struct {
	a   ClauseAdder
	sel int
	cl  []int
}

func (g *guarded) Add(lit int) {
	if lit != 0 {
		g.cl = append(g.cl, lit)
		return
	}
	g.AddClause(g.cl)
	g.cl = g.cl[:0]
}

func (g *guarded) AddClause(lits []int) {
	cl := append(append(make([]int, 0, len(lits)+1), lits...), -g.sel)
	g.a.AddClause(cl)
}

// anyOf writes an AnyOf constraint with a selector variable per member:
// at least one selector is true, and each member's clauses (its relations'
// forbidden pairs, its constraints' own encodings, auxiliary variables
// included) each get the selector's negation. A member that cannot hold
// (its clauses hold the empty clause) becomes ¬selector.
func (e *Encoder) anyOf(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	n := e.rules.Values()
	sels := make([]int, len(c.Members))
	for k := range c.Members {
		sels[k] = e.aux()
	}
	e.emit(a, sels...)
	for k, m := range c.Members {
		g := &guarded{a: a, sel: sels[k]}
		for _, x := range m.Relations {
			for da := 1; da <= n; da++ {
				for db := 1; db <= n; db++ {
					if !x.Holds(da, db) {
						e.forbid(g, d, x.A, da, x.B, db)
					}
				}
			}
		}
		for x := range m.Constraints {
			e.constraint(g, d, &m.Constraints[x])
		}
	}
}
