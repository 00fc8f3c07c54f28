package satdoku

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Kind tells what a unit is.
type Kind uint8

// The kinds of unit, in the order Rules lists them.
const (
	Row    Kind = iota // a row, numbered from 0 top to bottom
	Column             // a column, numbered from 0 left to right
	Box                // a region: a box (numbered row-major) or an irregular region
	Extra              // an extra unit: a diagonal, a window, a disjoint group …
)

var kindNames = [...]string{Row: "row", Column: "column", Box: "box", Extra: "extra"}

// String returns "row", "column", "box" or "extra".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Unit is a set of cells in which no digit may appear twice. A unit of N
// cells on an N×N board (a row, a column, a box, a full diagonal) holds
// every digit exactly once; a smaller one holds each digit at most once.
type Unit struct {
	Kind  Kind
	Index int    // the unit's number among the units of its kind, from 0
	Name  string // the name of an extra unit ("diagonal ↘"); "" for the others
	Cells []int  // the cells, row-major indices r·N + c, in increasing order
}

// String names the unit for messages, with 1-based numbers: "row 1",
// "column 9", "box 5", or an extra unit's Name.
func (u Unit) String() string {
	if u.Name != "" {
		return u.Name
	}
	return u.Kind.String() + " " + strconv.Itoa(u.Index+1)
}

// Overlap is a pair of units that share two cells or more, such as a row
// and a box. Locked candidates work on overlaps: when a unit that holds
// every digit has a digit only in the shared cells, the other unit has it
// nowhere else.
type Overlap struct {
	A, B   int   // the two units, as indices into Rules.Units, A < B
	Shared []int // the cells they share, increasing
	OnlyA  []int // the cells of A that are not in B
	OnlyB  []int // the cells of B that are not in A
}

// Rules describes the rules of a board as data: its side N, and the units
// (rows, columns, regions, extra units) in which no digit may repeat. Every
// layer reads it: the encoder writes the clauses of each unit, the solver's
// pre-pass works on the units, and the validator checks them.
//
// A Rules value is immutable and safe for concurrent use. Make one with
// Standard, Boxes, Regions or Raw, and add units with WithExtra.
type Rules struct {
	n          int
	boxH, boxW int  // the shape of rectangular boxes; 0, 0 otherwise
	raw        bool // no rows or columns (see Raw)
	// rows, cols: the window of a raw board (see WithWindow); 0, 0 for
	// the whole board.
	rows, cols int
	units      []Unit
	// cellUnits[cellStart[i]:cellStart[i+1]] are the units of cell i.
	cellStart []int32
	cellUnits []int32
	overlaps  []Overlap
	relations []Relation
	// constraints and tags: see WithConstraints and WithTags.
	constraints []Constraint
	tags        []string
	// valueOffset: digit d stands for the value d + valueOffset (see
	// WithValueOffset).
	valueOffset int
	// values is the number of digits, V, when it is not n (see
	// WithValues); 0 means n.
	values int
	// varCells is the number of cells beyond the grid's n² (see
	// WithVarCells).
	varCells int
	// varNames are the names of the var cells, in order (see
	// WithNamedVarCells); nil, shorter, or "" for an unnamed cell.
	varNames []string
	tables   *tables // see Cached
}

// RelationKind is what a Relation says about the digits of its two cells.
type RelationKind uint8

