// Package render draws a puzzle as SVG: the board of any size satdoku
// reads with its boxes or jigsaw regions, the givens, solved digits in
// another colour, pencil marks, highlighted cells, and the clues of
// package clue drawn the way f-puzzles draws them (killer cages with
// their sums, thermometers, arrows, lines, Kropki dots, XV, little
// killers and sandwich sums outside the grid …). Diagonals and windows
// are drawn; the rules no mark shows (anti-knight, anti-king, disjoint
// groups, nonconsecutive, the negative rules) are named under the board.
//
// Every cell is a group with stable attributes for scripts and tests:
// data-cell="r1c1" (1-based), data-digit when a digit is drawn (the
// value drawn: "0" for digit 1 on a board of the values 0 to 8), and
// data-highlight="1" on a highlighted cell.
//
// The package uses the standard library alone.
package render

import (
	"encoding/xml"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/textfmt"
)

// Board is what to draw.
type Board struct {
	// Givens are the puzzle's givens, under its rules (boxes or regions,
	// extra units); required.
	Givens *satdoku.Grid
	// Digits, when not nil, are digits to draw in the cells that have no
	// given (a solution, or the digits placed so far), in the solved
	// colour. It must have the side of Givens.
	Digits *satdoku.Grid
	// Marks, when not nil, are pencil marks of each cell, row-major, bit
	// d−1 for digit d, drawn in the cells that show no digit.
	Marks []uint64
	// Highlight are cells to highlight, row-major indices.
	Highlight []int
	// Clues are the puzzle's clues, drawn on the board.
	Clues []clue.Clue
	// Title, when not empty, is the SVG's title.
	Title string
	// Shapes are marks drawn for looks alone (see Shape).
	Shapes []Shape
	// Redundant marks what a puzzle can do without (satdoku clues): the
	// clues, by index into Clues, drawn faded; the cells whose givens are
	// drawn grey and struck through; the global rules whose name in the
	// caption says "(redundant)".
	Redundant Redundant
}

// Redundant is what Board.Redundant marks.
type Redundant struct {
	Clues, Givens []int
	Rules         []string
}

// Colours. Text colours have a contrast of 4.5:1 or more against white
// and against the highlight (WCAG AA).
const (
	colGiven     = "#000000"
	colRedundant = "#767676"
	colSolved    = "#1746a2"
	colMark      = "#404040"
	colHighlight = "#ffe27a"
	colLine      = "#555555"
	cell         = 60.0 // the side of a cell, in SVG units
)

// Append appends the SVG of b to dst. It returns an error when b has no
// givens, or Digits or Marks do not fit the board; clues that do not fit
// (cells off the board) are drawn where they can be, or skipped.
func Append(dst []byte, b *Board) ([]byte, error) {
	if b == nil || b.Givens == nil {
		return dst, fmt.Errorf("render: no board")
	}
	n := b.Givens.N()
	if b.Digits != nil && b.Digits.N() != n {
		return dst, fmt.Errorf("render: digits of a %d×%d board on a %d×%d board", b.Digits.N(), b.Digits.N(), n, n)
	}
	if b.Marks != nil && len(b.Marks) != n*n {
		return dst, fmt.Errorf("render: %d cells of pencil marks on a board of %d cells", len(b.Marks), n*n)
	}
	d := &drawing{b: b, n: n, w: &strings.Builder{}}
	d.rows, d.cols = b.Givens.Rules().Window()
	d.layout()
	d.svg()
	return append(dst, d.w.String()...), nil
}

// String returns the SVG of b, or "" with the error of Append.
func String(b *Board) (string, error) {
	out, err := Append(nil, b)
	return string(out), err
}

// drawing is one SVG being written.
type drawing struct {
	b      *Board
	n      int
	w      *strings.Builder
	margin float64 // space around the grid: room for the clues outside it
	below  float64 // room under the grid for the caption of global rules
	global []string

	// rows, cols: the grid drawn, n and n but in a window (see
	// satdoku.Rules.WithWindow), whose holes are not drawn.
	rows, cols int
}

// unseen are the rules of the whole board that no mark on it shows: the
// caption under the board names them.
var unseen = []string{"anti-knight", "anti-king", "disjoint", clue.Nonconsecutive.String(),
	clue.NegativeRatio.String(), clue.NegativeDifference.String(), clue.NegativeXV.String()}

