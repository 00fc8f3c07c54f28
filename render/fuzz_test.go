package render_test

import (
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/render"
)

// FuzzAppend draws any clues, with cells and places on and off the board,
// over boards of a few sides: no panic, and always an SVG with every cell.
func FuzzAppend(f *testing.F) {
	f.Add([]byte{1, 0, 1, 2, 3, 200, 5, 9, 10})
	f.Add([]byte{6, 4, 0, 1, 2, 3, 4, 255})
	f.Add([]byte{3, 4, 1, 2, 255, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		sides := []int{4, 6, 9}
		n := sides[int(data[0])%len(sides)]
		g := satdoku.NewGrid(mustRules(t, n))
		var clues []clue.Clue
		kinds := clue.Kinds()
		for len(data) >= 6 {
			c := clue.Clue{Kind: kinds[int(data[1])%len(kinds)], Row: int(int8(data[2])) % (n + 2), Col: int(int8(data[3])) % (n + 2),
				Direction: clue.Direction(data[4] % 6), Value: int(int8(data[5]))}
			k := 2 + int(data[2])%4
			for i := 0; i < k && 6+i < len(data); i++ {
				cell := int(data[6+i]) - 20 // some off the board
				c.Cells = append(c.Cells, cell)
				c.Values = append(c.Values, int(data[6+i])%12)
			}
			if len(c.Cells) > 0 {
				c.Lines = [][]int{c.Cells, append([]int{c.Cells[len(c.Cells)-1]}, c.Cells...)}
			}
			clues = append(clues, c)
			data = data[min(len(data), 6+k):]
		}
		svg, err := render.String(&render.Board{Givens: g, Clues: clues, Highlight: []int{-1, 0, n * n}})
		if err != nil {
			t.Fatal(err)
		}
		if len(cellsOf(t, svg)) != n*n {
			t.Fatal("cells missing")
		}
		if strings.Contains(svg, "NaN") || strings.Contains(svg, "Inf") {
			t.Fatal("a coordinate is not a number")
		}
	})
}
