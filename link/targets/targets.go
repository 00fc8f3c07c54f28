// Package targets lists the tools satdoku writes links to, each with the
// name of its output format (as the command line, the HTTP API and the
// page name it) and its writer. It is the one list the surfaces read.
package targets

import (
	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/sudokupad"
)

// Target is a tool satdoku writes links to.
type Target struct {
	// Format is the output format that writes the link.
	Format string
	// Write writes the puzzle (its grid and the clues its reader read)
	// as the link, or refuses a rule the tool cannot hold (an error
	// wrapping link.ErrUnsupported).
	Write func(g *satdoku.Grid, clues []clue.Clue) (string, error)
}

// All are the targets: f-puzzles, SudokuPad (its f-puzzles form) and
// sigh's Interactive Sudoku Solver.
var All = []Target{
	{"fpuzzles-link", fpuzzles.Link},   // https://www.f-puzzles.com/?load=…
	{"sudokupad-link", sudokupad.Link}, // https://sudokupad.app/fpuzzles…
	{"iss-link", iss.Link},             // https://sigh.github.io/Interactive-Sudoku-Solver/?q=…
}
