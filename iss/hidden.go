package iss

import (
	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// hiddenSkyscraper reads ".HiddenSkyscraper~R1~FORWARD~BACKWARD" (each
// clue optional, as Skyscraper's): ISS's rule, "clues outside the grid
// show the first hidden skyscraper in that row/column from the clue's
// direction of view", a digit lower than one before it. Each clue is an
// automaton over the row or column read from the clue's side (see
// hidden). A clue of no value of the board, like one that no row can
// show, leaves no solution, as in ISS.
func (b *builder) hiddenSkyscraper(it *item) error {
	n := b.n
	return b.outsideClues(it, func(_, v, row, col int) error {
		line := make([]int, n)
		for j := range n {
			switch {
			case col < 0:
				line[j] = row*n + j
			case col == n:
				line[j] = row*n + n - 1 - j
			case row < 0:
				line[j] = j*n + col
			default:
				line[j] = (n-1-j)*n + col
			}
		}
		a := hidden(b.numValues(), v-b.valueOffset)
		b.add(it.at, clue.Clue{Kind: clue.Automaton, Lines: [][]int{line}, NFA: a, Label: it.typ})
		return nil
	})
}

// hidden returns the automaton over a line of digits 1..v whose first
// hidden digit (lower than the highest before it) is t: its state is the
// highest digit so far (0 before the first), all of them seen, and v+1
// once t is found hidden, which accepts whatever follows.
func hidden(v, t int) *satdoku.NFA {
	done := v + 1
	a := &satdoku.NFA{States: v + 2, Start: []int{0}, Accept: []int{done}}
	for d := 1; d <= v; d++ {
		for m := range d {
			a.Moves = append(a.Moves, satdoku.Move{From: m, To: d, Symbol: d})
		}
		if d == t {
			for m := d + 1; m <= v; m++ {
				a.Moves = append(a.Moves, satdoku.Move{From: m, To: done, Symbol: d})
			}
		}
		a.Moves = append(a.Moves, satdoku.Move{From: done, To: done, Symbol: d})
	}
	return a
}