// The kinds of relation.
const (
	// Different: the two cells hold different digits (anti-knight,
	// anti-king).
	Different RelationKind = iota
	// NotConsecutive: the two digits do not differ by 1 (the
	// nonconsecutive rule, the negative rule of white Kropki dots).
	NotConsecutive
	// Consecutive: the two digits differ by 1 (a white Kropki dot).
	Consecutive
	// Double: one digit is twice the other (a black Kropki dot).
	Double
	// NotDouble: neither digit is twice the other (the negative rule of
	// black dots).
	NotDouble
	// Sum: the two digits add up to Value (XV: V is 5, X is 10).
	Sum
	// NotSum: the two digits do not add up to Value (the negative rule of
	// XV).
	NotSum
	// Less: the digit of A is smaller than the digit of B (a step of a
	// thermometer, from the bulb; a greater-than sign).
	Less
	// Equal: the two cells hold the same digit (clones, palindromes).
	Equal
	// Apart: the two digits differ by Value or more (German whispers: 5).
	Apart
	// Difference: the two digits differ by exactly Value (a white Kropki
	// dot with a number; Consecutive is Difference 1).
	Difference
	// NotDifference: the two digits do not differ by Value.
	NotDifference
	// Ratio: one digit is Value times the other (a black Kropki dot with a
	// number; Double is Ratio 2).
	Ratio
	// NotRatio: neither digit is Value times the other (the negative rule
	// of black dots with a number).
	NotRatio
	// OtherResidue: the two digits leave different remainders when
	// divided by Value (parity lines: 2; modular lines: 3); a Value below
	// 1 holds for no digits.
	OtherResidue
	// OtherThird: the two digits lie in different thirds of 1..Value, the
	// low, middle and high digits of an entropic line, as SudokuSolver
	// splits them: thirds of a, b and a digits, where b = ⌊Value/3⌋ and a
	// = ⌈Value/3⌉ unless Value leaves a remainder of 1 (then a = ⌊Value/3⌋,
	// b = ⌈Value/3⌉): 1–3, 4–6, 7–9 for 9; 1, 2–3, 4 for 4. Digits above
	// Value are in none and never apart.
	OtherThird
	// NotGreater: the digit of A is at most the digit of B (a step of a
	// slow thermometer, from the bulb).
	NotGreater
	// Table: the digits of A and B are a pair that Table allows (any
	// relation, given by its table: ISS's Pair keys).
	Table
)

var relationNames = [...]string{Different: "different", NotConsecutive: "nonconsecutive",
	Consecutive: "consecutive", Double: "double", NotDouble: "not-double", Sum: "sum",
	NotSum: "not-sum", Less: "less", Equal: "equal", Apart: "apart", Difference: "difference",
	NotDifference: "not-difference", Ratio: "ratio", NotRatio: "not-ratio",
	OtherResidue: "other-residue", OtherThird: "other-third", NotGreater: "not-greater", Table: "table"}

// String returns the kind's name, one word that every layer uses (DIMACS
// comments included): "different", "nonconsecutive", "consecutive",
// "double", "not-double", "sum", "not-sum", "less", "equal", "apart",
// "difference", "not-difference", "ratio", "not-ratio", "other-residue",
// "other-third", "not-greater" or "table"; and
// "RelationKind(N)" for a value that is not a kind.
func (k RelationKind) String() string {
	if int(k) < len(relationNames) {
		return relationNames[k]
	}
	return "RelationKind(" + strconv.Itoa(int(k)) + ")"
}

// Relation is a rule on the digits of two cells that is not a unit, such
// as "cells a knight's move apart hold different digits". It is data: the
// encoder writes its clauses and the validator checks it, each with code
// of its own.
type Relation struct {
	A, B  int          // the two cells, row-major indices
	Kind  RelationKind // what the digits of A and B must satisfy
	Value int          // the sum (Sum, NotSum), the distance (Apart, Difference, NotDifference), the ratio (Ratio, NotRatio), the modulus (OtherResidue) or the digits split in thirds (OtherThird)
	Name  string       // the rule it comes from, for messages ("anti-knight")
	// Table is the table of a Table relation: V rows of V characters (V
	// the digits, Rules.Values), one row for each digit a of A and in it
	// one character for each digit b of B, '1' when the pair is allowed and '0' when not ("0110…"). Other
	// kinds leave it empty.
	Table string
}

