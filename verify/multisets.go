package verify

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/satdoku/satdoku"
)

// This file checks the constraints that count digits (Exactly, SameValues,
// Circles, Distinct), the loop of segments (SegmentsLoop) and the sums of
// several totals (TotalIn): exactMulti
// decides filled cells, narrowMulti narrows candidate masks (see exact and
// narrow).

// numberOf is the number that digit d stands for where the validator
// counts (Circles, Distinct): the digit itself on boards of digits 1 to N.
func numberOf(d int) int { return d }

// values returns the values that digits ds stand for under r.
func values(r *satdoku.Rules, ds []int) []int {
	vs := make([]int, len(ds))
	for k, d := range ds {
		vs[k] = r.ValueOf(d)
	}
	return vs
}

// exactMulti returns why c (of one of this file's kinds) is broken by the
// digits of g, or "".
func exactMulti(c *satdoku.Constraint, g *satdoku.Grid) string {
	r := g.Rules()
	digits := make([]int, len(c.Cells))
	for k, i := range c.Cells {
		digits[k] = g.Cell(i)
	}
	switch c.Kind {
	case satdoku.Exactly:
		for _, d := range c.Digits {
			if want, got := countOf(c.Digits, d), countOf(digits, d); got != want {
				return fmt.Sprintf("%s %d, want %s", times(got), r.ValueOf(d), times(want))
			}
		}
	case satdoku.SameValues:
		size := len(digits) / c.Value
		first := slices.Sorted(slices.Values(digits[:size]))
		for k := 1; k < c.Value; k++ {
			set := slices.Sorted(slices.Values(digits[k*size : (k+1)*size]))
			if !slices.Equal(first, set) {
				return fmt.Sprintf("set 1 holds %v, set %d %v", values(r, first), k+1, values(r, set))
			}
		}
	case satdoku.Circles:
		for _, d := range digits {
			if k := countOf(digits, d); k != numberOf(d) {
				return fmt.Sprintf("%s %d", times(k), d)
			}
		}
	case satdoku.Distinct:
		seen := map[int]bool{}
		for _, d := range digits[c.Value:] {
			seen[d] = true
		}
		if numberOf(digits[0]) != len(seen) {
			return fmt.Sprintf("%s holds %d, and the cells it counts hold %d distinct digits", r.CellName(c.Cells[0]), r.ValueOf(digits[0]), len(seen))
		}
	case satdoku.SegmentsLoop:
		for r := range digits {
			if segmentsFit(append(slices.Clone(digits[r:]), digits[:r]...), c.Value) {
				return ""
			}
		}
		return fmt.Sprintf("the loop does not split into segments adding up to %d", c.Value)
	case satdoku.NoSubsetSum:
		var held uint64
		for _, d := range digits {
			held |= bit(d)
		}
		if c.Value > 0 && makes(held, c.Value) {
			return fmt.Sprintf("some of the digits %s add up to %d", digitList(held), c.Value)
		}
	case satdoku.TotalIn:
		sum := 0
		for _, d := range digits {
			sum += d
		}
		if !slices.Contains(c.Digits, sum) {
			want := make([]int, len(c.Digits))
			for k, t := range c.Digits {
				want[k] = r.ValueTotal(c, t)
			}
			return fmt.Sprintf("sum %d, want one of %v", r.ValueTotal(c, sum), want)
		}
	default:
		return fmt.Sprintf("unknown constraint kind %v", c.Kind)
	}
	return ""
}

// countOf returns how many times d is in ds.
func countOf(ds []int, d int) int {
	k := 0
	for _, e := range ds {
		if e == d {
			k++
		}
	}
	return k
}

// segmentsFit reports whether ds, in order, split into runs that each add
// up to v.
func segmentsFit(ds []int, v int) bool {
	sum := 0
	for _, d := range ds {
		if sum += d; sum == v {
			sum = 0
		} else if sum > v {
			return false
		}
	}
	return sum == 0
}

// narrowMulti narrows the masks m of the cells of c (of one of this
// file's kinds), as narrow does.
func narrowMulti(c *satdoku.Constraint, m []uint64) bool {
	switch c.Kind {
	case satdoku.Exactly:
		for _, d := range c.Digits {
			if !narrowCount(m, d, countOf(c.Digits, d), countOf(c.Digits, d)) {
				return false
			}
		}
	case satdoku.SameValues:
		return narrowSameValues(m, c.Value)
	case satdoku.Circles:
		var all uint64
		for _, x := range m {
			all |= x
		}
		for ; all != 0; all &= all - 1 {
			d := bits.TrailingZeros64(all) + 1
			must, can := mustCan(m, d)
			v := numberOf(d)
			switch {
			case must == 0 && can < v:
				narrowCount(m, d, 0, 0)
			case must > 0 && !narrowCount(m, d, v, v):
				return false
			}
		}
	case satdoku.Distinct:
		return narrowDistinct(m, c.Value)
	case satdoku.SegmentsLoop:
		return narrowLoop(m, c.Value)
	case satdoku.NoSubsetSum:
		// The digits fixed must not make Value; a digit d of another cell
		// that would with some of them (d + a sum of fixed digits other
		// than d) goes.
		var fixed uint64
		for _, x := range m {
			if bits.OnesCount64(x) == 1 {
				fixed |= x
			}
		}
		if c.Value <= 0 {
			return true
		}
		if makes(fixed, c.Value) {
			return false
		}
		for k, x := range m {
			if bits.OnesCount64(x) == 1 {
				continue
			}
			for y := x; y != 0; y &= y - 1 {
				d := bits.TrailingZeros64(y) + 1
				if makes(fixed&^bit(d), c.Value-d) {
					m[k] &^= bit(d)
				}
			}
			if m[k] == 0 {
				return false
			}
		}
	case satdoku.TotalIn:
		most := 0
		for _, v := range c.Digits {
			most = max(most, v)
		}
		return narrowPaths(m, 0, func(sum, _, d int) (int, bool) {
			sum += d
			return sum, sum <= most
		}, func(sum int) bool { return slices.Contains(c.Digits, sum) })
	default:
		return false
	}
	return true
}

