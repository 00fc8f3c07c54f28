package logic

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
)

// Errors of New and Rate.
var (
	// ErrInvalid reports a grid that breaks its units: a digit twice in a
	// unit or in the two cells of a Different relation, a cell left with
	// no candidate, or a unit of N cells with a digit that has no place.
	ErrInvalid = errors.New("logic: the grid breaks its rules")
	// ErrNoSolution reports that the techniques reached a contradiction:
	// the puzzle has no solution.
	ErrNoSolution = errors.New("logic: the puzzle has no solution")
	// ErrUnsupported reports rules the techniques do not handle: values
	// other than the digits 1 to N (satdoku.Rules.WithValues and
	// WithValueOffset), cells outside the grid (WithVarCells).
	ErrUnsupported = errors.New("logic: rules not supported")
)

// Candidate is a digit in a cell: a placement or an elimination.
type Candidate struct {
	Cell  int // the cell, row-major from 0
	Digit int // the digit, 1..N
}

// Step is one deduction: the technique that made it, how hard it is, a
// sentence for a person, and its effect on the candidates.
type Step struct {
	Technique    string      // "hidden single", "naked pair", "x-wing" …
	Rating       float64     // on the Sudoku Explainer scale
	Text         string      // "hidden single: 7 can only go in r3c5 in box 2"
	Placements   []Candidate // digits the step places
	Eliminations []Candidate // candidates the step removes
}

// String returns the step's Text.
func (s Step) String() string { return s.Text }

// board is what the techniques need to know of a Rules value, computed
// once per Rules.
type board struct {
	rules    *satdoku.Rules
	n        int
	all      uint64 // the digits 1..n as a mask
	units    []satdoku.Unit
	full     []bool
	overlaps []satdoku.Overlap
	rows     []int     // unit indices of the rows, by row number
	cols     []int     // unit indices of the columns, by column number
	peers    [][]int32 // the cells each cell sees, increasing
}

// boardKey is the key of the board in the cache of its rules.
type boardKey struct{}

// boardOf returns the board of rules r, computed once per rules (see
// satdoku.Rules.Cached).
func boardOf(r *satdoku.Rules) *board {
	return r.Cached(boardKey{}, func() any { return newBoard(r) }).(*board)
}

func newBoard(r *satdoku.Rules) *board {
	n := r.N()
	b := &board{rules: r, n: n, units: r.Units(), overlaps: r.Overlaps()}
	if n >= 64 {
		b.all = ^uint64(0)
	} else {
		b.all = 1<<n - 1
	}
	b.full = make([]bool, len(b.units))
	for u, un := range b.units {
		b.full[u] = r.Full(u)
		switch un.Kind {
		case satdoku.Row:
			b.rows = append(b.rows, u)
		case satdoku.Column:
			b.cols = append(b.cols, u)
		}
	}
	b.peers = make([][]int32, n*n)
	for i := range n * n {
		var p []int32
		for _, u := range r.UnitsOf(i) {
			for _, j := range b.units[u].Cells {
				if j != i {
					p = append(p, int32(j))
				}
			}
		}
		b.peers[i] = p
	}
	for _, rel := range r.Relations() {
		if rel.Kind == satdoku.Different && rel.A != rel.B && min(rel.A, rel.B) >= 0 && max(rel.A, rel.B) < n*n {
			b.peers[rel.A] = append(b.peers[rel.A], int32(rel.B))
			b.peers[rel.B] = append(b.peers[rel.B], int32(rel.A))
		}
	}
	for i, p := range b.peers {
		slices.Sort(p)
		b.peers[i] = slices.Clip(slices.Compact(p))
	}
	return b
}

// sees reports whether cells a and b are distinct and share a unit or a
// Different relation.
func (b *board) sees(a, c int) bool {
	_, ok := slices.BinarySearch(b.peers[a], int32(c))
	return ok
}

// State is a position being solved: the digits placed so far and the
// candidates of every cell, under the rules of a grid. Techniques read it
// through Next, and Apply changes it.
type State struct {
	b     *board
	cand  []uint64 // bit d-1 set when digit d is a candidate
	value []uint8  // the placed digit, 0 when the cell is empty
	// chainSteps is the most steps of a clue chain, 0 for
	// DefaultChainSteps (see Options.ChainSteps).
	chainSteps int
	// disabled are the families of techniques switched off (see
	// Options.Disable).
	disabled Families
	// quiet holds, per clue that clueSingle found nothing in, the
	// fingerprint of its cells' candidates then (see clueSingle).
	quiet map[int32]uint64
	// ctx, when not nil, stops the searches of the call in progress
	// (NextContext, SolveContext): see stopped.
	ctx context.Context
}