func (d *drawing) layout() {
	d.margin = 6
	caption := func(name string) {
		if slices.ContainsFunc(d.b.Redundant.Rules, func(r string) bool { return r == name || strings.HasPrefix(r, name+" ") }) {
			name += " (redundant)"
		}
		if !slices.Contains(d.global, name) {
			d.global = append(d.global, name)
		}
	}
	for _, t := range d.b.Givens.Rules().Tags() {
		if slices.Contains(unseen, t) {
			caption(t)
		}
	}
	for _, c := range d.b.Clues {
		if c.Global {
			caption(c.Label)
			continue
		}
		switch c.Kind {
		case clue.LittleKiller, clue.Sandwich, clue.XSum, clue.Skyscraper, clue.NumberedRoom:
			d.margin = cell * 0.8
		case clue.Nonconsecutive, clue.NegativeRatio, clue.NegativeDifference, clue.NegativeXV:
			caption(c.Kind.String())
		}
	}
	if len(d.global) > 0 {
		d.below = cell * 0.5
	}
}

// x and y are the left and top of column c and row r; cx and cy their
// centres.
func (d *drawing) x(c int) float64           { return d.margin + float64(c)*cell }
func (d *drawing) y(r int) float64           { return d.margin + float64(r)*cell }
func (d *drawing) cx(i int) float64          { return d.x(i%d.n) + cell/2 }
func (d *drawing) cy(i int) float64          { return d.y(i/d.n) + cell/2 }
func (d *drawing) on(i int) bool             { return i >= 0 && i < d.n*d.n && d.rc(i/d.n, i%d.n) }
func (d *drawing) rc(r, c int) bool          { return r >= 0 && r < d.rows && c >= 0 && c < d.cols }
func (d *drawing) p(format string, a ...any) { fmt.Fprintf(d.w, format, a...) }

// f formats a coordinate.
func f(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s)) // a strings.Builder does not fail
	return b.String()
}

func (d *drawing) svg() {
	side := float64(d.cols)*cell + 2*d.margin // the width
	tall := float64(d.rows)*cell + 2*d.margin
	h := tall + d.below
	d.p(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" class="satdoku-board" role="img" font-family="Arial, Helvetica, sans-serif">`+"\n",
		f(side), f(h), f(side), f(h))
	title := d.b.Title
	if title == "" {
		title = fmt.Sprintf("%d×%d sudoku", d.rows, d.cols)
	}
	d.p("<title>%s</title>\n", esc(title))
	d.p(`<rect x="0" y="0" width="%s" height="%s" fill="#ffffff"/>`+"\n", f(side), f(h))
	d.highlights()
	d.extras()
	d.clues(shading)
	d.shapes(false)
	d.clues(underGrid)
	d.gridLines()
	d.clues(overGrid)
	d.shapes(true)
	d.cells()
	if len(d.global) > 0 {
		text := strings.Join(d.global, " · ")
		// A long caption is set smaller to fit the width (a character
		// about 0.55 of the font size wide).
		size := min(cell*0.3, side/(0.55*float64(utf8.RuneCountInString(text)+2)))
		d.p(`<text class="rules" x="%s" y="%s" font-size="%s" fill="%s" text-anchor="middle">%s</text>`+"\n",
			f(side/2), f(tall+d.below*0.55), f(math.Round(size*10)/10), colGiven, esc(text))
	}
	d.p("</svg>\n")
}

func (d *drawing) highlights() {
	for _, i := range d.b.Highlight {
		if d.on(i) {
			d.p(`<rect class="highlight" x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n",
				f(d.x(i%d.n)), f(d.y(i/d.n)), f(cell), f(cell), colHighlight)
		}
	}
}

// extras draws the named extra units of the rules: diagonals as lines,
// windows shaded. Units that clues made are drawn with their clues.
func (d *drawing) extras() {
	for _, u := range d.b.Givens.Rules().Extras() {
		switch {
		case strings.HasPrefix(u.Name, "diagonal") && len(u.Cells) > 1:
			a, z := u.Cells[0], u.Cells[len(u.Cells)-1]
			d.p(`<line class="diagonal" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#9a9a9a" stroke-width="2"/>`+"\n",
				f(d.x(a%d.n)+cellEdge(a, z, d.n, true)), f(d.y(a/d.n)), f(d.x(z%d.n)+cellEdge(a, z, d.n, false)), f(d.y(z/d.n)+cell))
		case strings.HasPrefix(u.Name, "window"):
			for _, i := range u.Cells {
				d.p(`<rect class="window" x="%s" y="%s" width="%s" height="%s" fill="#d8d8d8" fill-opacity="0.6"/>`+"\n",
					f(d.x(i%d.n)), f(d.y(i/d.n)), f(cell), f(cell))
			}
		}
	}
}

// cellEdge is the x offset in its cell of a diagonal's end: the left edge
// of a cell going right, the right edge going left.
func cellEdge(a, z, n int, start bool) float64 {
	right := z%n > a%n
	if start == right {
		return 0
	}
	return cell
}

