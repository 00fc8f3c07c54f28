package encode

import (
	"fmt"
	"slices"
	"testing"

	"github.com/satdoku/satdoku"
)

// This file holds the test oracles: a description of a variant as plain
// data, a naive solver that checks every unit of it, and an enumerator of
// the models of a CNF. They share no code with the encoder, nor with the
// indexing of satdoku.Rules: a test builds the rules from a board, and the
// naive solver works from the board's own list of units.

// board is a variant of Sudoku as plain data.
type board struct {
	name string
	n    int
	// boxH×boxW boxes, under satdoku.Standard(n); 0×0 for none.
	boxH, boxW int
	// regions are the cells of jigsaw regions (satdoku.Regions), when not
	// nil; boxH and boxW are then 0.
	regions [][]int
	// extras are the cells of the extra units (Rules.WithExtra).
	extras [][]int
}

// classic returns the classic board of side n, one of satdoku.Sides.
func classic(n int) board {
	shapes := map[int][2]int{
		4: {2, 2}, 6: {2, 3}, 8: {2, 4}, 9: {3, 3}, 10: {2, 5}, 12: {3, 4},
		16: {4, 4}, 25: {5, 5}, 36: {6, 6}, 49: {7, 7}, 64: {8, 8},
	}
	s, ok := shapes[n]
	if !ok {
		panic(fmt.Sprintf("classic: no box shape for %d", n))
	}
	return board{name: fmt.Sprintf("%dx%d", n, n), n: n, boxH: s[0], boxW: s[1]}
}

// diagonals returns the cells of the two main diagonals of an n×n board.
func diagonals(n int) [][]int {
	down, up := make([]int, n), make([]int, n)
	for k := range n {
		down[k] = k*n + k
		up[k] = k*n + n - 1 - k
	}
	return [][]int{down, up}
}

// layout reads jigsaw regions from rows of letters, one letter per cell:
// region 0 is 'A'.
func layout(rows ...string) [][]int {
	n := len(rows)
	regions := make([][]int, n)
	for r, row := range rows {
		for c := range row {
			x := int(row[c] - 'A')
			regions[x] = append(regions[x], r*n+c)
		}
	}
	return regions
}

// rules builds the satdoku rules of b: Standard(n) (checked to have b's
// boxes), Regions for jigsaw or no regions, then WithExtra.
func (b board) rules(t testing.TB) *satdoku.Rules {
	t.Helper()
	var r *satdoku.Rules
	var err error
	switch {
	case b.regions != nil:
		r, err = satdoku.Regions(b.n, b.regions)
	case b.boxH != 0:
		r, err = satdoku.Standard(b.n)
		if err == nil {
			if h, w := r.BoxShape(); h != b.boxH || w != b.boxW {
				t.Fatalf("Standard(%d) has %dx%d boxes, want %dx%d", b.n, h, w, b.boxH, b.boxW)
			}
		}
	default:
		r, err = satdoku.Regions(b.n, nil)
	}
	if err != nil {
		t.Fatalf("%s: %v", b.name, err)
	}
	if len(b.extras) > 0 {
		extra := make([]satdoku.ExtraUnit, len(b.extras))
		for k, cells := range b.extras {
			extra[k] = satdoku.ExtraUnit{Name: fmt.Sprintf("extra %d", k+1), Cells: cells}
		}
		if r, err = r.WithExtra(extra...); err != nil {
			t.Fatalf("%s: %v", b.name, err)
		}
	}
	return r
}

// units returns the cells of every unit of b, computed here: the rows, the
// columns, the boxes or regions, the extra units.
func (b board) units() [][]int {
	n := b.n
	var us [][]int
	for r := range n {
		var row []int
		for c := range n {
			row = append(row, r*n+c)
		}
		us = append(us, row)
	}
	for c := range n {
		var col []int
		for r := range n {
			col = append(col, r*n+c)
		}
		us = append(us, col)
	}
	if b.boxH != 0 {
		boxes := map[[2]int][]int{}
		var order [][2]int
		for i := range n * n {
			k := [2]int{i / n / b.boxH, i % n / b.boxW}
			if boxes[k] == nil {
				order = append(order, k)
			}
			boxes[k] = append(boxes[k], i)
		}
		for _, k := range order {
			us = append(us, boxes[k])
		}
	}
	us = append(us, b.regions...)
	return append(us, b.extras...)
}

