package sudokupad

import (
	"errors"
	"fmt"

	"github.com/satdoku/satdoku"
)

// Sentinel errors. Read fails with a *satdoku.ParseError whose Err is one
// of them (or, for an f-puzzles payload, one of package fpuzzles'); its Msg
// is more precise.
var (
	// ErrSyntax reports a payload that is not SudokuPad data: it does not
	// decompress, or its JSON is malformed.
	ErrSyntax = errors.New("sudokupad: syntax error")
	// ErrUnsupported reports an element that satdoku does not read as a
	// rule (a line, an overlay, an underlay or an arrow in a style that
	// SudokuPad's f-puzzles import does not draw), a board that is not
	// square, or a payload format it does not take.
	ErrUnsupported = errors.New("sudokupad: unsupported puzzle")
	// ErrInvalid reports data that is malformed: a cell off the board, a
	// region of the wrong size, a given that is not a digit.
	ErrInvalid = errors.New("sudokupad: invalid puzzle")
	// ErrOffline reports a short id that needs the network while the
	// Fetcher is Offline.
	ErrOffline = errors.New("sudokupad: offline")
	// ErrFetch reports a short id that could not be fetched: no network,
	// a timeout, an HTTP error, an empty answer.
	ErrFetch = errors.New("sudokupad: fetch failed")
)

// fail returns a *satdoku.ParseError of kind at the JSON value path.
func fail(path string, kind error, format string, args ...any) *satdoku.ParseError {
	return &satdoku.ParseError{Pos: satdoku.Position{Path: path}, Msg: fmt.Sprintf(format, args...), Err: kind}
}
