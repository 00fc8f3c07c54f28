package encode

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/satdoku/satdoku"
)

// maxSets is the most digit sets a sum over distinct cells may have for
// cageSets to write them, and maxSteps the most steps of the search for
// them; a sum with more is left to its diagram alone.
const (
	maxSets  = 256
	maxSteps = 1 << 16
)

// distinct reports whether every two of cells share a unit, so that their
// digits are all different.
func (e *Encoder) distinct(cells []int) bool {
	for p, i := range cells {
		for _, j := range cells[p+1:] {
			if !e.shareUnit(i, j) {
				return false
			}
		}
	}
	return true
}

// digitSets returns the sets of k distinct digits (bit d−1 for digit d)
// that add up to v and that the cells, whose candidates are masks, can
// hold one digit each (a matching of the cells onto the set's digits); ok
// is false when there are more than maxSets of them or the search takes
// more than maxSteps steps.
func digitSets(masks []uint64, v int) (sets []uint64, ok bool) {
	return digitSetsIn(masks, v, v)
}

// digitSetsIn is digitSets for the sets whose sum lies in lo..hi.
func digitSetsIn(masks []uint64, lo, hi int) (sets []uint64, ok bool) {
	k := len(masks)
	var union uint64
	for _, m := range masks {
		union |= m
	}
	steps := 0
	var rec func(from uint64, left, sum int, set uint64) bool
	rec = func(from uint64, left, sum int, set uint64) bool {
		if steps++; steps > maxSteps {
			return false // a big cage on a big board: left to the diagram
		}
		if left == 0 {
			if lo <= sum && sum <= hi && matchable(masks, set) {
				if len(sets) == maxSets {
					return false
				}
				sets = append(sets, set)
			}
			return true
		}
		for m := from; m != 0; m &= m - 1 {
			dg := bits.TrailingZeros64(m) + 1
			// The least the other left−1 digits can add is above dg's
			// successors' sum; a cheap bound: left·dg already too much.
			if sum+left*dg > hi {
				break
			}
			if !rec(m&(m-1), left-1, sum+dg, set|1<<(dg-1)) {
				return false
			}
		}
		return true
	}
	ok = rec(union, k, 0, 0)
	return sets, ok
}

// matchable reports whether the cells, with candidates masks, can hold
// the digits of set one each, all of them: a perfect matching, found by
// augmenting paths.
func matchable(masks []uint64, set uint64) bool {
	var owner [64]int8 // by digit: the cell holding it, −1 none
	for i := range owner {
		owner[i] = -1
	}
	var try func(c int, seen *uint64) bool
	try = func(c int, seen *uint64) bool {
		for m := masks[c] & set &^ *seen; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m)
			*seen |= 1 << x
			if owner[x] < 0 || try(int(owner[x]), seen) {
				owner[x] = int8(c)
				return true
			}
		}
		return false
	}
	for c := range masks {
		var seen uint64
		if !try(c, &seen) {
			return false
		}
	}
	return true
}

// cageSets writes a sum of distinct cells (all coefficients 1) as a setter
// reasons about a killer cage: which digit sets of the right size add up
// to the sum. Each digit d that some set holds gets a literal "d is in
// the cells" (true when every set holds it), each set a variable when
// there are several, and:
//
//   - a cell's digit is in the cells: ¬var(i, d) ∨ in(d), or ¬var(i, d)
//     for a digit no set holds;
//   - a digit in the cells is in some cell: ¬in(d) ∨ the OR of var(i, d);
//   - at least one set; a set holds its digits and no other: ¬set ∨ in(d),
//     ¬set ∨ ¬in(d);
//   - a digit in the cells is in one of the sets that hold it, a digit not
//     in them in one of the sets that do not.
//
// With the cells' digits distinct, k cells holding digits of a set of k
// hold the whole set, so the clauses are exact on their own; the sum's
// diagram is written too (it propagates the partial sums). A sum with
// more than maxSets sets gets no clause here.
func (e *Encoder) cageSets(a ClauseAdder, d *Domain, cells []int, v int) {
	masks := make([]uint64, len(cells))
	for k, i := range cells {
		masks[k] = e.cellMask(d, i)
	}
	sets, ok := digitSets(masks, v)
	if !ok {
		return
	}
	if len(sets) == 0 {
		e.emit(a)
		return
	}
	e.setClauses(a, d, cells, masks, sets)
}

