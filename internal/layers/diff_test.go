package layers_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/verify"
)

// differential checks rules r on the empty 4×4 board (see
// differentialOn).
func differential(t *testing.T, what string, r *satdoku.Rules) int {
	t.Helper()
	return differentialOn(t, what, satdoku.NewGrid(r))
}

// differentialOn checks a 4×4 puzzle both ways: the solutions that
// verify's backtracking counter finds and the models of the encoder's
// formula (over the givens' domain, the givens as unit clauses),
// enumerated by gini with each model blocked, must be as many, and each
// model must pass verify. It returns their number.
func differentialOn(t *testing.T, what string, puzzle *satdoku.Grid) int {
	t.Helper()
	r := puzzle.Rules()
	want, _ := verify.Count(puzzle, 1000)
	g := gini.New()
	if err := encode.NewEncoder(r, encode.Extended).Write(giniAdder{g}, encode.GivensDomain(puzzle)); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	encode.Givens(giniAdder{g}, puzzle) // for Decode: the domain's fixed cells have no clauses
	got := 0
	for ; got <= 1000 && g.Solve() == 1; got++ {
		sol, err := encode.Decode(r, func(v int) bool { return g.Value(z.Dimacs2Lit(v)) })
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if err := verify.Solution(puzzle, sol); err != nil {
			t.Fatalf("%s: a model verify rejects: %v", what, err)
		}
		for i := range 16 {
			g.Add(z.Dimacs2Lit(-encode.Var(4, i/4, i%4, sol.Cell(i))))
		}
		g.Add(0)
	}
	if got != want {
		t.Errorf("%s: gini finds %d models, verify's counter %d solutions", what, got, want)
	}
	return got
}

// sweep runs differential on rounds random rules that rules draws, and
// fails when too few of them have solutions, or too few have none.
func sweep(t *testing.T, what string, rounds int, rules func() *satdoku.Rules) {
	t.Helper()
	some := 0
	for range rounds {
		if differential(t, what, rules()) > 0 {
			some++
		}
	}
	if some < rounds/8 || rounds-some < rounds/30 {
		t.Errorf("%d random %s rules with solutions, %d without: the test is too one-sided", some, what, rounds-some)
	}
}

// randomNFA returns an automaton of up to 4 states over the digits 1 to 4
// (and the break), with random moves, starts and accepting states.
func randomNFA(rng *rand.Rand, breaks []int) *satdoku.NFA {
	a := &satdoku.NFA{States: 1 + rng.IntN(4), Breaks: breaks}
	for q := range a.States {
		if q == 0 || rng.IntN(4) == 0 {
			a.Start = append(a.Start, q)
		}
		if rng.IntN(2) == 0 {
			a.Accept = append(a.Accept, q)
		}
		for sym := range 5 {
			for to := range a.States {
				if rng.IntN(3) == 0 || sym == satdoku.Break && to == q {
					a.Moves = append(a.Moves, satdoku.Move{From: q, To: to, Symbol: sym})
				}
			}
		}
	}
	if len(a.Accept) == 0 {
		a.Accept = []int{a.States - 1}
	}
	return a
}

// TestAutomatonDifferential compares gini with verify's counter on 4×4
// boards with a random automaton over a random line of 3 to 7 cells (a
// cell may come twice, the line may have breaks).
func TestAutomatonDifferential(t *testing.T) {
	std, err := satdoku.Standard(4)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(31, 1))
	sweep(t, "automaton", 150, func() *satdoku.Rules {
		cells := make([]int, 3+rng.IntN(5))
		for k := range cells {
			cells[k] = rng.IntN(16)
		}
		var breaks []int
		if rng.IntN(3) == 0 {
			breaks = []int{rng.IntN(len(cells) + 1)}
		}
		r, err := std.WithConstraints(satdoku.Constraint{Kind: satdoku.Automaton, Cells: cells, NFA: randomNFA(rng, breaks), Name: "nfa"})
		if err != nil {
			t.Fatal(err)
		}
		return r
	})
}

// TestTableDifferential compares gini with verify's counter on 4×4 boards
// with one to four Table relations of random tables between random cells.
func TestTableDifferential(t *testing.T) {
	std, err := satdoku.Standard(4)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(31, 3))
	sweep(t, "table", 150, func() *satdoku.Rules {
		var rel []satdoku.Relation
		for range 1 + rng.IntN(4) {
			a, b := rng.IntN(16), rng.IntN(16)
			if a == b {
				continue
			}
			tb := make([]byte, 16)
			for k := range tb {
				tb[k] = '0'
				if rng.IntN(3) == 0 {
					tb[k] = '1'
				}
			}
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.Table, Table: string(tb), Name: "table"})
		}
		r, err := std.WithRelations(rel...)
		if err != nil {
			t.Fatal(err)
		}
		return r
	})
}

