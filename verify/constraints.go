package verify

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/satdoku/satdoku"
)

// This file checks the constraints of the rules (satdoku.Constraint) in
// two ways of its own: exact decides a filled set of cells digit by digit,
// and narrow removes from candidate masks the digits no completion of the
// constraint can use. Solution relies on exact, Count on narrow, and Check
// on both; the tests compare them with each other and with brute force.

// exact returns why constraint c is broken by the digits of g, or "" when
// its cells hold digits that satisfy it. Every cell of c must be filled.
// It does not allocate unless c is broken. A constraint of a kind it does
// not know is always broken: the validator never passes what it cannot
// check.
func exact(c *satdoku.Constraint, g *satdoku.Grid) string {
	r, nv := g.Rules(), g.Rules().Values()
	switch c.Kind {
	case satdoku.Total:
		sum := 0
		for k, i := range c.Cells {
			sum += c.Coef(k) * g.Cell(i)
		}
		if sum != c.Value {
			return fmt.Sprintf("%s %d, want %d", totalWord(c), r.ValueTotal(c, sum), r.ValueTotal(c, c.Value))
		}
	case satdoku.Run:
		var seen uint64
		lo, hi := nv+1, 0
		for _, i := range c.Cells {
			d := g.Cell(i)
			if seen&bit(d) != 0 {
				return fmt.Sprintf("%d twice", r.ValueOf(d))
			}
			seen |= bit(d)
			lo, hi = min(lo, d), max(hi, d)
		}
		if hi-lo != len(c.Cells)-1 {
			return fmt.Sprintf("digits %s are not consecutive", valueList(r, seen))
		}
	case satdoku.Within:
		a, b := g.Cell(c.Cells[0]), g.Cell(c.Cells[len(c.Cells)-1])
		lo, hi := min(a, b), max(a, b)
		for _, i := range c.Cells[1 : len(c.Cells)-1] {
			if d := g.Cell(i); d <= lo || d >= hi {
				return fmt.Sprintf("%s holds %d, not strictly between %d and %d", r.CellName(i), r.ValueOf(d), r.ValueOf(a), r.ValueOf(b))
			}
		}
	case satdoku.Sandwich:
		p, q := -1, -1 // the places of the 1 and of the N
		for k, i := range c.Cells {
			switch g.Cell(i) {
			case 1:
				if p >= 0 {
					return fmt.Sprintf("%d twice", r.ValueOf(1))
				}
				p = k
			case nv:
				if q >= 0 {
					return fmt.Sprintf("%d twice", r.ValueOf(nv))
				}
				q = k
			}
		}
		if p < 0 {
			return fmt.Sprintf("no %d", r.ValueOf(1))
		}
		if q < 0 {
			return fmt.Sprintf("no %d", r.ValueOf(nv))
		}
		sum := 0
		for _, i := range c.Cells[min(p, q)+1 : max(p, q)] {
			sum += g.Cell(i)
		}
		if sum != c.Value {
			return fmt.Sprintf("sandwich %d, want %d", sum, c.Value)
		}
	case satdoku.Contains:
		for _, d := range c.Digits {
			want, got := 0, 0
			for _, e := range c.Digits {
				if e == d {
					want++
				}
			}
			for _, i := range c.Cells {
				if g.Cell(i) == d {
					got++
				}
			}
			if got < want {
				return fmt.Sprintf("%s %d, want %s", times(got), r.ValueOf(d), times(want))
			}
		}
	case satdoku.OneOf:
		for _, i := range c.Cells {
			if d := g.Cell(i); c.Mask&bit(d) == 0 {
				return fmt.Sprintf("%s holds %d, not one of %s", r.CellName(i), r.ValueOf(d), valueList(r, c.Mask))
			}
		}
	case satdoku.Never:
		return neverWhy(c)
	case satdoku.Connected:
		ds := make([]int, len(c.Cells))
		for k, i := range c.Cells {
			ds[k] = g.Cell(i)
		}
		return connectedWhy(r, c, ds)
	case satdoku.Automaton:
		return runNFA(c, g)
	case satdoku.Reach:
		return reachWhy(c, g)
	case satdoku.AnyOf:
		return anyOfWhy(c, g)
	case satdoku.XSum:
		k := g.Cell(c.Cells[0])
		if k > len(c.Cells) {
			return fmt.Sprintf("the first digit, %d, is more than the %d cells", k, len(c.Cells))
		}
		sum := 0
		for _, i := range c.Cells[:k] {
			sum += g.Cell(i)
		}
		if sum != c.Value {
			return fmt.Sprintf("x-sum %d, want %d", sum, c.Value)
		}
	case satdoku.Skyscraper:
		if seen := skyline(c.Cells, g.Cell); seen != c.Value {
			return fmt.Sprintf("%d seen, want %d", seen, c.Value)
		}
	case satdoku.Outside:
		a, b := g.Cell(c.Cells[0]), g.Cell(c.Cells[len(c.Cells)-1])
		for _, i := range c.Cells[1 : len(c.Cells)-1] {
			if d := g.Cell(i); d >= min(a, b) && d <= max(a, b) {
				return fmt.Sprintf("%s holds %d, not outside %d to %d", r.CellName(i), r.ValueOf(d), r.ValueOf(min(a, b)), r.ValueOf(max(a, b)))
			}
		}
	case satdoku.Index:
		d, picked := g.Cell(c.Cells[0]), false
		for k, i := range c.Cells {
			if c.Coefs[k] == d {
				picked = true
				if g.Cell(i) != c.Value {
					return fmt.Sprintf("%s holds %d, picks %s, which holds %d, want %d", r.CellName(c.Cells[0]), r.ValueOf(d), r.CellName(i), r.ValueOf(g.Cell(i)), r.ValueOf(c.Value))
				}
			}
		}
		if !picked {
			return fmt.Sprintf("%s holds %d, which picks no cell", r.CellName(c.Cells[0]), r.ValueOf(d))
		}
	case satdoku.Segments:
		sum := 0
		for _, i := range c.Cells {
			if sum += g.Cell(i); sum == c.Value {
				sum = 0
			} else if sum > c.Value {
				return fmt.Sprintf("no segment adds up to %d at %s", c.Value, r.CellName(i))
			}
		}
		if sum != 0 {
			return fmt.Sprintf("the last segment adds up to %d, want %d", sum, c.Value)
		}
	case satdoku.SameGap:
		for k := 2; k < len(c.Cells); k++ {
			a, b, x := g.Cell(c.Cells[0]), g.Cell(c.Cells[1]), g.Cell(c.Cells[k-1])
			if y := g.Cell(c.Cells[k]); (a-b)*(a-b) != (x-y)*(x-y) {
				return fmt.Sprintf("%s and %s differ by %d, %s and %s by %d", r.CellName(c.Cells[0]), r.CellName(c.Cells[1]), max(a-b, b-a),
					r.CellName(c.Cells[k-1]), r.CellName(c.Cells[k]), max(x-y, y-x))
			}
		}
	case satdoku.Exactly, satdoku.SameValues, satdoku.Circles, satdoku.Distinct, satdoku.SegmentsLoop, satdoku.TotalIn, satdoku.NoSubsetSum:
		return exactMulti(c, g)
	default:
		return fmt.Sprintf("unknown constraint kind %v", c.Kind)
	}
	return ""
}

