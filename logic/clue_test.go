package logic

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// at returns the cell of row r, column c (from 1) on an n×n board.
func at(n, r, c int) int { return (r-1)*n + c - 1 }

// clueCase is a board with one clue (or a few that make one rule), some
// givens, a technique, and the step it must find: its text, and the
// candidates left in the cells it changes (every other candidate of the
// board stays).
type clueCase struct {
	name   string
	n      int
	extra  [][]int // cages: extra units
	rels   []satdoku.Relation
	cons   []satdoku.Constraint
	givens map[int]int
	find   func(s *State) (Step, bool)
	tech   string
	rating float64
	text   string
	keep   map[int][]int // cell → the candidates left
}

func (cc *clueCase) grid(t *testing.T) *satdoku.Grid {
	t.Helper()
	r, err := satdoku.Standard(cc.n)
	if err != nil {
		t.Fatal(err)
	}
	var ex []satdoku.ExtraUnit
	for _, cells := range cc.extra {
		ex = append(ex, satdoku.ExtraUnit{Name: "killer cage", Cells: cells})
	}
	if r, err = r.WithExtra(ex...); err != nil {
		t.Fatal(err)
	}
	if r, err = r.WithRelations(cc.rels...); err != nil {
		t.Fatal(err)
	}
	if r, err = r.WithConstraints(cc.cons...); err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	for i, d := range cc.givens {
		g.SetCell(i, d)
	}
	return g
}

var (
	relations  = func(s *State) (Step, bool) { return s.clueRelations() }
	sums       = func(s *State) (Step, bool) { return s.clueConstraints(true) }
	lines      = func(s *State) (Step, bool) { return s.clueConstraints(false) }
	marks      = func(s *State) (Step, bool) { return s.clueMarks() }
	pointing   = func(s *State) (Step, bool) { return s.cagePointing() }
	inniesStep = func(s *State) (Step, bool) { return s.innies() }
)

func rel(a, b int, k satdoku.RelationKind, v int, name string) satdoku.Relation {
	return satdoku.Relation{A: a, B: b, Kind: k, Value: v, Name: name}
}