// WithRelations returns rules that add the relations to r. The cells of a
// symmetric relation are ordered so that A < B (Less, NotGreater and Table
// keep their order); a Table relation whose table is not V×V '0's and
// '1's is an error wrapping ErrRules; a
// relation listed twice, or one that r already has, is left out; a
// relation of a cell with itself or off the board is an error wrapping
// ErrRules.
func (r *Rules) WithRelations(rel ...Relation) (*Rules, error) {
	rs := *r
	rs.newTables()
	rs.relations = slices.Clone(r.relations)
	seen := map[Relation]bool{}
	for _, x := range r.relations {
		seen[Relation{A: x.A, B: x.B, Kind: x.Kind, Value: x.Value, Table: x.Table}] = true
	}
	for _, x := range rel {
		if x.Kind != Less && x.Kind != NotGreater && x.Kind != Table {
			x.A, x.B = min(x.A, x.B), max(x.A, x.B)
		}
		if min(x.A, x.B) < 0 || max(x.A, x.B) >= r.Cells() || x.A == x.B || !x.Kind.Valid() || r.Hole(x.A) || r.Hole(x.B) {
			return nil, fmt.Errorf("%w: relation %q of cells %d and %d (%v)", ErrRules, x.Name, x.A, x.B, x.Kind)
		}
		if v := r.Values(); x.Kind == Table && (len(x.Table) != v*v || strings.Trim(x.Table, "01") != "") {
			return nil, fmt.Errorf("%w: relation %q of cells %d and %d: a table of %d characters, want %d '0's and '1's", ErrRules, x.Name, x.A, x.B, len(x.Table), v*v)
		}
		key := Relation{A: x.A, B: x.B, Kind: x.Kind, Value: x.Value, Table: x.Table}
		if seen[key] {
			continue
		}
		seen[key] = true
		rs.relations = append(rs.relations, x)
	}
	return &rs, nil
}

// Relations returns the relations of r, in the order they were added. The
// slice is shared: callers must not modify it.
func (r *Rules) Relations() []Relation { return r.relations }

// Limits on the board side.
const (
	MinN = 4  // the smallest board, 4×4
	MaxN = 64 // the largest board, 64×64: a cell's candidates fit a uint64
	// MinRawN is the smallest raw board (see Raw), 1×1: with no rows,
	// columns or boxes, any side is a board.
	MinRawN = 1
)

// Errors of the rules constructors, wrapped with details.
var (
	// ErrSize reports a board side outside [MinN, MaxN] or one that the
	// text formats do not read.
	ErrSize = errors.New("satdoku: unsupported board size")
	// ErrRules reports a malformed description: boxes that do not tile the
	// board, regions that are not a partition, a unit with a cell off the
	// board or a cell twice.
	ErrRules = errors.New("satdoku: invalid rules")
)

// sides are the board sides the text formats read.
var sides = []int{4, 6, 8, 9, 10, 12, 16, 25, 36, 49, 64}

// Sides returns the board sides that the text formats read, from 4×4 to
// 64×64, in increasing order: the squares 4, 9, 16, 25, 36, 49, 64 with
// square boxes, and 6, 8, 10 and 12 with rectangular boxes (2×3, 2×4, 2×5,
// 3×4). Other sides need rules made by Boxes or Regions.
func Sides() []int { return slices.Clone(sides) }

// IsSide reports whether n is one of Sides.
func IsSide(n int) bool { return slices.Contains(sides, n) }

// BoxShape returns the default box shape of an n×n board: h rows by w
// columns with h·w = n, h ≤ w and h as large as possible (3×3 for 9×9, 2×3
// for 6×6, 3×4 for 12×12). For a prime n there is none, and it returns 0, 0.
func BoxShape(n int) (h, w int) {
	for h = isqrt(n); h >= 2; h-- {
		if n%h == 0 {
			return h, n / h
		}
	}
	return 0, 0
}

func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

var standard [MaxN + 1]func() *Rules

func init() {
	for n := MinN; n <= MaxN; n++ {
		standard[n] = sync.OnceValue(func() *Rules {
			h, w := BoxShape(n)
			var r *Rules
			var err error
			if h == 0 {
				r, err = Regions(n, nil)
			} else {
				r, err = Boxes(n, h, w)
			}
			if err != nil {
				panic(err) // cannot happen: the shapes tile the board
			}
			return r
		})
	}
}

// Standard returns the classic rules of an n×n board: rows, columns and the
// boxes of BoxShape(n), or no boxes at all (a Latin square) when n is
// prime. n must be in [MinN, MaxN]. The value is shared: Standard(9)
// returns the same *Rules every time.
func Standard(n int) (*Rules, error) {
	if n < MinN || n > MaxN {
		return nil, fmt.Errorf("%w: %d×%d (want %d to %d)", ErrSize, n, n, MinN, MaxN)
	}
	return standard[n](), nil
}

