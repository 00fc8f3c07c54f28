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
	// Rules.BoxShape gives them (2×3 on a 6×6 board, "1 2 3 | 4 5 6"); a
	// grid whose rules have no rectangular boxes, such as jigsaw regions,
	// is written without separators. Boards larger than 25×25 right-align
	// numbers to width 2.
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
