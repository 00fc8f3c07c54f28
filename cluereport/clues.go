package cluereport

import (
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// Clue is one clue of a puzzle: a given digit, a variant clue (a cage, a
// line, a dot, an extra region…) or a global rule (anti-knight, a
// diagonal, nonconsecutive…), with its verdict.
type Clue struct {
	// Kind is "given" for a given digit, else the clue kind's name as the
	// rules spell it ("killer cage", "thermometer", "white dot") or the
	// global rule's ("anti-knight", "diagonal ↘", "disjoint group").
	Kind string
	// Cells are the clue's cells, row-major, in the rules' order; nil for
	// a global rule.
	Cells []int
	// Digit is a given's digit, 0 for the others.
	Digit int
	// Global reports a rule of the whole board rather than a clue drawn
	// on some cells.
	Global bool
	// Detail is the constraint's description for messages ("killer cage
	// (total 10)"), in the board's values (satdoku.Constraint.Text), empty
	// when the kind and the cells say it all.
	Detail string
	// Source is the index, in the clues the puzzle was read with
	// (Options.Clues), of the clue this one is, or −1 (a given, or a rule
	// no clue read made).
	Source int

	// Needed: without this clue the puzzle has another solution, Witness
	// (checked by the validator against the puzzle without the clue),
	// which differs from the solution in the cells Differs. A unique
	// puzzle's clue that is not needed is redundant: without it the
	// puzzle is still unique, which the solver proved (UNSAT).
	Needed bool
	// Undecided: the question ran out of Options.QueryBudget before an
	// answer; Needed is then false and means nothing.
	Undecided bool
	Witness   *satdoku.Grid
	Differs   []int
	// Certified: a redundant verdict that Report.Certify confirmed with
	// verify's own counter.
	Certified bool

	rules *satdoku.Rules // the puzzle's rules, which name its cells and values
	given int            // the given's cell, −1 for the others
	units []int          // extra units, by index into Rules.Units
	rels  []int          // relations, by index into Rules.Relations
	cons  []int          // constraints, by index into Rules.Constraints
}

// String names the clue for messages: "given 5 at r1c1", "killer cage
// r1c1,r1c2 (total 10)", "anti-knight"; cells as the rules name them (a
// var cell by its name, see satdoku.Rules.CellName) and a given by its
// value (satdoku.Rules.ValueOf: "given 0 at r1c1" on a board of the values
// 0 to 8).
func (c *Clue) String() string {
	switch {
	case c.given >= 0:
		return fmt.Sprintf("given %d at %s", c.rules.ValueOf(c.Digit), c.rules.CellName(c.given))
	case c.Global:
		return c.Kind
	}
	s := c.Kind + " " + cellList(c.rules, c.Cells)
	if c.Detail != "" {
		s += " " + c.Detail
	}
	return s
}

// cellList names cells as rules r name them: r1c1,r1c2.
func cellList(r *satdoku.Rules, cells []int) string {
	parts := make([]string, len(cells))
	for k, i := range cells {
		parts[k] = r.CellName(i)
	}
	return strings.Join(parts, ",")
}

// baseName is an extra unit's name without its number ("window 3" →
// "window").
func baseName(s string) string {
	if k := strings.LastIndexByte(s, ' '); k > 0 && strings.Trim(s[k+1:], "0123456789") == "" {
		return s[:k]
	}
	return s
}

// clueKind returns the clue kind named name, if it is one.
func clueKind(name string) (clue.Kind, bool) {
	var k clue.Kind
	if err := k.UnmarshalText([]byte(name)); err != nil {
		return 0, false
	}
	return k, true
}

// Split lists the clues of puzzle g: its givens in row-major order, then
// its variant clues and global rules, read from its rules as data:
//
//   - each constraint is a clue; an extra unit of a clue kind (a killer
//     cage's, an extra region) is a clue, merged with a constraint of the
//     same name on the same cells (a killer cage is its unit and its sum);
//   - other extra units are global rules, one per name without its number
//     (the diagonals, "window", "disjoint group");
//   - relations: a dot or an XV mark is a clue per pair; those of a line
//     kind (thermometer, whispers…) a clue per connected run of cells;
//     the negative rules, nonconsecutive and relations of no clue kind
//     (anti-knight, anti-king) a global rule per name.
//
// When the puzzle's clues as read are known (from, clue.Clue data: a
// reader's), the parts of the rules that one of them makes alone are
// that clue, so that two lines that touch stay two clues; the parts no
// clue of from makes are grouped as above.
func Split(g *satdoku.Grid, from []clue.Clue) []Clue {
	r := g.Rules()
	var out []Clue
	for i := range g.Len() {
		if d := g.Cell(i); d != 0 {
			out = append(out, Clue{Kind: "given", Cells: []int{i}, Digit: d, given: i, Source: -1})
		}
	}
	var variant []Clue
	claimed := claim(r, from)
	for j, c := range claimed {
		if c != nil {
			c.Source = j
			variant = append(variant, *c)
		}
	}
	_, takenU, takenR, takenC := owners(claimed)
	global := map[string]int{} // name → index in variant
	addGlobal := func(name string) *Clue {
		k, ok := global[name]
		if !ok {
			k = len(variant)
			global[name] = k
			variant = append(variant, Clue{Kind: name, Global: true, given: -1, Source: -1})
		}
		return &variant[k]
	}
	byCells := map[string]int{} // name and cells → index in variant
	key := func(name string, cells []int) string {
		s := slices.Clone(cells)
		slices.Sort(s)
		return name + fmt.Sprint(s)
	}
	for k, c := range r.Constraints() {
		if takenC[k] {
			continue
		}
		name := c.Name
		if name == "" {
			name = c.Kind.String()
		}
		detail := strings.TrimPrefix(c.Text(r), name)
		byCells[key(name, c.Cells)] = len(variant)
		variant = append(variant, Clue{Kind: name, Cells: c.Cells, Detail: strings.TrimSpace(detail), given: -1, cons: []int{k}, Source: -1})
	}
	for u, unit := range r.Units() {
		if unit.Kind != satdoku.Extra || takenU[u] {
			continue
		}
		name := unit.Name
		if _, ok := clueKind(name); !ok {
			gl := addGlobal(baseName(name))
			gl.units = append(gl.units, u)
			continue
		}
		if k, ok := byCells[key(name, unit.Cells)]; ok {
			variant[k].units = append(variant[k].units, u)
			continue
		}
		byCells[key(name, unit.Cells)] = len(variant)
		variant = append(variant, Clue{Kind: name, Cells: unit.Cells, given: -1, units: []int{u}, Source: -1})
	}
	// Relations: by name, then per pair, per run, or one global rule.
	rels := r.Relations()
	var names []string
	byName := map[string][]int{}
	for k, x := range rels {
		if takenR[k] {
			continue
		}
		name := x.Name
		if name == "" {
			name = x.Kind.String()
		}
		if _, ok := byName[name]; !ok {
			names = append(names, name)
		}
		byName[name] = append(byName[name], k)
	}
	for _, name := range names {
		ks := byName[name]
		kind, ok := clueKind(name)
		switch {
		case !ok || kind == clue.Nonconsecutive || kind == clue.NegativeRatio || kind == clue.NegativeDifference || kind == clue.NegativeXV:
			gl := addGlobal(name)
			gl.rels = append(gl.rels, ks...)
		case kind == clue.WhiteDot || kind == clue.BlackDot || kind == clue.XV:
			for _, k := range ks {
				variant = append(variant, Clue{Kind: name, Cells: []int{rels[k].A, rels[k].B}, given: -1, rels: []int{k}, Source: -1})
			}
		default:
			variant = append(variant, runs(name, rels, ks)...)
		}
	}
	out = append(out, variant...)
	for k := range out {
		out[k].rules = r
	}
	return out
}

// claim returns, for each clue of from, the parts of rules r that it
// makes (applied alone to r's board) and that no earlier clue claimed, as
// a Clue; nil for a clue with none left.
func claim(r *satdoku.Rules, from []clue.Clue) []*Clue {
	if len(from) == 0 {
		return nil
	}
	all := map[int]bool{}
	for k := range r.Constraints() {
		all[k] = true
	}
	base, err := rebuild(r, nil, nil, all, true) // the board alone
	if err != nil {
		return nil
	}
	units, rels, cons := map[string]int{}, map[string]int{}, map[string]int{}
	for u, unit := range r.Units() {
		if unit.Kind == satdoku.Extra {
			units[fmt.Sprint(unit.Name, unit.Cells)] = u
		}
	}
	for k, x := range r.Relations() {
		rels[fmt.Sprint(x)] = k
	}
	for k, c := range r.Constraints() {
		cons[fmt.Sprintf("%+v", c)] = k
	}
	out := make([]*Clue, len(from))
	taken := map[string]bool{}
	for j, cl := range from {
		alone, _, err := clue.Apply(base, cl)
		if err != nil {
			continue
		}
		c := &Clue{Kind: cl.Kind.String(), given: -1}
		take := func(key string, m map[string]int, add func(int)) {
			if k, ok := m[key]; ok && !taken[key] {
				taken[key] = true
				add(k)
			}
		}
		for _, unit := range alone.Units() {
			if unit.Kind == satdoku.Extra {
				take(fmt.Sprint(unit.Name, unit.Cells), units, func(u int) { c.units = append(c.units, u) })
			}
		}
		for _, x := range alone.Relations() {
			take(fmt.Sprint(x), rels, func(k int) { c.rels = append(c.rels, k) })
		}
		for _, x := range alone.Constraints() {
			take(fmt.Sprintf("%+v", x), cons, func(k int) { c.cons = append(c.cons, k) })
		}
		if len(c.units)+len(c.rels)+len(c.cons) == 0 {
			continue
		}
		kind, _ := clueKind(c.Kind)
		if kind == clue.Nonconsecutive || kind == clue.NegativeRatio || kind == clue.NegativeDifference || kind == clue.NegativeXV {
			c.Global = true
		} else {
			for _, i := range clueCells(cl) {
				if !slices.Contains(c.Cells, i) {
					c.Cells = append(c.Cells, i)
				}
			}
			if len(c.cons) == 1 {
				x := r.Constraints()[c.cons[0]]
				c.Detail = strings.TrimSpace(strings.TrimPrefix(x.Text(r), c.Kind))
			}
		}
		out[j] = c
	}
	return out
}

// clueCells are the cells of a clue as read, then those of its lines.
func clueCells(c clue.Clue) []int {
	cells := slices.Clone(c.Cells)
	for _, l := range c.Lines {
		cells = append(cells, l...)
	}
	return cells
}

// owners returns the extra units, relations and constraints the clues
// hold.
func owners(cl []*Clue) (n int, units, rels, cons map[int]bool) {
	units, rels, cons = map[int]bool{}, map[int]bool{}, map[int]bool{}
	for _, c := range cl {
		if c == nil {
			continue
		}
		n++
		for _, u := range c.units {
			units[u] = true
		}
		for _, k := range c.rels {
			rels[k] = true
		}
		for _, k := range c.cons {
			cons[k] = true
		}
	}
	return n, units, rels, cons
}

// runs groups relations ks into clues by connected cells, in the order
// of their first relation.
func runs(name string, rels []satdoku.Relation, ks []int) []Clue {
	parent := map[int]int{}
	var find func(int) int
	find = func(i int) int {
		p, ok := parent[i]
		if !ok || p == i {
			parent[i] = i
			return i
		}
		root := find(p)
		parent[i] = root
		return root
	}
	for _, k := range ks {
		a, b := find(rels[k].A), find(rels[k].B)
		if a != b {
			parent[b] = a
		}
	}
	var out []Clue
	at := map[int]int{}
	for _, k := range ks {
		root := find(rels[k].A)
		j, ok := at[root]
		if !ok {
			j = len(out)
			at[root] = j
			out = append(out, Clue{Kind: name, given: -1, Source: -1})
		}
		c := &out[j]
		c.rels = append(c.rels, k)
		for _, i := range []int{rels[k].A, rels[k].B} {
			if !slices.Contains(c.Cells, i) {
				c.Cells = append(c.Cells, i)
			}
		}
	}
	return out
}

// without returns puzzle g without the clues off[k] marks: its givens
// but those, on rules rebuilt from g's without their units, relations
// and constraints.
func without(g *satdoku.Grid, cl []Clue, off []bool) (*satdoku.Grid, error) {
	r := g.Rules()
	dropU, dropR, dropC := map[int]bool{}, map[int]bool{}, map[int]bool{}
	p := g.Clone()
	for k := range cl {
		if !off[k] {
			continue
		}
		c := &cl[k]
		if c.given >= 0 {
			p.SetCell(c.given, 0)
		}
		for _, u := range c.units {
			dropU[u] = true
		}
		for _, x := range c.rels {
			dropR[x] = true
		}
		for _, x := range c.cons {
			dropC[x] = true
		}
	}
	rs, err := rebuild(r, dropU, dropR, dropC, false)
	if err != nil {
		return nil, err
	}
	if err := p.SetRules(rs); err != nil {
		return nil, err
	}
	return p, nil
}

// rebuild returns r's board (rows, columns, regions, values and var
// cells) with r's extra units,
// relations and constraints but those dropped; with noExtras, with no
// extra units nor relations at all.
func rebuild(r *satdoku.Rules, dropU, dropR, dropC map[int]bool, noExtras bool) (*satdoku.Rules, error) {
	n := r.N()
	var base *satdoku.Rules
	var err error
	if h, w := r.BoxShape(); r.Raw() {
		base, err = satdoku.Raw(n)
		if rows, cols := r.Window(); err == nil && rows*cols != n*n {
			base, err = base.WithWindow(rows, cols)
		}
	} else if h > 0 {
		base, err = satdoku.Boxes(n, h, w)
	} else {
		var regions [][]int
		for _, u := range r.Units() {
			if u.Kind == satdoku.Box {
				regions = append(regions, u.Cells)
			}
		}
		base, err = satdoku.Regions(n, regions)
	}
	// The board's values and var cells, as r has them.
	if err == nil && r.ValueOffset() != 0 {
		base, err = base.WithValueOffset(r.ValueOffset())
	}
	if err == nil && r.Values() != n {
		base, err = base.WithValues(r.Values())
	}
	if err == nil && r.VarCells() > 0 {
		base, err = base.WithNamedVarCells(r.VarCellNames()...)
	}
	if err != nil {
		return nil, err
	}
	if !noExtras {
		var extra []satdoku.ExtraUnit
		for u, unit := range r.Units() {
			if unit.Kind == satdoku.Extra && !dropU[u] {
				extra = append(extra, satdoku.ExtraUnit{Name: unit.Name, Cells: unit.Cells})
			}
		}
		if base, err = base.WithExtra(extra...); err != nil {
			return nil, err
		}
		var rels []satdoku.Relation
		for k, x := range r.Relations() {
			if !dropR[k] {
				rels = append(rels, x)
			}
		}
		if base, err = base.WithRelations(rels...); err != nil {
			return nil, err
		}
	}
	var cons []satdoku.Constraint
	for k, c := range r.Constraints() {
		if !dropC[k] {
			cons = append(cons, c)
		}
	}
	if base, err = base.WithConstraints(cons...); err != nil {
		return nil, err
	}
	return base.WithTags(r.Tags()...), nil
}
