package satsolve

import (
	"math/bits"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/encode"
)

// board holds the geometry of one board size: the cells of every unit and
// the peers of every cell. It is built once per size and shared by the
// calls of a Solver.
type board struct {
	n, b  int
	full  uint64  // the candidate mask of an empty cell: bits 0..n-1
	units []int32 // 3n units of n cells: rows, columns, boxes
	peers []int32 // npeer peers per cell, row-major
	npeer int
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
	// Peers: the other cells of the row and column, and the cells of the
	// box in neither.
	bd.npeer = 2*(n-1) + (b-1)*(b-1)
	bd.peers = make([]int32, 0, n*n*bd.npeer)
	for i := range n * n {
		r, c := i/n, i%n
		for k := range n {
			if k != c {
				bd.peers = append(bd.peers, int32(r*n+k))
			}
		}
		for k := range n {
			if k != r {
				bd.peers = append(bd.peers, int32(k*n+c))
			}
		}
		br, bc := r/b*b, c/b*b
		for rr := br; rr < br+b; rr++ {
			for cc := bc; cc < bc+b; cc++ {
				if rr != r && cc != c {
					bd.peers = append(bd.peers, int32(rr*n+cc))
				}
			}
		}
	}
	return bd
}

// prepass is the native unit propagation that runs before gini. On the
// Extended encoding, unit propagation from the givens is exactly naked
// singles (a cell with one candidate left) and hidden singles (a digit with
// one place left in a row, column or box); prepass computes that fixpoint
// with one candidate bitmask per cell (bit d-1 for digit d), so that gini
// receives only the residual formula. Every deduction is implied by the
// rules and the givens, so the residual formula has the same models.
type prepass struct {
	bd    *board
	cand  []uint64 // candidates per cell
	val   []uint8  // the digit a cell is fixed to, 0 if free
	queue []int32  // cells fixed whose digit is not yet removed from peers
	free  int      // cells not fixed
}

func (p *prepass) reset(bd *board) {
	p.bd = bd
	nn := bd.n * bd.n
	if cap(p.cand) < nn {
		p.cand = make([]uint64, nn)
		p.val = make([]uint8, nn)
		p.queue = make([]int32, 0, nn)
	}
	p.cand, p.val, p.queue = p.cand[:nn], p.val[:nn], p.queue[:0]
	for i := range p.cand {
		p.cand[i] = bd.full
		p.val[i] = 0
	}
	p.free = nn
}

// run fills the candidates of g to the fixpoint. It returns false when it
// finds a contradiction: a cell with no candidate, a digit with no place in
// a unit, or two peers fixed to the same digit.
func (p *prepass) run(bd *board, g *satdoku.Grid) bool {
	p.reset(bd)
	for i := range g.Len() {
		if d := g.Cell(i); d != 0 && !p.assign(i, uint64(1)<<(d-1)) {
			return false
		}
	}
	if !p.propagate() {
		return false
	}
	for {
		changed, ok := p.hidden()
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// assign fixes cell i to the single digit in bit.
func (p *prepass) assign(i int, bit uint64) bool {
	if p.cand[i]&bit == 0 {
		return false
	}
	if p.val[i] != 0 {
		return p.cand[i] == bit
	}
	p.cand[i] = bit
	p.val[i] = uint8(bits.TrailingZeros64(bit) + 1)
	p.free--
	p.queue = append(p.queue, int32(i))
	return true
}

// propagate removes the digit of every queued cell from its peers, fixing
// the peers left with one candidate (naked singles).
func (p *prepass) propagate() bool {
	np := p.bd.npeer
	for len(p.queue) > 0 {
		i := p.queue[len(p.queue)-1]
		p.queue = p.queue[:len(p.queue)-1]
		bit := p.cand[i]
		for _, j := range p.bd.peers[int(i)*np : int(i+1)*np] {
			c := p.cand[j]
			if c&bit == 0 {
				continue
			}
			c &^= bit
			if c == 0 {
				return false
			}
			p.cand[j] = c
			if c&(c-1) == 0 && !p.assign(int(j), c) {
				return false
			}
		}
	}
	return true
}

// hidden fixes the hidden singles of every unit, propagating after each
// unit. changed reports whether any cell was fixed.
func (p *prepass) hidden() (changed, ok bool) {
	n := p.bd.n
	units := p.bd.units
	for u := 0; u < len(units); u += n {
		cells := units[u : u+n]
		var once, twice, placed uint64
		for _, i := range cells {
			c := p.cand[i]
			twice |= once & c
			once |= c
			if p.val[i] != 0 {
				placed |= c
			}
		}
		if once != p.bd.full {
			return changed, false
		}
		h := once &^ twice &^ placed
		if h == 0 {
			continue
		}
		for h != 0 {
			bit := h & -h
			h &^= bit
			for _, i := range cells {
				if p.cand[i]&bit != 0 {
					if !p.assign(int(i), bit) {
						return changed, false
					}
					break
				}
			}
		}
		changed = true
		if !p.propagate() {
			return changed, false
		}
	}
	return changed, true
}
