package verify

import (
	"math/bits"
	"sync"

	"github.com/satdoku/satdoku"
)

// geometry holds the fixed tables of one board size, computed once and
// shared read-only.
type geometry struct {
	info  []cellInfo // per cell
	units []int32    // units[u·N+k]: the k-th cell of unit u
}

// cellInfo gathers what the search needs to know about one cell. Units are
// numbered rows 0..N-1, columns N..2N-1, boxes 2N..3N-1. A segment is the
// part of a row (or column) inside one box: row segment r·B + c/B, column
// segment c·B + r/B.
type cellInfo struct {
	r, c, x uint16 // row, column and box unit
	rs, cs  uint16 // row and column segment
}

var geometries [satdoku.MaxBox + 1]func() *geometry

func init() {
	for b := satdoku.MinBox; b <= satdoku.MaxBox; b++ {
		geometries[b] = sync.OnceValue(func() *geometry { return newGeometry(b) })
	}
}

func newGeometry(b int) *geometry {
	n := b * b
	g := &geometry{
		info:  make([]cellInfo, n*n),
		units: make([]int32, 3*n*n),
	}
	for i := range n * n {
		r, c := i/n, i%n
		g.info[i] = cellInfo{
			r: uint16(r), c: uint16(n + c), x: uint16(2*n + r/b*b + c/b),
			rs: uint16(r*b + c/b), cs: uint16(c*b + r/b),
		}
	}
	for u := range n {
		for k := range n {
			g.units[u*n+k] = int32(u*n + k)
			g.units[(n+u)*n+k] = int32(k*n + u)
			g.units[(2*n+u)*n+k] = int32((u/b*b+k/b)*n + u%b*b + k%b)
		}
	}
	return g
}

// Count counts the solutions of g, stopping at limit (a limit below 1 counts
// as 1), and returns the count, at most limit, with the first solution found,
// or nil when there is none. A grid whose givens already clash has no
// solution; so has a nil grid. Count(g, 2) tells a proper puzzle (count 1)
// from one with several solutions. Count does not modify g.
//
// The search is plain backtracking over digit bitmasks. The candidates of
// an empty cell are the digits not yet used in its row, column and box,
// less those removed by reasoning. Before each branching Count places naked
// singles (a cell with one candidate) and hidden singles (a digit with one
// place left in a row, column or box) and removes locked candidates (a
// digit confined to one row or column inside a box, or to one box inside a
// row or column); then it branches on the empty cell with the fewest
// candidates, trying its digits in increasing order. Memory use is
// proportional to the board.
//
// Proper 9×9 puzzles take microseconds, the hardest known ones well under
// a millisecond; 16×16 and 25×25 puzzles with a usual number of givens take
// milliseconds. The search is exponential in the worst case, and boards of
// 49×49 or more with few givens can take very long.
func Count(g *satdoku.Grid, limit int) (int, *satdoku.Grid) {
	if !usable(g) {
		return 0, nil
	}
	s, ok := newSolver(g, max(limit, 1))
	if !ok {
		return 0, nil // the givens clash
	}
	s.search()
	if s.count == 0 {
		return 0, nil
	}
	sol, err := satdoku.New(s.n)
	if err != nil {
		return 0, nil // cannot happen: g has a valid size
	}
	for i, d := range s.first {
		sol.SetCell(i, int(d))
	}
	return s.count, sol
}

// solver is the state of one Count call. Assignments and removed
// candidates are recorded on trails and undone in reverse order when the
// search backtracks, so memory stays proportional to the board.
type solver struct {
	n, b  int
	cells int    // N²
	all   uint64 // the N digits
	geo   *geometry

	digits []uint8  // per cell, 0 when empty
	elim   []uint64 // per cell, the candidates removed by locked candidates
	used   []uint64 // per unit, the digits placed in it
	empty  []int32  // empty[:nempty] are the empty cells, in no order
	pos    []int32  // position of each cell in empty
	nempty int

	trail     []int32    // assigned cells, oldest first
	elimTrail []elimUndo // elim values before each change

	// Scratch for one round of propagate.
	once, twice    []uint64 // per unit: digits with at least one, two places
	rowSeg, colSeg []uint64 // per segment: candidates of its empty cells

	count int
	limit int
	first []uint8
}

