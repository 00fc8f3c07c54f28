package verify

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/satdoku/satdoku"
)

// Cell is a position on the board, Row and Col counted from 0.
type Cell struct{ Row, Col int }

// String returns the cell in 1-based "r1c3" form.
func (c Cell) String() string { return fmt.Sprintf("r%dc%d", c.Row+1, c.Col+1) }

// less reports whether c comes before d in row-major order.
func (c Cell) less(d Cell) bool {
	if c.Row != d.Row {
		return c.Row < d.Row
	}
	return c.Col < d.Col
}

// Unit is the kind of a house a digit may appear in only once: a row, a
// column or a box.
type Unit uint8

// The three kinds of unit, in the order Check sorts them.
const (
	Row    Unit = iota // a row, numbered from 0 top to bottom
	Column             // a column, numbered from 0 left to right
	Box                // a box, numbered from 0 row-major: box 1 is right of box 0
)

// String returns "row", "column" or "box".
func (u Unit) String() string {
	switch u {
	case Row:
		return "row"
	case Column:
		return "column"
	case Box:
		return "box"
	}
	return fmt.Sprintf("Unit(%d)", uint8(u))
}

// Conflict is one pair of cells that hold the same digit in the same unit.
// A comes before B in row-major order. Index is the 0-based number of the
// row, column or box (boxes are numbered row-major).
type Conflict struct {
	A, B  Cell
	Digit int
	Unit  Unit
	Index int
}

// String describes the conflict with 1-based numbers, for example
// "r1c3 and r1c7 both hold 5 (row 1)". The digit is written in decimal.
func (c Conflict) String() string {
	return fmt.Sprintf("%v and %v both hold %d (%v %d)", c.A, c.B, c.Digit, c.Unit, c.Index+1)
}

// compare orders conflicts by A, then B, then Unit.
func compare(x, y Conflict) int {
	switch {
	case x.A != y.A:
		if x.A.less(y.A) {
			return -1
		}
		return 1
	case x.B != y.B:
		if x.B.less(y.B) {
			return -1
		}
		return 1
	}
	return int(x.Unit) - int(y.Unit)
}

// usable reports whether g is a non-nil grid with a valid size, so that
// N ≤ 64 digits fit a uint64 mask and N = B².
func usable(g *satdoku.Grid) bool {
	if g == nil {
		return false
	}
	b := g.Box()
	return b >= satdoku.MinBox && b <= satdoku.MaxBox && b*b == g.N() && g.Len() == g.N()*g.N()
}

// Check returns every pair of filled cells that hold the same digit in the
// same row, column or box; empty cells are ignored, so a partly filled
// puzzle is valid when its givens do not clash (LeetCode 36 "Valid Sudoku").
// A pair that shares both a row and a box gives two conflicts. The result
// is sorted by A, then B, then Unit (row, column, box) and is nil when the
// grid breaks no rule, or when g is nil.
func Check(g *satdoku.Grid) []Conflict {
	if !usable(g) {
		return nil
	}
	n, b := g.N(), g.Box()
	// Fast path: one sweep with digit masks, remembering which units
	// hold a repeated digit.
	var row, col, box [satdoku.MaxN]uint64
	var badRow, badCol, badBox uint64
	i := 0
	for r := 0; r < n; r++ {
		band := r / b * b
		for c, bc, k := 0, 0, 0; c < n; c++ {
			d := g.Cell(i)
			i++
			if d != 0 {
				bit := uint64(1) << (d - 1)
				x := band + bc
				if row[r]&bit != 0 {
					badRow |= 1 << r
				}
				if col[c]&bit != 0 {
					badCol |= 1 << c
				}
				if box[x]&bit != 0 {
					badBox |= 1 << x
				}
				row[r] |= bit
				col[c] |= bit
				box[x] |= bit
			}
			if k++; k == b {
				k = 0
				bc++
			}
		}
	}
	if badRow|badCol|badBox == 0 {
		return nil
	}
	// Slow path: list the pairs in the units known to be bad.
	var out []Conflict
	var cells [satdoku.MaxN]Cell
	pairs := func(u Unit, x int) {
		for p := 0; p < n; p++ {
			a := cells[p]
			d := g.Get(a.Row, a.Col)
			if d == 0 {
				continue
			}
			for q := p + 1; q < n; q++ {
				if e := cells[q]; g.Get(e.Row, e.Col) == d {
					out = append(out, Conflict{A: a, B: e, Digit: d, Unit: u, Index: x})
				}
			}
		}
	}
	for m := badRow; m != 0; m &= m - 1 {
		r := bits.TrailingZeros64(m)
		for c := 0; c < n; c++ {
			cells[c] = Cell{r, c}
		}
		pairs(Row, r)
	}
	for m := badCol; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		for r := 0; r < n; r++ {
			cells[r] = Cell{r, c}
		}
		pairs(Column, c)
	}
	for m := badBox; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		r0, c0 := x/b*b, x%b*b
		for k := 0; k < n; k++ {
			cells[k] = Cell{r0 + k/b, c0 + k%b} // row-major inside the box
		}
		pairs(Box, x)
	}
	slices.SortFunc(out, compare)
	return out
}

