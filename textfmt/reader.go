package textfmt

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/satdoku/satdoku"
)

// defaultMaxLine is the line limit used when Reader.MaxLine is 0.
const defaultMaxLine = 64 << 10

// maxText is the longest Text returned by a Reader, in bytes.
const maxText = 200

// A Reader reads puzzles one at a time from a stream in any of the formats
// described in the package documentation, detected anew for each puzzle:
// one puzzle per line, multi-line grids, and JSON boards, mixed freely.
// Blank lines and lines starting with '#' between puzzles are skipped, and a
// line "end" ends the stream.
//
// After an error, Read goes on with the next puzzle. A Reader keeps its
// memory bounded: a line longer than MaxLine is reported and skipped without
// being held in memory.
//
// Set Size and MaxLine before the first call to Read.
type Reader struct {
	// Size fixes the board side N when nonzero; it must be one of Sides,
	// or Read fails with ErrSize. Then only lines of N cells (a grid row)
	// or N² cells (a whole puzzle) are accepted. Without it, a line of 16,
	// 36 or 64 symbols in char mode is a whole 4×4, 6×6 or 8×8 puzzle, not
	// the first row of a 16×16, 36×36 or 64×64 grid (see Sizes in the
	// package documentation).
	Size int
	// MaxLine is the longest line accepted, in bytes without the line
	// ending; 0 means 64 KiB.
	MaxLine int

	br       *bufio.Reader
	lineNo   int    // number of the last line read
	start    int    // line where the last puzzle or error started
	startCol int    // column of its first non-blank character
	text     []byte // its first line, trimmed and truncated
	first    []byte // the first line of the grid being read
	long     []byte // a line longer than the bufio buffer
	back     []byte // a line pushed back by a grid that it ended
	backLong bool
	backOK   bool
	vals     []uint8
	cells    []uint8 // the cells of the board being read
	doc      jsonDoc
	err      error         // sticky: io.EOF or a read error
	ambSide  int           // the last puzzle was a line of ambSide cells read whole
	sol      *satdoku.Grid // the solution given with the last puzzle, or nil
	numbers  bool          // the last puzzle was a JSON board written in numbers
}

// Solution returns the solution that came with the puzzle last returned
// by Read, on the same line after it (as in "PUZZLE SOLUTION",
// "PUZZLE,SOLUTION" or "PUZZLE:SOLUTION": a second field of as many cells
// as the first), or nil. It is read as it stands, blanks included; nothing
// checks that it solves the puzzle.
func (r *Reader) Solution() *satdoku.Grid { return r.sol }

// Numbers reports whether the puzzle last returned by Read was a JSON
// board with its values written as decimal numbers — JSON numbers
// ([[10,0,3,…],…]) or strings of them ([["10",".","3",…],…]) — rather
// than symbols ("A" for 10). A program that writes the board back can keep
// the style, which FormatLeetCode does not on boards of 10×10 to 25×25.
func (r *Reader) Numbers() bool { return r.numbers }

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReader(&crReader{r: r}), text: make([]byte, 0, maxText)}
}

func newReaderSize(r io.Reader, size int) *Reader {
	return &Reader{br: bufio.NewReaderSize(&crReader{r: r}, size)}
}

// crReader turns the line ends of old Mac files, a '\r' alone, into '\n';
// "\r\n" stays as it is.
type crReader struct {
	r      io.Reader
	lastCR bool // the last byte read was a '\r' turned into '\n'
}