// Boxes returns the rules of an n×n board with rows, columns and
// rectangular boxes of h rows by w columns (h·w = n, both at least 2),
// numbered row-major.
func Boxes(n, h, w int) (*Rules, error) {
	if n < MinN || n > MaxN {
		return nil, fmt.Errorf("%w: %d×%d (want %d to %d)", ErrSize, n, n, MinN, MaxN)
	}
	if h < 2 || w < 2 || h*w != n {
		return nil, fmt.Errorf("%w: %d×%d boxes do not tile a %d×%d board", ErrRules, h, w, n, n)
	}
	regions := make([][]int, n)
	for i := range n * n {
		r, c := i/n, i%n
		x := r/h*(n/w) + c/w
		regions[x] = append(regions[x], i)
	}
	rs, err := Regions(n, regions)
	if err != nil {
		return nil, err
	}
	rs.boxH, rs.boxW = h, w
	return rs, nil
}

// Regions returns the rules of an n×n board with rows, columns and the
// given regions (Kind Box, numbered in the order given), as in jigsaw
// Sudoku. The regions must partition the board into n regions of n cells;
// nil or empty means no regions (a Latin square).
func Regions(n int, regions [][]int) (*Rules, error) {
	if n < MinN || n > MaxN {
		return nil, fmt.Errorf("%w: %d×%d (want %d to %d)", ErrSize, n, n, MinN, MaxN)
	}
	units := make([]Unit, 0, 3*n)
	for r := range n {
		cells := make([]int, n)
		for c := range n {
			cells[c] = r*n + c
		}
		units = append(units, Unit{Kind: Row, Index: r, Cells: cells})
	}
	for c := range n {
		cells := make([]int, n)
		for r := range n {
			cells[r] = r*n + c
		}
		units = append(units, Unit{Kind: Column, Index: c, Cells: cells})
	}
	if len(regions) > 0 {
		if len(regions) != n {
			return nil, fmt.Errorf("%w: %d regions, want %d", ErrRules, len(regions), n)
		}
		seen := make([]bool, n*n)
		for x, reg := range regions {
			if len(reg) != n {
				return nil, fmt.Errorf("%w: region %d has %d cells, want %d", ErrRules, x+1, len(reg), n)
			}
			cells, err := (&Rules{n: n}).checkCells(reg)
			if err != nil {
				return nil, fmt.Errorf("region %d: %w", x+1, err)
			}
			for _, i := range cells {
				if seen[i] {
					return nil, fmt.Errorf("%w: region %d: %s is in two regions", ErrRules, x+1, (&Rules{n: n}).CellName(i))
				}
				seen[i] = true
			}
			units = append(units, Unit{Kind: Box, Index: x, Cells: cells})
		}
	}
	return build(n, n*n, units), nil
}

// Raw returns the rules of an n×n board with no units at all: no rows, no
// columns, no regions (the grid type Raw of sigh's Interactive Sudoku
// Solver). Its cells hold the digits 1..N, or as many as WithValues says
// (fewer than N too); only the units, relations and constraints added to
// it hold. n must be in [MinRawN, MaxN]: a raw board may be smaller than
// 4×4 (a 3×3 grid whose rows and columns are extra units is ISS's 3×3
// Sudoku grid).
func Raw(n int) (*Rules, error) {
	if n < MinRawN || n > MaxN {
		return nil, fmt.Errorf("%w: %d×%d (want %d to %d)", ErrSize, n, n, MinRawN, MaxN)
	}
	rs := build(n, n*n, nil)
	rs.raw = true
	return rs, nil
}

// Raw reports whether r are rules of a raw board (see Raw): its rows and
// columns are no units.
func (r *Rules) Raw() bool { return r.raw }

// WithWindow returns the rules of raw board r cut to a grid of rows×cols
// cells in its top left corner, for a grid that is not square (ISS's
// ".Shape~4x6"): the board's side must be max(rows, cols), and its cells
// outside the window (holes) are no cells of the puzzle. A hole holds
// digit 1 in every solution and nothing else (the encoder fixes it, the
// validator checks it), so that each solution of the grid is counted
// once; no unit, relation or constraint may name a hole, and the text
// forms and pictures show the window only. Cells keep their indices
// r·N + c. rows = cols = N gives r as it is; other sizes, or a board that
// is not raw or already has units, relations or constraints, are an error
// wrapping ErrRules.
func (r *Rules) WithWindow(rows, cols int) (*Rules, error) {
	if !r.raw || rows < 1 || cols < 1 || max(rows, cols) != r.n || len(r.units) > 0 || len(r.relations) > 0 || len(r.constraints) > 0 {
		return nil, fmt.Errorf("%w: a %d×%d window on a %d×%d board (want a raw board of side max(rows, cols), before its rules)", ErrRules, rows, cols, r.n, r.n)
	}
	rs := *r
	rs.newTables()
	rs.rows, rs.cols = rows, cols
	if rows == r.n && cols == r.n {
		rs.rows, rs.cols = 0, 0
	}
	return &rs, nil
}

