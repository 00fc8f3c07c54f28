package encode

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/satdoku/satdoku"
)

// Domain is what is still open on a board: for every cell either the digit
// it is fixed to, or the digits it may still take. The encoder writes
// clauses only over the variables of open candidates; a fixed cell's
// variables occur in no clause (its value is known), and the digits fixed
// in a unit are left out of the unit's other cells. A nil *Domain means
// every cell open with every digit: the plain rules.
//
// Val and Cand hold one entry per cell, row-major, at least Rules.Cells()
// of them: the grid's N², then any var cells (Write reports ErrDomain for
// fewer and ignores any beyond).
type Domain struct {
	// Val holds, per cell, the digit 1..N the cell is fixed to, or 0 when
	// it is open. A cell fixed to a value beyond N has no completion:
	// Write writes the empty clause.
	Val []uint8
	// Cand holds, per open cell, its candidates: bit d−1 for digit d.
	// Write ignores the bits beyond N and drops any digit fixed in one of
	// the cell's units. A fixed cell's entry is not read.
	Cand []uint64
	// Placed, when not nil, holds per unit (as in Rules.Units) the digits
	// fixed in it, and promises that Cand already excludes them and that
	// no two fixed cells of a unit clash, as the solver's pre-pass
	// guarantees: Write then uses the domain as it is instead of working
	// that out itself.
	Placed []uint64
}

// ErrDomain reports a Domain with fewer cells than its rules (Rules.Cells).
var ErrDomain = errors.New("encode: domain does not cover the board")

// GivensDomain returns the domain of puzzle g: the givens fixed, and every
// empty cell open with the digits that no given in its units holds. (The
// Reduced encoding is the Extended encoding over this domain.)
func GivensDomain(g *satdoku.Grid) *Domain {
	r := g.Rules()
	full := fullMask(r.Values())
	units := r.Units()
	placed := make([]uint64, len(units))
	for u, unit := range units {
		for _, i := range unit.Cells {
			if d := g.Cell(i); d != 0 {
				placed[u] |= 1 << (d - 1)
			}
		}
	}
	nc := r.Cells()
	dom := &Domain{Val: make([]uint8, nc), Cand: make([]uint64, nc)}
	for i := range nc {
		if d := g.Cell(i); d != 0 {
			dom.Val[i] = uint8(d)
			dom.Cand[i] = 1 << (d - 1)
			continue
		}
		c := full
		for _, u := range r.UnitsOf(i) {
			c &^= placed[u]
		}
		dom.Cand[i] = c
	}
	return dom
}

// ErrStopped reports that an Encoder's Stop function asked it to stop: the
// clauses written so far are not a complete formula.
var ErrStopped = errors.New("encode: stopped")

// Encoder writes the clauses of one set of rules in one encoding: the one
// encoder behind every formula satdoku makes, whether it goes to a DIMACS
// file, an external solver or gini. It keeps tables derived from the rules
// and scratch space, so that an Encoder reused across calls allocates
// nothing. An Encoder is not safe for concurrent use.
type Encoder struct {
	// Dedup leaves out the binary clause of a pair of cells that an
	// earlier unit already holds (in a box, two cells of one row or
	// column): the formula is the same, with fewer clauses. DIMACS files
	// keep them, so that their counts are the published ones.
	Dedup bool
	// Stop, when not nil, is asked whether to stop every 64 cells and, on
	// boards from 16×16 up, before each unit (a board smaller than 8×8 is
	// written without asking); when it reports true Write returns
	// ErrStopped at once.
	Stop func() bool

	rules  *satdoku.Rules
	ext    bool
	ladder bool // at-most-one by sequential counter (Sequential)
	// top is the largest variable in use: N³, and the auxiliary variables
	// the current Write has handed out above it.
	top  int
	full uint64
	// covered[u][k]: the earlier units that hold cell k of unit u together
	// with another cell of u, as bits (see newCovered); shared by the
	// Encoders of the same rules, read-only.
	covered [][]uint64
	placed  []uint64 // scratch: per unit, the digits fixed in it
	cand    []uint64 // scratch: per cell, its candidates
	lits    []int    // scratch: one clause
	cl      []int    // scratch: one clause of a constraint (see emit)
	cl2     []int    // scratch: a clause of a constraint being gathered
	pos     []int    // scratch: the position in its unit of each literal's cell
	cur     []uint64 // the candidates of the current Write
	two     [2]int   // scratch: a binary clause
	wrap    clauseAdder
	orig    OriginAdder // the current Write's adder when it records origins, else nil
	err     error       // a kind of the rules the encoder does not know (see checkKinds)

	// inFull[i]: cell i is in a unit of V cells, whose at-least-once and
	// at-most-once clauses leave it one digit in Minimal (see fullCellsOf).
	inFull []bool
}