func TestClueSteps(t *testing.T) {
	c4 := func(r, c int) int { return at(4, r, c) }
	c6 := func(r, c int) int { return at(6, r, c) }
	c9 := func(r, c int) int { return at(9, r, c) }
	row4 := []int{c4(1, 1), c4(1, 2), c4(1, 3), c4(1, 4)}
	tests := []clueCase{
		// Relations, one kind each.
		{
			name: "thermometer in a box", n: 4,
			rels: []satdoku.Relation{rel(c4(1, 1), c4(2, 1), satdoku.Less, 0, "thermometer"), rel(c4(2, 1), c4(2, 2), satdoku.Less, 0, "thermometer")},
			find: relations, tech: "thermometer", rating: RatingClueRelation,
			text: "thermometer r1c1–r2c2: r1c1 is at most 2, r2c1 is 2 to 3, r2c2 is at least 3",
			keep: map[int][]int{c4(1, 1): {1, 2}, c4(2, 1): {2, 3}, c4(2, 2): {3, 4}},
		},
		{
			name: "thermometer across boxes", n: 9,
			rels: []satdoku.Relation{rel(c9(2, 1), c9(4, 1), satdoku.Less, 0, "thermometer"), rel(c9(4, 1), c9(4, 2), satdoku.Less, 0, "thermometer")},
			find: relations, tech: "thermometer", rating: RatingClueRelation,
			text: "thermometer r2c1–r4c2: r2c1 is at most 7, r4c1 is 2 to 8, r4c2 is at least 3",
			keep: map[int][]int{c9(2, 1): {1, 2, 3, 4, 5, 6, 7}, c9(4, 1): {2, 3, 4, 5, 6, 7, 8}, c9(4, 2): {3, 4, 5, 6, 7, 8, 9}},
		},
		{
			name: "slow thermometer: equal digits, but not in one box", n: 4,
			rels:   []satdoku.Relation{rel(c4(1, 1), c4(2, 2), satdoku.NotGreater, 0, "slow thermometer")},
			givens: map[int]int{c4(1, 1): 2},
			find:   relations, tech: "slow thermometer", rating: RatingClueRelation,
			text: "slow thermometer r1c1,r2c2: r1c1 holds 2; r2c2 is at least 3",
			keep: map[int][]int{c4(2, 2): {3, 4}},
		},
		{
			name: "table relation", n: 4,
			// a < b, by its table
			rels:   []satdoku.Relation{{A: c4(1, 1), B: c4(2, 3), Kind: satdoku.Table, Table: "0111001100010000", Name: "less by table"}},
			givens: map[int]int{c4(1, 1): 3},
			find:   relations, tech: "less by table", rating: RatingClueRelation,
			text: "less by table r1c1,r2c3: r1c1 holds 3; r2c3 is 4",
			keep: map[int][]int{c4(2, 3): {4}},
		},
		{
			name: "whispers", n: 9,
			rels: []satdoku.Relation{rel(c9(1, 1), c9(1, 2), satdoku.Apart, 5, "whispers")},
			find: relations, tech: "whispers", rating: RatingClueRelation,
			text: "whispers r1c1,r1c2: r1c1 is not 5, r1c2 is not 5",
			keep: map[int][]int{c9(1, 1): {1, 2, 3, 4, 6, 7, 8, 9}, c9(1, 2): {1, 2, 3, 4, 6, 7, 8, 9}},
		},
		{
			name: "white dot", n: 4,
			rels:   []satdoku.Relation{rel(c4(1, 1), c4(1, 2), satdoku.Consecutive, 0, "white dot")},
			givens: map[int]int{c4(1, 1): 1},
			find:   relations, tech: "white dot", rating: RatingClueRelation,
			text: "white dot r1c1,r1c2: r1c1 holds 1; r1c2 is 2",
			keep: map[int][]int{c4(1, 2): {2}},
		},
		{
			name: "white dots along a row: the middle differs from both ends", n: 4,
			rels: []satdoku.Relation{rel(c4(1, 1), c4(1, 2), satdoku.Consecutive, 0, "white dot"), rel(c4(1, 2), c4(1, 3), satdoku.Consecutive, 0, "white dot")},
			find: relations, tech: "white dot", rating: RatingClueRelation,
			text: "white dot r1c1–r1c3: r1c2 is 2 to 3",
			keep: map[int][]int{c4(1, 2): {2, 3}},
		},
		{
			name: "black dot", n: 4,
			rels: []satdoku.Relation{rel(c4(1, 1), c4(2, 2), satdoku.Double, 0, "black dot")},
			find: relations, tech: "black dot", rating: RatingClueRelation,
			text: "black dot r1c1,r2c2: r1c1 is 1, 2 or 4, r2c2 is 1, 2 or 4",
			keep: map[int][]int{c4(1, 1): {1, 2, 4}, c4(2, 2): {1, 2, 4}},
		},
		{
			name: "ratio 3", n: 9,
			rels: []satdoku.Relation{rel(c9(1, 1), c9(5, 5), satdoku.Ratio, 3, "black dot")},
			find: relations, tech: "black dot", rating: RatingClueRelation,
			text: "black dot r1c1,r5c5: r1c1 is not 4, 5, 7 or 8, r5c5 is not 4, 5, 7 or 8",
			keep: map[int][]int{c9(1, 1): {1, 2, 3, 6, 9}, c9(5, 5): {1, 2, 3, 6, 9}},
		},
		{
			name: "difference 2", n: 4,
			rels:   []satdoku.Relation{rel(c4(1, 1), c4(1, 2), satdoku.Difference, 2, "white dot")},
			givens: map[int]int{c4(1, 1): 1},
			find:   relations, tech: "white dot", rating: RatingClueRelation,
			text: "white dot r1c1,r1c2: r1c1 holds 1; r1c2 is 3",
			keep: map[int][]int{c4(1, 2): {3}},
		},
		{
			name: "XV: two cells of a row adding up to 7", n: 4,
			rels: []satdoku.Relation{rel(c4(1, 1), c4(1, 2), satdoku.Sum, 7, "xv")},
			find: relations, tech: "xv", rating: RatingClueRelation,
			text: "xv r1c1,r1c2: r1c1 is at least 3, r1c2 is at least 3",
			keep: map[int][]int{c4(1, 1): {3, 4}, c4(1, 2): {3, 4}},
		},
		{
			name: "X in a row: no 5", n: 9,
			rels: []satdoku.Relation{rel(c9(1, 1), c9(1, 2), satdoku.Sum, 10, "xv")},
			find: relations, tech: "xv", rating: RatingClueRelation,
			text: "xv r1c1,r1c2: r1c1 is not 5, r1c2 is not 5",
			keep: map[int][]int{c9(1, 1): {1, 2, 3, 4, 6, 7, 8, 9}, c9(1, 2): {1, 2, 3, 4, 6, 7, 8, 9}},
		},
		{
			name: "nonconsecutive", n: 4,
			rels:   []satdoku.Relation{rel(c4(1, 1), c4(1, 2), satdoku.NotConsecutive, 0, "nonconsecutive")},
			givens: map[int]int{c4(1, 1): 2},
			find:   relations, tech: "nonconsecutive", rating: RatingClueRelation,
			text: "nonconsecutive r1c1,r1c2: r1c1 holds 2; r1c2 is 4",
			keep: map[int][]int{c4(1, 2): {4}},
		},
		{
			name: "negative XV", n: 4,
			rels:   []satdoku.Relation{rel(c4(1, 1), c4(1, 2), satdoku.NotSum, 5, "negative xv")},
			givens: map[int]int{c4(1, 1): 1},
			find:   relations, tech: "negative xv", rating: RatingClueRelation,
			text: "negative xv r1c1,r1c2: r1c1 holds 1; r1c2 is at most 3",
			keep: map[int][]int{c4(1, 2): {2, 3}},
		},
		{
			name: "negative black dot", n: 4,
			rels:   []satdoku.Relation{rel(c4(1, 1), c4(3, 1), satdoku.NotDouble, 0, "negative ratio")},
			givens: map[int]int{c4(1, 1): 2},
			find:   relations, tech: "negative ratio", rating: RatingClueRelation,
			text: "negative ratio r1c1,r3c1: r1c1 holds 2; r3c1 is 3",
			keep: map[int][]int{c4(3, 1): {3}},
		},
		{
			name: "negative white dot of 2", n: 4,
			rels:   []satdoku.Relation{rel(c4(1, 1), c4(3, 2), satdoku.NotDifference, 2, "negative difference")},
			givens: map[int]int{c4(1, 1): 2},
			find:   relations, tech: "negative difference", rating: RatingClueRelation,
			text: "negative difference r1c1,r3c2: r1c1 holds 2; r3c2 is at most 3",
			keep: map[int][]int{c4(3, 2): {1, 2, 3}},
		},
		{
			name: "negative ratio 3", n: 9,
			rels:   []satdoku.Relation{rel(c9(1, 1), c9(5, 5), satdoku.NotRatio, 3, "negative ratio")},
			givens: map[int]int{c9(1, 1): 3},
			find:   relations, tech: "negative ratio", rating: RatingClueRelation,
			text: "negative ratio r1c1,r5c5: r1c1 holds 3; r5c5 is 2 to 8",
			keep: map[int][]int{c9(5, 5): {2, 3, 4, 5, 6, 7, 8}},
		},
		{
			name: "clone", n: 4,
			rels:   []satdoku.Relation{rel(c4(1, 1), c4(3, 2), satdoku.Equal, 0, "clone")},
			givens: map[int]int{c4(1, 1): 3},
			find:   relations, tech: "clone", rating: RatingClueRelation,
			text: "clone r1c1,r3c2: r1c1 holds 3; r3c2 is 3",
			keep: map[int][]int{c4(3, 2): {3}},
		},
		{
			name: "palindrome", n: 4,
			rels:   []satdoku.Relation{rel(c4(1, 1), c4(4, 4), satdoku.Equal, 0, "palindrome")},
			givens: map[int]int{c4(1, 2): 1, c4(4, 2): 2},
			find:   relations, tech: "palindrome", rating: RatingClueRelation,
			text: "palindrome r1c1,r4c4: r1c1 is at least 3, r4c4 is at least 3",
			keep: map[int][]int{c4(1, 1): {3, 4}, c4(4, 4): {3, 4}},
		},
		{
			name: "parity line", n: 4,
			rels:   []satdoku.Relation{rel(c4(1, 1), c4(3, 3), satdoku.OtherResidue, 2, "parity line")},
			givens: map[int]int{c4(1, 1): 1},
			find:   relations, tech: "parity line", rating: RatingClueRelation,
			text: "parity line r1c1,r3c3: r1c1 holds 1; r3c3 is 2 or 4",
			keep: map[int][]int{c4(3, 3): {2, 4}},
		},
		{
			name: "entropic line", n: 9,
			rels:   []satdoku.Relation{rel(c9(1, 1), c9(5, 5), satdoku.OtherThird, 9, "entropic line")},
			givens: map[int]int{c9(1, 1): 2},
			find:   relations, tech: "entropic line", rating: RatingClueRelation,
			text: "entropic line r1c1,r5c5: r1c1 holds 2; r5c5 is at least 4",
			keep: map[int][]int{c9(5, 5): {4, 5, 6, 7, 8, 9}},
		},
		// Constraints, one kind each.
		{
			name: "odd cell", n: 4,
			cons: []satdoku.Constraint{{Kind: satdoku.OneOf, Cells: []int{c4(2, 3)}, Mask: mask(1, 3), Name: "odd"}},
			find: marks, tech: "odd", rating: RatingClueMark,
			text: "odd r2c3: r2c3 is 1 or 3",
			keep: map[int][]int{c4(2, 3): {1, 3}},
		},
		{
			name: "killer cage", n: 9,
			extra: [][]int{{c9(4, 4), c9(4, 5)}},
			cons:  []satdoku.Constraint{{Kind: satdoku.Total, Cells: []int{c9(4, 4), c9(4, 5)}, Value: 3, Name: "killer cage"}},
			find:  sums, tech: "killer cage", rating: RatingClueSum,
			text: "killer cage r4c4,r4c5 (3): only 1+2; r4c4 is at most 2, r4c5 is at most 2",
			keep: map[int][]int{c9(4, 4): {1, 2}, c9(4, 5): {1, 2}},
		},
		{
			name: "killer cage of three, one cell given", n: 9,
			extra:  [][]int{{c9(1, 1), c9(1, 2), c9(2, 1)}},
			cons:   []satdoku.Constraint{{Kind: satdoku.Total, Cells: []int{c9(1, 1), c9(1, 2), c9(2, 1)}, Value: 10, Name: "killer cage"}},
			givens: map[int]int{c9(1, 1): 1},
			find:   sums, tech: "killer cage", rating: RatingClueSum,
			text: "killer cage r1c1,r1c2,r2c1 (10): 1+2+7, 1+3+6 or 1+4+5; r1c2 is at most 7, r2c1 is at most 7",
			keep: map[int][]int{c9(1, 2): {2, 3, 4, 5, 6, 7}, c9(2, 1): {2, 3, 4, 5, 6, 7}},
		},
		{
			name: "little killer: cells that may repeat", n: 9,
			cons: []satdoku.Constraint{{Kind: satdoku.Total, Cells: []int{c9(1, 4), c9(2, 3)}, Value: 2, Name: "little killer"}},
			find: sums, tech: "little killer", rating: RatingClueSum,
			text: "little killer r1c4,r2c3 (2): r1c4 is 1, r2c3 is 1",
			keep: map[int][]int{c9(1, 4): {1}, c9(2, 3): {1}},
		},
		{
			name: "arrow", n: 4,
			cons: []satdoku.Constraint{{Kind: satdoku.Total, Cells: []int{c4(1, 2), c4(2, 2), c4(1, 1)}, Coefs: []int{1, 1, -1}, Name: "arrow"}},
			find: sums, tech: "arrow", rating: RatingClueSum,
			text: "arrow r1c2+r2c2 = r1c1: r1c2 is at most 3, r2c2 is at most 3, r1c1 is at least 3",
			keep: map[int][]int{c4(1, 1): {3, 4}, c4(1, 2): {1, 2, 3}, c4(2, 2): {1, 2, 3}},
		},
		{
			name: "pill arrow", n: 9,
			cons:   []satdoku.Constraint{{Kind: satdoku.Total, Cells: []int{c9(3, 3), c9(4, 4), c9(1, 1), c9(1, 2)}, Coefs: []int{1, 1, -10, -1}, Name: "arrow"}},
			givens: map[int]int{c9(1, 2): 5},
			find:   sums, tech: "arrow", rating: RatingClueSum,
			text: "arrow r3c3+r4c4 = 10·r1c1+r1c2: r3c3 is at least 6, r4c4 is at least 6, r1c1 is 1",
			keep: map[int][]int{c9(1, 1): {1}, c9(3, 3): {6, 7, 8, 9}, c9(4, 4): {6, 7, 8, 9}},
		},
		{
			name: "region sum line", n: 4,
			cons: []satdoku.Constraint{{Kind: satdoku.Total, Cells: []int{c4(3, 3), c4(1, 1), c4(1, 2)}, Coefs: []int{1, -1, -1}, Name: "region sum line"}},
			find: sums, tech: "region sum line", rating: RatingClueSum,
			text: "region sum line r3c3 = r1c1+r1c2: r3c3 is at least 3, r1c1 is at most 3, r1c2 is at most 3",
			keep: map[int][]int{c4(3, 3): {3, 4}, c4(1, 1): {1, 2, 3}, c4(1, 2): {1, 2, 3}},
		},
		{
			name: "renban", n: 9,
			cons:   []satdoku.Constraint{{Kind: satdoku.Run, Cells: []int{c9(1, 1), c9(1, 2), c9(1, 3)}, Name: "renban"}},
			givens: map[int]int{c9(1, 1): 1},
			find:   lines, tech: "renban", rating: RatingClueLine,
			text: "renban r1c1–r1c3: r1c2 is at most 3, r1c3 is at most 3",
			keep: map[int][]int{c9(1, 2): {2, 3}, c9(1, 3): {2, 3}},
		},
		{
			name: "renban across boxes: a run of distinct digits", n: 9,
			cons:   []satdoku.Constraint{{Kind: satdoku.Run, Cells: []int{c9(1, 3), c9(2, 4)}, Name: "renban"}},
			givens: map[int]int{c9(1, 3): 5, c9(9, 4): 4},
			find:   lines, tech: "renban", rating: RatingClueLine,
			text: "renban r1c3–r2c4: r2c4 is 6",
			keep: map[int][]int{c9(2, 4): {6}},
		},
		{
			name: "between line", n: 9,
			cons:   []satdoku.Constraint{{Kind: satdoku.Within, Cells: []int{c9(1, 1), c9(1, 2), c9(1, 3), c9(1, 4)}, Name: "between"}},
			givens: map[int]int{c9(1, 1): 3, c9(1, 4): 6},
			find:   lines, tech: "between", rating: RatingClueLine,
			text: "between r1c1–r1c4: r1c2 is 4 to 5, r1c3 is 4 to 5",
			keep: map[int][]int{c9(1, 2): {4, 5}, c9(1, 3): {4, 5}},
		},
		{
			name: "lockout line", n: 9,
			cons:   []satdoku.Constraint{{Kind: satdoku.Outside, Cells: []int{c9(1, 1), c9(2, 2), c9(2, 4)}, Name: "lockout line"}},
			givens: map[int]int{c9(1, 1): 3, c9(2, 4): 7},
			find:   lines, tech: "lockout line", rating: RatingClueLine,
			text: "lockout line r1c1–r2c4: r2c2 is not 4, 5 or 6",
			keep: map[int][]int{c9(2, 2): {1, 2, 8, 9}},
		},
		{
			name: "contains exactly", n: 4,
			cons: []satdoku.Constraint{{Kind: satdoku.Exactly, Cells: []int{c4(1, 1), c4(2, 3)}, Digits: []int{2, 2}, Name: "contains exactly"}},
			find: lines, tech: "contains exactly", rating: RatingClueLine,
			text: "contains exactly r1c1,r2c3 (2,2): r1c1 is 2, r2c3 is 2",
			keep: map[int][]int{c4(1, 1): {2}, c4(2, 3): {2}},
		},
		{
			name: "same values", n: 4,
			cons:   []satdoku.Constraint{{Kind: satdoku.SameValues, Cells: []int{c4(1, 1), c4(2, 3)}, Value: 2, Name: "same values"}},
			givens: map[int]int{c4(1, 1): 3},
			find:   lines, tech: "same values", rating: RatingClueLine,
			text: "same values r1c1,r2c3: r2c3 is 3",
			keep: map[int][]int{c4(2, 3): {3}},
		},
		{
			name: "counting circles", n: 4,
			cons: []satdoku.Constraint{{Kind: satdoku.Circles, Cells: []int{c4(1, 1), c4(2, 3)}, Name: "counting circles"}},
			find: lines, tech: "counting circles", rating: RatingClueLine,
			text: "counting circles r1c1,r2c3: r1c1 is 2, r2c3 is 2",
			keep: map[int][]int{c4(1, 1): {2}, c4(2, 3): {2}},
		},
		{
			name: "count distinct", n: 4,
			cons:   []satdoku.Constraint{{Kind: satdoku.Distinct, Cells: []int{c4(1, 1), c4(2, 3), c4(3, 2)}, Value: 1, Name: "count distinct"}},
			givens: map[int]int{c4(2, 3): 1, c4(3, 2): 2},
			find:   lines, tech: "count distinct", rating: RatingClueLine,
			text: "count distinct r1c1,r2c3,r3c2: r1c1 is 2",
			keep: map[int][]int{c4(1, 1): {2}},
		},
		{
			name: "multi-sum killer cage", n: 4,
			cons: []satdoku.Constraint{{Kind: satdoku.TotalIn, Cells: []int{c4(1, 1), c4(2, 3)}, Digits: []int{2, 8}, Name: "multisum killer cage"}},
			find: lines, tech: "multisum killer cage", rating: RatingClueLine,
			text: "multisum killer cage r1c1,r2c3 (2,8): r1c1 is 1 or 4, r2c3 is 1 or 4",
			keep: map[int][]int{c4(1, 1): {1, 4}, c4(2, 3): {1, 4}},
		},
		{
			name: "rellik cage", n: 4,
			cons:   []satdoku.Constraint{{Kind: satdoku.NoSubsetSum, Cells: []int{c4(1, 1), c4(2, 3), c4(3, 2)}, Value: 5, Name: "rellik cage"}},
			givens: map[int]int{c4(1, 1): 1, c4(2, 3): 3},
			find:   lines, tech: "rellik cage", rating: RatingClueLine,
			text: "rellik cage r1c1,r2c3,r3c2: r3c2 is 1 or 3",
			keep: map[int][]int{c4(3, 2): {1, 3}},
		},
		{
			name: "sum loop", n: 4,
			cons:   []satdoku.Constraint{{Kind: satdoku.SegmentsLoop, Cells: []int{c4(1, 1), c4(2, 3), c4(3, 2), c4(4, 4)}, Value: 3, Name: "sum loop"}},
			givens: map[int]int{c4(1, 1): 1, c4(2, 3): 2, c4(3, 2): 1},
			find:   lines, tech: "sum loop", rating: RatingClueLine,
			text: "sum loop r1c1–r4c4 (3): r4c4 is 2",
			keep: map[int][]int{c4(4, 4): {2}},
		},
		{
			name: "connected values", n: 4,
			cons:   []satdoku.Constraint{{Kind: satdoku.Connected, Cells: row4, Value: 4, Mask: 0b11, Name: "connected values"}},
			givens: map[int]int{c4(1, 1): 1},
			find:   lines, tech: "connected values", rating: RatingClueLine,
			text: "connected values r1c1,r1c2,r1c3,r1c4: r1c2 is 2, r1c3 is at least 3, r1c4 is at least 3",
			keep: map[int][]int{c4(1, 2): {2}, c4(1, 3): {3, 4}, c4(1, 4): {3, 4}},
		},
		{
			name: "automaton", n: 9,
			// Digits that rise by one from a 3: "34…".
			cons: []satdoku.Constraint{{Kind: satdoku.Automaton, Cells: []int{c9(1, 1), c9(1, 2), c9(1, 3)}, Name: "rising line",
				NFA: &satdoku.NFA{States: 3, Start: []int{0}, Accept: []int{2}, Moves: []satdoku.Move{{From: 0, To: 1, Symbol: 3}, {From: 1, To: 2, Symbol: 4}, {From: 2, To: 2, Symbol: 5}, {From: 2, To: 2, Symbol: 6}}}}},
			find: lines, tech: "rising line", rating: RatingClueLine,
			text: "rising line r1c1–r1c3: r1c1 is 3, r1c2 is 4, r1c3 is 5 to 6",
			keep: map[int][]int{c9(1, 1): {3}, c9(1, 2): {4}, c9(1, 3): {5, 6}},
		},
		{
			name: "reach", n: 4,
			// r1c1 counts r1c2 and the run from it of r2c3, r3c4 that
			// holds its digit: r1c2 and r2c3 hold 1, r3c4 2, so 2.
			cons:   []satdoku.Constraint{{Kind: satdoku.Reach, Cells: []int{c4(1, 1), c4(1, 2), c4(2, 3), c4(3, 4)}, Coefs: []int{0, 0, 1, 1}, Name: "chaos arrow"}},
			givens: map[int]int{c4(1, 2): 1, c4(2, 3): 1, c4(3, 4): 2},
			find:   lines, tech: "chaos arrow", rating: RatingClueLine,
			text: "chaos arrow r1c1,r1c2,r2c3,r3c4: r1c1 is 2",
			keep: map[int][]int{c4(1, 1): {2}},
		},
		{
			name: "sandwich", n: 4,
			cons: []satdoku.Constraint{{Kind: satdoku.Sandwich, Cells: row4, Value: 5, Name: "sandwich"}},
			find: lines, tech: "sandwich", rating: RatingClueLine,
			text: "sandwich r1c1–r1c4 (5): r1c1 is 1 or 4, r1c2 is 2 to 3, r1c3 is 2 to 3, r1c4 is 1 or 4",
			keep: map[int][]int{c4(1, 1): {1, 4}, c4(1, 2): {2, 3}, c4(1, 3): {2, 3}, c4(1, 4): {1, 4}},
		},
		{
			name: "quadruple", n: 6,
			cons: []satdoku.Constraint{{Kind: satdoku.Contains, Cells: []int{c6(1, 1), c6(1, 2), c6(2, 1), c6(2, 2)}, Digits: []int{1, 2, 3, 4}, Name: "quadruple"}},
			find: lines, tech: "quadruple", rating: RatingClueLine,
			text: "quadruple r1c1,r1c2,r2c1,r2c2 (1,2,3,4): r1c1 is at most 4, r1c2 is at most 4, r2c1 is at most 4, r2c2 is at most 4",
			keep: map[int][]int{c6(1, 1): {1, 2, 3, 4}, c6(1, 2): {1, 2, 3, 4}, c6(2, 1): {1, 2, 3, 4}, c6(2, 2): {1, 2, 3, 4}},
		},
		{
			name: "x-sum", n: 4,
			cons: []satdoku.Constraint{{Kind: satdoku.XSum, Cells: row4, Value: 10, Name: "x-sum"}},
			find: lines, tech: "x-sum", rating: RatingClueLine,
			text: "x-sum r1c1–r1c4 (10): r1c1 is 4, r1c2 is at most 3, r1c3 is at most 3, r1c4 is at most 3",
			keep: map[int][]int{c4(1, 1): {4}, c4(1, 2): {1, 2, 3}, c4(1, 3): {1, 2, 3}, c4(1, 4): {1, 2, 3}},
		},
		{
			name: "skyscraper", n: 4,
			cons: []satdoku.Constraint{{Kind: satdoku.Skyscraper, Cells: row4, Value: 4, Name: "skyscraper"}},
			find: lines, tech: "skyscraper", rating: RatingClueLine,
			text: "skyscraper r1c1–r1c4 (4): r1c1 is 1, r1c2 is 2, r1c3 is 3, r1c4 is 4",
			keep: map[int][]int{c4(1, 1): {1}, c4(1, 2): {2}, c4(1, 3): {3}, c4(1, 4): {4}},
		},
		{
			name: "10-line", n: 9,
			cons: []satdoku.Constraint{{Kind: satdoku.Segments, Cells: []int{c9(1, 1), c9(2, 1)}, Value: 10, Name: "10-line"}},
			find: lines, tech: "10-line", rating: RatingClueLine,
			text: "10-line r1c1–r2c1 (10): r1c1 is not 5, r2c1 is not 5",
			keep: map[int][]int{c9(1, 1): {1, 2, 3, 4, 6, 7, 8, 9}, c9(2, 1): {1, 2, 3, 4, 6, 7, 8, 9}},
		},
		{
			name: "same difference", n: 4,
			cons: []satdoku.Constraint{{Kind: satdoku.SameGap, Cells: []int{c4(1, 1), c4(1, 2), c4(1, 3)}, Name: "same difference"}},
			find: lines, tech: "same difference", rating: RatingClueLine,
			text: "same difference r1c1–r1c3: r1c2 is 2 to 3",
			keep: map[int][]int{c4(1, 2): {2, 3}},
		},
		{
			name: "numbered room", n: 4,
			cons: []satdoku.Constraint{{Kind: satdoku.Index, Cells: row4, Coefs: []int{1, 2, 3, 4}, Value: 4, Name: "numbered room"}},
			find: lines, tech: "numbered room", rating: RatingClueLine,
			text: "numbered room r1c1 (4): r1c1 is 2 to 3, r1c2 is 1, 2 or 4, r1c3 is 1, 3 or 4, r1c4 is at most 3",
			keep: map[int][]int{c4(1, 1): {2, 3}, c4(1, 2): {1, 2, 4}, c4(1, 3): {1, 3, 4}, c4(1, 4): {1, 2, 3}},
		},
		// The steps that join clues and units.
		{
			name: "cage pointing", n: 9,
			extra: [][]int{{c9(1, 1), c9(1, 2), c9(2, 1)}},
			cons:  []satdoku.Constraint{{Kind: satdoku.Total, Cells: []int{c9(1, 1), c9(1, 2), c9(2, 1)}, Value: 6, Name: "killer cage"}},
			find:  pointing, tech: "cage pointing", rating: RatingCagePointing,
			text: "killer cage r1c1,r1c2,r2c1 (6): always holds 1 (1+2+3), in r1c1,r1c2,r2c1; remove 1 from r1c3, r2c2, r2c3, r3c1, r3c2, r3c3",
			keep: map[int][]int{c9(1, 3): {2, 3, 4, 5, 6, 7, 8, 9}, c9(2, 2): {2, 3, 4, 5, 6, 7, 8, 9}, c9(2, 3): {2, 3, 4, 5, 6, 7, 8, 9},
				c9(3, 1): {2, 3, 4, 5, 6, 7, 8, 9}, c9(3, 2): {2, 3, 4, 5, 6, 7, 8, 9}, c9(3, 3): {2, 3, 4, 5, 6, 7, 8, 9}},
		},
		{
			name: "clues together: a white and a black dot in one box", n: 4,
			rels: []satdoku.Relation{rel(c4(1, 1), c4(1, 2), satdoku.Consecutive, 0, "white dot"), rel(c4(1, 1), c4(2, 1), satdoku.Double, 0, "black dot")},
			find: func(s *State) (Step, bool) { return s.clueClusterStep() }, tech: "clues together", rating: RatingClueCluster,
			text: "white dot and black dot r1c1,r1c2,r2c1: r1c1 is 2 or 4, r1c2 is 1 or 3, r2c1 is 1, 2 or 4",
			keep: map[int][]int{c4(1, 1): {2, 4}, c4(1, 2): {1, 3}, c4(2, 1): {1, 2, 4}},
		},
		{
			name: "clue pointing: a renban of five holds 5", n: 9,
			cons: []satdoku.Constraint{{Kind: satdoku.Run, Cells: []int{c9(1, 1), c9(1, 2), c9(1, 3), c9(1, 4), c9(1, 5)}, Name: "renban"}},
			find: pointing, tech: "clue pointing", rating: RatingCagePointing,
			text: "renban r1c1–r1c5: always holds 5, in r1c1,r1c2,r1c3,r1c4,r1c5; remove 5 from r1c6, r1c7, r1c8, r1c9",
			keep: map[int][]int{c9(1, 6): {1, 2, 3, 4, 6, 7, 8, 9}, c9(1, 7): {1, 2, 3, 4, 6, 7, 8, 9}, c9(1, 8): {1, 2, 3, 4, 6, 7, 8, 9}, c9(1, 9): {1, 2, 3, 4, 6, 7, 8, 9}},
		},
		{
			name: "equal cells see a unit's every place of a digit", n: 4,
			rels:   []satdoku.Relation{rel(c4(1, 1), c4(4, 4), satdoku.Equal, 0, "clone")},
			givens: map[int]int{c4(2, 3): 2},
			find:   func(s *State) (Step, bool) { return s.equalCells() }, tech: "equal cells", rating: RatingEqualCells,
			text: "equal cells r1c1,r4c4 (clone): with 1 they would see every place of 1 in row 2; remove 1 from r1c1, r4c4",
			keep: map[int][]int{c4(1, 1): {2, 3, 4}, c4(4, 4): {2, 3, 4}},
		},
		{
			name: "innies", n: 4,
			extra: [][]int{{c4(1, 1), c4(1, 2)}},
			cons:  []satdoku.Constraint{{Kind: satdoku.Total, Cells: []int{c4(1, 1), c4(1, 2)}, Value: 3, Name: "killer cage"}},
			find:  inniesStep, tech: "innies and outies", rating: RatingInnies,
			text: "innies and outies of row 1: r1c3+r1c4 = 7 (10 less the cages' 3), only 3+4; r1c3 is at least 3, r1c4 is at least 3",
			keep: map[int][]int{c4(1, 3): {3, 4}, c4(1, 4): {3, 4}},
		},
		{
			name: "outies", n: 4,
			extra: [][]int{{c4(1, 1), c4(1, 2), c4(2, 1)}, {c4(1, 3), c4(1, 4), c4(2, 4)}},
			cons: []satdoku.Constraint{
				{Kind: satdoku.Total, Cells: []int{c4(1, 1), c4(1, 2), c4(2, 1)}, Value: 7, Name: "killer cage"},
				{Kind: satdoku.Total, Cells: []int{c4(1, 3), c4(1, 4), c4(2, 4)}, Value: 7, Name: "killer cage"},
			},
			find: inniesStep, tech: "innies and outies", rating: RatingInnies,
			text: "innies and outies of row 1: r2c1+r2c4 = 4 (10 less the cages' 14); r2c1 is 1 or 3, r2c4 is 1 or 3",
			keep: map[int][]int{c4(2, 1): {1, 3}, c4(2, 4): {1, 3}},
		},
	}
	for _, cc := range tests {
		t.Run(cc.name, func(t *testing.T) {
			g := cc.grid(t)
			s, err := New(g)
			if err != nil {
				t.Fatal(err)
			}
			st, ok := cc.find(s)
			if !ok {
				t.Fatal("no step")
			}
			if st.Technique != cc.tech || st.Rating != cc.rating || st.Text != cc.text {
				t.Errorf("step %s %.1f %q\nwant %s %.1f %q", st.Technique, st.Rating, st.Text, cc.tech, cc.rating, cc.text)
			}
			var want []Candidate
			for i, ds := range cc.keep {
				for _, d := range digits(s.cand[i] &^ mask(ds...)) {
					want = append(want, Candidate{i, d})
				}
			}
			want = sortCands(want)
			if !slices.Equal(st.Eliminations, want) {
				t.Errorf("eliminations %v\nwant %v", st.Eliminations, want)
			}
			if len(st.Placements) != 0 {
				t.Errorf("placements %v", st.Placements)
			}
			checkImpossible(t, g, st)
		})
	}
}

