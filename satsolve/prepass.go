package satsolve

import (
	"math/bits"

	"github.com/satdoku/satdoku"
)

// board holds what the solver derives from one set of rules: the cells of
// every unit, the units of every cell, the overlaps, and the encoder. It is
// built once per *satdoku.Rules and shared by the calls of a Solver.
type board struct {
	rules    *satdoku.Rules
	n        int
	nv       int       // the number of digits, rules.Values (n unless it says otherwise)
	nc       int       // the number of cells, rules.Cells: n², and any var cells
	full     uint64    // the candidate mask of an empty cell: bits 0..nv-1
	units    [][]int   // the cells of every unit, as in rules.Units
	fullUnit []bool    // the unit has nv cells: it holds every digit
	cu       [][]int32 // the units of every cell
	// cu3 holds the units of every cell, three a cell, when every cell has
	// three (classic rules): the pre-pass's hottest loop reads it without
	// a loop.
	cu3      []int32
	overlaps []satdoku.Overlap
	// cons: the rules have constraints, for which the encoder numbers
	// auxiliary variables.
	cons bool
	// oneOf holds every cell's digits allowed by the OneOf constraints
	// (and digit 1 in a window's holes), nil when there are none: the
	// pre-pass starts from them.
	oneOf []uint64
}

// boardKey is the key of the board in the cache of its rules.
type boardKey struct{}

// boardOf returns the board of rules r, computed once per rules (see
// satdoku.Rules.Cached) and shared by every Solver.
func boardOf(r *satdoku.Rules) *board {
	return r.Cached(boardKey{}, func() any { return newBoard(r) }).(*board)
}

// newBoard computes the tables of rules r.
func newBoard(r *satdoku.Rules) *board {
	n := r.N()
	us := r.Units()
	bd := &board{
		rules:    r,
		n:        n,
		nv:       r.Values(),
		full:     ^uint64(0) >> (64 - r.Values()),
		units:    make([][]int, len(us)),
		fullUnit: make([]bool, len(us)),
		nc:       r.Cells(),
		cu:       make([][]int32, r.Cells()),
		overlaps: r.Overlaps(),
		cons:     len(r.Constraints()) > 0,
	}
	// restrict keeps of cell i's digits those of mask.
	restrict := func(i int, mask uint64) {
		if bd.oneOf == nil {
			bd.oneOf = make([]uint64, r.Cells())
			for i := range bd.oneOf {
				bd.oneOf[i] = bd.full
			}
		}
		bd.oneOf[i] &= mask
	}
	for _, c := range r.Constraints() {
		if c.Kind == satdoku.OneOf {
			for _, i := range c.Cells {
				restrict(i, c.Mask)
			}
		}
	}
	for i := range n * n {
		if r.Hole(i) {
			restrict(i, 1) // a window's hole holds digit 1 alone (see Rules.WithWindow)
		}
	}
	for u, unit := range us {
		bd.units[u] = unit.Cells
		bd.fullUnit[u] = r.Full(u)
	}
	three := true
	for i := range bd.cu {
		bd.cu[i] = r.UnitsOf(i)
		three = three && len(bd.cu[i]) == 3
	}
	if three {
		bd.cu3 = make([]int32, 0, 3*r.Cells())
		for _, cu := range bd.cu {
			bd.cu3 = append(bd.cu3, cu...)
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
	// strong adds locked candidates and naked and hidden pairs to the
	// singles (see locked and pairs).
	strong bool
	free   int // cells not fixed
}

func (p *prepass) reset(bd *board) {
	p.bd = bd
	nn := bd.nc
	if cap(p.cand) < nn {
		p.cand = make([]uint64, nn)
		p.val = make([]uint8, nn)
		p.open = make([]int32, 0, nn)
	}
	nu := len(bd.units)
	if cap(p.placed) < nu {
		p.placed = make([]uint64, nu)
	}
	p.cand, p.val, p.open = p.cand[:nn], p.val[:nn], p.open[:0]
	p.placed = p.placed[:nu]
	clear(p.placed)
	clear(p.val)
	if bd.oneOf != nil {
		copy(p.cand, bd.oneOf)
	} else {
		for i := range p.cand {
			p.cand[i] = bd.full
		}
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
			if bit := uint64(1) << (d - 1); p.cand[i]&bit == 0 || !p.assign(i, bit) {
				return false
			}
		} else {
			p.open = append(p.open, int32(i))
		}
	}
	return p.fixpoint()
}

// fixpoint runs the deductions of run to their fixpoint from the
// candidates as they are (after run, the eliminations of another
// reasoning: see probe).
func (p *prepass) fixpoint() bool {
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

// locked removes locked candidates, on any two units that share two cells
// or more (see satdoku.Overlap): when a unit that holds every digit has a
// digit only in the shared cells, the other unit has it nowhere else. On
// classic rules that is pointing (box and line) and claiming (line and
// box). It runs at the singles fixpoint, where every open cell's candidates
// are up to date, and reports whether it removed any.
func (p *prepass) locked() bool {
	changed := false
	for k := range p.bd.overlaps {
		o := &p.bd.overlaps[k]
		shared := p.union(o.Shared)
		if shared == 0 {
			continue
		}
		onlyA, onlyB := p.union(o.OnlyA), p.union(o.OnlyB)
		if p.bd.fullUnit[o.A] {
			if rm := shared &^ onlyA & onlyB; rm != 0 {
				p.remove(o.OnlyB, rm)
				changed = true
			}
		}
		if p.bd.fullUnit[o.B] {
			if rm := shared &^ onlyB & onlyA; rm != 0 {
				p.remove(o.OnlyA, rm)
				changed = true
			}
		}
	}
	return changed
}

// union returns the candidates of the open cells among cells.
func (p *prepass) union(cells []int) uint64 {
	var m uint64
	for _, i := range cells {
		if p.val[i] == 0 {
			m |= p.cand[i]
		}
	}
	return m
}

// remove takes the digits rm out of the open cells among cells.
func (p *prepass) remove(cells []int, rm uint64) {
	for _, i := range cells {
		if p.val[i] == 0 {
			p.cand[i] &^= rm
		}
	}
}

// mask returns the digits fixed in the units of cell i.
func (p *prepass) mask(i int) uint64 {
	if cu3 := p.bd.cu3; cu3 != nil {
		cu := cu3[3*i : 3*i+3]
		return p.placed[cu[0]] | p.placed[cu[1]] | p.placed[cu[2]]
	}
	var m uint64
	for _, u := range p.bd.cu[i] {
		m |= p.placed[u]
	}
	return m
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
	if cu3 := p.bd.cu3; cu3 != nil {
		cu := cu3[3*i : 3*i+3]
		p.placed[cu[0]] |= bit
		p.placed[cu[1]] |= bit
		p.placed[cu[2]] |= bit
		return true
	}
	for _, u := range p.bd.cu[i] {
		p.placed[u] |= bit
	}
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
	for u, cells := range p.bd.units {
		if !p.bd.fullUnit[u] {
			continue // a digit may be missing from a smaller unit
		}
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
	n := p.bd.nv
	changed := false
	var pos [64]uint64
	for u, cells := range p.bd.units {
		if p.placed[u] == p.bd.full {
			continue
		}
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
		// Hidden pairs, in a unit that holds every digit.
		if !p.bd.fullUnit[u] {
			continue
		}
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
