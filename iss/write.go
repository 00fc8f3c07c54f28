package iss

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/link"
)

// LinkPrefix starts a link to ISS's page; the puzzle string follows,
// form-encoded, as the page writes it.
const LinkPrefix = "https://sigh.github.io/Interactive-Sudoku-Solver/?q="

// target names ISS in the errors of the writer.
const target = "sigh's Interactive Sudoku Solver"

// maxWriteN is the largest board ISS takes, 16×16.
const maxWriteN = 16

// Write returns the ISS constraint string of puzzle g, whose clues (as
// its reader read them; nil for none) made its rules with its global
// rules (see link.Of): the board's shape and regions, the givens, the
// global rules and every clue as the ISS constraint that the reader
// reads as that clue (the table in the package documentation, read the
// other way). A rule that ISS cannot hold is an error wrapping
// link.ErrUnsupported that names it ("sigh's Interactive Sudoku Solver
// has no box indexer"); the string is read back before it is returned,
// and a difference in the rules or the givens is such an error too.
func Write(g *satdoku.Grid, clues []clue.Clue) (string, error) {
	w := &writer{s: link.Spec{}, n: g.N(), r: g.Rules()}
	w.s = link.Of(g, clues)
	if err := w.write(); err != nil {
		return "", err
	}
	s := w.sb.String()
	back, err := Read(s)
	if err != nil {
		return "", link.Unreadable(target, err)
	}
	if err := link.Check(target, g, back.Grid); err != nil {
		return "", err
	}
	return s, nil
}

// Link returns the link to ISS's page that opens puzzle g: LinkPrefix
// and its puzzle string (see Write), form-encoded.
func Link(g *satdoku.Grid, clues []clue.Clue) (string, error) {
	s, err := Write(g, clues)
	if err != nil {
		return "", err
	}
	return LinkPrefix + url.QueryEscape(s), nil
}

// writer writes the items of one puzzle string.
type writer struct {
	s  link.Spec
	n  int
	r  *satdoku.Rules
	sb strings.Builder
	// vars are the names of the var cells, from cell N² on (see
	// varGroups).
	vars   []string
	groups []writeGroup
	// done holds the names of the rules written from the rules' own
	// relations (minimum and maximum cells, clones): once each.
	done map[string]bool
}

// item writes one item: its type and its arguments.
func (w *writer) item(typ string, args ...string) {
	w.sb.WriteByte('.')
	w.sb.WriteString(typ)
	for _, a := range args {
		w.sb.WriteByte('~')
		w.sb.WriteString(a)
	}
}

// id writes cell i as ISS names it: "R1C1", rows and columns from 1 in
// base 17 ("RgCg" is the last of 16×16).
func (w *writer) id(i int) string {
	const chars = "123456789abcdefg"
	n := w.n
	switch {
	case i >= 0 && i < n*n:
		return "R" + chars[i/n:i/n+1] + "C" + chars[i%n:i%n+1]
	case i >= n*n && i-n*n < len(w.vars):
		return w.vars[i-n*n]
	}
	return "cell" + strconv.Itoa(i) // no cell: reading it back fails
}

func (w *writer) ids(cells []int) []string {
	out := make([]string, len(cells))
	for k, i := range cells {
		out[k] = w.id(i)
	}
	return out
}

// values writes values joined by '_'.
func values(vs []int) string {
	s := make([]string, len(vs))
	for k, v := range vs {
		s[k] = strconv.Itoa(v)
	}
	return strings.Join(s, "_")
}

