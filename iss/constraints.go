package iss

import (
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// item is one constraint of a constraint string: its type, its arguments
// and where each starts in the compacted text.
type item struct {
	typ   string
	at    int // the place of the item's '.'
	args  []string
	argAt []int
}

// types are the constraint types of ISS (the classes of its
// js/sudoku_constraint.js), read or refused by name.
var types = []string{"Or", "And", "Replicate", "End", "Jigsaw", "Thermo", "Whisper", "Renban", "Modular",
	"Entropic", "RegionSumLine", "Between", "Lockout", "Palindrome", "Zipper", "SumLine", "Regex", "NFA",
	"NoBoxes", "ChaosConstruction", "ChaosArrow", "ChaosCount", "RegionSize", "RegionSameValues",
	"StrictKropki", "StrictXV", "Shape", "Windoku", "DisjointSets", "AntiKnight", "Doppelganger", "AntiKing",
	"AntiTaxicab", "AntiConsecutive", "GlobalEntropy", "GlobalMod", "FullRankTies", "DutchFlatmates",
	"Diagonal", "WhiteDot", "BlackDot", "GreaterThan", "X", "ValueIndexing", "V", "Arrow", "DoubleArrow",
	"PillArrow", "Cage", "RellikCage", "EqualityCage", "Sum", "LittleKiller", "XSum", "Sandwich", "Lunchbox",
	"Skyscraper", "HiddenSkyscraper", "NumberedRoom", "FullRank", "AllDifferent", "ContainAtLeast",
	"ContainExact", "LookAndSay", "ConnectedValues", "SameValues", "EqualSum", "Quad", "Binary", "BinaryX",
	"Pair", "PairX", "Indexing", "CountingCircles", "CountDistinct", "Given", "SearchPriority", "Var"}

func knownType(s string) bool { return slices.Contains(types, s) }

// sudokuOnly are the types ISS allows on a Sudoku grid only
// (REQUIRES_SUDOKU_GRID, and every clue outside the grid): on a Raw grid
// they are invalid.
var sudokuOnly = []string{"Jigsaw", "NoBoxes", "ChaosConstruction", "RegionSize", "RegionSameValues", "Windoku",
	"DisjointSets", "AntiKnight", "Doppelganger", "AntiKing", "FullRankTies", "Diagonal", "Indexing",
	"LittleKiller", "XSum", "Sandwich", "Skyscraper", "HiddenSkyscraper", "NumberedRoom", "FullRank"}

// items splits a constraint string (its first byte a '.') into items.
func (b *builder) items() []item {
	var its []item
	bs := b.t.b
	for i := 0; i < len(bs); {
		// bs[i] is the '.' of an item.
		end := i + 1
		for end < len(bs) && bs[end] != '.' {
			end++
		}
		it := item{at: i}
		start := i + 1
		for k := start; k <= end; k++ {
			if k == end || bs[k] == '~' {
				if start == i+1 {
					it.typ = string(bs[start:k])
				} else {
					it.args = append(it.args, string(bs[start:k]))
					it.argAt = append(it.argAt, start)
				}
				start = k + 1
			}
		}
		if it.typ == "" {
			it.typ = "Given"
		}
		its = append(its, it)
		i = end
	}
	return its
}

// constraints reads a constraint string.
func (b *builder) constraints() error {
	its := b.items()
	// The shape first: it sizes every cell.
	shape := -1
	for k := range its {
		if its[k].typ != "Shape" {
			continue
		}
		off, v, raw, rows, cols := b.valueOffset, b.values, b.raw, b.rows, b.cols
		n, err := b.shape(&its[k])
		if err != nil {
			return err
		}
		if shape >= 0 && (n != b.n || off != b.valueOffset || v != b.values || raw != b.raw || rows != b.rows || cols != b.cols) {
			return b.t.fail(its[k].at, ErrInvalid, "Shape: %s after another shape", strings.Join(its[k].args, "~"))
		}
		b.n, shape = n, k
	}
	if err := b.varCells(its); err != nil {
		return err
	}
	depth := 0
	for k := 0; k < len(its); k++ {
		it := &its[k]
		switch it.typ {
		case "End":
			if depth == 0 {
				return b.t.fail(it.at, ErrSyntax, "End without And")
			}
			depth--
			continue
		case "And":
			// A conjunction is its constraints: at the top level, or in
			// another And, they all hold anyway.
			depth++
			continue
		case "Or":
			end, err := b.readOr(its, k)
			if err != nil {
				return err
			}
			k = end
			continue
		case "Replicate":
			// Its children, shifted onto each target, take its place.
			end := k + 1
			for d := 0; end < len(its) && (its[end].typ != "End" || d > 0); end++ {
				switch its[end].typ {
				case "Or", "And", "Replicate":
					d++
				case "End":
					d--
				}
			}
			if end == len(its) {
				return b.t.fail(len(b.t.b), ErrSyntax, "Replicate without End")
			}
			copies, err := b.replicate(it, its[k+1:end])
			if err != nil {
				return err
			}
			if len(its)+len(copies) > maxItems {
				return b.t.fail(it.at, ErrInvalid, "Replicate: more than %d constraints in all", maxItems)
			}
			its = slices.Concat(its[:k], copies, its[end+1:])
			k--
			continue
		}
		if err := b.item(it); err != nil {
			return err
		}
	}
	if depth > 0 {
		return b.t.fail(len(b.t.b), ErrSyntax, "And without End")
	}
	b.fullRanks()
	return b.doppelganger()
}

// refuse returns the error of a constraint that satdoku cannot express.
func (b *builder) refuse(it *item) error {
	return b.t.fail(it.at, ErrUnsupported, "%s: a constraint satdoku cannot express", it.typ)
}

// arg returns argument k of it, or fails.
func (b *builder) arg(it *item, k int) (string, int, error) {
	if k >= len(it.args) {
		at := it.at
		if len(it.argAt) > 0 {
			at = it.argAt[len(it.argAt)-1]
		}
		return "", 0, b.t.fail(at, ErrInvalid, "%s: missing argument %d", it.typ, k+1)
	}
	return it.args[k], it.argAt[k], nil
}

// num reads argument k of it as a whole number.
func (b *builder) num(it *item, k int, what string) (int, error) {
	s, at, err := b.arg(it, k)
	if err != nil {
		return 0, err
	}
	v, ok := number(s)
	if !ok {
		return 0, b.t.fail(at, ErrInvalid, "%s: %s %q is not a whole number", it.typ, what, s)
	}
	return v, nil
}

// cells reads the arguments of it from k on as cells.
func (b *builder) cells(it *item, k int) ([]int, error) {
	var cs []int
	for ; k < len(it.args); k++ {
		i, ok := b.cell(it.args[k])
		if !ok {
			return nil, b.t.fail(it.argAt[k], ErrInvalid, "%s: %q is not a cell of the %d×%d board", it.typ, it.args[k], b.n, b.n)
		}
		cs = append(cs, i)
	}
	if len(cs) == 0 {
		return nil, b.t.fail(it.at, ErrInvalid, "%s: no cells", it.typ)
	}
	return cs, nil
}

// shape reads a Shape, as ISS's CellGeometry.fromShapeSpec reads it:
// "R×C", then optionally the values, "V" (1 to V) or "A-B" (A 0 or 1),
// then optionally the grid type, "Sudoku" or "Raw" (an empty range before
// it keeps the default, V = max(R, C)). satdoku reads square grids:
// Sudoku grids, whose cells hold N values or more (ISS's boxes stay those
// of the grid's side: 2×3 on a 6×6 grid of 9 values; a grid smaller than
// 4×4 is a raw board whose rows and columns are extra units, see finish),
// and Raw grids (no rows, columns or boxes: satdoku.Raw), whose cells hold
// 1 to 16 values; from 0 or from 1. A grid that is not square is a window
// of R×C cells on a raw board of side max(R, C) (satdoku.Rules.WithWindow),
// its rows and columns extra regions when it is a Sudoku grid.
func (b *builder) shape(it *item) (int, error) {
	dims, at, err := b.arg(it, 0)
	if err != nil {
		return 0, err
	}
	rs, cs, ok := strings.Cut(dims, "x")
	nr, ok1 := number(rs)
	nc, ok2 := number(cs)
	if !ok || !ok1 || !ok2 || nr < 1 || nc < 1 || nr > 16 || nc > 16 {
		return 0, b.t.fail(at, ErrInvalid, "Shape: %q is not a grid of 1 to 16 rows and columns", dims)
	}
	if len(it.args) > 3 || len(it.args) > 1 && it.args[len(it.args)-1] == "" {
		return 0, b.t.fail(it.at, ErrInvalid, "Shape: want R×C, a value range and a grid type")
	}
	raw := false
	if len(it.args) > 2 {
		switch it.args[2] {
		case "Sudoku":
		case "Raw":
			raw = true
		default:
			return 0, b.t.fail(it.argAt[2], ErrInvalid, "Shape: grid type %q (want Sudoku or Raw)", it.args[2])
		}
	}
	// A Sudoku grid needs enough values to fill its rows; a Raw grid, one.
	least := max(nr, nc)
	if raw {
		least = 1
	}
	values, off := max(nr, nc), 0
	if len(it.args) > 1 && it.args[1] != "" {
		r := it.args[1]
		lo, hi, isRange := strings.Cut(r, "-")
		a, okA := number(lo)
		z, okZ := number(hi)
		switch {
		case !isRange && okA && fmt.Sprint(a) == lo:
			values = a
		case isRange && okA && okZ && fmt.Sprint(a) == lo && fmt.Sprint(z) == hi && (a == 0 || a == 1):
			values, off = z-a+1, a-1
		default:
			return 0, b.t.fail(it.argAt[1], ErrInvalid, "Shape: values %q (want V, 0-B or 1-B)", r)
		}
		if values < least || values > 16 {
			return 0, b.t.fail(it.argAt[1], ErrInvalid, "Shape: %d values on a %d×%d grid (want %d to 16)", values, nr, nc, least)
		}
	}
	b.values, b.valueOffset, b.raw = values, off, raw
	b.rows, b.cols = 0, 0
	if nr != nc {
		// A grid that is not square: a window on a raw board of side
		// max(R, C) (see finish).
		b.rows, b.cols = nr, nc
	}
	return max(nr, nc), nil
}

// line adds a clue of kind with one line, the cells of it from argument
// k on.
func (b *builder) line(it *item, kind clue.Kind, k, value int) error {
	cs, err := b.cells(it, k)
	if err != nil {
		return err
	}
	b.add(it.at, clue.Clue{Kind: kind, Lines: [][]int{cs}, Value: value})
	return nil
}

// item reads one constraint other than the composites.
func (b *builder) item(it *item) error {
	if b.chaosAt >= 0 {
		if err := b.checkChaosCells(it); err != nil {
			return err
		}
	}
	if b.raw && slices.Contains(sudokuOnly, it.typ) {
		return b.t.fail(it.at, ErrInvalid, "%s: only valid on a Sudoku grid (ISS refuses it on a Raw grid)", it.typ)
	}
	if (b.n < satdoku.MinN || b.rows != 0) && it.typ != "NoBoxes" && slices.Contains(sudokuOnly, it.typ) {
		rows, cols := b.window()
		return b.t.fail(it.at, ErrUnsupported, "%s: on a %d×%d grid (satdoku reads it on square grids from 4×4)", it.typ, rows, cols)
	}
	n := b.n
	switch it.typ {
	case "Given":
		return b.givens(it)
	case "Shape", "Var":
		return nil // read first
	case "NoBoxes":
		b.noBoxes = true
	case "RegionSize":
		v, err := b.num(it, 0, "size")
		if err != nil {
			return err
		}
		if v < 1 || v > max(n, b.values) {
			return b.t.fail(it.argAt[0], ErrInvalid, "RegionSize: regions of %d cells on a %d×%d board of %d values", v, n, n, max(n, b.values))
		}
		if v != n {
			b.regionSize, b.regionSizeAt = v, it.at
		}
	case "Jigsaw":
		return b.jigsawLayout(it)
	case "Thermo":
		return b.line(it, clue.Thermometer, 0, 0)
	case "Whisper":
		// German whispers leave the difference out: then the first
		// argument is a cell, and the difference 5.
		d, k := 5, 0
		if s, _, err := b.arg(it, 0); err == nil {
			if v, ok := number(s); ok || s == "" {
				d, k = v, 1
			}
		}
		if d < 1 {
			_, err := b.cells(it, k) // every pair differs by 0 or more
			return err
		}
		return b.line(it, clue.Whispers, k, d)
	case "Renban":
		return b.line(it, clue.Renban, 0, 0)
	case "Modular":
		m, err := b.num(it, 0, "modulus")
		if err != nil {
			return err
		}
		switch {
		case m == 1:
			_, err := b.cells(it, 1) // every digit has remainder 0
			return err
		case m == 2:
			return b.line(it, clue.ParityLine, 1, 0)
		case m < 1:
			return b.t.fail(it.argAt[0], ErrInvalid, "Modular: modulus %d", m)
		}
		return b.line(it, clue.ModularLine, 1, m)
	case "Entropic":
		if b.numValues() != 9 || b.valueOffset != 0 {
			return b.t.fail(it.at, ErrInvalid, "Entropic: lines need the values 1 to 9, not %d to %d", 1+b.valueOffset, b.numValues()+b.valueOffset)
		}
		return b.line(it, clue.EntropicLine, 0, 0)
	case "RegionSumLine":
		if b.regionSumAt < 0 {
			b.regionSumAt = it.at
		}
		return b.line(it, clue.RegionSumLine, 0, 0)
	case "Between":
		return b.line(it, clue.Between, 0, 0)
	case "Lockout":
		d, err := b.num(it, 0, "difference")
		if err != nil {
			return err
		}
		if d < 1 {
			return b.t.fail(it.argAt[0], ErrUnsupported, "Lockout: difference %d", d)
		}
		if len(it.args) < 3 {
			return b.t.fail(it.at, ErrInvalid, "Lockout: %d cells (want two ends)", len(it.args)-1)
		}
		return b.line(it, clue.LockoutLine, 1, d)
	case "Palindrome":
		return b.line(it, clue.Palindrome, 0, 0)
	case "Zipper":
		return b.line(it, clue.ZipperLine, 0, 0)
	case "SumLine":
		v, err := b.num(it, 0, "sum")
		if err != nil {
			return err
		}
		if v < 1 {
			return b.t.fail(it.argAt[0], ErrUnsupported, "SumLine: sum %d", v)
		}
		if len(it.args) > 1 && it.args[len(it.args)-1] == "LOOP" {
			loop := *it
			loop.args, loop.argAt = it.args[:len(it.args)-1], it.argAt[:len(it.args)-1]
			return b.line(&loop, clue.SumLoop, 1, v)
		}
		return b.line(it, clue.TenLine, 1, v)
	case "DoubleArrow":
		// ISS makes the ends add up to the cells between: two cells
		// cannot (no digits add up to nothing), a case satdoku's kind
		// leaves out.
		if len(it.args) < 3 {
			return b.t.fail(it.at, ErrInvalid, "DoubleArrow: %d cells (want 3 or more)", len(it.args))
		}
		return b.line(it, clue.DoubleArrow, 0, 0)
	case "Arrow":
		cs, err := b.cells(it, 0)
		if err != nil {
			return err
		}
		b.add(it.at, clue.Clue{Kind: clue.Arrow, Cells: cs[:1], Lines: [][]int{cs[1:]}})
	case "PillArrow":
		return b.pillArrow(it)
	case "Cage":
		return b.cage(it)
	case "EqualityCage":
		return b.equalityCage(it)
	case "AllDifferent":
		cs, err := b.cells(it, 0)
		if err != nil {
			return err
		}
		b.add(it.at, clue.Clue{Kind: clue.ExtraRegion, Cells: cs})
	case "Pair", "PairX", "Binary", "BinaryX":
		return b.pair(it)
	case "NFA", "Regex":
		if it.typ == "NFA" {
			return b.nfa(it)
		}
		return b.regex(it)
	case "WhiteDot", "BlackDot", "X", "V", "GreaterThan":
		return b.pairs(it)
	case "LittleKiller":
		return b.littleKiller(it)
	case "Sandwich":
		v, err := b.num(it, 0, "sum")
		if err != nil {
			return err
		}
		row, col, err := b.outside(it, 1, true)
		if err != nil {
			return err
		}
		b.add(it.at, clue.Clue{Kind: clue.Sandwich, Row: row, Col: col, Value: v})
	case "XSum":
		return b.lineClues(it, clue.XSum)
	case "Skyscraper":
		return b.lineClues(it, clue.Skyscraper)
	case "HiddenSkyscraper":
		return b.hiddenSkyscraper(it)
	case "NumberedRoom":
		return b.lineClues(it, clue.NumberedRoom)
	case "Diagonal":
		s, at, err := b.arg(it, 0)
		if err != nil {
			return err
		}
		switch s {
		case "1":
			b.global(it.at, "diagonal+")
		case "-1":
			b.global(it.at, "diagonal-")
		default:
			return b.t.fail(at, ErrInvalid, "Diagonal: direction %q (want 1 or -1)", s)
		}
	case "AntiKnight":
		b.global(it.at, "anti-knight")
	case "AntiKing":
		b.global(it.at, "anti-king")
	case "Windoku":
		b.global(it.at, "windoku")
	case "DisjointSets":
		b.global(it.at, "disjoint")
	case "AntiTaxicab":
		return b.antiTaxicab(it)
	case "AntiConsecutive":
		// Every pair of neighbours, dots or not: the named rule, not the
		// clue (which lets Kropki dots through).
		b.global(it.at, "nonconsecutive")
	case "GlobalEntropy", "GlobalMod":
		return b.globalSquares(it)
	case "DutchFlatmates":
		return b.dutchFlatmates(it)
	case "ValueIndexing":
		return b.valueIndexing(it)
	case "ChaosConstruction":
		// Its rules are added once the rules are made (see chaos).
	case "ChaosArrow", "ChaosCount":
		return b.chaosLength(it)
	case "StrictKropki":
		b.add(it.at, clue.Clue{Kind: clue.NegativeRatio})
		b.add(it.at, clue.Clue{Kind: clue.NegativeDifference})
	case "StrictXV":
		b.add(it.at, clue.Clue{Kind: clue.NegativeXV})
	case "Quad":
		return b.quad(it)
	case "ContainAtLeast":
		return b.contain(it, clue.Quadruple)
	case "Indexing":
		s, at, err := b.arg(it, 0)
		if err != nil {
			return err
		}
		// ISS's builder indexes rows for "R" and columns for any other
		// type: "C", and "column" in older strings.
		kind := clue.RowIndexer
		if s != "R" {
			kind = clue.ColumnIndexer
		}
		if s != "R" && s != "C" {
			b.warnings = append(b.warnings, fmt.Sprintf("%v: Indexing type %q read as column indexing, as ISS reads any type but R",
				b.t.fail(at, nil, "").Pos, s))
		}
		cs, err := b.cells(it, 1)
		if err != nil {
			return err
		}
		b.add(it.at, clue.Clue{Kind: kind, Cells: cs})
	case "Sum":
		return b.weightedSum(it)
	case "RellikCage":
		v, err := b.num(it, 0, "sum")
		if err != nil {
			return err
		}
		cs, err := b.cells(it, 1)
		if err != nil {
			return err
		}
		b.add(it.at, clue.Clue{Kind: clue.RellikCage, Cells: cs, Value: v})
	case "EqualSum", "SameValues", "ContainExact", "CountingCircles", "CountDistinct", "LookAndSay", "RegionSameValues":
		return b.counts(it)
	case "ConnectedValues":
		return b.connectedValues(it)
	case "Lunchbox":
		return b.readLunchbox(it)
	case "FullRank":
		return b.readFullRank(it)
	case "FullRankTies":
		return b.readRankTies(it)
	case "Doppelganger":
		return b.readDoppelganger(it)
	case "SearchPriority":
		b.warnings = append(b.warnings, fmt.Sprintf("%v: SearchPriority ignored: it orders ISS's search and says nothing about the solutions",
			b.t.fail(it.at, nil, "").Pos))
	default:
		if !knownType(it.typ) {
			return b.t.fail(it.at, ErrSyntax, "unknown constraint type %q", it.typ)
		}
		return b.refuse(it)
	}
	return nil
}

// givens reads the givens ".~R1C1_5~R1C2_2_4": each a cell and its
// values, one (a given) or more (pencil marks).
func (b *builder) givens(it *item) error {
	for k, s := range it.args {
		parts := strings.Split(s, "_")
		i, ok := b.cell(parts[0])
		if !ok {
			return b.t.fail(it.argAt[k], ErrInvalid, "%q is not a cell of the %d×%d board", parts[0], b.n, b.n)
		}
		ds, err := b.digits(it, it.argAt[k], parts[1:])
		if err != nil {
			return err
		}
		if len(ds) == 0 {
			return b.t.fail(it.argAt[k], ErrInvalid, "%q gives no value", s)
		}
		b.given(it.argAt[k], i, ds)
	}
	return nil
}

// digits reads values, each one of the board's values (1..N, or 0..N−1
// with the values from 0), written in decimal; they stay values, which
// package clue and finish convert to digits.
func (b *builder) digits(it *item, at int, vs []string) ([]int, error) {
	var ds []int
	lo, hi := 1+b.valueOffset, b.numValues()+b.valueOffset
	for _, v := range vs {
		d, ok := number(v)
		if !ok || fmt.Sprint(d) != v || d < lo || d > hi {
			return nil, b.t.fail(at, ErrInvalid, "%s: value %q is not a digit %d to %d", it.typ, v, lo, hi)
		}
		ds = append(ds, d)
	}
	return ds, nil
}

// jigsawLayout reads ".Jigsaw~LAYOUT" (or the older
// ".Jigsaw~9x9~LAYOUT"): a character per cell naming its piece.
func (b *builder) jigsawLayout(it *item) error {
	if len(it.args) < 1 || len(it.args) > 2 {
		return b.t.fail(it.at, ErrInvalid, "Jigsaw: want a layout")
	}
	k := len(it.args) - 1
	layout, at := it.args[k], it.argAt[k]
	n := b.n
	if len(layout) != n*n {
		return b.t.fail(at, ErrInvalid, "Jigsaw: a layout of %d cells, want %d", len(layout), n*n)
	}
	var order []byte
	pieces := map[byte][]int{}
	for i := range n * n {
		c := layout[i]
		if pieces[c] == nil {
			order = append(order, c)
		}
		pieces[c] = append(pieces[c], i)
	}
	if len(order) == 1 {
		return nil // one piece: no rule
	}
	odd := 0
	var regs [][]int
	for _, c := range order {
		if len(pieces[c]) == n {
			regs = append(regs, pieces[c])
		} else if odd++; odd > 1 {
			return b.t.fail(at, ErrInvalid, "Jigsaw: pieces of sizes other than %d", n)
		}
	}
	b.jigsaw, b.jigsawAt = regs, it.at
	return nil
}

// pillArrow reads ".PillArrow~2~PILL…~SHAFT…": the first 2 or 3 cells
// are the pill, read as a number in reading order.
func (b *builder) pillArrow(it *item) error {
	size, err := b.num(it, 0, "pill size")
	if err != nil {
		return err
	}
	if size != 2 && size != 3 {
		return b.t.fail(it.argAt[0], ErrInvalid, "PillArrow: pill size %d (want 2 or 3)", size)
	}
	cs, err := b.cells(it, 1)
	if err != nil {
		return err
	}
	if err := b.gridOnly(it, cs[:min(size, len(cs))]); err != nil {
		return err
	}
	if len(cs) <= size {
		return b.t.fail(it.at, ErrInvalid, "PillArrow: %d cells for a pill of %d", len(cs), size)
	}
	pill := slices.Sorted(slices.Values(cs[:size]))
	n := b.n
	for k := 1; k < size; k++ {
		p, q := pill[k-1], pill[k]
		right := q == p+1 && q%n != 0
		if !right && q != p+n && !(q == p+n+1 && (p+1)%n != 0) {
			return b.t.fail(it.argAt[1], ErrInvalid, "PillArrow: the pill's cells are not side by side in reading order")
		}
	}
	b.add(it.at, clue.Clue{Kind: clue.Arrow, Cells: pill, Lines: [][]int{cs[size:]}})
	return nil
}

// cage reads ".Cage~SUM~CELLS…": distinct digits adding up to SUM, no
// sum when it is empty or 0.
func (b *builder) cage(it *item) error {
	s, at, err := b.arg(it, 0)
	if err != nil {
		return err
	}
	v := 0
	if s != "" {
		var ok bool
		if v, ok = number(s); !ok {
			return b.t.fail(at, ErrInvalid, "Cage: sum %q is not a whole number", s)
		}
	}
	cs, err := b.cells(it, 1)
	if err != nil {
		return err
	}
	b.add(it.at, clue.Clue{Kind: clue.KillerCage, Cells: cs, Value: v})
	return nil
}

// pairs reads dots and marks between neighbours: every pair of
// orthogonal neighbours among the cells (see neighbours), the earlier
// first (a GreaterThan's earlier cell is the greater).
func (b *builder) pairs(it *item) error {
	cs, err := b.cells(it, 0)
	if err != nil {
		return err
	}
	left := map[int]bool{}
	for _, i := range cs {
		left[i] = true
	}
	found := false
	for _, i := range cs {
		delete(left, i)
		for _, j := range b.neighbours(i) {
			if !left[j] {
				continue
			}
			found = true
			c := clue.Clue{Cells: []int{i, j}}
			switch it.typ {
			case "WhiteDot":
				c.Kind = clue.WhiteDot
			case "BlackDot":
				c.Kind = clue.BlackDot
			case "X":
				c.Kind, c.Value = clue.XV, 10
			case "V":
				c.Kind, c.Value = clue.XV, 5
			case "GreaterThan":
				c = clue.Clue{Kind: clue.Thermometer, Lines: [][]int{{j, i}}}
			}
			b.add(it.at, c)
		}
	}
	if !found {
		return b.t.fail(it.at, ErrInvalid, "%s: no two of its cells are neighbours", it.typ)
	}
	return nil
}

// neighbours returns the orthogonal neighbours of cell i as ISS's graph of
// cells has them (left, right, up, down; −1 for none): a grid cell's in
// the grid, a var cell's in its group laid out in rows of its columns
// (the grid's width for a group given by a count); none between the two.
func (b *builder) neighbours(i int) [4]int {
	nb := [4]int{-1, -1, -1, -1}
	start, count, cols := 0, b.n*b.n, b.n
	if i >= b.n*b.n {
		k := slices.IndexFunc(b.groups, func(g varGroup) bool { return i >= g.start && i < g.start+g.count })
		if k < 0 {
			return nb
		}
		start, count, cols = b.groups[k].start, b.groups[k].count, b.groups[k].columns
	}
	j := i - start
	if j%cols > 0 {
		nb[0] = i - 1
	}
	if j%cols < cols-1 && j+1 < count {
		nb[1] = i + 1
	}
	if j >= cols {
		nb[2] = i - cols
	}
	if j+cols < count {
		nb[3] = i + cols
	}
	return nb
}

// littleKiller reads ".LittleKiller~SUM~CELL": the diagonal from CELL,
// on the edge, in the one direction ISS gives that cell (down-right from
// the left edge, down-left from the top, up-left from the right, up-right
// from the bottom).
func (b *builder) littleKiller(it *item) error {
	v, err := b.num(it, 0, "sum")
	if err != nil {
		return err
	}
	s, at, err := b.arg(it, 1)
	if err != nil {
		return err
	}
	n := b.n
	i, ok := cellID(s, n)
	if !ok {
		return b.t.fail(at, ErrInvalid, "LittleKiller: %q is not a cell of the %d×%d board", s, n, n)
	}
	r, c := i/n, i%n
	var row, col int
	var dir clue.Direction
	switch {
	case c == 0 && r <= n-2:
		row, col, dir = r-1, -1, clue.DownRight
	case r == 0 && c >= 1:
		row, col, dir = -1, c+1, clue.DownLeft
	case c == n-1 && r >= 1 && r <= n-2:
		row, col, dir = r+1, n, clue.UpLeft
	case r == n-1 && c >= 1 && c <= n-2:
		row, col, dir = n, c-1, clue.UpRight
	default:
		return b.t.fail(at, ErrInvalid, "LittleKiller: no diagonal starts at %s", s)
	}
	if v < 1 {
		return b.t.fail(it.argAt[0], ErrUnsupported, "LittleKiller: sum %d (satdoku's little killers add up to 1 or more)", v)
	}
	b.add(it.at, clue.Clue{Kind: clue.LittleKiller, Row: row, Col: col, Direction: dir, Value: v})
	return nil
}

// outside reads argument k of it, a row "R3" or a column "C5" (decimal),
// as the place of a clue outside the board: before its first cell
// (forward) or after its last.
func (b *builder) outside(it *item, k int, forward bool) (row, col int, err error) {
	s, at, err := b.arg(it, k)
	if err != nil {
		return 0, 0, err
	}
	n := b.n
	x, ok := 0, false
	if len(s) >= 2 && (s[0] == 'R' || s[0] == 'C') && s[1] != '0' {
		x, ok = number(s[1:])
	}
	if !ok || x < 1 || x > n {
		return 0, 0, b.t.fail(at, ErrInvalid, "%s: %q is not a row R1…R%d or a column C1…C%d", it.typ, s, n, n)
	}
	edge := -1
	if !forward {
		edge = n
	}
	if s[0] == 'R' {
		return x - 1, edge, nil
	}
	return edge, x - 1, nil
}

// lineClues reads ".XSum~R1~FORWARD~BACKWARD": the clues of a row or a
// column read from its start and from its end, each optional.
func (b *builder) lineClues(it *item, kind clue.Kind) error {
	return b.outsideClues(it, func(k, v, row, col int) error {
		if v == 0 {
			if kind == clue.NumberedRoom {
				return b.t.fail(it.argAt[k], ErrUnsupported, "%s: clue 0 (satdoku's digits are 1 to %d)", it.typ, b.n)
			}
			return b.t.fail(it.argAt[k], ErrInvalid, "%s: clue 0", it.typ)
		}
		b.add(it.at, clue.Clue{Kind: kind, Row: row, Col: col, Value: v})
		return nil
	})
}

// outsideClues reads the clues of ".XSum~R1~FORWARD~BACKWARD", each
// optional, calling f with each one's argument k (1 forward, 2 backward),
// value and place outside the board (see outside).
func (b *builder) outsideClues(it *item, f func(k, v, row, col int) error) error {
	if len(it.args) > 3 {
		return b.t.fail(it.argAt[3], ErrInvalid, "%s: too many arguments", it.typ)
	}
	for k := 1; k <= 2; k++ {
		if k >= len(it.args) || it.args[k] == "" {
			continue
		}
		v, err := b.num(it, k, "clue")
		if err != nil {
			return err
		}
		row, col, err := b.outside(it, 0, k == 1)
		if err != nil {
			return err
		}
		from := len(b.clues)
		if err := f(k, v, row, col); err != nil {
			return err
		}
		// One clue a place, as ISS keeps them: a later clue of the type at
		// the same end of the same line replaces the earlier. Not inside
		// an Or, whose members are alternatives (each X-sum one that the
		// clue may be), and whose clues leave b.clues when it ends.
		if b.inMember {
			continue
		}
		place := fmt.Sprint(it.typ, row, col, k)
		if prev, ok := b.outsideAt[place]; ok {
			if b.dropped == nil {
				b.dropped = map[int]bool{}
			}
			for i := prev[0]; i < prev[1]; i++ {
				b.dropped[i] = true
			}
		}
		if b.outsideAt == nil {
			b.outsideAt = map[string][2]int{}
		}
		b.outsideAt[place] = [2]int{from, len(b.clues)}
	}
	if len(it.args) == 0 {
		return b.t.fail(it.at, ErrInvalid, "%s: no row or column", it.typ)
	}
	_, _, err := b.outside(it, 0, true)
	return err
}

// quad reads ".Quad~TOPLEFT~VALUES…": the values all appear in the 2×2
// square whose top left cell is TOPLEFT.
func (b *builder) quad(it *item) error {
	s, at, err := b.arg(it, 0)
	if err != nil {
		return err
	}
	n := b.n
	i, ok := cellID(s, n)
	if !ok || i/n == n-1 || i%n == n-1 {
		return b.t.fail(at, ErrInvalid, "Quad: no 2×2 square has its top left cell at %q", s)
	}
	var ds []int
	if len(it.args) > 1 {
		if ds, err = b.digits(it, it.argAt[1], it.args[1:]); err != nil {
			return err
		}
	}
	b.add(it.at, clue.Clue{Kind: clue.Quadruple, Cells: []int{i, i + 1, i + n, i + n + 1}, Values: ds})
	return nil
}

// connectedValues reads ".ConnectedValues~GROUP~VALUES~SIZE" as ISS's
// ConnectedValues: the cells of GROUP (the grid when empty, else a group
// of var cells, "VS") holding one of VALUES ("1_2") form one non-empty
// region of orthogonal neighbours, in the group's layout. A SIZE is
// refused.
func (b *builder) connectedValues(it *item) error {
	group, at, err := b.arg(it, 0)
	if err != nil {
		return err
	}
	if len(it.args) > 2 && it.args[2] != "" {
		return b.t.fail(it.argAt[2], ErrUnsupported, "ConnectedValues: a region of exactly %s cells (satdoku reads it without a size)", it.args[2])
	}
	vs, vat, err := b.arg(it, 1)
	if err != nil {
		return err
	}
	values, err := b.digits(it, vat, strings.Split(vs, "_"))
	if err != nil {
		return err
	}
	var cells []int
	cols := b.n
	if group == "" {
		for i := range b.n * b.n {
			cells = append(cells, i)
		}
	} else {
		k := slices.IndexFunc(b.groups, func(g varGroup) bool { return g.name == group })
		if k < 0 {
			return b.t.fail(at, ErrInvalid, "ConnectedValues: no cell group %q (want a Var's, as VS)", group)
		}
		g := b.groups[k]
		for i := range g.count {
			cells = append(cells, g.start+i)
		}
		cols = g.columns
	}
	b.add(it.at, clue.Clue{Kind: clue.ConnectedValues, Cells: cells, Value: cols, Values: values})
	return nil
}
