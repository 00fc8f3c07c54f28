package clue

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku"
)

// Apply returns r with the rules of the clues added: extra units,
// relations and constraints, named after their kind (see Kind.String),
// and a tag for each kind of clue that says something, in the order of
// the clues. Clues that join (the dots and the negative rules, the
// nonconsecutive rule, the minimum and maximum cells) are applied once all
// are known, after the others: the relations between neighbours come
// last, minimum and maximum cells first, then nonconsecutive, then each
// negative rule in its order.
//
// A clue that is malformed (a cell off the board, a dot with three cells)
// is an *Error (wrapping ErrInvalid or ErrUnsupported) naming the clue and
// the field at fault; rules that r cannot take are an error wrapping
// satdoku.ErrRules. A well-formed clue that no digits can satisfy (a killer
// cage of 2 cells adding up to 18, a thermometer longer than the board) is
// no error: the puzzle has no solution, and the rules say so with a
// satdoku.Never constraint on the clue's cells, named after its kind, whose
// Reason says why ("18 is impossible in 2 cells (want 3 to 17)"). Warnings
// list the clues that say nothing.
func Apply(r *satdoku.Rules, clues ...Clue) (*satdoku.Rules, []Warning, error) {
	b := &builder{n: r.N(), v: r.Values(), off: r.ValueOffset(), cellCount: r.Cells(), marks: map[Kind]map[[2]int][]int{}, region: r.CellRegions(), boxes: boxes(r), base: r}
	for x := range clues {
		b.clue, b.kind = x, clues[x].Kind
		if err := b.add(&clues[x]); err != nil {
			return nil, nil, err
		}
	}
	b.compareExtremes()
	if b.nonconsecutive {
		b.forbid(Nonconsecutive, []satdoku.Relation{{Kind: satdoku.NotConsecutive}}, kropki)
	}
	for _, k := range b.negatives {
		b.negative(k)
	}
	rs, err := r.WithExtra(b.extras...)
	if err == nil {
		rs, err = rs.WithRelations(b.rels...)
	}
	if err == nil {
		rs, err = rs.WithConstraints(b.cons...)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("clue: %w", err)
	}
	return rs.WithTags(b.tags...), b.warnings, nil
}

// builder gathers the rules of the clues.
type builder struct {
	n   int
	v   int // the number of digits, r.Values(): N unless the rules say otherwise
	off int // the rules' value offset: digit d is the value d + off
	// cellCount is the number of cells: the grid's n², and any var cells
	// (see satdoku.Rules.WithVarCells), which clues may name.
	cellCount int
	clue      int            // the clue being read, for errors
	kind      Kind           // its kind
	base      *satdoku.Rules // the rules the clues are added to

	// region is the region (box or jigsaw piece) of each cell, −1 for
	// none.
	region []int
	// boxes are the cells of each region, in reading order.
	boxes [][]int

	extras   []satdoku.ExtraUnit
	rels     []satdoku.Relation
	cons     []satdoku.Constraint
	tags     []string
	warnings []Warning

	// marks holds the pairs of cells joined by dots and XV marks, by kind,
	// with their values, for the negative rules.
	marks map[Kind]map[[2]int][]int
	// extremes holds the minimum and the maximum cells.
	minimum, maximum []int
	nonconsecutive   bool
	negatives        []Kind
}

// The marks that exempt a pair from a negative rule: a Kropki dot of
// either colour from nonconsecutive and from the negative rules of both
// colours (f-puzzles, and SudokuSolver's DifferenceConstraint and
// RatioConstraint, whose dots override each other's negative rule); an XV
// mark from the negative rule of XV.
var (
	kropki = []Kind{WhiteDot, BlackDot}
	xvs    = []Kind{XV}
)

// fail returns the error of the current clue at field, line and item
// (−1 for none).
func (b *builder) fail(field string, line, item int, format string, args ...any) error {
	return &Error{Clue: b.clue, Kind: b.kind, Field: field, Line: line, Item: item, Msg: fmt.Sprintf(format, args...), Err: ErrInvalid}
}

func (b *builder) unsupported(field string, format string, args ...any) error {
	return &Error{Clue: b.clue, Kind: b.kind, Field: field, Line: -1, Item: -1, Msg: fmt.Sprintf(format, args...), Err: ErrUnsupported}
}

// never records that the current clue cannot hold: a satdoku.Never
// constraint on its cells (each once), with the reason.
func (b *builder) never(cells []int, format string, args ...any) {
	var cs []int
	for _, i := range cells {
		if !slices.Contains(cs, i) {
			cs = append(cs, i)
		}
	}
	b.con(satdoku.Constraint{Kind: satdoku.Never, Cells: cs, Reason: fmt.Sprintf(format, args...)})
	b.tag()
}

// tag tags the rules with the current clue's kind.
func (b *builder) tag() {
	if t := b.kind.tag(); !slices.Contains(b.tags, t) {
		b.tags = append(b.tags, t)
	}
}

func (b *builder) rel(a, c int, k satdoku.RelationKind, v int) {
	b.rels = append(b.rels, satdoku.Relation{A: a, B: c, Kind: k, Value: v, Name: b.kind.String()})
}

func (b *builder) con(c satdoku.Constraint) {
	c.Name = b.kind.String()
	b.cons = append(b.cons, c)
}

// rc names a place as f-puzzles and SudokuPad do: "R1C1", from 1.
func rc(row, col int) string { return fmt.Sprintf("R%dC%d", row+1, col+1) }

// valueRange names the values of the board's cells for a message: "1 to
// 9", "0 to 8" on a board of the values from 0 (satdoku.Rules.ValueOf).
func (b *builder) valueRange() string {
	return fmt.Sprintf("%d to %d", b.base.ValueOf(1), b.base.ValueOf(b.v))
}

