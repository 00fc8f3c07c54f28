package logic

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/satdoku/satdoku"
)

// The bounds of the searches over a constraint's digits: a candidate
// whose search takes more than candBudget nodes, or any left when a
// constraint's searches have taken conBudget, is kept (no step removes
// it), which keeps the technique sound and each step quick.
const (
	candBudget = 4000
	conBudget  = 40000
)

// conSearch finds, for one constraint (or a group of relations), the
// candidates of its cells that are in no assignment of digits that
// satisfies it, the cells that see each other holding different digits:
// those candidates can go.
type conSearch struct {
	c     *satdoku.Constraint // the constraint; nil for a group of relations
	cells []int               // its cells
	n     int
	name  string // the technique: the rule's name ("killer cage")
	label string // the clue in texts: "killer cage r4c4,r4c5 (3)"
	what  string // what it says, when the label does not: "r1c3+r1c4 = 7 (10 less the cages' 3)"
	order []int  // the positions of the cells, in the order searched
	// apart[k] are the positions searched before order[k] whose cells
	// must hold another digit than its cell.
	apart [][]int
	// check reports whether the digits so far (0 for a cell not yet
	// searched) may still satisfy the constraint, given the candidates
	// of the others; with every digit set it is exact.
	check func(vals []int, masks []uint64) bool
	// memo holds results of searches, by memoKey: the digits required,
	// or for a support search that removed nothing, 0. The rules, and
	// so their searches, are shared: it is safe for concurrent use.
	memo    sync.Map
	memoLen atomic.Int32
}

func newConSearch(b *board, c *satdoku.Constraint, label string) *conSearch {
	name := c.Name
	if name == "" {
		name = c.Kind.String()
	}
	L := len(c.Cells)
	order := make([]int, L)
	for k := range L {
		order[k] = k
	}
	if (c.Kind == satdoku.Within || c.Kind == satdoku.Outside) && L >= 2 {
		// The ends first: they bound the others.
		order = append([]int{0, L - 1}, order[1:L-1]...)
	}
	cs := searchOf(b, c.Cells, order, c.Kind == satdoku.Run, checker(c, b.n))
	cs.c, cs.name, cs.label = c, name, label
	return cs
}

// searchOf returns the search over the cells in the order given (their
// positions), with the check; with distinct, all the cells hold different
// digits, otherwise those that see each other.
func searchOf(b *board, cells, order []int, distinct bool, check func(vals []int, masks []uint64) bool) *conSearch {
	cs := &conSearch{cells: cells, n: b.n, order: order, check: check}
	cs.apart = make([][]int, len(cells))
	for k, p := range order {
		for _, q := range order[:k] {
			if distinct || b.sees(cells[p], cells[q]) {
				cs.apart[k] = append(cs.apart[k], q)
			}
		}
	}
	return cs
}

// cage reports whether the constraint is a sum of cells that all see each
// other, such as a killer cage: its digits are a set.
func (cs *conSearch) cage() bool {
	return cs.c != nil && cs.c.Kind == satdoku.Total && unitCoefs(cs.c) && cs.allApart()
}

// support returns, for each cell of the search (in its order), the
// candidates of s that some assignment satisfying it uses, or that the
// search could not rule out within its bounds.
func (cs *conSearch) support(s *State) []uint64 {
	masks := make([]uint64, len(cs.cells))
	for k, i := range cs.cells {
		masks[k] = s.cand[i]
	}
	key := memoKey{false, hashMasks(masks)}
	if _, ok := cs.memo.Load(key); ok {
		return masks // searched before: nothing to remove
	}
	keep := masks
	if cs.c != nil && cs.c.Kind == satdoku.Sandwich && cs.allApart() {
		keep = sandwichSupport(cs.n, cs.c, keep)
	}
	keep = cs.supportOf(keep)
	if slices.Equal(keep, masks) {
		cs.remember(key, 0)
	}
	return keep
}

// memoKey is the key of a result of a conSearch in its memo: the hash of
// the candidates searched, and which search (support or required).
type memoKey struct {
	required bool
	hash     uint64
}

// maxMemo bounds the results a conSearch keeps.
const maxMemo = 1 << 9

