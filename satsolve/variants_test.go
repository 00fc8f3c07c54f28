package satsolve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/verify"
)

// This file is a differential test of variant rules: random puzzles whose
// relations and constraints are read off a random solution grid, answered
// by satsolve (gini, through the encoder) and by verify's independent
// counter, which must agree on the count (up to 2), with every solution
// gini returns passing verify.Solution.

// variantFamily is a rule family: build derives from the solution sol rules
// that sol satisfies. kinds and rels are what the family needs of the
// encoder beyond the classic relations, for the probe of encoderIgnores.
type variantFamily struct {
	name  string
	kinds []satdoku.ConstraintKind
	rels  []satdoku.RelationKind
	build func(v *variantGen) (*satdoku.Rules, error)
}

// variantGen holds what a family's build reads: the random source, the
// solution and its side. A family may replace the solution (by one that
// keeps a global rule) and, when its rules are read from another form
// than rules (an f-puzzles file), say what they mean in meaning, built
// apart, with source for messages.
type variantGen struct {
	rng     *rand.Rand
	sol     *satdoku.Grid
	n       int
	meaning *satdoku.Rules
	source  string
}

// d returns the digit of the solution in cell i.
func (v *variantGen) d(i int) int { return v.sol.Cell(i) }

// neighbours returns the cells next to cell i, orthogonally and, with
// diag, diagonally too, in random order.
func (v *variantGen) neighbours(i int, diag bool) []int {
	n := v.n
	var out []int
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 || !diag && dr != 0 && dc != 0 {
				continue
			}
			r, c := i/n+dr, i%n+dc
			if r >= 0 && r < n && c >= 0 && c < n {
				out = append(out, r*n+c)
			}
		}
	}
	v.rng.Shuffle(len(out), func(a, b int) { out[a], out[b] = out[b], out[a] })
	return out
}

// path grows a random path from start, of at most size cells, through free
// cells (all when free is nil) that ok accepts as the next cell.
func (v *variantGen) path(start, size int, diag bool, free []bool, ok func(p []int, next int) bool) []int {
	p := []int{start}
	for len(p) < size {
		grown := false
		for _, j := range v.neighbours(p[len(p)-1], diag) {
			if (free == nil || free[j]) && !slices.Contains(p, j) && ok(p, j) {
				p = append(p, j)
				grown = true
				break
			}
		}
		if !grown {
			break
		}
	}
	return p
}

// pairs calls f for every pair of orthogonally adjacent cells.
func (v *variantGen) pairs(f func(a, b int)) {
	n := v.n
	for i := range n * n {
		if i%n+1 < n {
			f(i, i+1)
		}
		if i+n < n*n {
			f(i, i+n)
		}
	}
}

// standardRules are the classic rules of the side, which every family
// starts from.
func (v *variantGen) standardRules() *satdoku.Rules {
	r, err := satdoku.Standard(v.n)
	if err != nil {
		panic(err)
	}
	return r
}

// withRelations and withConstraints are the rules' methods on the classic
// rules, tagged with the family's name.
func (v *variantGen) withRelations(tag string, rel []satdoku.Relation) (*satdoku.Rules, error) {
	r, err := v.standardRules().WithRelations(rel...)
	if err != nil {
		return nil, err
	}
	return r.WithTags(tag), nil
}

func (v *variantGen) withConstraints(tag string, cons []satdoku.Constraint) (*satdoku.Rules, error) {
	r, err := v.standardRules().WithConstraints(cons...)
	if err != nil {
		return nil, err
	}
	return r.WithTags(tag), nil
}

func killer(v *variantGen) (*satdoku.Rules, error) {
	n := v.n
	free := make([]bool, n*n)
	for i := range free {
		free[i] = true
	}
	var cons []satdoku.Constraint
	var extra []satdoku.ExtraUnit
	cover := 0.5 + 0.5*v.rng.Float64() // the part of the board in cages
	for _, i := range v.rng.Perm(n * n) {
		if !free[i] || v.rng.Float64() > cover {
			continue
		}
		used := uint64(1) << v.d(i)
		cage := v.path(i, 1+v.rng.IntN(min(5, n-1)), false, free, func(_ []int, j int) bool {
			if used&(1<<v.d(j)) != 0 {
				return false
			}
			used |= 1 << v.d(j)
			return true
		})
		sum := 0
		for _, j := range cage {
			free[j] = false
			sum += v.d(j)
		}
		cons = append(cons, satdoku.Constraint{Kind: satdoku.Total, Cells: cage, Value: sum, Name: "killer cage"})
		if len(cage) >= 2 {
			extra = append(extra, satdoku.ExtraUnit{Name: fmt.Sprintf("cage %d", len(extra)+1), Cells: cage})
		}
	}
	r, err := v.withConstraints("killer cage", cons)
	if err != nil {
		return nil, err
	}
	return r.WithExtra(extra...)
}

