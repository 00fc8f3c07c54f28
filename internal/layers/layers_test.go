package layers_test

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/verify"
)

// grids4 returns every solution of the empty 4×4 board (288), found by
// plain backtracking over rows, columns and 2×2 boxes.
func grids4() [][16]int {
	var out [][16]int
	var g [16]int
	var fill func(i int)
	fill = func(i int) {
		if i == 16 {
			out = append(out, g)
			return
		}
		r, c := i/4, i%4
	next:
		for d := 1; d <= 4; d++ {
			for j := range i {
				rj, cj := j/4, j%4
				if g[j] == d && (rj == r || cj == c || rj/2 == r/2 && cj/2 == c/2) {
					continue next
				}
			}
			g[i] = d
			fill(i + 1)
		}
		g[i] = 0
	}
	fill(0)
	return out
}

// giniAdder feeds an encoder's clauses to gini.
type giniAdder struct{ g *gini.Gini }

func (a giniAdder) Add(lit int) { a.g.Add(z.Dimacs2Lit(lit)) }

// cells are four cells of the 4×4 board of which no two share a unit
// (r1c1, r2c3, r3c2, r4c4): the rule under test is the only link between
// their digits, so that every kind has grids that meet it and grids that
// break it.
var cells = []int{0, 6, 9, 15}

// checkLayers checks rules r, the 4×4 standard rules with one relation or
// constraint added, described by what ("relation kind sum"), in every
// layer: the encoder writes it, and a grid satisfies its formula exactly
// when verify passes the grid, some grids passing and some not; and the
// DIMACS comments write it and read it back as it was.
func checkLayers(t *testing.T, what string, r *satdoku.Rules) {
	t.Helper()
	never := slices.ContainsFunc(r.Constraints(), func(c satdoku.Constraint) bool { return c.Kind == satdoku.Never })
	grids := grids4()
	g := gini.New()
	err := encode.NewEncoder(r, encode.Extended).Write(giniAdder{g}, nil)
	if err != nil {
		t.Errorf("encode does not handle %s: %v", what, err)
	}
	empty := satdoku.NewGrid(r)
	passed, disagree := 0, 0
	for _, cells := range grids {
		sol := satdoku.NewGrid(r)
		var lits []z.Lit
		for i, d := range cells {
			sol.SetCell(i, d)
			lits = append(lits, z.Dimacs2Lit(encode.Var(4, i/4, i%4, d)))
		}
		ok := verify.Solution(empty, sol) == nil
		if ok {
			passed++
		}
		if err == nil {
			g.Assume(lits...)
			if sat := g.Solve() == 1; sat != ok && disagree == 0 {
				disagree++
				t.Errorf("encode and verify disagree on %s: %v satisfies the formula: %v, verify passes it: %v", what, sol, sat, ok)
			}
		}
	}
	switch passed {
	case 0:
		if never {
			break // its meaning: no grid satisfies it
		}
		t.Errorf("verify does not handle %s: it passes none of the %d 4×4 grids", what, len(grids))
	case len(grids):
		t.Errorf("verify does not check %s: it passes all the %d 4×4 grids", what, len(grids))
	}
	var buf bytes.Buffer
	if err := encode.WriteDIMACS(&buf, empty, encode.DIMACSOptions{Encoding: encode.Extended}); err != nil {
		t.Errorf("the DIMACS comment writer does not handle %s: %v", what, err)
		return
	}
	h, err := encode.ReadHeader(&buf)
	switch {
	case err != nil:
		t.Errorf("the DIMACS header reader does not read %s: %v", what, err)
	case h.Puzzle == nil:
		t.Errorf("the DIMACS comment writer writes no puzzle for %s", what)
	case !reflect.DeepEqual(h.Puzzle.Rules().Relations(), r.Relations()) ||
		!reflect.DeepEqual(h.Puzzle.Rules().Constraints(), r.Constraints()):
		t.Errorf("the DIMACS header reader reads %s back as %v %v, want %v %v", what,
			h.Puzzle.Rules().Relations(), h.Puzzle.Rules().Constraints(), r.Relations(), r.Constraints())
	}
}