// Window returns the rows and columns of the grid: N and N, or those of a
// window (see WithWindow).
func (r *Rules) Window() (rows, cols int) {
	if r.rows == 0 {
		return r.n, r.n
	}
	return r.rows, r.cols
}

// Hole reports whether cell i is a grid cell outside the window (see
// WithWindow): never on a board without one.
func (r *Rules) Hole(i int) bool {
	return r.rows != 0 && i < r.n*r.n && (i/r.n >= r.rows || i%r.n >= r.cols)
}

// checkCells returns the cells sorted, or an error for a cell off the
// board of r (its grid and var cells) or a cell listed twice.
func (r *Rules) checkCells(cells []int) ([]int, error) {
	s := slices.Clone(cells)
	slices.Sort(s)
	for k, i := range s {
		if i < 0 || i >= r.Cells() {
			return nil, fmt.Errorf("%w: cell %d is off the %d×%d board", ErrRules, i, r.n, r.n)
		}
		if k > 0 && s[k-1] == i {
			return nil, fmt.Errorf("%w: %s listed twice", ErrRules, r.CellName(i))
		}
	}
	return s, nil
}

// ExtraUnit is an extra unit for WithExtra: a name for messages and its
// cells, row-major indices.
type ExtraUnit struct {
	Name  string
	Cells []int
}

// WithExtra returns rules that add the extra units to r (Kind Extra,
// numbered after r's extra units), as the diagonals of X-Sudoku or the
// windows of Windoku: no digit twice in any of them, and every digit once
// in one of N cells. A unit needs at least two cells; an extra unit with
// the same cells as a unit of r adds nothing and is left out.
func (r *Rules) WithExtra(extra ...ExtraUnit) (*Rules, error) {
	units := slices.Clone(r.units)
	next := 0
	for _, u := range units {
		if u.Kind == Extra {
			next++
		}
	}
outer:
	for _, e := range extra {
		if len(e.Cells) < 2 || len(e.Cells) > r.Values() {
			return nil, fmt.Errorf("%w: extra unit %q has %d cells (want 2 to %d)", ErrRules, e.Name, len(e.Cells), r.Values())
		}
		cells, err := r.checkCells(e.Cells)
		if err != nil {
			return nil, fmt.Errorf("extra unit %q: %w", e.Name, err)
		}
		if i := slices.IndexFunc(cells, r.Hole); i >= 0 {
			return nil, fmt.Errorf("%w: extra unit %q: %s is outside the %d×%d grid", ErrRules, e.Name, r.CellName(cells[i]), r.rows, r.cols)
		}
		for _, u := range units {
			if slices.Equal(u.Cells, cells) {
				continue outer
			}
		}
		name := e.Name
		if name == "" {
			name = "extra unit " + strconv.Itoa(next+1)
		}
		units = append(units, Unit{Kind: Extra, Index: next, Name: name, Cells: cells})
		next++
	}
	rs := build(r.n, r.Cells(), units)
	rs.boxH, rs.boxW, rs.raw, rs.rows, rs.cols = r.boxH, r.boxW, r.raw, r.rows, r.cols
	rs.relations, rs.constraints, rs.tags = r.relations, r.constraints, r.tags
	rs.valueOffset, rs.values, rs.varCells, rs.varNames = r.valueOffset, r.values, r.varCells, r.varNames
	return rs, nil
}