func thermometer(v *variantGen) (*satdoku.Rules, error) {
	var rel []satdoku.Relation
	for range 1 + v.rng.IntN(v.n) {
		p := v.path(v.rng.IntN(v.n*v.n), 2+v.rng.IntN(v.n/2+1), true, nil, func(p []int, j int) bool {
			return v.d(j) > v.d(p[len(p)-1])
		})
		for k := 1; k < len(p); k++ {
			rel = append(rel, satdoku.Relation{A: p[k-1], B: p[k], Kind: satdoku.Less, Name: "thermometer"})
		}
	}
	return v.withRelations("thermometer", rel)
}

func arrow(v *variantGen) (*satdoku.Rules, error) {
	n := v.n
	var cons []satdoku.Constraint
	used := make([]bool, n*n)
	for range 3 * n {
		if len(cons) == n/2+1 {
			break
		}
		c := v.rng.IntN(n * n)
		circle, coefs, total := []int{c}, []int{-1}, v.d(c)
		if n == 9 && v.rng.IntN(3) == 0 {
			// A pill of two cells read as a number: −10 and −1.
			nb := v.neighbours(c, false)[0]
			circle, coefs, total = []int{c, nb}, []int{-10, -1}, 10*v.d(c)+v.d(nb)
		}
		if slices.ContainsFunc(circle, func(i int) bool { return used[i] }) {
			continue
		}
		free := make([]bool, n*n)
		for i := range free {
			free[i] = !used[i] && !slices.Contains(circle, i)
		}
		start := -1
		for _, j := range v.neighbours(circle[len(circle)-1], true) {
			if free[j] && v.d(j) <= total {
				start = j
				break
			}
		}
		if start < 0 {
			continue
		}
		left := total - v.d(start)
		p := v.path(start, n, true, free, func(_ []int, j int) bool {
			if left > 0 && v.d(j) <= left {
				left -= v.d(j)
				return true
			}
			return false
		})
		if left != 0 {
			continue
		}
		cells := append(slices.Clone(circle), p...)
		for _, i := range cells {
			used[i] = true
		}
		for range p {
			coefs = append(coefs, 1)
		}
		cons = append(cons, satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Coefs: coefs, Name: "arrow"})
	}
	return v.withConstraints("arrow", cons)
}

func littleKiller(v *variantGen) (*satdoku.Rules, error) {
	n := v.n
	var cons []satdoku.Constraint
	for range 2 + v.rng.IntN(n) {
		// A diagonal from a cell of the top or bottom edge, down or up,
		// leaning left or right.
		r, c := 0, v.rng.IntN(n)
		dr, dc := 1, 1-2*v.rng.IntN(2)
		if v.rng.IntN(2) == 0 {
			r, dr = n-1, -1
		}
		var cells []int
		sum := 0
		for ; r >= 0 && r < n && c >= 0 && c < n; r, c = r+dr, c+dc {
			cells = append(cells, r*n+c)
			sum += v.d(r*n + c)
		}
		if len(cells) >= 2 {
			cons = append(cons, satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Value: sum, Name: "little killer"})
		}
	}
	return v.withConstraints("little killer", cons)
}

func renban(v *variantGen) (*satdoku.Rules, error) {
	var cons []satdoku.Constraint
	for range 1 + v.rng.IntN(v.n) {
		start := v.rng.IntN(v.n * v.n)
		lo, hi := v.d(start), v.d(start)
		p := v.path(start, 2+v.rng.IntN(min(v.n, 5)-1), true, nil, func(_ []int, j int) bool {
			switch v.d(j) {
			case lo - 1:
				lo--
			case hi + 1:
				hi++
			default:
				return false
			}
			return true
		})
		if len(p) >= 2 {
			cons = append(cons, satdoku.Constraint{Kind: satdoku.Run, Cells: p, Name: "renban"})
		}
	}
	return v.withConstraints("renban", cons)
}

