package fpuzzles

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
)

// node is a JSON value with the byte offset where it starts, so that
// errors can point at it.
type node struct {
	off   int
	kind  byte // '{' object, '[' array, 's' string, 'n' number, 'b' bool, '0' null
	keys  []string
	vals  []*node // object values, parallel to keys
	elems []*node // array elements
	str   string
	num   json.Number
	b     bool
}

// get returns the value of key in object n (the last one if the key is
// repeated, as encoding/json does), or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != '{' {
		return nil
	}
	for i := len(n.keys) - 1; i >= 0; i-- {
		if n.keys[i] == key {
			return n.vals[i]
		}
	}
	return nil
}

// empty reports whether n says nothing: absent, null, false, "", [] or {}.
func (n *node) empty() bool {
	if n == nil {
		return true
	}
	switch n.kind {
	case '0':
		return true
	case 'b':
		return !n.b
	case 's':
		return strings.TrimSpace(n.str) == ""
	case '[':
		return len(n.elems) == 0
	case '{':
		return len(n.keys) == 0
	}
	return false
}

func (n *node) kindName() string {
	if n == nil {
		return "nothing"
	}
	switch n.kind {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 's':
		return "a string"
	case 'n':
		return "a number"
	case 'b':
		return "a boolean"
	}
	return "null"
}

// parseTree reads one JSON value, the whole of text.
func parseTree(text []byte) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	root, err := parseValue(dec, text)
	if err != nil {
		return nil, err
	}
	off := int(dec.InputOffset())
	for off < len(text) && isSpace(text[off]) {
		off++
	}
	if off < len(text) {
		return nil, errAt(text, off, "", ErrSyntax, "extra data after the JSON object")
	}
	return root, nil
}

// skipSep returns the offset of the first byte at or after off that is
// not white space or a separator (',' or ':').
func skipSep(text []byte, off int) int {
	for off < len(text) {
		switch text[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

func syntaxErr(text []byte, dec *json.Decoder, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off := int(se.Offset) // the bytes read before the offending one
		return errAt(text, off, "", ErrSyntax, "%s", strings.TrimPrefix(se.Error(), "json: "))
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return errAt(text, len(text), "", ErrSyntax, "unexpected end of JSON input")
	}
	return errAt(text, int(dec.InputOffset()), "", ErrSyntax, "%v", err)
}

func parseValue(dec *json.Decoder, text []byte) (*node, error) {
	start := skipSep(text, int(dec.InputOffset()))
	tok, err := dec.Token()
	if err != nil {
		return nil, syntaxErr(text, dec, err)
	}
	n := &node{off: start}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			n.kind = '{'
			for dec.More() {
				koff := skipSep(text, int(dec.InputOffset()))
				ktok, err := dec.Token()
				if err != nil {
					return nil, syntaxErr(text, dec, err)
				}
				key, ok := ktok.(string)
				if !ok {
					return nil, errAt(text, koff, "", ErrSyntax, "object key is not a string")
				}
				v, err := parseValue(dec, text)
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, key)
				n.vals = append(n.vals, v)
			}
		} else if t == '[' {
			n.kind = '['
			for dec.More() {
				v, err := parseValue(dec, text)
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, v)
			}
		} else {
			return nil, errAt(text, start, "", ErrSyntax, "unexpected %q", string(t))
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, syntaxErr(text, dec, err)
		}
	case string:
		n.kind, n.str = 's', t
	case json.Number:
		n.kind, n.num = 'n', t
	case bool:
		n.kind, n.b = 'b', t
	case nil:
		n.kind = '0'
	}
	return n, nil
}

// path helpers

func field(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }
