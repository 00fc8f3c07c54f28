package encode

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
)

// meaning is what a constraint says, written here plainly and apart from
// the encoder: whether digits (one per cell of c, in order) meet c on an
// n×n board.
func meaning(c satdoku.Constraint, n int, digits []int) bool {
	switch c.Kind {
	case satdoku.Total:
		sum := 0
		for k, d := range digits {
			coef := 1
			if c.Coefs != nil {
				coef = c.Coefs[k]
			}
			sum += coef * d
		}
		return sum == c.Value
	case satdoku.Run:
		lo, hi := slices.Min(digits), slices.Max(digits)
		seen := map[int]bool{}
		for _, d := range digits {
			if seen[d] {
				return false
			}
			seen[d] = true
		}
		return hi-lo == len(digits)-1
	case satdoku.Within:
		a, b := digits[0], digits[len(digits)-1]
		lo, hi := min(a, b), max(a, b)
		for _, d := range digits[1 : len(digits)-1] {
			if d <= lo || d >= hi {
				return false
			}
		}
		return true
	case satdoku.Sandwich:
		one, top := -1, -1
		for k, d := range digits {
			if d == 1 {
				if one >= 0 {
					return false
				}
				one = k
			}
			if d == n {
				if top >= 0 {
					return false
				}
				top = k
			}
		}
		if one < 0 || top < 0 {
			return false
		}
		sum := 0
		for _, d := range digits[min(one, top)+1 : max(one, top)] {
			sum += d
		}
		return sum == c.Value
	case satdoku.Contains:
		for _, want := range c.Digits {
			need, have := 0, 0
			for _, d := range c.Digits {
				if d == want {
					need++
				}
			}
			for _, d := range digits {
				if d == want {
					have++
				}
			}
			if have < need {
				return false
			}
		}
		return true
	case satdoku.OneOf:
		for _, d := range digits {
			if c.Mask&(1<<(d-1)) == 0 {
				return false
			}
		}
		return true
	case satdoku.XSum:
		sum, k := 0, digits[0]
		for j, d := range digits {
			if j < k {
				sum += d
			}
		}
		return k <= len(digits) && sum == c.Value
	case satdoku.Skyscraper:
		seen := 0
		for j, d := range digits {
			if j == 0 || d > slices.Max(digits[:j]) {
				seen++
			}
		}
		return seen == c.Value
	case satdoku.Segments:
		// Some cuts split the digits into runs that each add up to Value.
		var cut func(from int) bool
		cut = func(from int) bool {
			if from == len(digits) {
				return true
			}
			sum := 0
			for to := from; to < len(digits); to++ {
				if sum += digits[to]; sum == c.Value && cut(to+1) {
					return true
				}
			}
			return false
		}
		return cut(0)
	case satdoku.Outside:
		a, b := digits[0], digits[len(digits)-1]
		for _, d := range digits[1 : len(digits)-1] {
			if !(d < a && d < b || d > a && d > b) {
				return false
			}
		}
		return true
	case satdoku.Index:
		picked := 0
		for k, d := range digits {
			if c.Coefs[k] == digits[0] {
				picked++
				if d != c.Value {
					return false
				}
			}
		}
		return picked > 0
	case satdoku.SameGap:
		gaps := map[int]bool{}
		for j := 1; j < len(digits); j++ {
			gaps[max(digits[j]-digits[j-1], digits[j-1]-digits[j])] = true
		}
		return len(gaps) <= 1
	}
	if f := countMeaning(c, digits); f != nil {
		return *f
	}
	panic("unknown kind")
}

// giniOf loads clauses into a new gini; ok is false when one of them is
// empty (gini cannot take it: the formula is unsatisfiable).
func giniOf(clauses [][]int) (gi *gini.Gini, ok bool) {
	gi = gini.New()
	for _, cl := range clauses {
		if len(cl) == 0 {
			return gi, false
		}
		for _, l := range cl {
			gi.Add(z.Dimacs2Lit(l))
		}
		gi.Add(0)
	}
	return gi, true
}

// shareUnitTest reports whether rules r put cells i and j in one unit,
// read from r.Units.
func shareUnitTest(r *satdoku.Rules, i, j int) bool {
	for _, u := range r.Units() {
		if slices.Contains(u.Cells, i) && slices.Contains(u.Cells, j) {
			return true
		}
	}
	return false
}

