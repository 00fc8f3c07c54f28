package render_test

import (
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/render"
)

// TestRaw draws a raw board (no rows, columns or boxes) of the values 0
// to 9 on 14×14: the board has its border and cell grid but no region
// lines, even where an extra unit lies, and its digits and pencil marks
// are drawn as their values.
func TestRaw(t *testing.T) {
	r, err := satdoku.Raw(14)
	if err == nil {
		r, err = r.WithValues(10)
	}
	if err == nil {
		r, err = r.WithValueOffset(-1)
	}
	if err == nil {
		r, err = r.WithExtra(satdoku.ExtraUnit{Name: "group", Cells: []int{0, 1, 2, 3}})
	}
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	g.SetCell(0, 1)    // the value 0
	g.SetCell(195, 10) // the value 9
	svg, err := render.String(&render.Board{Givens: g})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`class="border"`, `class="grid"`, `>0</text>`, `>9</text>`} {
		if !strings.Contains(svg, want) {
			t.Errorf("no %s in the SVG of a raw board", want)
		}
	}
	if strings.Contains(svg, `class="regions"`) || strings.Contains(svg, ">10<") {
		t.Errorf("a raw board drawn with region lines or the digit 10 for the value 9")
	}
	// Pencil marks are values too: digits 1 and 10 of r1c2 are 0 and 9.
	marks := make([]uint64, r.Cells())
	marks[1] = 1 | 1<<9
	if svg, err = render.String(&render.Board{Givens: g, Marks: marks}); err != nil {
		t.Fatal(err)
	}
	_, cell, _ := strings.Cut(svg, `data-cell="r1c2"`)
	cell, _, _ = strings.Cut(cell, "</g>\n")
	if !strings.Contains(cell, ">0</text>") || !strings.Contains(cell, ">9</text>") || strings.Contains(cell, ">10<") {
		t.Errorf("marks of r1c2 drawn as %s", cell)
	}
}

// TestWindow draws a 2×3 grid (a window on a 3×3 raw board): the picture
// is 3 cells wide and 2 high, and the holes have no cell.
func TestWindow(t *testing.T) {
	raw, _ := satdoku.Raw(3)
	r, err := raw.WithWindow(2, 3)
	if err != nil {
		t.Fatal(err)
	}
	svg, err := render.String(&render.Board{Givens: satdoku.NewGrid(r)})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg, `viewBox="0 0 192 132"`) || strings.Count(svg, "<g data-cell=") != 6 || strings.Contains(svg, `data-cell="r3c1"`) {
		t.Errorf("a 2×3 window drawn as %s", svg)
	}
}
