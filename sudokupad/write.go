package sudokupad

import (
	"context"
	"errors"

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

// Link returns the SudokuPad link of puzzle g whose clues (as its reader
// read them; nil for none) made its rules: LinkPrefix and the f-puzzles
// load string of fpuzzles.Load, so SudokuPad holds what f-puzzles holds
// and refuses what it refuses (an error wrapping link.ErrUnsupported,
// naming the rule). The link is read back by Read before it is returned,
// and a difference in the rules or the givens is such an error too.
func Link(g *satdoku.Grid, clues []clue.Clue) (string, error) {
	s, err := fpuzzles.Load(g, clues)
	if err != nil {
		var le *link.Error
		if errors.As(err, &le) {
			e := *le
			e.Target = target
			return "", &e
		}
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
