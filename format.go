package satdoku

import (
	"fmt"
	"strconv"
	"strings"
)

// Format is an output format for a Grid. Every format of a grid whose side
// is one of Sides reads back with Parse to an Equal grid, under the
// Standard rules of its side: the rules themselves are not written.
type Format uint8

// The output formats.
const (
	// FormatLine is one line: "53..7....6..195...", a symbol per cell
	// (digits, then letters from A for 10) and '.' for a blank. Boards
	// larger than 25×25 write decimal numbers separated by single spaces.
	FormatLine Format = iota
	// FormatGrid is a readable grid with box separators, one row per line,
	// in the style of Norvig's display:
	//
	//	5 3 . | . 7 . | . . .
	//	...
	//	------+-------+------
	//
	// The boxes are those of the grid's rules, h rows by w columns as
	// Rules.BoxShape gives them (2×3 on a 6×6 board, "1 2 3 | 4 5 6").
	// Irregular regions (jigsaw Sudoku) get their borders drawn: a '|'
	// between two cells of a row in different regions, and between two
	// rows a line with '-' under each cell whose lower neighbour is in
	// another region, '+' where borders cross (the line is left out where
	// no region ends). A grid without regions is written without
	// separators. Boards larger than 25×25 right-align numbers to width 2.
	FormatGrid
	// FormatJSON is a JSON array of rows of numbers, 0 for a blank, on one
	// line: [[5,3,0,0,7,0,0,0,0],…].
	FormatJSON
	// FormatLeetCode is LeetCode's board: a JSON array of rows of one-symbol
	// strings, "." for a blank, on one line: [["5","3",".",…],…]. Boards
	// larger than 25×25 write numbers as decimal strings ("12").
	FormatLeetCode
)

var formatNames = [...]string{
	FormatLine:     "line",
	FormatGrid:     "grid",
	FormatJSON:     "json",
	FormatLeetCode: "leetcode",
}

// String returns the name of f: "line", "grid", "json" or "leetcode".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ParseFormat returns the Format named s ("line", "grid", "json" or
// "leetcode", in any case).
func ParseFormat(s string) (Format, error) {
	for f, name := range formatNames {
		if strings.EqualFold(s, name) {
			return Format(f), nil
		}
	}
	return 0, fmt.Errorf("satdoku: unknown format %q (want line, grid, json or leetcode)", s)
}

// symbols writes cell values 1..35 on boards up to 25×25.
const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// String returns g in FormatLine.
func (g *Grid) String() string { return g.Format(FormatLine) }

// Format returns g in format f, without a trailing newline. An unknown
// format gives FormatLine.
func (g *Grid) Format(f Format) string { return string(g.AppendFormat(nil, f)) }

// AppendFormat appends g in format f, without a trailing newline, to dst and
// returns the extended buffer. An unknown format gives FormatLine.
func (g *Grid) AppendFormat(dst []byte, f Format) []byte {
	if g == nil || g.rules == nil {
		return dst
	}
	switch f {
	case FormatGrid:
		return g.appendGrid(dst, nil, "", "")
	case FormatJSON:
		return g.appendJSON(dst, false)
	case FormatLeetCode:
		return g.appendJSON(dst, true)
	}
	return g.appendLine(dst)
}

// AppendColored appends g in FormatGrid to dst, with every cell that is
// empty in puzzle wrapped in on and off (say, ANSI escape sequences), and
// returns the extended buffer. Nothing is colored when puzzle is nil or of
// another size.
func (g *Grid) AppendColored(dst []byte, puzzle *Grid, on, off string) []byte {
	if g == nil || g.rules == nil {
		return dst
	}
	if puzzle != nil && puzzle.N() != g.N() {
		puzzle = nil
	}
	return g.appendGrid(dst, puzzle, on, off)
}

// appendSym appends the symbol of cell value v: '.' for a blank, a digit or
// letter up to 25×25, a decimal number above.
func (g *Grid) appendSym(dst []byte, v uint8) []byte {
	switch {
	case v == 0:
		return append(dst, '.')
	case g.rules.n <= 25:
		return append(dst, symbols[v-1])
	}
	return strconv.AppendUint(dst, uint64(v), 10)
}

func (g *Grid) appendLine(dst []byte) []byte {
	wide := g.rules.n > 25
	for i, v := range g.cells {
		if wide && i > 0 {
			dst = append(dst, ' ')
		}
		dst = g.appendSym(dst, v)
	}
	return dst
}