// checkImpossible checks by brute force (verify.Count) that no solution of
// g holds a candidate the step removes.
func checkImpossible(t *testing.T, g *satdoku.Grid, st Step) {
	t.Helper()
	for _, c := range st.Eliminations {
		h := g.Clone()
		h.SetCell(c.Cell, c.Digit)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		k, _, err := verify.CountContext(ctx, h, 1)
		cancel()
		if err != nil {
			t.Fatalf("%s=%d: %v", cellName(g.N(), c.Cell), c.Digit, err)
		}
		if k != 0 {
			t.Errorf("%q removes %d from %s, which a solution holds", st.Text, c.Digit, cellName(g.N(), c.Cell))
		}
	}
}

// TestClueKindsCovered holds TestClueSteps to every kind of relation and
// constraint: each has a case (but Different, which the peers of every
// cell hold, and Never, a clue that cannot hold).
func TestClueKindsCovered(t *testing.T) {
	// The kinds TestClueSteps uses, read from its source so that a new
	// kind without a case fails here.
	src, err := os.ReadFile("clue_test.go")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	for _, k := range satdoku.RelationKinds() {
		if k != satdoku.Different && !strings.Contains(text, "satdoku."+relConst(k)+",") {
			t.Errorf("no case for relation kind %v", k)
		}
	}
	for _, k := range satdoku.ConstraintKinds() {
		if k != satdoku.Never && !strings.Contains(text, "Kind: satdoku."+conConst(k)+",") {
			t.Errorf("no case for constraint kind %v", k)
		}
	}
}