// setClauses writes the clauses of cageSets that tie distinct cells, with
// candidates masks, to sets, the digit sets they may hold (one at least),
// and returns the literal of each set: true exactly when the cells hold
// that set's digits.
func (e *Encoder) setClauses(a ClauseAdder, d *Domain, cells []int, masks, sets []uint64) []int {
	n := e.rules.Values()
	every, some := e.full, uint64(0)
	for _, s := range sets {
		every &= s
		some |= s
	}
	in := make([]int, n+1)
	for dg := 1; dg <= n; dg++ {
		switch bit := uint64(1) << (dg - 1); {
		case every&bit != 0:
			in[dg] = litTrue
		case some&bit == 0:
			in[dg] = litFalse
		default:
			in[dg] = e.aux()
		}
	}
	for k, i := range cells {
		for m := masks[k]; m != 0; m &= m - 1 {
			dg := bits.TrailingZeros64(m) + 1
			if in[dg] != litTrue {
				e.emit(a, -e.cellLit(d, i, dg), in[dg])
			}
		}
	}
	for m := some; m != 0; m &= m - 1 {
		dg := bits.TrailingZeros64(m) + 1
		cl := append(e.cl2[:0], -in[dg])
		for _, i := range cells {
			cl = append(cl, e.cellLit(d, i, dg))
		}
		e.cl2 = cl
		e.emit(a, cl...)
	}
	if len(sets) == 1 {
		return []int{litTrue}
	}
	ys := make([]int, len(sets))
	for s := range ys {
		ys[s] = e.aux()
	}
	e.emit(a, ys...)
	open := some &^ every
	for s, set := range sets {
		for m := open; m != 0; m &= m - 1 {
			dg := bits.TrailingZeros64(m) + 1
			if set&(1<<(dg-1)) != 0 {
				e.emit(a, -ys[s], in[dg])
			} else {
				e.emit(a, -ys[s], -in[dg])
			}
		}
	}
	for m := open; m != 0; m &= m - 1 {
		dg := bits.TrailingZeros64(m) + 1
		with, without := append(e.cl2[:0], -in[dg]), []int{in[dg]}
		for s, set := range sets {
			if set&(1<<(dg-1)) != 0 {
				with = append(with, ys[s])
			} else {
				without = append(without, ys[s])
			}
		}
		e.cl2 = with
		e.emit(a, with...)
		e.emit(a, without...)
	}
	return ys
}

// sumOfDistinct reports whether constraint c is a plain sum (every
// coefficient 1) of cells whose digits are distinct.
func (e *Encoder) sumOfDistinct(c *satdoku.Constraint) bool {
	return c.Kind == satdoku.Total && c.Coefs == nil && len(c.Cells) > 1 && e.distinct(c.Cells)
}

// maxDerived is the most cells a derived sum may have (see derivedSums):
// longer ones slow gini down more than they help it (bench/issue24-encodings.txt);
// maxPieces is the most a sum of pieces may have, the limit of the
// optimizer of sigh's Interactive Sudoku Solver (bench/issue24-killers2.txt).
const (
	maxDerived = 4
	maxPieces  = 6
)

// derivedKey is the key of the derived sums in the cache of their rules.
type derivedKey struct{}

// derivedOf returns the derived sums of rules r, computed once per rules.
func derivedOf(r *satdoku.Rules) []satdoku.Constraint {
	if r.Values() != r.N() {
		return nil // no unit holds every digit: no innies and outies
	}
	return r.Cached(derivedKey{}, func() any { return derivedSums(r) }).([]satdoku.Constraint)
}