// solves reports whether cells, a full grid of b, holds a digit 1..N in
// every cell and no digit twice in any unit.
func (b board) solves(cells []uint8) bool { return b.check(b.units(), cells) }

// check is solves with the units of b computed once.
func (b board) check(units [][]int, cells []uint8) bool {
	if len(cells) != b.n*b.n {
		return false
	}
	for _, d := range cells {
		if d < 1 || int(d) > b.n {
			return false
		}
	}
	for _, u := range units {
		var seen uint64
		for _, i := range u {
			bit := uint64(1) << cells[i]
			if seen&bit != 0 {
				return false
			}
			seen |= bit
		}
	}
	return true
}

// solutions returns every solution of puzzle on b, as keys (see key): the
// full grids that keep the givens, hold in every empty cell a digit that
// allowed accepts (nil: any), and satisfy solves. It fills the empty cells
// in row-major order, skipping a digit that a cell sharing a unit already
// holds, unless two givens in a unit are alike.
func (b board) solutions(puzzle []uint8, allowed func(i, d int) bool) map[string]bool {
	n := b.n
	units := b.units()
	peers := make([][]int, n*n)
	for _, u := range units {
		for _, i := range u {
			for _, j := range u {
				if i != j {
					peers[i] = append(peers[i], j)
				}
			}
		}
	}
	sols := map[string]bool{}
	for _, u := range units {
		var seen uint64
		for _, i := range u {
			if d := puzzle[i]; d != 0 {
				if seen>>d&1 != 0 {
					return sols // two givens alike: no grid would pass
				}
				seen |= 1 << d
			}
		}
	}
	cells := slices.Clone(puzzle)
	var fill func(i int)
	fill = func(i int) {
		for i < n*n && puzzle[i] != 0 {
			i++
		}
		if i == n*n {
			if b.check(units, cells) {
				sols[string(cells)] = true
			}
			return
		}
	digits:
		for d := 1; d <= n; d++ {
			if allowed != nil && !allowed(i, d) {
				continue
			}
			for _, j := range peers[i] {
				if int(cells[j]) == d {
					continue digits
				}
			}
			cells[i] = uint8(d)
			fill(i + 1)
		}
		cells[i] = 0
	}
	fill(0)
	return sols
}

// cells returns the digits of g, row-major.
func cells(g *satdoku.Grid) []uint8 {
	c := make([]uint8, g.Len())
	for i := range c {
		c[i] = uint8(g.Cell(i))
	}
	return c
}

// key is a grid as a map key: its digits as bytes.
func key(g *satdoku.Grid) string { return string(cells(g)) }

// show writes a key in the one-line form, for messages.
func show(k string) string {
	b := []byte(k)
	const syms = ".123456789ABCDEFG"
	for i, d := range b {
		b[i] = '?'
		if int(d) < len(syms) {
			b[i] = syms[d]
		}
	}
	return string(b)
}

// models calls yield with every model of the clauses over the variables
// that occur in them: val[v] is 1 or −1 for such a variable and 0 for one
// that occurs in no clause. It is DPLL with unit propagation, branching on
// the variables in increasing order, true first, and it enumerates the
// free variables of a satisfied formula too, so that every model is seen
// exactly once. It stops when yield returns false; yield must not keep
// val.
func models(clauses [][]int, yield func(val []int8) bool) {
	nv := 0
	for _, cl := range clauses {
		for _, l := range cl {
			nv = max(nv, l, -l)
		}
	}
	s := &dpll{clauses: clauses, val: make([]int8, nv+1), occ: make([][]int, 2*nv+2)}
	occurs := make([]bool, nv+1)
	for ci, cl := range clauses {
		if len(cl) == 0 {
			return
		}
		for _, l := range cl {
			s.occ[litIndex(l)] = append(s.occ[litIndex(l)], ci)
			occurs[max(l, -l)] = true
		}
	}
	for v := 1; v <= nv; v++ {
		if occurs[v] {
			s.vars = append(s.vars, v)
		}
	}
	for _, cl := range clauses {
		if len(cl) == 1 && !s.set(cl[0]) {
			return
		}
	}
	if s.propagate(0) {
		s.search(0, yield)
	}
}

// dpll is the state of models.
type dpll struct {
	clauses [][]int
	occ     [][]int // by litIndex: the clauses that hold the literal
	val     []int8  // by variable: 1, −1, or 0 while unassigned
	trail   []int   // the literals set true, in order
	vars    []int   // the variables that occur, increasing
}

func litIndex(l int) int {
	if l > 0 {
		return 2 * l
	}
	return -2*l + 1
}

