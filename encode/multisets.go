package encode

import (
	"math/bits"

	"github.com/satdoku/satdoku"
)

// This file writes the constraints that count digits (Exactly, SameValues,
// Circles, Distinct), the loop of segments (SegmentsLoop) and the sum of
// several totals (TotalIn), each as decision diagrams (see diagram) over
// the cells or over literals.

// valueOf is the number that digit dg stands for where a constraint
// counts or adds (Circles, Distinct): the one place of the mapping, the
// digit itself on boards of digits 1 to N.
func valueOf(dg int) int { return dg }

// countDigit writes that the number of cells holding dg is one that ok
// takes, as a decision diagram on the count so far (capped at most+1, a
// count above every one ok takes).
func (e *Encoder) countDigit(a ClauseAdder, d *Domain, cells []int, dg, most int, ok func(k int64) bool) {
	limit := int64(most) + 1
	e.diagram(a, d, cells, 0, func(s int64, _, x int) (int64, bool) {
		if x == dg {
			s = min(s+1, limit)
		}
		return s, s <= int64(most)
	}, ok)
}

// canHold returns the digits that some of the cells may hold over d.
func (e *Encoder) canHold(d *Domain, cells []int) uint64 {
	var m uint64
	for _, i := range cells {
		m |= e.cellMask(d, i)
	}
	return m
}

// wanted returns how many times each digit 1..N is listed in digits.
func (e *Encoder) wanted(digits []int) [satdoku.MaxN + 1]int {
	var need [satdoku.MaxN + 1]int
	for _, dg := range digits {
		if dg >= 1 && dg <= e.rules.Values() {
			need[dg]++
		}
	}
	return need
}

// exactly writes an Exactly: for each digit listed k times, a diagram
// that counts it to exactly k.
func (e *Encoder) exactly(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	for dg, k := range e.wanted(c.Digits) {
		if k == 0 {
			continue
		}
		want := int64(k)
		e.countDigit(a, d, c.Cells, dg, k, func(s int64) bool { return s == want })
	}
}

// sameValues writes a SameValues of sets S0 … Sm: for each digit some
// cell may hold and each set Si after the first, a diagram over S0 then
// Si on the count of the digit in S0 less its count in Si so far, which
// must end at 0.
func (e *Encoder) sameValues(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	size := len(c.Cells) / c.Value
	first := c.Cells[:size]
	both := make([]int, 0, 2*size)
	for k := 1; k < c.Value; k++ {
		set := c.Cells[k*size : (k+1)*size]
		both = append(append(both[:0], first...), set...)
		for m := e.canHold(d, both); m != 0; m &= m - 1 {
			dg := bits.TrailingZeros64(m) + 1
			e.diagram(a, d, both, 0, func(s int64, j, x int) (int64, bool) {
				switch {
				case x != dg:
				case j < size:
					s++
				default:
					s--
				}
				// What is left of Si must cover s.
				return s, j < size || s >= 0 && s <= int64(len(both)-1-j)
			}, func(s int64) bool { return s == 0 })
		}
	}
}

// circles writes a Circles: for each digit dg some cell may hold, a
// variable u, true exactly when dg is used, and a diagram over the cells
// and then u (¬u or u) on the number of cells holding dg, which must be 0
// with ¬u and the value of dg with u; and a diagram over the u's on the
// sum of the values used, which must be the number of cells (without it
// gini took over 55 s on a 36-circle puzzle, aI03nXLTyGg, that ISS
// solves in 72 ms; with it 5 s).
func (e *Encoder) circles(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	if ds, ok := e.fixedDigits(d, c.Cells); ok {
		if !fixedHolds(c, ds) {
			e.emit(a)
		}
		return
	}
	cells := c.Cells
	k := len(cells)
	var us, vs []int // per digit used: its literals (u, ¬u) and its value
	for m := e.canHold(d, cells); m != 0; m &= m - 1 {
		dg := bits.TrailingZeros64(m) + 1
		v := valueOf(dg)
		if v <= 0 || v > k {
			for _, i := range cells {
				e.emit(a, -e.cellLit(d, i, dg)) // no count can be v
			}
			continue
		}
		u, nu := e.boolPair(a)
		us, vs = append(us, u, nu), append(vs, v)
		e.diagramOver(a, max(2, e.rules.Values()), k+1, func(j int) uint64 {
			if j < k {
				return e.cellMask(d, cells[j])
			}
			return 0b11
		}, func(j, x int) int {
			if j < k {
				return e.cellLit(d, cells[j], x)
			}
			return pairLit(u, nu, x)
		}, 0, func(s int64, j, x int) (int64, bool) {
			if j < k {
				if x == dg {
					s++
				}
				return s, s <= int64(v)
			}
			return s, x == 2 && s == int64(v) || x == 1 && s == 0
		}, func(int64) bool { return true })
	}
	e.diagramOver(a, 2, len(vs), func(int) uint64 { return 0b11 }, func(j, x int) int {
		return pairLit(us[2*j], us[2*j+1], x)
	}, 0, func(s int64, j, x int) (int64, bool) {
		s += int64(x-1) * int64(vs[j])
		return s, s <= int64(k)
	}, func(s int64) bool { return s == int64(k) })
}