// NewEncoder returns an Encoder for rules r in encoding e. Reduced is
// Extended: the reduction comes from the domain (see GivensDomain).
func NewEncoder(r *satdoku.Rules, e Encoding) *Encoder {
	return &Encoder{
		rules:   r,
		ext:     e != Minimal,
		ladder:  e == Sequential,
		full:    fullMask(r.Values()),
		covered: coveredOf(r),
		inFull:  fullCellsOf(r),
		placed:  make([]uint64, len(r.Units())),
		cand:    make([]uint64, r.Cells()),
		err:     checkKinds(r),
	}
}

// ErrKind reports rules with a relation or a constraint of a kind the
// encoder does not know: it writes no formula for them, rather than one
// that would leave the rule out.
var ErrKind = errors.New("encode: unknown kind")

// checkKinds returns an error wrapping ErrKind for the first relation or
// constraint of r whose kind the encoder does not know, or nil.
func checkKinds(r *satdoku.Rules) error {
	for _, x := range r.Relations() {
		if !x.Kind.Valid() {
			return fmt.Errorf("%w: relation kind %v (%s)", ErrKind, x.Kind, x.Name)
		}
	}
	for _, c := range r.Constraints() {
		if constraintWriters[c.Kind] == nil {
			return fmt.Errorf("%w: constraint kind %v (%s)", ErrKind, c.Kind, c.Name)
		}
	}
	return nil
}

// coveredKey is the key of the covered table in the cache of its rules.
type coveredKey struct{}

// coveredOf returns the covered table of Encoder for rules r, computed
// once per rules (see satdoku.Rules.Cached) and shared by every Encoder.
func coveredOf(r *satdoku.Rules) [][]uint64 {
	return r.Cached(coveredKey{}, func() any { return newCovered(r) }).([][]uint64)
}

// newCovered computes the covered table of rules r (see Encoder).
func newCovered(r *satdoku.Rules) [][]uint64 {
	units := r.Units()
	covered := make([][]uint64, len(units))
	next := make([]int, len(units)) // overlaps numbered per unit
	for _, o := range r.Overlaps() {
		b := next[o.B]
		next[o.B]++
		if b >= 64 {
			continue // too many to track: the pairs are written twice
		}
		cov := covered[o.B]
		if cov == nil {
			cov = make([]uint64, len(units[o.B].Cells))
			covered[o.B] = cov
		}
		for k, i := range units[o.B].Cells {
			for _, j := range o.Shared {
				if i == j {
					cov[k] |= 1 << b
				}
			}
		}
	}
	return covered
}

// fullCellsKey is the key of the full-cells table in the cache of its
// rules.
type fullCellsKey struct{}

// fullCellsOf returns, per cell of r, whether it is in a unit that holds
// every digit (Rules.Full), computed once per rules. A cell in none (a var
// cell, a cell of a raw board, any cell when there are more digits than
// N) gets its at-most-one clauses in Minimal too: nothing else keeps it to
// one digit.
func fullCellsOf(r *satdoku.Rules) []bool {
	return r.Cached(fullCellsKey{}, func() any {
		in := make([]bool, r.Cells())
		for i := range in {
			for _, u := range r.UnitsOf(i) {
				in[i] = in[i] || r.Full(int(u))
			}
		}
		return in
	}).([]bool)
}

// fullMask is the candidate mask of an empty cell of an n×n board.
func fullMask(n int) uint64 { return ^uint64(0) >> (64 - n) }

