package sudokumaker

import (
	"github.com/satdoku/satdoku/rulestext"
	"github.com/satdoku/satdoku/textfmt"
)

// SudokuMaker links as an input format of textfmt, registered when this
// package is imported: "sudokumaker", an argument that is a SudokuMaker
// link, or an input whose first line (after blank lines and # comments) is
// one, with one a line.

func init() {
	textfmt.Register(textfmt.LinkInput("sudokumaker", IsLink, 4*MaxPayload, readPuzzle))
}

// readPuzzle reads one link for textfmt.
func readPuzzle(s string) (textfmt.Puzzle, error) {
	p, err := Read(s)
	if err != nil {
		return textfmt.Puzzle{}, err
	}
	return textfmt.Puzzle{Grid: p.Grid, Solution: p.Solution, Warnings: p.Warnings, Clues: p.Clues, Unread: rulestext.Names(p.Unread),
		Title: p.Title, Author: p.Author, Rules: p.Rules}, nil
}