// clash reports whether two cells that share a unit hold the same digit.
func clash(r *satdoku.Rules, cells, digits []int) bool {
	for a := range cells {
		for b := a + 1; b < len(cells); b++ {
			if digits[a] == digits[b] && shareUnitTest(r, cells[a], cells[b]) {
				return true
			}
		}
	}
	return false
}

// constraintCase is a constraint on a board, and a domain to write it over.
type constraintCase struct {
	n     int
	c     satdoku.Constraint
	fixed map[int]int    // cell index in c.Cells → digit
	cand  map[int]uint64 // cell index in c.Cells → its candidates
}

func (tc constraintCase) String() string {
	return fmt.Sprintf("%d×%d %v %v coefs %v digits %v mask %#x fixed %v cand %v",
		tc.n, tc.n, tc.c.Kind, tc.c.Cells, tc.c.Coefs, tc.c.Digits, tc.c.Mask, tc.fixed, tc.cand)
}

// constraintClauses writes c alone over the domain of tc, as Write does
// after the rules (Write then adds the sums derived from it, which the
// cells of c alone do not imply).
func constraintClauses(t *testing.T, tc constraintCase) (*satdoku.Rules, *Domain, [][]int, int) {
	t.Helper()
	std, err := satdoku.Standard(tc.n)
	if err != nil {
		t.Fatal(err)
	}
	r, err := std.WithConstraints(tc.c)
	if err != nil {
		t.Fatalf("%v: %v", tc, err)
	}
	n := tc.n
	var dom *Domain
	if tc.fixed != nil || tc.cand != nil {
		dom = &Domain{Val: make([]uint8, n*n), Cand: make([]uint64, n*n), Placed: make([]uint64, len(r.Units()))}
		for i := range dom.Cand {
			dom.Cand[i] = fullMask(n)
		}
		for k, dg := range tc.fixed {
			dom.Val[tc.c.Cells[k]] = uint8(dg)
			dom.Cand[tc.c.Cells[k]] = 1 << (dg - 1)
		}
		for k, m := range tc.cand {
			dom.Cand[tc.c.Cells[k]] = m
		}
	}
	enc := NewEncoder(r, Extended)
	enc.top = n * n * n
	enc.cur = enc.cand
	for i := range enc.cur {
		enc.cur[i] = fullMask(n)
		if dom != nil {
			enc.cur[i] = dom.Cand[i]
		}
	}
	// The constraint alone: without the sums that the rules derive from
	// it with the units (see derivedSums and TestKillerModels).
	var f CNF
	enc.constraint(enc.asClauseAdder(&f), dom, &r.Constraints()[0])
	return r, dom, f.Clauses, enc.MaxVar()
}

// checkConstraint enumerates every assignment of the cells of tc over its
// domain and checks that the constraint's clauses, with the cells' literals
// assumed, are satisfiable exactly when the digits mean what the
// constraint says (among the assignments that keep the digits of cells
// sharing a unit distinct, as the rules do).
func checkConstraint(t *testing.T, tc constraintCase) (clauses, vars int) {
	t.Helper()
	r, dom, cls, maxVar := constraintClauses(t, tc)
	n, cells := tc.n, tc.c.Cells
	open := func(k, dg int) bool {
		i := cells[k]
		return dom == nil || dom.Val[i] == 0 && dom.Cand[i]&(1<<(dg-1)) != 0
	}
	for _, cl := range cls {
		for _, l := range cl {
			v := max(l, -l)
			if v > maxVar {
				t.Fatalf("%v: literal %d beyond MaxVar %d", tc, l, maxVar)
			}
			if v <= n*n*n {
				i, dg := (v-1)/n, (v-1)%n+1
				k := slices.Index(cells, i)
				if k < 0 || !open(k, dg) {
					t.Fatalf("%v: literal %d of a cell or digit the domain closes", tc, l)
				}
			}
		}
	}
	gi, ok := giniOf(cls)
	digits := make([]int, len(cells))
	var rec func(k int)
	rec = func(k int) {
		if k == len(cells) {
			if clash(r, cells, digits) {
				return // the rules rule it out
			}
			want := meaning(tc.c, n, digits)
			got := false
			if ok {
				var as []z.Lit
				for k, i := range cells {
					for dg := 1; dg <= n; dg++ {
						if open(k, dg) {
							l := z.Var(i*n + dg).Pos()
							if dg != digits[k] {
								l = l.Not()
							}
							as = append(as, l)
						}
					}
				}
				gi.Assume(as...)
				got = gi.Solve() == 1
			}
			if got != want {
				t.Fatalf("%v: digits %v: satisfiable %v, meaning %v", tc, digits, got, want)
			}
			return
		}
		if dom != nil && dom.Val[cells[k]] != 0 {
			digits[k] = int(dom.Val[cells[k]])
			rec(k + 1)
			return
		}
		for dg := 1; dg <= n; dg++ {
			if open(k, dg) {
				digits[k] = dg
				rec(k + 1)
			}
		}
	}
	rec(0)
	return len(cls), maxVar - n*n*n
}