// stopped reports whether the context of the call in progress is done:
// the long searches (chains, forcing, nested contradictions) then give
// up, finding nothing.
func (s *State) stopped() bool { return s.ctx != nil && s.ctx.Err() != nil }

// New returns the state of grid g: its digits placed, and as candidates of
// every empty cell the digits that no cell it sees holds. It returns an
// error wrapping ErrInvalid when g breaks its units (a digit twice in a
// unit or in a Different relation, an empty cell with no candidate, a digit
// with no place in a unit of N cells).
func New(g *satdoku.Grid) (*State, error) {
	if g == nil || g.Rules() == nil || g.N() == 0 {
		return nil, fmt.Errorf("%w: no grid", ErrInvalid)
	}
	if r := g.Rules(); r.Hole(r.N()*r.N() - 1) {
		rows, cols := r.Window()
		return nil, fmt.Errorf("%w: a %d×%d grid (the techniques know square grids)", ErrUnsupported, rows, cols)
	}
	if r := g.Rules(); r.VarCells() != 0 {
		return nil, fmt.Errorf("%w: %d cells outside the grid (the techniques know the grid's cells)", ErrUnsupported, r.VarCells())
	}
	if r := g.Rules(); r.Values() != r.N() || r.ValueOffset() != 0 {
		// Its steps name digits: they would misname other values.
		return nil, fmt.Errorf("%w: values %d to %d on a %d×%d board (the techniques know the digits 1 to N)",
			ErrUnsupported, r.ValueOf(1), r.ValueOf(r.Values()), r.N(), r.N())
	}
	b := boardOf(g.Rules())
	n := b.n
	s := &State{b: b, cand: make([]uint64, n*n), value: make([]uint8, n*n)}
	for i := range n * n {
		d := g.Cell(i)
		if d < 0 || d > n {
			return nil, fmt.Errorf("%w: %s holds %d", ErrInvalid, cellName(n, i), d)
		}
		s.value[i] = uint8(d)
		if d > 0 {
			s.cand[i] = bit(d)
		} else {
			s.cand[i] = b.all
		}
	}
	for i := range n * n {
		d := int(s.value[i])
		if d == 0 {
			continue
		}
		for _, j := range b.peers[i] {
			if int(s.value[j]) == d {
				if int(j) > i {
					return nil, fmt.Errorf("%w: %s and %s both hold %d", ErrInvalid, cellName(n, i), cellName(n, int(j)), d)
				}
				continue
			}
			s.cand[j] &^= bit(d)
		}
	}
	if why := s.contradiction(); why != "" {
		return nil, fmt.Errorf("%w: %s", ErrInvalid, why)
	}
	return s, nil
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	return &State{b: s.b, cand: slices.Clone(s.cand), value: slices.Clone(s.value), chainSteps: s.chainSteps, disabled: s.disabled, quiet: maps.Clone(s.quiet), ctx: s.ctx}
}

// N returns the side of the board.
func (s *State) N() int { return s.b.n }

// Rules returns the rules of the board.
func (s *State) Rules() *satdoku.Rules { return s.b.rules }

// Value returns the digit placed in cell i, or 0 when it is empty or off
// the board.
func (s *State) Value(i int) int {
	if i < 0 || i >= len(s.value) {
		return 0
	}
	return int(s.value[i])
}

// Candidates returns the candidates of cell i as a mask, bit d-1 for digit
// d (a placed cell has its digit's bit only), or 0 for a cell off the
// board.
func (s *State) Candidates(i int) uint64 {
	if i < 0 || i >= len(s.cand) {
		return 0
	}
	return s.cand[i]
}

// Solved reports whether every cell holds a digit.
func (s *State) Solved() bool { return !slices.Contains(s.value, 0) }

// Grid returns a new grid under the state's rules with the digits placed
// so far.
func (s *State) Grid() *satdoku.Grid {
	g := satdoku.NewGrid(s.b.rules)
	for i, d := range s.value {
		g.SetCell(i, int(d))
	}
	return g
}

