package textfmt

import (
	"bytes"

	"github.com/satdoku/satdoku"
)

// Lines that hold more than a puzzle: a CSV header, a program's report
// line, a puzzle followed by its solution, a name or a rating.

// isRecordSep reports a separator between the fields of a record line:
// white space, a comma, a semicolon or a colon.
func isRecordSep(c byte) bool {
	return c == ' ' || c == '\t' || c == ',' || c == ';' || c == ':'
}

// isHeader reports a CSV header such as "quizzes,solutions" (Kaggle),
// "puzzle,solution" or QQWing's "Puzzle,Solution,": two fields or more
// separated by commas, semicolons or tabs, each a word (letters, '_', ' ',
// quotes) or empty, and at least one a word of two letters or more.
func isHeader(t []byte) bool {
	if !bytes.ContainsAny(t, ",;\t") {
		return false
	}
	word := false
	for f := range bytes.FieldsFuncSeq(t, func(r rune) bool { return r == ',' || r == ';' || r == '\t' }) {
		letters := 0
		for _, c := range f {
			switch {
			case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
				letters++
			case c == '_' || c == ' ' || c == '"' || c == '\'':
			default:
				return false
			}
		}
		if letters >= 2 {
			word = true
		}
	}
	return word
}

// isReport reports a line of a program's report between puzzles, as
// QQWing's --stats and --timer write them: "Number of Givens: 27",
// "Difficulty: Easy", "Time: 5.745 milliseconds" (a label of words, then a
// colon), or "2 puzzles generated in 0.014547 seconds." (a number, then a
// word of three letters or more).
func isReport(t []byte) bool {
	if i := bytes.IndexByte(t, ':'); i > 0 {
		letters := 0
		label := true
		for _, c := range t[:i] {
			switch {
			case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
				letters++
			case c == ' ' || c == '/' || c == '-' || c == '_':
			default:
				label = false
			}
		}
		if label && letters >= 2 && i < 16 || label && letters >= 2 && bytes.IndexByte(t[:i], ' ') >= 0 {
			return true
		}
	}
	i := 0
	for i < len(t) && '0' <= t[i] && t[i] <= '9' {
		i++
	}
	if i == 0 || i == len(t) || t[i] != ' ' {
		return false
	}
	j := i + 1
	for j < len(t) && 'a' <= t[j] && t[j] <= 'z' {
		j++
	}
	return j-i-1 >= 3 && (j == len(t) || t[j] == ' ' || t[j] == '.')
}

// splitRecord splits a line whose first field is a whole puzzle in char
// mode (N² cells, no separator inside) from what follows it: a solution
// (a second field of as many bytes, whose bad symbols are errors), or a
// name, a rating, a comment, which are dropped. puzzle and sol keep the line's columns: they are line with
// the other parts blanked by spaces. ok is false for any other line.
func (r *Reader) splitRecord(line []byte) (puzzle, sol []byte, ok bool) {
	start := 0
	for start < len(line) && isSpace(line[start]) {
		start++
	}
	end := start
	for end < len(line) && !isRecordSep(line[end]) && line[end] != '#' {
		end++
	}
	if end == len(line) {
		return nil, nil, false // one field: the usual line
	}
	k := 0
	for _, c := range line[start:end] {
		v := symTab[c]
		if v == symSep || v == symBad {
			return nil, nil, false
		}
		k++
	}
	if !isArea(k) || r.Size != 0 && k != r.Size*r.Size {
		return nil, nil, false
	}
	puzzle = line[:end]
	// The second field, if it has as many cells.
	s := end
	for s < len(line) && isRecordSep(line[s]) {
		s++
	}
	e := s
	for e < len(line) && !isRecordSep(line[e]) && line[e] != '#' {
		e++
	}
	if e-s != k || line[end] == '#' {
		return puzzle, nil, true // a name or a rating
	}
	sol = bytes.Repeat([]byte{' '}, e)
	copy(sol[s:], line[s:e])
	return puzzle, sol, true
}

// readRecord reads the puzzle of a record line and the solution that
// follows it, if any (see splitRecord).
func (r *Reader) readRecord(puzzle, sol []byte) (*satdoku.Grid, error) {
	g, err := r.readCells(puzzle)
	if err != nil || sol == nil {
		return g, err
	}
	vals, number := scanLine(r.vals[:0], sol)
	r.vals = vals
	n := g.N()
	if len(vals) != n*n {
		return nil, lengthErr(sol, number, len(vals), n*n, r.lineNo)
	}
	cells := r.cellBuf(n)
	if err := fillCells(cells, vals, sol, number, n, r.lineNo); err != nil {
		return nil, err
	}
	r.sol = newGrid(n, cells)
	return g, nil
}