// cellName names cell i in a message: a grid cell as rc does, a var cell
// (past the grid) by its rules' name (satdoku.Rules.CellName: "VS2").
func (b *builder) cellName(i int) string {
	if i >= b.n*b.n {
		return b.base.CellName(i)
	}
	return rc(i/b.n, i%b.n)
}

// cells checks a list of cells of field (line ≥ 0: that line): on the
// board and, with distinct, each once.
func (b *builder) cells(cs []int, field string, line int, distinct bool) error {
	n := b.n
	for k, i := range cs {
		if i < 0 || i >= b.cellCount {
			return b.fail(field, line, k, "cell %d is off the %d×%d board", i, n, n)
		}
		if distinct && slices.Contains(cs[:k], i) {
			return b.fail(field, line, k, "%s is listed twice", b.cellName(i))
		}
	}
	return nil
}

// lines checks the lines of c (see cells).
func (b *builder) lines(c *Clue, distinct bool) error {
	for k, l := range c.Lines {
		if err := b.cells(l, "lines", k, distinct); err != nil {
			return err
		}
	}
	return nil
}

// digits returns the Values of c as digits 1..N (see valueDigits), or
// fails for a value outside the board's.
func (b *builder) digits(c *Clue) ([]int, error) {
	ds, k := b.valueDigits(c.Values)
	if k >= 0 {
		return nil, b.fail("values", -1, k, "digit %d is not in %d..%d", c.Values[k], 1+b.off, b.v+b.off)
	}
	return ds, nil
}

// valueDigits converts values to digits (digit d is the value d + off),
// and returns the index of the first value outside 1..N as digits, −1 for
// none. It and total are the one place where a clue's values become
// digits.
func (b *builder) valueDigits(vs []int) ([]int, int) {
	ds := make([]int, len(vs))
	bad := -1
	for k, v := range vs {
		ds[k] = v - b.off
		if bad < 0 && (ds[k] < 1 || ds[k] > b.v) {
			bad = k
		}
	}
	return ds, bad
}

// offsetRefused are the kinds whose meaning Apply does not carry over to
// values other than the digits 1..N (see OffsetKinds).
var offsetRefused = []Kind{Sandwich, NumberedRoom, RowIndexer, ColumnIndexer, BoxIndexer,
	NegativeRatio, EntropicLine, TenLine}

// OffsetKinds reports whether Apply reads clues of kind k under rules
// with a value offset (see satdoku.Rules.WithValueOffset): every kind but
// those whose meaning names particular values that a shift of the values
// does not carry over — sandwiches (between the 1 and the N),
// numbered rooms and indexers (a value as a count or a position),
// the negative rule of black dots (ratios), entropic lines (thirds of
// 1..9), 10-lines (segments of any length).
func OffsetKinds(k Kind) bool { return !slices.Contains(offsetRefused, k) }