// relConst and conConst are the Go names of the kinds.
func relConst(k satdoku.RelationKind) string {
	return map[satdoku.RelationKind]string{satdoku.NotConsecutive: "NotConsecutive", satdoku.Consecutive: "Consecutive",
		satdoku.Double: "Double", satdoku.NotDouble: "NotDouble", satdoku.Sum: "Sum", satdoku.NotSum: "NotSum",
		satdoku.Less: "Less", satdoku.Equal: "Equal", satdoku.Apart: "Apart", satdoku.Difference: "Difference",
		satdoku.NotDifference: "NotDifference", satdoku.Ratio: "Ratio", satdoku.NotRatio: "NotRatio",
		satdoku.OtherResidue: "OtherResidue", satdoku.OtherThird: "OtherThird", satdoku.NotGreater: "NotGreater",
		satdoku.Table: "Table"}[k]
}

func conConst(k satdoku.ConstraintKind) string {
	return map[satdoku.ConstraintKind]string{satdoku.Total: "Total", satdoku.Run: "Run", satdoku.Within: "Within",
		satdoku.Sandwich: "Sandwich", satdoku.Contains: "Contains", satdoku.OneOf: "OneOf", satdoku.XSum: "XSum",
		satdoku.Skyscraper: "Skyscraper", satdoku.Segments: "Segments", satdoku.SameGap: "SameGap",
		satdoku.Index: "Index", satdoku.Outside: "Outside", satdoku.Exactly: "Exactly", satdoku.SameValues: "SameValues",
		satdoku.Circles: "Circles", satdoku.Distinct: "Distinct", satdoku.SegmentsLoop: "SegmentsLoop", satdoku.TotalIn: "TotalIn",
		satdoku.NoSubsetSum: "NoSubsetSum", satdoku.Connected: "Connected", satdoku.Automaton: "Automaton", satdoku.AnyOf: "AnyOf",
		satdoku.Reach: "Reach"}[k]
}

