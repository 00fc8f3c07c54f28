package satdoku

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Digits and values.
//
// Every layer works with digits: a cell holds a digit 1..V, where V is
// Rules.Values, N unless the rules say otherwise. A puzzle may show other
// values than its digits (ISS's ".Shape~9x9~0-8": a 9×9 board whose cells
// hold 0 to 8): the rules then carry a value offset, and digit d stands for
// the value d + ValueOffset (digit 1 is the value 0 when the offset is −1).
// The offset is for readers and writers only: the encoder, the solvers and
// the validator see digits, and every number a clue states in values (a
// cage's sum, a given) is converted to digits once, where the clue is read
// (package clue). The classic rules have offset 0: digits are values.

// MinValueOffset and MaxValueOffset bound a value offset: the values start
// at 0 or at 1, as in ISS (its grid shapes' valueOffset).
const (
	MinValueOffset = -1
	MaxValueOffset = 0
)

// WithValueOffset returns rules whose digit d stands for the value d+off
// (see the notes on digits and values): −1 for the values 0..V−1. An
// offset outside [MinValueOffset, MaxValueOffset] is an error wrapping
// ErrRules.
func (r *Rules) WithValueOffset(off int) (*Rules, error) {
	if off < MinValueOffset || off > MaxValueOffset {
		return nil, fmt.Errorf("%w: value offset %d (want %d to %d)", ErrRules, off, MinValueOffset, MaxValueOffset)
	}
	rs := *r
	rs.newTables()
	rs.valueOffset = off
	return &rs, nil
}

// ValueOffset returns the offset of r's values from its digits: digit d
// stands for the value d + ValueOffset (0 for the classic rules).
func (r *Rules) ValueOffset() int { return r.valueOffset }

// ValueOf returns the value that digit d stands for: d + ValueOffset.
func (r *Rules) ValueOf(d int) int { return d + r.valueOffset }

// DigitOf returns the digit that stands for value v, and whether it is one
// of r's digits 1..Values.
func (r *Rules) DigitOf(v int) (int, bool) {
	d := v - r.valueOffset
	return d, d >= 1 && d <= r.Values()
}

// Values returns the number of digits a cell may hold, V: the digits are
// 1..V (the values ValueOf(1)..ValueOf(V)). It is N unless WithValues
// said otherwise.
func (r *Rules) Values() int {
	if r.values != 0 {
		return r.values
	}
	return r.n
}

// WithValues returns rules whose cells hold the digits 1..v, v ≥ N (ISS's
// ".Shape~6x6~9": a 6×6 board of the digits 1 to 9): a unit then holds
// distinct digits, and only a unit of v cells holds every digit (see
// Full). v must be from N to MaxN, or on a raw board (see Raw), which has
// no rows to fill, from 1 to MaxN (ISS's ".Shape~14x14~10~Raw"); an error
// wrapping ErrRules otherwise, or when a unit has more than v cells. v = N
// gives the rules as they are. Layers that handle only N digits refuse
// such rules (see Rules.Values).
func (r *Rules) WithValues(v int) (*Rules, error) {
	least := r.n
	if r.raw {
		least = 1
	}
	if v < least || v > MaxN {
		return nil, fmt.Errorf("%w: %d digits on a %d×%d board (want %d to %d)", ErrRules, v, r.n, r.n, least, MaxN)
	}
	for _, u := range r.units {
		if len(u.Cells) > v {
			return nil, fmt.Errorf("%w: %s has %d cells, more than %d digits", ErrRules, u, len(u.Cells), v)
		}
	}
	rs := *r
	rs.newTables()
	rs.values = v
	if v == r.n {
		rs.values = 0
	}
	return &rs, nil
}

// valueSymbols are the symbols of the values 0 to 35.
const valueSymbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// AppendSymbol appends the symbol of digit d under r to b: '.' for 0 (an
// empty cell), else its value as one character, 0-9 then letters from A
// for 10 ("A" is the value 10 on a 16×16 board); values above 35 are
// written in decimal.
func (r *Rules) AppendSymbol(b []byte, d int) []byte {
	if d == 0 {
		return append(b, '.')
	}
	v := r.ValueOf(d)
	if v >= 0 && v < len(valueSymbols) {
		return append(b, valueSymbols[v])
	}
	return strconv.AppendInt(b, int64(v), 10)
}

// Var cells.
//
// A puzzle may have cells outside the grid (ISS's Var: a shading of every
// cell, a digit per cage): cells numbered after the grid's N² cells, N²
// to Cells()−1, that hold a digit 1..V as the grid's cells do but belong to
// no row, column or region until a unit names them. Relations and
// constraints may name them like any cell; the encoder numbers their
// variables after the grid's (i·V + d, see package encode), the validator
// checks them, and a grid's text forms show the grid's cells only.

// MaxCells bounds the cells of a board with its var cells.
const MaxCells = MaxN*MaxN + 1024

