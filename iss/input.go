package iss

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// ISS strings as an input format of textfmt, registered when this package
// is imported: "iss", an argument that is an ISS puzzle string, or an
// input whose first line (after blank lines and # comments) is one, read
// by a lineJoiner: one puzzle a line, or one puzzle over many lines of
// one constraint each.

func init() {
	textfmt.Register(textfmt.Input{
		Name:   "iss",
		Detect: detect,
		NewReader: func(r io.Reader) textfmt.PuzzleReader {
			sc := bufio.NewScanner(r)
			sc.Buffer(nil, MaxLen)
			return &lineJoiner{sc: sc}
		},
		DetectArg: func(arg string) textfmt.Match {
			if Detect(arg) {
				return textfmt.Sure
			}
			return textfmt.NoMatch
		},
		ReadArg: readPuzzle,
	})
}

// headSize is the most that textfmt.Open's first read brings (bufio's
// default buffer).
const headSize = 4096

// detect is Sure when the first line of head that is not blank or a #
// comment is an ISS string. The formats of one line of cells, read by
// length, need the whole line: a line that fills the head may go on (a
// long line of digits cut at 16³ is no 16×16 pencil-mark string).
func detect(head []byte) textfmt.Match {
	line, ok := textfmt.FirstLine(head)
	if !ok || !Detect(line) {
		return textfmt.NoMatch
	}
	if line[0] != '.' && len(head) >= headSize {
		at := bytes.Index(head, []byte(line))
		if at < 0 || bytes.IndexByte(head[at+len(line):], '\n') < 0 {
			return textfmt.NoMatch
		}
	}
	return textfmt.Sure
}

// readPuzzle reads one ISS string for textfmt.
func readPuzzle(s string) (textfmt.Puzzle, error) {
	p, err := Read(s)
	if err != nil {
		var pe *satdoku.ParseError
		if !errors.As(err, &pe) {
			return textfmt.Puzzle{}, err
		}
		return textfmt.Puzzle{}, pe
	}
	return textfmt.Puzzle{Grid: p.Grid, Warnings: p.Warnings, Clues: p.Clues}, nil
}

// lineJoiner reads an input of ISS strings, split into puzzles by lines:
// a line that holds two constraints or more, or one that is no constraint
// string (a killer string, pencil marks, a link), is a puzzle of its own,
// as ISS's page writes a puzzle on one line; lines that each hold one
// constraint (see oneConstraint: an item that starts with '.', an Or or
// And group, or more arguments of the item before, starting with '~'),
// with blank lines and #
// comments between them, join into one puzzle, as the index of ISS
// puzzles stores one constraint a line — up to the next line that is a
// puzzle of its own, or the end of the input. ISS drops white space, so
// the joined lines read as one string would.
type lineJoiner struct {
	sc      *bufio.Scanner
	line    int    // the lines scanned
	pending []byte // a line scanned that starts the next puzzle
	err     error  // the read error that ended the input
}

// oneConstraint reports whether line (not blank) holds one constraint of
// a constraint string and nothing else, or more arguments of the item
// before ("~R1C2~R1C3"): one item, or one group of items that an Or, an
// And or a Replicate opens and an End closes (".Or.And.Sum~23~R2C1~R2C2.
// ~VL1_1.End.End"), or such an opening or closing item alone. Items
// that an End before them on the line leaves outside every group count
// as constraints of their own.
func oneConstraint(line []byte) bool {
	if line[0] == '~' {
		return true
	}
	if line[0] != '.' {
		return false
	}
	depth, tops := 0, 0
	for _, it := range bytes.Split(line[1:], []byte(".")) {
		name, _, _ := bytes.Cut(it, []byte("~"))
		switch string(name) {
		case "End":
			depth--
			continue
		}
		if depth <= 0 {
			if tops++; tops > 1 {
				return false
			}
		}
		switch string(name) {
		case "Or", "And", "Replicate":
			depth++
		}
	}
	return true
}

// Next reads the next puzzle: one line, or lines of one constraint each.
func (lj *lineJoiner) Next() (textfmt.Puzzle, error) {
	if lj.err != nil && lj.pending == nil {
		return textfmt.Puzzle{}, io.EOF
	}
	// text holds the puzzle's lines as they are, but for comments (blank
	// lines there), so that the lines and columns of its errors count
	// from its first; joined, the lines without their white space.
	var text, joined []byte
	start := lj.line
	if lj.pending != nil {
		text, lj.pending = lj.pending, nil
	} else {
		for text == nil && lj.sc.Scan() {
			lj.line++
			if t := bytes.TrimSpace(lj.sc.Bytes()); len(t) > 0 && t[0] != '#' {
				text, start = bytes.Clone(lj.sc.Bytes()), lj.line
			}
		}
	}
	if text == nil {
		return lj.end()
	}
	joined = bytes.Clone(bytes.TrimSpace(text))
	blanks := 0
	for join := oneConstraint(joined); join && lj.sc.Scan(); {
		lj.line++
		line := lj.sc.Bytes()
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			blanks++
			continue
		}
		if !oneConstraint(t) {
			lj.pending = bytes.Clone(line)
			break
		}
		if len(text)+blanks+1+len(line) > MaxLen {
			lj.err = fmt.Errorf("line %d: an ISS puzzle of more than %d bytes", lj.line, MaxLen)
			return textfmt.Puzzle{Line: lj.line}, lj.err
		}
		text = append(append(text, bytes.Repeat([]byte("\n"), blanks+1)...), line...)
		joined = append(joined, t...)
		blanks = 0
	}
	p, err := readPuzzle(string(text))
	var pe *satdoku.ParseError
	if errors.As(err, &pe) && pe.Pos.IsValid() {
		pe.Pos.Line += start - 1
	}
	p.Line, p.Text = start, string(joined)
	return p, err
}

// end ends the input: io.EOF, or the read error that ended it.
func (lj *lineJoiner) end() (textfmt.Puzzle, error) {
	if lj.err = lj.sc.Err(); lj.err != nil {
		return textfmt.Puzzle{Line: lj.line + 1}, lj.err
	}
	lj.err = io.EOF
	return textfmt.Puzzle{}, io.EOF
}
