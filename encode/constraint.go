package encode

import (
	"math/bits"
	"slices"

	"github.com/satdoku/satdoku"
)

// Constant literals: emit drops a clause that holds litTrue and leaves
// litFalse out of the clause it writes. They stand for the cell literals the
// domain already decides and for the nodes of a decision diagram that every
// model passes through. −litTrue is litFalse.
const (
	litTrue  = 1 << 30
	litFalse = -litTrue
)

// emit adds the clause of lits, simplified over the constants: nothing when
// a literal is litTrue, the other literals when some are litFalse, the
// empty clause when all are.
func (e *Encoder) emit(a ClauseAdder, lits ...int) {
	cl := e.cl[:0]
	for _, l := range lits {
		switch l {
		case litTrue:
			return
		case litFalse:
			continue
		}
		cl = append(cl, l)
	}
	e.cl = cl
	a.AddClause(cl)
}

// cellLit returns the literal of var(i, dg) over domain d: litTrue when
// cell i is fixed to dg, litFalse when it is fixed to another digit or dg
// is not among its candidates (or not a digit at all), the variable
// otherwise.
func (e *Encoder) cellLit(d *Domain, i, dg int) int {
	nv := e.rules.Values()
	if dg < 1 || dg > nv {
		return litFalse
	}
	switch e.value(d, i, dg) {
	case 1:
		return litTrue
	case -1:
		return litFalse
	}
	return i*nv + dg
}

// cellMask returns the digits cell i may hold over domain d: the digit it
// is fixed to, or its candidates.
func (e *Encoder) cellMask(d *Domain, i int) uint64 {
	if d != nil && d.Val[i] != 0 {
		if int(d.Val[i]) > e.rules.Values() {
			return 0
		}
		return 1 << (d.Val[i] - 1)
	}
	if d == nil {
		return e.full
	}
	return e.cur[i]
}

// constraint writes the clauses of constraint c over domain d. Each kind
// has its own encoding, exact over the domain: its clauses together with
// the cells' clauses hold for an assignment of the cells exactly when the
// digits meet the constraint (a constraint that the fixed cells break
// gives the empty clause). The auxiliary variables come from aux.
//
//   - Total: a decision diagram over the cells in order, its nodes the
//     partial sums that can still reach Value (see diagram); and, for a
//     sum of distinct cells with every coefficient 1 (a killer cage), the
//     digit sets that make it (see cageSets). A sum of cells that are not
//     all distinct (a little killer, a long arrow) whose cells split into
//     groups that share a unit gets the diagram over the groups' sums
//     instead, each group tied to its digit sets (see groupedTotal).
//   - Run: one variable per window of consecutive digits that the cells
//     can fill, at least one of them true, each keeping the cells inside
//     it and needing each of its digits in some cell; and no digit twice
//     among cells that share no unit (the units already keep the others
//     apart).
//   - Within: the two ends in the order encoding, "end ≥ v", and each cell
//     between with a digit d not below both ends' digits nor above both.
//   - Sandwich: a decision diagram over the line, its nodes the phase
//     (before the 1 and the N, between them, after) and the sum so far.
//     The line must hold one 1 and one N.
//
// Run and Sandwich rely on the units for the cells that share one: the
// clauses are exact for the digits that the units let the cells hold.
//   - Contains: a digit wanted once is one clause, "some cell holds it";
//     a digit wanted k > 1 times is a decision diagram that counts it.
//   - OneOf: a unit clause for each digit outside Mask.
//   - XSum: a decision diagram on the cells still to add (the first
//     cell's digit less those added) and the sum so far.
//   - Skyscraper: a decision diagram on the highest digit so far and the
//     number of cells seen.
//   - Segments: a decision diagram on the sum of the segment so far, back
//     to 0 when it reaches Value.
//   - SameGap: a decision diagram on the last digit and the gap.
//   - Outside: the two ends in the order encoding, as for Within, and each
//     cell between with a digit d not in the range of the ends' digits.
//   - Index: "first = d → cell = Value" for every cell that d picks, and
//     "first ≠ d" for a digit d that picks none.
//   - Connected: levels of reach from the region's first cell (see
//     connected).
//   - Never: the empty clause.
//   - Exactly, SameValues, Circles, Distinct, SegmentsLoop, TotalIn:
//     diagrams that count digits, run a loop's segments or add up to one
//     of several totals; NoSubsetSum: a clause per set of digits adding up
//     to Value (see multisets.go).
//   - Automaton: the layered graph of the automaton's states over the
//     line, a variable per state and per move kept (see automaton).
//   - AnyOf: a selector variable per member, one of them true, each
//     member's clauses guarded by its selector (see anyOf).
//   - Reach: a literal per arm cell "holds the start's digit", the ANDs
//     of those along each arm, and a decision diagram on their number
//     and the first cell (see reach).
func (e *Encoder) constraint(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	w := constraintWriters[c.Kind]
	if w == nil {
		e.emit(a) // unknown to the encoder (see checkKinds): no model
		return
	}
	w(e, a, d, c)
}

