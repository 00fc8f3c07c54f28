package sudokupad

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/link"
)

// LinkPrefix starts a SudokuPad link in its f-puzzles form: an f-puzzles
// load string follows, which SudokuPad converts as it opens it.
const LinkPrefix = "https://sudokupad.app/fpuzzles"

// target names SudokuPad in the errors of the writer.
const target = "SudokuPad's f-puzzles form"

// imported are the f-puzzles keys that SudokuPad's import (its
// fpuzzlesdecoder.js) has a parser for; it drops every other key (it logs
// "Unsupported feature"), rules included: nonconsecutive, disjoint groups,
// the negative constraints, renban, whispers and the other lines it does
// not know. Its parser of "lockout" draws nothing.
var imported = []string{"size", "disabledlogic", "truecandidatesoptions", "grid", "author", "title", "ruleset",
	"solution", "antiknight", "antiking", "littlekillersum", "arrow", "killercage", "cage", "fogofwar", "foglight",
	"diagonal+", "diagonal-", "ratio", "difference", "xv", "thermometer", "palindrome", "sandwichsum", "even", "odd",
	"extraregion", "clone", "quadruple", "betweenline", "lockout", "minimum", "maximum", "line", "rectangle",
	"circle", "text"}

// dropped returns the first key of f-puzzles JSON text that SudokuPad's
// import drops (see imported; "negative ratio" for the negative rule of
// "negative" first listed), or a cell's given pencil marks, which it does
// not draw; "" when it keeps them all.
func dropped(text []byte) string {
	var root map[string]json.RawMessage
	if err := json.Unmarshal(text, &root); err != nil {
		return "puzzle"
	}
	keys := slices.Sorted(maps.Keys(root))
	for _, k := range keys {
		if k == "lockout" || !slices.Contains(imported, k) {
			var neg []string
			if k == "negative" && json.Unmarshal(root[k], &neg) == nil && len(neg) > 0 {
				return "negative " + neg[0] // as the clue kinds name them
			}
			return k
		}
	}
	if bytes.Contains(root["grid"], []byte(`"givenPencilMarks"`)) {
		return "givenPencilMarks"
	}
	return ""
}

// Link returns the SudokuPad link of puzzle g whose clues (as its reader
// read them; nil for none) made its rules: LinkPrefix and the f-puzzles
// load string of fpuzzles.Load. It holds what f-puzzles holds and
// SudokuPad's import of f-puzzles draws: a rule f-puzzles cannot hold, or
// one whose key SudokuPad's import drops (nonconsecutive, renban,
// whispers, the negative constraints …; see imported), is an error
// wrapping link.ErrUnsupported that names it. The link is read back by Read before it is returned,
// and a difference in the rules or the givens is such an error too.
func Link(g *satdoku.Grid, clues []clue.Clue) (string, error) {
	text, err := fpuzzles.Write(g, clues)
	if err != nil {
		var le *link.Error
		if errors.As(err, &le) {
			e := *le
			e.Target = target
			return "", &e
		}
		return "", err
	}
	if key := dropped(text); key != "" {
		rule, key := fpuzzles.KeyRule(key), key
		if neg, ok := strings.CutPrefix(key, "negative "); ok {
			rule, key = key, "negative: "+neg
		}
		return "", link.Refusef(target, rule, "SudokuPad's import of f-puzzles drops %q", key)
	}
	s, err := fpuzzles.Load(g, clues)
	if err != nil {
		return "", err
	}
	out := LinkPrefix + s
	back, err := (&Fetcher{Offline: true}).Read(context.Background(), out)
	if err != nil {
		return "", link.Unreadable(target, err)
	}
	if err := link.Check(target, g, back.Grid); err != nil {
		return "", err
	}
	return out, nil
}