// build indexes the units: the units of every cell (cells of them, the
// grid's and any var cells) and the overlaps.
func build(n, cells int, units []Unit) *Rules {
	r := &Rules{n: n, units: units, varCells: cells - n*n}
	r.newTables()
	count := make([]int32, cells+1)
	for _, u := range units {
		for _, i := range u.Cells {
			count[i+1]++
		}
	}
	for i := 1; i <= cells; i++ {
		count[i] += count[i-1]
	}
	r.cellStart = count
	r.cellUnits = make([]int32, count[cells])
	fill := slices.Clone(count[:cells])
	for x, u := range units {
		for _, i := range u.Cells {
			r.cellUnits[fill[i]] = int32(x)
			fill[i]++
		}
	}
	// Overlaps: every pair of units that share two cells or more.
	shared := map[[2]int32]int{}
	for i := range cells {
		us := r.cellUnits[r.cellStart[i]:r.cellStart[i+1]]
		for a, ua := range us {
			for _, ub := range us[a+1:] {
				shared[[2]int32{ua, ub}]++
			}
		}
	}
	var pairs [][2]int32
	for p, k := range shared {
		if k >= 2 {
			pairs = append(pairs, p)
		}
	}
	slices.SortFunc(pairs, func(x, y [2]int32) int {
		if x[0] != y[0] {
			return int(x[0] - y[0])
		}
		return int(x[1] - y[1])
	})
	for _, p := range pairs {
		a, b := units[p[0]].Cells, units[p[1]].Cells
		o := Overlap{A: int(p[0]), B: int(p[1])}
		for _, i := range a {
			if slices.Contains(b, i) {
				o.Shared = append(o.Shared, i)
			} else {
				o.OnlyA = append(o.OnlyA, i)
			}
		}
		for _, i := range b {
			if !slices.Contains(a, i) {
				o.OnlyB = append(o.OnlyB, i)
			}
		}
		r.overlaps = append(r.overlaps, o)
	}
	return r
}

// N returns the side of the board.
func (r *Rules) N() int { return r.n }

// BoxShape returns the shape of the boxes, h rows by w columns, when the
// regions are rectangular boxes (0, 0 otherwise: irregular regions or
// none). The formatter draws box borders from it.
func (r *Rules) BoxShape() (h, w int) { return r.boxH, r.boxW }

// CellRegions returns the region of each cell (the Index of its Box unit:
// a box, or a jigsaw piece), −1 for a cell in no region (var cells
// included).
func (r *Rules) CellRegions() []int {
	reg := make([]int, r.Cells())
	for i := range reg {
		reg[i] = -1
	}
	for _, u := range r.units {
		if u.Kind == Box {
			for _, i := range u.Cells {
				reg[i] = u.Index
			}
		}
	}
	return reg
}

// Units returns every unit: the N rows, then the N columns, then the
// regions, then the extra units (on a raw board, only the extra units). The slice and the units' cells are
// shared: callers must not modify them.
func (r *Rules) Units() []Unit { return r.units }

// UnitsOf returns the indices into Units of the units that hold cell i,
// in increasing order (its row, its column, its region, then extra units).
// The slice is shared: callers must not modify it.
func (r *Rules) UnitsOf(i int) []int32 { return r.cellUnits[r.cellStart[i]:r.cellStart[i+1]] }

// Overlaps returns every pair of units that share two cells or more, by A
// then B. The slice is shared: callers must not modify it.
func (r *Rules) Overlaps() []Overlap { return r.overlaps }

// Full reports whether unit u (an index into Units) has as many cells as
// there are digits (N, or Values), so that it holds every digit exactly
// once. With more digits than N (see WithValues) no unit of N cells is
// full: it holds N distinct digits of the V.
func (r *Rules) Full(u int) bool { return len(r.units[u].Cells) == r.Values() }

// Classic reports whether r are the classic rules: rows, columns and
// rectangular boxes, nothing else, and the digits 1..N.
func (r *Rules) Classic() bool {
	return r.boxH != 0 && len(r.units) == 3*r.n && len(r.relations) == 0 && len(r.constraints) == 0 && r.values == 0 && r.varCells == 0
}

// Extras returns the extra units of r, in order.
func (r *Rules) Extras() []Unit {
	for x, u := range r.units {
		if u.Kind == Extra {
			return r.units[x:]
		}
	}
	return nil
}

// The global rules that WithNamed knows, by the names f-puzzles and the CLI
// use.
var namedRules = []string{"x", "diagonal+", "diagonal-", "windoku", "disjoint", "anti-knight", "anti-king", "nonconsecutive"}

// RuleNames returns the names WithNamed accepts.
func RuleNames() []string { return slices.Clone(namedRules) }