// randomClues returns clues of every kind on random cells that the
// complete grid sol satisfies, as the independent validator checks
// (verify.Solution): relations of random kinds and values, and
// constraints whose numbers are read off sol or drawn at random.
func randomClues(t *testing.T, sol *satdoku.Grid, rng *rand.Rand, k int) *satdoku.Rules {
	t.Helper()
	n := sol.N()
	r := sol.Rules()
	cells := func(m int) []int {
		perm := rng.Perm(n * n)
		return perm[:m]
	}
	line := func() []int {
		var cs []int
		if rng.IntN(2) == 0 {
			row := rng.IntN(n)
			for c := range n {
				cs = append(cs, row*n+c)
			}
		} else {
			col := rng.IntN(n)
			for rr := range n {
				cs = append(cs, rr*n+col)
			}
		}
		if rng.IntN(2) == 0 {
			slices.Reverse(cs)
		}
		return cs
	}
	holds := func(r2 *satdoku.Rules) bool {
		g := satdoku.NewGrid(r2)
		for i := range n * n {
			g.SetCell(i, sol.Cell(i))
		}
		return verify.Solution(satdoku.NewGrid(r2), g) == nil
	}
	for tries := 0; tries < 50*k && k > 0; tries++ {
		var next *satdoku.Rules
		var err error
		if rng.IntN(2) == 0 {
			kinds := satdoku.RelationKinds()[1:]
			cs := cells(2)
			next, err = r.WithRelations(satdoku.Relation{A: cs[0], B: cs[1], Kind: kinds[rng.IntN(len(kinds))], Value: 1 + rng.IntN(2*n)})
		} else {
			kinds := satdoku.ConstraintKinds()
			c := satdoku.Constraint{Kind: kinds[rng.IntN(len(kinds))]} // a Never never holds: left out below
			switch c.Kind {
			case satdoku.Sandwich, satdoku.XSum, satdoku.Skyscraper:
				c.Cells = line()
				c.Value = rng.IntN(n * 2)
			case satdoku.Index:
				c.Cells = line()
				for x := range n {
					c.Coefs = append(c.Coefs, x+1)
				}
				c.Value = sol.Cell(c.Cells[sol.Cell(c.Cells[0])-1])
			case satdoku.Contains:
				c.Cells = cells(1 + rng.IntN(4))
				for _, i := range c.Cells[:1+rng.IntN(len(c.Cells))] {
					c.Digits = append(c.Digits, sol.Cell(i))
				}
			case satdoku.OneOf:
				c.Cells = cells(1 + rng.IntN(3))
				c.Mask = rng.Uint64() & (1<<n - 1)
			case satdoku.Reach:
				// A start and two arms; Value makes sol's count.
				c.Cells = cells(3 + rng.IntN(4))
				c.Coefs = []int{0, 0}
				for range c.Cells[2:] {
					c.Coefs = append(c.Coefs, 1+rng.IntN(2))
				}
				count := 1
				for a := 1; a <= 2; a++ {
					for k := 2; k < len(c.Cells) && (c.Coefs[k] != a || sol.Cell(c.Cells[k]) == sol.Cell(c.Cells[1])); k++ {
						if c.Coefs[k] == a {
							count++
						}
					}
				}
				c.Value = count - sol.Cell(c.Cells[0])
			case satdoku.Automaton:
				// The k-th digit of the line within 1 of sol's.
				c.Cells = line()
				c.NFA = &satdoku.NFA{States: len(c.Cells) + 1, Start: []int{0}, Accept: []int{len(c.Cells)}}
				for k, i := range c.Cells {
					for d := max(1, sol.Cell(i)-1); d <= min(n, sol.Cell(i)+1); d++ {
						c.NFA.Moves = append(c.NFA.Moves, satdoku.Move{From: k, To: k + 1, Symbol: d})
					}
				}
			default:
				c.Cells = cells(2 + rng.IntN(3))
				if c.Kind == satdoku.Total {
					for _, i := range c.Cells {
						a := 1 - 2*rng.IntN(2)
						c.Coefs = append(c.Coefs, a)
						c.Value += a * sol.Cell(i)
					}
				} else {
					c.Value = 1 + rng.IntN(2*n)
				}
			}
			next, err = r.WithConstraints(c)
		}
		if err != nil || !holds(next) {
			continue
		}
		r = next
		k--
	}
	return r
}

