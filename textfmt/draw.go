package textfmt

import (
	"strconv"

	"github.com/satdoku/satdoku"
)

// drawing lays out a board as text, the one drawer of every format that
// draws a grid (FormatGrid, AppendColored, AppendMarks): each cell is a
// block of cellW columns by cellH lines; between two cells of a row is a
// gap, a '|' in its middle where they lie in different regions; between
// two rows of cells is a line with '-' under each cell whose lower
// neighbour is in another region, and at each gap '+', '|', '-' or ' '
// as the borders meet there. Lines end without trailing spaces.
type drawing struct {
	n            int
	rows, cols   int   // the grid's (Rules.Window): n and n but in a window
	reg          []int // the region of every cell, -1 for none
	cellW, cellH int
	// gap is the width of the gap between two cells of a row, 1 or 3:
	// gap[0] in one region, gap[1] across a border.
	gap [2]int
	// spacer: a line between every two rows of cells, blank where no
	// border runs; else only where some region ends.
	spacer bool
}

// newDrawing returns a drawing of the regions of r (boxes, or a jigsaw's
// regions) with cells of one symbol and gaps of one column.
func newDrawing(r *satdoku.Rules) *drawing {
	n := r.N()
	reg := r.CellRegions()
	rows, cols := r.Window()
	return &drawing{n: n, rows: rows, cols: cols, reg: reg, cellW: 1, cellH: 1, gap: [2]int{1, 1}}
}

// border reports whether cells i and j lie in different regions.
func (d *drawing) border(i, j int) bool { return d.reg[i] != d.reg[j] }

// draw appends the board, without a trailing newline; cell appends line k
// (from 0) of cell i, at most cellW columns wide.
func (d *drawing) draw(dst []byte, cell func(dst []byte, i, k int) []byte) []byte {
	n := d.n
	for row := range d.rows {
		if row > 0 {
			dst = d.rowLine(dst, row)
		}
		for k := range d.cellH {
			if row > 0 || k > 0 {
				dst = append(dst, '\n')
			}
			start := len(dst)
			for c := range d.cols {
				i := row*n + c
				if c > 0 {
					b := d.border(i-1, i)
					switch w := d.gap[btoi(b)]; {
					case !b:
						dst = appendSpaces(dst, w)
					case w == 1:
						dst = append(dst, '|')
					default:
						dst = append(dst, " | "...)
					}
				}
				dst = cell(dst, i, k)
			}
			dst = trimSpaces(dst, start)
		}
	}
	return dst
}

// rowLine appends the line between rows row-1 and row, after a newline,
// or nothing when no region ends there and d has no spacer lines.
func (d *drawing) rowLine(dst []byte, row int) []byte {
	n := d.n
	start := len(dst)
	dst = append(dst, '\n')
	drawn := false
	for c := range d.cols {
		up, down := (row-1)*n+c, row*n+c
		below := d.border(up, down)
		drawn = drawn || below
		if c > 0 {
			left := d.border(up-1, down-1)
			upper, lower := d.border(up-1, up), d.border(down-1, down)
			j := junction(upper, lower, left, below)
			if d.gap[btoi(upper || lower)] == 1 {
				dst = append(dst, j)
			} else {
				dst = append(dst, dash(left), j, dash(below))
			}
		}
		for range d.cellW {
			dst = append(dst, dash(below))
		}
	}
	if !drawn && !d.spacer {
		return dst[:start]
	}
	return trimSpaces(dst, start)
}

// dash is the character under a cell, or beside a crossing: '-' on a
// border, ' ' otherwise.
func dash(border bool) byte {
	if border {
		return '-'
	}
	return ' '
}

// junction is the character where four cells meet, from the borders above
// and below it (between the two upper cells, between the two lower ones)
// and to its left and right.
func junction(up, down, left, right bool) byte {
	switch {
	case (up || down) && (left || right):
		return '+'
	case up || down:
		return '|'
	case left || right:
		return '-'
	}
	return ' '
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// appendSpaces appends k spaces.
func appendSpaces(dst []byte, k int) []byte {
	for range k {
		dst = append(dst, ' ')
	}
	return dst
}

// trimSpaces removes the spaces at the end of dst, down to dst[:start].
func trimSpaces(dst []byte, start int) []byte {
	for len(dst) > start && dst[len(dst)-1] == ' ' {
		dst = dst[:len(dst)-1]
	}
	return dst
}

// MarkShape is the shape of a cell's block of pencil marks in AppendMarks
// on an n×n board: the box shape of the side (3×3 on 9×9, 2×3 on 6×6),
// or for a prime side rows as wide as its square root rounded up.
func MarkShape(n int) (h, w int) {
	if h, w = satdoku.BoxShape(n); h != 0 {
		return h, w
	}
	for w = 1; w*w < n; w++ {
	}
	return (n + w - 1) / w, w
}

// AppendMarks appends the pencil-mark grid of the candidate masks marks
// (one per cell, row-major, bit d−1 for digit d) under rules r, without a
// trailing newline, and returns the extended buffer. The candidates in
// crossed (one mask per cell, or nil) are drawn as 'x' in their places:
// the candidates a step removes, say.
//
// Each cell is a block of MarkShape(max(N, V)), V the board's digits
// (Rules.Values): digit d at row (d−1)/w, column (d−1)%w of its block, as
// its value's symbol, '.' when it is not a candidate (above 25×25 each
// digit is a number of width 2, with a space between). Cells are three
// columns apart, with a line between each row of cells; where two
// neighbours lie in different regions (boxes, or a jigsaw's regions) a
// '|' or a run of '-' is drawn between them, with '+' where borders
// cross:
//
//	1.. .2. ..3 | ...
//	... ... ... | ...
//	... ... ... | ...
//	            |
//	...
//	------------+----
func AppendMarks(dst []byte, r *satdoku.Rules, marks, crossed []uint64) []byte {
	n, nv := r.N(), r.Values()
	mh, mw := MarkShape(max(n, nv))
	sw := 1 // the width of a symbol; above 25×25 two, with a space between
	if n > 25 {
		sw = 2
	}
	d := newDrawing(r)
	d.cellW, d.cellH = mw*sw+(mw-1)*(sw-1), mh
	d.gap, d.spacer = [2]int{3, 3}, true
	return d.draw(dst, func(dst []byte, i, k int) []byte {
		for j := range mw {
			dig := k*mw + j + 1
			if j > 0 && sw > 1 {
				dst = append(dst, ' ')
			}
			bit := uint64(1) << (dig - 1)
			switch {
			case dig > nv:
				dst = appendSpaces(dst, sw)
			case crossed != nil && crossed[i]&bit != 0:
				dst = append(dst, " x"[2-sw:]...)
			case marks[i]&bit == 0:
				dst = append(dst, " ."[2-sw:]...)
			case sw == 1:
				dst = appendSym(dst, r, dig) // its value's symbol
			default:
				if dig < 10 {
					dst = append(dst, ' ')
				}
				dst = strconv.AppendInt(dst, int64(dig), 10)
			}
		}
		return dst
	})
}
