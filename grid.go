package satdoku

import (
	"errors"
	"fmt"
)

// Limits on the board size. A board is N×N with N = B·B for a box size B.
const (
	MinBox = 2 // smallest box size: a 4×4 board
	MaxBox = 8 // largest box size: a 64×64 board
	// MaxN is the side of the largest board, MaxBox².
	MaxN = MaxBox * MaxBox
)

// ErrSize reports a board side that is not B² for a box size B in
// [MinBox, MaxBox].
var ErrSize = errors.New("board size must be 4, 9, 16, 25, 36, 49 or 64")

// Grid is an N×N Sudoku board with N = B² (4×4, 9×9, 16×16, … 64×64).
// Cells are numbered row-major from 0; a cell holds 0 when it is empty and a
// digit 1..N otherwise.
//
// The zero Grid is not usable; make one with New or Parse. A *Grid is not
// safe for concurrent mutation.
type Grid struct {
	box   int
	n     int
	cells []uint8
}

// New returns an empty n×n grid. n must be a square of a box size in
// [MinBox, MaxBox]: 4, 9, 16, 25, 36, 49 or 64.
func New(n int) (*Grid, error) {
	b := BoxOf(n)
	if b == 0 {
		return nil, fmt.Errorf("satdoku: %d×%d: %w", n, n, ErrSize)
	}
	return &Grid{box: b, n: n, cells: make([]uint8, n*n)}, nil
}

// BoxOf returns the box size B of an N×N board, or 0 when n is not a valid
// board side.
func BoxOf(n int) int {
	for b := MinBox; b <= MaxBox; b++ {
		if b*b == n {
			return b
		}
	}
	return 0
}

// N returns the side of the board: 9 for a 9×9 grid.
func (g *Grid) N() int { return g.n }

// Box returns the side of a box: 3 for a 9×9 grid.
func (g *Grid) Box() int { return g.box }

// Len returns the number of cells, N².
func (g *Grid) Len() int { return len(g.cells) }

// Get returns the digit at row r, column c (both from 0), or 0 if the cell is
// empty.
func (g *Grid) Get(r, c int) int { return int(g.cells[r*g.n+c]) }

// Set puts digit d (0 to empty the cell) at row r, column c. It panics if d
// is outside 0..N or the cell is off the board.
func (g *Grid) Set(r, c, d int) { g.SetCell(r*g.n+c, d) }

// Cell returns the digit in cell i (row-major, from 0), or 0 if it is empty.
func (g *Grid) Cell(i int) int { return int(g.cells[i]) }

// SetCell puts digit d (0 to empty the cell) in cell i. It panics if d is
// outside 0..N.
func (g *Grid) SetCell(i, d int) {
	if d < 0 || d > g.n {
		panic(fmt.Sprintf("satdoku: digit %d out of range 0..%d", d, g.n))
	}
	g.cells[i] = uint8(d)
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
	if g.n != h.n {
		return false
	}
	for i, v := range g.cells {
		if h.cells[i] != v {
			return false
		}
	}
	return true
}
