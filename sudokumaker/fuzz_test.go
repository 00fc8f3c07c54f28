package sudokumaker

import (
	"errors"
	"testing"

	"github.com/satdoku/satdoku"
)

// FuzzReadJSON reads any text as SudokuMaker JSON: no panic, errors are
// *satdoku.ParseError values, and a puzzle read has a grid.
func FuzzReadJSON(f *testing.F) {
	f.Add(`{"puzzle":{"size":4,"cells":[{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}],"constraints":[{"type":201,"clues":[{"edge":1,"value":2}],"negative":[2]},{"type":408,"bulbsWithArrows":[{"bulbCells":[0],"arrows":[[1,2]]}]}]}}`)
	f.Add(`{"puzzle":{"cells":[{"given":true,"value":9}],"constraints":[{"type":1,"regions":[null]},{"type":500,"clues":[{"outerCell":-3,"diagonal":1,"value":"x"}]}]}}`)
	f.Add(`{"puzzle":{"size":4,"cells":[{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}],"constraints":[{"type":303,"clues":[{"corner":24,"digits":[1,1,1,1,1]}]},{"type":302,"groups":[[0,99]]}]}}`)
	f.Add(`{"puzzle":{"cells":[{}],"constraints":[{"type":408,"bulbsWithArrows":[{"bulbCells":[],"arrows":[[0]]}]}]}}`)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := readJSON(s)
		var pe *satdoku.ParseError
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("%q: error %v is not a *satdoku.ParseError", s, err)
		}
		if err == nil && (p == nil || p.Grid == nil) {
			t.Fatalf("%q: no grid and no error", s)
		}
	})
}