// neverWhy is why a Never constraint is broken: its reason.
func neverWhy(c *satdoku.Constraint) string {
	if c.Reason == "" {
		return "cannot hold"
	}
	return c.Reason
}

// skyline returns how many of the cells hold a digit higher than all
// those before them.
func skyline(cells []int, digit func(int) int) int {
	seen, top := 0, 0
	for _, i := range cells {
		if d := digit(i); d > top {
			seen, top = seen+1, d
		}
	}
	return seen
}

// totalWord is "sum" for a Total whose coefficients are all 1, "total"
// for the others (arrows).
func totalWord(c *satdoku.Constraint) string {
	for k := range c.Cells {
		if c.Coef(k) != 1 {
			return "total"
		}
	}
	return "sum"
}

// times says how many times a digit appears: "no", "one", "two", or a
// number followed by "times".
func times(k int) string {
	switch k {
	case 0:
		return "no"
	case 1:
		return "one"
	case 2:
		return "two"
	}
	return fmt.Sprintf("%d×", k)
}

// valueList writes the digits of mask m as the values they stand for
// under r, as "0,2,4" for the digits 1, 3, 5 of a board of values from 0.
func valueList(r *satdoku.Rules, m uint64) string {
	var sb strings.Builder
	for ; m != 0; m &= m - 1 {
		if sb.Len() > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprint(&sb, r.ValueOf(bits.TrailingZeros64(m)+1))
	}
	return sb.String()
}