// present writes that p is true exactly when one of the cells holds dg.
func (e *Encoder) present(a ClauseAdder, d *Domain, cells []int, dg, p int) {
	some := []int{-p}
	for _, i := range cells {
		x := e.cellLit(d, i, dg)
		e.emit(a, -x, p)
		some = append(some, x)
	}
	e.emit(a, some...)
}

// boolPair returns two new variables p and q with q = ¬p: a decision
// diagram's input that is a truth value takes one of two literals, never
// one literal and its negation (its support clauses would be
// tautologies).
func (e *Encoder) boolPair(a ClauseAdder) (p, q int) {
	p, q = e.aux(), e.aux()
	e.emit(a, p, q)
	e.emit(a, -p, -q)
	return p, q
}

// pairLit is the literal of value x of a truth input (see boolPair): 2,
// true, is p; 1, false, is q.
func pairLit(p, q, x int) int {
	if x == 2 {
		return p
	}
	return q
}

// countDistinct writes a Distinct: a variable p per digit that the counted
// cells (the first among them when Value is 0) may hold, true exactly when one of them holds it (and q = ¬p), and
// a diagram over the p's (q or p) and then the first cell, on the number
// of true p's, which the first cell's value must equal.
func (e *Encoder) countDistinct(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	if ds, ok := e.fixedDigits(d, c.Cells); ok {
		if !fixedHolds(c, ds) {
			e.emit(a)
		}
		return
	}
	control, counted := c.Cells[0], c.Cells[c.Value:]
	var ps []int
	for m := e.canHold(d, counted); m != 0; m &= m - 1 {
		dg := bits.TrailingZeros64(m) + 1
		p, q := e.boolPair(a)
		e.present(a, d, counted, dg, p)
		ps = append(ps, p, q)
	}
	k := len(ps) / 2
	e.diagramOver(a, max(2, e.rules.Values()), k+1, func(j int) uint64 {
		if j < k {
			return 0b11
		}
		return e.cellMask(d, control)
	}, func(j, x int) int {
		if j < k {
			return pairLit(ps[2*j], ps[2*j+1], x)
		}
		return e.cellLit(d, control, x)
	}, 0, func(s int64, j, x int) (int64, bool) {
		if j < k {
			return s + int64(x-1), true
		}
		return s, int64(valueOf(x)) == s
	}, func(int64) bool { return true })
}

// segmentsLoop writes a SegmentsLoop of sum V: a selector t from 0 to V−1,
// exactly one true, is the sum of the loop's cells after its last
// boundary before the first cell; a diagram over t and then the cells
// runs the sum of the current segment from t, back to 0 when it reaches
// V, and must end at t. (The rules take a V from 1 to 63 alone.)
func (e *Encoder) segmentsLoop(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	if ds, ok := e.fixedDigits(d, c.Cells); ok {
		if !fixedHolds(c, ds) {
			e.emit(a)
		}
		return
	}
	v := c.Value
	if v < 1 || v > 63 {
		e.emit(a)
		return
	}
	sel := make([]int, v)
	for x := range sel {
		sel[x] = e.aux()
	}
	e.emit(a, sel...)
	e.atMostOne(a, sel)
	const shift = 8 // state: t<<shift | the segment's sum so far
	cells := c.Cells
	e.diagramOver(a, max(v, e.rules.Values()), len(cells)+1, func(j int) uint64 {
		if j == 0 {
			return 1<<v - 1
		}
		return e.cellMask(d, cells[j-1])
	}, func(j, x int) int {
		if j == 0 {
			return sel[x-1]
		}
		return e.cellLit(d, cells[j-1], x)
	}, 0, func(s int64, j, x int) (int64, bool) {
		if j == 0 {
			t := int64(x - 1)
			return t<<shift | t, true
		}
		t, sum := s>>shift, s&(1<<shift-1)+int64(x)
		if sum == int64(v) {
			sum = 0
		}
		return t<<shift | sum, sum < int64(v)
	}, func(s int64) bool { return s>>shift == s&(1<<shift-1) })
}

// totalIn writes a TotalIn: a decision diagram on the partial sum, as for
// a Total, pruned forward by the least and the greatest sum the cells left
// can add, that must end on one of the totals.
func (e *Encoder) totalIn(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	lo, hi, ok := e.suffixBounds(d, c)
	if !ok {
		e.emit(a)
		return
	}
	reach := func(s, from, to int64) bool { // some total in [s+from, s+to]
		for _, v := range c.Digits {
			if int64(v) >= s+from && int64(v) <= s+to {
				return true
			}
		}
		return false
	}
	e.diagram(a, d, c.Cells, 0, func(s int64, j, dg int) (int64, bool) {
		t := s + int64(dg)
		return t, reach(t, lo[j+1], hi[j+1])
	}, func(s int64) bool { return reach(s, 0, 0) })
}

