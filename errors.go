package satdoku

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Sentinel errors. A *ParseError of the text reader carries one of them in
// its Err field (test with errors.Is); its Msg is more precise than the
// sentinel's text.
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

// Position is a place in the input of a reader, as go/token.Position is in
// Go source. Line and Column count from 1, 0 meaning unknown; Column counts
// runes (an invalid UTF-8 byte counts as one). Path, when not empty, names
// the value at fault in a JSON document, as "killercage[2].cells[1]".
// Every reader of the module (the text formats of Reader and Parse, the
// f-puzzles reader) locates its errors with a Position.
type Position struct {
	Line   int    // line, from 1
	Column int    // column in runes, from 1
	Path   string // the JSON value at fault, as "grid[0][3].value"; may be ""
}

// PositionAt returns the line and column of byte offset off in text (an
// offset outside text is moved to its nearer end). Path is left empty.
func PositionAt(text []byte, off int) Position {
	off = max(0, min(off, len(text)))
	line, start := 1, 0
	for i, b := range text[:off] {
		if b == '\n' {
			line++
			start = i + 1
		}
	}
	return Position{Line: line, Column: utf8.RuneCount(text[start:off]) + 1}
}

// IsValid reports whether p has a line.
func (p Position) IsValid() bool { return p.Line > 0 }

// String returns "LINE:COLUMN", then ": PATH" when p has a path:
// "3:21: killercage[2].cells[1]". An unknown column is left out ("3"), a
// position with neither line nor path is "-". The CLI puts a file name
// before it, as compilers do: "puzzles.txt:3:17".
func (p Position) String() string {
	var s string
	switch {
	case p.Line > 0 && p.Column > 0:
		s = strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
	case p.Line > 0:
		s = strconv.Itoa(p.Line)
	case p.Path == "":
		return "-"
	}
	if p.Path == "" {
		return s
	}
	if s == "" {
		return p.Path
	}
	return s + ": " + p.Path
}

// ParseError is the error of every reader of the module for input that
// cannot be read: where the problem is, a message for people, and the
// sentinel error saying what kind of problem it is (ErrBadCell and the
// others above for the text formats; fpuzzles.ErrSyntax,
// fpuzzles.ErrInvalid, fpuzzles.ErrUnsupported for f-puzzles). Test the
// kind with errors.Is.
type ParseError struct {
	Pos Position // where the problem is
	Msg string   // what went wrong, more precisely than Err says it
	Err error    // the kind of problem: a sentinel
}

// Error returns "POSITION: MESSAGE", as "3:17: invalid cell '?'" (see
// Position.String), or the message alone when the position is unknown.
// Without Msg, the message is Err's.
func (e *ParseError) Error() string {
	msg := e.Msg
	if msg == "" {
		msg = errText(e.Err)
	}
	if !e.Pos.IsValid() && e.Pos.Path == "" {
		return msg
	}
	return e.Pos.String() + ": " + msg
}

// Unwrap returns e.Err, so errors.Is(err, ErrBadCell) looks inside.
func (e *ParseError) Unwrap() error { return e.Err }

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// because returns a *ParseError of kind with a message; its position is
// set by the caller (see at).
func because(kind error, format string, args ...any) *ParseError {
	return &ParseError{Msg: fmt.Sprintf(format, args...), Err: kind}
}

// at sets the line and column of e and returns it.
func at(line, col int, e *ParseError) *ParseError {
	e.Pos = Position{Line: line, Column: col}
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