// digitList writes the digits of mask m as "1,3,5".
func digitList(m uint64) string {
	var sb strings.Builder
	for ; m != 0; m &= m - 1 {
		if sb.Len() > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprint(&sb, bits.TrailingZeros64(m)+1)
	}
	return sb.String()
}

// lowest and highest return the smallest and the largest digit of a
// non-empty mask.
func lowest(m uint64) int  { return bits.TrailingZeros64(m) + 1 }
func highest(m uint64) int { return 64 - bits.LeadingZeros64(m) }

// between returns the digits strictly between lo and hi, 0 when there is
// none.
func between(lo, hi int) uint64 {
	if hi-lo < 2 {
		return 0
	}
	return (uint64(1)<<(hi-1) - 1) &^ (uint64(1)<<lo - 1)
}

// span returns the digits from lo to hi (1 ≤ lo, hi ≤ 64), 0 when lo > hi.
func span(lo, hi int) uint64 {
	lo, hi = max(lo, 1), min(hi, 64)
	if lo > hi {
		return 0
	}
	return (^uint64(0) >> (64 - hi)) &^ (uint64(1)<<(lo-1) - 1)
}

// narrow removes from m, the candidate masks of the cells of c in c's
// order (a filled cell has the mask of its digit), the digits that no way
// of satisfying c allows, on an n×n board. It reports false when c cannot
// be satisfied at all, which is then certain; true does not promise that
// it can. When every mask holds one digit, narrow decides c exactly.
// scratch needs len(m) words.
//
// Every rule is sound for the constraint alone: it ignores the units, so
// it may leave digits the units rule out, never the reverse.
func narrow(c *satdoku.Constraint, n int, m, scratch []uint64) bool {
	for _, x := range m {
		if x == 0 {
			return false
		}
	}
	switch c.Kind {
	case satdoku.Total:
		return narrowTotal(c, m)
	case satdoku.Run:
		return narrowRun(n, m, scratch)
	case satdoku.Within:
		return narrowWithin(m, scratch)
	case satdoku.Sandwich:
		return narrowSandwich(c.Value, n, m, scratch)
	case satdoku.Contains:
		return narrowContains(c.Digits, m)
	case satdoku.OneOf:
		for k := range m {
			if m[k] &= c.Mask; m[k] == 0 {
				return false
			}
		}
	case satdoku.Never:
		return false
	case satdoku.Connected:
		return narrowConnected(c, m)
	case satdoku.XSum:
		return narrowXSum(c.Value, m)
	case satdoku.Skyscraper:
		return narrowSkyscraper(c.Value, m)
	case satdoku.Segments:
		return narrowPaths(m, 0, func(sum, _, d int) (int, bool) {
			if sum += d; sum == c.Value {
				return 0, true
			}
			return sum, sum < c.Value
		}, func(sum int) bool { return sum == 0 })
	case satdoku.SameGap:
		return narrowSameGap(m)
	case satdoku.Index:
		return narrowIndex(c, m)
	case satdoku.Outside:
		return narrowOutside(n, m, scratch)
	case satdoku.Exactly, satdoku.SameValues, satdoku.Circles, satdoku.Distinct, satdoku.SegmentsLoop, satdoku.TotalIn, satdoku.NoSubsetSum:
		return narrowMulti(c, m)
	case satdoku.Automaton:
		return narrowNFA(c, m)
	case satdoku.Reach:
		return narrowReach(c, m, scratch)
	case satdoku.AnyOf:
		return narrowAnyOf(c, n, m)
	default:
		return false // unknown: never satisfied (see exact)
	}
	return true
}

// narrowPaths keeps in each mask of m the digits that lie on a path of
// states from start to a state final accepts, next(s, k, d) being the
// state after the k-th cell holds d (ok false: no way on). It reports
// whether a path is left. States are small structs, compared as keys.
func narrowPaths[S comparable](m []uint64, start S, next func(s S, k, d int) (S, bool), final func(S) bool) bool {
	layers := make([]map[S]bool, len(m)+1)
	layers[0] = map[S]bool{start: true}
	for k := range m {
		layers[k+1] = map[S]bool{}
		for s := range layers[k] {
			for x := m[k]; x != 0; x &= x - 1 {
				if t, ok := next(s, k, bits.TrailingZeros64(x)+1); ok {
					layers[k+1][t] = true
				}
			}
		}
	}
	live := map[S]bool{}
	for s := range layers[len(m)] {
		if final(s) {
			live[s] = true
		}
	}
	if len(live) == 0 {
		return false
	}
	for k := len(m) - 1; k >= 0; k-- {
		before, keep := map[S]bool{}, uint64(0)
		for s := range layers[k] {
			for x := m[k]; x != 0; x &= x - 1 {
				d := bits.TrailingZeros64(x) + 1
				if t, ok := next(s, k, d); ok && live[t] {
					before[s] = true
					keep |= bit(d)
				}
			}
		}
		m[k], live = keep, before
	}
	return true
}