func (w *writer) write() error {
	n, r := w.n, w.r
	switch {
	case n > maxWriteN:
		return link.Refusef(target, fmt.Sprintf("%d×%d board", n, n), "it takes boards up to %d×%d", maxWriteN, maxWriteN)
	}
	shape := ""
	switch off, v := r.ValueOffset(), r.Values(); {
	case off == -1:
		shape = fmt.Sprintf("0-%d", v-1)
	case off != 0:
		return link.Refuse(target, fmt.Sprintf("board of the values %d to %d", r.ValueOf(1), r.ValueOf(v)))
	case v != n:
		shape = strconv.Itoa(v)
	}
	switch {
	case r.Raw():
		// A Raw grid: no rows, columns or boxes (an empty range keeps
		// the default values), of the window's rows and columns.
		// ISS's default values, max(R, C), are N.
		rows, cols := r.Window()
		w.item("Shape", fmt.Sprintf("%dx%d", rows, cols), shape, "Raw")
	case n != 9 || shape != "":
		args := []string{fmt.Sprintf("%dx%d", n, n)}
		if shape != "" {
			args = append(args, shape)
		}
		w.item("Shape", args...)
	}
	if err := w.varGroups(); err != nil {
		return err
	}
	w.regions()
	var givens []string
	for i := range w.s.Grid.Len() {
		if d := w.s.Grid.Cell(i); d != 0 {
			givens = append(givens, w.id(i)+"_"+strconv.Itoa(r.ValueOf(d)))
		}
	}
	if len(givens) > 0 {
		w.item("", givens...)
	}
	for _, name := range w.s.Named {
		switch name {
		case "x":
			w.item("Diagonal", "1")
			w.item("Diagonal", "-1")
		case "diagonal+":
			w.item("Diagonal", "1")
		case "diagonal-":
			w.item("Diagonal", "-1")
		case "anti-knight":
			w.item("AntiKnight")
		case "anti-king":
			w.item("AntiKing")
		case "windoku":
			w.item("Windoku")
		case "disjoint":
			w.item("DisjointSets")
		case "nonconsecutive":
			w.item("AntiConsecutive")
		default:
			return link.Refuse(target, name+" rule")
		}
	}
	if err := w.globals(); err != nil {
		return err
	}
	for k := range w.s.Clues {
		if err := w.clue(&w.s.Clues[k], false); err != nil {
			return err
		}
	}
	return nil
}

// regions writes the board's regions: none for the default boxes or on
// a raw board, NoBoxes for none, and a jigsaw layout for any others.
func (w *writer) regions() {
	n, r := w.n, w.r
	if r.Raw() {
		return
	}
	h, bw := r.BoxShape()
	dh, dw := satdoku.BoxShape(n)
	reg := r.CellRegions()[:n*n]
	switch {
	case h != 0 && h == dh && bw == dw:
		return
	case slices.Max(reg) < 0:
		if dh != 0 {
			w.item("NoBoxes")
		}
		return
	}
	const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	layout := make([]byte, n*n)
	for i, x := range reg {
		layout[i] = chars[x]
	}
	w.item("NoBoxes")
	w.item("Jigsaw", string(layout))
}

// globals writes the clues of the whole board: nonconsecutive (ISS's
// AntiConsecutive, every pair of neighbours, when no Kropki dot exempts a
// pair), and the negative rules (StrictKropki, both of them; StrictXV);
// otherwise the relations they make, each a Pair of its table.
func (w *writer) globals() error {
	has := func(k clue.Kind) bool {
		return slices.ContainsFunc(w.s.Clues, func(c clue.Clue) bool { return c.Kind == k })
	}
	if has(clue.Nonconsecutive) {
		if has(clue.WhiteDot) || has(clue.BlackDot) {
			w.pairs(clue.Nonconsecutive.String())
		} else {
			w.item("AntiConsecutive")
		}
	}
	switch ratio, diff := has(clue.NegativeRatio), has(clue.NegativeDifference); {
	case ratio && diff:
		w.item("StrictKropki")
	case ratio:
		w.pairs(clue.NegativeRatio.String())
	case diff:
		w.pairs(clue.NegativeDifference.String())
	}
	if has(clue.NegativeXV) {
		w.item("StrictXV")
	}
	return nil
}

