package encode

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/satdoku/satdoku"
)

// sumGroups splits the terms of Total c (indices into c.Cells, which a
// valid constraint lists once each) into groups of cells with one
// coefficient that lie in one unit of rules r, so that their digits are
// distinct: the unit holding the most terms left first (the lowest unit
// and coefficient on a tie), until no unit holds two; the others are
// groups of one. The groups come in the order of their first term.
func sumGroups(r *satdoku.Rules, c *satdoku.Constraint) [][]int {
	k := len(c.Cells)
	group := make([]int, k) // the group of each term, −1 none yet
	for j := range group {
		group[j] = -1
	}
	var groups [][]int
	type key struct{ unit, coef int }
	count := map[key]int{}
	for {
		clear(count)
		best, most := key{}, 1
		for j, i := range c.Cells {
			if group[j] >= 0 {
				continue
			}
			for _, u := range r.UnitsOf(i) {
				kk := key{int(u), c.Coef(j)}
				count[kk]++
				if n := count[kk]; n > most || n == most && n > 1 && (kk.unit < best.unit || kk.unit == best.unit && kk.coef < best.coef) {
					best, most = kk, n
				}
			}
		}
		if most < 2 {
			break
		}
		var g []int
		for j, i := range c.Cells {
			if group[j] < 0 && c.Coef(j) == best.coef && inUnit(r, i, best.unit) {
				g = append(g, j)
			}
		}
		for _, j := range g {
			group[j] = len(groups)
		}
		groups = append(groups, g)
	}
	// In the order of the first terms.
	var out [][]int
	done := make([]bool, len(groups))
	for j := range c.Cells {
		switch g := group[j]; {
		case g < 0:
			out = append(out, []int{j})
		case !done[g]:
			done[g] = true
			out = append(out, groups[g])
		}
	}
	return out
}

// inUnit reports whether cell i lies in unit u of rules r.
func inUnit(r *satdoku.Rules, i, u int) bool {
	for _, x := range r.UnitsOf(i) {
		if int(x) == u {
			return true
		}
	}
	return false
}

// sumInput is one input of the diagram of a grouped sum: a cell, or a
// group of distinct cells whose sum is base + x for its value x.
type sumInput struct {
	cell  int    // the cell, or −1 for a group
	coef  int64  // the coefficient of its cells
	base  int    // a group's sum is base + value
	mask  uint64 // its values
	lits  []int  // a group's literal of each value x, at x
	cells []int  // a group's cells
	sets  []uint64
	cmask []uint64 // a group's cells' candidates
}

