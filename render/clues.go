package render

import (
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/satdoku/satdoku/clue"
)

// layer is when a clue is drawn: under the grid lines, first the shading
// of cells, then the lines and circles over it; or over the grid lines
// (cages, dots, numbers).
type layer uint8

const (
	shading layer = iota
	underGrid
	overGrid
)

// drawers draw each kind of clue; the global rules are the caption under
// the board (see layout).
var drawers = map[clue.Kind]struct {
	layer layer
	draw  func(d *drawing, c *clue.Clue)
}{
	clue.ExtraRegion:        {shading, (*drawing).extraRegion},
	clue.Odd:                {shading, (*drawing).odd},
	clue.Even:               {shading, (*drawing).even},
	clue.Minimum:            {shading, func(d *drawing, c *clue.Clue) { d.extreme(c, true) }},
	clue.Maximum:            {shading, func(d *drawing, c *clue.Clue) { d.extreme(c, false) }},
	clue.Clone:              {shading, (*drawing).clone},
	clue.Thermometer:        {underGrid, (*drawing).thermometer},
	clue.Arrow:              {underGrid, (*drawing).arrow},
	clue.Palindrome:         {underGrid, func(d *drawing, c *clue.Clue) { d.lines(c, "palindrome", "#b4b4b4") }},
	clue.Renban:             {underGrid, func(d *drawing, c *clue.Clue) { d.lines(c, "renban", "#f067f0") }},
	clue.Whispers:           {underGrid, func(d *drawing, c *clue.Clue) { d.lines(c, "whispers", "#5fd35f") }},
	clue.Between:            {underGrid, (*drawing).between},
	clue.KillerCage:         {overGrid, (*drawing).cage},
	clue.WhiteDot:           {overGrid, func(d *drawing, c *clue.Clue) { d.dot(c, "#ffffff", "#000000") }},
	clue.BlackDot:           {overGrid, func(d *drawing, c *clue.Clue) { d.dot(c, "#000000", "#ffffff") }},
	clue.XV:                 {overGrid, (*drawing).xv},
	clue.Quadruple:          {overGrid, (*drawing).quadruple},
	clue.LittleKiller:       {overGrid, (*drawing).littleKiller},
	clue.Sandwich:           {overGrid, (*drawing).sandwich},
	clue.PencilMarks:        {overGrid, (*drawing).givenMarks},
	clue.Nonconsecutive:     {overGrid, nil},
	clue.NegativeRatio:      {overGrid, nil},
	clue.NegativeDifference: {overGrid, nil},
	clue.NegativeXV:         {overGrid, nil},
	clue.RegionSumLine:      {underGrid, func(d *drawing, c *clue.Clue) { d.lines(c, "region-sum-line", "#2ecbff") }},
	clue.ZipperLine:         {underGrid, func(d *drawing, c *clue.Clue) { d.lines(c, "zipper-line", "#ce93d8") }},
	clue.Nabner:             {underGrid, func(d *drawing, c *clue.Clue) { d.lines(c, "nabner", "#f5d142") }},
	clue.EntropicLine:       {underGrid, func(d *drawing, c *clue.Clue) { d.lines(c, "entropic-line", "#ff9a3c") }},
	clue.ModularLine:        {underGrid, func(d *drawing, c *clue.Clue) { d.lines(c, "modular-line", "#8f7bff") }},
	clue.ParityLine:         {underGrid, func(d *drawing, c *clue.Clue) { d.lines(c, "parity-line", "#e0605a") }},
	clue.TenLine:            {underGrid, func(d *drawing, c *clue.Clue) { d.lines(c, "ten-line", "#9fd89f") }},
	clue.SameDifference:     {underGrid, func(d *drawing, c *clue.Clue) { d.lines(c, "same-difference", "#c49a6c") }},
	clue.SlowThermometer:    {underGrid, (*drawing).slowThermometer},
	clue.DoubleArrow:        {underGrid, (*drawing).doubleArrow},
	clue.LockoutLine:        {underGrid, (*drawing).lockout},
	clue.RowIndexer:         {shading, func(d *drawing, c *clue.Clue) { d.shade("row-indexer", c.Cells, "#f3caca") }},
	clue.ColumnIndexer:      {shading, func(d *drawing, c *clue.Clue) { d.shade("column-indexer", c.Cells, "#c9ddf3") }},
	clue.BoxIndexer:         {shading, func(d *drawing, c *clue.Clue) { d.shade("box-indexer", c.Cells, "#d3efc6") }},
	clue.ConnectedValues:    {shading, func(d *drawing, c *clue.Clue) { d.shade("connected-values", c.Cells, "#f0ead2") }},
	clue.XSum:               {overGrid, func(d *drawing, c *clue.Clue) { d.outsideNumber(c, "x-sum", "rect") }},
	clue.Skyscraper:         {overGrid, func(d *drawing, c *clue.Clue) { d.outsideNumber(c, "skyscraper", "") }},
	clue.NumberedRoom:       {overGrid, func(d *drawing, c *clue.Clue) { d.outsideNumber(c, "numbered-room", "circle") }},
	// Sums and counts: counts.go.
	clue.WeightedSum:     {overGrid, (*drawing).weightedSum},
	clue.EqualSums:       {overGrid, (*drawing).equalSums},
	clue.ContainsExactly: {overGrid, (*drawing).containsExactly},
	clue.SameValues:      {shading, (*drawing).sameValues},
	clue.CountingCircles: {underGrid, (*drawing).countingCircles},
	clue.CountDistinct:   {overGrid, (*drawing).countDistinct},
	clue.SumLoop:         {underGrid, (*drawing).sumLoop},
	clue.RellikCage: {overGrid, func(d *drawing, c *clue.Clue) {
		d.outline("rellik-cage", c.Cells, "≠"+strconv.Itoa(c.Value), "5 3")
	}},
	clue.MultisumKillerCage: {overGrid, func(d *drawing, c *clue.Clue) {
		d.outline("multisum-killer-cage", c.Cells, joinInts(c.Values, "/"), "5 3")
	}},
	clue.Automaton: {underGrid, func(d *drawing, c *clue.Clue) { d.labelled(c, "automaton", "#6b8e23", "2 4 8 4") }},
	clue.AnyOf:     {overGrid, nil}, // see clue
	// The counting cell, then the lines (a chaos arrow's lie on region
	// labels, off the grid: its counting cell alone is drawn).
	clue.Reach: {underGrid, func(d *drawing, c *clue.Clue) {
		x := *c
		x.Lines = append([][]int{c.Cells}, c.Lines...)
		if x.Label == "" {
			x.Label = "reach"
		}
		d.labelled(&x, "reach", "#7a3e9d", "1 3")
	}},
	clue.PairTable: {underGrid, func(d *drawing, c *clue.Clue) { d.labelled(c, "pair-table", "#8e5b23", "6 3") }},
}