// narrowXSum: the states are the number of cells the sum takes (0 before
// the first) and the sum of the cells read so far among them.
func narrowXSum(value int, m []uint64) bool {
	type state struct{ take, sum int }
	return narrowPaths(m, state{}, func(s state, k, d int) (state, bool) {
		if k == 0 {
			s.take = d
		}
		if k < s.take {
			s.sum += d
		}
		return s, s.take <= len(m) && s.sum <= value
	}, func(s state) bool { return s.sum == value })
}

// narrowOutside: for every pair of end digits, the cells between keep the
// digits outside their range, when each has one; the ends keep the pairs
// that work.
func narrowOutside(n int, m, u []uint64) bool {
	last := len(m) - 1
	u = u[:len(m)]
	clear(u)
	all := uint64(1)<<n - 1
	found := false
	for xa := m[0]; xa != 0; xa &= xa - 1 {
		a := bits.TrailingZeros64(xa) + 1
	pairs:
		for xb := m[last]; xb != 0; xb &= xb - 1 {
			b := bits.TrailingZeros64(xb) + 1
			lo, hi := min(a, b), max(a, b)
			above, below := all&^(uint64(1)<<hi-1), uint64(1)<<(lo-1)-1
			out := above | below
			for _, x := range m[1:last] {
				if x&out == 0 {
					continue pairs
				}
			}
			found = true
			u[0] |= bit(a)
			u[last] |= bit(b)
			for k := 1; k < last; k++ {
				u[k] |= m[k] & out
			}
		}
	}
	if !found {
		return false
	}
	copy(m, u)
	return true
}

// narrowIndex keeps the first cell's digits whose cells can all hold
// Value, and fixes those cells to Value when the first cell has one digit
// left.
func narrowIndex(c *satdoku.Constraint, m []uint64) bool {
	var want, keep uint64
	if c.Value >= 1 && c.Value <= satdoku.MaxN {
		want = bit(c.Value)
	}
	for x := m[0]; x != 0; x &= x - 1 {
		d := bits.TrailingZeros64(x) + 1
		ok, picked := true, false
		for k := range m {
			if c.Coefs[k] == d {
				picked = true
				// The first cell picked by its own digit must be Value.
				ok = ok && m[k]&want != 0 && (k != 0 || d == c.Value)
			}
		}
		if ok && picked {
			keep |= bit(d)
		}
	}
	if m[0] = keep; keep == 0 {
		return false
	}
	if bits.OnesCount64(keep) == 1 {
		d := bits.TrailingZeros64(keep) + 1
		for k := range m {
			if c.Coefs[k] == d {
				m[k] &= want
			}
		}
	}
	return true
}

// narrowSameGap: the states are the first gap (−1 before the second
// cell) and the last digit.
func narrowSameGap(m []uint64) bool {
	type state struct{ gap, last int }
	return narrowPaths(m, state{gap: -1}, func(s state, k, d int) (state, bool) {
		if k == 0 {
			return state{gap: -1, last: d}, true
		}
		g := max(d-s.last, s.last-d)
		if s.gap < 0 {
			s.gap = g
		}
		return state{gap: s.gap, last: d}, g == s.gap
	}, func(state) bool { return true })
}

// narrowSkyscraper: the states are the highest digit so far and how many
// cells were seen.
func narrowSkyscraper(value int, m []uint64) bool {
	type state struct{ top, seen int }
	return narrowPaths(m, state{}, func(s state, _, d int) (state, bool) {
		if d > s.top {
			s.top, s.seen = d, s.seen+1
		}
		return s, s.seen <= value
	}, func(s state) bool { return s.seen == value })
}

// termRange returns the smallest and largest value of coef·d for d in the
// non-empty mask x.
func termRange(coef int, x uint64) (lo, hi int) {
	lo, hi = coef*lowest(x), coef*highest(x)
	if coef < 0 {
		lo, hi = hi, lo
	}
	return lo, hi
}

