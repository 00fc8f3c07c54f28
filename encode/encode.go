package encode

import (
	"errors"
	"fmt"
	"strings"

	"github.com/satdoku/satdoku"
)

// Adder receives clauses as DIMACS literals: a clause is its literals, each
// a nonzero ±var, followed by Add(0). It mirrors gini's inter.Adder.
type Adder interface {
	Add(lit int)
}

// Var returns the variable that means "the cell at row r, column c of an n×n
// board holds digit d": (r·n + c)·n + d, with r and c from 0 and d from 1.
// It is the numbering of boards whose digits are 1..N; CellVar numbers any
// rules.
func Var(n, r, c, d int) int { return (r*n+c)*n + d }

// CellVar returns the variable that means "cell i (row-major, from 0) holds
// digit d" under rules r: i·V + d, V = r.Values() (the number of digits,
// N unless the rules say otherwise; then it is Var(N, i/N, i%N, d)).
func CellVar(r *satdoku.Rules, i, d int) int { return i*r.Values() + d }

// Unpack inverts Var: it returns the row, column (both from 0) and digit
// (from 1) of variable v, which must be in 1..n³.
func Unpack(n, v int) (r, c, d int) {
	v--
	d = v%n + 1
	v /= n
	return v / n, v % n, d
}

// Encoding selects the clauses that state the Sudoku rules. The zero value
// is Extended.
type Encoding uint8

// The encodings.
const (
	// Extended is Minimal plus the redundant families: every cell holds at
	// most one digit (pairwise), and every unit of N cells holds each digit
	// at least once. 11,988 clauses for classic 9×9. It is the default: the
	// redundant clauses help the solver propagate.
	Extended Encoding = iota
	// Minimal states that every cell holds at least one digit and that
	// every unit holds each digit at most once (pairwise); a cell in no
	// unit that holds every digit (a var cell, a cell of a raw board)
	// holds at most one digit too. 8,829 clauses for classic 9×9.
	Minimal
	// Reduced is Kwon and Jain's optimised encoding: the Extended clauses
	// with every clause that a given satisfies dropped and every literal
	// that a given falsifies removed, keeping the numbering and the N³
	// variables. It depends on the givens, so only Puzzle and WriteDIMACS
	// reduce; Rules alone writes the Extended rules. A variable fixed by a
	// given then occurs in no clause, and a solver may set it either way:
	// decode such models with DecodePuzzle.
	Reduced
	// Sequential is Extended with every at-most-one of more than
	// ladderFrom literals written as Sinz's sequential counter: for k
	// literals, k−1 auxiliary variables (numbered above N³, see
	// Encoder.MaxVar) and 3k−4 clauses instead of k(k−1)/2, which pays on
	// large boards (a 25×25 unit: 71 clauses instead of 300 per digit).
	// Its models set the auxiliary variables too; decoding reads only the
	// N³ cell variables. 7,776 clauses over 729 + 2,592 variables for
	// classic 9×9.
	Sequential
)

var encodingNames = [...]string{Extended: "extended", Minimal: "minimal", Reduced: "reduced", Sequential: "sequential"}

// ErrEncoding reports an unknown encoding.
var ErrEncoding = errors.New("encode: unknown encoding")

// String returns the encoding's name: "extended", "minimal", "reduced" or
// "sequential".
func (e Encoding) String() string {
	if int(e) < len(encodingNames) {
		return encodingNames[e]
	}
	return fmt.Sprintf("Encoding(%d)", uint8(e))
}

// Valid reports whether e is one of the declared encodings.
func (e Encoding) Valid() bool { return int(e) < len(encodingNames) }

// ParseEncoding returns the encoding named s (as printed by String; case is
// ignored). The error wraps ErrEncoding.
func ParseEncoding(s string) (Encoding, error) {
	for e, name := range encodingNames {
		if strings.EqualFold(s, name) {
			return Encoding(e), nil
		}
	}
	return 0, fmt.Errorf("%w %q (want %s)", ErrEncoding, s, strings.Join(encodingNames[:], ", "))
}

// Rules adds the rules r in encoding e to a: for every cell, at least one
// digit; for every unit and every digit, at most one cell holding it (one
// binary clause per pair of cells); and, with Extended, at most one digit per
// cell and, in every unit of N cells, at least one cell per digit.
// Clauses(r, e) tells how many. Rules adds nothing when r is nil or e is not
// a valid encoding. Reduced adds the Extended rules: the reduction needs the
// givens (see Puzzle). Rules with a kind the encoder does not know (see
// ErrKind) give the empty clause alone: no rule is ever left out.
func Rules(a Adder, r *satdoku.Rules, e Encoding) {
	if r == nil || !e.Valid() {
		return
	}
	if NewEncoder(r, e).Write(a, nil) != nil {
		a.Add(0)
	}
}