// groupedTotal writes Total c, whose cells are not all distinct, as a
// setter reads a little killer or a long sum line: its cells split into
// groups of distinct cells (see sumGroups), each group a small cage whose
// sum is unknown — a literal per sum it can make, tied to the digit sets
// of that sum (see setClauses): a set implies its sum, a sum one of its
// sets — and a decision diagram over the groups' sums (and the other
// cells' digits) that adds them up to Value. It returns false, having
// written nothing, when no group has two cells or a group's sets are too
// many or its sums too far apart for the diagram.
func (e *Encoder) groupedTotal(a ClauseAdder, d *Domain, c *satdoku.Constraint) bool {
	groups := sumGroups(e.rules, c)
	if len(groups) == len(c.Cells) {
		return false
	}
	ins := make([]sumInput, len(groups))
	for g, terms := range groups {
		in := &ins[g]
		in.coef = int64(c.Coef(terms[0]))
		if len(terms) == 1 {
			in.cell = c.Cells[terms[0]]
			in.mask = e.cellMask(d, in.cell)
			if in.mask == 0 {
				e.emit(a)
				return true
			}
			continue
		}
		in.cell = -1
		for _, j := range terms {
			in.cells = append(in.cells, c.Cells[j])
			in.cmask = append(in.cmask, e.cellMask(d, c.Cells[j]))
		}
		sets, ok := digitSetsIn(in.cmask, 0, math.MaxInt)
		if !ok {
			return false
		}
		in.sets = sets
	}
	if !pruneGroups(ins, int64(c.Value)) {
		e.emit(a)
		return true
	}
	width := 0
	for g := range ins {
		in := &ins[g]
		if in.cell >= 0 {
			width = max(width, 64-bits.LeadingZeros64(in.mask))
			continue
		}
		lo, hi := math.MaxInt, 0
		for _, s := range in.sets {
			sum := setSum(s)
			lo, hi = min(lo, sum), max(hi, sum)
		}
		if hi-lo >= 64 {
			return false
		}
		in.base = lo - 1
		for _, s := range in.sets {
			in.mask |= 1 << (setSum(s) - lo)
		}
		width = max(width, hi-lo+1)
	}
	for g := range ins {
		in := &ins[g]
		if in.cell >= 0 {
			continue
		}
		ys := e.setClauses(a, d, in.cells, in.cmask, in.sets)
		in.lits = make([]int, 64-bits.LeadingZeros64(in.mask)+1)
		if bits.OnesCount64(in.mask) == 1 {
			in.lits[bits.TrailingZeros64(in.mask)+1] = litTrue
			continue
		}
		for m := in.mask; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m) + 1
			var of []int // the sets of sum base + x
			for s, set := range in.sets {
				if setSum(set) == in.base+x {
					of = append(of, ys[s])
				}
			}
			if len(of) == 1 {
				in.lits[x] = of[0]
				continue
			}
			sl := e.aux()
			in.lits[x] = sl
			for _, y := range of {
				e.emit(a, -y, sl)
			}
			e.emit(a, append([]int{-sl}, of...)...)
		}
	}
	k := len(ins)
	value := func(j, x int) int64 { return ins[j].coef * int64(ins[j].base+x) }
	lo, hi := make([]int64, k+1), make([]int64, k+1) // the sums inputs j.. can add
	for j := k - 1; j >= 0; j-- {
		m := ins[j].mask
		x, y := value(j, bits.TrailingZeros64(m)+1), value(j, 64-bits.LeadingZeros64(m))
		lo[j], hi[j] = lo[j+1]+min(x, y), hi[j+1]+max(x, y)
	}
	v := int64(c.Value)
	e.diagramOver(a, width, k,
		func(j int) uint64 { return ins[j].mask },
		func(j, x int) int {
			if ins[j].cell >= 0 {
				return e.cellLit(d, ins[j].cell, x)
			}
			if x < len(ins[j].lits) && ins[j].mask&(1<<(x-1)) != 0 {
				return ins[j].lits[x]
			}
			return litFalse
		},
		0, func(s int64, j, x int) (int64, bool) {
			t := s + value(j, x)
			return t, v-hi[j+1] <= t && t <= v-lo[j+1]
		}, func(s int64) bool { return s == v })
	return true
}

// pruneGroups drops the digit sets of the groups among ins whose sum
// cannot reach v with any sums of the other inputs, until none is left to
// drop; it returns false when a group has no set left.
func pruneGroups(ins []sumInput, v int64) bool {
	bounds := func(in *sumInput) (lo, hi int64) {
		if in.cell >= 0 {
			lo, hi = int64(bits.TrailingZeros64(in.mask)+1), int64(64-bits.LeadingZeros64(in.mask))
		} else {
			lo, hi = math.MaxInt64, math.MinInt64
			for _, s := range in.sets {
				sum := int64(setSum(s))
				lo, hi = min(lo, sum), max(hi, sum)
			}
		}
		if in.coef < 0 {
			return in.coef * hi, in.coef * lo
		}
		return in.coef * lo, in.coef * hi
	}
	for changed := true; changed; {
		changed = false
		var lo, hi int64
		for g := range ins {
			if ins[g].cell < 0 && len(ins[g].sets) == 0 {
				return false
			}
			l, h := bounds(&ins[g])
			lo, hi = lo+l, hi+h
		}
		for g := range ins {
			in := &ins[g]
			if in.cell >= 0 {
				continue
			}
			l, h := bounds(in)
			least, most := v-(hi-h), v-(lo-l) // what the group must add
			n := len(in.sets)
			in.sets = slices.DeleteFunc(in.sets, func(s uint64) bool {
				x := in.coef * int64(setSum(s))
				return x < least || x > most
			})
			if len(in.sets) == 0 {
				return false
			}
			if len(in.sets) < n {
				changed = true
				l2, h2 := bounds(in)
				lo, hi = lo-l+l2, hi-h+h2
			}
		}
	}
	return true
}

// setSum returns the sum of the digits of set (bit d−1 for digit d).
func setSum(set uint64) int {
	sum := 0
	for m := set; m != 0; m &= m - 1 {
		sum += bits.TrailingZeros64(m) + 1
	}
	return sum
}

// minCombined is the fewest cells of the smaller of two sums, and of
// them sharing a unit with a cell of the other, for combinedSums to
// consider adding them up.
const minCombined = 6

// combinedKey is the key of the combined sums in the cache of their rules.
type combinedKey struct{}

// combinedOf returns the combined sums of rules r, computed once per rules.
func combinedOf(r *satdoku.Rules) []satdoku.Constraint {
	if r.Values() != r.N() {
		return nil // its bounds are for the digits 1..N
	}
	return r.Cached(combinedKey{}, func() any { return combinedSums(r) }).([]satdoku.Constraint)
}