// narrowTotal: Σ coef·d = Value. The other cells' terms range over
// [lo−lo_k, hi−hi_k], so cell k keeps the digits d with Value − coef·d in
// that range.
func narrowTotal(c *satdoku.Constraint, m []uint64) bool {
	lo, hi := 0, 0
	for k, x := range m {
		l, h := termRange(c.Coef(k), x)
		lo, hi = lo+l, hi+h
	}
	if c.Value < lo || c.Value > hi {
		return false
	}
	for k, x := range m {
		coef := c.Coef(k)
		if coef == 0 || x&(x-1) == 0 {
			continue // a fixed cell stays as it is: the bounds hold it
		}
		l, h := termRange(coef, x)
		restLo, restHi := lo-l, hi-h
		var keep uint64
		for y := x; y != 0; y &= y - 1 {
			d := bits.TrailingZeros64(y) + 1
			if r := c.Value - coef*d; r >= restLo && r <= restHi {
				keep |= y & -y
			}
		}
		if keep == 0 {
			return false
		}
		m[k] = keep
	}
	return true
}

// narrowRun: the L cells hold the L digits of a window s..s+L−1, one each.
// A window is possible when every cell has a digit in it and the cells
// together have every digit of it; a cell keeps its digits in the possible
// windows. A digit that is the only one of its cell leaves the others.
func narrowRun(n int, m, u []uint64) bool {
	size := len(m)
	u = u[:size]
	clear(u)
	any := false
windows:
	for s := 1; s+size-1 <= n; s++ {
		w := span(s, s+size-1)
		var all uint64
		for _, x := range m {
			if x&w == 0 {
				continue windows
			}
			all |= x & w
		}
		if all != w {
			continue
		}
		any = true
		for k, x := range m {
			u[k] |= x & w
		}
	}
	if !any {
		return false
	}
	copy(m, u)
	var fixed uint64
	for _, x := range m {
		if x&(x-1) == 0 {
			if fixed&x != 0 {
				return false
			}
			fixed |= x
		}
	}
	for k, x := range m {
		if x&(x-1) != 0 {
			if m[k] = x &^ fixed; m[k] == 0 {
				return false
			}
		}
	}
	return true
}

// narrowWithin: for every pair of digits a, b the ends can hold, the
// middle cells need a digit strictly between; each cell keeps the digits
// of the pairs that work.
func narrowWithin(m, u []uint64) bool {
	last := len(m) - 1
	u = u[:len(m)]
	clear(u)
	any := false
	for xa := m[0]; xa != 0; xa &= xa - 1 {
		a := bits.TrailingZeros64(xa) + 1
	pairs:
		for xb := m[last]; xb != 0; xb &= xb - 1 {
			b := bits.TrailingZeros64(xb) + 1
			w := between(min(a, b), max(a, b))
			for _, x := range m[1:last] {
				if x&w == 0 {
					continue pairs
				}
			}
			any = true
			u[0] |= xa & -xa
			u[last] |= xb & -xb
			for k := 1; k < last; k++ {
				u[k] |= m[k] & w
			}
		}
	}
	if !any {
		return false
	}
	copy(m, u)
	return true
}

// narrowSandwich: for every place p of the 1 and q of the N, the other
// cells hold neither, and the cells strictly between p and q add up to
// value; each cell keeps the digits of the places that work.
func narrowSandwich(value, n int, m, u []uint64) bool {
	ends := uint64(1) | bit(n)
	size := len(m)
	u = u[:size]
	clear(u)
	bad := 0 // the cells that can hold nothing but 1 or N
	for _, x := range m {
		if x&^ends == 0 {
			bad++
		}
	}
	any := false
	for p := range size {
		if m[p]&1 == 0 {
			continue
		}
		for q := range size {
			if q == p || m[q]&bit(n) == 0 {
				continue
			}
			// Every cell but p and q needs a digit other than 1 and N.
			inPQ := 0
			if m[p]&^ends == 0 {
				inPQ++
			}
			if m[q]&^ends == 0 {
				inPQ++
			}
			if bad != inPQ {
				continue
			}
			from, to := min(p, q)+1, max(p, q)
			lo, hi := 0, 0
			for _, x := range m[from:to] {
				x &^= ends
				lo, hi = lo+lowest(x), hi+highest(x)
			}
			if value < lo || value > hi {
				continue
			}
			any = true
			u[p] |= 1
			u[q] |= bit(n)
			for k, x := range m {
				x &^= ends
				if k == p || k == q {
					continue
				}
				if k < from || k >= to {
					u[k] |= x
					continue
				}
				// The others between add up to lo−lowest..hi−highest.
				u[k] |= x & span(value-(hi-highest(x)), value-(lo-lowest(x)))
			}
		}
	}
	if !any {
		return false
	}
	copy(m, u)
	for _, x := range m {
		if x == 0 {
			return false
		}
	}
	return true
}