// lineTypes are the clue kinds whose lines are each one ISS item of a
// type and its cells.
var lineTypes = map[clue.Kind]string{clue.Thermometer: "Thermo", clue.Renban: "Renban",
	clue.Palindrome: "Palindrome", clue.Between: "Between", clue.RegionSumLine: "RegionSumLine",
	clue.ZipperLine: "Zipper", clue.DoubleArrow: "DoubleArrow", clue.EntropicLine: "Entropic"}

// clue writes one clue; inside, for a member of an Or, where the rules'
// relations cannot be read by name.
func (w *writer) clue(c *clue.Clue, inside bool) error {
	n := w.n
	if typ, ok := lineTypes[c.Kind]; ok {
		for _, l := range c.Lines {
			w.item(typ, w.ids(l)...)
		}
		return nil
	}
	lines := func(typ string, first ...string) {
		for _, l := range c.Lines {
			w.item(typ, append(slices.Clone(first), w.ids(l)...)...)
		}
	}
	or := func(v, def int) string {
		if v == 0 {
			v = def
		}
		return strconv.Itoa(v)
	}
	switch c.Kind {
	case clue.Nonconsecutive, clue.NegativeRatio, clue.NegativeDifference, clue.NegativeXV:
		if inside {
			return link.Refuse(target, c.Kind.String()+" rule inside an Or")
		}
		return nil // written by globals
	case clue.Whispers:
		lines("Whisper", or(c.Value, (n+1)/2))
	case clue.ModularLine:
		lines("Modular", "3")
	case clue.ParityLine:
		lines("Modular", "2")
	case clue.LockoutLine:
		lines("Lockout", or(c.Value, n/2))
	case clue.TenLine:
		lines("SumLine", or(c.Value, 10))
	case clue.SumLoop:
		for _, l := range c.Lines {
			w.item("SumLine", append(append([]string{or(c.Value, 10)}, w.ids(l)...), "LOOP")...)
		}
	case clue.KillerCage:
		w.item("Cage", append([]string{strconv.Itoa(c.Value)}, w.ids(c.Cells)...)...)
	case clue.ExtraRegion:
		w.item("AllDifferent", w.ids(c.Cells)...)
	case clue.RellikCage:
		w.item("RellikCage", append([]string{strconv.Itoa(c.Value)}, w.ids(c.Cells)...)...)
	case clue.WeightedSum:
		spec := strconv.Itoa(c.Value)
		if c.Coefs != nil {
			spec += "_=_" + values(c.Coefs)
		}
		w.item("Sum", append([]string{spec}, w.ids(c.Cells)...)...)
	case clue.Arrow:
		return w.arrow(c)
	case clue.WhiteDot, clue.BlackDot, clue.XV:
		return w.mark(c)
	case clue.PencilMarks:
		var args []string
		for _, i := range c.Cells {
			args = append(args, w.id(i)+"_"+values(c.Values))
		}
		w.item("", args...)
	case clue.Odd, clue.Even:
		var vs []int
		for d := 1; d <= w.r.Values(); d++ {
			if v := w.r.ValueOf(d); (v%2 != 0) == (c.Kind == clue.Odd) {
				vs = append(vs, v)
			}
		}
		var args []string
		for _, i := range c.Cells {
			args = append(args, w.id(i)+"_"+values(vs))
		}
		w.item("", args...)
	case clue.Quadruple:
		sq := slices.Sorted(slices.Values(c.Cells))
		if len(sq) == 4 && sq[1] == sq[0]+1 && sq[2] == sq[0]+n && sq[3] == sq[0]+n+1 && sq[0]%n != n-1 {
			args := []string{w.id(sq[0])}
			for _, v := range c.Values {
				args = append(args, strconv.Itoa(v))
			}
			w.item("Quad", args...)
		} else if len(c.Values) > 0 {
			w.item("ContainAtLeast", append([]string{values(c.Values)}, w.ids(c.Cells)...)...)
		}
	case clue.ContainsExactly:
		w.item("ContainExact", append([]string{values(c.Values)}, w.ids(c.Cells)...)...)
	case clue.RowIndexer:
		w.item("Indexing", append([]string{"R"}, w.ids(c.Cells)...)...)
	case clue.ColumnIndexer:
		w.item("Indexing", append([]string{"C"}, w.ids(c.Cells)...)...)
	case clue.CountingCircles:
		w.item("CountingCircles", w.ids(c.Cells)...)
	case clue.CountDistinct:
		w.item("CountDistinct", w.ids(c.Cells)...)
	case clue.EqualSums:
		var args []string
		for k, l := range c.Lines {
			if k > 0 {
				args = append(args, "-")
			}
			args = append(args, w.ids(l)...)
		}
		w.item("EqualSum", args...)
	case clue.SameValues:
		var args []string
		for _, l := range c.Lines {
			if len(l) != len(c.Lines[0]) {
				return link.Refuse(target, "same values of sets of different sizes")
			}
			args = append(args, w.ids(l)...)
		}
		w.item("SameValues", append([]string{strconv.Itoa(len(c.Lines))}, args...)...)
	case clue.ConnectedValues:
		group := w.groupOf(c.Cells, c.Value)
		if group == "-" {
			return link.Refuse(target, "connected values on cells other than the grid's or a group of var cells")
		}
		w.item("ConnectedValues", group, values(c.Values))
	case clue.LittleKiller:
		return w.littleKiller(c)
	case clue.Sandwich:
		// A sandwich reads the same from either end: ISS's is left of
		// its row or above its column.
		place, _, err := w.outside(c)
		if err != nil {
			return err
		}
		w.item("Sandwich", strconv.Itoa(c.Value), place)
	case clue.XSum, clue.Skyscraper, clue.NumberedRoom:
		place, fwd, err := w.outside(c)
		if err != nil {
			return err
		}
		typ := map[clue.Kind]string{clue.XSum: "XSum", clue.Skyscraper: "Skyscraper", clue.NumberedRoom: "NumberedRoom"}[c.Kind]
		if fwd {
			w.item(typ, place, strconv.Itoa(c.Value), "")
		} else {
			w.item(typ, place, "", strconv.Itoa(c.Value))
		}
	case clue.SameDifference:
		for _, l := range c.Lines {
			w.item("Or")
			for d := range n {
				w.item("Pair", append([]string{key(difference(n, d))}, w.ids(l)...)...)
			}
			w.item("End")
		}
	case clue.PairTable:
		typ := "Pair"
		if c.Value == 1 {
			typ = "PairX"
		}
		rel := make(relation, n)
		for a := range n {
			for b := range n {
				if a*n+b < len(c.Table) && c.Table[a*n+b] == '1' {
					rel[a] |= 1 << b
				}
			}
		}
		lines(typ, key(rel))
	case clue.AnyOf:
		w.item("Or")
		for _, m := range c.Members {
			if len(m) != 1 {
				w.item("And")
			}
			for k := range m {
				if err := w.clue(&m[k], true); err != nil {
					return err
				}
			}
			if len(m) != 1 {
				w.item("End")
			}
		}
		w.item("End")
	case clue.Automaton:
		return w.automaton(c)
	case clue.SlowThermometer, clue.Nabner:
		// No type of ISS's: a Pair (PairX) of the clue's relation on
		// each line, which the reader reads back as the clue.
		for _, r := range readings(n) {
			if r.kind != c.Kind || r.reversed || r.cells || !(r.line || r.all) {
				continue
			}
			typ := "Pair"
			if r.all && !r.line {
				typ = "PairX"
			}
			lines(typ, key(r.rel))
			return nil
		}
		return link.Refuse(target, c.Kind.String())
	case clue.Minimum, clue.Maximum, clue.Clone:
		if inside {
			return link.Refuse(target, c.Kind.String()+" inside an Or")
		}
		// No type of ISS's: the relations they make, each a Pair of its
		// table, read back as the clue that is that relation.
		w.pairs(c.Kind.String())
	default:
		return link.Refuse(target, c.Kind.String())
	}
	return nil
}

