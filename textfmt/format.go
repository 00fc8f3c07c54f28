package textfmt

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
)

// Format is an output format for a grid. Every format of a grid whose side
// is one of satdoku.Sides reads back with Parse to an Equal grid, under the
// Standard rules of its side: the rules themselves are not written.
type Format uint8

// The output formats.
const (
	// FormatLine is one line: "53..7....6..195...", a symbol per cell
	// (digits, then letters from A for 10) and '.' for a blank, as
	// satdoku.Grid.String writes it. Boards larger than 25×25 write
	// decimal numbers separated by single spaces.
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
	// larger than 25×25 write numbers as decimal strings ("12"); see
	// AppendLeetCode for numbers on smaller boards.
	FormatLeetCode
	// FormatCompact is QQWing's compact layout: one row a line, the
	// symbols of FormatLine with nothing between them ("53..7...."),
	// numbers separated by spaces on boards larger than 25×25.
	FormatCompact
)

var formatNames = [...]string{
	FormatLine:     "line",
	FormatGrid:     "grid",
	FormatJSON:     "json",
	FormatLeetCode: "leetcode",
	FormatCompact:  "compact",
}

// String returns the name of f: "line", "grid", "json", "leetcode" or
// "compact".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ParseFormat returns the Format named s ("line", "grid", "json",
// "leetcode" or "compact", in any case).
func ParseFormat(s string) (Format, error) {
	for f, name := range formatNames {
		if strings.EqualFold(s, name) {
			return Format(f), nil
		}
	}
	return 0, fmt.Errorf("textfmt: unknown format %q (want line, grid, json, leetcode or compact)", s)
}

// symbols writes cell values 1..35 on boards up to 25×25.
const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// String returns g in format f, without a trailing newline. An unknown
// format gives FormatLine.
func String(g *satdoku.Grid, f Format) string { return string(Append(nil, g, f)) }

// Append appends g in format f, without a trailing newline, to dst and
// returns the extended buffer. An unknown format gives FormatLine; a nil
// or zero grid appends nothing.
func Append(dst []byte, g *satdoku.Grid, f Format) []byte {
	if g == nil || g.N() == 0 {
		return dst
	}
	switch f {
	case FormatGrid:
		return appendGrid(dst, g, nil, "", "")
	case FormatJSON:
		return appendJSON(dst, g, false, false)
	case FormatLeetCode:
		return appendJSON(dst, g, true, false)
	case FormatCompact:
		return appendCompact(dst, g)
	}
	dst, _ = g.AppendText(dst)
	return dst
}

// AppendColored appends g in FormatGrid to dst, with every cell that is
// empty in puzzle wrapped in on and off (say, ANSI escape sequences), and
// returns the extended buffer. Nothing is colored when puzzle is nil or of
// another size.
func AppendColored(dst []byte, g, puzzle *satdoku.Grid, on, off string) []byte {
	if g == nil || g.N() == 0 {
		return dst
	}
	if puzzle != nil && puzzle.N() != g.N() {
		puzzle = nil
	}
	return appendGrid(dst, g, puzzle, on, off)
}

// AppendLeetCode appends g in FormatLeetCode, or with numbers set in
// decimal strings on every board ("10" rather than "A" on a 16×16 board):
// a board that came in numbers goes back in numbers (see Reader.Numbers).
// Up to 9×9 the two are the same, and above 25×25 FormatLeetCode writes
// numbers anyway.
func AppendLeetCode(dst []byte, g *satdoku.Grid, numbers bool) []byte {
	if g == nil || g.N() == 0 {
		return dst
	}
	return appendJSON(dst, g, true, numbers)
}

// appendSym appends the symbol of digit v under rules r (its value's, see
// satdoku.Rules.AppendSymbol, under a value offset): '.' for a
// blank, a digit or letter up to 25×25, a decimal number above.
func appendSym(dst []byte, r *satdoku.Rules, v int) []byte {
	n := r.N()
	switch {
	case r.ValueOffset() != 0:
		return r.AppendSymbol(dst, v)
	case v == 0:
		return append(dst, '.')
	case n <= 25:
		return append(dst, symbols[v-1])
	}
	return strconv.AppendUint(dst, uint64(v), 10)
}

// appendCompact appends g in FormatCompact.
func appendCompact(dst []byte, g *satdoku.Grid) []byte {
	n := g.N()
	rows, cols := g.Rules().Window()
	for r := range rows {
		if r > 0 {
			dst = append(dst, '\n')
		}
		for c := range cols {
			if n > 25 && c > 0 {
				dst = append(dst, ' ')
			}
			dst = appendSym(dst, g.Rules(), g.Get(r, c))
		}
	}
	return dst
}

// appendGrid appends g in FormatGrid, the cells that are empty in puzzle
// (if not nil) wrapped in on and off.
func appendGrid(dst []byte, g, puzzle *satdoku.Grid, on, off string) []byte {
	n := g.N()
	d := newDrawing(g.Rules())
	if n > 25 {
		d.cellW = 2
	}
	if h, _ := g.Rules().BoxShape(); h != 0 {
		d.gap[1] = 3 // " | " between boxes
	}
	return d.draw(dst, func(dst []byte, i, _ int) []byte {
		v := g.Cell(i)
		if d.cellW == 2 && v < 10 {
			dst = append(dst, ' ')
		}
		if puzzle != nil && puzzle.Cell(i) == 0 {
			dst = append(dst, on...)
			dst = appendSym(dst, g.Rules(), v)
			return append(dst, off...)
		}
		return appendSym(dst, g.Rules(), v)
	})
}

// appendJSON appends g as a JSON board: numbers (FormatJSON), or, with
// leet, strings of symbols (FormatLeetCode), decimal strings with numbers.
func appendJSON(dst []byte, g *satdoku.Grid, leet, numbers bool) []byte {
	rows, cols := g.Rules().Window()
	dst = append(dst, '[')
	for r := range rows {
		if r > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '[')
		for c := range cols {
			if c > 0 {
				dst = append(dst, ',')
			}
			v := g.Get(r, c)
			switch {
			case !leet && v != 0:
				dst = strconv.AppendInt(dst, int64(g.Rules().ValueOf(v)), 10)
			case !leet:
				dst = append(dst, '0')
			case numbers && v != 0:
				dst = append(dst, '"')
				dst = strconv.AppendInt(dst, int64(g.Rules().ValueOf(v)), 10)
				dst = append(dst, '"')
			default:
				dst = append(dst, '"')
				dst = appendSym(dst, g.Rules(), v)
				dst = append(dst, '"')
			}
		}
		dst = append(dst, ']')
	}
	return append(dst, ']')
}
