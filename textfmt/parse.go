package textfmt

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/satdoku/satdoku"
)

// Parse reads exactly one puzzle from s, in any format the Reader accepts
// (see the package documentation). It fails with a *ParseError wrapping
// ErrEmpty if s holds no puzzle and ErrExtra if it holds more than one.
//
// A first line of 16, 36 or 64 symbols in char mode is a whole 4×4, 6×6 or
// 8×8 puzzle to a Reader; when more input follows it, Parse reads it as the
// first row of a 16×16, 36×36 or 64×64 grid instead, so that it reads back
// every format of every size. If the grid cannot be read either, Parse
// reports the grid's error, unless the line was a valid puzzle and the
// grid's error is no further than the input after it: then it is ErrExtra
// at that input.
func Parse(s string) (*satdoku.Grid, error) {
	g, side, err := parseOne(s, 0)
	if side == 0 {
		return g, err
	}
	g2, _, err2 := parseOne(s, side)
	if err2 == nil {
		return g2, nil
	}
	var extra, pe *satdoku.ParseError
	if errors.As(err, &extra) && errors.Is(err, ErrExtra) && errors.As(err2, &pe) && pe.Pos.Line <= extra.Pos.Line {
		return nil, err
	}
	return nil, err2
}

// parseOne parses s with a Reader of the given Size. side is nonzero when
// the first line was a run of side cells read as a whole puzzle and more
// input follows: a grid reading with Size side may do better.
func parseOne(s string, size int) (g *satdoku.Grid, side int, err error) {
	buf := len(s) + 1
	buf = max(16, min(buf, 4096))
	r := newReaderSize(strings.NewReader(s), buf)
	r.Size = size
	r.MaxLine = max(defaultMaxLine, len(s))
	g, err = r.Read()
	if err == io.EOF {
		return nil, 0, at(1, 1, because(ErrEmpty, "no puzzle in input"))
	}
	side = r.ambSide
	if _, err2 := r.Read(); err2 == io.EOF {
		return g, 0, err
	}
	if err != nil {
		return nil, side, err
	}
	return nil, side, at(r.start, r.startCol, because(ErrExtra, "extra input after the puzzle"))
}

// MustParse is like Parse but panics if s cannot be parsed. It is meant for
// tests and examples with constant puzzles.
func MustParse(s string) *satdoku.Grid {
	g, err := Parse(s)
	if err != nil {
		panic("textfmt: MustParse: " + err.Error())
	}
	return g
}

// Symbol classes in symTab.
const (
	symSep = 0xFE // separator inside a line: ignored
	symBad = 0xFF // not a cell
)

// symTab maps a byte to its cell value in char mode: 0 for a blank ('.',
// '0', 'x', '*' or '_'), 1..35 for '1'-'9', 'A'-'Z' (or 'a'-'z'), symSep or symBad.
var symTab = func() (t [256]uint8) {
	for i := range t {
		t[i] = symBad
	}
	t['.'], t['0'] = 0, 0
	for c := '1'; c <= '9'; c++ {
		t[c] = uint8(c - '0')
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = uint8(c - 'A' + 10)
		t[c+'a'-'A'] = uint8(c - 'A' + 10)
	}
	// Other blanks people write: x (no board in char mode has a 33rd
	// symbol), * and _.
	t['x'], t['X'], t['*'], t['_'] = 0, 0, 0, 0
	for _, c := range " \t\v\f\r|+-," {
		t[c] = symSep
	}
	return t
}()

// isSpace reports ASCII white space.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n'
}

// isFieldSep reports a separator between fields in number mode.
func isFieldSep(c byte) bool { return isSpace(c) || c == '|' || c == '+' || c == ',' }

// trimSpace trims ASCII white space on both sides.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// scanLine appends the cells of line to dst and reports whether the line is
// in number mode. In char mode an invalid symbol is appended as symBad.
func scanLine(dst []uint8, line []byte) ([]uint8, bool) {
	n := len(dst)
	if out, ok := scanNumbers(dst, line); ok {
		return out, true
	}
	return scanChars(dst[:n], line), false
}

// scanChars appends one cell per symbol of line, skipping separators.
func scanChars(dst []uint8, line []byte) []uint8 {
	for i := 0; i < len(line); {
		c := line[i]
		v := symTab[c]
		switch {
		case v == symSep:
			i++
			continue
		case c >= utf8.RuneSelf:
			_, w := utf8.DecodeRune(line[i:])
			i += w
		default:
			i++
		}
		dst = append(dst, v)
	}
	return dst
}