// constraintWriters write the clauses of each kind of constraint (see
// constraint); a kind without one is unknown to the encoder (see
// checkKinds).
var constraintWriters = map[satdoku.ConstraintKind]func(e *Encoder, a ClauseAdder, d *Domain, c *satdoku.Constraint){
	satdoku.Total:      (*Encoder).total,
	satdoku.Run:        func(e *Encoder, a ClauseAdder, d *Domain, c *satdoku.Constraint) { e.run(a, d, c.Cells) },
	satdoku.Within:     func(e *Encoder, a ClauseAdder, d *Domain, c *satdoku.Constraint) { e.within(a, d, c.Cells) },
	satdoku.Sandwich:   (*Encoder).sandwich,
	satdoku.Contains:   (*Encoder).contains,
	satdoku.XSum:       (*Encoder).xsum,
	satdoku.Skyscraper: (*Encoder).skyscraper,
	satdoku.Segments:   (*Encoder).segments,
	satdoku.SameGap:    (*Encoder).sameGap,
	satdoku.Index:      (*Encoder).index,
	satdoku.Outside:    func(e *Encoder, a ClauseAdder, d *Domain, c *satdoku.Constraint) { e.outside(a, d, c.Cells) },
	satdoku.Never:      func(e *Encoder, a ClauseAdder, _ *Domain, _ *satdoku.Constraint) { e.emit(a) },
	// Counting and loops: multisets.go.
	satdoku.Exactly:      (*Encoder).exactly,
	satdoku.SameValues:   (*Encoder).sameValues,
	satdoku.Circles:      (*Encoder).circles,
	satdoku.Distinct:     (*Encoder).countDistinct,
	satdoku.SegmentsLoop: (*Encoder).segmentsLoop,
	satdoku.TotalIn:      (*Encoder).totalIn,
	satdoku.NoSubsetSum:  (*Encoder).noSubsetSum,
	satdoku.Connected:    (*Encoder).connected,
	satdoku.Automaton:    (*Encoder).automaton,
	satdoku.OneOf: func(e *Encoder, a ClauseAdder, d *Domain, c *satdoku.Constraint) {
		for _, i := range c.Cells {
			for m := e.cellMask(d, i) &^ c.Mask; m != 0; m &= m - 1 {
				e.emit(a, -e.cellLit(d, i, bits.TrailingZeros64(m)+1))
			}
		}
	},
}

// total writes Σ coef·digit = Value as a decision diagram on the partial
// sum, pruned forward by the least and the greatest sum the cells left
// can add; a sum of distinct cells gets its digit sets too, a sum of
// cells that are not all distinct the diagram over its groups of distinct
// cells (see groupedTotal) or, when it has none, the cells' diagram with
// the digits of cells that share a unit counted distinct in the bounds
// (see distinctBounds).
func (e *Encoder) total(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	e.sum(a, d, c, true)
}

// sum writes Total c as total does, over its groups of distinct cells
// when grouped is true and there are some, over its cells otherwise (the
// derived sums, of six cells or fewer: grouped, those of four or fewer
// slowed gini down, bench/issue24-sums2.txt).
func (e *Encoder) sum(a ClauseAdder, d *Domain, c *satdoku.Constraint, grouped bool) {
	distinct := e.sumOfDistinct(c)
	if distinct {
		e.cageSets(a, d, c.Cells, c.Value)
	}
	if !distinct && grouped && e.groupedTotal(a, d, c) {
		return
	}
	lo, hi, ok := e.suffixBounds(d, c)
	if !ok {
		e.emit(a)
		return
	}
	if !distinct {
		e.distinctBounds(d, c, lo, hi)
	}
	v := int64(c.Value)
	e.diagram(a, d, c.Cells, 0, func(s int64, j, dg int) (int64, bool) {
		t := s + int64(c.Coef(j))*int64(dg)
		return t, v-hi[j+1] <= t && t <= v-lo[j+1]
	}, func(s int64) bool { return s == v })
}

