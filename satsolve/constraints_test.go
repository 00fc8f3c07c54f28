package satsolve

import (
	"context"
	"slices"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/textfmt"
)

// solution9 is the solution of the classic example puzzle, puzzle9.
const (
	puzzle9   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	solution9 = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// digitsOf returns the digits of a solved grid string.
func digitsOf(s string) []int {
	d := make([]int, len(s))
	for i := range s {
		d[i] = int(s[i] - '0')
	}
	return d
}

// holds is an independent checker: whether the digits of cells meet
// constraint c on an n×n board, written plainly.
func holds(c satdoku.Constraint, n int, g []int) bool {
	ds := make([]int, len(c.Cells))
	for k, i := range c.Cells {
		ds[k] = g[i]
	}
	switch c.Kind {
	case satdoku.Total:
		sum := 0
		for k, d := range ds {
			sum += c.Coef(k) * d
		}
		return sum == c.Value
	case satdoku.Run:
		s := slices.Clone(ds)
		slices.Sort(s)
		for k := 1; k < len(s); k++ {
			if s[k] != s[k-1]+1 {
				return false
			}
		}
		return true
	case satdoku.Within:
		lo, hi := min(ds[0], ds[len(ds)-1]), max(ds[0], ds[len(ds)-1])
		for _, d := range ds[1 : len(ds)-1] {
			if d <= lo || d >= hi {
				return false
			}
		}
		return true
	case satdoku.Sandwich:
		v, ok := sandwichOf(ds, n)
		return ok && v == c.Value
	case satdoku.Contains:
		left := slices.Clone(ds)
		for _, want := range c.Digits {
			k := slices.Index(left, want)
			if k < 0 {
				return false
			}
			left[k] = 0
		}
		return true
	case satdoku.OneOf:
		for _, d := range ds {
			if c.Mask>>(d-1)&1 == 0 {
				return false
			}
		}
		return true
	}
	return false
}

// sandwichOf returns the sum of the digits between the one 1 and the one n
// of ds, and false when there is not exactly one of each.
func sandwichOf(ds []int, n int) (int, bool) {
	ones, ns := 0, 0
	for _, d := range ds {
		if d == 1 {
			ones++
		}
		if d == n {
			ns++
		}
	}
	if ones != 1 || ns != 1 {
		return 0, false
	}
	p, q := slices.Index(ds, 1), slices.Index(ds, n)
	sum := 0
	for _, d := range ds[min(p, q)+1 : max(p, q)] {
		sum += d
	}
	return sum, true
}

// solves reports whether the full grid g meets the units, the relations
// of kind Difference and Ratio, and the constraints of r.
func solves(r *satdoku.Rules, g []int) bool {
	for _, u := range r.Units() {
		seen := map[int]bool{}
		for _, i := range u.Cells {
			if seen[g[i]] {
				return false
			}
			seen[g[i]] = true
		}
	}
	for _, x := range r.Relations() {
		a, b := g[x.A], g[x.B]
		switch x.Kind {
		case satdoku.Difference:
			if a-b != x.Value && b-a != x.Value {
				return false
			}
		case satdoku.Ratio:
			if a != x.Value*b && b != x.Value*a {
				return false
			}
		}
	}
	for _, c := range r.Constraints() {
		if !holds(c, r.N(), g) {
			return false
		}
	}
	return true
}

// constrained9 returns the classic 9×9 rules with constraints of every
// kind, and Difference and Ratio relations, all met by solution9.
func constrained9(t *testing.T) *satdoku.Rules {
	t.Helper()
	s := digitsOf(solution9)
	total := func(cells []int, coefs ...int) satdoku.Constraint {
		c := satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Name: "total"}
		if coefs != nil {
			c.Coefs = coefs
		}
		for k, i := range cells {
			c.Value += c.Coef(k) * s[i]
		}
		return c
	}
	row := func(r int) []int {
		var cells []int
		for c := range 9 {
			cells = append(cells, r*9+c)
		}
		return cells
	}
	// An arrow: the first circle cell c = a + b over cells a, b.
	var arrow []int
	for c := 0; c < 81 && arrow == nil; c++ {
		for a := 40; a < 81 && arrow == nil; a++ {
			for b := a + 1; b < 81; b++ {
				if a != c && b != c && s[c] == s[a]+s[b] {
					arrow = []int{c, a, b}
					break
				}
			}
		}
	}
	cons := []satdoku.Constraint{
		total([]int{0, 1, 9}), total([]int{30, 31, 32, 39}),
		total(arrow, -1, 1, 1), // an arrow: value 0
		total([]int{60, 61, 70, 71, 72, 73, 74}, -10, -1, 1, 1, 1, 1, 1), // a pill
		total([]int{5, 14, 23}, 2, -3, 1),
		{Kind: satdoku.Run, Cells: []int{28, 30, 31}},       // 5, 7, 6
		{Kind: satdoku.Run, Cells: []int{18, 63, 72}},       // 1, 2, 3 in column 1
		{Kind: satdoku.Run, Cells: []int{0}},                // length 1
		{Kind: satdoku.Within, Cells: []int{8, 0, 1, 2, 5}}, // 2; 5, 3, 4; 8
		{Kind: satdoku.Contains, Cells: []int{10, 11, 19, 20}, Digits: []int{2, 7}},
		{Kind: satdoku.Contains, Cells: []int{0, 28, 40, 44}, Digits: []int{5, 5, 5}},
		{Kind: satdoku.OneOf, Cells: []int{80, 70}, Mask: 0b101010101}, // 9 and 3: odd
	}
	for _, cells := range [][]int{row(0), row(4), {2, 11, 20, 29, 38, 47, 56, 65, 74}} {
		ds := make([]int, len(cells))
		for k, i := range cells {
			ds[k] = s[i]
		}
		v, _ := sandwichOf(ds, 9)
		cons = append(cons, satdoku.Constraint{Kind: satdoku.Sandwich, Cells: cells, Value: v})
	}
	std9, _ := satdoku.Standard(9)
	r, err := std9.WithConstraints(cons...)
	if err != nil {
		t.Fatal(err)
	}
	// Difference and Ratio relations between horizontal neighbours.
	var rel []satdoku.Relation
	for i := 0; i < 80; i++ {
		if i%9 == 8 {
			continue
		}
		a, b := s[i], s[i+1]
		if a-b == 3 || b-a == 3 {
			rel = append(rel, satdoku.Relation{A: i, B: i + 1, Kind: satdoku.Difference, Value: 3})
		}
		if a == 3*b || b == 3*a {
			rel = append(rel, satdoku.Relation{A: i, B: i + 1, Kind: satdoku.Ratio, Value: 3})
		}
	}
	if r, err = r.WithRelations(rel...); err != nil {
		t.Fatal(err)
	}
	if !solves(r, s) {
		t.Fatal("the constraints do not hold for their own solution")
	}
	return r
}

