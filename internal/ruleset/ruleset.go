// Package ruleset lists a puzzle's rules as sorted lines, for the tests of
// the readers that compare the rules two readings give, whatever the
// order in which each added them, and for the link writers, which read
// back what they wrote and compare.
package ruleset

import (
	"cmp"
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
func Parts(r *satdoku.Rules) []Part { return parts(r, false) }

// Meaning lists the parts of r as Parts does, but for the relations,
// each written as its cells and the table of the digit pairs it allows
// (satdoku.Relation.Holds), the lower cell first: two relations that
// allow the same pairs are one, whatever their kind (a less-than and a
// thermometer's step, a pair table and the dot it tabulates). The link
// writers compare what they read back by it.
func Meaning(r *satdoku.Rules) []Part { return parts(r, true) }

func parts(r *satdoku.Rules, meaning bool) []Part {
	var out []Part
	for _, u := range r.Units() {
		name := u.Name
		if name == "" {
			name = u.String()
		}
		out = append(out, Part{fmt.Sprintf("unit %v %v", u.Kind, u.Cells), name})
	}
	for _, x := range r.Relations() {
		if meaning {
			out = append(out, Part{relationTable(x, r.Values()), x.Name})
			continue
		}
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

// relationTable writes relation x on the digits 1..v as its table.
func relationTable(x satdoku.Relation, v int) string {
	a, b := x.A, x.B
	holds := x.Holds
	if a > b {
		a, b = b, a
		holds = func(p, q int) bool { return x.Holds(q, p) }
	}
	t := make([]byte, 0, v*v)
	for p := 1; p <= v; p++ {
		for q := 1; q <= v; q++ {
			if holds(p, q) {
				t = append(t, '1')
			} else {
				t = append(t, '0')
			}
		}
	}
	return fmt.Sprintf("relation %d %d allows %s", a, b, t)
}

func constraintLine(c satdoku.Constraint) string {
	s := fmt.Sprintf("constraint %v %v %v %d %v %x", c.Kind, c.Cells, c.Coefs, c.Value, c.Digits, c.Mask)
	if c.NFA != nil {
		// Its start and accepting states and its moves are sets.
		a := *c.NFA
		a.Start, a.Accept = slices.Sorted(slices.Values(a.Start)), slices.Sorted(slices.Values(a.Accept))
		a.Moves = slices.SortedFunc(slices.Values(a.Moves), func(m, n satdoku.Move) int {
			return cmp.Or(m.From-n.From, m.Symbol-n.Symbol, m.To-n.To)
		})
		s += fmt.Sprintf(" nfa %v", a)
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

// Same compares two puzzles as the link writers' tests do: the same board
// and givens, and the same rules by Meaning. It returns "" when they are,
// else what differs.
func Same(want, got *satdoku.Grid) string {
	wr, gr := want.Rules(), got.Rules()
	if want.N() != got.N() || wr.Values() != gr.Values() || wr.ValueOffset() != gr.ValueOffset() || wr.VarCells() != gr.VarCells() {
		return "another board"
	}
	for i := range want.Len() {
		if want.Cell(i) != got.Cell(i) {
			return fmt.Sprintf("cell %d holds %d, want %d", i, got.Cell(i), want.Cell(i))
		}
	}
	lines := func(r *satdoku.Rules) []string {
		var out []string
		for _, p := range Meaning(r) {
			out = append(out, p.Line)
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	return Diff(lines(gr), lines(wr))
}