// pairs writes the relations of the rules named name as Pairs of their
// tables, once.
func (w *writer) pairs(name string) {
	if w.done[name] {
		return
	}
	if w.done == nil {
		w.done = map[string]bool{}
	}
	w.done[name] = true
	for _, x := range w.r.Relations() {
		if x.Name == name {
			w.item("Pair", key(w.table(x)), w.id(x.A), w.id(x.B))
		}
	}
}

// table returns the relation x as a table of digit pairs, by
// satdoku.Relation.Holds.
func (w *writer) table(x satdoku.Relation) relation {
	rel := make(relation, w.n)
	for a := 1; a <= w.n; a++ {
		for b := 1; b <= w.n; b++ {
			if x.Holds(a, b) {
				rel[a-1] |= 1 << (b - 1)
			}
		}
	}
	return rel
}

// key writes a relation's table as ISS's key (see decodeKey): bit
// (a−1)·N + (b−1) for the pair (a, b), six bits a character, the lowest
// first, trailing zero characters left out.
func key(rel relation) string {
	n := len(rel)
	out := make([]byte, (n*n+5)/6)
	for k := range out {
		v := 0
		for bit := range 6 {
			if x := 6*k + bit; x < n*n && rel[x/n]>>(x%n)&1 == 1 {
				v |= 1 << bit
			}
		}
		out[k] = base64URL[v]
	}
	return strings.TrimRight(string(out), "A")
}