// scanNumbers appends the fields of line in number mode and reports whether
// the line is in number mode: at least two fields separated by white space,
// '|' or '+', each '.' or a decimal number 0..64 without a leading zero, and
// at least one of two digits.
func scanNumbers(dst []uint8, line []byte) ([]uint8, bool) {
	long := false
	fields := 0
	for i := 0; i < len(line); {
		c := line[i]
		if isFieldSep(c) {
			i++
			continue
		}
		end := i + 1
		for end < len(line) && !isFieldSep(line[end]) {
			end++
		}
		f := line[i:end]
		i = end
		fields++
		switch {
		case len(f) == 1 && (symTab[f[0]] == 0 || f[0] >= '0' && f[0] <= '9'):
			dst = append(dst, symTab[f[0]])
		case len(f) == 2 && f[0] >= '1' && f[0] <= '9' && f[1] >= '0' && f[1] <= '9':
			v := (f[0]-'0')*10 + f[1] - '0'
			if v > satdoku.MaxN {
				return dst, false
			}
			long = true
			dst = append(dst, v)
		default:
			return dst, false
		}
	}
	return dst, long && fields >= 2
}

// eachCell calls f with the byte span of each cell of line, as scanned in
// the given mode, until f returns false.
func eachCell(line []byte, number bool, f func(start, end int) bool) {
	for p := 0; p < len(line); {
		c := line[p]
		if number {
			if isFieldSep(c) {
				p++
				continue
			}
			q := p + 1
			for q < len(line) && !isFieldSep(line[q]) {
				q++
			}
			if !f(p, q) {
				return
			}
			p = q
			continue
		}
		if symTab[c] == symSep {
			p++
			continue
		}
		w := 1
		if c >= utf8.RuneSelf {
			_, w = utf8.DecodeRune(line[p:])
		}
		if !f(p, p+w) {
			return
		}
		p += w
	}
}

// cellSpan returns the byte span of cell i of line as scanned in the given
// mode. For i equal to the number of cells it returns the empty span just
// after the last cell.
func cellSpan(line []byte, number bool, i int) (start, end int) {
	k := 0
	found := false
	eachCell(line, number, func(p, q int) bool {
		if k == i {
			start, end, found = p, q, true
			return false
		}
		k++
		start, end = q, q
		return true
	})
	if !found {
		return end, end
	}
	return start, end
}

// column returns the 1-based rune column of byte offset off in line.
func column(line []byte, off int) int {
	off = max(0, min(off, len(line)))
	return utf8.RuneCount(line[:off]) + 1
}

// sides are the sides the text formats read (satdoku.Sides).
var sides = satdoku.Sides()

// Valid counts of cells on a line: board areas, in the order of sides.
var (
	areas = func() []int {
		a := make([]int, len(sides))
		for i, n := range sides {
			a[i] = n * n
		}
		return a
	}()
)

// charSides is the largest side whose lines are read in char mode when
// guessing a length: the letters stop at Z = 35, so a row or a whole
// puzzle of a larger board is written in numbers.
const charSides = 25

// isArea reports whether k is N² for a board side N.
func isArea(k int) bool { return sideOfArea(k) != 0 }

// sideOfArea returns N if k is N² for a board side N, else 0.
func sideOfArea(k int) int {
	if i := slices.Index(areas, k); i >= 0 {
		return sides[i]
	}
	return 0
}