// remember keeps a result of a search, while the memo has room.
func (cs *conSearch) remember(key memoKey, v uint64) {
	if cs.memoLen.Add(1) <= maxMemo {
		cs.memo.Store(key, v)
	}
}

// hashMasks mixes candidates into 64 bits (FNV-1a over the words, with a
// shift): equal candidates, equal hashes; a collision, most unlikely, can
// only hide a step, never make a wrong one.
func hashMasks(masks []uint64) uint64 {
	h := uint64(14695981039346656037)
	for _, m := range masks {
		h ^= m
		h *= 1099511628211
		h ^= h >> 29
	}
	return h
}

// allApart reports whether the cells all hold different digits.
func (cs *conSearch) allApart() bool {
	for k := range cs.apart {
		if len(cs.apart[k]) != k {
			return false
		}
	}
	return true
}

// walk is one search over a conSearch's digits.
type walk struct {
	cs     *conSearch
	vals   []int    // the digits set, by position; 0 for none
	work   []uint64 // the candidates searched, by position
	keep   []uint64 // digits known to be used, tried first
	budget int      // nodes left
}

func newWalk(cs *conSearch) *walk {
	L := len(cs.cells)
	return &walk{cs: cs, vals: make([]int, L), work: make([]uint64, L), keep: make([]uint64, L)}
}

// find reports whether the digits of work can be set from the k-th
// position of the order on, leaving them in vals; false also when the
// budget runs out (then budget < 0).
func (w *walk) find(k int) bool {
	cs := w.cs
	if k == len(cs.order) {
		return true
	}
	p := cs.order[k]
	m := w.work[p]
	for _, q := range cs.apart[k] {
		m &^= bit(w.vals[q])
	}
	// Digits not yet known to be used first: a solution that uses them
	// settles more.
	for _, part := range [2]uint64{m &^ w.keep[p], m & w.keep[p]} {
		for x := part; x != 0; x &= x - 1 {
			if w.budget--; w.budget < 0 {
				return false
			}
			w.vals[p] = lowDigit(x)
			if cs.check(w.vals, w.work) && w.find(k+1) {
				return true
			}
		}
	}
	w.vals[p] = 0
	return false
}

func (cs *conSearch) supportOf(masks []uint64) []uint64 {
	w := newWalk(cs)
	total := conBudget
	for p := range masks {
		for x := masks[p] &^ w.keep[p]; x != 0; x &= x - 1 {
			d := lowDigit(x)
			if w.keep[p]&bit(d) != 0 {
				continue
			}
			if total <= 0 {
				w.keep[p] |= bit(d)
				continue
			}
			copy(w.work, masks)
			w.work[p] = bit(d)
			clear(w.vals)
			w.budget = min(candBudget, total)
			start := w.budget
			found := w.find(0)
			total -= start - max(w.budget, 0)
			switch {
			case found:
				for q, v := range w.vals {
					w.keep[q] |= bit(v)
				}
			case w.budget < 0:
				w.keep[p] |= bit(d) // not ruled out in time
			}
		}
	}
	return w.keep
}

// required returns the digits that every assignment satisfying the
// constraint, with the candidates masks, uses somewhere (as far as the
// searches can tell within their bounds).
func (cs *conSearch) required(masks []uint64) uint64 {
	key := memoKey{true, hashMasks(masks)}
	if v, ok := cs.memo.Load(key); ok {
		return v.(uint64)
	}
	need := cs.requiredOf(masks)
	cs.remember(key, need)
	return need
}

func (cs *conSearch) requiredOf(masks []uint64) uint64 {
	var union uint64
	for _, m := range masks {
		union |= m
	}
	w := newWalk(cs)
	total := conBudget
	var need uint64
	for x := union; x != 0 && total > 0; x &= x - 1 {
		d := lowDigit(x)
		forced := false
		for p, m := range masks {
			w.work[p] = m &^ bit(d)
			forced = forced || w.work[p] == 0
		}
		if forced {
			need |= bit(d)
			continue
		}
		clear(w.vals)
		w.budget = min(candBudget, total)
		start := w.budget
		found := w.find(0)
		total -= start - max(w.budget, 0)
		if !found && w.budget >= 0 {
			need |= bit(d)
		}
	}
	return need
}