// WithVarCells returns rules with k more cells beyond r's (see the notes
// on var cells), numbered from r.Cells() on, unnamed (see CellName and
// WithNamedVarCells). A k below 0 or a total above
// MaxCells is an error wrapping ErrRules.
func (r *Rules) WithVarCells(k int) (*Rules, error) {
	if k < 0 || r.Cells()+k > MaxCells {
		return nil, fmt.Errorf("%w: %d var cells beside %d cells (the limit is %d in all)", ErrRules, k, r.Cells(), MaxCells)
	}
	rs := *r
	rs.newTables()
	rs.varCells = r.varCells + k
	last := r.cellStart[len(r.cellStart)-1]
	rs.cellStart = slices.Clone(r.cellStart)
	for range k {
		rs.cellStart = append(rs.cellStart, last)
	}
	return &rs, nil
}

// WithNamedVarCells returns rules with a var cell more beyond r's for
// each name, numbered from r.Cells() on, which every layer calls by that
// name (see CellName): the name the puzzle gave it ("VS1", "CC12"). An
// empty name leaves the cell unnamed. A name taken by another cell (a
// grid cell's "r1c1" or an unnamed var cell's "v1" too, in any case), one
// with a space, a comma or a semicolon, or a total above MaxCells, is an
// error wrapping ErrRules.
func (r *Rules) WithNamedVarCells(names ...string) (*Rules, error) {
	rs, err := r.WithVarCells(len(names))
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(names, func(s string) bool { return s != "" }) {
		return rs, nil
	}
	taken := map[string]bool{}
	for k := range r.varCells {
		if name := r.varName(k); name != "" {
			taken[strings.ToLower(name)] = true
		}
	}
	for _, name := range names {
		key := strings.ToLower(name)
		switch {
		case name == "":
			continue
		case strings.ContainsAny(name, " \t\n,;") || !utf8.ValidString(name):
			return nil, fmt.Errorf("%w: var cell name %q (want valid UTF-8 without spaces, commas or semicolons)", ErrRules, name)
		case taken[key] || gridCellName(key) || defaultName(key):
			return nil, fmt.Errorf("%w: var cell name %q names another cell", ErrRules, name)
		}
		taken[key] = true
	}
	rs.varNames = make([]string, rs.varCells)
	copy(rs.varNames, r.varNames)
	copy(rs.varNames[r.varCells:], names)
	return rs, nil
}

// VarCellNames returns the names given to the var cells (see
// WithNamedVarCells), in order from cell N², "" for an unnamed one: what
// WithNamedVarCells takes to give other rules the same var cells. To
// name a cell in a message, use CellName.
func (r *Rules) VarCellNames() []string {
	names := make([]string, r.varCells)
	for k := range names {
		names[k] = r.varName(k)
	}
	return names
}

// varName returns the name of var cell k (cell N²+k), "" when it has none.
func (r *Rules) varName(k int) string {
	if k < len(r.varNames) {
		return r.varNames[k]
	}
	return ""
}

// gridCellName reports whether s (lower-case) has the form of a grid
// cell's name, "r" digits "c" digits.
func gridCellName(s string) bool {
	row, col, ok := strings.Cut(strings.TrimPrefix(s, "r"), "c")
	if !ok || !strings.HasPrefix(s, "r") || row == "" || col == "" {
		return false
	}
	return strings.Trim(row, "0123456789") == "" && strings.Trim(col, "0123456789") == ""
}

// defaultName reports whether s (lower-case) has the form of the name
// CellName gives an unnamed var cell, "v" digits.
func defaultName(s string) bool {
	rest, ok := strings.CutPrefix(s, "v")
	return ok && rest != "" && strings.Trim(rest, "0123456789") == ""
}

// CellName returns the name of cell i for every message, list and
// picture that names a cell: "r1c1" for the grid's cell at row 1, column
// 1 (rows and columns from 1), and for a var cell the name it was given
// (see WithNamedVarCells), or "v" and its number among the var cells
// ("v1" for cell N²) when it has none. A cell off the board is "cell" and
// its index.
func (r *Rules) CellName(i int) string {
	return string(r.AppendCellName(make([]byte, 0, 8), i))
}

// AppendCellName appends the name of cell i (see CellName) to b.
func (r *Rules) AppendCellName(b []byte, i int) []byte {
	n := r.n
	switch {
	case i >= 0 && i < n*n:
		b = append(b, 'r')
		b = strconv.AppendInt(b, int64(i/n+1), 10)
		b = append(b, 'c')
		return strconv.AppendInt(b, int64(i%n+1), 10)
	case i >= n*n && i < r.Cells():
		if name := r.varName(i - n*n); name != "" {
			return append(b, name...)
		}
		b = append(b, 'v')
		return strconv.AppendInt(b, int64(i-n*n+1), 10)
	}
	b = append(b, "cell "...)
	return strconv.AppendInt(b, int64(i), 10)
}

// Cells returns the number of cells: the grid's N², and the var cells.
func (r *Rules) Cells() int { return r.n*r.n + r.varCells }

// VarCells returns the number of var cells, numbered from N² on.
func (r *Rules) VarCells() int { return r.varCells }