func (c *crReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n == 0 {
		return n, err
	}
	b := p[:n]
	if c.lastCR && b[0] == '\n' {
		// The '\n' of a "\r\n" cut between two reads: the '\r' was
		// already given as the line's end.
		n = copy(b, b[1:])
		b = b[:n]
	}
	c.lastCR = false
	for i := bytes.IndexByte(b, '\r'); i >= 0; {
		switch {
		case i+1 < len(b) && b[i+1] != '\n':
			b[i] = '\n'
		case i+1 == len(b):
			b[i] = '\n'
			c.lastCR = true
		}
		j := bytes.IndexByte(b[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return n, err
}

// Line returns the 1-based number of the line where the puzzle (or the
// error) last returned by Read started.
func (r *Reader) Line() int { return r.start }

// Text returns the first line of the puzzle (or error) last returned by
// Read, trimmed of white space and truncated to 200 bytes.
func (r *Reader) Text() string { return string(r.text) }

func (r *Reader) maxLine() int {
	if r.MaxLine <= 0 {
		return defaultMaxLine
	}
	return r.MaxLine
}

// Read returns the next puzzle. At the end of the input, or at a line
// "end", it returns io.EOF. A puzzle that cannot be read gives a
// *ParseError and the next call goes on after it; an error from the
// underlying reader is returned as is and ends the stream.
func (r *Reader) Read() (*satdoku.Grid, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.br == nil {
		return nil, errors.New("textfmt: Reader not made by NewReader")
	}
	if r.Size != 0 && !satdoku.IsSide(r.Size) {
		return nil, fmt.Errorf("textfmt: Reader.Size %d: %w", r.Size, satdoku.ErrSize)
	}
	r.ambSide = 0
	r.sol = nil
	r.numbers = false
	for {
		line, long, err := r.nextLine()
		if err != nil {
			r.err = err
			return nil, err
		}
		t := trimSpace(line)
		if long && len(t) > 0 && t[0] == '#' {
			continue // a long comment is still a comment
		}
		if long {
			r.begin(line, t)
			return nil, r.tooLong(line)
		}
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		if isEnd(t) {
			r.err = io.EOF
			return nil, io.EOF
		}
		if t[0] == '[' {
			if isSection(t) {
				continue
			}
			r.begin(line, t)
			return r.readJSON(line)
		}
		if isRule(t) {
			continue
		}
		if len(line) == 81 && (r.Size == 0 || r.Size == 9) {
			if g := fast81(line); g != nil {
				r.begin(line, t)
				return g, nil
			}
		}
		if isReport(t) || isHeader(t) {
			continue
		}
		r.begin(line, t)
		if puzzle, sol, ok := r.splitRecord(line); ok {
			return r.readRecord(puzzle, sol)
		}
		return r.readCells(line)
	}
}

// fast81 reads a line of 81 blanks and digits 1-9, or returns nil.
func fast81(line []byte) *satdoku.Grid {
	var or uint8
	for _, c := range line[:81] {
		or |= symTab[c]
	}
	if or > 15 { // a separator, letter or bad symbol: take the long way
		return nil
	}
	g := emptyGrid(9)
	for i, c := range line[:81] {
		v := symTab[c]
		if v > 9 {
			return nil
		}
		g.SetCell(i, int(v))
	}
	return g
}

// begin records the start of a puzzle at the current line.
func (r *Reader) begin(line, t []byte) {
	r.start = r.lineNo
	k := 0
	for k < len(line) && isSpace(line[k]) {
		k++
	}
	r.startCol = k + 1 // the white space is ASCII: a byte is a column
	if len(t) > maxText {
		// Cut at a rune boundary: back up over at most three bytes that
		// continue the rune across the cut.
		cut := maxText
		for cut > maxText-utf8.UTFMax && !utf8.RuneStart(t[cut]) {
			cut--
		}
		t = t[:cut]
	}
	r.text = append(r.text[:0], t...)
}

// tooLong returns the error for a line over the limit; line is its first
// MaxLine bytes.
func (r *Reader) tooLong(line []byte) *satdoku.ParseError {
	return at(r.lineNo, column(line, len(line)), because(ErrTooLong, "line too long (more than %d bytes)", r.maxLine()))
}

// nextLine returns the next line without its line ending, and whether it
// was longer than MaxLine, in which case it returns its first MaxLine bytes
// and has skipped the rest. The line is valid until the next call.
func (r *Reader) nextLine() (line []byte, long bool, err error) {
	if r.backOK {
		r.backOK = false
		return r.back, r.backLong, nil
	}
	limit := r.maxLine()
	multi := false
	r.long = r.long[:0]
	for {
		chunk, err := r.br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			if !multi && r.lineNo == 0 {
				chunk = bytes.TrimPrefix(chunk, bom)
			}
			multi = true
			if !long {
				// One byte of slack, for a '\r' before the '\n'.
				if len(r.long)+len(chunk) > limit+1 {
					keep := max(0, limit-len(r.long))
					r.long = append(r.long[:min(len(r.long), limit)], chunk[:keep]...)
					long = true
				} else {
					r.long = append(r.long, chunk...)
				}
			}
			continue
		}
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		if err == io.EOF && len(chunk) == 0 && !multi {
			return nil, false, io.EOF
		}
		r.lineNo++
		if multi {
			if !long {
				r.long = append(r.long, chunk...)
			}
			line = r.long
		} else {
			line = chunk
			if r.lineNo == 1 {
				line = bytes.TrimPrefix(line, bom)
			}
		}
		if long {
			return line, true, nil
		}
		line = bytes.TrimSuffix(line, nl)
		line = bytes.TrimSuffix(line, cr)
		if len(line) > limit {
			return line[:limit], true, nil
		}
		return line, false, nil
	}
}

var (
	bom = []byte("\uFEFF")
	nl  = []byte("\n")
	cr  = []byte("\r")
)

// pushBack makes line the next one returned by nextLine.
func (r *Reader) pushBack(line []byte, long bool) {
	r.back = append(r.back[:0], line...)
	r.backLong = long
	r.backOK = true
}

// isEnd reports a line "end" in any case.
func isEnd(t []byte) bool { return len(t) == 3 && bytes.EqualFold(t, []byte("end")) }

// isSection reports a section header such as "[Puzzle]": letters only
// between brackets.
func isSection(t []byte) bool {
	if len(t) < 3 || t[0] != '[' || t[len(t)-1] != ']' {
		return false
	}
	for _, c := range t[1 : len(t)-1] {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// isRule reports a line made only of separators, such as a border
// "+-------+-------+" or "-------|-------|-------".
func isRule(t []byte) bool {
	for _, c := range t {
		switch c {
		case '-', '+', '|', '=', '*', ' ', '\t', '\v', '\f', '\r':
		default:
			return false
		}
	}
	return true
}

// readCells reads a puzzle that starts with line (not a JSON board): a
// whole puzzle on the line, or the first row of a grid.
func (r *Reader) readCells(line []byte) (*satdoku.Grid, error) {
	vals, number := scanLine(r.vals[:0], line)
	r.vals = vals
	k := len(vals)
	n, whole := r.shape(k, number)
	if n == 0 {
		if i := bytes.IndexByte(vals, symBad); i >= 0 {
			return nil, badCell(line, number, i, r.lineNo)
		}
		want := wantCells(k, number)
		if r.Size != 0 {
			want = nearest(k, r.Size, r.Size*r.Size)
		}
		return nil, lengthErr(line, number, k, want, r.lineNo)
	}
	cells := r.cellBuf(n)
	if whole {
		if r.Size == 0 && satdoku.IsSide(k) {
			r.ambSide = k // or the first row of a k×k grid
		}
		if err := fillCells(cells, vals, line, number, n, r.lineNo); err != nil {
			return nil, err
		}
		return newGrid(n, cells), nil
	}
	var first error
	if err := fillCells(cells[:n], vals, line, number, n, r.lineNo); err != nil {
		first = err
	}
	// A grid whose first row has a wrong length can take a side it does
	// not have: a 9×9 grid with 8 cells in its first row starts as 8×8. If
	// rows 2 to 4 all agree on another side, the first row is the odd one:
	// its length is reported (rather than a digit out of range for the
	// wrong side), and the grid is read to its true end.
	r.first = append(r.first[:0], line...)
	firstNumber := number
	want, odd := n, 0
	rows := 1
	for rows < want {
		line, long, err := r.nextLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			r.err = err
			return nil, err
		}
		t := trimSpace(line)
		if len(t) > 0 && t[0] == '#' {
			continue
		}
		if long {
			if first == nil {
				first = r.tooLong(line)
			}
			rows++
			odd = 0
			continue
		}
		if len(t) == 0 || isRule(t) {
			continue
		}
		if isEnd(t) {
			r.err = io.EOF
			break
		}
		if t[0] == '[' {
			r.pushBack(line, false)
			break
		}
		vals, number := scanLine(r.vals[:0], line)
		r.vals = vals
		k := len(vals)
		if k != want && isArea(k) {
			// A whole puzzle on a line: this grid ended early.
			r.pushBack(line, false)
			break
		}
		switch {
		case r.Size != 0 || rows > 3:
		case rows == 1:
			if k != n && satdoku.IsSide(k) {
				odd = k
			}
		case k != odd:
			odd = 0
		case rows == 3 && odd != 0:
			want = odd
			first = lengthErr(r.first, firstNumber, n, odd, r.start)
		}
		if first == nil {
			if k != n {
				first = lengthErr(line, number, k, n, r.lineNo)
			} else if err := fillCells(cells[rows*n:(rows+1)*n], vals, line, number, n, r.lineNo); err != nil {
				first = err
			}
		}
		rows++
	}
	if first != nil {
		return nil, first
	}
	if rows < want {
		return nil, at(r.start, r.startCol, because(ErrIncomplete, "grid ended after %s, want %d", plural(rows, "row"), want))
	}
	return newGrid(n, cells), nil
}

// cellBuf returns the reader's buffer for the cells of an n×n board.
func (r *Reader) cellBuf(n int) []uint8 {
	if cap(r.cells) < n*n {
		r.cells = make([]uint8, n*n)
	}
	return r.cells[:n*n]
}

// shape decides what a first line of k cells is: a whole n×n puzzle, or
// the first row of an n×n grid. n is 0 if it is neither.
//
// Without Size, 16, 36 and 64 cells could be either: in number mode they
// are a row of a 16×16, 36×36 or 64×64 grid (a 4×4, 6×6 or 8×8 puzzle has
// no number of two digits), in char mode a whole 4×4, 6×6 or 8×8 puzzle.
func (r *Reader) shape(k int, number bool) (n int, whole bool) {
	if s := r.Size; s != 0 {
		switch k {
		case s * s:
			return s, true
		case s:
			return s, false
		}
		return 0, false
	}
	if number && satdoku.IsSide(k) {
		return k, false
	}
	if n := sideOfArea(k); n != 0 {
		return n, true
	}
	if satdoku.IsSide(k) {
		return k, false
	}
	return 0, false
}

// readJSON reads a JSON board starting with line, over as many lines as it
// takes to close its brackets.
func (r *Reader) readJSON(line []byte) (*satdoku.Grid, error) {
	d := &r.doc
	d.buf = append(d.buf[:0], line...)
	d.starts = append(d.starts[:0], 0)
	d.line = r.lineNo
	d.size = r.Size
	limit := 16 * r.maxLine()
	var b brackets
	b.feed(line)
	var first error
	for !b.closed() {
		line, long, err := r.nextLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			r.err = err
			return nil, err
		}
		if !b.inString && isEnd(trimSpace(line)) {
			r.err = io.EOF
			break
		}
		b.feed(line)
		if first != nil {
			continue
		}
		if long {
			first = r.tooLong(line)
			continue
		}
		if len(d.buf)+1+len(line) > limit {
			first = at(r.start, r.startCol, because(ErrTooLong, "JSON board longer than %d bytes", limit))
			continue
		}
		d.starts = append(d.starts, len(d.buf)+1)
		d.buf = append(d.buf, '\n')
		d.buf = append(d.buf, line...)
	}
	if first != nil {
		return nil, first
	}
	if !b.closed() {
		return nil, at(r.start, r.startCol, because(ErrIncomplete, "JSON board not closed"))
	}
	g, err := d.parse()
	if err != nil {
		return nil, err
	}
	r.numbers = d.numbers
	return g, nil
}

// brackets follows the nesting of JSON brackets outside strings.
type brackets struct {
	depth    int
	inString bool
	escape   bool
	done     bool // the outermost bracket has closed
}

func (b *brackets) closed() bool { return b.done }

func (b *brackets) feed(line []byte) {
	for _, c := range line {
		if b.done {
			return
		}
		switch {
		case b.escape:
			b.escape = false
		case b.inString:
			switch c {
			case '\\':
				b.escape = true
			case '"':
				b.inString = false
			}
		case c == '"':
			b.inString = true
		case c == '[' || c == '{':
			b.depth++
		case c == ']' || c == '}':
			b.depth--
			if b.depth <= 0 {
				b.done = true
			}
		}
	}
}

// plural returns "1 row", "2 rows".
func plural(k int, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", k, noun)
}
