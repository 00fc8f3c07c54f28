// Package ruleset lists a puzzle's rules as sorted lines, for the tests of
// the readers that compare the rules two readings give, whatever the
// order in which each added them.
package ruleset

import (
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku"
)

// Lines lists the units, relations and constraints of r, one a line,
// sorted, each once; a relation whose order says nothing (different,
// equal) is written with its lower cell first.
func Lines(r *satdoku.Rules) []string {
	var out []string
	for _, u := range r.Units() {
		out = append(out, fmt.Sprintf("unit %v %v", u.Kind, u.Cells))
	}
	for _, x := range r.Relations() {
		a, b := x.A, x.B
		if a > b && (x.Kind == satdoku.Different || x.Kind == satdoku.Equal) {
			a, b = b, a
		}
		out = append(out, fmt.Sprintf("relation %d %d %v %d", a, b, x.Kind, x.Value))
	}
	for _, c := range r.Constraints() {
		out = append(out, fmt.Sprintf("constraint %v %v %v %d %v %x", c.Kind, c.Cells, c.Coefs, c.Value, c.Digits, c.Mask))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Diff lists the lines of a not in b ("+ ") and of b not in a ("- ").
func Diff(a, b []string) string {
	var sb strings.Builder
	for _, x := range a {
		if !slices.Contains(b, x) {
			fmt.Fprintf(&sb, "+ %s\n", x)
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			fmt.Fprintf(&sb, "- %s\n", x)
		}
	}
	return sb.String()
}