func betweenLine(v *variantGen) (*satdoku.Rules, error) {
	var cons []satdoku.Constraint
	for tries := 0; tries < 60 && len(cons) < v.n/2+1; tries++ {
		p := v.path(v.rng.IntN(v.n*v.n), 3+v.rng.IntN(4), true, nil, func([]int, int) bool { return true })
		if len(p) < 3 {
			continue
		}
		lo, hi := min(v.d(p[0]), v.d(p[len(p)-1])), max(v.d(p[0]), v.d(p[len(p)-1]))
		if !slices.ContainsFunc(p[1:len(p)-1], func(i int) bool { return v.d(i) <= lo || v.d(i) >= hi }) {
			cons = append(cons, satdoku.Constraint{Kind: satdoku.Within, Cells: p, Name: "between line"})
		}
	}
	return v.withConstraints("between line", cons)
}

func sandwich(v *variantGen) (*satdoku.Rules, error) {
	n := v.n
	var cons []satdoku.Constraint
	for x := range 2 * n {
		if v.rng.IntN(2) == 0 {
			continue
		}
		cells := make([]int, n)
		for k := range cells {
			cells[k] = x*n + k // row x
			if x >= n {
				cells[k] = k*n + x - n // column x−n
			}
		}
		p := slices.IndexFunc(cells, func(i int) bool { return v.d(i) == 1 })
		q := slices.IndexFunc(cells, func(i int) bool { return v.d(i) == n })
		sum := 0
		for _, i := range cells[min(p, q)+1 : max(p, q)] {
			sum += v.d(i)
		}
		cons = append(cons, satdoku.Constraint{Kind: satdoku.Sandwich, Cells: cells, Value: sum, Name: "sandwich"})
	}
	return v.withConstraints("sandwich", cons)
}

func quadruple(v *variantGen) (*satdoku.Rules, error) {
	n := v.n
	var cons []satdoku.Constraint
	for range 1 + v.rng.IntN(n) {
		r, c := v.rng.IntN(n-1), v.rng.IntN(n-1)
		cells := []int{r*n + c, r*n + c + 1, (r+1)*n + c, (r+1)*n + c + 1}
		var digits []int
		for _, k := range v.rng.Perm(4)[:1+v.rng.IntN(4)] {
			digits = append(digits, v.d(cells[k]))
		}
		cons = append(cons, satdoku.Constraint{Kind: satdoku.Contains, Cells: cells, Digits: digits, Name: "quadruple"})
	}
	return v.withConstraints("quadruple", cons)
}

func oddEven(v *variantGen) (*satdoku.Rules, error) {
	n := v.n
	var odd, even []int
	for _, i := range v.rng.Perm(n * n)[:n+v.rng.IntN(n)] {
		if v.d(i)%2 == 1 {
			odd = append(odd, i)
		} else {
			even = append(even, i)
		}
	}
	var oddMask uint64
	for d := 1; d <= n; d += 2 {
		oddMask |= 1 << (d - 1)
	}
	all := uint64(1)<<n - 1
	var cons []satdoku.Constraint
	if len(odd) > 0 {
		cons = append(cons, satdoku.Constraint{Kind: satdoku.OneOf, Cells: odd, Mask: oddMask, Name: "odd"})
	}
	if len(even) > 0 {
		cons = append(cons, satdoku.Constraint{Kind: satdoku.OneOf, Cells: even, Mask: all &^ oddMask, Name: "even"})
	}
	return v.withConstraints("odd/even", cons)
}

// kropki puts white dots (Consecutive) and black dots (Double) on some or,
// with the negative constraint, all the pairs they fit, and then
// NotConsecutive and NotDouble on the others.
func kropki(v *variantGen) (*satdoku.Rules, error) {
	negative := v.rng.IntN(2) == 0
	var rel []satdoku.Relation
	v.pairs(func(a, b int) {
		lo, hi := min(v.d(a), v.d(b)), max(v.d(a), v.d(b))
		switch {
		case hi-lo == 1 && (negative || v.rng.IntN(2) == 0):
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.Consecutive, Name: "white dot"})
		case hi == 2*lo && (negative || v.rng.IntN(2) == 0):
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.Double, Name: "black dot"})
		case negative && hi-lo != 1 && hi != 2*lo:
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.NotConsecutive, Name: "kropki negative"},
				satdoku.Relation{A: a, B: b, Kind: satdoku.NotDouble, Name: "kropki negative"})
		}
	})
	return v.withRelations("kropki", rel)
}