// suffixBounds returns the least and the greatest sum, each digit times its
// coefficient (c.Coef), that the cells of c from the j-th on can add, for
// j from 0 to len(c.Cells); ok is false when a cell can hold no digit.
func (e *Encoder) suffixBounds(d *Domain, c *satdoku.Constraint) (lo, hi []int64, ok bool) {
	k := len(c.Cells)
	lo, hi = make([]int64, k+1), make([]int64, k+1)
	for j := k - 1; j >= 0; j-- {
		m := e.cellMask(d, c.Cells[j])
		if m == 0 {
			return nil, nil, false
		}
		coef := int64(c.Coef(j))
		x, y := coef*int64(bits.TrailingZeros64(m)+1), coef*int64(64-bits.LeadingZeros64(m))
		lo[j], hi[j] = lo[j+1]+min(x, y), hi[j+1]+max(x, y)
	}
	return lo, hi, true
}

// The phases of a sandwich, the low bits of a diagram state above the sum.
const (
	sandBefore = iota // neither the 1 nor the N seen yet
	sandAfter1        // the 1 seen, the N not
	sandAfterN        // the N seen, the 1 not
	sandDone          // both seen, the sum right
)

// sandwich writes a Sandwich as a decision diagram on the phase and the sum
// of the digits since the first of the 1 and the N. When one unit holds
// every cell of the line (a row, a column), its digits are distinct: the
// diagram then need not remember which end came first, which halves it.
func (e *Encoder) sandwich(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	n, v := int64(e.rules.Values()), int64(c.Value)
	distinct := e.oneUnit(c.Cells)
	e.diagram(a, d, c.Cells, sandBefore, func(s int64, _, dg int) (int64, bool) {
		phase, sum, x := s&3, s>>2, int64(dg)
		end := x == 1 || x == n
		switch {
		case phase == sandBefore && end:
			if x == n && !distinct {
				return sandAfterN, true
			}
			return sandAfter1, true
		case phase == sandBefore:
			return s, true
		case phase == sandDone:
			return s, !end
		case end && (distinct || phase == sandAfter1 && x == n || phase == sandAfterN && x == 1):
			return sandDone, sum == v
		case end: // the same end twice
			return 0, false
		}
		return (sum+x)<<2 | phase, sum+x <= v
	}, func(s int64) bool { return s == sandDone })
}

// The states of an X-sum's diagram besides (cells left to add)·2^16 +
// sum: before the first cell, and once the sum is complete and right.
const (
	xsumStart = -2
	xsumDone  = -1
)

// xsum writes an XSum as a decision diagram: the first cell's digit k sets
// how many cells to add, the sum of those k cells must reach Value.
func (e *Encoder) xsum(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	k, v := int64(len(c.Cells)), int64(c.Value)
	e.diagram(a, d, c.Cells, xsumStart, func(s int64, _, dg int) (int64, bool) {
		x := int64(dg)
		left, sum := s>>16, s&0xffff
		switch {
		case s == xsumDone:
			return s, true
		case s == xsumStart:
			if x > k {
				return 0, false
			}
			left, sum = x, 0
		}
		left, sum = left-1, sum+x
		if left == 0 {
			return xsumDone, sum == v
		}
		return left<<16 | sum, sum < v
	}, func(s int64) bool { return s == xsumDone })
}

// skyscraper writes a Skyscraper as a decision diagram on the highest
// digit so far and the number of cells seen, which may not pass Value.
func (e *Encoder) skyscraper(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	v := int64(c.Value)
	e.diagram(a, d, c.Cells, 0, func(s int64, _, dg int) (int64, bool) {
		high, seen := s>>8, s&0xff
		if x := int64(dg); x > high {
			high, seen = x, seen+1
		}
		return high<<8 | seen, seen <= v
	}, func(s int64) bool { return s&0xff == v })
}

// segments writes a Segments as a decision diagram on the sum of the
// open segment, which closes at Value; the last must close.
func (e *Encoder) segments(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	v := int64(c.Value)
	e.diagram(a, d, c.Cells, 0, func(s int64, _, dg int) (int64, bool) {
		s += int64(dg)
		if s == v {
			return 0, true
		}
		return s, s < v
	}, func(s int64) bool { return s == 0 })
}

// sameGap writes a SameGap as a decision diagram on the last digit and
// the gap (−1 before the second cell).
func (e *Encoder) sameGap(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	e.diagram(a, d, c.Cells, 0, func(s int64, j, dg int) (int64, bool) {
		x := int64(dg)
		if j == 0 {
			return x<<8 | 0xff, true
		}
		last, gap := s>>8, s&0xff
		g := x - last
		if g < 0 {
			g = -g
		}
		return x<<8 | g, gap == 0xff || gap == g
	}, func(int64) bool { return true })
}

