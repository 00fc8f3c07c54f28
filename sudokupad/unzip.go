package sudokupad

import (
	"encoding/json"
	"regexp"
	"strings"
)

// SudokuPad shortens its JSON before compressing it (PuzzleZipper in
// SudokuPad's sudokutools, src/puzzlezipper_lib.js): long keys become short
// ones, keys lose their quotes, empty objects {} vanish, false and true
// become f and t, black and white become #0 and #F, other colours lose
// their quotes and their #, and the text's double quotes become single
// ones. unzip undoes it, in the same steps as SudokuPad, so that a payload
// reads as SudokuPad reads it.

// shortKeys maps SudokuPad's short keys back to the long ones.
var shortKeys = map[string]string{
	"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
	"ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays",
	"w": "width", "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded",
	"re": "regions", "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints",
	"t": "title", "te": "text", "d": "duration",
}

var (
	reBareKey  = regexp.MustCompile(`([,{\[])([a-zA-Z0-9]+):`)
	reEmptyObj = regexp.MustCompile(`([,{\[])_`)
	reFalse    = regexp.MustCompile(`(:)f([,}\]])`)
	reTrue     = regexp.MustCompile(`(:)t([,}\]])`)
	reBlack    = regexp.MustCompile(`(:)#0([,}\]])`)
	reWhite    = regexp.MustCompile(`(:)#F([,}\]])`)
	reColour   = regexp.MustCompile(`(:)([0-9a-fA-F]{6})([,}\]])`)
	reHex6     = regexp.MustCompile(`^[0-9a-fA-F]{6}$`)
)

// unzip returns SudokuPad's JSON value of a shortened text, or false when
// the result is not JSON.
func unzip(s string) (any, bool) {
	if !strings.Contains(s, `"`) {
		s = strings.ReplaceAll(s, `\'`, "\u2019")
		s = strings.ReplaceAll(s, `'`, `"`)
		s = strings.ReplaceAll(s, "\u2019", `'`)
	}
	s = reBareKey.ReplaceAllString(s, `$1"$2":`)
	s = markEmpty(s)
	s = strings.ReplaceAll(s, "{_}", "{}")
	s = reEmptyObj.ReplaceAllString(s, "$1{}")
	s = replaceAll(reFalse, s, "${1}false$2")
	s = replaceAll(reTrue, s, "${1}true$2")
	s = replaceAll(reBlack, s, `$1"#000000"$2`)
	s = replaceAll(reWhite, s, `$1"#FFFFFF"$2`)
	s = replaceAll(reColour, s, `$1"#$2"$3`)
	v, ok := decodeJSON(s)
	if !ok {
		return nil, false
	}
	return expand(v), true
}

// replaceAll is ReplaceAllString; a separate name keeps the steps above
// readable.
func replaceAll(re *regexp.Regexp, s, repl string) string { return re.ReplaceAllString(s, repl) }

// markEmpty puts "_" after each of , { [ that a , } or ] follows: where
// SudokuPad dropped an empty object (its regular expression with a
// look-ahead, which Go's regexp lacks).
func markEmpty(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if strings.IndexByte(",{[", s[i]) >= 0 && i+1 < len(s) && strings.IndexByte(",}]", s[i+1]) >= 0 {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// expand renames the short keys of every object and puts the # back on
// every string of six hexadecimal digits, as SudokuPad does.
func expand(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if long, ok := shortKeys[k]; ok {
				k = long
			}
			out[k] = expand(e)
		}
		return out
	case []any:
		for i := range x {
			x[i] = expand(x[i])
		}
		return x
	case string:
		if reHex6.MatchString(x) {
			return "#" + x
		}
	}
	return v
}

// decodeJSON decodes one JSON value, numbers as json.Number.
func decodeJSON(s string) (any, bool) {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil || d.More() {
		return nil, false
	}
	return v, true
}