// noSubsetSum writes a NoSubsetSum: a variable p per digit that the cells
// may hold, true when one of them holds it (only that way: p needs a
// cell), and for every set of such digits that adds up to Value, no more
// digits than cells, the clause that not all their p's are true.
func (e *Encoder) noSubsetSum(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	if ds, ok := e.fixedDigits(d, c.Cells); ok {
		if !fixedHolds(c, ds) {
			e.emit(a)
		}
		return
	}
	var present [satdoku.MaxN + 1]int
	var digits []int
	for m := e.canHold(d, c.Cells); m != 0; m &= m - 1 {
		dg := bits.TrailingZeros64(m) + 1
		if dg > c.Value {
			break
		}
		p := e.aux()
		e.present(a, d, c.Cells, dg, p)
		present[dg] = p
		digits = append(digits, dg)
	}
	total := 0
	for _, dg := range digits {
		total += dg
	}
	if c.Value <= 0 || c.Value > total {
		return // no digits make it
	}
	var set []int // the negated p's of the digits chosen
	budget := maxSubsetClauses
	var choose func(k, left int)
	choose = func(k, left int) {
		if left == 0 {
			e.emit(a, set...)
			budget--
			return
		}
		if len(set) == len(c.Cells) {
			return
		}
		for j := k; j < len(digits) && digits[j] <= left && budget > 0; j++ {
			set = append(set, -present[digits[j]])
			choose(j+1, left-digits[j])
			set = set[:len(set)-1]
		}
	}
	choose(0, c.Value)
	if budget > 0 {
		return
	}
	// Too many sets (a large board): the clauses written hold, and the
	// sums that the digits present make, one digit after another, rule
	// out the rest: r(j, s), "some of the first j digits present add up
	// to s", is implied by r(j−1, s) and by r(j−1, s−d) with p(d); and
	// r(last, Value) is false.
	r := make([]int, c.Value+1)
	for s := range r {
		r[s] = litFalse
	}
	r[0] = litTrue
	next := make([]int, len(r))
	for _, dg := range digits {
		for s := range next {
			switch {
			case s == 0:
				next[s] = litTrue
			case r[s] == litFalse && (s < dg || r[s-dg] == litFalse):
				next[s] = litFalse
			default:
				next[s] = e.aux()
				e.emit(a, -r[s], next[s])
				if s >= dg {
					e.emit(a, -r[s-dg], -present[dg], next[s])
				}
			}
		}
		r, next = next, r
	}
	e.emit(a, -r[c.Value])
}

// maxSubsetClauses is the most clauses noSubsetSum writes one set of
// digits at a time.
var maxSubsetClauses = 1 << 12

// fixedDigits returns the digits of the cells when the domain fixes every
// one of them (each has one candidate).
func (e *Encoder) fixedDigits(d *Domain, cells []int) ([]int, bool) {
	ds := make([]int, len(cells))
	for k, i := range cells {
		m := e.cellMask(d, i)
		if bits.OnesCount64(m) != 1 {
			return nil, false
		}
		ds[k] = bits.TrailingZeros64(m) + 1
	}
	return ds, true
}

// fixedHolds reports whether the digits ds of the cells of c, all fixed,
// meet c (Circles, Distinct, SegmentsLoop, NoSubsetSum): the writers of
// these kinds, whose clauses have variables of their own, write nothing
// but the empty clause for cells the domain fixes.
func fixedHolds(c *satdoku.Constraint, ds []int) bool {
	from := 0 // the first cell a Distinct counts
	if c.Kind == satdoku.Distinct {
		from = c.Value
	}
	var held uint64
	for _, dg := range ds[from:] {
		held |= 1 << (dg - 1)
	}
	switch c.Kind {
	case satdoku.Circles:
		for _, dg := range ds {
			k := 0
			for _, x := range ds {
				k += b2i(x == dg)
			}
			if k != valueOf(dg) {
				return false
			}
		}
		return true
	case satdoku.Distinct:
		return valueOf(ds[0]) == bits.OnesCount64(held)
	case satdoku.SegmentsLoop:
		for t := range c.Value {
			s := t
			ok := true
			for _, dg := range ds {
				if s += dg; s == c.Value {
					s = 0
				} else if s > c.Value {
					ok = false
					break
				}
			}
			if ok && s == t {
				return true
			}
		}
		return false
	case satdoku.NoSubsetSum:
		if c.Value <= 0 || c.Value > satdoku.MaxN*(satdoku.MaxN+1)/2 {
			return true // no digits make it
		}
		reach := make([]bool, c.Value+1)
		reach[0] = true
		for m := held; m != 0; m &= m - 1 {
			dg := bits.TrailingZeros64(m) + 1
			for s := c.Value; s >= dg; s-- {
				reach[s] = reach[s] || reach[s-dg]
			}
		}
		return !reach[c.Value]
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