// index writes an Index: two-literal clauses from the first cell's digits
// to the cells they pick.
func (e *Encoder) index(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	first := c.Cells[0]
	for m := e.cellMask(d, first); m != 0; m &= m - 1 {
		dg := bits.TrailingZeros64(m) + 1
		picked := false
		for k, i := range c.Cells {
			switch {
			case c.Coefs[k] != dg:
				continue
			case k == 0 && dg == c.Value:
				// The first cell picks itself and holds Value: no clause
				// (it would be a tautology).
			case k == 0:
				e.emit(a, -e.cellLit(d, first, dg))
			default:
				e.emit(a, -e.cellLit(d, first, dg), e.cellLit(d, i, c.Value))
			}
			picked = true
		}
		if !picked {
			e.emit(a, -e.cellLit(d, first, dg))
		}
	}
}

// oneUnit reports whether one unit holds every cell of cells.
func (e *Encoder) oneUnit(cells []int) bool {
	for _, u := range e.rules.UnitsOf(cells[0]) {
		all := true
		for _, i := range cells[1:] {
			all = all && slices.Contains(e.rules.UnitsOf(i), u)
		}
		if all {
			return true
		}
	}
	return false
}

// contains writes a Contains: per digit wanted, one clause (wanted once) or
// a diagram counting its cells up to the number wanted.
func (e *Encoder) contains(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	need := e.wanted(c.Digits)
	for dg, k := range need {
		switch {
		case k == 1:
			e.cl2 = e.cl2[:0]
			for _, i := range c.Cells {
				e.cl2 = append(e.cl2, e.cellLit(d, i, dg))
			}
			e.emit(a, e.cl2...)
		case k > 1:
			want := int64(k)
			e.diagram(a, d, c.Cells, 0, func(s int64, _, x int) (int64, bool) {
				if x == dg {
					s = min(s+1, want)
				}
				return s, true
			}, func(s int64) bool { return s == want })
		}
	}
}

// run writes a Run of k cells: the windows [m, m+k−1] that every cell can
// reach get a variable y_m each (none when only one is left: it is true),
// with at least one y_m true; y_m keeps every cell inside window m and
// puts each of its digits in some cell (the window's span, as a setter
// reads it), and a digit needs a window that holds it. With the cells'
// digits distinct (the pairs that share no unit get ¬var(i, d) ∨
// ¬var(j, d) here), k distinct digits inside a window of k are the whole
// window.
func (e *Encoder) run(a ClauseAdder, d *Domain, cells []int) {
	n, k := e.rules.Values(), len(cells)
	if k <= 1 {
		return // one digit is a run
	}
	var fixed uint64 // the digits of the fixed cells
	for _, i := range cells {
		if d != nil && d.Val[i] != 0 {
			bit := e.cellMask(d, i)
			if fixed&bit != 0 {
				e.emit(a) // a digit twice
				return
			}
			fixed |= bit
		}
	}
	nw := n - k + 1
	ys := make([]int, nw+1) // by window start m: the literal of y_m, 0 if dead
	alive := 0
	for m := 1; m <= nw; m++ {
		win := (uint64(1)<<k - 1) << (m - 1)
		ok := true
		for _, i := range cells {
			ok = ok && e.cellMask(d, i)&win != 0
		}
		if ok {
			ys[m] = 1
			alive++
		}
	}
	if alive == 0 {
		e.emit(a)
		return
	}
	union := uint64(0)
	for m := 1; m <= nw; m++ {
		if ys[m] == 0 {
			continue
		}
		union |= (uint64(1)<<k - 1) << (m - 1)
		if alive == 1 {
			ys[m] = litTrue
		} else {
			ys[m] = e.aux()
		}
	}
	e.cl2 = e.cl2[:0]
	for _, y := range ys[1:] {
		if y != 0 {
			e.cl2 = append(e.cl2, y)
		}
	}
	e.emit(a, e.cl2...)
	for _, i := range cells {
		for m := e.cellMask(d, i); m != 0; m &= m - 1 {
			dg := bits.TrailingZeros64(m) + 1
			x := e.cellLit(d, i, dg)
			e.cl2 = append(e.cl2[:0], -x)
			for w := 1; w <= nw; w++ {
				switch {
				case ys[w] == 0:
				case dg >= w && dg < w+k:
					e.cl2 = append(e.cl2, ys[w])
				default:
					e.emit(a, -ys[w], -x)
				}
			}
			e.emit(a, e.cl2...)
		}
	}
	// A window's k distinct digits are the whole window: each of its
	// digits is in some cell.
	for m := 1; m <= nw; m++ {
		if ys[m] == 0 {
			continue
		}
		for dg := m; dg < m+k; dg++ {
			cl := append(e.cl2[:0], -ys[m])
			for _, i := range cells {
				cl = append(cl, e.cellLit(d, i, dg))
			}
			e.cl2 = cl
			e.emit(a, cl...)
		}
	}
	for p, i := range cells {
		for _, j := range cells[p+1:] {
			if e.shareUnit(i, j) {
				continue
			}
			for m := union; m != 0; m &= m - 1 {
				dg := bits.TrailingZeros64(m) + 1
				e.forbid(a, d, i, dg, j, dg)
			}
		}
	}
}