// clues draws the clues of one layer, in order; the redundant ones
// (Board.Redundant) faded.
func (d *drawing) clues(l layer) {
	for k := range d.b.Clues {
		if !slices.Contains(d.b.Redundant.Clues, k) {
			d.clue(l, &d.b.Clues[k])
			continue
		}
		d.p(`<g class="redundant" opacity="0.3">` + "\n")
		d.clue(l, &d.b.Clues[k])
		d.p("</g>\n")
	}
}

// clue draws clue c if it is of layer l; an AnyOf draws its members'
// clues of the layer, faded, and over the grid "or" on its first cell.
func (d *drawing) clue(l layer, c *clue.Clue) {
	if c.Global {
		return // named in the caption (see layout)
	}
	if c.Kind == clue.AnyOf {
		d.p(`<g class="any-of" opacity="0.5">` + "\n")
		first := -1
		for _, m := range c.Members {
			for k := range m {
				if m[k].Kind != clue.AnyOf {
					d.clue(l, &m[k])
				}
				for _, i := range slices.Concat(append(m[k].Lines, m[k].Cells)...) {
					if d.on(i) && (first < 0 || i < first) {
						first = i
					}
				}
			}
		}
		d.p("</g>\n")
		if l == overGrid && first >= 0 {
			d.p(`<text class="any-of" x="%s" y="%s" font-size="%s" fill="#b03060">or</text>`+"\n",
				f(d.x(first%d.n)+cell*0.62), f(d.y(first/d.n)+cell*0.95), f(cell*0.2))
		}
		return
	}
	dr, ok := drawers[c.Kind]
	if ok && dr.layer == l && dr.draw != nil {
		dr.draw(d, c)
	}
}

// cellsOn returns the cells of cs that are on the board.
func (d *drawing) cellsOn(cs []int) []int {
	out := make([]int, 0, len(cs))
	for _, i := range cs {
		if d.on(i) {
			out = append(out, i)
		}
	}
	return out
}