// Cells for the tests: t4 and t6 are transversals (no two cells share a
// unit), r4 and r6 first rows.
var (
	t4 = []int{0, 6, 9, 15}
	r4 = []int{0, 1, 2, 3}
	t6 = []int{0, 9, 13, 22, 26, 35}
	r6 = []int{0, 1, 2, 3, 4, 5}
)

func constraintCases() []constraintCase {
	tot := func(n int, cells []int, v int, coefs ...int) constraintCase {
		c := satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Value: v}
		if coefs != nil {
			c.Coefs = coefs
		}
		return constraintCase{n: n, c: c}
	}
	kind := func(k satdoku.ConstraintKind, n int, cells []int) constraintCase {
		return constraintCase{n: n, c: satdoku.Constraint{Kind: k, Cells: cells}}
	}
	sand := func(n int, cells []int, v int) constraintCase {
		return constraintCase{n: n, c: satdoku.Constraint{Kind: satdoku.Sandwich, Cells: cells, Value: v}}
	}
	has := func(n int, cells []int, digits ...int) constraintCase {
		return constraintCase{n: n, c: satdoku.Constraint{Kind: satdoku.Contains, Cells: cells, Digits: digits}}
	}
	var cs []constraintCase
	for _, v := range []int{3, 4, 7, 10, 13, 16, 17} {
		cs = append(cs, tot(4, t4, v), tot(4, r4, v))
	}
	cs = append(cs,
		tot(4, t4[:1], 3), tot(4, t4[:2], 5), tot(4, t4[:3], 0, 2, -3, 1), tot(4, t4[:3], -2, -1, -1, 1),
		tot(4, t4, 0, -1, 1, 1, 1), tot(4, t4[:3], 0, -1, 1, 1), // arrows
		tot(6, t6[:4], 0, -10, -1, 1, 1), tot(6, t6, 0, -10, -1, 1, 1, 1, 1), // pill arrows
		tot(6, t6, 0, 1, -1, 1, -1, 1, -1), tot(6, r6, 21),
	)
	// Sums of distinct cells with several digit sets (a cage in a row, in a
	// box), written with the sets of digits too.
	for _, v := range []int{6, 9, 10, 12, 15} {
		cs = append(cs, tot(6, r6[:3], v), tot(6, []int{0, 1, 6, 7}, v+4))
	}
	// Sums of cells some of which share a unit (a little killer, a long
	// arrow): the diagram's bounds count the groups' digits distinct.
	for _, v := range []int{4, 6, 9, 12, 14} {
		cs = append(cs, tot(4, []int{0, 1, 6, 11}, v), tot(6, []int{0, 1, 2, 9, 15}, v+5),
			tot(4, []int{0, 1, 6, 11}, v-10, 1, 1, -1, -1))
	}
	for k := 1; k <= 4; k++ {
		cs = append(cs, kind(satdoku.Run, 4, t4[:k]), kind(satdoku.Run, 4, r4[:k]))
	}
	cs = append(cs, kind(satdoku.Run, 6, t6[:3]), kind(satdoku.Run, 6, t6[:5]), kind(satdoku.Run, 6, r6[:4]))
	for k := 2; k <= 4; k++ {
		cs = append(cs, kind(satdoku.Within, 4, t4[:k]), kind(satdoku.Within, 4, r4[:k]))
	}
	cs = append(cs, kind(satdoku.Within, 6, t6[:4]), kind(satdoku.Within, 6, r6))
	for v := 0; v <= 6; v++ {
		cs = append(cs, sand(4, r4, v), sand(4, t4, v), sand(4, t4[:3], v))
	}
	for _, v := range []int{0, 2, 5, 9, 14, 15} {
		cs = append(cs, sand(6, r6, v))
	}
	cs = append(cs, sand(6, t6, 0), sand(6, t6, 7), sand(6, t6, 14))
	cs = append(cs, has(4, t4, 1, 2), has(4, t4, 1, 1), has(4, t4, 2, 2, 3), has(4, t4, 4, 4, 4, 4),
		has(4, r4, 1, 2, 3), has(4, r4, 2, 2), has(4, t4[:2], 3), has(6, t6[:4], 1, 1, 6))
	for v := 0; v <= 11; v++ {
		xs := constraintCase{n: 4, c: satdoku.Constraint{Kind: satdoku.XSum, Cells: r4, Value: v}}
		cs = append(cs, xs)
		xs.c.Cells = t4[:3]
		cs = append(cs, xs)
	}
	cs = append(cs, constraintCase{n: 6, c: satdoku.Constraint{Kind: satdoku.XSum, Cells: r6, Value: 12}})
	for v := 0; v <= 5; v++ {
		sky := constraintCase{n: 4, c: satdoku.Constraint{Kind: satdoku.Skyscraper, Cells: r4, Value: v}}
		cs = append(cs, sky)
		sky.c.Cells = t4
		cs = append(cs, sky)
	}
	cs = append(cs, constraintCase{n: 6, c: satdoku.Constraint{Kind: satdoku.Skyscraper, Cells: r6, Value: 3}})
	for _, v := range []int{0, 3, 4, 5, 6, 10} {
		seg := constraintCase{n: 4, c: satdoku.Constraint{Kind: satdoku.Segments, Cells: t4, Value: v}}
		cs = append(cs, seg)
		seg.c.Cells = r4[:3]
		cs = append(cs, seg)
	}
	cs = append(cs, constraintCase{n: 6, c: satdoku.Constraint{Kind: satdoku.Segments, Cells: t6, Value: 10}},
		kind(satdoku.SameGap, 4, t4), kind(satdoku.SameGap, 4, r4), kind(satdoku.SameGap, 4, t4[:2]),
		kind(satdoku.SameGap, 6, t6[:5]), kind(satdoku.SameGap, 6, r6[:4]))
	for k := 2; k <= 4; k++ {
		cs = append(cs, kind(satdoku.Outside, 4, t4[:k]), kind(satdoku.Outside, 4, r4[:k]))
	}
	cs = append(cs, kind(satdoku.Outside, 6, t6[:4]), kind(satdoku.Outside, 6, r6))
	for v := 1; v <= 4; v++ {
		// A numbered room along the first row; a row indexer at r1c1 over
		// the transversal; a pointer that picks nothing with 4.
		cs = append(cs, constraintCase{n: 4, c: satdoku.Constraint{Kind: satdoku.Index, Cells: r4, Coefs: []int{1, 2, 3, 4}, Value: v}},
			constraintCase{n: 4, c: satdoku.Constraint{Kind: satdoku.Index, Cells: t4, Coefs: []int{1, 2, 3, 4}, Value: v}},
			constraintCase{n: 4, c: satdoku.Constraint{Kind: satdoku.Index, Cells: t4[:3], Coefs: []int{2, 1, 3}, Value: v}})
	}
	cs = append(cs, constraintCase{n: 6, c: satdoku.Constraint{Kind: satdoku.Index, Cells: r6, Coefs: []int{1, 2, 3, 4, 5, 6}, Value: 6}})
	for _, m := range []uint64{0b0101, 0b1010, 0b1000, 0} {
		c := kind(satdoku.OneOf, 4, t4[:3])
		c.c.Mask = m
		cs = append(cs, c)
	}
	return append(cs, countCases()...)
}

