package main

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/satdoku/satdoku"
)

// appendRecord appends the JSON form of r to dst, byte for byte what
// json.Marshal(r) gives, without reflection or allocation: the field order
// and omitempty rules of record's tags, strings escaped as encoding/json
// escapes them (it falls back to json.Marshal for a string that needs more
// than plain ASCII), and ms formatted as encoding/json formats a float64.
func appendRecord(dst []byte, r *answer) []byte {
	dst = append(dst, `{"line":`...)
	dst = strconv.AppendInt(dst, int64(r.Line), 10)
	dst = appendField(dst, "file", r.File)
	dst = appendField(dst, "puzzle", r.Puzzle)
	dst = append(dst, `,"status":`...)
	dst = appendString(dst, r.Status)
	dst = appendGrid(dst, "solution", r.Solution.Grid)
	dst = appendGrid(dst, "second", r.Second.Grid)
	dst = appendList(dst, "differ", r.Differ)
	if r.Count != nil {
		dst = append(dst, `,"count":`...)
		dst = strconv.AppendInt(dst, int64(*r.Count), 10)
	}
	dst = appendList(dst, "conflicts", r.Conflicts)
	dst = appendField(dst, "error", r.Error)
	dst = append(dst, `,"ms":`...)
	dst = appendFloat(dst, r.MS)
	return append(dst, '}')
}

// appendField appends ,"name":"s" unless s is empty (omitempty).
func appendField(dst []byte, name, s string) []byte {
	if s == "" {
		return dst
	}
	dst = append(dst, ',', '"')
	dst = append(dst, name...)
	dst = append(dst, '"', ':')
	return appendString(dst, s)
}

// appendList appends ,"name":["a",…] unless the list is empty (omitempty).
func appendList(dst []byte, name string, l []string) []byte {
	if len(l) == 0 {
		return dst
	}
	dst = append(dst, ',', '"')
	dst = append(dst, name...)
	dst = append(dst, '"', ':', '[')
	for i, s := range l {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, s)
	}
	return append(dst, ']')
}

// appendString appends s as a JSON string. Printable ASCII other than the
// characters encoding/json escapes is copied; anything else goes through
// json.Marshal, so the output is always the same as encoding/json's.
func appendString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s) // a string always marshals
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
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

func appendGrid(dst []byte, name string, g *satdoku.Grid) []byte {
	if g == nil {
		return dst
	}
	dst = append(dst, ',', '"')
	dst = append(dst, name...)
	dst = append(dst, '"', ':', '"')
	dst = g.AppendFormat(dst, satdoku.FormatLine)
	return append(dst, '"')
}