// shareUnit reports whether cells i and j lie in a common unit.
func (e *Encoder) shareUnit(i, j int) bool { return shareUnitOf(e.rules, i, j) }

// shareUnitOf reports whether cells i and j lie in a common unit of r.
func shareUnitOf(r *satdoku.Rules, i, j int) bool {
	ui, uj := r.UnitsOf(i), r.UnitsOf(j)
	for len(ui) > 0 && len(uj) > 0 {
		switch {
		case ui[0] == uj[0]:
			return true
		case ui[0] < uj[0]:
			ui = ui[1:]
		default:
			uj = uj[1:]
		}
	}
	return false
}

// within writes a Within: with G(end, v) meaning "the end's digit is v or
// more" (order encoding: G(end, v+1) → G(end, v), var(end, v) → G(end, v)
// and var(end, v) → ¬G(end, v+1), constants where the domain decides), a
// cell between holding d must not have both ends at d or more, ¬var ∨
// ¬G(first, d) ∨ ¬G(last, d), nor both at d or less, ¬var ∨ G(first, d+1)
// ∨ G(last, d+1).
func (e *Encoder) within(a ClauseAdder, d *Domain, cells []int) {
	k := len(cells)
	if k <= 2 {
		return // nothing between the ends
	}
	g, ok := e.endOrders(a, d, cells)
	if !ok {
		return
	}
	for _, i := range cells[1 : k-1] {
		for m := e.cellMask(d, i); m != 0; m &= m - 1 {
			dg := bits.TrailingZeros64(m) + 1
			x := e.cellLit(d, i, dg)
			e.emit(a, -x, -g[0][dg], -g[1][dg])
			e.emit(a, -x, g[0][dg+1], g[1][dg+1])
		}
	}
}

// outside writes an Outside: a cell between holding d must not have one
// end at d or less and the other at d or more: ¬var ∨ G(first, d+1) ∨
// ¬G(last, d), and ¬var ∨ G(last, d+1) ∨ ¬G(first, d).
func (e *Encoder) outside(a ClauseAdder, d *Domain, cells []int) {
	k := len(cells)
	if k <= 2 {
		return // nothing between the ends
	}
	g, ok := e.endOrders(a, d, cells)
	if !ok {
		return
	}
	for _, i := range cells[1 : k-1] {
		for m := e.cellMask(d, i); m != 0; m &= m - 1 {
			dg := bits.TrailingZeros64(m) + 1
			x := e.cellLit(d, i, dg)
			e.emit(a, -x, g[0][dg+1], -g[1][dg])
			e.emit(a, -x, g[1][dg+1], -g[0][dg])
		}
	}
}

// endOrders writes the order encoding of the two ends of cells, G(end, v)
// meaning "the end's digit is v or more", and returns its literals per end
// for v in 0..N+1; ok is false, after the empty clause, when an end has no
// candidate.
func (e *Encoder) endOrders(a ClauseAdder, d *Domain, cells []int) (g [2][]int, ok bool) {
	n, k := e.rules.Values(), len(cells)
	for end, i := range []int{cells[0], cells[k-1]} {
		m := e.cellMask(d, i)
		if m == 0 {
			e.emit(a)
			return g, false
		}
		lo, hi := bits.TrailingZeros64(m)+1, 64-bits.LeadingZeros64(m)
		g[end] = make([]int, n+2)
		for v := range g[end] {
			switch {
			case v <= lo:
				g[end][v] = litTrue
			case v > hi:
				g[end][v] = litFalse
			default:
				g[end][v] = e.aux()
			}
		}
		for v := lo + 1; v < hi; v++ {
			e.emit(a, -g[end][v+1], g[end][v])
		}
		for ; m != 0; m &= m - 1 {
			dg := bits.TrailingZeros64(m) + 1
			x := e.cellLit(d, i, dg)
			e.emit(a, -x, g[end][dg])
			e.emit(a, -x, -g[end][dg+1])
		}
	}
	return g, true
}
