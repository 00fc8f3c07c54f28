package satsolve

import (
	"math/bits"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/encode"
)

// board holds the geometry of one board size: the cells of every unit and
// the units of every cell. It is built once per size and shared by the
// calls of a Solver.
type board struct {
	n, b  int
	full  uint64   // the candidate mask of an empty cell: bits 0..n-1
	units []int32  // 3n units of n cells: rows, columns, boxes
	cu    []uint16 // the row, column and box of every cell, as units 0..3n-1
}

func newBoard(n int) *board {
	b := satdoku.BoxOf(n)
	bd := &board{n: n, b: b, full: ^uint64(0) >> (64 - n)}
	bd.units = make([]int32, 0, 3*n*n)
	for u := range 3 * n {
		for k := range n {
			r, c := encode.UnitCell(n, b, u, k)
			bd.units = append(bd.units, int32(r*n+c))
		}
	}
	bd.cu = make([]uint16, 3*n*n)
	for u := range 3 * n {
		for _, i := range bd.units[u*n : (u+1)*n] {
			bd.cu[3*int(i)+u/n] = uint16(u)
		}
	}
	return bd
}

// prepass is the native propagation that runs before gini. On the
// Extended encoding, unit propagation from the givens is exactly naked
// singles (a cell with one candidate left) and hidden singles (a digit with
// one place left in a row, column or box); prepass computes that fixpoint
// with one candidate bitmask per cell (bit d-1 for digit d) and one mask of
// the digits placed per unit (TestPrepassIsUnitPropagation checks it
// against gini's own propagation). With strong, as a Solver runs it, it
// goes on where unit propagation stops: it removes locked candidates, then
// naked and hidden pairs, and propagates singles again after each removal,
// to a fixpoint of all three. gini then receives only
// the residual formula, over the candidates left. Every deduction is
// implied by the rules and the givens, so the residual formula has the
// same models as the whole.
type prepass struct {
	bd     *board
	cand   []uint64 // candidates per cell; a fixed cell's one digit
	val    []uint8  // the digit a cell is fixed to, 0 if free
	placed []uint64 // the digits fixed in each unit
	open   []int32  // the cells not fixed (as of the last sweep)
	seg    []uint64 // scratch for locked
	// strong adds locked candidates and naked and hidden pairs to the
	// singles (see locked and pairs).
	strong bool
	free   int // cells not fixed
}

func (p *prepass) reset(bd *board) {
	p.bd = bd
	nn := bd.n * bd.n
	if cap(p.cand) < nn {
		p.cand = make([]uint64, nn)
		p.val = make([]uint8, nn)
		p.open = make([]int32, 0, nn)
	}
	if cap(p.placed) < 3*bd.n {
		p.placed = make([]uint64, 3*bd.n)
	}
	p.cand, p.val, p.open = p.cand[:nn], p.val[:nn], p.open[:0]
	p.placed = p.placed[:3*bd.n]
	clear(p.placed)
	clear(p.val)
	for i := range p.cand {
		p.cand[i] = bd.full
	}
	p.free = nn
}

// run fills the candidates of g to the fixpoint: singles, and with strong
// locked candidates and pairs. It returns false when it
// finds a contradiction: a cell with no candidate, a digit with no place in
// a unit, or two peers fixed to the same digit.
func (p *prepass) run(bd *board, g *satdoku.Grid) bool {
	p.reset(bd)
	for i := range g.Len() {
		if d := g.Cell(i); d != 0 {
			if !p.assign(i, uint64(1)<<(d-1)) {
				return false
			}
		} else {
			p.open = append(p.open, int32(i))
		}
	}
	for {
		fixed, ok := p.naked()
		if !ok {
			return false
		}
		hid, ok := p.hidden()
		if !ok {
			return false
		}
		if fixed || hid {
			continue
		}
		if !p.strong || p.free == 0 {
			return true
		}
		if p.locked() {
			continue
		}
		if !p.pairs() {
			return true
		}
	}
}

// locked removes locked candidates (pointing and claiming): a digit that
// in a box can only go in one row (or column) goes nowhere else in that row
// (column), and a digit that in a row (column) can only go in one box goes
// nowhere else in that box. It runs at the singles fixpoint, where every
// open cell's candidates are up to date, and reports whether it removed
// any.
func (p *prepass) locked() bool {
	n, b := p.bd.n, p.bd.b
	if cap(p.seg) < n*b {
		p.seg = make([]uint64, n*b)
	}
	seg := p.seg[:n*b]
	changed := false
	for dir := range 2 { // rows, then columns
		cell := func(line, pos int) int {
			if dir == 0 {
				return line*n + pos
			}
			return pos*n + line
		}
		// seg[line·b + j]: the candidates of the open cells of line in
		// box j of its band.
		for line := range n {
			for j := range b {
				var m uint64
				for pos := j * b; pos < (j+1)*b; pos++ {
					if i := cell(line, pos); p.val[i] == 0 {
						m |= p.cand[i]
					}
				}
				seg[line*b+j] = m
			}
		}
		// remove takes the digits rm out of the open cells of segment
		// (line, j).
		remove := func(line, j int, rm uint64) {
			for pos := j * b; pos < (j+1)*b; pos++ {
				if i := cell(line, pos); p.val[i] == 0 && p.cand[i]&rm != 0 {
					p.cand[i] &^= rm
					changed = true
				}
			}
		}
		for line := range n {
			band := line / b * b
			for j := range b {
				m := seg[line*b+j]
				if m == 0 {
					continue
				}
				var inLine, inBox uint64 // elsewhere in the line, in the box
				for k := range b {
					if k != j {
						inLine |= seg[line*b+k]
					}
					if l := band + k; l != line {
						inBox |= seg[l*b+j]
					}
				}
				if rm := m &^ inBox & inLine; rm != 0 { // pointing
					for k := range b {
						if k != j {
							remove(line, k, rm)
						}
					}
				}
				if rm := m &^ inLine & inBox; rm != 0 { // claiming
					for k := range b {
						if l := band + k; l != line {
							remove(l, j, rm)
						}
					}
				}
			}
		}
	}
	return changed
}

