package fpuzzles

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Cosmetic is one of f-puzzles' marks that make no rule ("line", "cage"
// with no digital root, "text", "rectangle", "circle"): kept as data so
// that a picture can show the puzzle as its setter drew it. The reader
// warns that each is ignored for the rules.
type Cosmetic struct {
	// Kind is the f-puzzles key: "line", "cage", "text", "rectangle" or
	// "circle".
	Kind string
	// Cells are the cells of a cage, or those a text or shape is centred
	// on (row-major); Lines the cells of each line of a "line".
	Cells []int
	Lines [][]int
	// Value is the text written: a cage's label, a text, a shape's
	// words.
	Value string
	// Outline, Fill and Font are the colours "outlineC", "baseC" and
	// "fontC" when they are "#" and 3 to 8 hexadecimal digits; "" else.
	Outline, Fill, Font string
	// Width and Height are a shape's size, and Width a line's thickness,
	// in cells; Size a text's scale; Angle a text's or shape's rotation in
	// degrees. Each is 0 when absent or out of bounds.
	Width, Height, Size, Angle float64
}

// cosmeticKinds are the keys read into Puzzle.Cosmetics, in drawing order.
var cosmeticKinds = []string{"rectangle", "circle", "line", "cage", "text"}

var colourText = regexp.MustCompile(`^#[0-9A-Fa-f]{3,8}$`)

// cosmetics reads the cosmetic marks of root. A mark that cannot be read
// is left out: it changes no answer.
func (r *reader) cosmetics(root *node) []Cosmetic {
	var out []Cosmetic
	for _, key := range cosmeticKinds {
		v := root.get(key)
		if v == nil || v.kind != '[' {
			continue
		}
		for _, it := range v.elems {
			if it == nil || it.kind != '{' {
				continue
			}
			c := Cosmetic{Kind: key, Value: text(it.get("value")), Outline: colour(it.get("outlineC")),
				Fill: colour(it.get("baseC")), Font: colour(it.get("fontC")),
				Width: number(it.get("width"), 0, 20), Height: number(it.get("height"), 0, 20),
				Size: number(it.get("size"), 0, 10), Angle: number(it.get("angle"), -360, 360)}
			if key == "cage" && digitalRoot.MatchString(c.Value) {
				continue // a rule (see cage)
			}
			if key == "line" {
				ls, err := r.lines(it, key)
				if err != nil || len(ls) == 0 {
					continue
				}
				c.Lines = ls
			} else {
				cs, err := r.cells(it.get("cells"), key)
				if err != nil || len(cs) == 0 {
					continue
				}
				c.Cells = cs
			}
			out = append(out, c)
		}
	}
	return out
}

// text is a string or number value, trimmed and cut to 100 bytes.
func text(v *node) string {
	if v == nil {
		return ""
	}
	s := ""
	switch v.kind {
	case 's':
		s = strings.TrimSpace(v.str)
	case 'n':
		s = v.num.String()
	}
	if len(s) > 100 {
		s = strings.ToValidUTF8(s[:100], "")
	}
	return s
}

func colour(v *node) string {
	if s := text(v); colourText.MatchString(s) {
		return s
	}
	return ""
}

// number is a numeric value within [lo, hi], or 0.
func number(v *node, lo, hi float64) float64 {
	s := text(v)
	if s == "" {
		return 0
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || f < lo || f > hi {
		return 0
	}
	return f
}
