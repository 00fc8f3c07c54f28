package sudokupad

import (
	"context"

	"github.com/satdoku/satdoku/rulestext"
	"github.com/satdoku/satdoku/textfmt"
)

// SudokuPad links as an input format of textfmt, registered when this
// package is imported: "sudokupad", an argument that is a SudokuPad link or
// payload, or an input whose first line (after blank lines and #
// comments) is one, with one a line.

func init() {
	textfmt.Register(textfmt.LinkInput("sudokupad", isLink, 4*MaxPayload, readPuzzle))
}

// isLink reports whether s is a SudokuPad link or payload.
func isLink(s string) bool {
	p, _, ok := payload(s)
	return ok && p != ""
}

// readPuzzle reads one link for textfmt, with Default.
func readPuzzle(s string) (textfmt.Puzzle, error) {
	p, err := Default.Read(context.Background(), s)
	if err != nil {
		return textfmt.Puzzle{}, err
	}
	return textfmt.Puzzle{Grid: p.Grid, Solution: p.Solution, Warnings: p.Warnings, Clues: p.Clues, Unread: rulestext.Names(p.Unread),
		Title: p.Title, Author: p.Author, Rules: p.Rules}, nil
}