// clueConstraints finds a constraint that forbids a candidate of one of
// its cells: a sum (Totals) with sums set, another kind otherwise.
func (s *State) clueConstraints(sums bool) (Step, bool) {
	cl := cluesOf(s.b)
	list, rating := cl.lines, RatingClueLine
	if sums {
		list, rating = cl.sums, RatingClueSum
	}
	for _, cs := range list {
		if st, ok := s.conStep(cs, rating, ""); ok {
			return st, true
		}
	}
	return Step{}, false
}

// conStep is the step of a constraint's search, if it removes something:
// what, when not "", is said first.
func (s *State) conStep(cs *conSearch, rating float64, what string) (Step, bool) {
	keep := cs.support(s)
	changed := false
	for k, i := range cs.cells {
		if s.value[i] == 0 && keep[k] != s.cand[i] {
			changed = true
		}
	}
	if !changed {
		return Step{}, false
	}
	if what == "" {
		var parts []string
		if cs.what != "" {
			parts = append(parts, cs.what)
		}
		if t := ""; cs.cage() {
			if t = combosText(cs.combos(keep)); t != "" {
				parts = append(parts, t)
			}
		}
		what = strings.Join(parts, ", ")
	}
	return s.clueStep(cs.name, cs.label, rating, cs.cells, func(i int) uint64 {
		return keep[slices.Index(cs.cells, i)]
	}, what)
}

// conLabel names a constraint in texts.
func conLabel(n int, c *satdoku.Constraint) string {
	name := c.Name
	if name == "" {
		name = c.Kind.String()
	}
	cells := c.Cells
	line := cellName(n, cells[0]) + "–" + cellName(n, cells[len(cells)-1])
	v := strconv.Itoa(c.Value)
	switch c.Kind {
	case satdoku.Total:
		if unitCoefs(c) {
			return name + " " + joinCells(n, cells, ",") + " (" + v + ")"
		}
		return name + " " + totalText(n, cells, c.Coef, c.Value)
	case satdoku.Sandwich, satdoku.XSum, satdoku.Skyscraper, satdoku.Segments, satdoku.SegmentsLoop:
		return name + " " + line + " (" + v + ")"
	case satdoku.Index:
		return name + " " + cellName(n, cells[0]) + " (" + v + ")"
	case satdoku.Contains, satdoku.Exactly, satdoku.TotalIn:
		ds := make([]string, len(c.Digits))
		for k, d := range c.Digits {
			ds[k] = strconv.Itoa(d)
		}
		return name + " " + joinCells(n, cells, ",") + " (" + strings.Join(ds, ",") + ")"
	case satdoku.Run, satdoku.Within, satdoku.Outside, satdoku.SameGap, satdoku.Automaton:
		return name + " " + line
	}
	return name + " " + joinCells(n, cells, ",")
}

// totalText writes a total as an equation, the terms of positive
// coefficients on the left (or those of negative ones, for a total
// below 0 of both): "r1c1 = r1c2+r1c3", "10·r2c2+r2c3 = r3c4+r4c4",
// "r1c4+r1c5−r2c3 = 11".
func totalText(n int, cells []int, coef func(k int) int, value int) string {
	var left, right []string
	term := func(c, i int) string {
		if c == 1 || c == -1 {
			return cellName(n, i)
		}
		return strconv.Itoa(max(c, -c)) + "·" + cellName(n, i)
	}
	for k, i := range cells {
		if c := coef(k); c > 0 {
			left = append(left, term(c, i))
		} else if c < 0 {
			right = append(right, term(c, i))
		}
	}
	switch {
	case len(right) == 0:
		return strings.Join(left, "+") + " = " + strconv.Itoa(value)
	case value == 0:
		return strings.Join(left, "+") + " = " + strings.Join(right, "+")
	case len(left) == 0:
		return strings.Join(right, "+") + " = " + strconv.Itoa(-value)
	case value < 0:
		left, right, value = right, left, -value
	}
	return strings.Join(left, "+") + "−" + strings.Join(right, "−") + " = " + strconv.Itoa(value)
}