// arrow writes an arrow: each line's cells outside the circle an Arrow
// from a circle of one cell, or a PillArrow from a pill of two or three.
func (w *writer) arrow(c *clue.Clue) error {
	pill := slices.Sorted(slices.Values(c.Cells))
	for _, l := range c.Lines {
		// The shaft is the line's cells outside the circle (f-puzzles'
		// lines start in it); ISS's adds up all it is given.
		l = slices.DeleteFunc(slices.Clone(l), func(i int) bool { return slices.Contains(pill, i) })
		if len(l) == 0 {
			continue
		}
		switch len(pill) {
		case 1:
			w.item("Arrow", append(w.ids(pill), w.ids(l)...)...)
		case 2, 3:
			w.item("PillArrow", append(append([]string{strconv.Itoa(len(pill))}, w.ids(pill)...), w.ids(l)...)...)
		default:
			return link.Refusef(target, fmt.Sprintf("arrow whose circle has %d cells", len(pill)), "its pills have 2 or 3")
		}
	}
	return nil
}

// mark writes a Kropki dot or an XV mark: ISS's WhiteDot (consecutive),
// BlackDot (double), X or V between neighbours, or a Pair of the
// relation's table otherwise.
func (w *writer) mark(c *clue.Clue) error {
	n := w.n
	if len(c.Cells) != 2 {
		return link.Refuse(target, fmt.Sprintf("%v of %d cells", c.Kind, len(c.Cells)))
	}
	a, b := min(c.Cells[0], c.Cells[1]), max(c.Cells[0], c.Cells[1])
	side := b == a+n || b == a+1 && b%n != 0
	typ := ""
	switch {
	case c.Kind == clue.WhiteDot && (c.Value == 0 || c.Value == 1):
		typ = "WhiteDot"
	case c.Kind == clue.BlackDot && (c.Value == 0 || c.Value == 2):
		typ = "BlackDot"
	case c.Kind == clue.XV && c.Value == 10:
		typ = "X"
	case c.Kind == clue.XV && c.Value == 5:
		typ = "V"
	}
	if typ != "" && side {
		w.item(typ, w.id(a), w.id(b))
		return nil
	}
	// The relation of the mark, as package clue makes it.
	base, err := satdoku.Regions(n, nil)
	if err == nil && w.r.VarCells() > 0 {
		base, err = base.WithVarCells(w.r.VarCells())
	}
	if err != nil {
		return err
	}
	rs, _, err := clue.Apply(base, *c)
	if err != nil || len(rs.Relations()) != 1 || len(rs.Constraints()) > 0 {
		return link.Refuse(target, fmt.Sprintf("%v of value %d", c.Kind, c.Value))
	}
	x := rs.Relations()[0]
	w.item("Pair", key(w.table(x)), w.id(x.A), w.id(x.B))
	return nil
}

