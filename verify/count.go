package verify

import (
	"math/bits"
	"sync"

	"github.com/satdoku/satdoku"
)

// geometry holds, for one board size, the row, column and box of every cell
// and the cell offsets inside a box. It is computed once per size and
// shared read-only.
type geometry struct {
	row, col, box []uint8
	boxStart      []int16 // top-left cell of each box
	boxOff        []int16 // offset of the k-th cell of a box from its top-left cell
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
		row:      make([]uint8, n*n),
		col:      make([]uint8, n*n),
		box:      make([]uint8, n*n),
		boxStart: make([]int16, n),
		boxOff:   make([]int16, n),
	}
	for i := range n * n {
		r, c := i/n, i%n
		g.row[i], g.col[i], g.box[i] = uint8(r), uint8(c), uint8(r/b*b+c/b)
	}
	for k := range n {
		g.boxStart[k] = int16(k/b*b*n + k%b*b)
		g.boxOff[k] = int16(k/b*n + k%b)
	}
	return g
}

// Count counts the solutions of g, stopping at limit (a limit below 1 counts
// as 1), and returns the count, at most limit, with the first solution found,
// or nil when there is none. A grid whose givens already clash has no
// solution; so has a nil grid. Count(g, 2) tells a proper puzzle (count 1)
// from one with several solutions.
//
// The search is plain backtracking over digit bitmasks: it repeatedly fills
// naked singles (a cell with one candidate) and hidden singles (a digit with
// one place in a row, column or box), then branches on the empty cell with
// the fewest candidates. It does not modify g.
func Count(g *satdoku.Grid, limit int) (int, *satdoku.Grid) {
	if !usable(g) {
		return 0, nil
	}
	s := newSolver(g, max(limit, 1))
	if s == nil {
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

// solver is the state of one Count call. Assignments are recorded on a
// trail and undone in reverse order; the empty cells are kept in a
// swap-remove list whose removals are undone by growing it again.
type solver struct {
	n     int
	all   uint64 // the N digits
	geo   *geometry
	cells []uint8
	row   [satdoku.MaxN]uint64
	col   [satdoku.MaxN]uint64
	box   [satdoku.MaxN]uint64
	empty []int16 // empty[:nEmpty] are the empty cells
	pos   []int16 // position of each cell in empty
	trail []int16
	once  [3 * satdoku.MaxN]uint64 // digits that are candidates somewhere in a unit
	twice [3 * satdoku.MaxN]uint64 // digits that are candidates twice or more in a unit

	nEmpty int
	count  int
	limit  int
	first  []uint8
}

// newSolver loads the givens of g, or returns nil if two of them clash.
func newSolver(g *satdoku.Grid, limit int) *solver {
	n := g.N()
	s := &solver{
		n:     n,
		all:   ^uint64(0) >> (64 - n),
		geo:   geometries[g.Box()](),
		cells: make([]uint8, n*n),
		empty: make([]int16, 0, n*n),
		pos:   make([]int16, n*n),
		trail: make([]int16, 0, n*n),
		limit: limit,
	}
	for i := range s.cells {
		d := g.Cell(i)
		if d == 0 {
			s.pos[i] = int16(len(s.empty))
			s.empty = append(s.empty, int16(i))
			continue
		}
		bit := uint64(1) << (d - 1)
		r, c, x := s.geo.row[i], s.geo.col[i], s.geo.box[i]
		if (s.row[r]|s.col[c]|s.box[x])&bit != 0 {
			return nil
		}
		s.row[r] |= bit
		s.col[c] |= bit
		s.box[x] |= bit
		s.cells[i] = uint8(d)
	}
	s.nEmpty = len(s.empty)
	s.empty = s.empty[:cap(s.empty)]
	return s
}

// candidates returns the digits cell i may still take.
func (s *solver) candidates(i int) uint64 {
	return s.all &^ (s.row[s.geo.row[i]] | s.col[s.geo.col[i]] | s.box[s.geo.box[i]])
}

// assign puts the digit of bit in empty cell i.
func (s *solver) assign(i int, bit uint64) {
	s.cells[i] = uint8(bits.TrailingZeros64(bit) + 1)
	s.row[s.geo.row[i]] |= bit
	s.col[s.geo.col[i]] |= bit
	s.box[s.geo.box[i]] |= bit
	// Swap cell i to the end of the empty list and shrink the list.
	p, last := int(s.pos[i]), s.nEmpty-1
	j := s.empty[last]
	s.empty[p], s.pos[j] = j, int16(p)
	s.empty[last], s.pos[i] = int16(i), int16(last)
	s.nEmpty = last
	s.trail = append(s.trail, int16(i))
}

// undo takes back the assignments made since the trail had length mark.
func (s *solver) undo(mark int) {
	for len(s.trail) > mark {
		i := int(s.trail[len(s.trail)-1])
		s.trail = s.trail[:len(s.trail)-1]
		bit := uint64(1) << (s.cells[i] - 1)
		s.row[s.geo.row[i]] &^= bit
		s.col[s.geo.col[i]] &^= bit
		s.box[s.geo.box[i]] &^= bit
		s.cells[i] = 0
		s.nEmpty++ // cell i sits just past the list, where assign left it
	}
}

// search counts the solutions below the current state, leaving the state
// as it found it.
func (s *solver) search() {
	mark := len(s.trail)
	if best, ok := s.propagate(); ok {
		if best < 0 {
			s.count++
			if s.first == nil {
				s.first = append([]uint8(nil), s.cells...)
			}
		} else {
			for cand := s.candidates(best); cand != 0 && s.count < s.limit; cand &= cand - 1 {
				m := len(s.trail)
				s.assign(best, cand&-cand)
				s.search()
				s.undo(m)
			}
		}
	}
	s.undo(mark)
}

// propagate fills naked and hidden singles until none is left. It returns
// ok false on a contradiction; otherwise the empty cell with the fewest
// candidates, or -1 when the grid is full.
func (s *solver) propagate() (best int, ok bool) {
	n := s.n
	for {
		if s.nEmpty == 0 {
			return -1, true
		}
		once, twice := s.once[:3*n], s.twice[:3*n]
		clear(once)
		clear(twice)
		best, fewest, filled := -1, 65, false
		for k := 0; k < s.nEmpty; {
			i := int(s.empty[k])
			r, c, x := int(s.geo.row[i]), n+int(s.geo.col[i]), 2*n+int(s.geo.box[i])
			cand := s.all &^ (s.row[r] | s.col[c-n] | s.box[x-2*n])
			switch cnt := bits.OnesCount64(cand); {
			case cnt == 0:
				return 0, false
			case cnt == 1:
				s.assign(i, cand) // moves another cell to position k
				filled = true
				continue
			case cnt < fewest:
				best, fewest = i, cnt
			}
			if !filled {
				twice[r] |= once[r] & cand
				once[r] |= cand
				twice[c] |= once[c] & cand
				once[c] |= cand
				twice[x] |= once[x] & cand
				once[x] |= cand
			}
			k++
		}
		if filled {
			continue // the unit masks are stale
		}
		for u := range 3 * n {
			if s.all&^s.used(u)&^once[u] != 0 {
				return 0, false // a digit has no place left in unit u
			}
			for h := once[u] &^ twice[u]; h != 0; h &= h - 1 {
				bit := h & -h
				if s.used(u)&bit != 0 {
					continue // placed meanwhile by another hidden single
				}
				i := s.place(u, bit)
				if i < 0 {
					return 0, false
				}
				s.assign(i, bit)
				filled = true
			}
		}
		if !filled {
			return best, true
		}
	}
}

// used returns the digits placed in unit u: rows are 0..N-1, columns
// N..2N-1, boxes 2N..3N-1.
func (s *solver) used(u int) uint64 {
	switch n := s.n; {
	case u < n:
		return s.row[u]
	case u < 2*n:
		return s.col[u-n]
	default:
		return s.box[u-2*n]
	}
}

// place returns the empty cell of unit u that may take the digit of bit, or
// -1 if there is none.
func (s *solver) place(u int, bit uint64) int {
	n := s.n
	for k := range n {
		var i int
		switch {
		case u < n:
			i = u*n + k
		case u < 2*n:
			i = k*n + u - n
		default:
			i = int(s.geo.boxStart[u-2*n]) + int(s.geo.boxOff[k])
		}
		if s.cells[i] == 0 && s.candidates(i)&bit != 0 {
			return i
		}
	}
	return -1
}