// TestConstraintsExhaustive checks every constraint kind's clauses alone
// against the plain meaning, for every assignment of its cells, over the
// whole domain and over domains with cells fixed and candidates pruned.
func TestConstraintsExhaustive(t *testing.T) {
	ran := map[satdoku.ConstraintKind]bool{}
	for _, tc := range constraintCases() {
		k := len(tc.c.Cells)
		if testing.Short() && ran[tc.c.Kind] && math.Pow(float64(tc.n), float64(k)) > 2000 {
			continue // with -short, the large cases of a kind already checked
		}
		ran[tc.c.Kind] = true
		checkConstraint(t, tc)
		// A cell fixed, another's candidates pruned (with -short, the
		// last cell fixed to the largest digit only).
		fixed := []int{1, 2, tc.n}
		if testing.Short() {
			fixed = nil // the whole domain only; the rest in the long run
		}
		for _, dg := range fixed {
			d := tc
			d.fixed = map[int]int{k - 1: dg}
			if k > 1 {
				d.cand = map[int]uint64{0: 0b1011}
			}
			checkConstraint(t, d)
		}
	}
}

// TestConstraintsFixed fixes every cell of small constraints, to every
// assignment in turn: the clauses are the empty clause exactly when the
// digits break the constraint, and nothing else.
func TestConstraintsFixed(t *testing.T) {
	for _, tc := range constraintCases() {
		if tc.n != 4 {
			continue
		}
		cells := tc.c.Cells
		digits := make([]int, len(cells))
		for x := range 1 << (2 * len(cells)) {
			tc.fixed = map[int]int{}
			for k := range cells {
				digits[k] = x>>(2*k)&3 + 1
				tc.fixed[k] = digits[k]
			}
			r, _, cls, _ := constraintClauses(t, tc)
			if clash(r, cells, digits) {
				continue // Write gives the empty clause for the units
			}
			broken := !meaning(tc.c, 4, digits)
			for _, cl := range cls {
				if len(cl) != 0 {
					t.Fatalf("%v: clause %v with every cell fixed", tc, cl)
				}
			}
			if got := len(cls) > 0; got != broken {
				t.Fatalf("%v: %d empty clauses, broken %v", tc, len(cls), broken)
			}
		}
	}
}

