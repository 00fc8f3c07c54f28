package iss

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
)

// ISS shares a puzzle as a link to its page with the puzzle string in the
// query parameter q, form-encoded (js/solution_controller.js builds it with
// URLSearchParams): https://sigh.github.io/Interactive-Sudoku-Solver/?q=.~R1C1_5…
// Its other parameters (mode, valueCountLimit) choose what the page shows
// and say nothing about the puzzle.

// issPage reports whether u is the page of ISS: on sigh.github.io, or a
// copy served elsewhere under the project's name.
func issPage(u *url.URL) bool {
	return strings.EqualFold(u.Hostname(), "sigh.github.io") ||
		strings.Contains(strings.ToLower(u.Path), "interactive-sudoku-solver")
}

// input returns the text that Read reads from s — s itself, or the puzzle
// string of an ISS link, each of its bytes mapped back to its place in s —
// and the puzzle string as a string.
func input(s string) (text, string, error) {
	q, off, ok, err := linkQuery(s)
	switch {
	case err != nil:
		return text{}, "", err
	case !ok:
		return compact(s), s, nil
	}
	t := compact(q)
	t.orig = s
	for k, o := range t.off {
		t.off[k] = off[o]
	}
	return t, q, nil
}

// linkQuery reports whether s is a link to ISS's page and returns its
// parameter q decoded, with the offset in s of the first byte of each
// decoded byte; a link to the page without a puzzle, or with a bad
// escape in it, is an error.
func linkQuery(s string) (q string, off []int, ok bool, err error) {
	lead := len(s) - len(strings.TrimLeft(s, " \t\r\n\v\f"))
	link := strings.TrimSpace(s)
	if !strings.HasPrefix(link, "https://") && !strings.HasPrefix(link, "http://") {
		return "", nil, false, nil
	}
	u, perr := url.Parse(link)
	if perr != nil || !issPage(u) {
		return "", nil, false, nil
	}
	fail := func(at int, format string, args ...any) (string, []int, bool, error) {
		t := text{orig: s}
		return "", nil, true, t.failAt(at, ErrSyntax, format, args...)
	}
	at := lead + strings.IndexByte(link, '?') + 1
	if u.RawQuery == "" {
		return fail(lead+len(link), "a link to ISS without a puzzle (no parameter q)")
	}
	for part := range strings.SplitSeq(u.RawQuery, "&") {
		key, val, _ := strings.Cut(part, "=")
		if k, kerr := url.QueryUnescape(key); kerr != nil || k != "q" {
			at += len(part) + 1
			continue
		}
		at += len(key) + 1
		var b []byte
		for i := 0; i < len(val); i++ {
			switch c := val[i]; c {
			case '%':
				x, xerr := strconv.ParseUint(val[i+1:min(i+3, len(val))], 16, 8)
				if xerr != nil || i+3 > len(val) {
					return fail(at+i, "a bad escape %q in the link's puzzle", val[i:min(i+3, len(val))])
				}
				b = append(b, byte(x))
				off = append(off, at+i)
				i += 2
			case '+':
				b = append(b, ' ')
				off = append(off, at+i)
			default:
				b = append(b, c)
				off = append(off, at+i)
			}
		}
		return string(b), off, true, nil
	}
	return fail(lead+len(link), "a link to ISS without a puzzle (no parameter q)")
}

// failAt returns the error of kind at byte offset o of the original input
// (not of the compacted text: see fail).
func (t *text) failAt(o int, kind error, format string, args ...any) *satdoku.ParseError {
	return &satdoku.ParseError{Pos: satdoku.PositionAt([]byte(t.orig), o), Msg: fmt.Sprintf(format, args...), Err: kind}
}
