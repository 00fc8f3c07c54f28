package iss

import (
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
		Name: "iss",
		Detect: func(head []byte) textfmt.Match {
			if line, ok := textfmt.FirstLine(head); ok && Detect(line) {
				return textfmt.Sure
			}
			return textfmt.NoMatch
		},
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