// kropkiValues puts dots with numbers: Difference and Ratio on some pairs,
// and, for one value, NotDifference and NotRatio on every pair they fit.
func kropkiValues(v *variantGen) (*satdoku.Rules, error) {
	x := 2 + v.rng.IntN(2) // the value of the negative constraint
	var rel []satdoku.Relation
	v.pairs(func(a, b int) {
		lo, hi := min(v.d(a), v.d(b)), max(v.d(a), v.d(b))
		switch v.rng.IntN(4) {
		case 0:
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.Difference, Value: hi - lo, Name: "white dot"})
		case 1:
			if hi%lo == 0 {
				rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.Ratio, Value: hi / lo, Name: "black dot"})
			}
		}
		if hi-lo != x {
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.NotDifference, Value: x, Name: "white negative"})
		}
		if hi != x*lo {
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.NotRatio, Value: x, Name: "black negative"})
		}
	})
	return v.withRelations("kropki", rel)
}

// xv puts V (Sum 5) and X (Sum 10) on some or, with the negative
// constraint, all the pairs they fit, and then NotSum 5 and 10 on the
// others.
func xv(v *variantGen) (*satdoku.Rules, error) {
	negative := v.rng.IntN(2) == 0
	var rel []satdoku.Relation
	v.pairs(func(a, b int) {
		s := v.d(a) + v.d(b)
		switch {
		case (s == 5 || s == 10) && (negative || v.rng.IntN(2) == 0):
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.Sum, Value: s, Name: map[int]string{5: "V", 10: "X"}[s]})
		case negative && s != 5 && s != 10:
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.NotSum, Value: 5, Name: "xv negative"},
				satdoku.Relation{A: a, B: b, Kind: satdoku.NotSum, Value: 10, Name: "xv negative"})
		}
	})
	return v.withRelations("xv", rel)
}

// clones links cells of equal digits: random pairs (clones) and the
// mirrored cells of paths that read the same both ways (palindromes).
func clones(v *variantGen) (*satdoku.Rules, error) {
	n := v.n
	var rel []satdoku.Relation
	for range n {
		a, b := v.rng.IntN(n*n), v.rng.IntN(n*n)
		if a != b && v.d(a) == v.d(b) {
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.Equal, Name: "clone"})
		}
	}
	for range 4 * n {
		p := v.path(v.rng.IntN(n*n), 3+v.rng.IntN(3), true, nil, func([]int, int) bool { return true })
		pal := len(p) >= 3
		for k := range len(p) / 2 {
			pal = pal && v.d(p[k]) == v.d(p[len(p)-1-k])
		}
		if pal {
			for k := range len(p) / 2 {
				rel = append(rel, satdoku.Relation{A: p[k], B: p[len(p)-1-k], Kind: satdoku.Equal, Name: "palindrome"})
			}
		}
	}
	return v.withRelations("clone", rel)
}

// mixed puts a few killer cages, a thermometer, XV and a sandwich on one
// board.
func mixed(v *variantGen) (*satdoku.Rules, error) {
	r, err := killer(v)
	if err != nil {
		return nil, err
	}
	// Keep a third of the cages, with their units.
	var cons []satdoku.Constraint
	var extra []satdoku.ExtraUnit
	for k, c := range r.Constraints() {
		if k%3 == 0 {
			cons = append(cons, c)
			if len(c.Cells) >= 2 {
				extra = append(extra, satdoku.ExtraUnit{Name: fmt.Sprintf("cage %d", k+1), Cells: c.Cells})
			}
		}
	}
	s, err := sandwich(v)
	if err != nil {
		return nil, err
	}
	cons = append(cons, s.Constraints()...)
	t, err := thermometer(v)
	if err != nil {
		return nil, err
	}
	x, err := xv(v)
	if err != nil {
		return nil, err
	}
	out, err := v.standardRules().WithConstraints(cons...)
	if err != nil {
		return nil, err
	}
	if out, err = out.WithRelations(append(slices.Clone(t.Relations()), x.Relations()...)...); err != nil {
		return nil, err
	}
	return out.WithExtra(extra...)
}