// add reads one clue.
func (b *builder) add(c *Clue) error {
	if !c.Kind.Valid() {
		return b.fail("", -1, -1, "unknown kind %v", c.Kind)
	}
	if b.off != 0 && !OffsetKinds(c.Kind) {
		return b.unsupported("", "%v on a board of values %d to %d (satdoku reads it with the values 1 to N only)", c.Kind, 1+b.off, b.v+b.off)
	}
	// Check the cells and the lines first: distinct where the kind needs it.
	switch c.Kind {
	case KillerCage, ExtraRegion, Arrow, WhiteDot, BlackDot, XV, Quadruple, RowIndexer, ColumnIndexer, BoxIndexer,
		ContainsExactly, CountingCircles, MultisumKillerCage, RellikCage:
		if err := b.cells(c.Cells, "cells", -1, true); err != nil {
			return err
		}
	default:
		if err := b.cells(c.Cells, "cells", -1, false); err != nil {
			return err
		}
	}
	switch c.Kind {
	case Thermometer, Renban, Between, Clone, Nabner, SlowThermometer, TenLine, LockoutLine, SameValues, SumLoop:
		if err := b.lines(c, true); err != nil {
			return err
		}
	default:
		if err := b.lines(c, false); err != nil {
			return err
		}
	}
	switch c.Kind {
	case KillerCage:
		return b.killerCage(c)
	case ExtraRegion:
		if len(c.Cells) > b.v {
			b.never(c.Cells, "%d cells cannot hold distinct digits %s", len(c.Cells), b.valueRange())
			return nil
		}
		if len(c.Cells) >= 2 {
			b.extras = append(b.extras, satdoku.ExtraUnit{Name: c.Kind.String(), Cells: c.Cells})
			b.tag()
		}
	case LittleKiller:
		return b.littleKiller(c)
	case Sandwich:
		return b.sandwich(c)
	case XSum, Skyscraper, NumberedRoom:
		return b.seen(c)
	case RowIndexer, ColumnIndexer, BoxIndexer:
		return b.indexer(c)
	case Thermometer:
		for _, l := range c.Lines {
			if len(l) > b.v {
				b.never(l, "%d cells cannot rise with digits %s", len(l), b.valueRange())
				continue
			}
			for j := 1; j < len(l); j++ {
				b.rel(l[j-1], l[j], satdoku.Less, 0)
			}
			if len(l) >= 2 {
				b.tag()
			}
		}
	case Arrow:
		return b.arrow(c)
	case Palindrome:
		for _, l := range c.Lines {
			for j := 0; j < len(l)/2; j++ {
				if x, y := l[j], l[len(l)-1-j]; x != y {
					b.rel(x, y, satdoku.Equal, 0)
					b.tag()
				}
			}
		}
	case Renban:
		for _, l := range c.Lines {
			if len(l) > b.v {
				b.never(l, "%d cells cannot hold distinct digits %s", len(l), b.valueRange())
				continue
			}
			if len(l) >= 2 {
				b.con(satdoku.Constraint{Kind: satdoku.Run, Cells: l})
				b.tag()
			}
		}
	case Whispers:
		return b.whispers(c)
	case Between:
		for _, l := range c.Lines {
			if len(l) >= 3 {
				b.con(satdoku.Constraint{Kind: satdoku.Within, Cells: l})
				b.tag()
			}
		}
	case Clone:
		return b.clone(c)
	case Quadruple:
		ds, _ := b.valueDigits(c.Values)
		for k, d := range ds {
			if d < 1 {
				return b.fail("values", -1, k, "digit %d is not in %d..%d", c.Values[k], 1+b.off, b.v+b.off)
			}
		}
		if len(c.Values) == 0 {
			return nil
		}
		if len(c.Cells) == 0 {
			return b.fail("cells", -1, -1, "no cells")
		}
		if len(c.Values) > len(c.Cells) {
			b.never(c.Cells, "%d digits cannot fit in %d cells", len(c.Values), len(c.Cells))
			return nil
		}
		if d := slices.Max(ds); d > b.v {
			b.never(c.Cells, "digit %d is not in %d..%d", d+b.off, 1+b.off, b.v+b.off)
			return nil
		}
		b.con(satdoku.Constraint{Kind: satdoku.Contains, Cells: c.Cells, Digits: ds})
		b.tag()
	case WhiteDot, BlackDot:
		return b.dot(c)
	case XV:
		return b.xv(c)
	case Odd, Even:
		if len(c.Cells) > 0 {
			b.con(satdoku.Constraint{Kind: satdoku.OneOf, Cells: c.Cells, Mask: parityMask(b.v, b.off, c.Kind == Odd)})
			b.tag()
		}
	case Minimum, Maximum:
		set := &b.minimum
		if c.Kind == Maximum {
			set = &b.maximum
		}
		for _, i := range c.Cells {
			if !slices.Contains(*set, i) {
				*set = append(*set, i)
			}
		}
		if len(c.Cells) > 0 {
			b.tag()
		}
	case PencilMarks:
		ds, err := b.digits(c)
		if err != nil {
			return err
		}
		if len(c.Values) == 0 {
			return b.fail("values", -1, -1, "no digits")
		}
		var mask uint64
		for _, d := range ds {
			mask |= 1 << (d - 1)
		}
		if len(c.Cells) > 0 {
			b.con(satdoku.Constraint{Kind: satdoku.OneOf, Cells: c.Cells, Mask: mask})
			b.tag()
		}
	case Nonconsecutive:
		b.nonconsecutive = true
		b.tag()
	case NegativeRatio, NegativeDifference, NegativeXV:
		b.negatives = append(b.negatives, c.Kind)
		b.tag()
	case RegionSumLine, ZipperLine, DoubleArrow:
		return b.equalSums(c)
	case ConnectedValues:
		cols := c.Value
		if cols == 0 {
			cols = b.n
		}
		ds, err := b.digits(c)
		if err != nil {
			return err
		}
		var mask uint64
		for _, d := range ds {
			mask |= 1 << (d - 1)
		}
		if len(c.Cells) == 0 || mask == 0 || cols < 1 {
			return b.fail("", -1, -1, "connected values need cells, values and rows of 1 cell or more")
		}
		b.con(satdoku.Constraint{Kind: satdoku.Connected, Cells: c.Cells, Value: cols, Mask: mask})
		b.tag()
	case Automaton:
		return b.automaton(c)
	case PairTable:
		return b.pairTable(c)
	case AnyOf:
		return b.anyOf(c)
	case Reach:
		return b.reach(c)
	case LockoutLine:
		v := b.n / 2
		if c.Value != 0 {
			v = c.Value
		}
		if v < 1 {
			return b.fail("value", -1, -1, "difference %d is not a positive number", v)
		}
		for k, l := range c.Lines {
			if len(l) < 2 {
				continue
			}
			if l[0] == l[len(l)-1] {
				return b.fail("lines", k, len(l)-1, "the two ends are one cell")
			}
			if v >= b.v {
				b.never([]int{l[0], l[len(l)-1]}, "no two digits %s differ by %d or more", b.valueRange(), v)
				continue
			}
			b.rel(l[0], l[len(l)-1], satdoku.Apart, v)
			if len(l) >= 3 {
				b.con(satdoku.Constraint{Kind: satdoku.Outside, Cells: l})
			}
			b.tag()
		}
	case TenLine:
		v, err := b.segmentSum(c)
		if err != nil {
			return err
		}
		for _, l := range c.Lines {
			if len(l) > 0 {
				b.con(satdoku.Constraint{Kind: satdoku.Segments, Cells: l, Value: v})
				b.tag()
			}
		}
	case SameDifference:
		for _, l := range c.Lines {
			if len(l) >= 3 {
				b.con(satdoku.Constraint{Kind: satdoku.SameGap, Cells: l})
				b.tag()
			}
		}
	case SlowThermometer:
		for _, l := range c.Lines {
			for j := 1; j < len(l); j++ {
				b.rel(l[j-1], l[j], satdoku.NotGreater, 0)
				b.tag()
			}
		}
	case EntropicLine, ModularLine, ParityLine:
		return b.apartLine(c)
	case WeightedSum, EqualSums, ContainsExactly, SameValues, CountingCircles, CountDistinct, SumLoop, MultisumKillerCage, RellikCage:
		return b.counted(c)
	case Nabner:
		for _, l := range c.Lines {
			for j, x := range l {
				for _, y := range l[j+1:] {
					b.rel(x, y, satdoku.Different, 0)
					b.rel(x, y, satdoku.NotConsecutive, 0)
					b.tag()
				}
			}
		}
	}
	return nil
}