// TestAnyOfDifferential compares gini with verify's counter on 4×4 boards
// with an AnyOf of two or three random members, each of two to four sums
// of two cells, random tables and random automata.
func TestAnyOfDifferential(t *testing.T) {
	std, err := satdoku.Standard(4)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(31, 4))
	cellsOf := func(k int) []int { return rng.Perm(16)[:k] }
	sweep(t, "any-of", 150, func() *satdoku.Rules {
		r, err := std.WithConstraints(randomAnyOf(rng, cellsOf, 0))
		if err != nil {
			t.Fatal(err)
		}
		return r
	})
}

// randomAnyOf returns an AnyOf of two or three members, each of two to
// four sums of two cells, random tables, random automata and (at depth 0)
// now and then an AnyOf of its own.
func randomAnyOf(rng *rand.Rand, cellsOf func(k int) []int, depth int) satdoku.Constraint {
	var ms []satdoku.Member
	for range 2 + rng.IntN(2) {
		var m satdoku.Member
		for range 2 + rng.IntN(3) {
			if depth == 0 && rng.IntN(6) == 0 {
				m.Constraints = append(m.Constraints, randomAnyOf(rng, cellsOf, 1))
				continue
			}
			switch rng.IntN(3) {
			case 0:
				m.Constraints = append(m.Constraints, satdoku.Constraint{Kind: satdoku.Total, Cells: cellsOf(2), Value: 3 + rng.IntN(6), Name: "sum"})
			case 1:
				cs := cellsOf(2)
				tb := make([]byte, 16)
				for k := range tb {
					tb[k] = "01"[rng.IntN(2)]
				}
				m.Relations = append(m.Relations, satdoku.Relation{A: cs[0], B: cs[1], Kind: satdoku.Table, Table: string(tb), Name: "table"})
			default:
				m.Constraints = append(m.Constraints, satdoku.Constraint{Kind: satdoku.Automaton, Cells: cellsOf(3), NFA: randomNFA(rng, nil), Name: "nfa"})
			}
		}
		ms = append(ms, m)
	}
	return satdoku.Constraint{Kind: satdoku.AnyOf, Cells: satdoku.MemberCells(ms), Members: ms, Name: "or"}
}

// randomReach returns a Reach on the 4×4 board: a counting cell, a start
// and one to three arms of one to three cells, which may repeat cells
// (not the counting cell), with Value from −2 to 1.
func randomReach(rng *rand.Rand) satdoku.Constraint {
	perm := rng.Perm(16)
	c := satdoku.Constraint{Kind: satdoku.Reach, Cells: []int{perm[0], perm[1]}, Coefs: []int{0, 0}, Value: rng.IntN(4) - 2, Name: "reach"}
	arms := 1 + rng.IntN(3)
	for a := 1; a <= arms; a++ {
		for range 1 + rng.IntN(3) {
			c.Cells = append(c.Cells, perm[2+rng.IntN(14)])
			c.Coefs = append(c.Coefs, a)
		}
	}
	return c
}

// TestReachDifferential compares gini with verify's counter on 4×4 boards
// with one or two random Reach constraints, and again with three givens
// of a random grid, fixed in the encoder's domain (so that "same" and
// "reach" literals fold to constants).
func TestReachDifferential(t *testing.T) {
	std, err := satdoku.Standard(4)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(31, 5))
	grids := grids4()
	sweep(t, "reach", 150, func() *satdoku.Rules {
		cs := []satdoku.Constraint{randomReach(rng)}
		if rng.IntN(2) == 0 {
			cs = append(cs, randomReach(rng))
		}
		r, err := std.WithConstraints(cs...)
		if err != nil {
			t.Fatal(err)
		}
		return r
	})
	some := 0
	for range 150 {
		r, err := std.WithConstraints(randomReach(rng))
		if err != nil {
			t.Fatal(err)
		}
		puzzle := satdoku.NewGrid(r)
		sol := grids[rng.IntN(len(grids))]
		for _, i := range rng.Perm(16)[:3] {
			puzzle.SetCell(i, sol[i])
		}
		if differentialOn(t, fmt.Sprintf("%v with givens %v", r.Constraints()[0], puzzle), puzzle) > 0 {
			some++
		}
	}
	if some < 20 || some > 130 {
		t.Errorf("%d of 150 with givens have solutions: the test is too one-sided", some)
	}
}