var variantFamilies = []variantFamily{
	{"thermometer", nil, nil, thermometer},
	{"kropki", nil, nil, kropki},
	{"xv", nil, nil, xv},
	{"clones", nil, nil, clones},
	{"kropki-values", nil, []satdoku.RelationKind{satdoku.Difference, satdoku.NotDifference, satdoku.Ratio, satdoku.NotRatio}, kropkiValues},
	{"killer", []satdoku.ConstraintKind{satdoku.Total}, nil, killer},
	{"arrow", []satdoku.ConstraintKind{satdoku.Total}, nil, arrow},
	{"little-killer", []satdoku.ConstraintKind{satdoku.Total}, nil, littleKiller},
	{"renban", []satdoku.ConstraintKind{satdoku.Run}, nil, renban},
	{"between", []satdoku.ConstraintKind{satdoku.Within}, nil, betweenLine},
	{"sandwich", []satdoku.ConstraintKind{satdoku.Sandwich}, nil, sandwich},
	{"quadruple", []satdoku.ConstraintKind{satdoku.Contains}, nil, quadruple},
	{"odd-even", []satdoku.ConstraintKind{satdoku.OneOf}, nil, oddEven},
	{"mixed", []satdoku.ConstraintKind{satdoku.Total, satdoku.Sandwich}, nil, mixed},
	{"fpuzzles-kropki", nil, []satdoku.RelationKind{satdoku.Difference}, fpzKropki},
	{"fpuzzles-xv", nil, nil, fpzXV},
	{"fpuzzles-extremes", []satdoku.ConstraintKind{satdoku.OneOf}, nil, fpzExtremes},
	{"fpuzzles-lines", []satdoku.ConstraintKind{satdoku.Total, satdoku.Outside}, []satdoku.RelationKind{satdoku.Apart, satdoku.OtherResidue, satdoku.OtherThird, satdoku.NotGreater}, fpzLines},
	{"fpuzzles-outside", []satdoku.ConstraintKind{satdoku.XSum, satdoku.Skyscraper}, nil, fpzOutside},
	{"fpuzzles-indexers", []satdoku.ConstraintKind{satdoku.Index}, nil, fpzIndexers},
	{"ten-and-gap", []satdoku.ConstraintKind{satdoku.Segments, satdoku.SameGap}, nil, tenAndGap},
}

// randomSolution returns a random solution of the empty n×n board under
// the classic rules: a random first row completed by verify.Count, its
// digits renamed, rows swapped within bands and columns within stacks.
func randomSolution(rng *rand.Rand, n int) *satdoku.Grid {
	g := satdoku.NewGrid(standard(n))
	for c, d := range rng.Perm(n) {
		g.Set(0, c, d+1)
	}
	_, sol := verify.Count(g, 1)
	h, w := standard(n).BoxShape()
	rename := rng.Perm(n)
	rows, cols := make([]int, n), make([]int, n)
	for b := 0; b < n; b += h {
		for k, x := range rng.Perm(h) {
			rows[b+k] = b + x
		}
	}
	for b := 0; b < n; b += w {
		for k, x := range rng.Perm(w) {
			cols[b+k] = b + x
		}
	}
	out := satdoku.NewGrid(standard(n))
	for r := range n {
		for c := range n {
			out.Set(r, c, rename[sol.Get(rows[r], cols[c])-1]+1)
		}
	}
	return out
}