// apartLine keeps apart, on each line of c, the classes of digits of the
// cells one and two steps away (entropic and modular lines: the three
// cells of every window differ, which with three classes also makes cells
// three steps away alike), up to M−1 steps away (modular lines of modulus
// M), or one step away (parity lines).
func (b *builder) apartLine(c *Clue) error {
	kind, v, reach := satdoku.OtherThird, b.v, 2
	switch c.Kind {
	case ModularLine:
		// Cells closer than the modulus M differ mod M: every M cells in a
		// row hold M remainders, so with M classes or more among the digits
		// every cell also has the remainder of the cell M steps on (ISS's
		// Modular: the first M cells differ, those M apart are alike); with
		// fewer, no M cells in a row can (nor in ISS's).
		kind, v = satdoku.OtherResidue, 3
		if c.Value != 0 {
			v = c.Value
		}
		if v < 2 {
			return b.fail("value", -1, -1, "modulus %d (want 2 or more)", v)
		}
		reach = v - 1
	case ParityLine:
		kind, v, reach = satdoku.OtherResidue, 2, 1
	}
	for k, l := range c.Lines {
		for j := range l {
			for s := 1; s <= reach && j+s < len(l); s++ {
				if l[j] == l[j+s] {
					return b.fail("lines", k, j+s, "%s is listed twice within %d cells", b.cellName(l[j]), s)
				}
				b.rel(l[j], l[j+s], kind, v)
				b.tag()
			}
		}
	}
	return nil
}

// groups returns the groups of cells of line l whose sums a region sum
// line, a zipper line or a double arrow (kind k) makes equal, as
// SudokuSolver's EqualSumsConstraint subclasses cut them: the segments of
// a region sum line in each region it passes through (cells in no region
// skipped); a zipper line's pairs of cells equally far from its ends, and
// its middle cell alone; a double arrow's two ends, and the cells between.
func (b *builder) groups(k Kind, l []int) [][]int {
	var gs [][]int
	switch k {
	case RegionSumLine:
		last := -1
		for _, i := range l {
			reg := b.region[i]
			if reg < 0 {
				continue
			}
			if reg != last || len(gs) == 0 {
				gs = append(gs, nil)
			}
			gs[len(gs)-1] = append(gs[len(gs)-1], i)
			last = reg
		}
	case ZipperLine:
		for j := 0; j < (len(l)+1)/2; j++ {
			g := []int{l[j]}
			if k := len(l) - 1 - j; k != j {
				g = append(g, l[k])
			}
			gs = append(gs, g)
		}
	case DoubleArrow:
		if len(l) >= 3 {
			gs = [][]int{{l[0], l[len(l)-1]}, l[1 : len(l)-1]}
		}
	}
	return gs
}

// equalSums makes the groups of each line of c (see groups) add up to the
// same sum: a Total of 0 for each two groups in a row, one at +1 and the
// next at −1.
func (b *builder) equalSums(c *Clue) error {
	for _, l := range c.Lines {
		gs := b.groups(c.Kind, l)
		for j := 1; j < len(gs); j++ {
			var cells, coefs []int
			for _, i := range gs[j-1] {
				cells, coefs = append(cells, i), append(coefs, 1)
			}
			for _, i := range gs[j] {
				cells, coefs = append(cells, i), append(coefs, -1)
			}
			b.total(cells, coefs, 0)
			b.tag()
		}
	}
	return nil
}

// parityMask returns the digits 1..n whose values (d + off) are odd (or
// even).
func parityMask(n, off int, odd bool) uint64 {
	var mask uint64
	for d := 1; d <= n; d++ {
		if (d+off)%2 != 0 == odd {
			mask |= 1 << (d - 1)
		}
	}
	return mask
}

func (b *builder) killerCage(c *Clue) error {
	n, k := b.v, len(c.Cells)
	if k == 0 {
		return b.fail("", -1, -1, "a cage without cells")
	}
	if k > n {
		b.never(c.Cells, "%d cells cannot hold distinct digits %s", k, b.valueRange())
		return nil
	}
	if k >= 2 {
		b.extras = append(b.extras, satdoku.ExtraUnit{Name: c.Kind.String(), Cells: c.Cells})
	}
	if c.Value != 0 { // 0 is no sum, as in f-puzzles and SudokuSolver
		// The sum of k values is the digits' and k offsets.
		v, lo, hi := c.Value-k*b.off, k*(k+1)/2, k*(2*n-k+1)/2
		if v < lo || v > hi {
			b.never(c.Cells, "%d is impossible in %d cells (want %d to %d)", c.Value, k, lo+k*b.off, hi+k*b.off)
			return nil
		}
		b.con(satdoku.Constraint{Kind: satdoku.Total, Cells: c.Cells, Value: v})
	}
	b.tag()
	return nil
}

