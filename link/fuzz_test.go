package link_test

import (
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/textfmt"
)

// FuzzWriters: the writers never panic, whatever clues they are given
// with a grid, even clues that do not hold on its board nor made its
// rules (cells off the board, unknown kinds, automata that do not fit):
// they write a link or refuse, and a link they write reads back the same
// (each checks it itself).
func FuzzWriters(f *testing.F) {
	f.Add([]byte{1, 3, 0, 1, 2, 9})
	f.Add([]byte{5, 4, 10, 11, 12, 13, 0})
	f.Add([]byte{52, 3, 200, 1, 2, 255, 53, 2, 1, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		g := textfmt.MustParse(sampleGivens)
		var clues []clue.Clue
		for len(data) >= 3 {
			k, m := clue.Kind(data[0]%60), int(data[1]%8)
			data = data[2:]
			var cells []int
			for j := 0; j < m && j < len(data); j++ {
				cells = append(cells, int(data[j])-20)
			}
			data = data[min(m, len(data)):]
			c := clue.Clue{Kind: k, Cells: cells, Lines: [][]int{cells}, Value: len(cells) - 2, Values: cells,
				Row: len(cells) - 1, Col: -1, Direction: clue.Direction(len(cells) % 6), Label: "x"}
			if k == clue.Automaton {
				c.NFA = &satdoku.NFA{States: 2, Start: []int{0, 5}, Accept: []int{1}, Moves: []satdoku.Move{{From: 0, To: 3, Symbol: 1}}}
			}
			if k == clue.AnyOf {
				c.Members = [][]clue.Clue{{{Kind: clue.WhiteDot, Cells: cells}}}
			}
			clues = append(clues, c)
		}
		for _, tg := range targets {
			_, _ = tg.write(g, clues)
		}
	})
}
