package satsolve

import (
	"context"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

// Incremental is one gini instance kept for many questions on one
// formula: clauses are added once, in DIMACS numbering (it is an
// encode.Adder), and each Solve takes its own assumptions, such as the
// switches that turn clues on and off. Every search runs under GoSolve, so
// a canceled context stops it. An Incremental is for one goroutine.
type Incremental struct {
	gi  *gini.Gini
	top int // the largest variable seen
}

// NewIncremental returns an empty instance sized for about vars variables
// and clauses clauses (hints, not limits).
func NewIncremental(vars, clauses int) *Incremental {
	return &Incremental{gi: gini.NewVc(vars+1, clauses)}
}

// Add adds a literal of the current clause, 0 ending it (encode.Adder).
func (s *Incremental) Add(lit int) {
	s.top = max(s.top, lit, -lit)
	s.gi.Add(z.Dimacs2Lit(lit))
}

// AddClause adds a whole clause (encode.ClauseAdder).
func (s *Incremental) AddClause(lits []int) {
	for _, l := range lits {
		s.Add(l)
	}
	s.gi.Add(0)
}

// NewVar returns a variable above every variable added so far.
func (s *Incremental) NewVar() int {
	s.top++
	return s.top
}

// Solve looks for a model of the clauses with the assumptions (DIMACS
// literals) true: 1 when there is one, −1 when there is none, 0 when ctx
// ended first. After −1, Why returns the assumptions that failed.
func (s *Incremental) Solve(ctx context.Context, assumptions []int) int {
	if ctx.Err() != nil {
		return 0
	}
	for _, l := range assumptions {
		s.gi.Assume(z.Dimacs2Lit(l))
	}
	return await(s.gi.GoSolve(), ctx.Done(), nil)
}

// Value returns the value of variable v in the last model.
func (s *Incremental) Value(v int) bool { return s.gi.Value(z.Dimacs2Lit(v)) }

// Why returns the assumptions of the last Solve that answered −1 and that
// its proof used (a subset whose assumption alone is unsatisfiable), as
// DIMACS literals.
func (s *Incremental) Why() []int {
	var out []int
	for _, m := range s.gi.Why(nil) {
		out = append(out, m.Dimacs())
	}
	return out
}