// checkEvery is how many cells Write encodes between two calls of Stop.
const checkEvery = 64

// Write adds the rules over domain d (nil: every candidate open) to a:
//
//   - for every open cell, at least one of its candidates and, with
//     Extended or in no unit of V cells, at most one (pairwise); a hole
//     (see satdoku.Rules.WithWindow) is digit 1 and no other, unit clauses;
//   - for every unit and every digit not fixed in it, at most one of its
//     open places (pairwise) and, with Extended in a unit of N cells, at
//     least one.
//
// Then, for every relation of the rules (satdoku.Relation) and every pair
// of digits it forbids, not both: ¬var(A, d) ∨ ¬var(B, e), simplified over
// the domain like the rest; and the clauses of every constraint
// (satdoku.Constraint), with auxiliary variables numbered above N³ (see
// MaxVar), simplified over the domain too, followed by those of the sums
// that the rules imply (innies and outies, see derivedSums): redundant
// clauses, which change no solution and help the solver.
//
// A contradiction in the domain (two cells of a unit fixed to the same
// digit, or a cell fixed to a value beyond N) is written as the empty
// clause alone, and a cell or a unit with no place left for what it needs
// gives an empty clause too, so the formula is unsatisfiable exactly when
// the domain has no completion. Clauses come in a fixed order: the cells in
// row-major order, then the units in the order of Rules.Units, digits
// ascending.
//
// When adder is an OriginAdder, Write tells it the origin of every clause
// (see OriginAdder).
//
// Rules with a relation or a constraint of a kind the encoder does not
// know are an error wrapping ErrKind, and nothing is written.
func (e *Encoder) Write(adder Adder, d *Domain) error {
	if e.err != nil {
		return e.err
	}
	a := e.asClauseAdder(adder)
	orig, _ := adder.(OriginAdder)
	e.orig = orig
	defer func() { e.wrap.Adder, e.cur, e.orig = nil, nil, nil }()
	r := e.rules
	n, nv := r.N(), r.Values()
	nc := r.Cells() // the grid's n² cells and any var cells
	e.top = nc * nv
	units := r.Units()
	placed, cand := e.placed, e.cand
	switch {
	case d != nil && d.Placed != nil:
		placed, cand = d.Placed, d.Cand
	case d == nil:
		clear(placed)
		for i := range cand {
			cand[i] = e.full
		}
	default:
		if len(d.Val) < nc || len(d.Cand) < nc {
			return fmt.Errorf("%w: %d values and %d candidate sets for %d cells", ErrDomain, len(d.Val), len(d.Cand), nc)
		}
		for u, unit := range units {
			var m uint64
			for _, i := range unit.Cells {
				if v := d.Val[i]; v != 0 {
					bit := uint64(1) << (v - 1)
					if int(v) > nv || m&bit != 0 {
						a.Add(0) // no digit, or two cells of the unit fixed to one digit
						return nil
					}
					m |= bit
				}
			}
			placed[u] = m
		}
		for i := range cand {
			if d.Val[i] != 0 {
				cand[i] = 0
				continue
			}
			c := d.Cand[i] & e.full
			for _, u := range r.UnitsOf(i) {
				c &^= placed[u]
			}
			cand[i] = c
		}
	}
	e.cur = cand
	// Cells.
	for i := range nc {
		if e.Stop != nil && i%checkEvery == checkEvery-1 && e.Stop() {
			return ErrStopped
		}
		if d != nil && d.Val[i] != 0 {
			if d.Val[i] != 1 && r.Hole(i) {
				a.Add(0) // a hole fixed to another digit than 1: no completion
				return nil
			}
			continue
		}
		if orig != nil {
			orig.SetOrigin(Origin{FromCell, i})
		}
		base := i * nv
		if r.Hole(i) {
			// Outside the window: digit 1 and no other, fixed, so that
			// no solution is counted twice.
			for dg := 1; dg <= nv; dg++ {
				lit := base + dg
				if dg > 1 {
					lit = -lit
				}
				e.lits = append(e.lits[:0], lit)
				a.AddClause(e.lits)
			}
			continue
		}
		e.lits = e.lits[:0]
		for m := cand[i]; m != 0; m &= m - 1 {
			e.lits = append(e.lits, base+bits.TrailingZeros64(m)+1)
		}
		a.AddClause(e.lits)
		if e.ext || !e.inFull[i] {
			e.atMostOne(a, e.lits)
		}
	}
	// Units.
	for u, unit := range units {
		if e.Stop != nil && n >= 16 && e.Stop() { // a unit of a big board is ≈ n³/2 clauses
			return ErrStopped
		}
		if orig != nil {
			orig.SetOrigin(Origin{FromUnit, u})
		}
		alo := e.ext && len(unit.Cells) == nv
		cov := e.covered[u]
		if !e.Dedup || e.ladder {
			cov = nil
		}
		for m := e.full &^ placed[u]; m != 0; m &= m - 1 {
			dg := bits.TrailingZeros64(m)
			bit := uint64(1) << dg
			e.lits, e.pos = e.lits[:0], e.pos[:0]
			for k, i := range unit.Cells {
				if cand[i]&bit != 0 {
					e.lits = append(e.lits, i*nv+dg+1)
					if cov != nil {
						e.pos = append(e.pos, k)
					}
				}
			}
			if alo {
				a.AddClause(e.lits)
			}
			if cov == nil {
				e.atMostOne(a, e.lits)
				continue
			}
			two := e.two[:]
			for x, l1 := range e.lits {
				c1 := cov[e.pos[x]]
				two[0] = -l1
				for y, l2 := range e.lits[x+1:] {
					if c1&cov[e.pos[x+1+y]] != 0 {
						continue // an earlier unit holds this pair
					}
					two[1] = -l2
					a.AddClause(two)
				}
			}
		}
	}
	// Relations: for every pair of digits a relation forbids, not both.
	for k, x := range r.Relations() {
		if orig != nil {
			orig.SetOrigin(Origin{FromRelation, k})
		}
		for da := 1; da <= nv; da++ {
			for db := 1; db <= nv; db++ {
				if !x.Holds(da, db) {
					e.forbid(a, d, x.A, da, x.B, db)
				}
			}
		}
	}
	e.writeConstraints(a, d)
	return nil
}