// encoderIgnores reports which of the kinds satsolve does not enforce yet:
// each probe is a 4×4 puzzle whose two givens break a rule of that kind,
// so that it has no solution; a solver that ignores the rule finds one.
// (A solver that enforces it wrongly is left to the test to catch.)
func encoderIgnores(t *testing.T, kinds []satdoku.ConstraintKind, rels []satdoku.RelationKind) []string {
	t.Helper()
	consProbe := map[satdoku.ConstraintKind]satdoku.Constraint{
		satdoku.Total:      {Kind: satdoku.Total, Cells: []int{0, 1}, Value: 4},
		satdoku.Run:        {Kind: satdoku.Run, Cells: []int{0, 1}},
		satdoku.Within:     {Kind: satdoku.Within, Cells: []int{0, 1, 2}},
		satdoku.Sandwich:   {Kind: satdoku.Sandwich, Cells: []int{0, 1, 2, 3}, Value: 5},
		satdoku.Contains:   {Kind: satdoku.Contains, Cells: []int{0, 1}, Digits: []int{2}},
		satdoku.OneOf:      {Kind: satdoku.OneOf, Cells: []int{0}, Mask: 0b10},
		satdoku.XSum:       {Kind: satdoku.XSum, Cells: []int{0, 1, 2, 3}, Value: 2},
		satdoku.Skyscraper: {Kind: satdoku.Skyscraper, Cells: []int{0, 1, 2, 3}, Value: 1},
		satdoku.Segments:   {Kind: satdoku.Segments, Cells: []int{0, 1}, Value: 4},
		satdoku.SameGap:    {Kind: satdoku.SameGap, Cells: []int{0, 1, 4}},
		satdoku.Index:      {Kind: satdoku.Index, Cells: []int{0, 1}, Coefs: []int{1, 2}, Value: 2},
		satdoku.Outside:    {Kind: satdoku.Outside, Cells: []int{0, 2, 1}},
	}
	relProbe := map[satdoku.RelationKind]satdoku.Relation{
		satdoku.Difference:    {A: 0, B: 1, Kind: satdoku.Difference, Value: 2},
		satdoku.NotDifference: {A: 0, B: 1, Kind: satdoku.NotDifference, Value: 3},
		satdoku.Ratio:         {A: 0, B: 1, Kind: satdoku.Ratio, Value: 2},
		satdoku.NotRatio:      {A: 0, B: 1, Kind: satdoku.NotRatio, Value: 4},
		satdoku.Apart:         {A: 0, B: 1, Kind: satdoku.Apart, Value: 4},
		satdoku.OtherResidue:  {A: 0, B: 1, Kind: satdoku.OtherResidue, Value: 3},
		satdoku.OtherThird:    {A: 0, B: 1, Kind: satdoku.OtherThird, Value: 2},
		satdoku.NotGreater:    {A: 1, B: 0, Kind: satdoku.NotGreater},
	}
	var ignored []string
	probe := func(what string, r *satdoku.Rules, err error) {
		if err != nil {
			t.Fatal(err)
		}
		g := satdoku.NewGrid(r)
		g.SetCell(0, 1)
		g.SetCell(1, 4)
		if c, _ := verify.Count(g, 1); c != 0 {
			t.Fatalf("probe of %s: verify finds a solution", what)
		}
		res, err := Count(context.Background(), g, 1, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Count > 0 {
			ignored = append(ignored, what)
		}
	}
	for _, k := range kinds {
		r, err := standard(4).WithConstraints(consProbe[k])
		probe(k.String(), r, err)
	}
	for _, k := range rels {
		r, err := standard(4).WithRelations(relProbe[k])
		probe(k.String(), r, err)
	}
	return ignored
}

// describe lists the clues of rules r, for messages.
func describe(r *satdoku.Rules) string {
	var sb strings.Builder
	for _, c := range r.Constraints() {
		fmt.Fprintf(&sb, "\n  %v %v", c, c.Cells)
		if c.Coefs != nil {
			fmt.Fprintf(&sb, " coefs %v", c.Coefs)
		}
	}
	for _, x := range r.Relations() {
		fmt.Fprintf(&sb, "\n  %s %v %d: %d %d", x.Name, x.Kind, x.Value, x.A, x.B)
	}
	for _, u := range r.Extras() {
		fmt.Fprintf(&sb, "\n  unit %v %v", u, u.Cells)
	}
	return sb.String()
}

// TestVariantsDiff generates random puzzles of every family on 4×4, 6×6
// and 9×9 boards, each with rules read off a random solution and a random
// part of that solution as givens, and compares satsolve.Count with
// verify.Count (limit 2, every encoding in turn); every solution satsolve
// returns must pass verify.Solution, and verify.Count must find the
// planted one. For a family whose rules are read from an f-puzzles file,
// verify.Count under the meaning the family states apart must agree too,
// and the solutions found must obey it. For a family whose rules the encoder does not enforce yet
// (see encoderIgnores) the puzzles are still made and counted by verify,
// then the test is skipped, saying so: the comparison waits for the
// encoder.
func TestVariantsDiff(t *testing.T) {
	perSize := map[int]int{4: 150, 6: 120, 9: 100}
	if testing.Short() {
		perSize = map[int]int{4: 15, 6: 10, 9: 10} // per family; make test-long runs the full sweep
		if race.Enabled {
			perSize = map[int]int{4: 5, 6: 3, 9: 3}
		}
	}
	for fi, fam := range variantFamilies {
		t.Run(fam.name, func(t *testing.T) {
			if ignored := encoderIgnores(t, fam.kinds, fam.rels); len(ignored) > 0 {
				t.Fatalf("satsolve does not enforce %s", strings.Join(ignored, ", "))
			}
			rng := rand.New(rand.NewPCG(uint64(fi), 2024))
			counts := map[int]int{}
			slow := 0
			k := 0
			var slowest [10]time.Duration // per side, verify's longest count
			for _, n := range []int{4, 6, 9} {
				for range perSize[n] {
					k++
					v := &variantGen{rng: rng, sol: randomSolution(rng, n), n: n}
					r, err := fam.build(v)
					if err != nil {
						t.Fatalf("%d×%d: %v", n, n, err)
					}
					sol := v.sol
					full := sol.Clone()
					if err := full.SetRules(r); err != nil {
						t.Fatal(err)
					}
					if err := verify.Solution(satdoku.NewGrid(r), full); err != nil {
						t.Fatalf("the generator's rules break its own solution: %v%s", err, describe(r))
					}
					// Givens: a random part of the solution, from none to
					// two thirds (from a fifth on 9×9, to keep counting quick).
					keep := rng.Float64() * 2 / 3
					if n == 9 {
						keep = 0.2 + rng.Float64()*0.45
					}
					puzzle := satdoku.NewGrid(r)
					for i := range n * n {
						if rng.Float64() < keep {
							puzzle.SetCell(i, sol.Cell(i))
						}
					}
					enc := encodings[k%len(encodings)]
					where := fmt.Sprintf("%d×%d %s (%v)", n, n, line(puzzle), enc)
					ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
					start := time.Now()
					vc, vsol, verr := verify.CountContext(ctx, puzzle, 2)
					slowest[n] = max(slowest[n], time.Since(start))
					if verr != nil {
						cancel()
						slow++
						t.Logf("%s: verify.Count gave up: %v%s", where, verr, describe(r))
						continue
					}
					if vc == 0 {
						t.Errorf("%s: verify.Count finds no solution, but %s is one%s", where, line(sol), describe(r))
					} else if err := verify.Solution(puzzle, vsol); err != nil {
						t.Errorf("%s: verify.Count's solution: %v", where, err)
					}
					counts[vc]++
					if v.meaning != nil {
						checkMeaning(ctx, t, where, v, puzzle, vc, vsol)
					}
					res, err := Count(ctx, puzzle, 2, Options{Encoding: enc})
					cancel()
					if err != nil {
						slow++
						continue
					}
					if res.Count != vc {
						t.Errorf("%s: satsolve counts %d, verify %d%s", where, res.Count, vc, describe(r))
					}
					for _, s := range []*satdoku.Grid{res.Solution, res.Second} {
						if s != nil {
							if err := verify.Solution(puzzle, s); err != nil {
								t.Errorf("%s: satsolve's solution %s: %v%s", where, line(s), err, describe(r))
							}
							if v.meaning != nil {
								if err := verify.Solution(withRules(puzzle, v.meaning), s); err != nil {
									t.Errorf("%s: satsolve's solution %s breaks the meaning: %v\n%s", where, line(s), err, v.source)
								}
							}
						}
					}
				}
			}
			if slow > k/10 {
				t.Errorf("%d of %d puzzles timed out", slow, k)
			}
			t.Logf("%d puzzles: %d unique, %d with several solutions, %d timed out; verify's slowest count: %v (4×4), %v (6×6), %v (9×9)",
				k, counts[1], counts[2], slow, slowest[4], slowest[6], slowest[9])
		})
	}
}
