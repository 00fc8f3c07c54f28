package cluereport

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// Status is what the puzzle with all its clues is.
type Status uint8

// The statuses of a report.
const (
	Unique   Status = iota // one solution
	Multiple               // several
	None                   // none
)

// String returns "unique", "multiple" or "none".
func (s Status) String() string {
	switch s {
	case Unique:
		return "unique"
	case Multiple:
		return "multiple"
	case None:
		return "none"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Suggestion is a given a setter could add to a puzzle with several
// solutions: Digit in Cell leaves Leaves solutions (1: it alone makes the
// puzzle unique). Leaves is exact unless LeavesAtLeast (the count reached
// the limit).
type Suggestion struct {
	Cell, Digit, Leaves int
	LeavesAtLeast       bool
}

// Report is the answer to "which clues does this puzzle need?".
type Report struct {
	Status Status
	// Clues are the puzzle's clues (see Split), with their verdicts when
	// the puzzle is unique.
	Clues []Clue
	// Solution is the puzzle's solution (Unique), or one of them
	// (Multiple), checked by the validator; nil for None.
	Solution *satdoku.Grid
	// Removable (Unique) are clues, by index into Clues, that can all go
	// at once with the puzzle still unique: a greedy set, each redundant
	// clue taken in order when it can go with those already taken, so
	// maximal (no other clue can join it; but one whose question ran out
	// of its budget is left out), not necessarily the largest.
	Removable []int
	// Count (Multiple) is the number of solutions, exact unless
	// CountAtLeast (the search stopped at Options.Limit).
	Count        int
	CountAtLeast bool
	// Differs (Multiple) are the cells where the solutions found differ.
	Differs []int
	// Suggest (Multiple): the givens that alone make the puzzle unique,
	// if any, else the digits of the cell that splits the solutions most
	// evenly, each with the solutions it leaves.
	Suggest []Suggestion
	// Conflict (None) are clues, by index into Clues, whose removal
	// together makes the puzzle solvable: each is needed for that (none
	// can stay), found from the solver's unsatisfiable cores. Witness is a
	// solution of the puzzle without them, checked by the validator.
	Conflict []int
	Witness  *satdoku.Grid
	// RemovableCertified: Certify confirmed that the puzzle without the
	// removable set is unique.
	RemovableCertified bool

	puzzle *satdoku.Grid // the puzzle asked about, for Certify
}

// Options tune a report.
type Options struct {
	// Limit bounds the count of a puzzle with several solutions (and of
	// each suggestion): 0 means DefaultLimit.
	Limit int
	// Clues are the puzzle's clues as read (a reader's clue.Clue data),
	// when known: each is then one clue of the report (see Split).
	Clues []clue.Clue
	// QueryBudget bounds each clue's question (needed or redundant, and
	// each step of the removable set): past it the clue is Undecided and
	// the report goes on. 0 means DefaultQueryBudget; negative, no bound.
	QueryBudget time.Duration
}

// DefaultQueryBudget is the bound of each clue's question when
// Options.QueryBudget is 0.
const DefaultQueryBudget = 2 * time.Second

// DefaultLimit is the count's bound when Options.Limit is 0.
const DefaultLimit = 1000

// ErrRejected reports a solution the validator rejected: a bug, never the
// puzzle's fault.
var ErrRejected = errors.New("cluereport: the validator rejected a solution")

// engine is one puzzle's formula on one gini instance, each clue behind
// a switch.
type engine struct {
	ctx context.Context
	g   *satdoku.Grid
	n   int
	v   int // the digits of a cell, r.Values()
	// cells are the cells with variables: the grid's, then any var cells.
	cells int
	cl    []Clue
	sel   []int // the switch of each clue: clue k holds when sel[k] is true
	inst  *satsolve.Incremental
}

// New builds the formula of puzzle g: the cells and the units of its
// board as they are, and every clue's clauses guarded by its switch. The
// sums the encoder derives from the constraints (redundant clauses) are
// guarded by a switch that can be on only while every clue's is.
func newEngine(ctx context.Context, g *satdoku.Grid, from []clue.Clue) (*engine, error) {
	r := g.Rules()
	n := r.N()
	e := &engine{ctx: ctx, g: g, n: n, v: r.Values(), cells: r.Cells(), cl: Split(g, from)}
	rec := &recorder{}
	// The cells, the board's units, the constraints and the derived sums,
	// from rules without extra units or relations: a constraint's clauses
	// then lean on no unit that a switch can turn off.
	core, err := rebuild(r, nil, nil, nil, true)
	if err != nil {
		return nil, err
	}
	if len(core.Constraints()) != len(r.Constraints()) {
		return nil, fmt.Errorf("cluereport: %d constraints rebuilt as %d", len(r.Constraints()), len(core.Constraints()))
	}
	consOf, unitOf, relOf := map[int]int{}, map[int]int{}, map[int]int{}
	for k, c := range e.cl {
		for _, x := range c.cons {
			consOf[x] = k
		}
		for _, x := range c.units {
			unitOf[x] = k
		}
		for _, x := range c.rels {
			relOf[x] = k
		}
	}
	const derived = -2
	rec.guard = func(o encode.Origin) (int, bool) {
		switch o.Kind {
		case encode.FromConstraint:
			return consOf[o.Index], true
		case encode.FromDerived:
			return derived, true
		}
		return -1, true // cells and units of the board: always
	}
	if err := encode.NewEncoder(core, encode.Extended).Write(rec, nil); err != nil {
		return nil, fmt.Errorf("cluereport: %w", err)
	}
	// The extra units and the relations, from the puzzle's own rules.
	rec.guard = func(o encode.Origin) (int, bool) {
		switch o.Kind {
		case encode.FromUnit:
			k, ok := unitOf[o.Index]
			return k, ok
		case encode.FromRelation:
			return relOf[o.Index], true
		}
		return 0, false
	}
	if err := encode.NewEncoder(r, encode.Extended).Write(rec, nil); err != nil {
		return nil, fmt.Errorf("cluereport: %w", err)
	}
	rec.SetOrigin(encode.Origin{})
	rec.flush()
	e.inst = satsolve.NewIncremental(rec.top+len(e.cl)+1, len(rec.guards)+len(e.cl))
	e.sel = make([]int, len(e.cl))
	for k := range e.sel {
		e.sel[k] = rec.top + 1 + k
	}
	all := rec.top + len(e.cl) + 1 // the derived sums' switch
	start := 0
	for j, end := range rec.ends {
		switch gd := rec.guards[j]; {
		case gd == derived:
			e.inst.Add(-all)
		case gd >= 0:
			e.inst.Add(-e.sel[gd])
		}
		e.inst.AddClause(rec.lits[start:end])
		start = end
	}
	for k := range e.cl {
		e.inst.AddClause([]int{-all, e.sel[k]})
		if c := &e.cl[k]; c.given >= 0 {
			e.inst.AddClause([]int{-e.sel[k], e.lit(c.given, c.Digit)})
		}
	}
	return e, nil
}

// recorder keeps the clauses of the encoder with the clue that guards
// each (−1: none), as guard says from their origin (false: leave the
// clause out).
type recorder struct {
	guard  func(encode.Origin) (int, bool)
	cur    int
	keep   bool
	lits   []int
	ends   []int
	guards []int
	open   []int
	top    int
}

func (r *recorder) SetOrigin(o encode.Origin) { r.cur, r.keep = r.guard(o) }

func (r *recorder) Add(l int) {
	if l != 0 {
		r.open = append(r.open, l)
		return
	}
	if r.keep {
		for _, x := range r.open {
			r.top = max(r.top, x, -x)
		}
		r.lits = append(r.lits, r.open...)
		r.ends = append(r.ends, len(r.lits))
		r.guards = append(r.guards, r.cur)
	}
	r.open = r.open[:0]
}

func (r *recorder) flush() { r.open = r.open[:0] }

// assume returns the switches of the clues on (off[k] false) as
// assumptions, with extra ones.
func (e *engine) assume(off []bool, extra ...int) []int {
	as := make([]int, 0, len(e.sel)+len(extra))
	for k, s := range e.sel {
		if off != nil && off[k] {
			as = append(as, -s)
		} else {
			as = append(as, s)
		}
	}
	return append(as, extra...)
}

// solve runs the instance: 1, −1, or an error when ctx ended first.
func (e *engine) solve(as []int) (int, error) {
	r := e.inst.Solve(e.ctx, as)
	if r == 0 {
		if err := e.ctx.Err(); err != nil {
			return 0, err
		}
		return 0, errors.New("cluereport: the solver stopped")
	}
	return r, nil
}

// query runs one clue's question within budget: 1, −1, or 0 when the
// budget ran out first (an error when ctx ended).
func (e *engine) query(as []int, budget time.Duration) (int, error) {
	if budget < 0 {
		return e.solve(as)
	}
	qctx, cancel := context.WithTimeout(e.ctx, budget)
	defer cancel()
	r := e.inst.Solve(qctx, as)
	if r == 0 {
		return 0, e.ctx.Err()
	}
	return r, nil
}

// lit is the variable "cell i holds digit d" (encode.CellVar).
func (e *engine) lit(i, d int) int { return i*e.v + d }

// model decodes the last model.
func (e *engine) model() *satdoku.Grid {
	sol := satdoku.NewGrid(e.g.Rules())
	for i := range e.cells {
		for d := 1; d <= e.v; d++ {
			if e.inst.Value(e.lit(i, d)) {
				sol.SetCell(i, d)
				break
			}
		}
	}
	return sol
}

// block excludes solution sol while guard is assumed.
func (e *engine) block(sol *satdoku.Grid, guard int) {
	lits := []int{-guard}
	for i := range e.cells {
		lits = append(lits, -e.lit(i, sol.Cell(i)))
	}
	e.inst.AddClause(lits)
}

// checked validates sol against the puzzle without the clues off marks.
func (e *engine) checked(sol *satdoku.Grid, off []bool) error {
	p := e.g
	if off != nil {
		var err error
		if p, err = without(e.g, e.cl, off); err != nil {
			return fmt.Errorf("cluereport: %w", err)
		}
	}
	if err := verify.Solution(p, sol); err != nil {
		return fmt.Errorf("%w: %w", ErrRejected, err)
	}
	return nil
}

// Make answers, for puzzle g, which of its clues are needed, on one gini
// instance with a switch per clue (see Split): for a unique puzzle each
// clue's verdict, with a witness for a needed one, and a greedy set of
// clues that can go together; for several solutions the count, the cells
// that differ and suggestions; for none a set of clues whose removal
// makes it solvable. Every solution in the report has passed the
// validator. The error is ctx's when it ends first.
func Make(ctx context.Context, g *satdoku.Grid, o Options) (*Report, error) {
	if g == nil || g.Rules() == nil {
		return nil, errors.New("cluereport: no puzzle")
	}
	limit := o.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	budget := o.QueryBudget
	if budget == 0 {
		budget = DefaultQueryBudget
	}
	e, err := newEngine(ctx, g, o.Clues)
	if err != nil {
		return nil, err
	}
	rep := &Report{Clues: e.cl, puzzle: g}
	r, err := e.solve(e.assume(nil))
	if err != nil {
		return nil, err
	}
	if r < 0 {
		rep.Status = None
		return rep, e.conflict(rep)
	}
	first := e.model()
	if err := e.checked(first, nil); err != nil {
		return nil, err
	}
	rep.Solution = first
	blk := e.inst.NewVar()
	e.block(first, blk)
	if r, err = e.solve(e.assume(nil, blk)); err != nil {
		return nil, err
	}
	if r > 0 {
		rep.Status = Multiple
		return rep, e.multiple(rep, blk, limit)
	}
	rep.Status = Unique
	off := make([]bool, len(e.cl))
	for k := range e.cl {
		off[k] = true
		r, err := e.query(e.assume(off, blk), budget)
		if err != nil {
			return nil, err
		}
		rep.Clues[k].Undecided = r == 0
		if r > 0 {
			w := e.model()
			if err := e.checked(w, off); err != nil {
				return nil, err
			}
			c := &rep.Clues[k]
			c.Needed, c.Witness = true, w
			for i := range w.Len() {
				if w.Cell(i) != first.Cell(i) {
					c.Differs = append(c.Differs, i)
				}
			}
		}
		off[k] = false
	}
	for k := range e.cl {
		if rep.Clues[k].Needed || rep.Clues[k].Undecided {
			continue
		}
		off[k] = true
		r, err := e.query(e.assume(off, blk), budget)
		if err != nil {
			return nil, err
		}
		if r < 0 {
			rep.Removable = append(rep.Removable, k)
		} else {
			off[k] = false
		}
	}
	return rep, nil
}

// count finds the solutions with the clues on and the assumptions as,
// up to limit, each checked; it reports whether the count is exact.
func (e *engine) count(as []int, limit int) ([]*satdoku.Grid, bool, error) {
	guard := e.inst.NewVar()
	defer e.inst.AddClause([]int{-guard})
	var sols []*satdoku.Grid
	for len(sols) < limit {
		r, err := e.solve(e.assume(nil, append(as, guard)...))
		if err != nil {
			return nil, false, err
		}
		if r < 0 {
			return sols, true, nil
		}
		s := e.model()
		if err := e.checked(s, nil); err != nil {
			return nil, false, err
		}
		sols = append(sols, s)
		e.block(s, guard)
	}
	return sols, false, nil
}

// multiple fills the count, the cells that differ and the suggestions.
func (e *engine) multiple(rep *Report, blk, limit int) error {
	e.inst.AddClause([]int{-blk})
	sols, exact, err := e.count(nil, limit)
	if err != nil {
		return err
	}
	rep.Count, rep.CountAtLeast = len(sols), !exact
	n := e.n
	// leaves[i][d]: the solutions found with d in cell i.
	leaves := make([][]int, n*n)
	for i := range leaves {
		leaves[i] = make([]int, e.v+1)
		for _, s := range sols {
			leaves[i][s.Cell(i)]++
		}
	}
	if !exact {
		// The solutions found are a sample: look for one with each digit
		// in each cell that no solution found has.
		for i := range leaves {
			for d := 1; d <= e.v; d++ {
				if leaves[i][d] > 0 {
					continue
				}
				r, err := e.solve(e.assume(nil, e.lit(i, d)))
				if err != nil {
					return err
				}
				if r < 0 {
					continue
				}
				s := e.model()
				if err := e.checked(s, nil); err != nil {
					return err
				}
				for j := range leaves {
					leaves[j][s.Cell(j)]++
				}
			}
		}
	}
	for i := range leaves {
		digits := 0
		for _, c := range leaves[i] {
			if c > 0 {
				digits++
			}
		}
		if digits > 1 {
			rep.Differs = append(rep.Differs, i)
		}
	}
	// The givens that alone make it unique.
	for _, i := range rep.Differs {
		for d := 1; d <= e.v; d++ {
			switch {
			case leaves[i][d] == 0:
				continue
			case exact && leaves[i][d] == 1:
				rep.Suggest = append(rep.Suggest, Suggestion{Cell: i, Digit: d, Leaves: 1})
			case !exact:
				s, _, err := e.count([]int{e.lit(i, d)}, 2)
				if err != nil {
					return err
				}
				if len(s) == 1 {
					rep.Suggest = append(rep.Suggest, Suggestion{Cell: i, Digit: d, Leaves: 1})
				}
			}
		}
	}
	if len(rep.Suggest) > 0 {
		return nil
	}
	// Else the cell whose digits split the solutions most evenly.
	best, most := -1, 0
	for _, i := range rep.Differs {
		m := slices.Max(leaves[i])
		if best < 0 || m < most {
			best, most = i, m
		}
	}
	for d := 1; d <= e.v; d++ {
		if leaves[best][d] == 0 {
			continue
		}
		sg := Suggestion{Cell: best, Digit: d, Leaves: leaves[best][d]}
		if !exact {
			s, ex, err := e.count([]int{e.lit(best, d)}, limit)
			if err != nil {
				return err
			}
			sg.Leaves, sg.LeavesAtLeast = len(s), !ex
		}
		rep.Suggest = append(rep.Suggest, sg)
	}
	return nil
}

// conflict finds clues whose removal makes the puzzle solvable: it turns
// off a clue of each unsatisfiable core until a solution appears, then
// turns back on every clue that can stay.
func (e *engine) conflict(rep *Report) error {
	off := make([]bool, len(e.cl))
	selOf := map[int]int{}
	for k, s := range e.sel {
		selOf[s] = k
	}
	for {
		r, err := e.solve(e.assume(off))
		if err != nil {
			return err
		}
		if r > 0 {
			break
		}
		pick := -1
		for _, l := range e.inst.Why() {
			if k, ok := selOf[l]; ok && !off[k] {
				pick = k
				break
			}
		}
		if pick < 0 {
			return errors.New("cluereport: the board has no solution without any clue")
		}
		off[pick] = true
	}
	for k := range off {
		if !off[k] {
			continue
		}
		off[k] = false
		r, err := e.solve(e.assume(off))
		if err != nil {
			return err
		}
		if r < 0 {
			off[k] = true
		}
	}
	if r, err := e.solve(e.assume(off)); err != nil {
		return err // the context's: a timeout, not a fault
	} else if r < 0 {
		return errors.New("cluereport: lost the solution without the conflicting clues")
	}
	w := e.model()
	if err := e.checked(w, off); err != nil {
		return err
	}
	rep.Witness = w
	for k, o := range off {
		if o {
			rep.Conflict = append(rep.Conflict, k)
		}
	}
	return nil
}
