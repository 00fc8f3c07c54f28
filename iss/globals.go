package iss

import (
	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// ISS's rules that are automata over a few cells, read here as
// clue.Automaton clues whose automaton this file builds (satdoku.NFA: the
// digits read in order, accepted or not), each from ISS's own statement
// of the rule (js/sudoku_constraint.js and its handlers in
// js/solver/handlers.js):
//
//   - GlobalEntropy: every 2×2 square of the grid (each of its
//     (N−1)² places) holds a low digit (1–3), a middle one (4–6) and a
//     high one (7–9); ISS reads it on the values 1 to 9 only.
//   - GlobalMod: every 2×2 square holds a digit of each residue mod 3
//     ({1,4,7}, {2,5,8}, {3,6,9}); ISS reads it on 9 values.
//   - DutchFlatmates: down each column, every middle value (⌈V/2⌉, 5 of
//     1–9) has a 1 directly above it or the largest value (9) directly
//     below it; ISS reads it on the values 1 to 9 only.
//   - ValueIndexing~A~B~C1~…~Ck: the value x of cell A appears in cell
//     C_j, where j is the value of cell B, 1 to k (an arrow from A along
//     the line, B the number of steps past it; ISS's ValueIndexing
//     handler: B's values shifted by the value offset index the cells).

// thirds returns the automaton over 4 cells of a 2×2 square that accepts
// the digits 1 to 9 when each of the three classes of class(d) (0, 1 or
// 2) is among them: its state is the set of classes seen.
func thirds(class func(d int) int) *satdoku.NFA {
	a := &satdoku.NFA{States: 8, Start: []int{0}, Accept: []int{7}}
	for s := range 8 {
		for d := 1; d <= 9; d++ {
			a.Moves = append(a.Moves, satdoku.Move{From: s, To: s | 1<<class(d), Symbol: d})
		}
	}
	return a
}

// squares adds the automaton a on every 2×2 square of the grid, the cells
// in reading order.
func (b *builder) squares(it *item, a *satdoku.NFA) {
	n := b.n
	for r := 0; r+1 < n; r++ {
		for c := 0; c+1 < n; c++ {
			i := r*n + c
			b.add(it.at, clue.Clue{Kind: clue.Automaton, Lines: [][]int{{i, i + 1, i + n, i + n + 1}}, NFA: a, Label: it.typ, Global: true})
		}
	}
}

// globalSquares reads GlobalEntropy and GlobalMod.
func (b *builder) globalSquares(it *item) error {
	if b.numValues() != 9 || it.typ == "GlobalEntropy" && b.valueOffset != 0 {
		return b.t.fail(it.at, ErrInvalid, "%s: on a board of values %d to %d (ISS reads it on the values 1 to 9)",
			it.typ, 1+b.valueOffset, b.numValues()+b.valueOffset)
	}
	if it.typ == "GlobalEntropy" {
		b.squares(it, thirds(func(d int) int { return (d - 1) / 3 }))
	} else {
		b.squares(it, thirds(func(d int) int { return (d - 1) % 3 }))
	}
	return nil
}

// flatmates returns the automaton of a column under DutchFlatmates on
// digits 1..v: state 0 after any digit but a 1 or an unmet middle one,
// 1 after a 1, 2 after a middle digit with no 1 above it (the next must
// be v); a column may end in 0 or 1.
func flatmates(v int) *satdoku.NFA {
	mid := (v + 1) / 2
	a := &satdoku.NFA{States: 3, Start: []int{0}, Accept: []int{0, 1}}
	for d := 1; d <= v; d++ {
		next := 0
		if d == 1 {
			next = 1
		}
		for s := range 2 {
			switch {
			case d == mid && s == 1:
				a.Moves = append(a.Moves, satdoku.Move{From: s, To: 0, Symbol: d})
			case d == mid:
				a.Moves = append(a.Moves, satdoku.Move{From: s, To: 2, Symbol: d})
			default:
				a.Moves = append(a.Moves, satdoku.Move{From: s, To: next, Symbol: d})
			}
		}
	}
	a.Moves = append(a.Moves, satdoku.Move{From: 2, To: 0, Symbol: v})
	return a
}

// dutchFlatmates reads DutchFlatmates: its automaton down each column.
func (b *builder) dutchFlatmates(it *item) error {
	if b.valueOffset != 0 || b.numValues() != 9 {
		return b.t.fail(it.at, ErrInvalid, "DutchFlatmates: on a board of values %d to %d (ISS reads it on the values 1 to 9)",
			1+b.valueOffset, b.numValues()+b.valueOffset)
	}
	n, a := b.n, flatmates(b.numValues())
	for c := range n {
		col := make([]int, n)
		for r := range n {
			col[r] = r*n + c
		}
		b.add(it.at, clue.Clue{Kind: clue.Automaton, Lines: [][]int{col}, NFA: a, Label: it.typ, Global: true})
	}
	return nil
}

// indexing returns the automaton of a ValueIndexing of k indexed cells on
// digits 1..v whose control digit d picks the indexed cell d+off (the
// value of the control cell): it reads the value cell's digit x (state
// x), the control's (state (x, j), j the cells still to pass before the
// picked one), and accepts once the picked cell holds x (the last state).
func indexing(v, k, off int) *satdoku.NFA {
	done := 1 + v + v*k
	state := func(x, j int) int { return 1 + v + (x-1)*k + j - 1 }
	a := &satdoku.NFA{States: done + 1, Start: []int{0}, Accept: []int{done}}
	for x := 1; x <= v; x++ {
		a.Moves = append(a.Moves, satdoku.Move{From: 0, To: x, Symbol: x})
		for d := 1; d <= v; d++ {
			if j := d + off; j >= 1 && j <= k {
				a.Moves = append(a.Moves, satdoku.Move{From: x, To: state(x, j), Symbol: d})
			}
			a.Moves = append(a.Moves, satdoku.Move{From: done, To: done, Symbol: d})
			for j := 2; j <= k; j++ {
				a.Moves = append(a.Moves, satdoku.Move{From: state(x, j), To: state(x, j-1), Symbol: d})
			}
		}
		a.Moves = append(a.Moves, satdoku.Move{From: state(x, 1), To: done, Symbol: x})
	}
	return a
}

// valueIndexing reads ValueIndexing~A~B~C1~…: at least three cells.
func (b *builder) valueIndexing(it *item) error {
	cs, err := b.cells(it, 0)
	if err != nil {
		return err
	}
	if len(cs) < 3 {
		return b.t.fail(it.at, ErrInvalid, "ValueIndexing: %d cells (want 3 or more: the value, the index and the cells it picks)", len(cs))
	}
	a := indexing(b.numValues(), len(cs)-2, b.valueOffset)
	b.add(it.at, clue.Clue{Kind: clue.Automaton, Lines: [][]int{cs}, NFA: a, Label: it.typ})
	return nil
}