// total adds a Total constraint (cells with coefficients coefs, nil for
// all 1) after checking that some digits 1..N, repeated or not, can make
// it (a Never constraint when none can). It merges a cell listed twice
// and leaves out a cell whose coefficients add up to 0. The total is of
// the cells' values: under a value offset, the digits' total is value
// less the offset times the coefficients' sum.
func (b *builder) total(cells, coefs []int, value int) {
	var cs, ks []int
	given := value
	for k, i := range cells {
		c := 1
		if coefs != nil {
			c = coefs[k]
		}
		value -= c * b.off
		if j := slices.Index(cs, i); j >= 0 {
			ks[j] += c
			continue
		}
		cs, ks = append(cs, i), append(ks, c)
	}
	// A cell whose coefficients cancel out says nothing.
	for j := len(ks) - 1; j >= 0; j-- {
		if ks[j] == 0 {
			cs, ks = slices.Delete(cs, j, j+1), slices.Delete(ks, j, j+1)
		}
	}
	if len(cs) == 0 && value == 0 {
		return
	}
	lo, hi := 0, 0
	for _, c := range ks {
		lo += min(c, c*b.v)
		hi += max(c, c*b.v)
	}
	if value < lo || value > hi {
		if len(cs) == 0 {
			cs = cells // every coefficient cancelled out
		}
		shift := given - value
		b.never(cs, "%s %d is impossible (want %d to %d)", totalWord(coefs), given, lo+shift, hi+shift)
		return
	}
	if coefs == nil && len(ks) == len(cells) {
		ks = nil
	}
	b.con(satdoku.Constraint{Kind: satdoku.Total, Cells: cs, Coefs: ks, Value: value})
}

// totalWord is "sum" for coefficients all 1 (nil), "total" for the
// others (an arrow's).
func totalWord(coefs []int) string {
	if coefs == nil {
		return "sum"
	}
	return "total"
}

// outside checks the place of a clue outside the board: within one row or
// column of it.
func (b *builder) outside(c *Clue) error {
	n := b.n
	if c.Row < -1 || c.Row > n || c.Col < -1 || c.Col > n {
		return b.fail("place", -1, -1, "%q is off the %d×%d board", rc(c.Row, c.Col), n, n)
	}
	return nil
}

func (b *builder) littleKiller(c *Clue) error {
	if err := b.outside(c); err != nil {
		return err
	}
	if !c.Direction.Valid() {
		return b.fail("direction", -1, -1, "unknown direction %v (want UL, UR, DL or DR)", c.Direction)
	}
	n := b.n
	if c.Row >= 0 && c.Row < n && c.Col >= 0 && c.Col < n {
		return b.fail("place", -1, -1, "%q is on the board: a little killer clue is outside it", rc(c.Row, c.Col))
	}
	d := directions[c.Direction]
	var cells []int
	for r, k := c.Row+d.dr, c.Col+d.dc; r >= 0 && r < n && k >= 0 && k < n; r, k = r+d.dr, k+d.dc {
		cells = append(cells, r*n+k)
	}
	if len(cells) == 0 {
		return b.fail("direction", -1, -1, "the diagonal from %q going %v misses the board", rc(c.Row, c.Col), c.Direction)
	}
	if c.Value == 0 {
		return nil // no sum, as in f-puzzles
	}
	b.total(cells, nil, c.Value)
	b.tag()
	return nil
}

// beside returns the row or the column beside the place of clue c outside
// the board, from the top or the left.
func (b *builder) beside(c *Clue) ([]int, error) {
	if err := b.outside(c); err != nil {
		return nil, err
	}
	n := b.n
	var cells []int
	switch {
	case (c.Row == -1 || c.Row == n) && c.Col >= 0 && c.Col < n:
		for k := range n {
			cells = append(cells, k*n+c.Col)
		}
	case (c.Col == -1 || c.Col == n) && c.Row >= 0 && c.Row < n:
		for k := range n {
			cells = append(cells, c.Row*n+k)
		}
	default:
		return nil, b.fail("place", -1, -1, "%q is not beside a row or a column", rc(c.Row, c.Col))
	}
	return cells, nil
}

// indexer reads the cells of a row, column or box indexer: each an Index
// over its column, row or box, with itself first.
func (b *builder) indexer(c *Clue) error {
	n := b.n
	for k, x := range c.Cells {
		var group []int
		var place func(i int) int // the place of cell i in group, from 1
		switch c.Kind {
		case RowIndexer:
			for r := range n {
				group = append(group, r*n+x%n)
			}
			place = func(i int) int { return i/n + 1 }
		case ColumnIndexer:
			for col := range n {
				group = append(group, x/n*n+col)
			}
			place = func(i int) int { return i%n + 1 }
		default:
			if b.region[x] < 0 {
				return b.fail("cells", -1, k, "%s is in no box", b.cellName(x))
			}
			group = b.boxes[b.region[x]]
			place = func(i int) int { return slices.Index(group, i) + 1 }
		}
		cells, coefs := []int{x}, []int{place(x)}
		for _, i := range group {
			if i != x {
				cells, coefs = append(cells, i), append(coefs, place(i))
			}
		}
		b.con(satdoku.Constraint{Kind: satdoku.Index, Cells: cells, Coefs: coefs, Value: place(x)})
		b.tag()
	}
	return nil
}

// boxes returns the cells of each region of r (a box or a jigsaw piece),
// by region index, in reading order.
func boxes(r *satdoku.Rules) [][]int {
	var bs [][]int
	for _, u := range r.Units() {
		if u.Kind == satdoku.Box {
			for len(bs) <= u.Index {
				bs = append(bs, nil)
			}
			bs[u.Index] = slices.Sorted(slices.Values(u.Cells))
		}
	}
	return bs
}

// seen reads an X-sum, a skyscraper or a numbered room clue.
func (b *builder) seen(c *Clue) error {
	cells, err := b.beside(c)
	if err != nil {
		return err
	}
	n, kind, hi := b.n, satdoku.Skyscraper, b.n
	if c.Row == n || c.Col == n { // read from the clue
		slices.Reverse(cells)
	}
	var coefs []int
	switch c.Kind {
	case XSum:
		// The largest: the line's n cells holding the n largest digits
		// (on a board of more digits than its side, b.v > n).
		kind, hi = satdoku.XSum, n*(2*b.v-n+1)/2
	case NumberedRoom:
		kind = satdoku.Index
		for k := range cells {
			coefs = append(coefs, k+1)
		}
	}
	if c.Value < 1 {
		return b.fail("value", -1, -1, "%v %d is not a positive number", c.Kind, c.Value)
	}
	if c.Kind == XSum && b.off != 0 {
		return b.xsumValues(cells, c.Value)
	}
	if c.Value > hi {
		b.never(cells, "%v %d is impossible (want 1 to %d)", c.Kind, c.Value, hi)
		return nil
	}
	b.con(satdoku.Constraint{Kind: kind, Cells: cells, Coefs: coefs, Value: c.Value})
	b.tag()
	return nil
}