// elimUndo is the elim mask of a cell before locked changed it.
type elimUndo struct {
	cell int32
	elim uint64
}

// newSolver loads the givens of g; ok is false when two of them clash.
func newSolver(g *satdoku.Grid, limit int) (s *solver, ok bool) {
	n, b := g.N(), g.Box()
	cells := n * n
	words := make([]uint64, 2*cells+9*n+2*n*b)
	ints := make([]int32, 3*cells)
	s = &solver{
		n:      n,
		b:      b,
		cells:  cells,
		all:    ^uint64(0) >> (64 - n),
		geo:    geometries[b](),
		digits: make([]uint8, cells),
		elim:   words[:cells],
		used:   words[cells : cells+3*n],
		once:   words[cells+3*n : cells+6*n],
		twice:  words[cells+6*n : cells+9*n],
		rowSeg: words[cells+9*n : cells+9*n+n*b],
		colSeg: words[cells+9*n+n*b : cells+9*n+2*n*b],
		empty:  ints[:cells],
		pos:    ints[cells : 2*cells],
		trail:  ints[2*cells : 2*cells : 3*cells],
		limit:  limit,
	}
	for i := range cells {
		d := g.Cell(i)
		if d == 0 {
			s.pos[i] = int32(s.nempty)
			s.empty[s.nempty] = int32(i)
			s.nempty++
			continue
		}
		bit := uint64(1) << (d - 1)
		ci := s.geo.info[i]
		if (s.used[ci.r]|s.used[ci.c]|s.used[ci.x])&bit != 0 {
			return nil, false
		}
		s.digits[i] = uint8(d)
		s.used[ci.r] |= bit
		s.used[ci.c] |= bit
		s.used[ci.x] |= bit
	}
	return s, true
}

// assign puts the digit of bit in empty cell i.
func (s *solver) assign(i int, bit uint64) {
	s.digits[i] = uint8(bits.TrailingZeros64(bit) + 1)
	ci := s.geo.info[i]
	s.used[ci.r] |= bit
	s.used[ci.c] |= bit
	s.used[ci.x] |= bit
	// Swap cell i to the end of the empty list and shrink the list; undo
	// grows it back, in reverse order.
	p, last := s.pos[i], s.nempty-1
	j := s.empty[last]
	s.empty[p], s.pos[j] = j, p
	s.empty[last], s.pos[i] = int32(i), int32(last)
	s.nempty = last
	s.trail = append(s.trail, int32(i))
}

// undo takes back the assignments and removals made since the trails had
// lengths mark and emark.
func (s *solver) undo(mark, emark int) {
	for len(s.trail) > mark {
		i := s.trail[len(s.trail)-1]
		s.trail = s.trail[:len(s.trail)-1]
		bit := uint64(1) << (s.digits[i] - 1)
		ci := s.geo.info[i]
		s.used[ci.r] &^= bit
		s.used[ci.c] &^= bit
		s.used[ci.x] &^= bit
		s.digits[i] = 0
		s.nempty++ // cell i sits just past the list, where assign left it
	}
	for len(s.elimTrail) > emark {
		u := s.elimTrail[len(s.elimTrail)-1]
		s.elimTrail = s.elimTrail[:len(s.elimTrail)-1]
		s.elim[u.cell] = u.elim
	}
}

// candidates returns the digits empty cell i may take.
func (s *solver) candidates(i int) uint64 {
	ci := s.geo.info[i]
	return s.all &^ (s.used[ci.r] | s.used[ci.c] | s.used[ci.x] | s.elim[i])
}

// search counts the solutions below the current state, leaving the state
// as it found it.
func (s *solver) search() {
	mark, emark := len(s.trail), len(s.elimTrail)
	if best, ok := s.propagate(); ok {
		if best < 0 {
			s.count++
			if s.first == nil {
				s.first = append([]uint8(nil), s.digits...)
			}
		} else {
			for cand := s.candidates(best); cand != 0 && s.count < s.limit; cand &= cand - 1 {
				m, em := len(s.trail), len(s.elimTrail)
				s.assign(best, cand&-cand)
				s.search()
				s.undo(m, em)
			}
		}
	}
	s.undo(mark, emark)
}