func (d *drawing) shade(class string, cs []int, fill string) {
	for _, i := range d.cellsOn(cs) {
		d.p(`<rect class="%s" x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n", class, f(d.x(i%d.n)), f(d.y(i/d.n)), f(cell), f(cell), fill)
	}
}

func (d *drawing) extraRegion(c *clue.Clue) { d.shade("extra-region", c.Cells, "#d4d4d4") }

func (d *drawing) clone(c *clue.Clue) {
	for _, l := range c.Lines {
		d.shade("clone", l, "#d9e4f2")
	}
}

func (d *drawing) odd(c *clue.Clue) {
	for _, i := range d.cellsOn(c.Cells) {
		d.p(`<circle class="odd" cx="%s" cy="%s" r="%s" fill="#cfcfcf"/>`+"\n", f(d.cx(i)), f(d.cy(i)), f(cell*0.4))
	}
}

func (d *drawing) even(c *clue.Clue) {
	for _, i := range d.cellsOn(c.Cells) {
		d.p(`<rect class="even" x="%s" y="%s" width="%s" height="%s" fill="#cfcfcf"/>`+"\n",
			f(d.cx(i)-cell*0.38), f(d.cy(i)-cell*0.38), f(cell*0.76), f(cell*0.76))
	}
}

// extreme draws minimum (min) or maximum cells: shaded, with a chevron on
// each side that faces a neighbour, pointing in for a minimum and out for
// a maximum, as f-puzzles draws them.
func (d *drawing) extreme(c *clue.Clue, min bool) {
	class := "maximum"
	if min {
		class = "minimum"
	}
	cs := d.cellsOn(c.Cells)
	d.shade(class, cs, "#e6e6e6")
	for _, i := range cs {
		r, col := i/d.n, i%d.n
		for _, s := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			if !d.rc(r+s[0], col+s[1]) || slices.Contains(cs, (r+s[0])*d.n+col+s[1]) {
				continue
			}
			// The tip points along s (out) or against it (in).
			dir := 1.0
			if min {
				dir = -1
			}
			tx, ty := d.cx(i)+float64(s[1])*cell*0.4, d.cy(i)+float64(s[0])*cell*0.4
			bx, by := tx-dir*float64(s[1])*cell*0.08, ty-dir*float64(s[0])*cell*0.08
			px, py := float64(s[0])*cell*0.1, float64(s[1])*cell*0.1 // across s
			d.p(`<path class="%s" d="M%s %sL%s %sL%s %s" stroke="#707070" stroke-width="2" fill="none"/>`+"\n", class,
				f(bx+px), f(by+py), f(tx), f(ty), f(bx-px), f(by-py))
		}
	}
}

// polyline writes the path through the centres of the cells of line.
func (d *drawing) polyline(line []int) string {
	var b []byte
	for k, i := range d.cellsOn(line) {
		if k == 0 {
			b = append(b, 'M')
		} else {
			b = append(b, 'L')
		}
		b = append(b, f(d.cx(i))+" "+f(d.cy(i))...)
	}
	return string(b)
}

func (d *drawing) lines(c *clue.Clue, class, colour string) {
	for _, l := range c.Lines {
		if len(d.cellsOn(l)) == 0 {
			continue
		}
		d.p(`<path class="%s" d="%s" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`+"\n",
			class, d.polyline(l), colour, f(cell*0.22))
	}
}

func (d *drawing) thermometer(c *clue.Clue) {
	for _, l := range c.Lines {
		l = d.cellsOn(l)
		if len(l) == 0 {
			continue
		}
		d.p(`<circle class="thermometer" cx="%s" cy="%s" r="%s" fill="#c4c4c4"/>`+"\n", f(d.cx(l[0])), f(d.cy(l[0])), f(cell*0.4))
		if len(l) > 1 {
			d.p(`<path class="thermometer" d="%s" stroke="#c4c4c4" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`+"\n",
				d.polyline(l), f(cell*0.3))
		}
	}
}

func (d *drawing) between(c *clue.Clue) {
	d.lines(c, "between", "#a8c8e8")
	for _, l := range c.Lines {
		l = d.cellsOn(l)
		if len(l) == 0 {
			continue
		}
		for _, i := range []int{l[0], l[len(l)-1]} {
			d.p(`<circle class="between" cx="%s" cy="%s" r="%s" fill="#ffffff" stroke="#a0a0a0" stroke-width="2"/>`+"\n",
				f(d.cx(i)), f(d.cy(i)), f(cell*0.4))
		}
	}
}

// arrow draws the circle (or pill) and each line from it, with a head at
// its end.
func (d *drawing) arrow(c *clue.Clue) {
	circle := d.cellsOn(c.Cells)
	const stroke = `stroke="#a0a0a0" stroke-width="2"`
	if len(circle) == 1 {
		i := circle[0]
		d.p(`<circle class="arrow" cx="%s" cy="%s" r="%s" fill="#ffffff" %s/>`+"\n", f(d.cx(i)), f(d.cy(i)), f(cell*0.4), stroke)
	} else if len(circle) > 1 {
		// A pill: a rounded rectangle around the cells' bounding box.
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, i := range circle {
			x0, y0 = math.Min(x0, d.cx(i)), math.Min(y0, d.cy(i))
			x1, y1 = math.Max(x1, d.cx(i)), math.Max(y1, d.cy(i))
		}
		r := cell * 0.4
		d.p(`<rect class="arrow" x="%s" y="%s" width="%s" height="%s" rx="%s" fill="#ffffff" %s/>`+"\n",
			f(x0-r), f(y0-r), f(x1-x0+2*r), f(y1-y0+2*r), f(r), stroke)
	}
	for _, l := range c.Lines {
		l = d.cellsOn(l)
		if len(l) == 0 {
			continue
		}
		pts := l
		if len(circle) > 0 && !slices.Contains(circle, l[0]) {
			// Start from the circle cell nearest the line's first cell.
			best := circle[0]
			for _, i := range circle {
				if dist(d, i, l[0]) < dist(d, best, l[0]) {
					best = i
				}
			}
			pts = append([]int{best}, l...)
		}
		if len(pts) < 2 {
			continue
		}
		// Start on the circle's edge.
		x0, y0 := d.cx(pts[0]), d.cy(pts[0])
		x1, y1 := d.cx(pts[1]), d.cy(pts[1])
		h := math.Max(math.Hypot(x1-x0, y1-y0), 1) // a cell repeated: no step
		path := "M" + f(x0+(x1-x0)/h*cell*0.4) + " " + f(y0+(y1-y0)/h*cell*0.4)
		// The head, in the last cell, along the last step, its tip short
		// of the cell's centre so that a digit there stays clear of it.
		a, z := pts[len(pts)-2], pts[len(pts)-1]
		ux, uy := d.cx(z)-d.cx(a), d.cy(z)-d.cy(a)
		h = math.Max(math.Hypot(ux, uy), 1)
		ex, ey := d.cx(z)-ux/h*cell*0.3, d.cy(z)-uy/h*cell*0.3
		for _, i := range pts[1 : len(pts)-1] {
			path += "L" + f(d.cx(i)) + " " + f(d.cy(i))
		}
		path += "L" + f(ex) + " " + f(ey)
		ux, uy = ux/h*cell*0.2, uy/h*cell*0.2
		path += "M" + f(ex-ux-uy) + " " + f(ey-uy+ux) + "L" + f(ex) + " " + f(ey) + "L" + f(ex-ux+uy) + " " + f(ey-uy-ux)
		d.p(`<path class="arrow" d="%s" %s stroke-linecap="round" stroke-linejoin="round" fill="none"/>`+"\n", path, stroke)
	}
}

func dist(d *drawing, a, b int) float64 { return math.Hypot(d.cx(a)-d.cx(b), d.cy(a)-d.cy(b)) }

// cage draws a killer cage: a dashed line inside the cells' outline, and
// its sum at the top left of its first cell.
func (d *drawing) cage(c *clue.Clue) {
	label := ""
	if c.Value != 0 {
		label = strconv.Itoa(c.Value)
	}
	d.outline("cage", c.Cells, label, "5 3")
}

// outline draws a dashed line (dash, an SVG dash array) inside the
// outline of the cells, of class class, and the label, when not "", at
// the top left of the first cell in reading order.
func (d *drawing) outline(class string, cells []int, label, dash string) {
	cs := d.cellsOn(cells)
	if len(cs) == 0 {
		return
	}
	in := func(r, col int) bool { return d.rc(r, col) && slices.Contains(cs, r*d.n+col) }
	const inset = 5.0
	var path []byte
	seg := func(x1, y1, x2, y2 float64) {
		path = append(path, "M"+f(x1)+" "+f(y1)+"L"+f(x2)+" "+f(y2)...)
	}
	// end is where an edge of a cell ends along its side: inset inside at
	// a convex corner, at the cell's edge along a straight run, inset past
	// it at a concave corner.
	end := func(side, across bool) float64 {
		switch {
		case !side:
			return inset
		case across:
			return -inset
		}
		return 0
	}
	for _, i := range cs {
		r, col := i/d.n, i%d.n
		x0, y0, x1, y1 := d.x(col), d.y(r), d.x(col+1), d.y(r+1)
		if !in(r-1, col) { // top
			seg(x0+end(in(r, col-1), in(r-1, col-1)), y0+inset, x1-end(in(r, col+1), in(r-1, col+1)), y0+inset)
		}
		if !in(r+1, col) { // bottom
			seg(x0+end(in(r, col-1), in(r+1, col-1)), y1-inset, x1-end(in(r, col+1), in(r+1, col+1)), y1-inset)
		}
		if !in(r, col-1) { // left
			seg(x0+inset, y0+end(in(r-1, col), in(r-1, col-1)), x0+inset, y1-end(in(r+1, col), in(r+1, col-1)))
		}
		if !in(r, col+1) { // right
			seg(x1-inset, y0+end(in(r-1, col), in(r-1, col+1)), x1-inset, y1-end(in(r+1, col), in(r+1, col+1)))
		}
	}
	d.p(`<path class="%s" d="%s" stroke="#000000" stroke-width="1.5" stroke-dasharray="%s" fill="none"/>`+"\n", class, string(path), dash)
	if label != "" {
		first := slices.Min(cs)
		x, y := d.x(first%d.n)+2, d.y(first/d.n)+2
		d.p(`<rect class="%s" x="%s" y="%s" width="%s" height="%s" fill="#ffffff"/>`, class, f(x), f(y), f(float64(utf8.RuneCountInString(label))*cell*0.13+4), f(cell*0.24))
		d.p(`<text class="%s" x="%s" y="%s" font-size="%s" fill="#000000">%s</text>`+"\n", class, f(x+2), f(y+cell*0.2), f(cell*0.22), esc(label))
	}
}

// between2 is the midpoint of two cells, and whether they are neighbours.
func (d *drawing) between2(cs []int) (x, y float64, ok bool) {
	if len(cs) != 2 || !d.on(cs[0]) || !d.on(cs[1]) {
		return 0, 0, false
	}
	return (d.cx(cs[0]) + d.cx(cs[1])) / 2, (d.cy(cs[0]) + d.cy(cs[1])) / 2, true
}

func (d *drawing) dot(c *clue.Clue, fill, text string) {
	x, y, ok := d.between2(c.Cells)
	if !ok {
		return
	}
	class := "white-dot"
	if fill == "#000000" {
		class = "black-dot"
	}
	d.p(`<circle class="%s" cx="%s" cy="%s" r="%s" fill="%s" stroke="#000000" stroke-width="1.5"/>`+"\n", class, f(x), f(y), f(cell*0.12), fill)
	if c.Value != 0 && !(c.Kind == clue.WhiteDot && c.Value == 1) && !(c.Kind == clue.BlackDot && c.Value == 2) {
		d.p(`<text class="%s" x="%s" y="%s" font-size="%s" fill="%s" text-anchor="middle" dominant-baseline="central">%d</text>`+"\n",
			class, f(x), f(y), f(cell*0.16), text, c.Value)
	}
}

func (d *drawing) xv(c *clue.Clue) {
	x, y, ok := d.between2(c.Cells)
	if !ok {
		return
	}
	s := strconv.Itoa(c.Value)
	switch c.Value {
	case 10:
		s = "X"
	case 5:
		s = "V"
	}
	d.p(`<text class="xv" x="%s" y="%s" font-size="%s" font-weight="bold" fill="#000000" stroke="#ffffff" stroke-width="4" paint-order="stroke" text-anchor="middle" dominant-baseline="central">%s</text>`+"\n",
		f(x), f(y), f(cell*0.34), s)
}

// quadruple draws a white circle on the corner the cells share, with the
// digits in it.
func (d *drawing) quadruple(c *clue.Clue) {
	cs := d.cellsOn(c.Cells)
	if len(cs) == 0 {
		return
	}
	// The corner is the bottom right of the top-left cell of the block.
	r, col := d.n, d.n
	for _, i := range cs {
		r, col = min(r, i/d.n), min(col, i%d.n)
	}
	x, y := d.x(min(col+1, d.n-1)), d.y(min(r+1, d.n-1))
	d.p(`<circle class="quadruple" cx="%s" cy="%s" r="%s" fill="#ffffff" stroke="#000000" stroke-width="1.5"/>`+"\n", f(x), f(y), f(cell*0.3))
	var s []string
	for _, v := range c.Values {
		s = append(s, strconv.Itoa(v))
	}
	for k, line := range [][]string{s[:min(2, len(s))], s[min(2, len(s)):]} {
		if len(line) == 0 {
			continue
		}
		dy := -cell * 0.1
		if len(s) <= 2 {
			dy = 0
		} else if k == 1 {
			dy = cell * 0.12
		}
		t := line[0]
		for _, v := range line[1:] {
			t += " " + v
		}
		d.p(`<text class="quadruple" x="%s" y="%s" font-size="%s" fill="#000000" text-anchor="middle" dominant-baseline="central">%s</text>`+"\n",
			f(x), f(y+dy), f(cell*0.2), t)
	}
}

// outside is the centre of a place outside the board (row or column −1 or
// N).
func (d *drawing) outside(r, c int) (x, y float64) {
	return d.x(c) + cell/2, d.y(r) + cell/2
}

func (d *drawing) littleKiller(c *clue.Clue) {
	x, y := d.outside(c.Row, c.Col)
	// Pull the clue towards the board so that it fits in the margin.
	x, y = d.pull(x, c.Col), d.pull(y, c.Row)
	if c.Value != 0 {
		d.p(`<text class="little-killer" x="%s" y="%s" font-size="%s" fill="#000000" text-anchor="middle" dominant-baseline="central">%d</text>`+"\n",
			f(x), f(y), f(cell*0.3), c.Value)
	}
	if !c.Direction.Valid() {
		return
	}
	v := dirVec[c.Direction]
	dr, dc := v[0], v[1]
	ax, ay := x+dc*cell*0.22, y+dr*cell*0.22
	bx, by := ax+dc*cell*0.14, ay+dr*cell*0.14
	d.p(`<path class="little-killer" d="M%s %sL%s %sM%s %sL%s %sL%s %s" stroke="#000000" stroke-width="1.5" fill="none"/>`+"\n",
		f(ax), f(ay), f(bx), f(by), f(bx-dc*cell*0.09), f(by), f(bx), f(by), f(bx), f(by-dr*cell*0.09))
}

// dirVec is the step of each direction: rows, columns.
var dirVec = map[clue.Direction][2]float64{clue.UpLeft: {-1, -1}, clue.UpRight: {-1, 1}, clue.DownLeft: {1, -1}, clue.DownRight: {1, 1}}

// pull moves the coordinate v of a place outside the board (index k −1 or
// N) half way into the margin; a place on the board stays.
func (d *drawing) pull(v float64, k int) float64 {
	switch {
	case k < 0:
		return d.margin / 2
	case k >= d.n:
		return d.margin + float64(d.n)*cell + d.margin/2
	}
	return v
}

func (d *drawing) sandwich(c *clue.Clue) {
	x, y := d.outside(c.Row, c.Col)
	x, y = d.pull(x, c.Col), d.pull(y, c.Row)
	d.p(`<text class="sandwich" x="%s" y="%s" font-size="%s" fill="#000000" text-anchor="middle" dominant-baseline="central">%d</text>`+"\n",
		f(x), f(y), f(cell*0.34), c.Value)
}

// givenMarks draws the clue's digits small at the bottom of each cell.
func (d *drawing) givenMarks(c *clue.Clue) {
	s := ""
	for _, v := range c.Values {
		s += strconv.Itoa(v)
	}
	for _, i := range d.cellsOn(c.Cells) {
		d.p(`<text class="given-marks" x="%s" y="%s" font-size="%s" font-style="italic" fill="#5a3d00" text-anchor="middle">%s</text>`+"\n",
			f(d.cx(i)), f(d.y(i/d.n)+cell*0.93), f(cell*0.17), esc(s))
	}
}

// slowThermometer draws a thermometer whose line is dashed: its digits
// may stay the same.
func (d *drawing) slowThermometer(c *clue.Clue) {
	for _, l := range c.Lines {
		l = d.cellsOn(l)
		if len(l) == 0 {
			continue
		}
		d.p(`<circle class="slow-thermometer" cx="%s" cy="%s" r="%s" fill="#c4c4c4"/>`+"\n", f(d.cx(l[0])), f(d.cy(l[0])), f(cell*0.4))
		if len(l) > 1 {
			d.p(`<path class="slow-thermometer" d="%s" stroke="#c4c4c4" stroke-width="%s" stroke-dasharray="%s %s" fill="none"/>`+"\n",
				d.polyline(l), f(cell*0.3), f(cell*0.2), f(cell*0.1))
		}
	}
}

// ends draws a mark on both ends of each line of c: a circle, or a
// diamond.
func (d *drawing) ends(c *clue.Clue, class string, diamond bool) {
	for _, l := range c.Lines {
		l = d.cellsOn(l)
		if len(l) == 0 {
			continue
		}
		for _, i := range []int{l[0], l[len(l)-1]} {
			x, y, r := d.cx(i), d.cy(i), cell*0.38
			if diamond {
				d.p(`<path class="%s" d="M%s %sL%s %sL%s %sL%s %sZ" fill="#ffffff" stroke="#606060" stroke-width="2"/>`+"\n",
					class, f(x), f(y-r), f(x+r), f(y), f(x), f(y+r), f(x-r), f(y))
				continue
			}
			d.p(`<circle class="%s" cx="%s" cy="%s" r="%s" fill="#ffffff" stroke="#a0a0a0" stroke-width="2"/>`+"\n",
				class, f(x), f(y), f(r))
		}
	}
}

// doubleArrow draws the line with a circle at each end.
func (d *drawing) doubleArrow(c *clue.Clue) {
	d.lines(c, "double-arrow", "#b4b4b4")
	d.ends(c, "double-arrow", false)
}

// lockout draws the line with a diamond at each end.
func (d *drawing) lockout(c *clue.Clue) {
	d.lines(c, "lockout-line", "#8fd3ff")
	d.ends(c, "lockout-line", true)
}

// outsideNumber draws a clue's number outside the board, beside its row
// or column, framed by shape ("rect", "circle" or none) to tell the kinds
// apart.
func (d *drawing) outsideNumber(c *clue.Clue, class, shape string) {
	x, y := d.outside(c.Row, c.Col)
	x, y = d.pull(x, c.Col), d.pull(y, c.Row)
	r := cell * 0.26
	switch shape {
	case "rect":
		d.p(`<rect class="%s" x="%s" y="%s" width="%s" height="%s" fill="none" stroke="#606060" stroke-width="1.5"/>`+"\n",
			class, f(x-r), f(y-r), f(2*r), f(2*r))
	case "circle":
		d.p(`<circle class="%s" cx="%s" cy="%s" r="%s" fill="none" stroke="#606060" stroke-width="1.5"/>`+"\n", class, f(x), f(y), f(r))
	}
	d.p(`<text class="%s" x="%s" y="%s" font-size="%s" fill="#000000" text-anchor="middle" dominant-baseline="central">%d</text>`+"\n",
		class, f(x), f(y), f(cell*0.3), c.Value)
}

// labelled draws an automaton's line, or the lines of a pair table: each
// line (or segment) a dashed line through its cells with a small circle on
// each, and its label (cut to 24 characters) over its first cell.
func (d *drawing) labelled(c *clue.Clue, class, colour, dashes string) {
	first := -1
	for _, l := range c.Lines {
		cs := d.cellsOn(l)
		if len(cs) == 0 {
			continue
		}
		if first < 0 {
			first = cs[0]
		}
		d.p(`<path class="%s" d="%s" stroke="%s" stroke-width="%s" stroke-dasharray="%s" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`+"\n",
			class, d.polyline(cs), colour, f(cell*0.1), dashes)
		for _, i := range cs {
			d.p(`<circle class="%s" cx="%s" cy="%s" r="%s" stroke="%s" stroke-width="1.5" fill="none"/>`+"\n", class, f(d.cx(i)), f(d.cy(i)), f(cell*0.12), colour)
		}
	}
	label := []rune(c.Label)
	if first < 0 || len(label) == 0 {
		return
	}
	if len(label) > 24 {
		label = append(label[:23], '…')
	}
	d.p(`<text class="%s" x="%s" y="%s" font-size="%s" fill="%s">%s</text>`+"\n",
		class, f(d.x(first%d.n)+2), f(d.y(first/d.n)+cell*0.2), f(cell*0.18), colour, esc(string(label)))
}
