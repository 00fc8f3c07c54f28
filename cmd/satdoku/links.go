package main

import (
	"fmt"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/link/targets"
)

// linkFormats are the link formats (package targets: one per tool), for
// the HTTP API. Each writes each answer's puzzle (the puzzle read, or the
// one generate made) as a link that opens it in that tool, one a line.
var linkFormats []string

func init() {
	for _, t := range targets.All {
		linkFormats = append(linkFormats, t.Format)
		registerFormat(outputFormat(t.Format), formatEntry{write: linkWriter(outputFormat(t.Format), t.Write)})
	}
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