// mustCan returns how many masks of m are d alone, and how many hold d.
func mustCan(m []uint64, d int) (must, can int) {
	for _, x := range m {
		if x&bit(d) != 0 {
			can++
			if x == bit(d) {
				must++
			}
		}
	}
	return must, can
}

// narrowCount narrows m so that lo to hi of its cells hold d: false when
// fewer than lo can or more than hi must; the cells that can are d when
// exactly lo can, and the others lose d when hi must.
func narrowCount(m []uint64, d, lo, hi int) bool {
	must, can := mustCan(m, d)
	if can < lo || must > hi {
		return false
	}
	for k, x := range m {
		if x&bit(d) == 0 || x == bit(d) {
			continue
		}
		if can == lo {
			m[k] = bit(d)
		} else if must == hi {
			m[k] = x &^ bit(d)
		}
	}
	return true
}

// narrowSameValues: each digit is in every set a number of times that
// every set can hold it and none must exceed.
func narrowSameValues(m []uint64, sets int) bool {
	size := len(m) / sets
	var all uint64
	for _, x := range m {
		all |= x
	}
	for ; all != 0; all &= all - 1 {
		d := bits.TrailingZeros64(all) + 1
		lo, hi := 0, size
		for k := range sets {
			must, can := mustCan(m[k*size:(k+1)*size], d)
			lo, hi = max(lo, must), min(hi, can)
		}
		for k := range sets {
			if !narrowCount(m[k*size:(k+1)*size], d, lo, hi) {
				return false
			}
		}
	}
	return true
}

// narrowDistinct keeps for the first cell the values from the number of
// distinct digits the counted cells (from the from-th on) must hold (at
// least one) to the number they can; and when that leaves one value, the
// number of distinct fixed digits, the counted cells keep those digits
// alone.
func narrowDistinct(m []uint64, from int) bool {
	var fixed, union uint64
	for _, x := range m[from:] {
		union |= x
		if bits.OnesCount64(x) == 1 {
			fixed |= x
		}
	}
	lo := max(1, bits.OnesCount64(fixed))
	hi := min(len(m)-from, bits.OnesCount64(union))
	var keep uint64
	for x := m[0]; x != 0; x &= x - 1 {
		d := bits.TrailingZeros64(x) + 1
		if v := numberOf(d); v >= lo && v <= hi {
			keep |= bit(d)
		}
	}
	m[0] = keep
	if keep == 0 {
		return false
	}
	if bits.OnesCount64(keep) == 1 && numberOf(lowest(keep)) == bits.OnesCount64(fixed) {
		// As many distinct digits as the fixed ones: the counted cells
		// hold them.
		for k := from; k < len(m); k++ {
			if m[k] &= fixed; m[k] == 0 {
				return false
			}
		}
	}
	return true
}

// narrowLoop: the union, over the sum t the loop carries into its first
// cell (0 to v−1), of the paths of segments from t back to t.
func narrowLoop(m []uint64, v int) bool {
	type state struct{ t, sum int }
	keep := make([]uint64, len(m))
	found := false
	try := make([]uint64, len(m))
	for t := range v {
		copy(try, m)
		if !narrowPaths(try, state{t, t}, func(s state, _, d int) (state, bool) {
			if s.sum += d; s.sum == v {
				s.sum = 0
			}
			return s, s.sum < v
		}, func(s state) bool { return s.sum == s.t }) {
			continue
		}
		found = true
		for k := range keep {
			keep[k] |= try[k]
		}
	}
	copy(m, keep)
	return found
}

// makes reports whether some of the digits of mask, each taken once, add
// up to v (the empty set adds up to 0).
func makes(mask uint64, v int) bool {
	if v < 0 || v > 64*65/2 { // more than all the digits of the largest board
		return false
	}
	reach := make([]bool, v+1)
	reach[0] = true
	for ; mask != 0; mask &= mask - 1 {
		d := bits.TrailingZeros64(mask) + 1
		for s := v; s >= d; s-- {
			reach[s] = reach[s] || reach[s-d]
		}
	}
	return reach[v]
}