// relationMeaning is what a relation says, written plainly.
func relationMeaning(k satdoku.RelationKind, v, a, b int) bool {
	d := a - b
	if d < 0 {
		d = -d
	}
	switch k {
	case satdoku.Different:
		return a != b
	case satdoku.NotConsecutive:
		return d != 1
	case satdoku.Consecutive:
		return d == 1
	case satdoku.Double:
		return a == 2*b || b == 2*a
	case satdoku.NotDouble:
		return !(a == 2*b || b == 2*a)
	case satdoku.Sum:
		return a+b == v
	case satdoku.NotSum:
		return a+b != v
	case satdoku.Less:
		return a < b
	case satdoku.Equal:
		return a == b
	case satdoku.Apart:
		return d >= v
	case satdoku.Difference:
		return d == v
	case satdoku.NotDifference:
		return d != v
	case satdoku.Ratio:
		return a == v*b || b == v*a
	case satdoku.NotRatio:
		return !(a == v*b || b == v*a)
	case satdoku.NotGreater:
		return !(b < a)
	case satdoku.OtherResidue:
		return v > 0 && (a-b)%v != 0
	case satdoku.OtherThird:
		ta, tb := entropicThird(v, a), entropicThird(v, b)
		return ta > 0 && tb > 0 && ta != tb
	case satdoku.Table:
		return primeSum(a, b, v)
	}
	panic("unknown relation kind")
}

// primeSum is the meaning of the tables of the tests: 2a + b + v is prime.
func primeSum(a, b, v int) bool {
	p := 2*a + b + v
	for q := 2; q*q <= p; q++ {
		if p%q == 0 {
			return false
		}
	}
	return p >= 2
}

