package iss

import (
	"bytes"
	"errors"
	"io"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// ISS strings as an input format of textfmt, registered when this package
// is imported: "iss", an argument that is an ISS puzzle string, or an
// input whose first line (after blank lines and # comments) is one, with
// one a line.

func init() {
	textfmt.Register(textfmt.Input{
		Name:   "iss",
		Detect: detect,
		NewReader: func(r io.Reader) textfmt.PuzzleReader {
			return textfmt.NewLineReader(r, MaxLen, func(line []byte) (textfmt.Puzzle, error) {
				return readPuzzle(string(line))
			})
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