// wantCells guesses the length meant by a first line of k cells that fits
// no board, for the error message.
//
// A line within a tenth (at least one cell) of a count that a line may have
// lost or gained those cells: 80 or 82 cells want 81, 35 or 37 want 36. On
// a tie the larger count wins, as lines are more often cut short than
// padded. A line far from every count is judged among the square boards
// only (4×4, 9×9, 16×16 …), the common ones, by ratio: a row of a grid when
// it is no longer than a row, else a whole puzzle, so that 40 cells are a
// short 81 rather than a long 36. Lines in char mode count up to 25×25.
func wantCells(k int, number bool) int {
	limit := satdoku.MaxN
	if !number {
		limit = charSides
	}
	best, dist := 0, 0
	for i, n := range sides {
		if n > limit {
			break
		}
		for _, c := range [2]int{n, areas[i]} {
			d := abs(k - c)
			if d <= max(1, c/10) && (best == 0 || d < dist || d == dist && c > best) {
				best, dist = c, d
			}
		}
	}
	if best != 0 {
		return best
	}
	var rows, wholes []int
	for i, n := range sides {
		if h, w := satdoku.BoxShape(n); n <= limit && h == w {
			rows, wholes = append(rows, n), append(wholes, areas[i])
		}
	}
	if k > rows[len(rows)-1] {
		rows = wholes
	}
	best = rows[0]
	for _, w := range rows[1:] {
		if k*k > best*w { // k/best > w/k
			best = w
		}
	}
	return best
}