// narrowContains: a digit listed k times needs k cells that can hold it;
// when exactly k can, they hold it.
func narrowContains(digits []int, m []uint64) bool {
	var done uint64
	for _, d := range digits {
		b := bit(d)
		if done&b != 0 {
			continue
		}
		done |= b
		want, can := 0, 0
		for _, e := range digits {
			if e == d {
				want++
			}
		}
		for _, x := range m {
			if x&b != 0 {
				can++
			}
		}
		if can < want {
			return false
		}
		if can == want {
			for k, x := range m {
				if x&b != 0 {
					m[k] = b
				}
			}
		}
	}
	return true
}

// constraintConflict is the conflict of constraint c of rules r, broken
// for the reason why; its Cells are named as r names them.
func constraintConflict(r *satdoku.Rules, c *satdoku.Constraint, why string) Conflict {
	name := c.Name
	if name == "" {
		name = c.Kind.String()
	}
	var sb strings.Builder
	first, last := c.Cells[0], c.Cells[0]
	for k, i := range c.Cells {
		if k > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(r.CellName(i))
		first, last = min(first, i), max(last, i)
	}
	return Conflict{A: cellAt(first, r.N()), B: cellAt(last, r.N()), Name: name, Constraint: c, Cells: sb.String(), Why: why}
}

// brokenConstraint returns why constraint c is certainly broken in the
// grid g, which may have empty cells, or "" when some digits in its empty
// cells could satisfy it (ignoring every other rule).
func brokenConstraint(c *satdoku.Constraint, g *satdoku.Grid) string {
	n := g.Rules().Values() // the digits 1..V
	m := make([]uint64, 2*len(c.Cells))
	all := ^uint64(0) >> (64 - n)
	filled := 0
	for k, i := range c.Cells {
		m[k] = all
		if d := g.Cell(i); d != 0 {
			m[k] = bit(d)
			filled++
		}
	}
	if filled == len(c.Cells) {
		return exact(c, g)
	}
	if narrow(c, n, m[:len(c.Cells)], m[len(c.Cells):]) {
		return ""
	}
	return partialWhy(c, g)
}

// partialWhy says why constraint c cannot be completed from the digits
// of g, which leave some of its cells empty.
func partialWhy(c *satdoku.Constraint, g *satdoku.Grid) string {
	r, nv := g.Rules(), g.Rules().Values()
	switch c.Kind {
	case satdoku.Total:
		lo, hi := 0, 0
		for k, i := range c.Cells {
			x := ^uint64(0) >> (64 - nv)
			if d := g.Cell(i); d != 0 {
				x = bit(d)
			}
			l, h := termRange(c.Coef(k), x)
			lo, hi = lo+l, hi+h
		}
		if lo > c.Value {
			return fmt.Sprintf("%s at least %d, want %d", totalWord(c), r.ValueTotal(c, lo), r.ValueTotal(c, c.Value))
		}
		if hi < c.Value {
			return fmt.Sprintf("%s at most %d, want %d", totalWord(c), r.ValueTotal(c, hi), r.ValueTotal(c, c.Value))
		}
	case satdoku.Run:
		var seen uint64
		for _, i := range c.Cells {
			d := g.Cell(i)
			if d != 0 && seen&bit(d) != 0 {
				return fmt.Sprintf("%d twice", r.ValueOf(d))
			}
			seen |= bit(d)
		}
		return fmt.Sprintf("digits %s do not fit a run of %d", valueList(r, seen), len(c.Cells))
	case satdoku.Sandwich:
		ones, ns := 0, 0
		for _, i := range c.Cells {
			switch g.Cell(i) {
			case 1:
				ones++
			case nv:
				ns++
			}
		}
		if ones > 1 {
			return fmt.Sprintf("%d twice", r.ValueOf(1))
		}
		if ns > 1 {
			return fmt.Sprintf("%d twice", r.ValueOf(nv))
		}
	case satdoku.OneOf:
		for _, i := range c.Cells {
			if d := g.Cell(i); d != 0 && c.Mask&bit(d) == 0 {
				return fmt.Sprintf("%s holds %d, not one of %s", r.CellName(i), r.ValueOf(d), valueList(r, c.Mask))
			}
		}
	case satdoku.Never:
		return neverWhy(c)
	}
	return "cannot be completed"
}
