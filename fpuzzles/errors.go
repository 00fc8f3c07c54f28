package fpuzzles

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Sentinel errors. An *Error carries one of them in its Err field (test
// with errors.Is); its message is more precise than the sentinel's text.
var (
	// ErrSyntax reports input that is not f-puzzles data: malformed JSON,
	// or a link or compressed string that does not decompress to JSON.
	ErrSyntax = errors.New("fpuzzles: syntax error")
	// ErrUnsupported reports a rule that satdoku cannot express (a
	// skyscraper, an X-sum, an unknown key that is not cosmetic) or a board
	// size it does not take. Such a rule is never ignored.
	ErrUnsupported = errors.New("fpuzzles: unsupported rule")
	// ErrInvalid reports well-formed JSON that says something impossible
	// or malformed: a cell off the board, a sum no digits can make, an
	// unknown little killer direction, a grid of the wrong shape.
	ErrInvalid = errors.New("fpuzzles: invalid puzzle")
)

// Error is the error returned for input that cannot be read. Line and
// Column (1-based; the column counts runes) locate the offending value in
// the JSON text (for a link or a compressed string, the decompressed JSON),
// or the start of the input when there is no better place. Path names the
// value in the JSON document, as "killercage[2].cells[1]" ("" for the
// input as a whole). Err wraps one of ErrSyntax, ErrUnsupported and
// ErrInvalid.
type Error struct {
	Line   int    // line of the problem, from 1
	Column int    // column of the problem in runes, from 1
	Path   string // the JSON value at fault, as "grid[0][3].value"; may be ""
	Err    error  // what went wrong; wraps a sentinel
}

// Error returns "line L, column C: path: message", without the path when
// it is empty.
func (e *Error) Error() string {
	s := "line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column) + ": "
	if e.Path != "" {
		s += e.Path + ": "
	}
	if e.Err == nil {
		return s + "<nil>"
	}
	return s + e.Err.Error()
}

// Unwrap returns e.Err, so errors.Is(err, ErrInvalid) looks inside.
func (e *Error) Unwrap() error { return e.Err }

// reason is the Err of an Error: an exact message plus the sentinel it
// wraps, so the sentinel's text is not repeated in every message.
type reason struct {
	msg  string
	kind error
}

func (e *reason) Error() string { return e.msg }
func (e *reason) Unwrap() error { return e.kind }

func because(kind error, format string, args ...any) error {
	return &reason{msg: fmt.Sprintf(format, args...), kind: kind}
}

// position returns the 1-based line and rune column of byte offset off in
// text.
func position(text []byte, off int) (line, col int) {
	off = max(0, min(off, len(text)))
	line, start := 1, 0
	for i := range off {
		if text[i] == '\n' {
			line++
			start = i + 1
		}
	}
	return line, utf8.RuneCount(text[start:off]) + 1
}

// errAt returns an *Error for byte offset off of text.
func errAt(text []byte, off int, path string, err error) *Error {
	line, col := position(text, off)
	return &Error{Line: line, Column: col, Path: path, Err: err}
}