// WithNamed returns r with the named global rules added as extra units:
//
//   - "diagonal-": the negative diagonal, top left to bottom right, holds
//     every digit once (unit "diagonal ↘");
//   - "diagonal+": the positive diagonal, bottom left to top right ("diagonal ↗");
//   - "x": both diagonals (X-Sudoku);
//   - "windoku": four more 3×3 windows, at rows and columns 2–4 and 6–8
//     (9×9 boards with 3×3 boxes only; "window 1" to "window 4");
//   - "disjoint": disjoint groups, the cells at the same place in every box
//     ("disjoint group 1" to N; boards with rectangular boxes);
//   - "anti-knight": cells a knight's move apart hold different digits;
//   - "anti-king": cells a king's move apart (diagonally adjacent; the
//     others share a row or a column) hold different digits;
//   - "nonconsecutive": orthogonally adjacent cells do not hold consecutive
//     digits.
//
// Names are case-insensitive; an unknown name, or one the board cannot
// take, is an error wrapping ErrRules.
func (r *Rules) WithNamed(names ...string) (*Rules, error) {
	n := r.n
	var extra []ExtraUnit
	var rel []Relation
	var tags []string
	// moves adds a relation of kind k between every cell and the cells at
	// the offsets (each pair once, as the offsets come in ± pairs).
	moves := func(name string, k RelationKind, offsets [][2]int) {
		for i := range n * n {
			for _, o := range offsets {
				r2, c2 := i/n+o[0], i%n+o[1]
				if j := r2*n + c2; r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && j > i {
					rel = append(rel, Relation{A: i, B: j, Kind: k, Name: name})
				}
			}
		}
	}
	for _, name := range names {
		name = strings.ToLower(strings.TrimSpace(name))
		tags = append(tags, name)
		switch name {
		case "anti-knight":
			moves("anti-knight", Different, [][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}, {-1, 2}, {-2, 1}, {-1, -2}, {-2, -1}})
		case "anti-king":
			moves("anti-king", Different, [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}})
		case "nonconsecutive":
			moves("nonconsecutive", NotConsecutive, [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}})
		case "x":
			extra = append(extra, diagonal(n, false), diagonal(n, true))
		case "diagonal-":
			extra = append(extra, diagonal(n, false))
		case "diagonal+":
			extra = append(extra, diagonal(n, true))
		case "windoku":
			if n != 9 || r.boxH != 3 || r.boxW != 3 {
				return nil, fmt.Errorf("%w: windoku needs a 9×9 board with 3×3 boxes", ErrRules)
			}
			for k, top := range [][2]int{{1, 1}, {1, 5}, {5, 1}, {5, 5}} {
				var cells []int
				for i := range 9 {
					cells = append(cells, (top[0]+i/3)*n+top[1]+i%3)
				}
				extra = append(extra, ExtraUnit{Name: "window " + strconv.Itoa(k+1), Cells: cells})
			}
		case "disjoint":
			if r.boxH == 0 {
				return nil, fmt.Errorf("%w: disjoint groups need rectangular boxes", ErrRules)
			}
			groups := make([][]int, n)
			for _, u := range r.units {
				if u.Kind == Box {
					for k, i := range u.Cells {
						groups[k] = append(groups[k], i)
					}
				}
			}
			for k, cells := range groups {
				extra = append(extra, ExtraUnit{Name: "disjoint group " + strconv.Itoa(k+1), Cells: cells})
			}
		default:
			return nil, fmt.Errorf("%w: unknown rule %q (want %s)", ErrRules, name, strings.Join(namedRules, ", "))
		}
	}
	rs, err := r.WithExtra(extra...)
	if err != nil {
		return nil, err
	}
	if rs, err = rs.WithRelations(rel...); err != nil {
		return nil, err
	}
	return rs.WithTags(tags...), nil
}

// diagonal returns the negative diagonal of an n×n board (top left to
// bottom right), or with up the positive one (bottom left to top right).
func diagonal(n int, up bool) ExtraUnit {
	cells := make([]int, n)
	for k := range n {
		if up {
			cells[k] = (n-1-k)*n + k
		} else {
			cells[k] = k*n + k
		}
	}
	if up {
		return ExtraUnit{Name: "diagonal ↗", Cells: cells}
	}
	return ExtraUnit{Name: "diagonal ↘", Cells: cells}
}