// xsumValues reads an X-sum on values that are not the digits: the first
// cell's value x (1 to the cells) counts the cells, the first of them
// too, whose values add up to sum (as ISS reads it: a value 0 counts no
// cells and breaks the clue). satdoku's XSum counts digits, so the clue
// is its cases, one for each x: the first cell holds x, the next x−1
// cells add up to sum−x in values, (sum−x) − (x−1)·offset in digits.
func (b *builder) xsumValues(cells []int, sum int) error {
	var ms []satdoku.Member
	for x := 1; x <= len(cells); x++ {
		d, ok := x-b.off, x-b.off >= 1 && x-b.off <= b.v
		rest := sum - x - (x-1)*b.off // the digits of cells 1 … x−1
		if !ok || rest < x-1 || rest > (x-1)*b.v {
			continue
		}
		m := satdoku.Member{Constraints: []satdoku.Constraint{{Kind: satdoku.OneOf, Cells: cells[:1], Mask: 1 << (d - 1), Name: b.kind.String()}}}
		if x > 1 {
			m.Constraints = append(m.Constraints, satdoku.Constraint{Kind: satdoku.Total, Cells: slices.Clone(cells[1:x]), Value: rest, Name: b.kind.String()})
		}
		ms = append(ms, m)
	}
	if len(ms) == 0 {
		b.never(cells, "X-sum %d is impossible with values %d to %d", sum, 1+b.off, b.v+b.off)
		return nil
	}
	b.con(satdoku.Constraint{Kind: satdoku.AnyOf, Cells: satdoku.MemberCells(ms), Members: ms})
	b.tag()
	return nil
}

func (b *builder) sandwich(c *Clue) error {
	cells, err := b.beside(c)
	if err != nil {
		return err
	}
	n := b.n
	if hi := n*(n-1)/2 - 1; c.Value < 0 || c.Value > hi {
		b.never(cells, "sandwich sum %d is impossible (want 0 to %d)", c.Value, hi)
		return nil
	}
	b.con(satdoku.Constraint{Kind: satdoku.Sandwich, Cells: cells, Value: c.Value})
	b.tag()
	return nil
}

// maxPill is the most cells an arrow's circle may have.
const maxPill = 6

func (b *builder) arrow(c *Clue) error {
	circle := c.Cells
	if len(circle) == 0 {
		return b.fail("", -1, -1, "an arrow without a circle")
	}
	if len(circle) > maxPill {
		return b.unsupported("cells", "a circle of %d cells (the limit is %d)", len(circle), maxPill)
	}
	if len(circle) > 1 && b.v > 9 {
		// f-puzzles writes the digits side by side, 10 and over with two
		// figures: not a sum with fixed coefficients.
		return b.unsupported("cells", "a circle of %d cells on a %d×%d board", len(circle), b.n, b.n)
	}
	circle = slices.Sorted(slices.Values(circle)) // reading order
	shafts := 0
	for _, l := range c.Lines {
		var cells, coefs []int
		for _, i := range l {
			if !slices.Contains(circle, i) {
				cells, coefs = append(cells, i), append(coefs, 1)
			}
		}
		if len(cells) == 0 {
			continue
		}
		p := 1
		for j := len(circle) - 1; j >= 0; j-- {
			cells, coefs = append(cells, circle[j]), append(coefs, -p)
			p *= 10
		}
		b.total(cells, coefs, 0)
		shafts++
	}
	if shafts == 0 {
		b.warnings = append(b.warnings, Warning{Clue: b.clue, Msg: "a circle without an arrow"})
		return nil
	}
	b.tag()
	return nil
}

func (b *builder) whispers(c *Clue) error {
	d := (b.n + 1) / 2
	if c.Value != 0 {
		if c.Value < 1 {
			return b.fail("value", -1, -1, "difference %d is not a positive number", c.Value)
		}
		d = c.Value
	}
	for k, l := range c.Lines {
		for j := 1; j < len(l); j++ {
			if l[j-1] == l[j] {
				return b.fail("lines", k, j, "a cell next to itself")
			}
		}
		if len(l) >= 2 && d >= b.v {
			b.never(l, "no two digits %s differ by %d or more", b.valueRange(), d)
			continue
		}
		for j := 1; j < len(l); j++ {
			b.rel(l[j-1], l[j], satdoku.Apart, d)
			b.tag()
		}
	}
	return nil
}

func (b *builder) clone(c *Clue) error {
	if len(c.Lines) == 0 {
		return nil
	}
	first := c.Lines[0]
	for k, l := range c.Lines[1:] {
		if len(l) != len(first) {
			return b.fail("lines", k+1, -1, "%d clone cells for %d cells", len(l), len(first))
		}
		for j := range first {
			if first[j] != l[j] {
				b.rel(first[j], l[j], satdoku.Equal, 0)
				b.tag()
			}
		}
	}
	return nil
}

// pair checks the two cells of a dot or an XV mark.
func (b *builder) pair(c *Clue) error {
	if len(c.Cells) != 2 {
		return b.fail("cells", -1, -1, "want 2 cells, found %d", len(c.Cells))
	}
	return nil
}

