package satdoku

import (
	"fmt"
	"strconv"
)

// Grid is an N×N Sudoku board under a set of Rules (4×4 to 64×64; 9×9
// with 3×3 boxes by default). Cells are numbered row-major from 0; a cell
// holds 0 when it is empty and a digit 1..N otherwise.
//
// The zero Grid is not usable; make one with New, NewGrid or
// textfmt.Parse. A *Grid is not safe for concurrent mutation.
type Grid struct {
	rules *Rules
	cells []uint8
}

// New returns an empty n×n grid under the standard rules of its size (see
// Standard): n from MinN to MaxN.
func New(n int) (*Grid, error) {
	r, err := Standard(n)
	if err != nil {
		return nil, err
	}
	return NewGrid(r), nil
}

// NewGrid returns an empty grid under rules r.
func NewGrid(r *Rules) *Grid {
	if r.n == 9 && r.varCells == 0 {
		// The common board in a single allocation.
		m := new(struct {
			g Grid
			c [81]uint8
		})
		m.g = Grid{rules: r, cells: m.c[:]}
		return &m.g
	}
	return &Grid{rules: r, cells: make([]uint8, r.Cells())}
}

// Rules returns the rules g is played under.
func (g *Grid) Rules() *Rules { return g.rules }

// SetRules puts g under rules r, which must be for a board of g's side.
// The digits stay as they are.
func (g *Grid) SetRules(r *Rules) error {
	if r == nil || r.n != g.N() || r.Cells() != len(g.cells) {
		return fmt.Errorf("%w: rules for another board size", ErrRules)
	}
	g.rules = r
	return nil
}

// N returns the side of the board: 9 for a 9×9 grid, 0 for the zero Grid.
func (g *Grid) N() int {
	if g.rules == nil {
		return 0
	}
	return g.rules.n
}

// Len returns the number of cells: N², and the var cells of its rules
// (see Rules.WithVarCells), numbered after the grid's.
func (g *Grid) Len() int { return len(g.cells) }

// Get returns the digit at row r, column c (both from 0), or 0 if the cell is
// empty.
func (g *Grid) Get(r, c int) int { return int(g.cells[r*g.rules.n+c]) }

// Set puts digit d (0 to empty the cell) at row r, column c. It panics if d
// is outside 0..N or the cell is off the board.
func (g *Grid) Set(r, c, d int) { g.SetCell(r*g.rules.n+c, d) }

// Cell returns the digit in cell i (row-major, from 0), or 0 if it is empty.
func (g *Grid) Cell(i int) int { return int(g.cells[i]) }

// SetCell puts digit d (0 to empty the cell) in cell i. It panics if d is
// outside 0..V (V = Rules.Values, N unless the rules say otherwise).
func (g *Grid) SetCell(i, d int) {
	if v := g.rules.Values(); uint(d) > uint(v) {
		badDigit(d, v)
	}
	g.cells[i] = uint8(d)
}

// badDigit panics for digit d on an n×n board; out of SetCell, which it
// leaves small enough to inline.
//
//go:noinline
func badDigit(d, n int) {
	panic(fmt.Sprintf("satdoku: digit %d out of range 0..%d", d, n))
}

// Givens returns the number of filled cells.
func (g *Grid) Givens() int {
	k := 0
	for _, v := range g.cells {
		if v != 0 {
			k++
		}
	}
	return k
}

// Full reports whether every cell holds a digit.
func (g *Grid) Full() bool {
	for _, v := range g.cells {
		if v == 0 {
			return false
		}
	}
	return true
}

// Clone returns a deep copy of g.
func (g *Grid) Clone() *Grid {
	c := *g
	c.cells = append([]uint8(nil), g.cells...)
	return &c
}

// Equal reports whether g and h have the same size and the same digits.
func (g *Grid) Equal(h *Grid) bool {
	if g == nil || h == nil {
		return g == h
	}
	if g.N() != h.N() {
		return false
	}
	for i, v := range g.cells {
		if h.cells[i] != v {
			return false
		}
	}
	return true
}

// String returns g on one line, row after row: a symbol per cell, '.' for
// an empty one, digits 1-9 then letters from A for 10
// ("53..7....6..195..."); boards larger than 25×25 write decimal numbers
// separated by single spaces. Under rules with a value offset each cell
// is its value's symbol (see Rules.AppendSymbol): "0" for digit 1 when the
// values are 0..8. It is textfmt's FormatLine, which reads it
// back. A grid in a window (see Rules.WithWindow) writes the window's
// cells, row after row.
func (g *Grid) String() string {
	if g == nil {
		return ""
	}
	size := len(g.cells)
	if g.N() > 25 {
		size *= 3
	}
	b, _ := g.AppendText(make([]byte, 0, size))
	return string(b)
}

// AppendText appends g's one-line form, as String gives it, to b and
// returns the extended buffer; the error is always nil. It implements
// encoding.TextAppender.
func (g *Grid) AppendText(b []byte) ([]byte, error) {
	const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	if g == nil || g.rules == nil {
		return b, nil
	}
	wide := g.rules.n > 25
	for i, v := range g.cells[:g.rules.n*g.rules.n] { // the grid's cells, not var cells
		if g.rules.Hole(i) {
			continue // outside the window: no cell of the grid
		}
		if wide && i > 0 {
			b = append(b, ' ')
		}
		switch {
		case v == 0:
			b = append(b, '.')
		case g.rules.valueOffset != 0:
			b = g.rules.AppendSymbol(b, int(v))
		case wide:
			b = strconv.AppendUint(b, uint64(v), 10)
		default:
			b = append(b, symbols[v-1])
		}
	}
	return b, nil
}
