package encode

import (
	"slices"
	"testing"

	"github.com/satdoku/satdoku"
)

// countMeaning is what the constraints of multisets.go say, written
// plainly (see meaning); nil for the other kinds.
func countMeaning(c satdoku.Constraint, digits []int) *bool {
	count := func(ds []int, d int) int {
		k := 0
		for _, x := range ds {
			if x == d {
				k++
			}
		}
		return k
	}
	var ok bool
	switch c.Kind {
	case satdoku.Exactly:
		ok = true
		for _, d := range c.Digits {
			ok = ok && count(digits, d) == count(c.Digits, d)
		}
	case satdoku.SameValues:
		size := len(digits) / c.Value
		first := slices.Sorted(slices.Values(digits[:size]))
		ok = true
		for k := 1; k < c.Value; k++ {
			ok = ok && slices.Equal(first, slices.Sorted(slices.Values(digits[k*size:(k+1)*size])))
		}
	case satdoku.Circles:
		ok = true
		for _, d := range digits {
			ok = ok && count(digits, d) == d
		}
	case satdoku.Reach:
		// The start, and each arm's cells while they hold its digit.
		n := 1
		for a := 1; a <= len(digits); a++ {
			run := true
			for k := 2; k < len(digits); k++ {
				if c.Coefs[k] == a {
					if run = run && digits[k] == digits[1]; run {
						n++
					}
				}
			}
		}
		ok = digits[0]+c.Value == n
	case satdoku.Distinct:
		seen := map[int]bool{}
		for _, d := range digits[c.Value:] {
			seen[d] = true
		}
		ok = digits[0] == len(seen)
	case satdoku.SegmentsLoop:
		// Some rotation is a line of segments (see meaning).
		for r := range digits {
			line := append(slices.Clone(digits[r:]), digits[:r]...)
			seg := satdoku.Constraint{Kind: satdoku.Segments, Value: c.Value}
			ok = ok || meaning(seg, 0, line)
		}
	case satdoku.TotalIn:
		sum := 0
		for _, d := range digits {
			sum += d
		}
		ok = slices.Contains(c.Digits, sum)
	case satdoku.NoSubsetSum:
		// No subset of the distinct digits, by its bits, adds up to Value.
		held := slices.Compact(slices.Sorted(slices.Values(digits)))
		ok = true
		for set := 1; set < 1<<len(held); set++ {
			t := 0
			for k, d := range held {
				t += set >> k & 1 * d
			}
			ok = ok && t != c.Value
		}
	default:
		return nil
	}
	return &ok
}

// countCases are the cases of TestConstraintsExhaustive for the kinds of
// multisets.go: on transversals (digits may repeat) and on rows.
func countCases() []constraintCase {
	con := func(n int, c satdoku.Constraint) constraintCase { return constraintCase{n: n, c: c} }
	var cs []constraintCase
	for _, ds := range [][]int{{1}, {2, 2}, {1, 2}, {3, 3, 3}, {4, 4, 4, 4}, {1, 2, 4, 4}} {
		cs = append(cs, con(4, satdoku.Constraint{Kind: satdoku.Exactly, Cells: t4, Digits: ds}))
	}
	cs = append(cs, con(4, satdoku.Constraint{Kind: satdoku.Exactly, Cells: r4, Digits: []int{2, 3}}),
		con(6, satdoku.Constraint{Kind: satdoku.Exactly, Cells: t6[:4], Digits: []int{6, 6, 1}}))
	cs = append(cs, con(4, satdoku.Constraint{Kind: satdoku.SameValues, Cells: t4, Value: 2}),
		con(4, satdoku.Constraint{Kind: satdoku.SameValues, Cells: t4, Value: 4}),
		con(4, satdoku.Constraint{Kind: satdoku.SameValues, Cells: []int{0, 1, 6, 11}, Value: 2}),
		con(6, satdoku.Constraint{Kind: satdoku.SameValues, Cells: t6, Value: 3}))
	cs = append(cs, con(4, satdoku.Constraint{Kind: satdoku.Circles, Cells: t4}),
		con(4, satdoku.Constraint{Kind: satdoku.Circles, Cells: t4[:3]}),
		con(4, satdoku.Constraint{Kind: satdoku.Circles, Cells: r4}),
		con(6, satdoku.Constraint{Kind: satdoku.Circles, Cells: t6}))
	for _, v := range []int{0, 1} {
		cs = append(cs, con(4, satdoku.Constraint{Kind: satdoku.Distinct, Cells: t4, Value: v}),
			con(4, satdoku.Constraint{Kind: satdoku.Distinct, Cells: r4[:3], Value: v}),
			con(6, satdoku.Constraint{Kind: satdoku.Distinct, Cells: t6[:5], Value: v}))
	}
	for _, v := range []int{3, 4, 5, 7, 10} {
		cs = append(cs, con(4, satdoku.Constraint{Kind: satdoku.SegmentsLoop, Cells: t4, Value: v}),
			con(4, satdoku.Constraint{Kind: satdoku.SegmentsLoop, Cells: r4[:3], Value: v}))
	}
	cs = append(cs, con(6, satdoku.Constraint{Kind: satdoku.SegmentsLoop, Cells: t6, Value: 7}))
	cs = append(cs, con(4, satdoku.Constraint{Kind: satdoku.TotalIn, Cells: t4, Digits: []int{5, 9, 14}}),
		con(4, satdoku.Constraint{Kind: satdoku.TotalIn, Cells: r4[:3], Digits: []int{6, 8, 30}}),
		con(6, satdoku.Constraint{Kind: satdoku.TotalIn, Cells: t6[:4], Digits: []int{7, 16}}))
	for _, v := range []int{1, 4, 5, 7, 9, 10, 11} {
		cs = append(cs, con(4, satdoku.Constraint{Kind: satdoku.NoSubsetSum, Cells: t4, Value: v}),
			con(4, satdoku.Constraint{Kind: satdoku.NoSubsetSum, Cells: r4[:3], Value: v}))
	}
	cs = append(cs, con(6, satdoku.Constraint{Kind: satdoku.NoSubsetSum, Cells: t6[:4], Value: 9}))
	for _, v := range []int{-1, 0, 1} {
		cs = append(cs, con(4, satdoku.Constraint{Kind: satdoku.Reach, Cells: t4, Coefs: []int{0, 0, 1, 1}, Value: v}),
			con(4, satdoku.Constraint{Kind: satdoku.Reach, Cells: t4, Coefs: []int{0, 0, 2, 1}, Value: v}),
			con(4, satdoku.Constraint{Kind: satdoku.Reach, Cells: r4[:3], Coefs: []int{0, 0, 1}, Value: v}))
	}
	cs = append(cs, con(6, satdoku.Constraint{Kind: satdoku.Reach, Cells: t6[:5], Coefs: []int{0, 0, 1, 1, 2}, Value: -2}))
	return cs
}

// TestNoSubsetSumLadder checks NoSubsetSum's clauses when the sets of
// digits are too many to list (a large board): the sums' ladder alone,
// the list cut at once, against the plain meaning.
func TestNoSubsetSumLadder(t *testing.T) {
	defer func(m int) { maxSubsetClauses = m }(maxSubsetClauses)
	maxSubsetClauses = 1
	for _, tc := range countCases() {
		if tc.c.Kind == satdoku.NoSubsetSum {
			checkConstraint(t, tc)
		}
	}
}