// mark records the pair of cells of a dot or a mark of kind k, with value
// v, for the negative rules.
func (b *builder) mark(k Kind, cells []int, v int) {
	m := b.marks[k]
	if m == nil {
		m = map[[2]int][]int{}
		b.marks[k] = m
	}
	p := [2]int{min(cells[0], cells[1]), max(cells[0], cells[1])}
	m[p] = append(m[p], v)
}

func (b *builder) dot(c *Clue) error {
	if err := b.pair(c); err != nil {
		return err
	}
	n, v := b.v, c.Value
	plain, kind, def := satdoku.Consecutive, satdoku.Difference, 1
	if c.Kind == BlackDot {
		plain, kind, def = satdoku.Double, satdoku.Ratio, 2
	}
	if v == 0 {
		v = def
	}
	switch {
	case c.Kind == WhiteDot && v < 1:
		return b.fail("value", -1, -1, "no two digits %s differ by %d", b.valueRange(), v)
	case c.Kind == BlackDot && v < 2:
		return b.fail("value", -1, -1, "no two distinct digits %s have ratio %d", b.valueRange(), v)
	case c.Kind == WhiteDot && v > n-1:
		b.never(c.Cells, "no two digits %s differ by %d", b.valueRange(), v)
		return nil
	case c.Kind == BlackDot && v > n:
		b.never(c.Cells, "no two distinct digits %s have ratio %d", b.valueRange(), v)
		return nil
	}
	if c.Kind == BlackDot && b.off != 0 {
		// A ratio of values is none of digits: 0 and 0 are a black dot
		// on the values from 0 (as ISS reads it). The relation by its
		// table.
		t := make([]byte, 0, b.v*b.v)
		for x := 1; x <= b.v; x++ {
			for y := 1; y <= b.v; y++ {
				ch := byte('0')
				if satdoku.Ratio.Holds(v, x+b.off, y+b.off) {
					ch = '1'
				}
				t = append(t, ch)
			}
		}
		b.rels = append(b.rels, satdoku.Relation{A: c.Cells[0], B: c.Cells[1], Kind: satdoku.Table, Table: string(t), Name: b.kind.String()})
	} else if v == def {
		b.rel(c.Cells[0], c.Cells[1], plain, 0)
	} else {
		b.rel(c.Cells[0], c.Cells[1], kind, v)
	}
	b.mark(c.Kind, c.Cells, v)
	b.tag()
	return nil
}

func (b *builder) xv(c *Clue) error {
	if err := b.pair(c); err != nil {
		return err
	}
	if c.Value != 5 && c.Value != 10 {
		return b.fail("value", -1, -1, "an XV mark is 10 (X) or 5 (V), not %d", c.Value)
	}
	if c.Value-2*b.off > 2*b.v {
		b.never(c.Cells, "two digits %d to %d cannot add up to %d", 1+b.off, b.v+b.off, c.Value)
		return nil
	}
	b.rel(c.Cells[0], c.Cells[1], satdoku.Sum, c.Value-2*b.off)
	b.mark(XV, c.Cells, c.Value)
	b.tag()
	return nil
}

// compareExtremes makes each minimum cell smaller, and each maximum cell
// larger, than each orthogonal neighbour that is not a minimum (maximum)
// cell itself: f-puzzles' and SudokuSolver's rule, by which a block of
// maximum cells is larger than the cells around it.
func (b *builder) compareExtremes() {
	n := b.n
	for _, k := range []Kind{Minimum, Maximum} {
		cells := b.minimum
		if k == Maximum {
			cells = b.maximum
		}
		b.kind = k
		for _, i := range cells {
			row, col := i/n, i%n
			for _, d := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
				rr, cc := row+d[0], col+d[1]
				j := rr*n + cc
				if rr < 0 || rr >= n || cc < 0 || cc >= n || slices.Contains(cells, j) {
					continue
				}
				if k == Minimum {
					b.rel(i, j, satdoku.Less, 0)
				} else {
					b.rel(j, i, satdoku.Less, 0)
				}
			}
		}
	}
}

// forbid adds the relations rels (kinds and values) between every pair of
// orthogonal neighbours that no mark of the kinds marks joins, named after
// k.
func (b *builder) forbid(k Kind, rels []satdoku.Relation, marks []Kind) {
	n := b.n
	b.kind = k
	for i := range n * n {
		for _, j := range []int{i + 1, i + n} {
			if j == i+1 && j%n == 0 || j >= n*n {
				continue
			}
			if slices.ContainsFunc(marks, func(m Kind) bool { return b.marks[m][[2]int{i, j}] != nil }) {
				continue
			}
			for _, x := range rels {
				b.rel(i, j, x.Kind, x.Value)
			}
		}
	}
}

// negative applies the negative rule of kind k (see the kinds).
func (b *builder) negative(k Kind) {
	// values returns the values of the dots of kind dot, each once, in
	// increasing order, or def when there are none.
	values := func(dot Kind, def int) []int {
		var vs []int
		for _, x := range b.marks[dot] {
			vs = append(vs, x...)
		}
		if len(vs) == 0 {
			vs = []int{def}
		}
		slices.Sort(vs)
		return slices.Compact(vs)
	}
	var rels []satdoku.Relation
	marks := kropki
	switch k {
	case NegativeRatio:
		for _, x := range values(BlackDot, 2) {
			if x == 2 {
				rels = append(rels, satdoku.Relation{Kind: satdoku.NotDouble})
			} else {
				rels = append(rels, satdoku.Relation{Kind: satdoku.NotRatio, Value: x})
			}
		}
	case NegativeDifference:
		for _, x := range values(WhiteDot, 1) {
			if x == 1 {
				rels = append(rels, satdoku.Relation{Kind: satdoku.NotConsecutive})
			} else {
				rels = append(rels, satdoku.Relation{Kind: satdoku.NotDifference, Value: x})
			}
		}
	case NegativeXV:
		rels = []satdoku.Relation{{Kind: satdoku.NotSum, Value: 5 - 2*b.off}, {Kind: satdoku.NotSum, Value: 10 - 2*b.off}}
		marks = xvs
	}
	b.forbid(k, rels, marks)
}