// writeConstraints adds the clauses of every constraint of the rules over
// domain d (see constraint), then those of the sums the rules imply by
// innies and outies (see derivedSums) and by adding two up (see
// combinedSums), numbering their auxiliary variables above those of the
// clauses before.
func (e *Encoder) writeConstraints(adder Adder, d *Domain) {
	cons := e.rules.Constraints()
	if len(cons) == 0 {
		return
	}
	if nn := e.rules.Cells() * e.rules.Values(); e.top < nn {
		e.top = nn
	}
	a := e.asClauseAdder(adder)
	for k := range cons {
		if e.orig != nil {
			e.orig.SetOrigin(Origin{FromConstraint, k})
		}
		e.constraint(a, d, &cons[k])
	}
	if e.orig != nil {
		e.orig.SetOrigin(Origin{FromDerived, len(cons) - 1})
	}
	for _, c := range derivedOf(e.rules) {
		e.sum(a, d, &c, false)
	}
	for _, c := range combinedOf(e.rules) {
		e.total(a, d, &c)
	}
	e.connectedFaces(a, d)
}

// forbid adds ¬var(i, di) ∨ ¬var(j, dj) over domain d: nothing when a
// literal is already true (the cell is fixed to another digit, or the
// digit is not a candidate), the other literal alone when one cell is fixed
// to its digit, the empty clause when both are.
func (e *Encoder) forbid(a ClauseAdder, d *Domain, i, di, j, dj int) {
	vi, vj := e.value(d, i, di), e.value(d, j, dj)
	if vi < 0 || vj < 0 {
		return
	}
	nv := e.rules.Values()
	lits := e.lits[:0]
	if vi == 0 {
		lits = append(lits, -(i*nv + di))
	}
	if vj == 0 {
		lits = append(lits, -(j*nv + dj))
	}
	e.lits = lits
	a.AddClause(lits)
}

