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

// String returns the cell in 1-based "r1c3" form: a grid cell's name. A
// var cell (past the grid, see satdoku.Rules.WithVarCells) has its name
// under its rules only: see Name.
func (c Cell) String() string { return fmt.Sprintf("r%dc%d", c.Row+1, c.Col+1) }

// Name returns the cell's name under rules r (satdoku.Rules.CellName):
// "r1c3" for a grid cell, the var cell's own name ("VS2") past the grid.
func (c Cell) Name(r *satdoku.Rules) string { return r.CellName(c.Row*r.N() + c.Col) }

// cellAt returns the position of cell i (row-major) on an n×n board.
func cellAt(i, n int) Cell { return Cell{i / n, i % n} }

// Conflict is one pair of cells that hold the same digit in the same unit.
// A comes before B in row-major order. Kind, Index and Name identify the
// unit as in satdoku.Unit: Index is its 0-based number among the units of
// its kind (boxes and regions are numbered as the rules list them), and
// Name is the name of an extra unit, "" for a row, a column or a box.
//
// A Conflict can also be a broken relation (satdoku.Relation): Relation is
// then true, Name is the relation's name ("anti-knight"), and Other is the
// digit of B when it is not Digit (nonconsecutive).
//
// A Conflict can also be a broken constraint (satdoku.Constraint):
// Constraint then points to it, in the rules' Constraints; Name is its
// name (its kind's when it has none, as "run"); A and B are the first and
// the last of its cells in row-major order; Cells lists all of them, in
// the constraint's order, as the rules name them ("r1c1,r1c2", a var
// cell's "VS2"); Why says what is wrong, in the board's values, as "sum
// 12, want 10"; and Digit and Other are 0.
type Conflict struct {
	A, B       Cell
	Digit      int
	Kind       satdoku.Kind
	Index      int
	Name       string
	Relation   bool
	Other      int
	Constraint *satdoku.Constraint
	Cells      string
	Why        string
}

// String describes the conflict with 1-based numbers, for example
// "r1c3 and r1c7 both hold 5 (row 1)" or, for an extra unit,
// "r1c1 and r5c5 both hold 3 (diagonal ↘)", and for a broken constraint
// its name, cells and why, as "killer cage r1c1,r1c2: sum 12, want 10".
// The digit is written in decimal. String knows the grid's cells and the
// digits only; Text names var cells and values as the rules do.
func (c Conflict) String() string { return c.text(c.A.String(), c.B.String(), c.Digit, c.Other) }

// Text describes the conflict as String does, under the rules r of the
// grid it was found in: each cell by its name (satdoku.Rules.CellName,
// "VS2" for a var cell) and each digit as the value it stands for
// (satdoku.Rules.ValueOf: "both hold 0" for digit 1 on a board of the
// values 0 to 8). A nil r gives String.
func (c Conflict) Text(r *satdoku.Rules) string {
	if r == nil {
		return c.String()
	}
	other := c.Other
	if other != 0 {
		other = r.ValueOf(other)
	}
	return c.text(c.A.Name(r), c.B.Name(r), r.ValueOf(c.Digit), other)
}

// text writes the conflict with the names a and b of its cells, and v and
// other for its digits (other is 0 when B holds v too).
func (c Conflict) text(a, b string, v, other int) string {
	if c.Constraint != nil {
		return fmt.Sprintf("%s %s: %s", c.Name, c.Cells, c.Why)
	}
	if c.Relation {
		if c.Other != 0 && c.Other != c.Digit {
			return fmt.Sprintf("%s and %s hold %d and %d (%s)", a, b, v, other, c.Name)
		}
		return fmt.Sprintf("%s and %s both hold %d (%s)", a, b, v, c.Name)
	}
	u := satdoku.Unit{Kind: c.Kind, Index: c.Index, Name: c.Name}
	return fmt.Sprintf("%s and %s both hold %d (%v)", a, b, v, u)
}

// conflict returns the conflict of cells i < j of unit u, which hold d.
func conflict(n, i, j, d int, u *satdoku.Unit) Conflict {
	return Conflict{A: cellAt(i, n), B: cellAt(j, n), Digit: d, Kind: u.Kind, Index: u.Index, Name: u.Name}
}

