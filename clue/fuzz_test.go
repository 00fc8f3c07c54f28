package clue_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// FuzzApply gives Apply any list of clues (as JSON) on a board of any
// side: it must not panic, and it either refuses the clues with an *Error
// or an error wrapping satdoku.ErrRules, or returns rules of the same
// board.
func FuzzApply(f *testing.F) {
	f.Add(uint8(9), `[{"kind":"killer cage","cells":[0,1],"value":3},{"kind":"arrow","cells":[1,0],"lines":[[0,9,18]]}]`)
	f.Add(uint8(4), `[{"kind":"little killer","row":-1,"col":0,"direction":"DR","value":7},{"kind":"sandwich","row":2,"col":4,"value":2}]`)
	f.Add(uint8(6), `[{"kind":"white dot","cells":[0,1]},{"kind":"negative ratio"},{"kind":"nonconsecutive"},{"kind":"minimum","cells":[7,8]}]`)
	f.Add(uint8(16), `[{"kind":"clone","lines":[[0,1],[2,3],[4]]},{"kind":"given pencil marks","cells":[0],"values":[16]}]`)
	f.Add(uint8(9), `[{"kind":"region sum line","lines":[[0,3,4]]},{"kind":"entropic line","lines":[[9,10,11,12]]},{"kind":"lockout line","lines":[[20,21,22]]}]`)
	f.Add(uint8(6), `[{"kind":"x-sum","row":6,"col":2,"value":9},{"kind":"numbered room","row":1,"col":-1,"value":3},{"kind":"box indexer","cells":[7]},{"kind":"10-line","lines":[[0,1,2]]}]`)
	f.Add(uint8(9), `[{"kind":"sum","cells":[0,1,0],"coefs":[1,2,-3],"value":4},{"kind":"equal sums","lines":[[0,1],[],[5]]},{"kind":"contains exactly","cells":[3,4],"values":[2,2]}]`)
	f.Add(uint8(4), `[{"kind":"same values","lines":[[0,1],[6,7]]},{"kind":"counting circles","cells":[0,5]},{"kind":"count distinct","cells":[0,1,0]},{"kind":"sum loop","lines":[[0,1,5,4]],"value":5}]`)
	f.Add(uint8(4), `[{"kind":"automaton","lines":[[0,1],[],[5]],"nfa":{"States":2,"Start":[0],"Accept":[1],"Moves":[{"From":0,"To":1,"Symbol":2},{"From":1,"To":1,"Symbol":0}]},"label":"x"}]`)
	f.Add(uint8(4), `[{"kind":"pair table","lines":[[0,5,10]],"value":1,"table":"0111001100010000"},{"kind":"any of","members":[[{"kind":"odd","cells":[3]}],[{"kind":"any of","members":[[{"kind":"thermometer","lines":[[3,2]]}]]}]]}]`)
	f.Fuzz(func(t *testing.T, side uint8, js string) {
		var clues []clue.Clue
		if json.Unmarshal([]byte(js), &clues) != nil {
			return
		}
		std, err := satdoku.Standard(int(side))
		if err != nil {
			return
		}
		r, _, err := clue.Apply(std, clues...)
		var e *clue.Error
		switch {
		case errors.As(err, &e):
			if e.Clue < 0 || e.Clue >= len(clues) || !errors.Is(err, clue.ErrInvalid) && !errors.Is(err, clue.ErrUnsupported) {
				t.Errorf("error %+v for %d clues", e, len(clues))
			}
		case err != nil:
			if !errors.Is(err, satdoku.ErrRules) {
				t.Errorf("error %v", err)
			}
		case r.N() != std.N():
			t.Errorf("rules of a %d×%d board", r.N(), r.N())
		}
	})
}