// gridLines draws the thin lines between cells and the thick borders of
// the regions and around the board.
func (d *drawing) gridLines() {
	n := d.n
	reg := make([]int, n*n)
	for i := range reg {
		reg[i] = -1
	}
	for _, u := range d.b.Givens.Rules().Units() {
		if u.Kind == satdoku.Box {
			for _, i := range u.Cells {
				reg[i] = u.Index
			}
		}
	}
	var thin, thick strings.Builder
	seg := func(b *strings.Builder, x1, y1, x2, y2 float64) {
		fmt.Fprintf(b, "M%s %sL%s %s", f(x1), f(y1), f(x2), f(y2))
	}
	for r := range d.rows {
		for c := range d.cols {
			i := r*n + c
			if c+1 < d.cols {
				b := &thin
				if reg[i] != reg[i+1] {
					b = &thick
				}
				seg(b, d.x(c+1), d.y(r), d.x(c+1), d.y(r+1))
			}
			if r+1 < d.rows {
				b := &thin
				if reg[i] != reg[i+n] {
					b = &thick
				}
				seg(b, d.x(c), d.y(r+1), d.x(c+1), d.y(r+1))
			}
		}
	}
	d.p(`<path class="grid" d="%s" stroke="%s" stroke-width="1" fill="none"/>`+"\n", thin.String(), colLine)
	if thick.Len() > 0 {
		d.p(`<path class="regions" d="%s" stroke="#000000" stroke-width="3" stroke-linecap="square" fill="none"/>`+"\n", thick.String())
	}
	d.p(`<rect class="border" x="%s" y="%s" width="%s" height="%s" stroke="#000000" stroke-width="4" fill="none"/>`+"\n",
		f(d.x(0)), f(d.y(0)), f(float64(d.cols)*cell), f(float64(d.rows)*cell))
}

// cells draws each cell's group: its digit, as the value it stands for,
// or pencil marks.
func (d *drawing) cells() {
	n := d.n
	rules := d.b.Givens.Rules()
	mh, mw := textfmt.MarkShape(max(n, rules.Values()))
	big := cell * 0.62
	if n > 9 {
		big = cell * 0.5
	}
	hl := make(map[int]bool, len(d.b.Highlight))
	for _, i := range d.b.Highlight {
		hl[i] = true
	}
	for i := range n * n {
		r, c := i/n, i%n
		if !d.rc(r, c) {
			continue // a hole: no cell of the grid
		}
		digit, class, col := d.b.Givens.Cell(i), "given", colGiven
		struck := digit != 0 && slices.Contains(d.b.Redundant.Givens, i)
		if struck {
			class, col = "given redundant", colRedundant
		}
		if digit == 0 && d.b.Digits != nil {
			digit, class, col = d.b.Digits.Cell(i), "solved", colSolved
		}
		d.p(`<g data-cell="r%dc%d"`, r+1, c+1)
		if digit != 0 {
			d.p(` data-digit="%d"`, rules.ValueOf(digit))
		}
		if hl[i] {
			d.p(` data-highlight="1"`)
		}
		d.p(`><rect x="%s" y="%s" width="%s" height="%s" fill="none" pointer-events="all"/>`, f(d.x(c)), f(d.y(r)), f(cell), f(cell))
		switch {
		case digit != 0:
			d.p(`<text class="%s" x="%s" y="%s" font-size="%s" fill="%s" text-anchor="middle" dominant-baseline="central">%d</text>`,
				class, f(d.cx(i)), f(d.cy(i)+1), f(big), col, rules.ValueOf(digit))
			if struck {
				d.p(`<line class="strike" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>`,
					f(d.cx(i)-big*0.4), f(d.cy(i)+big*0.4), f(d.cx(i)+big*0.4), f(d.cy(i)-big*0.4), colRedundant, f(cell*0.04))
			}
		case d.b.Marks != nil && d.b.Marks[i] != 0:
			d.marks(i, d.b.Marks[i], mh, mw)
		}
		d.p("</g>\n")
	}
}

// marks draws the pencil marks m of cell i, digit d (as its value) at its
// place in an mh×mw block.
func (d *drawing) marks(i int, m uint64, mh, mw int) {
	rules := d.b.Givens.Rules()
	size := cell * 0.8 / float64(max(mh, mw)) * 0.95
	d.p(`<g class="marks" font-size="%s" fill="%s" text-anchor="middle" dominant-baseline="central">`, f(size), colMark)
	for k := range rules.Values() {
		if m&(1<<k) == 0 {
			continue
		}
		pr, pc := k/mw, k%mw
		x := d.x(i%d.n) + cell*0.1 + (float64(pc)+0.5)*cell*0.8/float64(mw)
		y := d.y(i/d.n) + cell*0.1 + (float64(pr)+0.5)*cell*0.8/float64(mh)
		d.p(`<text x="%s" y="%s">%d</text>`, f(x), f(y), rules.ValueOf(k+1))
	}
	d.p("</g>")
}