// propagate fills naked and hidden singles and removes locked candidates
// until none is left. It returns ok false on a contradiction; otherwise the
// empty cell with the fewest candidates, or -1 when the grid is full.
func (s *solver) propagate() (best int, ok bool) {
	all, info := s.all, s.geo.info
	digits, elim, used := s.digits, s.elim, s.used
	once, twice, rowSeg, colSeg := s.once, s.twice, s.rowSeg, s.colSeg
	for {
		clear(once)
		clear(twice)
		clear(rowSeg)
		clear(colSeg)
		best, fewest := -1, 65
		filled := false // a naked single was placed during this round
		for k := 0; k < s.nempty; {
			i := s.empty[k]
			ci := info[i]
			cand := all &^ (used[ci.r] | used[ci.c] | used[ci.x] | elim[i])
			if cand&(cand-1) == 0 {
				if cand == 0 {
					return 0, false
				}
				s.assign(int(i), cand) // a naked single; another cell moves to k
				filled = true
				continue
			}
			k++
			if cnt := bits.OnesCount64(cand); cnt < fewest {
				best, fewest = int(i), cnt
			}
			if filled {
				continue // the masks below would be stale anyway
			}
			twice[ci.r] |= once[ci.r] & cand
			once[ci.r] |= cand
			twice[ci.c] |= once[ci.c] & cand
			once[ci.c] |= cand
			twice[ci.x] |= once[ci.x] & cand
			once[ci.x] |= cand
			rowSeg[ci.rs] |= cand
			colSeg[ci.cs] |= cand
		}
		if filled {
			continue
		}
		if best < 0 {
			return -1, true
		}
		// Hidden singles, and digits with no place left.
		for u := range used {
			if all&^used[u]&^once[u] != 0 {
				return 0, false
			}
			for h := once[u] &^ twice[u]; h != 0; h &= h - 1 {
				bit := h & -h
				if used[u]&bit != 0 {
					continue // placed meanwhile by another hidden single
				}
				at := -1
				for _, i := range s.geo.units[u*s.n : (u+1)*s.n] {
					if digits[i] == 0 && s.candidates(int(i))&bit != 0 {
						at = int(i)
						break
					}
				}
				if at < 0 {
					return 0, false
				}
				s.assign(at, bit)
				filled = true
			}
		}
		if !filled && !s.locked() {
			return best, true
		}
	}
}

// remove takes the digits of m from the candidates of empty cell i.
func (s *solver) remove(i int32, m uint64) {
	if s.digits[i] == 0 && s.elim[i]|m != s.elim[i] {
		s.elimTrail = append(s.elimTrail, elimUndo{i, s.elim[i]})
		s.elim[i] |= m
	}
}

// locked removes candidates by box-line interaction, from the segment
// masks of the current round: a digit whose places in a box all lie in one
// row (or column) leaves the rest of that line ("pointing"), and a digit
// whose places in a row (or column) all lie in one box leaves the rest of
// that box ("claiming"). It reports whether it removed anything.
func (s *solver) locked() bool {
	n, b := s.n, s.b
	changed := false
	for dir, segs := range [2][]uint64{s.rowSeg, s.colSeg} {
		for line := range n {
			band := line / b * b
			for j := range b { // the segment of line inside the j-th box it crosses
				seg := segs[line*b+j]
				if seg == 0 {
					continue
				}
				var restLine, restBox uint64
				for k := range b {
					if k != j {
						restLine |= segs[line*b+k]
					}
					if band+k != line {
						restBox |= segs[(band+k)*b+j]
					}
				}
				x := band + j // the box, for a row
				if dir == 1 {
					x = j*b + line/b
				}
				// Pointing: confined to this segment within the box, so
				// not elsewhere in the line.
				if m := seg &^ restBox & restLine; m != 0 {
					changed = true
					for _, i := range s.geo.units[(dir*n+line)*n : (dir*n+line+1)*n] {
						if int(s.geo.info[i].x) != 2*n+x {
							s.remove(i, m)
						}
					}
				}
				// Claiming: confined to this segment within the line, so
				// not elsewhere in the box.
				if m := seg &^ restLine & restBox; m != 0 {
					changed = true
					for _, i := range s.geo.units[(2*n+x)*n : (2*n+x+1)*n] {
						if ci := s.geo.info[i]; dir == 0 && int(ci.r) != line || dir == 1 && int(ci.c) != n+line {
							s.remove(i, m)
						}
					}
				}
			}
		}
	}
	return changed
}