// nearest returns the value of want closest to k, the larger one on a tie
// (a line or a row is more often cut short than padded). want is sorted.
func nearest(k int, want ...int) int {
	best := want[0]
	for _, w := range want[1:] {
		if abs(w-k) <= abs(best-k) {
			best = w
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// lengthErr explains a line of k cells when want were expected.
func lengthErr(line []byte, number bool, k, want, lineNo int) *satdoku.ParseError {
	var off int
	if k > satdoku.MaxN*satdoku.MaxN {
		want = satdoku.MaxN * satdoku.MaxN
	}
	if k > want {
		off, _ = cellSpan(line, number, want)
	} else {
		off, _ = cellSpan(line, number, k)
	}
	var err *satdoku.ParseError
	if k > satdoku.MaxN*satdoku.MaxN {
		err = because(satdoku.ErrSize, "%d cells: more than a %d×%d board holds", k, satdoku.MaxN, satdoku.MaxN)
	} else {
		err = because(ErrLength, "%s, want %d%s", plural(k, "cell"), want, wantWhat(want))
	}
	return at(lineNo, column(line, off), err)
}

// wantWhat says what a line of want cells would be, for messages about
// a line that is not one: " (a 9×9 puzzle on one line)", " (a row of a
// 9×9 grid)".
func wantWhat(want int) string {
	switch {
	case isArea(want):
		n := sideOfArea(want)
		return " (" + board(n) + " puzzle on one line)"
	case satdoku.IsSide(want):
		return " (a row of " + board(want) + " grid)"
	}
	return ""
}

// board is "a 9×9" or "an 8×8".
func board(n int) string {
	s := strconv.Itoa(n)
	if n == 8 || n == 11 || n == 18 {
		return "an " + s + "×" + s
	}
	return "a " + s + "×" + s
}

// badCell returns the error for the invalid symbol in cell i of line.
func badCell(line []byte, number bool, i, lineNo int) *satdoku.ParseError {
	s, _ := cellSpan(line, number, i)
	return at(lineNo, column(line, s), because(ErrBadCell, "invalid cell %s", quoteSym(line[s:])))
}

// fillCells checks the scanned cells vals of line against an n×n board and
// copies them to dst (len(dst) == len(vals)). It reports the first invalid
// symbol, or else the first digit larger than n.
func fillCells(dst, vals []uint8, line []byte, number bool, n, lineNo int) *satdoku.ParseError {
	bad := -1
	for i, v := range vals {
		if v > uint8(n) {
			bad = i
			break
		}
		dst[i] = v
	}
	if bad < 0 {
		return nil
	}
	// An invalid symbol anywhere comes first.
	if i := bytes.IndexByte(vals[bad:], symBad); i >= 0 {
		return badCell(line, number, bad+i, lineNo)
	}
	s, e := cellSpan(line, number, bad)
	var err *satdoku.ParseError
	if number {
		err = because(ErrRange, "cell %s out of range for %d×%d", line[s:e], n, n)
	} else {
		err = because(ErrRange, "cell %s (%d) out of range for %d×%d", quoteSym(line[s:e]), vals[bad], n, n)
	}
	return at(lineNo, column(line, s), err)
}

// emptyGrid returns an empty n×n grid under the standard rules, for a side
// n in Sides.
func emptyGrid(n int) *satdoku.Grid {
	r, err := satdoku.Standard(n)
	if err != nil {
		panic("textfmt: no standard rules for a side read: " + err.Error())
	}
	return satdoku.NewGrid(r)
}

// newGrid returns an n×n grid under the standard rules holding cells (one
// value a cell, row-major, each checked to be at most n), for a side n in
// Sides.
func newGrid(n int, cells []uint8) *satdoku.Grid {
	g := emptyGrid(n)
	for i, v := range cells {
		if v != 0 {
			g.SetCell(i, int(v))
		}
	}
	return g
}

// JSON boards.

// jsonDoc is one JSON board with the line structure it came from.
type jsonDoc struct {
	buf    []byte // the text, lines joined by '\n'
	starts []int  // byte offset where each line starts
	line   int    // number of the first line
	size   int    // Reader.Size
	dec    *json.Decoder
	vals   []uint8
	cells  []jsonCell
	rowBuf []jsonRow
	grid   []uint8 // the cells of the board being read
	// numbers: some cell was written as a decimal number, a JSON
	// number (5, 12) or a string of two digits ("12").
	numbers bool

	peek struct { // a token read ahead
		ok   bool
		t    json.Token
		s, e int
		err  error
	}
}

// jsonCell records where a cell came from, for error messages.
type jsonCell struct {
	s, e int32 // byte span in buf
	kind uint8 // one of the cell kinds below
}

// Cell kinds.
const (
	cellNumber  = iota // a JSON number: 12
	cellString         // a JSON string: "A"
	cellChar           // a symbol inside a row string
	cellField          // a number inside a row string
	cellEscaped        // inside a row string with escapes: no exact span
)

// errAt sets the position of err to byte offset off of the document and
// returns it.
func (d *jsonDoc) errAt(off int, err *satdoku.ParseError) *satdoku.ParseError {
	off = max(0, min(off, len(d.buf)))
	i := 0
	for i+1 < len(d.starts) && d.starts[i+1] <= off {
		i++
	}
	return at(d.line+i, utf8.RuneCount(d.buf[d.starts[i]:off])+1, err)
}

// next returns the next token and the byte span of its text. The JSON text
// has been validated, so err is unexpected.
func (d *jsonDoc) next() (t json.Token, s, e int, err error) {
	if d.peek.ok {
		d.peek.ok = false
		return d.peek.t, d.peek.s, d.peek.e, d.peek.err
	}
	s = int(d.dec.InputOffset())
	for s < len(d.buf) && (isSpace(d.buf[s]) || d.buf[s] == ',' || d.buf[s] == ':') {
		s++
	}
	t, err = d.dec.Token()
	return t, s, int(d.dec.InputOffset()), err
}

// more reports whether the current array has another element.
func (d *jsonDoc) more() bool { return d.peek.ok || d.dec.More() }

// parse turns a JSON board into a grid: an array of rows, each an array of
// cells or a string read like a line ("53..7...."); or a flat array of N²
// cells. A cell is a number 0..N, a string symbol ("5", ".", "A", "12") or
// null for a blank.
func (d *jsonDoc) parse() (*satdoku.Grid, *satdoku.ParseError) {
	var raw json.RawMessage
	if err := json.Unmarshal(d.buf, &raw); err != nil {
		off := len(d.buf)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = int(se.Offset) - 1
		}
		return nil, d.errAt(off, because(ErrSyntax, "invalid JSON: %s", strings.TrimPrefix(err.Error(), "json: ")))
	}
	d.peek.ok = false
	d.numbers = false
	d.dec = json.NewDecoder(bytes.NewReader(d.buf))
	d.dec.UseNumber()
	t, open, _, err := d.next()
	if err != nil || t != json.Delim('[') {
		return nil, d.errAt(open, because(ErrSyntax, "want a JSON array"))
	}
	if !d.more() {
		return nil, d.errAt(open, because(ErrLength, "empty JSON board"))
	}
	// The first element decides: an array, or a string of more than one
	// cell, is a row; anything else is the first cell of a flat board.
	t, s, e, err := d.next()
	d.peek.ok, d.peek.t, d.peek.s, d.peek.e, d.peek.err = true, t, s, e, err
	switch t := t.(type) {
	case json.Delim:
		return d.rows()
	case string:
		if v, _ := scanLine(d.vals[:0], []byte(t)); len(v) > 1 {
			return d.rows()
		}
	}
	return d.flat()
}

// cell appends one cell token to d.vals and d.cells.
func (d *jsonDoc) cell(t json.Token, s, e int) *satdoku.ParseError {
	v, kind := -1, uint8(cellString)
	switch t := t.(type) {
	case nil:
		v = 0
	case json.Number:
		kind = cellNumber
		d.numbers = true
		if x, err := strconv.Atoi(string(t)); err == nil {
			if x < 0 || x > satdoku.MaxN {
				return d.errAt(s, because(ErrRange, "cell %s out of range", t))
			}
			v = x
		}
	case string:
		switch b := []byte(t); {
		case len(b) == 1 && symTab[b[0]] < symSep:
			v = int(symTab[b[0]])
		case len(b) == 2 && b[0] >= '1' && b[0] <= '9' && b[1] >= '0' && b[1] <= '9':
			d.numbers = true
			if v = int(b[0]-'0')*10 + int(b[1]-'0'); v > satdoku.MaxN {
				return d.errAt(s, because(ErrRange, "cell %s out of range", strconv.Quote(t)))
			}
		}
	case json.Delim:
		what := "array"
		if t == '{' {
			what = "object"
		}
		return d.errAt(s, because(ErrBadCell, "invalid cell: %s", what))
	}
	if v < 0 {
		return d.errAt(s, because(ErrBadCell, "invalid cell %s", d.buf[s:e]))
	}
	d.vals = append(d.vals, uint8(v))
	d.cells = append(d.cells, jsonCell{s: int32(s), e: int32(e), kind: kind})
	return nil
}

// check copies the cells d.vals[lo:lo+len(dst)] to dst after checking each
// against an n×n board, n the side of the grid being read.
func (d *jsonDoc) check(dst []uint8, lo, n int) *satdoku.ParseError {
	for i, v := range d.vals[lo : lo+len(dst)] {
		if v <= uint8(n) {
			dst[i] = v
			continue
		}
		c := d.cells[lo+i]
		tok := d.buf[c.s:c.e]
		var err *satdoku.ParseError
		switch c.kind {
		case cellNumber, cellField:
			err = because(ErrRange, "cell %s out of range for %d×%d", tok, n, n)
		case cellString:
			err = because(ErrRange, "cell %s (%d) out of range for %d×%d", tok, v, n, n)
		case cellChar:
			err = because(ErrRange, "cell %s (%d) out of range for %d×%d", quoteSym(tok), v, n, n)
		default:
			err = because(ErrRange, "cell %d out of range for %d×%d", v, n, n)
		}
		return d.errAt(int(c.s), err)
	}
	return nil
}

// elements reads the cells of an array up to its closing bracket and
// returns the offset of that bracket.
func (d *jsonDoc) elements() (int, *satdoku.ParseError) {
	for d.more() {
		t, s, e, err := d.next()
		if err != nil {
			return 0, d.errAt(s, because(ErrSyntax, "invalid JSON"))
		}
		if perr := d.cell(t, s, e); perr != nil {
			return 0, perr
		}
	}
	_, end, _, _ := d.next()
	return end, nil
}

// flat reads a flat array of N² cells.
func (d *jsonDoc) flat() (*satdoku.Grid, *satdoku.ParseError) {
	d.vals, d.cells = d.vals[:0], d.cells[:0]
	end, perr := d.elements()
	if perr != nil {
		return nil, perr
	}
	k := len(d.vals)
	var n int
	switch {
	case d.size != 0:
		if k == d.size*d.size {
			n = d.size
		}
	default:
		n = sideOfArea(k)
	}
	if n == 0 {
		want := d.size * d.size
		if want == 0 {
			want = nearest(k, areas...)
		}
		off := end
		if k > want {
			off = int(d.cells[want].s)
		}
		return nil, d.errAt(off, because(ErrLength, "%s, want %d", plural(k, "cell"), want))
	}
	cells := d.cellBuf(n)
	if perr := d.check(cells, 0, n); perr != nil {
		return nil, perr
	}
	return newGrid(n, cells), nil
}

// jsonRow is a row of a JSON board as read, before its cells are checked.
type jsonRow struct {
	s, end int // byte offsets of its start and of its closing bracket or quote
	lo, hi int // its cells: d.vals[lo:hi] and d.cells[lo:hi]
}

// rows reads an array of rows. The first row fixes N unless d.size does,
// or rows 2 to 4 agree on another side (the first row is then the odd one,
// as in a grid).
func (d *jsonDoc) rows() (*satdoku.Grid, *satdoku.ParseError) {
	rows, end, bad := d.readRows()
	full := len(rows) // the rows read whole
	if bad != nil {
		full--
	}
	n := d.size
	if n == 0 && full > 0 {
		k := rows[0].hi - rows[0].lo
		if satdoku.IsSide(k) {
			n = k
		}
		if full >= 4 {
			m := rows[1].hi - rows[1].lo
			if m != k && satdoku.IsSide(m) && rows[2].hi-rows[2].lo == m && rows[3].hi-rows[3].lo == m {
				n = m
			}
		}
	}
	var cells []uint8
	for r, row := range rows {
		if n != 0 && r == n {
			return nil, d.errAt(row.s, because(ErrLength, "more than %d rows", n))
		}
		if r == full {
			return nil, bad
		}
		k, want := row.hi-row.lo, n
		if want == 0 {
			want = nearest(k, sides...)
		}
		if k != want {
			off := row.end
			if k > want {
				off = int(d.cells[row.lo+want].s)
			}
			return nil, d.errAt(off, because(ErrLength, "%s in row, want %d", plural(k, "cell"), want))
		}
		if cells == nil {
			cells = d.cellBuf(n)
		}
		if perr := d.check(cells[r*n:(r+1)*n], row.lo, n); perr != nil {
			return nil, perr
		}
	}
	if len(rows) < n {
		return nil, d.errAt(end, because(ErrLength, "%s, want %d", plural(len(rows), "row"), n))
	}
	return newGrid(n, cells), nil
}

// cellBuf returns the document's buffer for the cells of an n×n board.
func (d *jsonDoc) cellBuf(n int) []uint8 {
	if cap(d.grid) < n*n {
		d.grid = make([]uint8, n*n)
	}
	return d.grid[:n*n]
}

// readRows reads the rows of a board up to its closing bracket, whose
// offset it returns, with their cells in d.vals and d.cells. It stops at
// the first row that cannot be read, which is the last one returned, with
// the error, and after MaxN+1 rows, more than any board has.
func (d *jsonDoc) readRows() (rows []jsonRow, end int, bad *satdoku.ParseError) {
	d.vals, d.cells = d.vals[:0], d.cells[:0]
	rows = d.rowBuf[:0]
	defer func() { d.rowBuf = rows }()
	for d.more() {
		if len(rows) > satdoku.MaxN {
			return rows, 0, nil
		}
		t, s, e, err := d.next()
		row := jsonRow{s: s, lo: len(d.vals)}
		rows = append(rows, row)
		if err != nil {
			return rows, 0, d.errAt(s, because(ErrSyntax, "invalid JSON"))
		}
		switch t := t.(type) {
		case json.Delim:
			if t != '[' {
				return rows, 0, d.errAt(s, because(ErrBadCell, "invalid row: object"))
			}
			if row.end, bad = d.elements(); bad != nil {
				return rows, 0, bad
			}
		case string:
			if bad = d.stringRow(t, s, e); bad != nil {
				return rows, 0, bad
			}
			row.end = e - 1
		default:
			return rows, 0, d.errAt(s, because(ErrBadCell, "invalid row %s", d.buf[s:e]))
		}
		row.hi = len(d.vals)
		rows[len(rows)-1] = row
	}
	_, end, _, _ = d.next()
	return rows, end, nil
}

// stringRow reads a row written as a string, with the cells of a line.
// Positions inside the string are exact unless it holds escapes.
func (d *jsonDoc) stringRow(str string, start, end int) *satdoku.ParseError {
	line := []byte(str)
	i := len(d.vals)
	vals, number := scanLine(d.vals, line)
	d.vals = vals
	exact := bytes.IndexByte(d.buf[start:end], '\\') < 0
	var bad *satdoku.ParseError
	eachCell(line, number, func(p, q int) bool {
		c := jsonCell{s: int32(start), e: int32(end), kind: cellEscaped}
		if exact {
			c = jsonCell{s: int32(start + 1 + p), e: int32(start + 1 + q), kind: cellChar}
			if number {
				c.kind = cellField
			}
		}
		if vals[i] == symBad {
			bad = d.errAt(int(c.s), because(ErrBadCell, "invalid cell %s", quoteSym(line[p:])))
			return false
		}
		d.cells = append(d.cells, c)
		i++
		return true
	})
	return bad
}