// derivedSums returns the sums that the rules imply by a setter's innies
// and outies: a row, a column or a box, and every band of consecutive rows
// or columns, holds each digit once per unit, so its digits add up to
// k·N(N+1)/2 for k units; the plain sums of the rules (Totals with every
// coefficient 1) that do not overlap, taken in order, cover parts of it.
// For such a region R:
//
//   - innies: the cells of R outside the sums inside R add up to the
//     region's total less those sums;
//   - innies and outies: the cells of R outside every sum that touches R,
//     less the cells outside R of the sums that cross its edge, add up to
//     the region's total less every sum that touches R;
//   - pieces: the cells of R outside the sums that have more than half of
//     their cells in R (its pieces), less the cells of the pieces outside
//     R, add up to the region's total less the pieces' sums; for the
//     regions that start or end at the board's edge (the first or last k
//     rows or columns, 1 < k < N) and the first k boxes, 1 < k < N, in
//     order (the innie-outie rule of the optimizer of sigh's Interactive
//     Sudoku Solver).
//
// Each holds in every solution, so adding it changes no solution. Only
// those of 1 to maxDerived cells are kept (a sum of pieces: up to
// maxPieces, with at most two cells on one side of the sign), once each,
// and none that is a constraint of the rules already.
func derivedSums(r *satdoku.Rules) []satdoku.Constraint {
	n := r.N()
	var cages []*satdoku.Constraint
	owner := make([]int, r.Cells()) // the cage of each cell, −1 none
	for i := range owner {
		owner[i] = -1
	}
	cons := r.Constraints()
	for k := range cons {
		c := &cons[k]
		if c.Kind != satdoku.Total || c.Coefs != nil {
			continue
		}
		free := true
		for _, i := range c.Cells {
			free = free && owner[i] < 0
		}
		if !free {
			continue
		}
		for _, i := range c.Cells {
			owner[i] = len(cages)
		}
		cages = append(cages, c)
	}
	if len(cages) == 0 {
		return nil
	}
	seen := map[string]bool{}
	for k := range cons {
		seen[sumKey(cons[k].Cells, cons[k].Coefs, cons[k].Value)] = true
	}
	var out []satdoku.Constraint
	add := func(cells, coefs []int, v, most int) {
		if len(cells) == 0 || len(cells) > most {
			return
		}
		allNeg := coefs != nil
		for _, c := range coefs {
			allNeg = allNeg && c == -1
		}
		if allNeg {
			coefs, v = nil, -v
		}
		key := sumKey(cells, coefs, v)
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Coefs: coefs, Value: v, Name: "derived sum"})
	}
	unitSum := n * (n + 1) / 2
	in := make([]bool, r.Cells())
	piece := make([]bool, len(cages))
	// addPieces adds the sum of the pieces of the region of units, whose
	// cells in holds and whose digits add up to total.
	addPieces := func(units []satdoku.Unit, total int) {
		var plus, minus []int
		for c, cage := range cages {
			k := 0
			for _, j := range cage.Cells {
				if in[j] {
					k++
				}
			}
			piece[c] = 2*k > len(cage.Cells)
			if !piece[c] {
				continue
			}
			total -= cage.Value
			for _, j := range cage.Cells {
				if !in[j] {
					minus = append(minus, j)
				}
			}
		}
		for _, u := range units {
			for _, i := range u.Cells {
				if c := owner[i]; c < 0 || !piece[c] {
					plus = append(plus, i)
				}
			}
		}
		if min(len(plus), len(minus)) > 2 {
			return
		}
		cells := append(plus, minus...)
		var coefs []int
		if len(minus) > 0 {
			coefs = make([]int, len(cells))
			for x := range coefs {
				coefs[x] = 1
				if x >= len(plus) {
					coefs[x] = -1
				}
			}
		}
		add(cells, coefs, total, maxPieces)
	}
	region := func(units []satdoku.Unit, pieces bool) {
		clear(in)
		for _, u := range units {
			for _, i := range u.Cells {
				in[i] = true
			}
		}
		total := len(units) * unitSum
		inside, touching := 0, 0          // the sums of the cages inside R, and of those touching it
		state := make([]int8, len(cages)) // 0 apart, 1 inside, 2 crossing the edge
		for _, u := range units {
			for _, i := range u.Cells {
				if c := owner[i]; c >= 0 && state[c] == 0 {
					state[c] = 1
					for _, j := range cages[c].Cells {
						if !in[j] {
							state[c] = 2
						}
					}
					touching += cages[c].Value
					if state[c] == 1 {
						inside += cages[c].Value
					}
				}
			}
		}
		var innies, mixed, coefs []int
		for _, u := range units {
			for _, i := range u.Cells {
				switch c := owner[i]; {
				case c < 0:
					innies = append(innies, i)
					mixed = append(mixed, i)
					coefs = append(coefs, 1)
				case state[c] == 2:
					innies = append(innies, i)
				}
			}
		}
		if inside != 0 {
			add(innies, nil, total-inside, maxDerived)
		}
		if touching != inside {
			for c, s := range state {
				if s != 2 {
					continue
				}
				for _, j := range cages[c].Cells {
					if !in[j] {
						mixed = append(mixed, j)
						coefs = append(coefs, -1)
					}
				}
			}
			if !slices.Contains(coefs, -1) {
				coefs = nil
			}
			add(mixed, coefs, total-touching, maxDerived)
		}
		if pieces {
			addPieces(units, total)
		}
	}
	units := r.Units()
	var rows, cols, boxes []satdoku.Unit
	for u, unit := range units {
		if !r.Full(u) {
			continue
		}
		switch unit.Kind {
		case satdoku.Row:
			rows = append(rows, unit)
		case satdoku.Column:
			cols = append(cols, unit)
		case satdoku.Box:
			boxes = append(boxes, unit)
		}
		region(units[u:u+1], false)
	}
	for b := 2; b < len(boxes); b++ {
		region(boxes[:b], true)
	}
	for _, line := range [][]satdoku.Unit{rows, cols} {
		for a := range line {
			for b := a + 2; b <= len(line) && b-a < n; b++ {
				region(line[a:b], a == 0 || b == len(line))
			}
		}
	}
	return out
}