// TestCluesRandom solves random small boards with random clues that a
// random complete grid satisfies, keeping some of its digits as givens:
// no step may remove a digit of that grid, nor place another.
func TestCluesRandom(t *testing.T) {
	rounds := 1000
	if testing.Short() {
		rounds = 60 // make test-long runs 1000
	}
	std4, _ := satdoku.Standard(4)
	std6, _ := satdoku.Standard(6)
	for seed := range uint64(rounds) {
		rng := rand.New(rand.NewPCG(seed, 7))
		base := std4
		if seed%2 == 1 {
			base = std6
		}
		full := fill(t, base, seed)
		r := randomClues(t, full, rng, 2+rng.IntN(10))
		sol := satdoku.NewGrid(r)
		for i := range full.Len() {
			sol.SetCell(i, full.Cell(i))
		}
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			checkSound(t, puzzleOf(sol, seed, 0.2), sol)
		})
	}
}

// TestClueOddShapes runs the clue techniques on constraints of every kind
// with one cell, two cells and odd numbers (sums out of reach, a Value of
// 0 or below, a digit twice in Contains): whatever the rules take, the
// steps must not panic, and none removes a candidate that a solution
// holds (verify's count).
func TestClueOddShapes(t *testing.T) {
	std4, _ := satdoku.Standard(4)
	for _, k := range satdoku.ConstraintKinds() {
		for _, cells := range [][]int{{5}, {0, 5}, {0, 1, 2, 3}} {
			for _, v := range []int{-3, 0, 1, 4, 30} {
				c := satdoku.Constraint{Kind: k, Cells: cells, Value: v, Mask: 0b0101, Digits: []int{2, 2}[:min(2, len(cells))]}
				if k == satdoku.Index || v < 0 {
					c.Coefs = make([]int, len(cells))
					for x := range c.Coefs {
						c.Coefs[x] = x - 1
					}
				}
				r, err := std4.WithConstraints(c)
				if err != nil {
					continue
				}
				g := satdoku.NewGrid(r)
				s, err := New(g)
				if err != nil {
					t.Fatal(err)
				}
				path, _ := s.Solve(nil)
				for _, st := range path {
					for _, x := range st.Eliminations {
						if !removable(t, g, x) {
							t.Errorf("%v %v %d: %q removes %s=%d, which a solution holds", k, cells, v, st.Text, cellName(4, x.Cell), x.Digit)
						}
					}
				}
			}
		}
	}
}