// Apply makes the step's placements (the digit goes in the cell and leaves
// the candidates of every cell the cell sees) and eliminations. It does
// not check that the step is sound; placements and eliminations off the
// board, of a digit outside 1..N or in a cell that already holds a digit
// are ignored.
func (s *State) Apply(st Step) {
	n := s.b.n
	for _, c := range st.Placements {
		if c.Cell < 0 || c.Cell >= n*n || c.Digit < 1 || c.Digit > n || s.value[c.Cell] != 0 {
			continue
		}
		s.place(c.Cell, c.Digit)
	}
	for _, c := range st.Eliminations {
		if c.Cell < 0 || c.Cell >= n*n || c.Digit < 1 || c.Digit > n || s.value[c.Cell] != 0 {
			continue
		}
		s.cand[c.Cell] &^= bit(c.Digit)
	}
}

func (s *State) place(i, d int) {
	s.value[i] = uint8(d)
	s.cand[i] = bit(d)
	for _, j := range s.b.peers[i] {
		if s.value[j] == 0 {
			s.cand[j] &^= bit(d)
		}
	}
}

// contradiction describes why the state cannot be completed by the
// counting rules (an empty cell without candidates, a digit without a
// place in a full unit), or returns "".
func (s *State) contradiction() string {
	n := s.b.n
	for i := range n * n {
		if s.cand[i] == 0 {
			return cellName(n, i) + " has no candidate"
		}
	}
	for u, un := range s.b.units {
		if !s.b.full[u] {
			continue
		}
		var m uint64
		for _, i := range un.Cells {
			m |= s.cand[i]
		}
		if miss := s.b.all &^ m; miss != 0 {
			return strconv.Itoa(lowDigit(miss)) + " has no place in " + un.String()
		}
	}
	return ""
}

// bit returns the mask of digit d.
func bit(d int) uint64 { return 1 << (d - 1) }

// open reports whether cell i is empty and still has digit d.
func (s *State) open(i, d int) bool { return s.value[i] == 0 && s.cand[i]&bit(d) != 0 }

// lowDigit returns the smallest digit of a nonzero mask.
func lowDigit(m uint64) int { return bits.TrailingZeros64(m) + 1 }

// digits returns the digits of a mask, increasing.
func digits(m uint64) []int {
	var ds []int
	for ; m != 0; m &= m - 1 {
		ds = append(ds, lowDigit(m))
	}
	return ds
}

// cellName returns "r3c5" for cell i of an n×n board.
func cellName(n, i int) string {
	return "r" + strconv.Itoa(i/n+1) + "c" + strconv.Itoa(i%n+1)
}

// cellList returns "r1c2, r1c5".
func cellList(n int, cells []int) string {
	parts := make([]string, len(cells))
	for k, i := range cells {
		parts[k] = cellName(n, i)
	}
	return strings.Join(parts, ", ")
}

// digitList returns "3, 7" for a mask.
func digitList(m uint64) string {
	parts := []string{}
	for _, d := range digits(m) {
		parts = append(parts, strconv.Itoa(d))
	}
	return strings.Join(parts, ", ")
}

// elimList returns "remove 3 from r1c4, r1c9; 7 from r1c9", by digit.
func elimList(n int, el []Candidate) string {
	by := map[int][]int{}
	var ds []int
	for _, c := range el {
		if by[c.Digit] == nil {
			ds = append(ds, c.Digit)
		}
		by[c.Digit] = append(by[c.Digit], c.Cell)
	}
	slices.Sort(ds)
	parts := make([]string, len(ds))
	for k, d := range ds {
		cells := by[d]
		slices.Sort(cells)
		parts[k] = strconv.Itoa(d) + " from " + cellList(n, cells)
	}
	return "remove " + strings.Join(parts, "; ")
}

// sortCands sorts candidates by cell then digit and drops duplicates.
func sortCands(cs []Candidate) []Candidate {
	slices.SortFunc(cs, func(a, b Candidate) int {
		if a.Cell != b.Cell {
			return a.Cell - b.Cell
		}
		return a.Digit - b.Digit
	})
	return slices.Compact(cs)
}

// orList returns "3", "3 or 4", "1, 2 or 3" for a mask.
func orList(m uint64) string {
	ds := digits(m)
	parts := make([]string, len(ds))
	for k, d := range ds {
		parts[k] = strconv.Itoa(d)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// cellSets joins cells into classes: union-find over a map, the cells
// joined being few. Set p[find(a)] = find(b) to join a and b.
type cellSets map[int]int

// find returns the representative of i's class, i itself when i is in
// none, compressing the path.
func (p cellSets) find(i int) int {
	q, ok := p[i]
	if !ok || q == i {
		p[i] = i
		return i
	}
	r := p.find(q)
	p[i] = r
	return r
}
