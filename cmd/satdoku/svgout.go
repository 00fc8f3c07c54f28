package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/satdoku/satdoku/cluereport"
	"github.com/satdoku/satdoku/render"
)

// outSVG is --format svg: each answer drawn as an SVG picture (package
// render), to standard output for one puzzle, or one file per puzzle in
// --out-dir.
const outSVG outputFormat = "svg"

// board is what --format svg draws of an answer: the puzzle, its solution
// in the solved colour (solve, unique), the cells where two solutions
// differ or the cells at fault highlighted, the true candidates
// (candidates) or the candidates of a hint with its step's cells
// highlighted. It is nil when there is no puzzle to draw (an input that
// could not be read).
func (a *record) board() *render.Board {
	g := a.it.grid
	digits := a.Solution.Grid
	if a.extra != nil && a.extra.made != nil {
		g, digits = a.extra.made, nil // generate: the puzzle alone
	}
	if g == nil {
		return nil
	}
	b := &render.Board{Givens: g, Clues: a.it.clues, Digits: digits, Title: a.Status}
	if b.Digits != nil && b.Digits.N() != g.N() {
		b.Digits = nil
	}
	if m := a.Candidates.masks; m != nil {
		// The board's cells: var cells are not drawn.
		b.Marks, b.Digits = m[:min(len(m), g.N()*g.N())], nil
	}
	if sol, second := a.Solution.Grid, a.Second.Grid; sol != nil && second != nil && sol.Len() == g.Len() && second.Len() == g.Len() {
		// The cells where the two solutions differ, from the grids (never
		// from the record's names of them).
		for i := range g.Len() {
			if sol.Cell(i) != second.Cell(i) {
				b.Highlight = append(b.Highlight, i)
			}
		}
	}
	if a.Status == statusInvalid {
		b.Highlight = append(b.Highlight, a.clash...)
	}
	if a.extra != nil && a.extra.marks != nil {
		b.Marks = a.extra.marks
		b.Highlight = append(b.Highlight, a.extra.stepCells...)
	}
	if a.extra != nil && a.extra.report != nil && a.extra.report.Status == cluereport.Unique {
		// clues: the puzzle alone, what it can do without faded.
		b.Digits = nil
		for _, c := range a.extra.report.Clues {
			switch {
			case c.Needed || c.Undecided:
			case c.Kind == "given":
				b.Redundant.Givens = append(b.Redundant.Givens, c.Cells[0])
			case c.Global:
				b.Redundant.Rules = append(b.Redundant.Rules, c.Kind)
			case c.Source >= 0 && c.Source < len(b.Clues):
				b.Redundant.Clues = append(b.Redundant.Clues, c.Source)
			}
		}
	}
	return b
}

// svg writes the answer's picture: to standard output, or to the file
// NNNN.svg (the answer's number) in --out-dir, made if need be. A second picture without
// --out-dir is an error: standard output holds one SVG document.
func (p *printer) svg(a *record) {
	b := a.board()
	if b == nil {
		return
	}
	out, err := render.Append(p.buf[:0], b)
	if err != nil {
		p.fail(err)
		return
	}
	p.buf = out
	if p.outDir == "" {
		if p.drawn > 0 {
			p.fail(errors.New("one puzzle to standard output; give --out-dir for more"))
			return
		}
		p.drawn++
		p.w.Write(p.buf) // a failed write is in p.out
		return
	}
	if p.drawn == 0 {
		if err := os.MkdirAll(p.outDir, 0o755); err != nil {
			p.fail(err)
			return
		}
	}
	p.drawn++
	name := filepath.Join(p.outDir, fmt.Sprintf("%04d.svg", p.count))
	if err := os.WriteFile(name, p.buf, 0o644); err != nil {
		p.fail(err)
	}
}

// errPicture wraps the errors of --format svg, which stop the output as
// a failed write does.
var errPicture = errors.New("--format svg")

// fail stops the output with err: the run ends with exit status 2.
func (p *printer) fail(err error) {
	if p.out.err == nil {
		p.out.err = fmt.Errorf("%w: %w", errPicture, err)
	}
}