// Errors returned by Solution. The error Solution returns names the cell or
// the pair at fault and wraps exactly one of these, for errors.Is.
var (
	// ErrSize means the grids differ in size, or one is nil or not a valid board.
	ErrSize = errors.New("verify: size mismatch")
	// ErrIncomplete means the solution has an empty cell.
	ErrIncomplete = errors.New("verify: empty cell")
	// ErrGivens means the solution changes a digit given by the puzzle.
	ErrGivens = errors.New("verify: given changed")
	// ErrConflict means the solution repeats a digit in a row, column or box.
	ErrConflict = errors.New("verify: digit repeated")
)

// problem is the error Solution returns: a precise message, prefixed
// "verify: ", that unwraps to one of the sentinel errors. (fmt.Errorf with
// %w would append the sentinel's text to the message; this keeps messages
// such as "verify: r2c5 is empty" exact.)
type problem struct {
	msg  string
	kind error
}

func (e *problem) Error() string { return "verify: " + e.msg }
func (e *problem) Unwrap() error { return e.kind }

func fail(kind error, format string, args ...any) error {
	return &problem{msg: fmt.Sprintf(format, args...), kind: kind}
}

// Solution reports whether solution is a correct answer to puzzle: it
// returns nil if and only if both grids have the same size, every cell of
// solution holds a digit, solution breaks no rule, and every digit given by
// puzzle is in the same cell of solution.
//
// Otherwise the error describes the first problem met, with sizes checked
// first and then the cells in row-major order; a repeated digit is reported
// at the later cell of the pair (row before column before box), as in
// "verify: r2c5 is empty", "verify: r1c1 holds 4 but the puzzle gives 5",
// "verify: r1c3 and r1c7 both hold 5 (row 1)" or
// "verify: size 9×9, puzzle is 16×16". The error wraps ErrSize,
// ErrIncomplete, ErrGivens or ErrConflict.
//
// Solution does not allocate when the answer is correct.
func Solution(puzzle, solution *satdoku.Grid) error {
	switch {
	case puzzle == nil:
		return fail(ErrSize, "no puzzle")
	case solution == nil:
		return fail(ErrSize, "no solution")
	case !usable(puzzle):
		return fail(ErrSize, "puzzle is not a valid board (%d×%d)", puzzle.N(), puzzle.N())
	case !usable(solution):
		return fail(ErrSize, "solution is not a valid board (%d×%d)", solution.N(), solution.N())
	case puzzle.N() != solution.N():
		return fail(ErrSize, "size %d×%d, puzzle is %d×%d", solution.N(), solution.N(), puzzle.N(), puzzle.N())
	}
	n, b := solution.N(), solution.Box()
	var col [satdoku.MaxN]uint64
	var box [satdoku.MaxBox]uint64 // the boxes of the current band
	i := 0
	for r := 0; r < n; r++ {
		if r%b == 0 {
			box = [satdoku.MaxBox]uint64{}
		}
		var row uint64
		for c, bc, k := 0, 0, 0; c < n; c++ {
			d := solution.Cell(i)
			if d == 0 {
				return fail(ErrIncomplete, "%v is empty", Cell{r, c})
			}
			if p := puzzle.Cell(i); p != 0 && p != d {
				return fail(ErrGivens, "%v holds %d but the puzzle gives %d", Cell{r, c}, d, p)
			}
			i++
			bit := uint64(1) << (d - 1)
			if (row|col[c]|box[bc])&bit != 0 {
				return conflictAt(solution, r, c, d, row&bit != 0, col[c]&bit != 0)
			}
			row |= bit
			col[c] |= bit
			box[bc] |= bit
			if k++; k == b {
				k = 0
				bc++
			}
		}
	}
	return nil
}

// conflictAt builds the error for cell (r, c) holding d, which repeats a
// digit seen earlier in its row, column or box; the cells before it in
// row-major order have no conflicts among themselves, so exactly one earlier
// cell of that unit holds d.
func conflictAt(g *satdoku.Grid, r, c, d int, inRow, inCol bool) error {
	n, b := g.N(), g.Box()
	here := Cell{r, c}
	cf := Conflict{B: here, Digit: d}
	switch {
	case inRow:
		cf.Unit, cf.Index = Row, r
		for k := 0; k < c; k++ {
			if g.Get(r, k) == d {
				cf.A = Cell{r, k}
				break
			}
		}
	case inCol:
		cf.Unit, cf.Index = Column, c
		for k := 0; k < r; k++ {
			if g.Get(k, c) == d {
				cf.A = Cell{k, c}
				break
			}
		}
	default:
		cf.Unit, cf.Index = Box, r/b*b+c/b
		r0, c0 := r/b*b, c/b*b
		for k := 0; k < n; k++ {
			a := Cell{r0 + k/b, c0 + k%b}
			if a.less(here) && g.Get(a.Row, a.Col) == d {
				cf.A = a
				break
			}
		}
	}
	return &problem{msg: cf.String(), kind: ErrConflict}
}
