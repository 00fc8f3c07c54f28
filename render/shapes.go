package render

import (
	"math"
	"strings"
)

// Shape is a mark drawn for looks alone, as a puzzle's setter drew it
// (f-puzzles' cosmetic lines, cages, texts, rectangles and circles): no
// rule comes from it.
type Shape struct {
	// Kind is "line", "cage", "text", "rectangle" or "circle".
	Kind string
	// Cells: a cage's cells, or those a text or a shape is centred on;
	// Lines: a line's paths through cell centres. Row-major indexes.
	Cells []int
	Lines [][]int
	// Text is a cage's label, a text, or a shape's words.
	Text string
	// Stroke, Fill and Font are colours ("#rrggbb"); "" is the default
	// (grey lines, no fill, black text).
	Stroke, Fill, Font string
	// Width and Height are a shape's size, Width a line's thickness, in
	// cells; Size scales a text; Angle turns a text or a shape, in
	// degrees.
	Width, Height, Size, Angle float64
}

// shapes draws b's shapes of the layer: the lines and the filled shapes
// under the grid, the cages and the texts over it.
func (d *drawing) shapes(over bool) {
	for k := range d.b.Shapes {
		s := &d.b.Shapes[k]
		if (s.Kind == "cage" || s.Kind == "text") != over {
			continue
		}
		switch s.Kind {
		case "line":
			w := s.Width
			if w <= 0 {
				w = 0.1
			}
			for _, l := range s.Lines {
				if len(d.cellsOn(l)) == 0 {
					continue
				}
				d.p(`<path class="cosmetic-line" d="%s" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`+"\n",
					d.polyline(l), colourOr(s.Stroke, "#a0a0a0"), f(w*cell))
			}
		case "cage":
			d.outline("cosmetic-cage", s.Cells, s.Text, "5 3")
		case "text", "rectangle", "circle":
			d.shapeAt(s)
		}
	}
}

// shapeAt draws a text, a rectangle or a circle at the centre of its
// cells.
func (d *drawing) shapeAt(s *Shape) {
	cs := d.cellsOn(s.Cells)
	if len(cs) == 0 {
		return
	}
	var x, y float64
	for _, i := range cs {
		x, y = x+d.cx(i), y+d.cy(i)
	}
	x, y = x/float64(len(cs)), y/float64(len(cs))
	rot := ""
	if s.Angle != 0 {
		rot = ` transform="rotate(` + f(s.Angle) + " " + f(x) + " " + f(y) + `)"`
	}
	w, h := s.Width, s.Height
	if w <= 0 {
		w = 0.5
	}
	if h <= 0 {
		h = w
	}
	switch s.Kind {
	case "rectangle":
		d.p(`<rect class="cosmetic-rectangle" x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" stroke-width="2"%s/>`+"\n",
			f(x-w*cell/2), f(y-h*cell/2), f(w*cell), f(h*cell), colourOr(s.Fill, "none"), colourOr(s.Stroke, "none"), rot)
	case "circle":
		d.p(`<ellipse class="cosmetic-circle" cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" stroke="%s" stroke-width="2"%s/>`+"\n",
			f(x), f(y), f(w*cell/2), f(h*cell/2), colourOr(s.Fill, "none"), colourOr(s.Stroke, "none"), rot)
	}
	if strings.TrimSpace(s.Text) == "" {
		return
	}
	size := cell * 0.4
	if s.Kind == "text" && s.Size > 0 {
		size = math.Min(cell*0.6*s.Size, cell*3)
	} else if s.Kind != "text" {
		size = math.Min(h*cell*0.6, cell*0.6)
	}
	d.p(`<text class="cosmetic-text" x="%s" y="%s" font-size="%s" fill="%s" text-anchor="middle" dominant-baseline="central"%s>%s</text>`+"\n",
		f(x), f(y), f(size), colourOr(s.Font, "#000000"), rot, esc(s.Text))
}

// colourOr is c when it is a colour, else def.
func colourOr(c, def string) string {
	if len(c) < 4 || len(c) > 9 || c[0] != '#' {
		return def
	}
	for _, r := range c[1:] {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return def
		}
	}
	return c
}
