package satdoku

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Sentinel errors. A *ParseError carries one of them in its Err field (test
// with errors.Is); its message is more precise than the sentinel's text.
var (
	// ErrBadCell reports a character or JSON value that is not a cell.
	ErrBadCell = errors.New("satdoku: invalid cell")
	// ErrLength reports a line, row or board with the wrong number of cells.
	ErrLength = errors.New("satdoku: wrong number of cells")
	// ErrRange reports a digit larger than the board side.
	ErrRange = errors.New("satdoku: digit out of range")
	// ErrSyntax reports malformed JSON.
	ErrSyntax = errors.New("satdoku: syntax error")
	// ErrIncomplete reports a grid or JSON board cut short by the end of
	// the input or by the start of another puzzle.
	ErrIncomplete = errors.New("satdoku: incomplete puzzle")
	// ErrTooLong reports a line longer than Reader.MaxLine, or a JSON board
	// longer than 16 lines of that length.
	ErrTooLong = errors.New("satdoku: line too long")
	// ErrEmpty reports an input without a puzzle (Parse only; a Reader
	// returns io.EOF).
	ErrEmpty = errors.New("satdoku: no puzzle")
	// ErrExtra reports input after the puzzle given to Parse.
	ErrExtra = errors.New("satdoku: extra input after the puzzle")
)

// ParseError is the error returned for a puzzle that cannot be read. Line and
// Column are 1-based; Column counts runes (an invalid UTF-8 byte counts as
// one). Err wraps one of the sentinel errors, such as ErrBadCell.
type ParseError struct {
	Line   int   // line of the problem, from 1
	Column int   // column of the problem in runes, from 1
	Err    error // what went wrong; wraps a sentinel
}

// Error returns "line L, column C: message".
func (e *ParseError) Error() string {
	return "line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column) + ": " + errText(e.Err)
}

// Unwrap returns e.Err, so errors.Is(err, ErrBadCell) looks inside.
func (e *ParseError) Unwrap() error { return e.Err }

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// reason is the Err of a ParseError: an exact message plus the sentinel it
// wraps. (fmt.Errorf("%w") would put the sentinel's text into every message.)
type reason struct {
	msg  string
	kind error
}

func (e *reason) Error() string { return e.msg }
func (e *reason) Unwrap() error { return e.kind }

func because(kind error, format string, args ...any) error {
	return &reason{msg: fmt.Sprintf(format, args...), kind: kind}
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