func (g *Grid) appendGrid(dst []byte, puzzle *Grid, on, off string) []byte {
	n := g.N()
	h, w := g.rules.BoxShape() // 0, 0: no box borders
	width := 1
	if n > 25 {
		width = 2
	}
	if h == 0 {
		if reg := g.rules.regions(); reg != nil {
			return g.appendRegions(dst, reg, width, puzzle, on, off)
		}
	}
	for r := 0; r < n; r++ {
		if r > 0 {
			dst = append(dst, '\n')
			if h != 0 && r%h == 0 {
				dst = appendRule(dst, n/w, w, width)
				dst = append(dst, '\n')
			}
		}
		for c := 0; c < n; c++ {
			switch {
			case c == 0:
			case w != 0 && c%w == 0:
				dst = append(dst, " | "...)
			default:
				dst = append(dst, ' ')
			}
			v := g.cells[r*n+c]
			if width == 2 && v < 10 {
				dst = append(dst, ' ')
			}
			if puzzle != nil && puzzle.cells[r*n+c] == 0 {
				dst = append(dst, on...)
				dst = g.appendSym(dst, v)
				dst = append(dst, off...)
			} else {
				dst = g.appendSym(dst, v)
			}
		}
	}
	return dst
}

// regions returns the region of every cell (the Index of its Box unit), or
// nil when r has no regions.
func (r *Rules) regions() []int {
	var reg []int
	for _, u := range r.units {
		if u.Kind != Box {
			continue
		}
		if reg == nil {
			reg = make([]int, r.n*r.n)
		}
		for _, i := range u.Cells {
			reg[i] = u.Index
		}
	}
	return reg
}

// appendRegions is appendGrid for irregular regions reg: the borders of
// the regions are drawn between the cells (see FormatGrid).
func (g *Grid) appendRegions(dst []byte, reg []int, width int, puzzle *Grid, on, off string) []byte {
	n := g.N()
	dash := func(border bool) byte {
		if border {
			return '-'
		}
		return ' '
	}
	for r := range n {
		if r > 0 {
			// The line between rows r−1 and r, when some region ends.
			start := len(dst)
			dst = append(dst, '\n')
			drawn := false
			for c := range n {
				up, down := (r-1)*n+c, r*n+c
				below := reg[up] != reg[down]
				drawn = drawn || below
				if c > 0 {
					vert := reg[up-1] != reg[up] || reg[down-1] != reg[down]
					left := reg[up-1] != reg[down-1]
					switch {
					case vert && (left || below):
						dst = append(dst, '+')
					case vert:
						dst = append(dst, '|')
					default:
						dst = append(dst, dash(left && below))
					}
				}
				for range width {
					dst = append(dst, dash(below))
				}
			}
			if !drawn {
				dst = dst[:start]
			} else {
				dst = trimSpaces(dst)
			}
		}
		if r > 0 {
			dst = append(dst, '\n')
		}
		for c := range n {
			i := r*n + c
			switch {
			case c == 0:
			case reg[i-1] != reg[i]:
				dst = append(dst, '|')
			default:
				dst = append(dst, ' ')
			}
			v := g.cells[i]
			if width == 2 && v < 10 {
				dst = append(dst, ' ')
			}
			if puzzle != nil && puzzle.cells[i] == 0 {
				dst = append(dst, on...)
				dst = g.appendSym(dst, v)
				dst = append(dst, off...)
			} else {
				dst = g.appendSym(dst, v)
			}
		}
	}
	return dst
}

// trimSpaces removes the spaces at the end of dst.
func trimSpaces(dst []byte) []byte {
	for len(dst) > 0 && dst[len(dst)-1] == ' ' {
		dst = dst[:len(dst)-1]
	}
	return dst
}

// appendRule appends the line between bands of boxes, as wide as a row, for
// boxes across boxes of w cells each: "------+-------+------" for 9×9.
func appendRule(dst []byte, boxes, w, width int) []byte {
	group := w*width + w - 1 // one box of a row, without the " | "
	for i := 0; i < boxes; i++ {
		dashes := group + 2
		if i == 0 || i == boxes-1 {
			dashes = group + 1
		}
		if i > 0 {
			dst = append(dst, '+')
		}
		for range dashes {
			dst = append(dst, '-')
		}
	}
	return dst
}

func (g *Grid) appendJSON(dst []byte, leet bool) []byte {
	n := g.N()
	dst = append(dst, '[')
	for r := 0; r < n; r++ {
		if r > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '[')
		for c := 0; c < n; c++ {
			if c > 0 {
				dst = append(dst, ',')
			}
			v := g.cells[r*n+c]
			if leet {
				dst = append(dst, '"')
				dst = g.appendSym(dst, v)
				dst = append(dst, '"')
			} else {
				dst = strconv.AppendUint(dst, uint64(v), 10)
			}
		}
		dst = append(dst, ']')
	}
	return append(dst, ']')
}
