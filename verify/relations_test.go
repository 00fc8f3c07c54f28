package verify

import (
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// bruteCount counts the solutions of g under its rules by plain recursion
// over the cells, checking every unit and every relation of the rules from
// scratch after each placement: no candidates, no propagation.
func bruteCount(g *satdoku.Grid, limit int) int {
	r := g.Rules()
	n := r.N()
	ok := func() bool {
		for _, u := range r.Units() {
			seen := map[int]bool{}
			for _, i := range u.Cells {
				if d := g.Cell(i); d != 0 {
					if seen[d] {
						return false
					}
					seen[d] = true
				}
			}
		}
		for _, x := range r.Relations() {
			a, b := g.Cell(x.A), g.Cell(x.B)
			if a == 0 || b == 0 {
				continue
			}
			d := a - b
			if d < 0 {
				d = -d
			}
			ok := map[satdoku.RelationKind]bool{
				satdoku.Different: a != b, satdoku.NotConsecutive: d != 1, satdoku.Consecutive: d == 1,
				satdoku.Double: a == 2*b || b == 2*a, satdoku.NotDouble: a != 2*b && b != 2*a,
				satdoku.Sum: a+b == x.Value, satdoku.NotSum: a+b != x.Value, satdoku.Less: a < b,
				satdoku.Equal: a == b, satdoku.Apart: d >= x.Value,
				satdoku.Difference: d == x.Value, satdoku.NotDifference: d != x.Value,
				satdoku.Ratio: a == x.Value*b || b == x.Value*a, satdoku.NotRatio: a != x.Value*b && b != x.Value*a,
				satdoku.OtherResidue: x.Value > 0 && a%x.Value != b%x.Value, satdoku.NotGreater: a <= b,
				satdoku.OtherThird: x.Value == 4 && thirds4[a] != thirds4[b],
				satdoku.Table:      (a*b+x.Value)%3 != 0,
			}[x.Kind]
			if !ok {
				return false
			}
		}
		return true
	}
	var rec func(i int) int
	rec = func(i int) int {
		if i == n*n {
			return 1
		}
		if g.Cell(i) != 0 {
			return rec(i + 1)
		}
		total := 0
		for d := 1; d <= n && total < limit; d++ {
			g.SetCell(i, d)
			if ok() {
				total += rec(i + 1)
			}
		}
		g.SetCell(i, 0)
		return total
	}
	if !ok() {
		return 0
	}
	return min(rec(0), limit)
}

// TestCountRelations compares Count with the brute-force counter on small
// boards under anti-knight, anti-king and nonconsecutive, alone and with
// other rules, with random givens (so with 0, 1 and several solutions).
// thirds4 are the entropic thirds of the digits 1 to 4: 1, 2–3, 4.
var thirds4 = map[int]int{1: 0, 2: 1, 3: 1, 4: 2}

func TestCountRelations(t *testing.T) {
	std4, _ := satdoku.Standard(4)
	std6, _ := satdoku.Standard(6)
	latin5, _ := satdoku.Regions(5, nil)
	var rules []*satdoku.Rules
	for _, base := range []*satdoku.Rules{std4, std6, latin5} {
		for _, names := range [][]string{{"anti-knight"}, {"anti-king"}, {"nonconsecutive"}, {"x", "nonconsecutive"}, {"anti-king", "anti-knight"}} {
			r, err := base.WithNamed(names...)
			if err != nil {
				t.Fatal(err)
			}
			rules = append(rules, r)
		}
	}
	rng := rand.New(rand.NewPCG(4, 5))
	// Local relations of every kind between random cells, as a setter's
	// dots, signs and lines would put them.
	for range 24 {
		for _, base := range []*satdoku.Rules{std4} {
			n := base.N()
			var rel []satdoku.Relation
			for range 1 + rng.IntN(5) {
				a, b := rng.IntN(n*n), rng.IntN(n*n)
				if a == b {
					continue
				}
				k := satdoku.RelationKind(rng.IntN(len(satdoku.RelationKinds())))
				v := 0
				switch k {
				case satdoku.Sum, satdoku.NotSum:
					v = 3 + rng.IntN(2*n-3)
				case satdoku.Apart:
					v = 1 + rng.IntN(n/2)
				case satdoku.Difference, satdoku.NotDifference:
					v = rng.IntN(n)
				case satdoku.Ratio, satdoku.NotRatio:
					v = 1 + rng.IntN(n)
				case satdoku.OtherResidue:
					v = 2 + rng.IntN(2)
				case satdoku.OtherThird:
					v = 4
				}
				x := satdoku.Relation{A: a, B: b, Kind: k, Value: v, Name: k.String()}
				if k == satdoku.Table {
					// ab + v not a multiple of 3
					x.Value = rng.IntN(3)
					for p := range n * n {
						x.Table += map[bool]string{true: "1", false: "0"}[((p/n+1)*(p%n+1)+x.Value)%3 != 0]
					}
				}
				rel = append(rel, x)
			}
			r, err := base.WithRelations(rel...)
			if err != nil {
				t.Fatal(err)
			}
			rules = append(rules, r)
		}
	}
	seen := map[int]int{}
	k := 60
	if testing.Short() {
		k = 5
	}
	for _, r := range rules {
		n := r.N()
		for range k {
			g := satdoku.NewGrid(r)
			for range rng.IntN(n + 3) {
				g.SetCell(rng.IntN(n*n), 1+rng.IntN(n))
			}
			const limit = 50
			want := bruteCount(g.Clone(), limit)
			got, sol := Count(g, limit)
			if got != want {
				t.Fatalf("%v under %d units and %d relations: Count %d, brute force %d", g, len(r.Units()), len(r.Relations()), got, want)
			}
			if got > 0 {
				if err := Solution(g, sol); err != nil {
					t.Fatalf("%v: Count's solution: %v", g, err)
				}
			}
			seen[min(want, 2)]++
		}
	}
	if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
		t.Errorf("the boards need 0, 1 and several solutions: %v", seen)
	}
}