// sumKey is a key of a sum: its cells with their coefficients, in
// increasing order, and its value.
func sumKey(cells, coefs []int, v int) string {
	terms := make([][2]int, len(cells))
	for k, i := range cells {
		terms[k] = [2]int{i, 1}
		if coefs != nil {
			terms[k][1] = coefs[k]
		}
	}
	slices.SortFunc(terms, func(x, y [2]int) int { return x[0] - y[0] })
	return fmt.Sprint(terms, v)
}

// distinctBounds tightens lo and hi, the least and the greatest that the
// cells of Total c from each index on can add (one cell at a time), with
// the units: the cells from j on are put, last first, into groups of cells
// with one coefficient that pairwise share a unit, and a group of s cells
// holds s distinct digits of the union of their candidates, so it adds at
// least the s smallest of them and at most the s largest.
func (e *Encoder) distinctBounds(d *Domain, c *satdoku.Constraint, lo, hi []int64) {
	type group struct {
		cells    []int
		coef     int64
		union    uint64
		cLo, cHi int64 // the cells' own bounds, one at a time
		gLo, gHi int64 // the group's, with distinct digits
	}
	var groups []group
	var sumLo, sumHi int64 // over the groups
	for j := len(c.Cells) - 1; j >= 0; j-- {
		i := c.Cells[j]
		coef := int64(c.Coef(j))
		m := e.cellMask(d, i)
		g := -1
		for x := range groups {
			if groups[x].coef != coef {
				continue
			}
			all := true
			for _, o := range groups[x].cells {
				all = all && e.shareUnit(i, o)
			}
			if all {
				g = x
				break
			}
		}
		if g < 0 {
			groups = append(groups, group{coef: coef})
			g = len(groups) - 1
		} else {
			sumLo -= groups[g].gLo
			sumHi -= groups[g].gHi
		}
		gr := &groups[g]
		gr.cells = append(gr.cells, i)
		gr.union |= m
		gr.cLo += int64(bits.TrailingZeros64(m) + 1)
		gr.cHi += int64(64 - bits.LeadingZeros64(m))
		s := len(gr.cells)
		lo1, hi1 := gr.cLo, gr.cHi
		if bits.OnesCount64(gr.union) >= s {
			var small, large int64
			u := gr.union
			for range s {
				small += int64(bits.TrailingZeros64(u) + 1)
				u &= u - 1
			}
			u = gr.union
			for range s {
				top := 63 - bits.LeadingZeros64(u)
				large += int64(top + 1)
				u &^= 1 << top
			}
			lo1, hi1 = max(lo1, small), min(hi1, large)
		}
		if coef >= 0 {
			gr.gLo, gr.gHi = coef*lo1, coef*hi1
		} else {
			gr.gLo, gr.gHi = coef*hi1, coef*lo1
		}
		sumLo += gr.gLo
		sumHi += gr.gHi
		lo[j], hi[j] = max(lo[j], sumLo), min(hi[j], sumHi)
	}
}
