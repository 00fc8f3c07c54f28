package fpuzzles

import (
	"errors"
	"fmt"

	"github.com/satdoku/satdoku"
)

// Sentinel errors. Read fails with a *satdoku.ParseError that carries one
// of them in its Err field (test with errors.Is); its Msg is more precise
// than the sentinel's text.
var (
	// ErrSyntax reports input that is not f-puzzles data: malformed JSON,
	// or a link or compressed string that does not decompress to JSON.
	ErrSyntax = errors.New("fpuzzles: syntax error")
	// ErrUnsupported reports a rule that satdoku cannot express (a
	// skyscraper, an X-sum, an unknown key that is not cosmetic) or a board
	// size it does not take. Such a rule is never ignored.
	ErrUnsupported = errors.New("fpuzzles: unsupported rule")
	// ErrInvalid reports well-formed JSON that says something malformed: a
	// cell off the board, a sum that is not a number, an unknown little
	// killer direction, a grid of the wrong shape. (A clue that no digits
	// satisfy is no error: the puzzle has no solution; see clue.Apply.)
	ErrInvalid = errors.New("fpuzzles: invalid puzzle")
)

// errAt returns the error of kind for byte offset off of text and the JSON
// value at path ("" for none), with a message.
func errAt(text []byte, off int, path string, kind error, format string, args ...any) *satdoku.ParseError {
	pos := satdoku.PositionAt(text, off)
	pos.Path = path
	return &satdoku.ParseError{Pos: pos, Msg: fmt.Sprintf(format, args...), Err: kind}
}