// TestRelationConflicts checks Check and Solution on broken relations.
func TestRelationConflicts(t *testing.T) {
	std9, _ := satdoku.Standard(9)
	r, err := std9.WithNamed("anti-knight", "nonconsecutive")
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	g.Set(0, 2, 5)
	g.Set(1, 4, 5) // a knight's move away, in another box
	g.Set(0, 3, 6) // next to the 5
	cs := Check(g)
	var got []string
	for _, c := range cs {
		got = append(got, c.String())
	}
	want := []string{"r1c3 and r1c4 hold 5 and 6 (nonconsecutive)", "r1c3 and r2c5 both hold 5 (anti-knight)"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Check = %q, want %q", got, want)
	}
	// A classic solution breaks the relations: Solution says where first,
	// in row-major order (r1c2 = 3 and r1c3 = 4 are consecutive).
	sol := textfmt.MustParse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	puzzle := satdoku.NewGrid(r)
	if err := Solution(puzzle, sol); err == nil || err.Error() != "verify: r1c2 and r1c3 hold 3 and 4 (nonconsecutive)" {
		t.Errorf("Solution = %v", err)
	}
	if err := Solution(satdoku.NewGrid(std9), sol); err != nil {
		t.Errorf("classic: %v", err)
	}
}

// TestBrokenNewKinds checks the relation kinds with a value, digit pair by
// digit pair: Difference, NotDifference, Ratio and NotRatio, both ways.
func TestBrokenNewKinds(t *testing.T) {
	tests := []struct {
		kind   satdoku.RelationKind
		value  int
		da, db int
		broken bool
	}{
		{satdoku.Difference, 3, 2, 5, false},
		{satdoku.Difference, 3, 5, 2, false},
		{satdoku.Difference, 3, 2, 4, true},
		{satdoku.Difference, 1, 7, 8, false},
		{satdoku.Difference, 0, 4, 4, false}, // a difference of 0: equal digits
		{satdoku.Difference, 0, 4, 5, true},
		{satdoku.NotDifference, 3, 2, 5, true},
		{satdoku.NotDifference, 3, 9, 6, true},
		{satdoku.NotDifference, 3, 2, 6, false},
		{satdoku.Ratio, 3, 2, 6, false},
		{satdoku.Ratio, 3, 9, 3, false},
		{satdoku.Ratio, 3, 3, 6, true},
		{satdoku.Ratio, 2, 1, 2, false},
		{satdoku.Ratio, 2, 4, 2, false},
		{satdoku.Ratio, 2, 3, 5, true},
		{satdoku.Ratio, 1, 5, 5, false},
		{satdoku.NotRatio, 3, 2, 6, true},
		{satdoku.NotRatio, 3, 6, 2, true},
		{satdoku.NotRatio, 3, 2, 5, false},
		{satdoku.NotRatio, 2, 4, 8, true},
		{satdoku.NotRatio, 2, 3, 9, false},
		{satdoku.NotGreater, 0, 3, 3, false},
		{satdoku.NotGreater, 0, 3, 4, false},
		{satdoku.NotGreater, 0, 4, 3, true},
		{satdoku.OtherResidue, 2, 3, 4, false},
		{satdoku.OtherResidue, 2, 3, 5, true},
		{satdoku.OtherResidue, 3, 1, 7, true},
		{satdoku.OtherResidue, 3, 1, 8, false},
		{satdoku.OtherResidue, 0, 1, 2, true},
		// Entropic thirds of 9: 1–3, 4–6, 7–9.
		{satdoku.OtherThird, 9, 3, 4, false},
		{satdoku.OtherThird, 9, 1, 3, true},
		{satdoku.OtherThird, 9, 6, 7, false},
		{satdoku.OtherThird, 9, 7, 9, true},
		// Of 4: 1, 2–3, 4; of 8: 1–3, 4–5, 6–8.
		{satdoku.OtherThird, 4, 2, 3, true},
		{satdoku.OtherThird, 4, 1, 2, false},
		{satdoku.OtherThird, 8, 3, 4, false},
		{satdoku.OtherThird, 8, 4, 5, true},
		{satdoku.OtherThird, 8, 5, 6, false},
		{satdoku.OtherThird, 4, 4, 5, true}, // 5 is in no third of 4
	}
	for _, tt := range tests {
		x := satdoku.Relation{A: 0, B: 1, Kind: tt.kind, Value: tt.value}
		if got := broken(&x, tt.da, tt.db); got != tt.broken {
			t.Errorf("%v %d of %d and %d: broken = %v, want %v", tt.kind, tt.value, tt.da, tt.db, got, tt.broken)
		}
	}
}