// mask returns the digits fixed in the units of cell i.
func (p *prepass) mask(i int) uint64 {
	cu := p.bd.cu[3*i : 3*i+3]
	return p.placed[cu[0]] | p.placed[cu[1]] | p.placed[cu[2]]
}

// assign fixes the free cell i to the single digit in bit, which must not be
// fixed in any of its units yet.
func (p *prepass) assign(i int, bit uint64) bool {
	if p.val[i] != 0 || p.mask(i)&bit != 0 {
		return false
	}
	p.cand[i] = bit
	p.val[i] = uint8(bits.TrailingZeros64(bit) + 1)
	p.free--
	cu := p.bd.cu[3*i : 3*i+3]
	p.placed[cu[0]] |= bit
	p.placed[cu[1]] |= bit
	p.placed[cu[2]] |= bit
	return true
}

// naked sweeps the open cells once, removing from each the digits fixed in
// its units and fixing those left with one candidate (naked singles); a
// digit fixed during the sweep is seen by the cells after it. fixed reports
// whether any cell was fixed.
func (p *prepass) naked() (fixed, ok bool) {
	k := 0
	for _, i := range p.open {
		if p.val[i] != 0 { // fixed by hidden
			continue
		}
		c := p.cand[i] &^ p.mask(int(i))
		if c&(c-1) == 0 {
			if c == 0 || !p.assign(int(i), c) {
				return fixed, false
			}
			fixed = true
			continue
		}
		p.cand[i] = c
		p.open[k] = i
		k++
	}
	p.open = p.open[:k]
	return fixed, true
}

// hidden fixes the hidden singles of every unit, reading each free cell's
// candidates afresh. fixed reports whether any cell was fixed.
func (p *prepass) hidden() (fixed, ok bool) {
	n := p.bd.n
	units := p.bd.units
	for u := range 3 * n {
		cells := units[u*n : (u+1)*n]
		placed := p.placed[u]
		if placed == p.bd.full {
			continue
		}
		var once, twice uint64
		for _, i := range cells {
			if p.val[i] == 0 {
				c := p.cand[i] &^ p.mask(int(i))
				twice |= once & c
				once |= c
			}
		}
		if once|placed != p.bd.full {
			return fixed, false
		}
		for h := once &^ twice &^ placed; h != 0; h &= h - 1 {
			bit := h & -h
			for _, i := range cells {
				if p.val[i] == 0 && p.cand[i]&bit != 0 && p.mask(int(i))&bit == 0 {
					if !p.assign(int(i), bit) {
						return fixed, false
					}
					fixed = true
					break
				}
			}
		}
	}
	return fixed, true
}

// pairs removes candidates by naked pairs (two cells of a unit with the
// same two candidates: those digits go nowhere else in the unit) and hidden
// pairs (two digits with the same two places in a unit: those cells hold
// nothing else). It runs at a fixpoint of singles, where every open cell's
// candidates are up to date, and reports whether it removed any.
func (p *prepass) pairs() bool {
	n := p.bd.n
	changed := false
	var pos [64]uint64
	for u := range 3 * n {
		if p.placed[u] == p.bd.full {
			continue
		}
		cells := p.bd.units[u*n : (u+1)*n]
		// Naked pairs.
		for k, i := range cells {
			c := p.cand[i]
			if p.val[i] != 0 || bits.OnesCount64(c) != 2 {
				continue
			}
			for _, j := range cells[k+1:] {
				if p.val[j] == 0 && p.cand[j] == c {
					for _, x := range cells {
						if x != i && x != j && p.val[x] == 0 && p.cand[x]&c != 0 {
							p.cand[x] &^= c
							changed = true
						}
					}
				}
			}
		}
		// Hidden pairs.
		clear(pos[:n])
		for k, i := range cells {
			if p.val[i] != 0 {
				continue
			}
			for m := p.cand[i]; m != 0; m &= m - 1 {
				pos[bits.TrailingZeros64(m)] |= 1 << k
			}
		}
		for d1 := range n {
			if bits.OnesCount64(pos[d1]) != 2 {
				continue
			}
			for d2 := d1 + 1; d2 < n; d2++ {
				if pos[d2] != pos[d1] {
					continue
				}
				keep := uint64(1)<<d1 | uint64(1)<<d2
				for m := pos[d1]; m != 0; m &= m - 1 {
					i := cells[bits.TrailingZeros64(m)]
					if p.cand[i]&^keep != 0 {
						p.cand[i] &= keep
						changed = true
					}
				}
			}
		}
	}
	return changed
}
