package satdoku

import (
	"strconv"
	"unicode/utf8"
)

// Position is a place in the input of a reader, as go/token.Position is in
// Go source. Line and Column count from 1, 0 meaning unknown; Column counts
// runes (an invalid UTF-8 byte counts as one). Path, when not empty, names
// the value at fault in a JSON document, as "killercage[2].cells[1]".
// Every reader of the module (the text formats of textfmt.Reader and
// textfmt.Parse, the f-puzzles reader) locates its errors with a Position.
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
// sentinel error saying what kind of problem it is (textfmt.ErrBadCell
// and the others of textfmt for the text formats; fpuzzles.ErrSyntax,
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

// Unwrap returns e.Err, so errors.Is(err, textfmt.ErrBadCell) looks inside.
func (e *ParseError) Unwrap() error { return e.Err }

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}
