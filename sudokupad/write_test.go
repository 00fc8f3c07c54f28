package sudokupad

import (
	"errors"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/ruleset"
	"github.com/satdoku/satdoku/link"
)

// FuzzLink: for any f-puzzles JSON that fpuzzles.Read reads, Link never
// panics, and either refuses the puzzle naming SudokuPad and a rule
// (link.ErrUnsupported) or writes a link to sudokupad.app in its
// f-puzzles form that Read reads back to the same board, givens and rules.
func FuzzLink(f *testing.F) {
	f.Add(`{"size":9,"grid":[[{"value":5,"given":true},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],"thermometer":[{"lines":[["R1C1","R1C2"]]}],"killercage":[{"cells":["R2C2","R2C3"],"value":7}],"antiknight":true}`)
	f.Add(`{"size":6,"grid":[[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}]],"difference":[{"cells":["R1C1","R1C2"]}],"negative":["difference"]}`)
	f.Fuzz(func(t *testing.T, js string) {
		p, err := fpuzzles.Read([]byte(js))
		if err != nil {
			return
		}
		out, err := Link(p.Grid, p.Clues)
		if err != nil {
			if !errors.Is(err, link.ErrUnsupported) || !strings.HasPrefix(err.Error(), "SudokuPad") {
				t.Fatalf("%v, not a refusal naming SudokuPad", err)
			}
			return
		}
		if !strings.HasPrefix(out, LinkPrefix) {
			t.Fatalf("%q is no SudokuPad link", out)
		}
		back, err := Read(out)
		if err != nil {
			t.Fatalf("wrote %q, which does not read back: %v", out, err)
		}
		if d := ruleset.Same(p.Grid, back.Grid); d != "" {
			t.Fatalf("wrote %q, which reads back otherwise: %s", out, d)
		}
	})
}
