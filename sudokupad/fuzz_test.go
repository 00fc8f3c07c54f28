package sudokupad

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku"
)

// FuzzReadText reads any text as SudokuPad JSON, plain or shortened, and
// as a payload: no panic, and errors are *satdoku.ParseError values. The
// network is off.
func FuzzReadText(f *testing.F) {
	f.Add(`{"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"cages":[{"cells":[[0,0],[0,1]],"value":5}]}`)
	f.Add(`{ce:[[,,,],[,,,],[,,,],[,,,]],ca:[{ce:[[0,0],[0,1]],v:5}],o:[{ct:[0.5,1],w:0.3,h:0.3,c1:#0,c2:#F,r:t}]}`)
	f.Add(`{"cells":[[{"value":"x"}]],"lines":[{"wayPoints":[[0,0]]}],"arrows":[{}],"overlays":[null],"underlays":[{"center":[9,9]}]}`)
	off := &Fetcher{Offline: true}
	f.Fuzz(func(t *testing.T, s string) {
		for _, read := range []func() (*Puzzle, error){
			func() (*Puzzle, error) { return readText(s) },
			func() (*Puzzle, error) { return off.Read(context.Background(), s) },
		} {
			p, err := read()
			var pe *satdoku.ParseError
			if err != nil && !errors.As(err, &pe) {
				t.Fatalf("%q: error %v is not a *satdoku.ParseError", s, err)
			}
			if err == nil && (p == nil || p.Grid == nil) {
				t.Fatalf("%q: no grid and no error", s)
			}
		}
	})
}
