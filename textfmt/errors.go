package textfmt

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/satdoku/satdoku"
)

// Sentinel errors. A *satdoku.ParseError of Parse or a Reader carries one
// of them in its Err field (test with errors.Is); its Msg is more precise
// than the sentinel's text.
var (
	// ErrBadCell reports a character or JSON value that is not a cell.
	ErrBadCell = errors.New("textfmt: invalid cell")
	// ErrLength reports a line, row or board with the wrong number of cells.
	ErrLength = errors.New("textfmt: wrong number of cells")
	// ErrRange reports a digit larger than the board side.
	ErrRange = errors.New("textfmt: digit out of range")
	// ErrSyntax reports malformed JSON.
	ErrSyntax = errors.New("textfmt: syntax error")
	// ErrIncomplete reports a grid or JSON board cut short by the end of
	// the input or by the start of another puzzle.
	ErrIncomplete = errors.New("textfmt: incomplete puzzle")
	// ErrTooLong reports a line longer than Reader.MaxLine, or a JSON board
	// longer than 16 lines of that length.
	ErrTooLong = errors.New("textfmt: line too long")
	// ErrEmpty reports an input without a puzzle (Parse only; a Reader
	// returns io.EOF).
	ErrEmpty = errors.New("textfmt: no puzzle")
	// ErrExtra reports input after the puzzle given to Parse.
	ErrExtra = errors.New("textfmt: extra input after the puzzle")
)

// because returns a *ParseError of kind with a message; its position is
// set by the caller (see at).
func because(kind error, format string, args ...any) *satdoku.ParseError {
	return &satdoku.ParseError{Msg: fmt.Sprintf(format, args...), Err: kind}
}

// at sets the line and column of e and returns it.
func at(line, col int, e *satdoku.ParseError) *satdoku.ParseError {
	e.Pos = satdoku.Position{Line: line, Column: col}
	return e
}

// quoteSym quotes the first symbol of b for an error message: a valid rune
// as strconv.QuoteRune does ('x', '\x00', '５'); an invalid UTF-8 byte as
// '\xff'. The result never holds control characters or invalid UTF-8.
func quoteSym(b []byte) string {
	r, w := utf8.DecodeRune(b)
	if r == utf8.RuneError && w <= 1 {
		if len(b) == 0 {
			return "''"
		}
		return fmt.Sprintf(`'\x%02x'`, b[0])
	}
	return strconv.QuoteRune(r)
}