// primeTable is the table of primeSum on an n×n board.
func primeTable(n, v int) string {
	var sb strings.Builder
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			c := byte('0')
			if primeSum(a, b, v) {
				c = '1'
			}
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// entropicThird returns the third of 1..v that digit d lies in, 1 to 3, or
// 0 for none: the thirds are the one split of v digits into low, middle
// and high whose low and high thirds have one size and the middle one
// that size or one digit more or fewer.
func entropicThird(v, d int) int {
	for outer := 0; 2*outer <= v; outer++ {
		if mid := v - 2*outer; mid-outer >= -1 && mid-outer <= 1 {
			switch {
			case d < 1 || d > v:
				return 0
			case d <= outer:
				return 1
			case d <= outer+mid:
				return 2
			}
			return 3
		}
	}
	return 0
}

// TestRelationsExhaustive checks the clauses of every relation kind, with
// several values, on two cells of a 6×6 board that share no unit: the
// clauses Write adds after the rules', with both cells' literals assumed,
// are satisfiable exactly when the digits meet the relation.
func TestRelationsExhaustive(t *testing.T) {
	std := std(t, 6)
	base := clauseCount(std, Extended)
	const a, b = 0, 9 // r1c1 and r2c4
	for _, k := range satdoku.RelationKinds() {
		for _, v := range []int{0, 1, 2, 3, 5, 7} {
			x := satdoku.Relation{A: a, B: b, Kind: k, Value: v}
			if k == satdoku.Table {
				x.Table = primeTable(6, v)
			}
			r, err := std.WithRelations(x)
			if err != nil {
				t.Fatal(err)
			}
			var f CNF
			if err := NewEncoder(r, Extended).Write(&f, nil); err != nil {
				t.Fatal(err)
			}
			if len(f.Clauses) != clauseCount(r, Extended) {
				t.Errorf("%v %d: %d clauses, Clauses says %d", k, v, len(f.Clauses), clauseCount(r, Extended))
			}
			gi, ok := giniOf(f.Clauses[base:])
			for da := 1; da <= 6; da++ {
				for db := 1; db <= 6; db++ {
					var as []z.Lit
					for dg := 1; dg <= 6; dg++ {
						la, lb := z.Var(a*6+dg).Pos(), z.Var(b*6+dg).Pos()
						if dg != da {
							la = la.Not()
						}
						if dg != db {
							lb = lb.Not()
						}
						as = append(as, la, lb)
					}
					gi.Assume(as...)
					got := ok && gi.Solve() == 1
					if want := relationMeaning(k, v, da, db); got != want {
						t.Fatalf("%v %d: %d, %d: satisfiable %v, want %v", k, v, da, db, got, want)
					}
				}
			}
		}
	}
}

// constrained returns 9×9 rules with relations of every kind and
// constraints of every kind, with tags.
func constrained(t *testing.T) *satdoku.Rules {
	t.Helper()
	r := std(t, 9)
	var rel []satdoku.Relation
	for _, k := range satdoku.RelationKinds() {
		v := 0
		switch k {
		case satdoku.Sum, satdoku.NotSum:
			v = 10
		case satdoku.Apart:
			v = 5
		case satdoku.OtherResidue, satdoku.OtherThird:
			v = map[satdoku.RelationKind]int{satdoku.OtherResidue: 3, satdoku.OtherThird: 9}[k]
		case satdoku.Difference, satdoku.NotDifference, satdoku.Ratio, satdoku.NotRatio:
			v = 3
		}
		a := 40 + int(k)
		x := satdoku.Relation{A: a, B: a + 9, Kind: k, Value: v, Name: k.String() + " dot"}
		if k == satdoku.Table {
			x.Table = primeTable(9, v)
		}
		rel = append(rel, x)
	}
	r, err := r.WithRelations(rel...)
	if err != nil {
		t.Fatal(err)
	}
	r, err = r.WithConstraints(
		satdoku.Constraint{Kind: satdoku.Total, Cells: []int{0, 1, 9}, Value: 15, Name: "killer cage"},
		satdoku.Constraint{Kind: satdoku.Total, Cells: []int{3, 4, 13, 22, 31}, Coefs: []int{-10, -1, 1, 1, 1}, Name: "arrow"},
		satdoku.Constraint{Kind: satdoku.Run, Cells: []int{60, 61, 70}, Name: "renban"},
		satdoku.Constraint{Kind: satdoku.Within, Cells: []int{72, 73, 74, 75}, Name: "between line"},
		satdoku.Constraint{Kind: satdoku.Sandwich, Cells: []int{8, 17, 26, 35, 44, 53, 62, 71, 80}, Value: 0},
		satdoku.Constraint{Kind: satdoku.Contains, Cells: []int{10, 11, 19, 20}, Digits: []int{1, 1, 7}, Name: "quadruple"},
		satdoku.Constraint{Kind: satdoku.OneOf, Cells: []int{50, 51}, Mask: 0b101010101, Name: "odd"},
		satdoku.Constraint{Kind: satdoku.Automaton, Cells: []int{76, 77, 78}, Name: "rising",
			NFA: &satdoku.NFA{States: 2, Start: []int{0}, Accept: []int{1}, Breaks: []int{1},
				Moves: []satdoku.Move{{From: 0, To: 0, Symbol: 3}, {From: 0, To: 1, Symbol: satdoku.Break}, {From: 1, To: 1, Symbol: 4}, {From: 1, To: 1, Symbol: 5}}}},
		satdoku.Constraint{Kind: satdoku.AnyOf, Cells: []int{52, 53, 54}, Name: "or", Members: []satdoku.Member{
			{Relations: []satdoku.Relation{{A: 52, B: 53, Kind: satdoku.Sum, Value: 7, Name: "v"}}},
			{Constraints: []satdoku.Constraint{{Kind: satdoku.Total, Cells: []int{53, 54}, Value: 12, Name: "cage"}}}}},
	)
	if err != nil {
		t.Fatal(err)
	}
	return r.WithTags("killer cage", "arrow", "renban")
}

// TestHeaderConstraints writes rules with every relation kind (with its
// Value), every constraint kind and tags to a DIMACS header, reads it back
// and gets the same rules: the same relations, constraints and tags, and
// the same formula, clause for clause.
func TestHeaderConstraints(t *testing.T) {
	r := constrained(t)
	g := satdoku.NewGrid(r)
	g.SetCell(0, 9)
	for _, e := range []Encoding{Extended, Minimal, Reduced, Sequential} {
		o := DIMACSOptions{Encoding: e}
		var buf strings.Builder
		if err := WriteDIMACS(&buf, g, o); err != nil {
			t.Fatal(err)
		}
		h, err := ReadHeader(strings.NewReader(buf.String()))
		if err != nil {
			t.Fatalf("%v: %v", e, err)
		}
		got := h.Puzzle.Rules()
		if !slices.Equal(got.Relations(), r.Relations()) {
			t.Errorf("%v: relations read back as %v, want %v", e, got.Relations(), r.Relations())
		}
		if !reflect.DeepEqual(got.Constraints(), r.Constraints()) {
			t.Errorf("%v: constraints read back as %v, want %v", e, got.Constraints(), r.Constraints())
		}
		if !slices.Equal(got.Tags(), r.Tags()) {
			t.Errorf("%v: tags read back as %q, want %q", e, got.Tags(), r.Tags())
		}
		var again strings.Builder
		if err := WriteDIMACS(&again, h.Puzzle, o); err != nil {
			t.Fatal(err)
		}
		if again.String() != buf.String() {
			t.Errorf("%v: the formula of the rules read back differs", e)
		}
		if !strings.Contains(buf.String(), "c relation 47,56 less less dot\n") ||
			!strings.Contains(buf.String(), "c relation 52,61 ratio:3 ratio dot\n") ||
			!strings.Contains(buf.String(), "c constraint total 3,4,13,22,31 value=0 coefs=-10,-1,1,1,1 arrow\n") ||
			!strings.Contains(buf.String(), "c rules killer cage,arrow,renban\n") {
			t.Errorf("%v: header comments:\n%s", e, buf.String()[:2000])
		}
		vars, clauses := Size(g, o)
		if h.Vars != vars || h.Clauses != clauses || Vars(g, o) != vars || vars <= 729 {
			t.Errorf("%v: header p cnf %d %d, Size %d %d, Vars %d", e, h.Vars, h.Clauses, vars, clauses, Vars(g, o))
		}
		if e != Reduced {
			enc := NewEncoder(r, e)
			var k Counter
			if err := enc.Write(&k, nil); err != nil {
				t.Fatal(err)
			}
			if k.Clauses != clauseCount(r, e) || enc.MaxVar() < k.Vars {
				t.Errorf("%v: Write %d clauses over %d variables, Clauses %d, MaxVar %d", e, k.Clauses, k.Vars, clauseCount(r, e), enc.MaxVar())
			}
		}
	}
}