// relationConflict is the conflict of relation x broken by da in A and db
// in B, with A and B in row-major order.
func relationConflict(n int, x *satdoku.Relation, da, db int) Conflict {
	a, b := x.A, x.B
	if a > b {
		a, b, da, db = b, a, db, da
	}
	return Conflict{A: cellAt(a, n), B: cellAt(b, n), Digit: da, Other: db, Name: x.Name, Relation: true}
}

// side returns the side of g's board, 0 for a grid without rules.
func side(g *satdoku.Grid) int {
	if g.Rules() == nil {
		return 0
	}
	return g.N()
}

// usable reports whether g is a non-nil grid under rules with a valid size,
// so that its N ≤ 64 digits fit a uint64 mask.
func usable(g *satdoku.Grid) bool {
	if g == nil {
		return false
	}
	n := side(g)
	return n >= satdoku.MinRawN && n <= satdoku.MaxN && g.Len() == g.Rules().Cells()
}

// bit returns the mask of digit d, bit d-1, and 0 for an empty cell.
func bit(d int) uint64 { return bitOf[uint8(d)] }

// bitOf[d] is bit(d): in Check's loop a table lookup is cheaper than a
// shift guarded for d = 0, and a uint8 index needs no bounds check.
var bitOf = func() (t [256]uint64) {
	for d := 1; d <= satdoku.MaxN; d++ {
		t[d] = 1 << (d - 1)
	}
	return t
}()

// Check returns every pair of filled cells that hold the same digit in the
// same unit of g's rules (a row, a column, a box or region, an extra unit);
// empty cells are ignored, so a partly filled puzzle is valid when its
// givens do not clash (LeetCode 36 "Valid Sudoku"). A pair that shares two
// units, such as a row and a box, gives two conflicts. Then come the
// relations of two filled cells that they break, and the constraints that
// are certainly broken: those whose cells are all filled and break it, and
// those whose empty cells no digits could fill to satisfy it (each
// constraint taken alone, on simple bounds: a killer cage of two cells
// with a given 9 and a total of 5, a renban line with a 2 and a 7 in three
// cells). The result is sorted by A, then B, then units before relations
// before constraints, each in the order of the rules, and is nil when the
// grid breaks no rule, or when g is nil.
func Check(g *satdoku.Grid) []Conflict {
	if !usable(g) {
		return nil
	}
	n := g.N()
	var out []Conflict
	units := g.Rules().Units()
	for x := range units {
		u := &units[x]
		var seen, twice uint64
		for _, i := range u.Cells {
			b := bit(g.Cell(i))
			twice |= seen & b
			seen |= b
		}
		if twice == 0 {
			continue
		}
		// Slow path: list the pairs of this unit.
		for p, i := range u.Cells {
			d := g.Cell(i)
			if bit(d)&twice == 0 {
				continue
			}
			for _, j := range u.Cells[p+1:] {
				if g.Cell(j) == d {
					out = append(out, conflict(n, i, j, d, u))
				}
			}
		}
	}
	rels := g.Rules().Relations()
	for k := range rels {
		x := &rels[k]
		if da, db := g.Cell(x.A), g.Cell(x.B); da != 0 && db != 0 && broken(x, da, db) {
			out = append(out, relationConflict(n, x, da, db))
		}
	}
	cons := g.Rules().Constraints()
	for k := range cons {
		if why := brokenConstraint(&cons[k], g); why != "" {
			out = append(out, constraintConflict(g.Rules(), &cons[k], why))
		}
	}
	// The units were visited in order: a stable sort keeps it for equal pairs.
	slices.SortStableFunc(out, func(x, y Conflict) int {
		if c := compareCells(x.A, y.A); c != 0 {
			return c
		}
		return compareCells(x.B, y.B)
	})
	return out
}