// TestAnyOfSteps: the line searches leave an AnyOf out, but the steps
// over the encoder's clauses read it: r1c1 + r1c2 = 3 (r1c1 is 1 or 2)
// or r1c1 < r2c2 (r1c1 is at most 3) takes 4 from r1c1; and no step
// removes a candidate a solution holds.
func TestAnyOfSteps(t *testing.T) {
	std4, _ := satdoku.Standard(4)
	ms := []satdoku.Member{
		{Constraints: []satdoku.Constraint{{Kind: satdoku.Total, Cells: []int{0, 1}, Value: 3, Name: "cage"}}},
		{Relations: []satdoku.Relation{{A: 0, B: 5, Kind: satdoku.Less, Name: "thermo"}}},
	}
	r, err := std4.WithConstraints(satdoku.Constraint{Kind: satdoku.AnyOf, Cells: satdoku.MemberCells(ms), Members: ms, Name: "or"})
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	g.SetCell(15, 4)
	s, err := New(g)
	if err != nil {
		t.Fatal(err)
	}
	path, _ := s.Solve(nil)
	found := false
	for _, st := range path {
		found = found || st.Text == "or r1c1,r1c2,r2c2: r1c1 is not 4"
		for _, x := range st.Eliminations {
			if !removable(t, g, x) {
				t.Errorf("%q removes %s=%d, which a solution holds", st.Text, cellName(4, x.Cell), x.Digit)
			}
		}
	}
	if !found {
		t.Error(`no step "or r1c1,r1c2,r2c2: r1c1 is not 4"`)
	}
}

