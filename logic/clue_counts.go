package logic

import (
	"math/bits"
	"slices"

	"github.com/satdoku/satdoku"
)

// countChecker returns the check of a conSearch (see checker) for the
// constraints that count digits (Exactly, SameValues, Circles, Distinct),
// for loops of segments (SegmentsLoop), for sums of several totals
// (TotalIn) and for sums to avoid (NoSubsetSum), nil for other kinds. Each
// reads a cell not set (0 in vals) as any of its candidates.
func countChecker(c *satdoku.Constraint) func(vals []int, masks []uint64) bool {
	// count returns how many of the positions hold d, and how many more
	// may.
	count := func(vals []int, masks []uint64, d int) (set, may int) {
		for k, v := range vals {
			switch {
			case v == d:
				set++
			case v == 0 && masks[k]&bit(d) != 0:
				may++
			}
		}
		return set, may
	}
	switch c.Kind {
	case satdoku.Exactly:
		return func(vals []int, masks []uint64) bool {
			for _, d := range c.Digits {
				want := 0
				for _, e := range c.Digits {
					if e == d {
						want++
					}
				}
				if set, may := count(vals, masks, d); set > want || set+may < want {
					return false
				}
			}
			return true
		}
	case satdoku.SameValues:
		size := len(c.Cells) / c.Value
		return func(vals []int, masks []uint64) bool {
			var union uint64
			for k, v := range vals {
				if v != 0 {
					union |= bit(v)
				} else {
					union |= masks[k]
				}
			}
			for ; union != 0; union &= union - 1 {
				d := lowDigit(union)
				lo, hi := 0, size
				for k := range c.Value {
					set, may := count(vals[k*size:(k+1)*size], masks[k*size:(k+1)*size], d)
					lo, hi = max(lo, set), min(hi, set+may)
				}
				if lo > hi {
					return false
				}
			}
			return true
		}
	case satdoku.Circles:
		return func(vals []int, masks []uint64) bool {
			for _, d := range vals {
				if d == 0 {
					continue
				}
				// The number of circles holding d is d.
				if set, may := count(vals, masks, d); set > d || set+may < d {
					return false
				}
			}
			return true
		}
	case satdoku.Distinct:
		return func(vals []int, masks []uint64) bool {
			var set, union uint64
			from := c.Value // the first counted cell
			for k, v := range vals[from:] {
				if v != 0 {
					set |= bit(v)
					union |= bit(v)
				} else {
					union |= masks[from+k]
				}
			}
			lo, hi := max(1, bits.OnesCount64(set)), min(len(vals)-from, bits.OnesCount64(union))
			first := masks[0]
			if vals[0] != 0 {
				first = bit(vals[0])
			}
			for x := first; x != 0; x &= x - 1 {
				if d := lowDigit(x); d >= lo && d <= hi {
					return true
				}
			}
			return false
		}
	case satdoku.TotalIn:
		return func(vals []int, masks []uint64) bool {
			lo, hi := 0, 0
			for k, v := range vals {
				if v == 0 {
					lo, hi = lo+lowDigit(masks[k]), hi+highDigit(masks[k])
				} else {
					lo, hi = lo+v, hi+v
				}
			}
			return slices.ContainsFunc(c.Digits, func(t int) bool { return t >= lo && t <= hi })
		}
	case satdoku.NoSubsetSum:
		return func(vals []int, _ []uint64) bool {
			// The digits set so far must not make Value (no digits make
			// more than N(N+1)/2).
			if c.Value <= 0 || c.Value > len(vals)*64 {
				return true
			}
			reach := make([]bool, c.Value+1)
			reach[0] = true
			var seen uint64
			for _, d := range vals {
				if d == 0 || seen&bit(d) != 0 {
					continue
				}
				seen |= bit(d)
				for s := c.Value; s >= d; s-- {
					reach[s] = reach[s] || reach[s-d]
				}
			}
			return !reach[c.Value]
		}
	case satdoku.SegmentsLoop:
		return func(vals []int, _ []uint64) bool {
			if slices.Contains(vals, 0) {
				return true // decided once every digit is set
			}
			for r := range vals {
				sum, ok := 0, true
				for k := range vals {
					if sum += vals[(r+k)%len(vals)]; sum == c.Value {
						sum = 0
					} else if sum > c.Value {
						ok = false
						break
					}
				}
				if ok && sum == 0 {
					return true
				}
			}
			return false
		}
	}
	return nil
}