// sumRecord is a sum of cells (every coefficient 1, cells in increasing
// order) that combinedSums may add to another.
type sumRecord struct {
	cells    []int
	key      string
	value    int
	score    int
	original bool // a constraint of the rules
}

// combinedSums returns sums that the plain sums of the rules (Totals with
// every coefficient 1) of six cells or more imply by adding up two that
// do not overlap: little killers on neighbouring diagonals, long lines
// through the same boxes. Split into groups of cells that share a unit
// (see sumGroups), the cells of both can be tighter than either: a group
// of k cells adds k distinct digits, between k(k+1)/2 and k(2N−k+1)/2,
// and the groups of the two sums merge. A sum's score is what its groups
// leave free: the sum over its groups of k(N−k) less the value's distance
// to the nearer of the sum's bounds. Two sums, six cells of the smaller
// sharing a unit with some cell of the other, are added up when the
// result scores more than each of them or more than both together, the
// best first, and the result may be added to another in turn, until no
// pair gains (the merge rule of the optimizer of sigh's Interactive
// Sudoku Solver); the results that score above 0 are returned. Each
// holds in every solution.
func combinedSums(r *satdoku.Rules) []satdoku.Constraint {
	n := r.N()
	record := func(cells []int, v int, original bool) *sumRecord {
		c := satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Value: v}
		groups := sumGroups(r, &c)
		lo, hi := 0, 0
		for _, g := range groups {
			k := len(g)
			lo += k * (k + 1) / 2
			hi += k * (2*n - k + 1) / 2
		}
		if v < lo || v > hi {
			return nil
		}
		dof := min(v-lo, hi-v)
		score := 0
		for _, g := range groups {
			score += len(g)*(n-len(g)) - dof
		}
		return &sumRecord{cells: cells, key: fmt.Sprint(cells), value: v, score: score, original: original}
	}
	active := map[string]*sumRecord{}
	var order []*sumRecord // the active records, in the order made
	for _, c := range r.Constraints() {
		if c.Kind != satdoku.Total || c.Coefs != nil || len(c.Cells) < minCombined {
			continue
		}
		cells := slices.Clone(c.Cells)
		slices.Sort(cells)
		rec := record(cells, c.Value, true)
		if rec == nil || active[rec.key] != nil {
			continue
		}
		active[rec.key] = rec
		order = append(order, rec)
	}
	related := func(x, y *sumRecord) bool {
		if len(x.cells) > len(y.cells) {
			x, y = y, x
		}
		if len(x.cells) < minCombined {
			return false
		}
		near := 0
		for _, i := range x.cells {
			if _, found := slices.BinarySearch(y.cells, i); found {
				return false // they overlap
			}
			if slices.ContainsFunc(y.cells, func(j int) bool { return shareUnitOf(r, i, j) }) {
				near++
			}
		}
		return near >= minCombined
	}
	type pair struct{ x, y, sum *sumRecord }
	var cands []pair
	push := func(x, y *sumRecord) {
		if !related(x, y) {
			return
		}
		cells := append(slices.Clone(x.cells), y.cells...)
		slices.Sort(cells)
		sum := record(cells, x.value+y.value, false)
		if sum == nil || active[sum.key] != nil {
			return
		}
		if (sum.score <= x.score || sum.score <= y.score) && sum.score <= x.score+y.score {
			return
		}
		cands = append(cands, pair{x, y, sum})
	}
	for a, x := range order {
		for _, y := range order[a+1:] {
			push(x, y)
		}
	}
	for {
		best := -1
		for k, p := range cands {
			if active[p.x.key] != p.x || active[p.y.key] != p.y || active[p.sum.key] != nil {
				continue
			}
			if best < 0 || p.sum.score > cands[best].sum.score || p.sum.score == cands[best].sum.score && p.sum.key > cands[best].sum.key {
				best = k
			}
		}
		if best < 0 {
			break
		}
		p := cands[best]
		delete(active, p.x.key)
		delete(active, p.y.key)
		active[p.sum.key] = p.sum
		order = slices.DeleteFunc(order, func(x *sumRecord) bool { return x == p.x || x == p.y })
		order = append(order, p.sum)
		for _, o := range order[:len(order)-1] {
			push(p.sum, o)
		}
	}
	var out []satdoku.Constraint
	for _, rec := range order {
		if !rec.original && rec.score > 0 {
			out = append(out, satdoku.Constraint{Kind: satdoku.Total, Cells: rec.cells, Value: rec.value, Name: "combined sum"})
		}
	}
	return out
}