// compareCells orders cells row-major.
func compareCells(c, d Cell) int {
	if c.Row != d.Row {
		return c.Row - d.Row
	}
	return c.Col - d.Col
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
	// ErrConflict means the solution breaks a rule: it repeats a digit in a
	// unit, or breaks a relation or a constraint.
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

// Solution reports whether solution is a correct answer to puzzle under
// the puzzle's rules: it returns nil if and only if both grids have the
// same size, every cell of solution holds a digit, solution repeats no
// digit in a unit of puzzle.Rules() and satisfies its relations and
// constraints, and every digit given by puzzle is in the same cell of
// solution. The solution's own rules are not consulted.
//
// Otherwise the error describes the first problem met, with sizes checked
// first and then the cells in row-major order; a repeated digit is reported
// at the later cell of the pair (the first unit in the order of the rules:
// row, column, region, extra unit), a broken relation at its later cell
// and a broken constraint at its last cell, as in "verify: r2c5 is empty",
// "verify: r1c1 holds 4 but the puzzle gives 5",
// "verify: r1c3 and r1c7 both hold 5 (row 1)",
// "verify: killer cage r1c1,r1c2: sum 12, want 10" or
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
		return fail(ErrSize, "puzzle is not a valid board (%d×%d)", side(puzzle), side(puzzle))
	case !usable(solution):
		return fail(ErrSize, "solution is not a valid board (%d×%d)", side(solution), side(solution))
	case puzzle.N() != solution.N():
		return fail(ErrSize, "size %d×%d, puzzle is %d×%d", solution.N(), solution.N(), puzzle.N(), puzzle.N())
	}
	// Fast path: every cell filled and faithful to the givens, then every
	// unit with as many different digits as cells.
	rules := puzzle.Rules()
	for i := range solution.Len() {
		if d, p := solution.Cell(i), puzzle.Cell(i); d == 0 || p != 0 && p != d || d != 1 && rules.Hole(i) {
			return firstProblem(puzzle, solution)
		}
	}
	units := puzzle.Rules().Units()
	for x := range units {
		var seen uint64
		for _, i := range units[x].Cells {
			// bit(d) for d ≥ 1, as a shift the compiler does not guard.
			seen |= 1 << (uint(solution.Cell(i)-1) & 63)
		}
		if bits.OnesCount64(seen) != len(units[x].Cells) {
			return firstProblem(puzzle, solution)
		}
	}
	rels := puzzle.Rules().Relations()
	for k := range rels {
		if x := &rels[k]; broken(x, solution.Cell(x.A), solution.Cell(x.B)) {
			return firstProblem(puzzle, solution)
		}
	}
	cons := puzzle.Rules().Constraints()
	for k := range cons {
		if exact(&cons[k], solution) != "" {
			return firstProblem(puzzle, solution)
		}
	}
	return nil
}

// firstProblem returns the error for the first problem of solution in
// row-major order, which Solution knows to exist.
func firstProblem(puzzle, solution *satdoku.Grid) error {
	rules := puzzle.Rules()
	units := rules.Units()
	n := rules.N()
	used := make([]uint64, len(units)) // per unit, the digits met so far
	for i := range solution.Len() {
		d := solution.Cell(i)
		if d == 0 {
			return fail(ErrIncomplete, "%s is empty", rules.CellName(i))
		}
		if d != 1 && rules.Hole(i) {
			rows, cols := rules.Window()
			return fail(ErrConflict, "%s is outside the %d×%d grid and holds %d, not 1", rules.CellName(i), rows, cols, d)
		}
		if p := puzzle.Cell(i); p != 0 && p != d {
			return fail(ErrGivens, "%s holds %d but the puzzle gives %d", rules.CellName(i), rules.ValueOf(d), rules.ValueOf(p))
		}
		for _, x := range rules.UnitsOf(i) {
			if used[x]&bit(d) == 0 {
				used[x] |= bit(d)
				continue
			}
			// The cells before i have no conflict among themselves, so
			// exactly one earlier cell of the unit holds d.
			u := &units[x]
			for _, j := range u.Cells {
				if j < i && solution.Cell(j) == d {
					return &problem{msg: conflict(n, j, i, d, u).Text(rules), kind: ErrConflict}
				}
			}
		}
		rels := rules.Relations()
		for k := range rels {
			x := &rels[k]
			if max(x.A, x.B) == i && broken(x, solution.Cell(x.A), solution.Cell(x.B)) {
				c := relationConflict(n, x, solution.Cell(x.A), solution.Cell(x.B))
				return &problem{msg: c.Text(rules), kind: ErrConflict}
			}
		}
		cons := rules.Constraints()
		for k := range cons {
			c := &cons[k]
			if slices.Max(c.Cells) != i {
				continue
			}
			if why := exact(c, solution); why != "" {
				return &problem{msg: constraintConflict(rules, c, why).Text(rules), kind: ErrConflict}
			}
		}
	}
	return fail(ErrConflict, "a unit repeats a digit") // not reached: the loop finds it
}