// Givens adds one unit clause var(r, c, d) for every cell of g that holds a
// digit d, in row-major order.
func Givens(a Adder, g *satdoku.Grid) {
	r := g.Rules()
	for i := range g.Len() {
		if d := g.Cell(i); d != 0 {
			a.Add(CellVar(r, i, d))
			a.Add(0)
		}
	}
}

// Puzzle adds the rules of g (g.Rules()) in encoding e, then its givens: a
// formula whose models are exactly the solutions of g. With Reduced the
// rules are written over the givens' domain (see GivensDomain), and the
// models, restricted to the variables the givens do not fix, are exactly
// the solutions of g.
func Puzzle(a Adder, g *satdoku.Grid, e Encoding) {
	if e == Reduced {
		if NewEncoder(g.Rules(), e).Write(a, GivensDomain(g)) != nil {
			a.Add(0) // a kind the encoder does not know
		}
	} else {
		Rules(a, g.Rules(), e)
	}
	Givens(a, g)
}

// Block adds one clause that excludes the solution sol of puzzle: the OR of
// ¬var(r, c, sol(r, c)) over the cells (r, c) that are empty in puzzle (the
// other cells are fixed by the givens). A solver that found sol and is given
// this clause finds a different solution, or none. When puzzle has no empty
// cell the clause is the empty clause, which no assignment satisfies: a full
// grid has no second solution. Cells that are empty in sol are skipped;
// nothing is added when the grids differ in size.
func Block(a Adder, puzzle, sol *satdoku.Grid) {
	if sol.N() != puzzle.N() {
		return
	}
	r := puzzle.Rules()
	for i := range puzzle.Len() {
		if puzzle.Cell(i) == 0 {
			if d := sol.Cell(i); d != 0 {
				a.Add(-CellVar(r, i, d))
			}
		}
	}
	a.Add(0)
}

// Errors from Decode, each wrapped in an error that names the cell.
var (
	// ErrNoDigit reports a cell with no true variable.
	ErrNoDigit = errors.New("encode: cell has no digit")
	// ErrManyDigits reports a cell with two or more true variables.
	ErrManyDigits = errors.New("encode: cell has more than one digit")
)

// cellError names the cell in a Decode error, as the rules name it, and
// wraps ErrNoDigit or ErrManyDigits.
type cellError struct {
	cell   string // the cell's name (satdoku.Rules.CellName)
	v1, v2 int    // the values of the first two digits set (ErrManyDigits)
	err    error
}

func (e *cellError) Error() string {
	if e.err == ErrNoDigit {
		return fmt.Sprintf("encode: %s has no digit", e.cell)
	}
	return fmt.Sprintf("encode: %s has digits %d and %d", e.cell, e.v1, e.v2)
}

func (e *cellError) Unwrap() error { return e.err }

// Decode reads a full grid under rules r from an assignment: value(v)
// reports whether variable v is true, for v in 1..N³. Every cell must have exactly one true
// variable; otherwise the error names the first bad cell in row-major order
// ("encode: r1c1 has no digit", "encode: r1c1 has digits 3 and 5") and wraps
// ErrNoDigit or ErrManyDigits: the cell as r names it (a var cell by its
// name, see satdoku.Rules.CellName) and the digits as the values they
// stand for (satdoku.Rules.ValueOf). A model of Puzzle(a, g, e) always decodes,
// in either encoding: with Minimal, a row's n cells each hold at least one
// digit and its n digits each occur at most once, so each cell holds exactly
// one (a cell in no such unit has its own at-most-one clauses).
func Decode(r *satdoku.Rules, value func(v int) bool) (*satdoku.Grid, error) {
	if r == nil {
		return nil, ErrGrid
	}
	g := satdoku.NewGrid(r)
	nv := r.Values()
	for i := range g.Len() {
		base := CellVar(r, i, 0)
		d1 := 0
		for d := 1; d <= nv; d++ {
			if !value(base + d) {
				continue
			}
			if d1 != 0 {
				return nil, &cellError{r.CellName(i), r.ValueOf(d1), r.ValueOf(d), ErrManyDigits}
			}
			d1 = d
		}
		if d1 == 0 {
			return nil, &cellError{cell: r.CellName(i), err: ErrNoDigit}
		}
		g.SetCell(i, d1)
	}
	return g, nil
}
