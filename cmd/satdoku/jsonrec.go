package main

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// appendRecord appends the JSON form of the answer a to dst: the record of
// --format json. It writes byte for byte what json.Marshal(a) gives (the
// field order and omitempty/omitzero rules of answer's tags, strings
// escaped as encoding/json escapes them, ms formatted as encoding/json
// formats a float64), which TestAppendRecord and FuzzAppendRecord check,
// but without reflection and without allocating: on a stream of easy
// puzzles (kaggle_9999, solve --unique, one worker) json.Encoder made the
// whole run 9% slower.
func appendRecord(dst []byte, a *record) []byte {
	dst = append(dst, `{"line":`...)
	dst = strconv.AppendInt(dst, int64(a.Line), 10)
	dst = appendField(dst, "file", a.File)
	dst = appendField(dst, "puzzle", a.Puzzle)
	dst = appendList(dst, "rules", a.Rules)
	dst = appendName(dst, "status")
	dst = appendString(dst, a.Status)
	if a.Certified != certNone {
		dst = append(appendName(dst, "certified"), a.Certified.jsonText()...)
	}
	dst = appendGrid(dst, "solution", a.Solution.Grid)
	dst = appendGrid(dst, "second", a.Second.Grid)
	dst = appendList(dst, "differ", a.Differ)
	dst = appendField(dst, "expected", a.Expected)
	if !a.Candidates.IsZero() {
		dst = a.Candidates.appendJSON(appendName(dst, "candidates"))
	}
	if a.Count != nil {
		dst = appendName(dst, "count")
		dst = strconv.AppendInt(dst, int64(*a.Count), 10)
	}
	if a.More {
		dst = append(dst, `,"more":true`...)
	}
	dst = appendList(dst, "conflicts", a.Conflicts)
	if a.extra != nil {
		// The fields of the commands beyond solving: encoding/json's own
		// form of them, without the braces.
		if b, err := json.Marshal(a.extra); err == nil && len(b) > 2 {
			dst = append(append(dst, ','), b[1:len(b)-1]...)
		}
	}
	dst = appendField(dst, "error", a.Error)
	dst = appendList(dst, "warnings", a.Warnings)
	dst = appendField(dst, "solver", a.Solver)
	dst = appendName(dst, "ms")
	dst = appendFloat(dst, a.MS)
	if a.CPU != 0 {
		dst = appendName(dst, "cpu_ms")
		dst = appendFloat(dst, a.CPU)
	}
	return append(dst, '}')
}

// appendName appends the name of a field after the first: ,"name":
func appendName(dst []byte, name string) []byte {
	dst = append(dst, ',', '"')
	dst = append(dst, name...)
	return append(dst, '"', ':')
}

// appendField appends ,"name":"s" unless s is empty (omitempty).
func appendField(dst []byte, name, s string) []byte {
	if s == "" {
		return dst
	}
	return appendString(appendName(dst, name), s)
}

// appendGrid appends ,"name":"LINE", with the grid's one-line form, unless
// g is nil (omitzero).
func appendGrid(dst []byte, name string, g *satdoku.Grid) []byte {
	if g == nil {
		return dst
	}
	dst = appendName(dst, name)
	start := len(dst)
	dst = append(dst, '"')
	dst = textfmt.Append(dst, g, textfmt.FormatLine)
	if line := dst[start+1:]; !plain(line) {
		return appendString(dst[:start], string(line))
	}
	return append(dst, '"')
}

// appendList appends ,"name":["a",…] unless the list is empty (omitempty).
func appendList(dst []byte, name string, l []string) []byte {
	if len(l) == 0 {
		return dst
	}
	dst = append(appendName(dst, name), '[')
	for i, s := range l {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, s)
	}
	return append(dst, ']')
}

// appendString appends s as a JSON string. A string that needs escaping
// goes through json.Marshal, so the output is always encoding/json's.
func appendString(dst []byte, s string) []byte {
	if !plain(s) {
		b, _ := json.Marshal(s) // a string always marshals
		return append(dst, b...)
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// plain reports whether s is printable ASCII that encoding/json copies as
// it is: no control character, quote, backslash or HTML character (<, >
// and &, which it escapes), nothing from U+0080 on.
func plain[S string | []byte](s S) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// appendFloat formats f as encoding/json does: the shortest decimal, in
// exponent form below 1e-6 and from 1e21 on.
func appendFloat(dst []byte, f float64) []byte {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return append(dst, "null"...) // json.Marshal would fail; never produced
	}
	abs := math.Abs(f)
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		b, _ := json.Marshal(f)
		return append(dst, b...)
	}
	return strconv.AppendFloat(dst, f, 'f', -1, 64)
}
