package main

import (
	"fmt"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/sudokupad"
)

// The link formats: each answer's puzzle (the puzzle read, or the one
// generate made) as a link that opens it in another tool, written by the
// writers of the readers' packages, one a line.
const (
	outFPuzzlesLink  outputFormat = "fpuzzles-link"  // https://www.f-puzzles.com/?load=…
	outSudokuPadLink outputFormat = "sudokupad-link" // https://sudokupad.app/fpuzzles…
	outISSLink       outputFormat = "iss-link"       // https://sigh.github.io/Interactive-Sudoku-Solver/?q=…
)

// linkFormats are the link formats, for the HTTP API.
var linkFormats = []string{string(outFPuzzlesLink), string(outSudokuPadLink), string(outISSLink)}

func init() {
	registerFormat(outFPuzzlesLink, formatEntry{write: linkWriter(outFPuzzlesLink, fpuzzles.Link)})
	registerFormat(outSudokuPadLink, formatEntry{write: linkWriter(outSudokuPadLink, sudokupad.Link)})
	registerFormat(outISSLink, formatEntry{write: linkWriter(outISSLink, iss.Link)})
}

// linkWriter writes an answer's puzzle as the link write makes. A puzzle
// whose rules the tool cannot hold gets no link: standard error names
// the rule, and the exit status is 2.
func linkWriter(f outputFormat, write func(*satdoku.Grid, []clue.Clue) (string, error)) func(p *printer, a *record) {
	return func(p *printer, a *record) {
		g, clues := a.it.grid, a.it.clues
		if a.extra != nil && a.extra.made != nil {
			g, clues = a.extra.made, nil // generate: the puzzle made
		}
		if g == nil {
			return // input that could not be read: its error is written
		}
		s, err := write(g, clues)
		if err != nil {
			fmt.Fprintf(p.stderr, "%s: --format %s: %v\n", where(a.it), f, err)
			p.exit = max(p.exit, exitUsage)
			return
		}
		p.w.WriteString(s)
		p.w.WriteByte('\n')
	}
}
