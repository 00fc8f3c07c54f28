// Package ruleset lists a puzzle's rules as sorted lines, for the tests of
// the readers that compare the rules two readings give, whatever the
// order in which each added them, and for the link writers, which read
// back what they wrote and compare.
package ruleset

import (
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku"
)

// Part is one unit, relation or constraint of a set of rules: its line,
// as Lines lists it, and its name for messages ("killer cage").
type Part struct {
	Line string
	Name string
}

// Parts lists the units, relations and constraints of r, in r's order,
// each with its line and name; a relation whose order says nothing
// (different, equal) is written with its lower cell first, a total
// without coefficients and a sandwich with their cells in order, and a one-of constraint
// on several cells is listed cell by cell. A relation's table,
// an automaton and the members of an any-of are part of the line.
func Parts(r *satdoku.Rules) []Part {
	var out []Part
	for _, u := range r.Units() {
		name := u.Name
		if name == "" {
			name = u.String()
		}
		out = append(out, Part{fmt.Sprintf("unit %v %v", u.Kind, u.Cells), name})
	}
	for _, x := range r.Relations() {
		out = append(out, Part{relationLine(x), x.Name})
	}
	for _, c := range r.Constraints() {
		if c.Kind == satdoku.Total && c.Coefs == nil || c.Kind == satdoku.Sandwich {
			// A sum without coefficients is over a set of cells, a
			// sandwich the same read from either end.
			c.Cells = slices.Sorted(slices.Values(c.Cells))
		}
		if c.Kind == satdoku.OneOf && len(c.Cells) > 1 {
			// A one-of holds cell by cell: one on two cells is one on each.
			for _, i := range c.Cells {
				one := c
				one.Cells = []int{i}
				out = append(out, Part{constraintLine(one), c.Name})
			}
			continue
		}
		out = append(out, Part{constraintLine(c), c.Name})
	}
	return out
}

func relationLine(x satdoku.Relation) string {
	a, b := x.A, x.B
	if a > b && (x.Kind == satdoku.Different || x.Kind == satdoku.Equal) {
		a, b = b, a
	}
	s := fmt.Sprintf("relation %d %d %v %d", a, b, x.Kind, x.Value)
	if x.Table != "" {
		s += " " + x.Table
	}
	return s
}

func constraintLine(c satdoku.Constraint) string {
	s := fmt.Sprintf("constraint %v %v %v %d %v %x", c.Kind, c.Cells, c.Coefs, c.Value, c.Digits, c.Mask)
	if c.NFA != nil {
		s += fmt.Sprintf(" nfa %v", *c.NFA)
	}
	if len(c.Members) > 0 {
		var ms []string
		for _, m := range c.Members {
			var ls []string
			for _, x := range m.Relations {
				ls = append(ls, relationLine(x))
			}
			for _, k := range m.Constraints {
				ls = append(ls, constraintLine(k))
			}
			slices.Sort(ls)
			ms = append(ms, "{"+strings.Join(slices.Compact(ls), "; ")+"}")
		}
		slices.Sort(ms)
		s += " members " + strings.Join(ms, " ")
	}
	return s
}

// Lines lists the units, relations and constraints of r, one a line,
// sorted, each once (see Parts).
func Lines(r *satdoku.Rules) []string {
	var out []string
	for _, p := range Parts(r) {
		out = append(out, p.Line)
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