// checker returns the check of a conSearch for constraint c on an n×n
// board: false only when the digits so far (0 for none yet) cannot be
// completed, given the candidates of the cells not set; exact when every
// digit is set.
func checker(c *satdoku.Constraint, n int) func(vals []int, masks []uint64) bool {
	L := len(c.Cells)
	switch c.Kind {
	case satdoku.Total:
		return func(vals []int, masks []uint64) bool {
			lo, hi := 0, 0
			for k, v := range vals {
				a := c.Coef(k)
				if v != 0 {
					lo, hi = lo+a*v, hi+a*v
					continue
				}
				x, y := a*lowDigit(masks[k]), a*highDigit(masks[k])
				lo, hi = lo+min(x, y), hi+max(x, y)
			}
			return lo <= c.Value && c.Value <= hi
		}
	case satdoku.Run:
		return func(vals []int, _ []uint64) bool {
			lo, hi := n+1, 0
			for _, v := range vals {
				if v != 0 {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
			return hi == 0 || hi-lo <= L-1
		}
	case satdoku.Within, satdoku.Outside:
		return func(vals []int, _ []uint64) bool {
			a, b := vals[0], vals[L-1]
			if a == 0 || b == 0 {
				return true
			}
			lo, hi := min(a, b), max(a, b)
			for _, v := range vals[1 : L-1] {
				if v == 0 {
					continue
				}
				if inside := v > lo && v < hi; c.Kind == satdoku.Within && !inside {
					return false
				}
				if c.Kind == satdoku.Outside && v >= lo && v <= hi {
					return false
				}
			}
			return true
		}
	case satdoku.Sandwich:
		return func(vals []int, masks []uint64) bool {
			p, q := -1, -1
			can1, canN := false, false
			for k, v := range vals {
				switch {
				case v == 1:
					if p >= 0 {
						return false
					}
					p = k
				case v == n:
					if q >= 0 {
						return false
					}
					q = k
				}
				can1 = can1 || v == 1 || v == 0 && masks[k]&bit(1) != 0
				canN = canN || v == n || v == 0 && masks[k]&bit(n) != 0
			}
			if !can1 || !canN {
				return false
			}
			if p < 0 || q < 0 {
				return true
			}
			lo, hi := sumBounds(vals[min(p, q)+1:max(p, q)], masks[min(p, q)+1:max(p, q)])
			return lo <= c.Value && c.Value <= hi
		}
	case satdoku.Contains:
		return func(vals []int, masks []uint64) bool {
			for x, d := range c.Digits {
				if slices.Contains(c.Digits[:x], d) {
					continue
				}
				want, can := 0, 0
				for _, e := range c.Digits {
					if e == d {
						want++
					}
				}
				for k, v := range vals {
					if v == d || v == 0 && masks[k]&bit(d) != 0 {
						can++
					}
				}
				if can < want {
					return false
				}
			}
			return true
		}
	case satdoku.XSum:
		return func(vals []int, masks []uint64) bool {
			x := vals[0]
			if x == 0 {
				return true
			}
			if x > L {
				return false
			}
			lo, hi := sumBounds(vals[:x], masks[:x])
			return lo <= c.Value && c.Value <= hi
		}
	case satdoku.Skyscraper:
		return func(vals []int, _ []uint64) bool {
			seen, top, k := 0, 0, 0
			for ; k < L && vals[k] != 0; k++ {
				if vals[k] > top {
					seen, top = seen+1, vals[k]
				}
			}
			if seen > c.Value {
				return false
			}
			if k == L || top == n {
				return seen == c.Value
			}
			return seen+min(L-k, n-top) >= c.Value
		}
	case satdoku.Segments:
		return func(vals []int, _ []uint64) bool {
			sum, k := 0, 0
			for ; k < L && vals[k] != 0; k++ {
				if sum += vals[k]; sum == c.Value {
					sum = 0
				} else if sum > c.Value {
					return false
				}
			}
			return k < L || sum == 0
		}
	case satdoku.SameGap:
		return func(vals []int, _ []uint64) bool {
			if L < 2 || vals[0] == 0 || vals[1] == 0 {
				return true
			}
			g := vals[0] - vals[1]
			for k := 2; k < L; k++ {
				if x, y := vals[k-1], vals[k]; x != 0 && y != 0 && (x-y)*(x-y) != g*g {
					return false
				}
			}
			return true
		}
	case satdoku.Automaton:
		return nfaChecker(c)
	case satdoku.Index:
		return func(vals []int, _ []uint64) bool {
			d := vals[0]
			if d == 0 {
				return true
			}
			picked := false
			for k, v := range vals {
				if c.Coefs[k] == d {
					picked = true
					if v != 0 && v != c.Value {
						return false
					}
				}
			}
			return picked
		}
	case satdoku.Reach:
		return reachChecker(c)
	case satdoku.Connected:
		return func(vals []int, _ []uint64) bool {
			for _, v := range vals {
				if v == 0 {
					return true // decided only when every cell is set
				}
			}
			return c.Joined(func(k int) int { return vals[k] })
		}
	}
	if f := countChecker(c); f != nil {
		return f
	}
	return func([]int, []uint64) bool { return true }
}

// reachChecker returns the check of a Reach: the first cell's digit plus
// Value lies between the fewest cells that must reach the start (with the
// start set, the leading cells of each arm set to its digit) and the most
// that may (the leading cells that may hold its digit, or share a
// candidate with it while it is open); exact when every digit is set.
func reachChecker(c *satdoku.Constraint) func(vals []int, masks []uint64) bool {
	arms := c.Arms()
	return func(vals []int, masks []uint64) bool {
		mask := func(k int) uint64 {
			if vals[k] != 0 {
				return bit(vals[k])
			}
			return masks[k]
		}
		start := mask(1)
		lo, hi := 1, 1
		for _, arm := range arms {
			must, can := vals[1] != 0, true
			for _, k := range arm {
				must = must && vals[k] == vals[1]
				can = can && mask(k)&start != 0
				if must {
					lo++
				}
				if can {
					hi++
				}
			}
		}
		for m := mask(0); m != 0; m &= m - 1 {
			if n := bits.TrailingZeros64(m) + 1 + c.Value; n >= lo && n <= hi {
				return true
			}
		}
		return false
	}
}

// highDigit returns the largest digit of a nonzero mask.
func highDigit(m uint64) int {
	d := 0
	for ; m != 0; m >>= 1 {
		d++
	}
	return d
}

// sumBounds returns the least and the greatest sum of cells holding vals
// (0: open, any digit of its mask).
func sumBounds(vals []int, masks []uint64) (lo, hi int) {
	for k, v := range vals {
		if v != 0 {
			lo, hi = lo+v, hi+v
		} else {
			lo, hi = lo+lowDigit(masks[k]), hi+highDigit(masks[k])
		}
	}
	return lo, hi
}

// nfaChecker returns the check of an Automaton constraint: a cell listed
// twice holds one digit, and some run of the automaton reads the digits
// set and, in the cells not set, one of their candidates.
func nfaChecker(c *satdoku.Constraint) func(vals []int, masks []uint64) bool {
	a := c.NFA
	var steps []int // each symbol read: a position in the cells, −1 a break
	b := 0
	for k := 0; k <= len(c.Cells); k++ {
		for ; b < len(a.Breaks) && a.Breaks[b] == k; b++ {
			steps = append(steps, -1)
		}
		if k < len(c.Cells) {
			steps = append(steps, k)
		}
	}
	accept := make([]bool, a.States)
	for _, q := range a.Accept {
		accept[q] = true
	}
	return func(vals []int, masks []uint64) bool {
		for k, i := range c.Cells {
			for j := k + 1; j < len(c.Cells); j++ {
				if c.Cells[j] == i && vals[k] != 0 && vals[j] != 0 && vals[k] != vals[j] {
					return false
				}
			}
		}
		cur := make([]bool, a.States)
		for _, q := range a.Start {
			cur[q] = true
		}
		for _, p := range steps {
			next := make([]bool, a.States)
			found := false
			for _, m := range a.Moves {
				if !cur[m.From] {
					continue
				}
				switch {
				case p < 0 && m.Symbol != satdoku.Break,
					p >= 0 && m.Symbol == satdoku.Break,
					p >= 0 && vals[p] != 0 && m.Symbol != vals[p],
					p >= 0 && vals[p] == 0 && masks[p]&bit(m.Symbol) == 0:
					continue
				}
				next[m.To], found = true, true
			}
			if !found {
				return false
			}
			cur = next
		}
		for q, ok := range cur {
			if ok && accept[q] {
				return true
			}
		}
		return false
	}
}