// removable reports whether no solution of g holds the candidate.
func removable(t *testing.T, g *satdoku.Grid, x Candidate) bool {
	t.Helper()
	h := g.Clone()
	h.SetCell(x.Cell, x.Digit)
	n, _ := verify.Count(h, 1)
	return n == 0
}

// TestCageAsUnit: a killer cage is an extra unit of the rules, so the unit
// techniques take its cells as different: a naked pair in a cage across
// two boxes clears the cage's third cell, which no row, column or box
// shares with both.
func TestCageAsUnit(t *testing.T) {
	c9 := func(r, c int) int { return at(9, r, c) }
	std9, _ := satdoku.Standard(9)
	cage := []int{c9(1, 3), c9(1, 4), c9(2, 4)}
	r, err := std9.WithExtra(satdoku.ExtraUnit{Name: "killer cage", Cells: cage})
	if err != nil {
		t.Fatal(err)
	}
	if r, err = r.WithConstraints(satdoku.Constraint{Kind: satdoku.Total, Cells: cage, Value: 12, Name: "killer cage"}); err != nil {
		t.Fatal(err)
	}
	s, err := New(satdoku.NewGrid(r))
	if err != nil {
		t.Fatal(err)
	}
	s.cand[c9(1, 3)], s.cand[c9(2, 4)] = mask(1, 2), mask(1, 2)
	st, ok := s.nakedSubset(2, RatingNakedPair)
	if !ok {
		t.Fatal("no naked pair")
	}
	want := "naked pair: r1c3, r2c4 hold only 1, 2 in killer cage; remove 1 from r1c4; 2 from r1c4"
	if st.Text != want || !slices.Equal(st.Eliminations, []Candidate{{c9(1, 4), 1}, {c9(1, 4), 2}}) {
		t.Errorf("%q %v\nwant %q", st.Text, st.Eliminations, want)
	}
}

func TestTotalText(t *testing.T) {
	for _, tc := range []struct {
		coefs []int
		value int
		want  string
	}{
		{[]int{1, 1}, 7, "r1c1+r1c2 = 7"},
		{[]int{1, 1, -1}, 0, "r1c1+r1c2 = r1c3"},
		{[]int{-1, -1}, -4, "r1c1+r1c2 = 4"},
		{[]int{1, 1, -1}, 11, "r1c1+r1c2−r1c3 = 11"},
		{[]int{1, -1, -1}, -4, "r1c2+r1c3−r1c1 = 4"},
		{[]int{1, -10, -1}, 0, "r1c1 = 10·r1c2+r1c3"},
	} {
		cells := []int{0, 1, 2}[:len(tc.coefs)]
		if got := totalText(9, cells, func(k int) int { return tc.coefs[k] }, tc.value); got != tc.want {
			t.Errorf("%v %d: %q, want %q", tc.coefs, tc.value, got, tc.want)
		}
	}
}