// littleKiller writes a little killer from the cell its diagonal starts
// at, whose edge gives ISS its direction, or from the other end of the
// diagonal (the same cells, the same sum); a diagonal that ISS reads the
// other way from both ends is refused.
func (w *writer) littleKiller(c *clue.Clue) error {
	n := w.n
	if !c.Direction.Valid() {
		return link.Refuse(target, "little killer without a direction")
	}
	dr, dc := -1, -1
	switch c.Direction {
	case clue.UpRight:
		dc = 1
	case clue.DownLeft:
		dr = 1
	case clue.DownRight:
		dr, dc = 1, 1
	}
	r, col := c.Row+dr, c.Col+dc
	on := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n }
	if on(r, col) && c.Value >= 1 {
		end := [2]int{r, col}
		for on(end[0]+dr, end[1]+dc) {
			end = [2]int{end[0] + dr, end[1] + dc}
		}
		for _, from := range []struct{ r, c, dr, dc int }{{r, col, dr, dc}, {end[0], end[1], -dr, -dc}} {
			if issDirection(n, from.r, from.c) == [2]int{from.dr, from.dc} {
				w.item("LittleKiller", strconv.Itoa(c.Value), w.id(from.r*n+from.c))
				return nil
			}
		}
		// Else (from a corner): the sum of its cells, digits repeating
		// or not.
		args := []string{strconv.Itoa(c.Value)}
		for i, j := r, col; on(i, j); i, j = i+dr, j+dc {
			args = append(args, w.id(i*n+j))
		}
		w.item("Sum", args...)
		return nil
	}
	return link.Refusef(target, fmt.Sprintf("little killer going %v from r%dc%d", c.Direction, r+1, col+1),
		"its little killers go down-right from the left edge, down-left from the top, up-left from the right and up-right from the bottom, with a sum of 1 or more")
}

// issDirection returns the way, in rows and columns, that ISS's little
// killer from cell (r, c) of the edge goes (see Builder.littleKiller); 0,
// 0 for a cell it starts none from.
func issDirection(n, r, c int) [2]int {
	switch {
	case c == 0 && r <= n-2:
		return [2]int{1, 1}
	case r == 0 && c >= 1:
		return [2]int{1, -1}
	case c == n-1 && r >= 1 && r <= n-2:
		return [2]int{-1, -1}
	case r == n-1 && c >= 1 && c <= n-2:
		return [2]int{-1, 1}
	}
	return [2]int{}
}

// outside writes the row or column of a clue outside the board, "R3" or
// "C5", and whether the clue reads it forward (from its start).
func (w *writer) outside(c *clue.Clue) (string, bool, error) {
	n := w.n
	switch {
	case c.Col == -1 && c.Row >= 0 && c.Row < n:
		return "R" + strconv.Itoa(c.Row+1), true, nil
	case c.Col == n && c.Row >= 0 && c.Row < n:
		return "R" + strconv.Itoa(c.Row+1), false, nil
	case c.Row == -1 && c.Col >= 0 && c.Col < n:
		return "C" + strconv.Itoa(c.Col+1), true, nil
	case c.Row == n && c.Col >= 0 && c.Col < n:
		return "C" + strconv.Itoa(c.Col+1), false, nil
	}
	return "", false, link.Refuse(target, fmt.Sprintf("%v clue at row %d, column %d", c.Kind, c.Row+1, c.Col+1))
}