// value is the value of var(i, dg) over domain d (nil: every candidate
// open): 1 when cell i is fixed to dg, −1 when it is fixed to another digit
// or dg is not among its candidates, 0 when the variable is open.
func (e *Encoder) value(d *Domain, i, dg int) int {
	switch {
	case d != nil && d.Val[i] != 0:
		if int(d.Val[i]) == dg {
			return 1
		}
		return -1
	case d != nil && e.cur[i]&(1<<(dg-1)) == 0:
		return -1
	}
	return 0
}

// ClauseAdder is an Adder that also takes a whole clause at once, without
// its final 0: the same clause as adding each literal and then 0. Write uses
// AddClause when its Adder has it, saving a call per literal.
type ClauseAdder interface {
	Adder
	AddClause(lits []int)
}

// clauseAdder turns an Adder into a ClauseAdder.
type clauseAdder struct{ Adder }

func (a *clauseAdder) AddClause(lits []int) {
	for _, l := range lits {
		a.Add(l)
	}
	a.Add(0)
}

// asClauseAdder returns a as a ClauseAdder, wrapping it if needed in the
// Encoder's own wrapper (so that a reused Encoder does not allocate).
func (e *Encoder) asClauseAdder(a Adder) ClauseAdder {
	if ca, ok := a.(ClauseAdder); ok {
		return ca
	}
	e.wrap.Adder = a
	return &e.wrap
}

// ladderFrom is the number of literals above which Sequential writes an
// at-most-one as a sequential counter: up to 5 literals the pairs are
// fewer clauses (10 against 11).
const ladderFrom = 5

// MaxVar returns the largest variable of the last formula Write wrote: N³,
// or the last auxiliary variable it numbered above N³ (Sequential, and the
// constraints). A DIMACS header needs it.
func (e *Encoder) MaxVar() int { return max(e.top, e.rules.Cells()*e.rules.Values()) }

// aux hands out the next auxiliary variable, above N³.
func (e *Encoder) aux() int {
	e.top++
	return e.top
}

// atMostOne adds that at most one of the (positive) literals is true:
// pairwise, or with Sequential and more than ladderFrom literals as Sinz's
// sequential counter over k−1 new variables s: x1 → s1; for 1 < i < k,
// xi → si, s(i−1) → si and ¬(xi ∧ s(i−1)); and ¬(xk ∧ s(k−1)).
func (e *Encoder) atMostOne(a ClauseAdder, lits []int) {
	k := len(lits)
	if !e.ladder || k <= ladderFrom {
		e.pairs(a, lits)
		return
	}
	two := e.two[:]
	s := e.aux()
	two[0], two[1] = -lits[0], s
	a.AddClause(two)
	for _, x := range lits[1 : k-1] {
		next := e.aux()
		two[0], two[1] = -x, next
		a.AddClause(two)
		two[0], two[1] = -s, next
		a.AddClause(two)
		two[0], two[1] = -x, -s
		a.AddClause(two)
		s = next
	}
	two[0], two[1] = -lits[k-1], -s
	a.AddClause(two)
}

// pairs adds ¬x ∨ ¬y for every pair of the literals.
func (e *Encoder) pairs(a ClauseAdder, lits []int) {
	two := e.two[:]
	for x, l1 := range lits {
		two[0] = -l1
		for _, l2 := range lits[x+1:] {
			two[1] = -l2
			a.AddClause(two)
		}
	}
}

// BlockOpen adds the clause that excludes solution sol from a formula over
// domain d: the OR of ¬var(r, c, sol(r, c)) over the open cells of d (the
// fixed ones cannot differ), every cell when d is nil. With no open cell it
// is the empty clause. sol is a grid of d's board. Block is BlockOpen over
// the domain of the givens.
func BlockOpen(a Adder, d *Domain, sol *satdoku.Grid) {
	r := sol.Rules()
	for i := range sol.Len() {
		if d == nil || d.Val[i] == 0 {
			if dg := sol.Cell(i); dg != 0 {
				a.Add(-CellVar(r, i, dg))
			}
		}
	}
	a.Add(0)
}
