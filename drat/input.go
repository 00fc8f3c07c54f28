package drat

import (
	"errors"
	"io"
	"math"
	"strconv"
)

// input is a buffered byte reader that knows the offset and the line of its
// next byte, for the positions in error messages.
type input struct {
	r    io.Reader
	buf  []byte
	pos  int   // the next byte is buf[pos]
	end  int   // buf[pos:end] is buffered
	base int64 // offset of buf[0] in the stream
	line int   // line of the next byte, from 1; counted by the text readers
	err  error // the reader's error once it returned one (io.EOF at the end)
}

func newInput(r io.Reader) *input {
	return &input{r: r, buf: make([]byte, 64<<10), line: 1}
}

// fill reads until at least n bytes are buffered (n ≤ len(in.buf)) or the
// reader returns an error, and reports whether n bytes are buffered.
func (in *input) fill(n int) bool {
	if in.end-in.pos >= n {
		return true
	}
	if in.pos > 0 {
		in.base += int64(in.pos)
		in.end = copy(in.buf, in.buf[in.pos:in.end])
		in.pos = 0
	}
	for in.end < n && in.err == nil {
		k, err := in.r.Read(in.buf[in.end:])
		in.end += k
		in.err = err
	}
	return in.end >= n
}

// peek returns the next byte without consuming it; ok is false at the end of
// the input or after a read error (see readErr).
func (in *input) peek() (b byte, ok bool) {
	if in.pos < in.end {
		return in.buf[in.pos], true
	}
	if !in.fill(1) {
		return 0, false
	}
	return in.buf[in.pos], true
}

// offset is the offset of the next byte in the stream.
func (in *input) offset() int64 { return in.base + int64(in.pos) }

// readErr is the reader's error, nil at a clean end of the input.
func (in *input) readErr() error {
	if in.err == nil || errors.Is(in.err, io.EOF) {
		return nil
	}
	return in.err
}

// isSpace reports whether b separates tokens in the text formats.
func isSpace(b byte) bool {
	return b == ' ' || b == '\n' || b == '\t' || b == '\r' || b == '\v' || b == '\f'
}

// skipSpace consumes whitespace, counting lines, and comments: a "c" where a
// token starts, up to the end of its line. It returns the next byte, ok
// false at the end of the input.
func (in *input) skipSpace() (b byte, ok bool) {
	for {
		b, ok = in.peek()
		switch {
		case !ok:
			return 0, false
		case b == '\n':
			in.line++
		case b == 'c':
			in.skipLine()
			continue
		case !isSpace(b):
			return b, true
		}
		in.pos++
	}
}

// skipLine consumes the rest of the line, its newline included.
func (in *input) skipLine() {
	for {
		b, ok := in.peek()
		if !ok {
			return
		}
		in.pos++
		if b == '\n' {
			in.line++
			return
		}
	}
}

// errBadNumber is the detail of a token that is not a decimal number in
// range; the callers wrap it with the position and the sentinel.
var errBadNumber = errors.New("not a number")

// number reads a decimal integer, optionally negative, in ±math.MaxInt32,
// that must be followed by whitespace or the end of the input. The caller
// has skipped the whitespace before it. On an error it returns the token
// (clipped) for the message.
func (in *input) number() (x int, token string, err error) {
	neg := false
	if b, _ := in.peek(); b == '-' {
		neg = true
		in.pos++
	}
	digits := 0
	for {
		b, ok := in.peek()
		if !ok || isSpace(b) {
			break
		}
		if b < '0' || b > '9' || x > math.MaxInt32 {
			return 0, in.badToken(neg, x, digits), errBadNumber
		}
		x = x*10 + int(b-'0')
		digits++
		in.pos++
	}
	if digits == 0 || x > math.MaxInt32 || (neg && x == 0) {
		return 0, in.badToken(neg, x, digits), errBadNumber
	}
	if neg {
		x = -x
	}
	return x, "", nil
}

// badToken rebuilds the bad token that number stopped in: what it read and
// the rest of the token, clipped, consuming the rest.
func (in *input) badToken(neg bool, x, digits int) string {
	tok := make([]byte, 0, 24)
	if neg {
		tok = append(tok, '-')
	}
	if digits > 0 {
		tok = strconv.AppendInt(tok, int64(x), 10)
	}
	for {
		b, ok := in.peek()
		if !ok || isSpace(b) {
			break
		}
		if len(tok) < 20 {
			tok = append(tok, b)
		}
		in.pos++
	}
	if len(tok) >= 20 {
		tok = append(tok[:20], "…"...)
	}
	return string(tok)
}