// value returns 1 if literal l is true, −1 if false, 0 if unassigned.
func (s *dpll) value(l int) int8 {
	if l > 0 {
		return s.val[l]
	}
	return -s.val[-l]
}

// set makes l true; it reports false if l is already false.
func (s *dpll) set(l int) bool {
	switch s.value(l) {
	case 1:
		return true
	case -1:
		return false
	}
	if l > 0 {
		s.val[l] = 1
	} else {
		s.val[-l] = -1
	}
	s.trail = append(s.trail, l)
	return true
}

// propagate sets the last literal of every clause whose other literals are
// false, for the literals of the trail from position q on; it reports false
// on a clause with every literal false.
func (s *dpll) propagate(q int) bool {
	for ; q < len(s.trail); q++ {
		for _, ci := range s.occ[litIndex(-s.trail[q])] {
			open, last, sat := 0, 0, false
			for _, l := range s.clauses[ci] {
				switch s.value(l) {
				case 1:
					sat = true
				case 0:
					open++
					last = l
				}
			}
			switch {
			case sat:
			case open == 0:
				return false
			case open == 1:
				s.set(last)
			}
		}
	}
	return true
}

// search branches on the first unassigned variable of vars from k on. It
// reports false when yield asked to stop.
func (s *dpll) search(k int, yield func(val []int8) bool) bool {
	for k < len(s.vars) && s.val[s.vars[k]] != 0 {
		k++
	}
	if k == len(s.vars) {
		return yield(s.val)
	}
	v := s.vars[k]
	for _, l := range []int{v, -v} {
		mark := len(s.trail)
		more := !s.set(l) || !s.propagate(mark) || s.search(k+1, yield)
		for _, x := range s.trail[mark:] {
			s.val[max(x, -x)] = 0
		}
		s.trail = s.trail[:mark]
		if !more {
			return false
		}
	}
	return true
}

// TestOracles checks the oracles on what is known: the enumerator on small
// formulas, and the naive solver on the published counts of 4×4 Sudoku
// grids (288) and 4×4 Latin squares (576).
func TestOracles(t *testing.T) {
	for _, tt := range []struct {
		clauses [][]int
		want    int
	}{
		{nil, 1},
		{[][]int{{}}, 0},
		{[][]int{{1, 2}}, 3},
		{[][]int{{1, 2}, {3, -3}}, 6},
		{[][]int{{1}, {-1}}, 0},
		{[][]int{{1, 2, 3}, {-1, -2}, {-1, -3}, {-2, -3}}, 3},
		{[][]int{{-1, 2}, {-2, 3}, {-3, 1}}, 2},
		{[][]int{{5}}, 1},
	} {
		got := 0
		models(tt.clauses, func(val []int8) bool {
			got++
			for _, cl := range tt.clauses {
				if !holds(val, cl) {
					t.Errorf("%v: model %v breaks %v", tt.clauses, val, cl)
				}
			}
			return true
		})
		if got != tt.want {
			t.Errorf("%v: %d models, want %d", tt.clauses, got, tt.want)
		}
		stopped := 0
		models(tt.clauses, func([]int8) bool { stopped++; return false })
		if stopped != min(got, 1) {
			t.Errorf("%v: %d models after a stop at the first", tt.clauses, stopped)
		}
	}
	empty := make([]uint8, 16)
	if got := len(classic(4).solutions(empty, nil)); got != 288 {
		t.Errorf("4x4 grids: %d, want 288", got)
	}
	latin := board{name: "latin", n: 4}
	if got := len(latin.solutions(empty, nil)); got != 576 {
		t.Errorf("4x4 Latin squares: %d, want 576", got)
	}
	if got := len(classic(4).solutions(empty, func(i, d int) bool { return i != 5 || d == 3 })); got != 288/4 {
		t.Errorf("4x4 grids with r2c2 = 3: %d, want %d", got, 288/4)
	}
	if classic(4).solves([]uint8("\x01\x02\x03\x04\x03\x04\x01\x02\x02\x01\x04\x03\x04\x03\x02\x05")) {
		t.Errorf("a grid with a 5 solves a 4x4 board")
	}
}

// holds reports whether the clause has a true literal under val, as models
// yields it.
func holds(val []int8, cl []int) bool {
	return slices.ContainsFunc(cl, func(l int) bool {
		v := val[max(l, -l)]
		return l > 0 && v > 0 || l < 0 && v < 0
	})
}