// reach reads a Reach clue: the counting cell, then the start and the
// cells of each line after it, on arms numbered by line.
func (b *builder) reach(c *Clue) error {
	if len(c.Cells) != 1 {
		return b.fail("cells", -1, -1, "%d counting cells, want one", len(c.Cells))
	}
	if len(c.Lines) == 0 || len(c.Lines[0]) == 0 {
		return b.fail("lines", -1, -1, "no start")
	}
	start := c.Lines[0][0]
	con := satdoku.Constraint{Kind: satdoku.Reach, Cells: []int{c.Cells[0], start}, Coefs: []int{0, 0}, Value: c.Value + b.off, Name: c.Label}
	for k, l := range c.Lines {
		if len(l) == 0 || l[0] != start {
			return b.fail("lines", k, 0, "a line that does not begin at the start, %s", b.base.CellName(start))
		}
		for _, i := range l[1:] {
			con.Cells = append(con.Cells, i)
			con.Coefs = append(con.Coefs, k+1)
		}
	}
	if con.Name == "" {
		con.Name = Reach.String()
	}
	b.cons = append(b.cons, con)
	b.tag()
	return nil
}

// automaton reads an Automaton clue: its lines one after the other, a
// break between two.
func (b *builder) automaton(c *Clue) error {
	if c.NFA == nil {
		return b.fail("nfa", -1, -1, "no automaton")
	}
	a := c.NFA.Clone()
	a.Breaks = nil
	var cells []int
	for k, l := range c.Lines {
		if k > 0 {
			a.Breaks = append(a.Breaks, len(cells))
		}
		cells = append(cells, l...)
	}
	if len(cells) == 0 {
		return b.fail("lines", -1, -1, "an automaton without cells")
	}
	for _, m := range a.Moves {
		if m.Symbol < satdoku.Break || m.Symbol > b.v {
			return b.fail("nfa", -1, -1, "a move on %d (want a digit 1 to %d, or %d for a break)", m.Symbol, b.v, satdoku.Break)
		}
	}
	name := c.Label
	if name == "" {
		name = Automaton.String()
	}
	b.cons = append(b.cons, satdoku.Constraint{Kind: satdoku.Automaton, Cells: cells, NFA: a, Name: name})
	b.tag()
	return nil
}

// pairTable reads a PairTable clue: a Table relation on each two
// neighbours on each line, or on every two cells of it (Value 1).
func (b *builder) pairTable(c *Clue) error {
	v := b.v
	if len(c.Table) != v*v || strings.Trim(c.Table, "01") != "" {
		return b.fail("table", -1, -1, "a table of %d characters, want %d '0's and '1's", len(c.Table), v*v)
	}
	if c.Value != 0 && c.Value != 1 {
		return b.fail("value", -1, -1, "%d (want 0 for neighbours on the line, 1 for every two cells)", c.Value)
	}
	name := c.Label
	if name == "" {
		name = PairTable.String()
	}
	for k, l := range c.Lines {
		for p := range l {
			for q := p + 1; q < len(l) && (c.Value == 1 || q == p+1); q++ {
				if l[p] == l[q] {
					return b.fail("lines", k, q, "%s related to itself", b.cellName(l[q]))
				}
				b.rels = append(b.rels, satdoku.Relation{A: l[p], B: l[q], Kind: satdoku.Table, Table: c.Table, Name: name})
			}
		}
	}
	b.tag()
	return nil
}

// anyOf reads an AnyOf clue: each member's clues applied on their own to
// the rules, what they add (relations, constraints, and extra units as
// relations of distinct digits) a member of a satdoku.AnyOf.
func (b *builder) anyOf(c *Clue) error {
	if len(c.Members) == 0 {
		return b.fail("members", -1, -1, "no members")
	}
	base := b.base
	var ms []satdoku.Member
	for k, clues := range c.Members {
		rs, _, err := Apply(base, clues...)
		if err != nil {
			var ce *Error
			if errors.As(err, &ce) {
				return &Error{Clue: b.clue, Kind: AnyOf, Field: "members", Line: k, Item: ce.Clue, Msg: fmt.Sprintf("%v: %s", ce.Kind, ce.Msg), Err: ce.Err}
			}
			return err
		}
		var m satdoku.Member
		m.Relations = slices.Clone(rs.Relations()[len(base.Relations()):])
		for _, u := range rs.Extras()[len(base.Extras()):] {
			for p := range u.Cells {
				for q := p + 1; q < len(u.Cells); q++ {
					m.Relations = append(m.Relations, satdoku.Relation{A: u.Cells[p], B: u.Cells[q], Kind: satdoku.Different, Name: u.Name})
				}
			}
		}
		m.Constraints = slices.Clone(rs.Constraints()[len(base.Constraints()):])
		if len(m.Relations) == 0 && len(m.Constraints) == 0 {
			return nil // a member that says nothing: so does the clue
		}
		ms = append(ms, m)
		for _, t := range rs.Tags() {
			if !slices.Contains(b.tags, t) && !slices.Contains(base.Tags(), t) {
				b.tags = append(b.tags, t)
			}
		}
	}
	b.cons = append(b.cons, satdoku.Constraint{Kind: satdoku.AnyOf, Cells: satdoku.MemberCells(ms), Members: ms, Name: AnyOf.String()})
	b.tag()
	return nil
}