// TestConstraintsEndToEnd solves puzzles under constraints of every kind
// with gini, from no givens to a few: every solution found meets the rules
// by the test's own checker, the Solver's solutions (pre-pass, residual)
// are those of the whole formula, in every encoding, and the puzzle with a
// few givens has solution9 as its only solution.
func TestConstraintsEndToEnd(t *testing.T) {
	r := constrained9(t)
	s := digitsOf(solution9)
	for _, every := range []int{0, 9, 5} {
		g := satdoku.NewGrid(r)
		if every > 0 {
			for i := 0; i < 81; i += every {
				g.SetCell(i, s[i])
			}
		}
		for _, e := range []encode.Encoding{encode.Extended, encode.Minimal, encode.Sequential} {
			sv := New(Options{Encoding: e})
			const limit = 64
			got := residualModels(t, sv, g, limit)
			want := fullModels(t, g, e, limit)
			if len(got) == limit {
				t.Fatalf("every %d: %d solutions or more: not all of them", every, limit)
			}
			if !slices.Contains(got, solution9) {
				t.Errorf("every %d, %v: the solution is not among %d found", every, e, len(got))
			}
			if e == encode.Extended {
				t.Logf("givens every %d cells: %d solutions", every, len(got))
			}
			if !slices.Equal(got, want) {
				t.Errorf("every %d, %v: Solver %v, whole formula %v", every, e, got, want)
			}
			for _, sol := range got {
				if !solves(r, digitsOf(sol)) {
					t.Errorf("every %d, %v: %s breaks the rules", every, e, sol)
				}
			}
			if every == 5 && (len(got) != 1 || got[0] != solution9) {
				t.Errorf("every %d, %v: solutions %v, want only the solution", every, e, got)
			}
		}
	}
}

// TestConstraintsAfterPrepass takes a puzzle that the pre-pass fills alone
// (singles) and adds one constraint of each kind that its solution breaks:
// the encoder's empty clause makes it "no solution". With the constraint
// met instead, it is unique.
func TestConstraintsAfterPrepass(t *testing.T) {
	std9, _ := satdoku.Standard(9)
	s := digitsOf(solution9)
	broken := []satdoku.Constraint{
		{Kind: satdoku.Total, Cells: []int{2, 3}, Value: s[2] + s[3] + 1},
		{Kind: satdoku.Total, Cells: []int{2, 3, 12}, Coefs: []int{-10, -1, 1}, Value: 1},
		{Kind: satdoku.Run, Cells: []int{2, 3}},          // 4, 6
		{Kind: satdoku.Within, Cells: []int{2, 3, 5}},    // 4; 6; 8: 6 fits
		{Kind: satdoku.Within, Cells: []int{3, 2, 4, 5}}, // 6; 4, 7; 8: 4 does not
		{Kind: satdoku.Sandwich, Cells: []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, Value: 10},
		{Kind: satdoku.Contains, Cells: []int{2, 3}, Digits: []int{4, 4}},
		{Kind: satdoku.OneOf, Cells: []int{2}, Mask: 0b1000}, // 4 is allowed: the same
	}
	wantNone := []bool{true, true, true, false, true, true, true, false}
	sv := New(Options{}) // one Solver for all: its instances are reused
	for k, c := range broken {
		r, err := std9.WithConstraints(c)
		if err != nil {
			t.Fatal(err)
		}
		g := textfmt.MustParse(puzzle9)
		if err := g.SetRules(r); err != nil {
			t.Fatal(err)
		}
		res, err := sv.Unique(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if sv.c.pp.free != 0 {
			t.Fatalf("%v: the pre-pass left %d cells", c, sv.c.pp.free)
		}
		if sv.c.sink.fresh {
			t.Errorf("%v: a fresh instance for a residual of no variable", c)
		}
		want := backend.StatusUnique
		if wantNone[k] {
			want = backend.StatusNone
		}
		if res.Status != want {
			t.Errorf("%v: %v, want %v", c, res.Status, want)
		}
	}
}
