package sudokupad

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// SudokuPad links as an input format of textfmt, registered when this
// package is imported: "sudokupad", an argument that is a SudokuPad link or
// payload, or an input whose first line (after blank lines and #
// comments) is one, with one a line.

func init() {
	textfmt.Register(textfmt.Input{
		Name:      "sudokupad",
		Detect:    detect,
		NewReader: newLinkReader,
		DetectArg: func(arg string) textfmt.Match {
			if isLink(arg) {
				return textfmt.Sure
			}
			return textfmt.NoMatch
		},
		ReadArg: func(arg string) (textfmt.Puzzle, error) { return readPuzzle(arg) },
	})
}

// isLink reports whether s is a SudokuPad link or payload.
func isLink(s string) bool {
	p, _, ok := payload(s)
	return ok && p != ""
}

// readPuzzle reads one link for textfmt, with Default. Its errors are
// placed at column 1 of the link.
func readPuzzle(s string) (textfmt.Puzzle, error) {
	p, err := Default.Read(context.Background(), s)
	if err != nil {
		var pe *satdoku.ParseError
		if errors.As(err, &pe) && !pe.Pos.IsValid() {
			pe.Pos.Line, pe.Pos.Column = 1, 1
		}
		return textfmt.Puzzle{}, err
	}
	var unread []string
	for _, u := range p.Unread {
		unread = append(unread, u.Name)
	}
	return textfmt.Puzzle{Grid: p.Grid, Solution: p.Solution, Warnings: p.Warnings, Clues: p.Clues, Unread: unread}, nil
}

// detect is Sure when the first line of head that is not blank or a #
// comment is a SudokuPad link or payload.
func detect(head []byte) textfmt.Match {
	if line, ok := textfmt.FirstLine(head); ok && isLink(line) {
		return textfmt.Sure
	}
	return textfmt.NoMatch
}

// newLinkReader reads a list of SudokuPad links, one a line; an error is
// placed at its line.
func newLinkReader(r io.Reader) textfmt.PuzzleReader {
	return textfmt.NewLineReader(r, 4*MaxPayload, func(line []byte) (textfmt.Puzzle, error) {
		return readPuzzle(strings.TrimSpace(string(line)))
	})
}