// TestRelationKinds walks satdoku.RelationKinds: each kind, as a relation
// of r1c1 and r3c3 (no shared unit) with Value 2, must be handled by every
// layer.
func TestRelationKinds(t *testing.T) {
	std, err := satdoku.Standard(4)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range satdoku.RelationKinds() {
		x := satdoku.Relation{A: 0, B: 10, Kind: k, Value: 2, Name: "test"}
		if k == satdoku.Table {
			// a < b, or a = 4 and b = 1: not symmetric
			x.Table = "0111" + "0011" + "0001" + "1000"
		}
		r, err := std.WithRelations(x)
		if err != nil {
			t.Errorf("relation kind %v: %v", k, err)
			continue
		}
		checkLayers(t, fmt.Sprintf("relation kind %v", k), r)
	}
}

// TestConstraintKinds walks satdoku.ConstraintKinds: each kind, on four
// cells that share no unit with Value 6 (5 for a sandwich: no 4×4 grid
// has 6 there), Digits 1 and 2 and Mask {1, 3} (each kind reads the fields
// it needs), must be handled by every layer.
func TestConstraintKinds(t *testing.T) {
	std, err := satdoku.Standard(4)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range satdoku.ConstraintKinds() {
		v := 6
		var coefs []int
		switch k {
		case satdoku.Sandwich:
			v = 5
		case satdoku.Skyscraper:
			v = 2 // of 4 cells
		case satdoku.Index:
			v, coefs = 2, []int{4, 3, 2, 1} // the first cell's digit picks a cell, which holds 2
		case satdoku.SameValues:
			v = 2 // two sets of two cells
		case satdoku.Distinct:
			v = 1 // the first cell counts the others
		case satdoku.Reach:
			// r1c1's digit less 1 is 1, 2 or 3: r2c3 and the run of
			// r3c2, r4c4 that holds r2c3's digit
			v, coefs = -1, []int{0, 0, 1, 1}
		}
		ds := []int{1, 2}
		if k == satdoku.TotalIn {
			ds = []int{6, 9} // of four cells' digits that may repeat
		}
		c := satdoku.Constraint{Kind: k, Cells: cells, Coefs: coefs, Value: v, Digits: ds, Mask: 0b101, Name: "test"}
		if k == satdoku.Never {
			c.Reason = "a reason: why"
		}
		if k == satdoku.AnyOf {
			// r1c1 + r2c3 = 5, or r3c2 < r4c4 < r1c1, or (r3c2 = 1 or
			// r4c4 = 2)
			inner := []satdoku.Member{
				{Constraints: []satdoku.Constraint{{Kind: satdoku.OneOf, Cells: cells[2:3], Mask: 1, Name: "1"}}},
				{Constraints: []satdoku.Constraint{{Kind: satdoku.OneOf, Cells: cells[3:4], Mask: 2, Name: "2"}}},
			}
			c.Members = []satdoku.Member{
				{Constraints: []satdoku.Constraint{{Kind: satdoku.Total, Cells: cells[:2], Value: 5, Name: "cage"}}},
				{Relations: []satdoku.Relation{{A: cells[2], B: cells[3], Kind: satdoku.Less, Name: "thermo"}, {A: cells[3], B: cells[0], Kind: satdoku.Less, Name: "thermo"}}},
				{Constraints: []satdoku.Constraint{{Kind: satdoku.AnyOf, Cells: satdoku.MemberCells(inner), Members: inner, Name: "inner"}}},
			}
			c.Cells = satdoku.MemberCells(c.Members)
		}
		if k == satdoku.Automaton {
			// Odd and even digits alternate from an odd one, across a
			// break between the second and the third cell.
			c.NFA = &satdoku.NFA{States: 2, Start: []int{0}, Accept: []int{0, 1}, Breaks: []int{2},
				Moves: []satdoku.Move{{From: 0, To: 1, Symbol: 1}, {From: 0, To: 1, Symbol: 3}, {From: 1, To: 0, Symbol: 2}, {From: 1, To: 0, Symbol: 4}, {From: 0, To: 0, Symbol: satdoku.Break}, {From: 1, To: 1, Symbol: satdoku.Break}}}
		}
		r, err := std.WithConstraints(c)
		if err != nil {
			t.Errorf("constraint kind %v: %v", k, err)
			continue
		}
		checkLayers(t, fmt.Sprintf("constraint kind %v", k), r)
	}
}
