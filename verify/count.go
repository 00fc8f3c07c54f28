package verify

import (
	"context"
	"math/bits"

	"github.com/satdoku/satdoku"
)

// Count counts the solutions of g under its rules, stopping at limit (a
// limit below 1 counts as 1), and returns the count, at most limit, with
// the first solution found, or nil when there is none. A grid whose givens
// already clash has no solution; so has a nil grid. Count(g, 2) tells a
// proper puzzle (count 1) from one with several solutions. Count does not
// modify g; the solution is under the same rules as g.
//
// The search is plain backtracking over digit bitmasks. The candidates of
// an empty cell are the digits not yet used in any of its units, less
// those removed by reasoning. Before each branching Count places naked
// singles (a cell with one candidate) and hidden singles (a digit with one
// place left in a unit that holds every digit) and removes locked
// candidates (a digit whose places in a unit that holds every digit all
// lie in the part it shares with another unit leaves the rest of that
// other unit); then it branches on the empty cell with the fewest
// candidates, trying its digits in increasing order. Memory use is
// proportional to the board and its units.
//
// Relations (satdoku.Relation) remove from a cell the digits that the
// digit placed in the other cell forbids. Constraints (satdoku.Constraint)
// take part in every round: a OneOf's digits bound its cells' candidates
// from the start, and each other constraint removes from its cells the
// candidates no way of satisfying it could use, on bounds of its own (the
// least and greatest total of a Total, the windows of digits a Run can
// fill, the pairs of ends of a Within, the places of the 1 and the N of a
// Sandwich with the bounds of the cells between, the cells left for the
// digits of a Contains), so that a full grid satisfies every constraint
// exactly. Rules without constraints are searched as before, at the cost
// of one test per round.
//
// Proper 9×9 puzzles take microseconds, the hardest known ones well under
// a millisecond; 16×16 and 25×25 puzzles with a usual number of givens take
// milliseconds. The search is exponential in the worst case, and boards of
// 49×49 or more with few givens can take very long.
func Count(g *satdoku.Grid, limit int) (int, *satdoku.Grid) {
	n, sol, _ := count(context.Background(), g, limit)
	return n, sol
}

// CountContext is Count under a context: it gives up once ctx is done and
// returns ctx's error, with the solutions found so far (a lower bound on
// the count) and the first of them. Without an error it returns what Count
// returns. It looks at ctx at every branching of the search (a receive
// from ctx.Done() that does not wait), so a deadline bounds the time it
// takes to within one round of propagation: a caller can ask for a second
// opinion where Count is fast and give up where it is not.
func CountContext(ctx context.Context, g *satdoku.Grid, limit int) (int, *satdoku.Grid, error) {
	if err := ctx.Err(); err != nil {
		return 0, nil, err
	}
	return count(ctx, g, limit)
}

// count is CountContext without its first look at ctx. Count passes
// context.Background(), which is never done: its Done channel is nil, and
// the search never looks.
func count(ctx context.Context, g *satdoku.Grid, limit int) (int, *satdoku.Grid, error) {
	if !usable(g) {
		return 0, nil, nil
	}
	s, ok := newSolver(g, max(limit, 1))
	if !ok {
		return 0, nil, nil // the givens clash
	}
	s.ctx, s.done = ctx, ctx.Done()
	s.search()
	if s.count == 0 {
		return 0, nil, s.err
	}
	sol := satdoku.NewGrid(g.Rules())
	for i, d := range s.first {
		sol.SetCell(i, int(d))
	}
	return s.count, sol, s.err
}

// solver is the state of one Count call. Assignments and removed
// candidates are recorded on trails and undone in reverse order when the
// search backtracks, so memory stays proportional to the board.
type solver struct {
	*layout

	digits []uint8  // per cell, 0 when empty
	elim   []uint64 // per cell, the candidates removed by locked candidates
	cand   []uint64 // per cell, its candidates at the last sweep; 0 when filled
	used   []uint64 // per unit and the padding unit, the digits placed in it
	empty  []int32  // empty[:nempty] are the empty cells, in no order
	pos    []int32  // position of each cell in empty
	nempty int

	trail     []int32    // assigned cells, oldest first
	elimTrail []elimUndo // elim values before each change

	// Scratch for one round of propagate.
	once, twice []uint64 // per unit: digits with at least one, two places
	seg         []uint64 // per overlap: the candidates of its shared cells
	famOnce     []uint64 // per family: digits in one member's shared part or more
	famOther    []uint64 // per family: digits in two members' or in the rest
	consMask    []uint64 // the masks of one constraint's cells, for narrow
	consScratch []uint64 // narrow's scratch

	count int
	limit int
	first []uint8

	ctx  context.Context // CountContext's, or context.Background() for Count
	done <-chan struct{} // ctx.Done(); nil for a context never done
	err  error           // ctx's error once it is done: the search unwinds
}

// elimUndo is the elim mask of a cell before locked changed it.
type elimUndo struct {
	cell int32
	elim uint64
}

// newSolver loads the givens of g; ok is false when two of them clash.
func newSolver(g *satdoku.Grid, limit int) (s *solver, ok bool) {
	l := layoutOf(g.Rules())
	cells, nu, no, nf := g.Len(), l.nunits+1, len(l.overlaps), len(l.families)
	words := make([]uint64, 2*cells+3*nu+no+2*nf)
	ints := make([]int32, 3*cells)
	take := func(k int) []uint64 {
		w := words[:k:k]
		words = words[k:]
		return w
	}
	s = &solver{
		layout:   l,
		digits:   make([]uint8, cells),
		elim:     take(cells),
		cand:     take(cells),
		used:     take(nu),
		once:     take(nu),
		twice:    take(nu),
		seg:      take(no),
		famOnce:  take(nf),
		famOther: take(nf),
		empty:    ints[:cells],
		pos:      ints[cells : 2*cells],
		trail:    ints[2*cells : 2*cells : 3*cells],
		limit:    limit,
	}
	if l.cons != nil {
		s.consMask = make([]uint64, 2*l.consCells)
		s.consMask, s.consScratch = s.consMask[:l.consCells], s.consMask[l.consCells:]
	}
	for _, c := range l.oneOf {
		for _, i := range c.Cells {
			s.elim[i] |= l.all &^ c.Mask
		}
	}
	for i := range cells {
		if g.Rules().Hole(i) {
			s.elim[i] |= l.all &^ 1 // outside the window: digit 1 alone
		}
	}
	for i := range cells {
		d := g.Cell(i)
		if d == 0 {
			s.pos[i] = int32(s.nempty)
			s.empty[s.nempty] = int32(i)
			s.nempty++
			continue
		}
		b := bit(d)
		if s.candidates(i)&b == 0 {
			return nil, false // a unit of cell i already holds d, or a relation forbids it
		}
		for _, x := range s.unitsOf(i) {
			s.used[x] |= b
		}
		s.used[l.nunits] = 0 // the padding unit holds nothing
		s.digits[i] = uint8(d)
		s.relate(i, d)
	}
	s.elimTrail = s.elimTrail[:0] // the givens' removals are never undone
	return s, true
}

// unitsOf returns the units of cell i, padded with the empty unit.
func (s *solver) unitsOf(i int) []int32 {
	return s.cellUnits[i*s.stride : (i+1)*s.stride]
}

// assign puts the digit of bit b in empty cell i.
func (s *solver) assign(i int, b uint64) {
	s.digits[i] = uint8(bits.TrailingZeros64(b) + 1)
	s.cand[i] = 0
	for _, x := range s.unitsOf(i) {
		s.used[x] |= b
	}
	s.used[s.nunits] = 0
	// Swap cell i to the end of the empty list and shrink the list; undo
	// grows it back, in reverse order.
	p, last := s.pos[i], s.nempty-1
	j := s.empty[last]
	s.empty[p], s.pos[j] = j, p
	s.empty[last], s.pos[i] = int32(i), int32(last)
	s.nempty = last
	s.trail = append(s.trail, int32(i))
	if s.rel != nil {
		s.relate(i, int(s.digits[i]))
	}
}

// relate removes from the empty cells related to cell i, which holds d, the
// digits their relations then forbid (on the elimination trail, so that
// undo restores them).
func (s *solver) relate(i, d int) {
	if s.rel == nil {
		return
	}
	for _, e := range s.rel[i] {
		s.remove(int(e.other), e.out[d])
	}
}

// undo takes back the assignments and removals made since the trails had
// lengths mark and emark.
func (s *solver) undo(mark, emark int) {
	for len(s.trail) > mark {
		i := s.trail[len(s.trail)-1]
		s.trail = s.trail[:len(s.trail)-1]
		b := bit(int(s.digits[i]))
		for _, x := range s.unitsOf(int(i)) {
			s.used[x] &^= b
		}
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
	m := s.elim[i]
	for _, x := range s.unitsOf(i) {
		m |= s.used[x]
	}
	return s.all &^ m
}

// search counts the solutions below the current state, leaving the state
// as it found it.
func (s *solver) search() {
	if s.done != nil {
		select {
		case <-s.done:
			s.err = s.ctx.Err()
			return
		default:
		}
	}
	mark, emark := len(s.trail), len(s.elimTrail)
	if best, ok := s.propagate(); ok {
		if best < 0 {
			s.count++
			if s.first == nil {
				s.first = append([]uint8(nil), s.digits...)
			}
		} else {
			for cand := s.candidates(best); cand != 0 && s.count < s.limit && s.err == nil; cand &= cand - 1 {
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
	all, stride, cellUnits := s.all, s.stride, s.cellUnits
	elim, used, cands := s.elim, s.used, s.cand
	once, twice := s.once, s.twice
	for {
		clear(once)
		clear(twice)
		best, fewest := -1, 65
		filled := false // a naked single was placed during this round
		for k := 0; k < s.nempty; {
			i := int(s.empty[k])
			// Three units per cell (a row, a column, a region) is the
			// common case; unrolled, the sweep takes about a tenth less.
			us := cellUnits[i*stride : (i+1)*stride]
			var cand uint64
			if len(us) == 3 {
				cand = all &^ (elim[i] | used[us[0]] | used[us[1]] | used[us[2]])
			} else {
				m := elim[i]
				for _, x := range us {
					m |= used[x]
				}
				cand = all &^ m
			}
			if cand&(cand-1) == 0 {
				if cand == 0 {
					return 0, false
				}
				s.assign(i, cand) // a naked single; another cell moves to k
				filled = true
				continue
			}
			k++
			if cnt := bits.OnesCount64(cand); cnt < fewest {
				best, fewest = i, cnt
			}
			if filled {
				continue // the masks below would be stale anyway
			}
			cands[i] = cand
			if len(us) == 3 {
				x, y, z := us[0], us[1], us[2]
				twice[x] |= once[x] & cand
				once[x] |= cand
				twice[y] |= once[y] & cand
				once[y] |= cand
				twice[z] |= once[z] & cand
				once[z] |= cand
			} else {
				for _, x := range us {
					twice[x] |= once[x] & cand
					once[x] |= cand
				}
			}
		}
		if filled {
			continue
		}
		if s.cons != nil {
			changed, ok := s.constrain()
			if !ok {
				return 0, false
			}
			if changed {
				continue
			}
		}
		if best < 0 {
			return -1, true
		}
		// Hidden singles, and digits with no place left, in the units that
		// hold every digit.
		for x := range s.units {
			if !s.full[x] {
				continue
			}
			if all&^used[x]&^once[x] != 0 {
				return 0, false
			}
			for h := once[x] &^ twice[x]; h != 0; h &= h - 1 {
				b := h & -h
				if used[x]&b != 0 {
					continue // placed meanwhile by another hidden single
				}
				at := -1
				for _, i := range s.units[x].Cells {
					if s.digits[i] == 0 && s.candidates(i)&b != 0 {
						at = i
						break
					}
				}
				if at < 0 {
					return 0, false
				}
				s.assign(at, b)
				filled = true
			}
		}
		if !filled && !s.locked() {
			return best, true
		}
	}
}

// constrain narrows the candidates of the last sweep by the constraints
// (see narrow), one after the other, each seeing the removals of those
// before it. It returns ok false when a constraint cannot be satisfied,
// and reports whether it removed anything. On a full grid it checks every
// constraint exactly.
func (s *solver) constrain() (changed, ok bool) {
	for _, c := range s.cons {
		m := s.consMask[:len(c.Cells)]
		for k, i := range c.Cells {
			if d := s.digits[i]; d != 0 {
				m[k] = bit(int(d))
			} else {
				m[k] = s.cand[i]
			}
		}
		if !narrow(c, s.n, m, s.consScratch) {
			return false, false
		}
		for k, i := range c.Cells {
			if s.digits[i] == 0 && m[k] != s.cand[i] {
				s.remove(i, s.cand[i]&^m[k])
				s.cand[i] = m[k]
				changed = true
			}
		}
	}
	return changed, true
}

// remove takes the digits of m from the candidates of cell i, if it is
// empty, and reports whether that changed anything.
func (s *solver) remove(i int, m uint64) bool {
	if s.digits[i] != 0 || s.elim[i]|m == s.elim[i] {
		return false
	}
	s.elimTrail = append(s.elimTrail, elimUndo{int32(i), s.elim[i]})
	s.elim[i] |= m
	return true
}

// union returns the candidates of the cells, as of the last sweep.
func (s *solver) union(cells []int) uint64 {
	var m uint64
	for _, i := range cells {
		m |= s.cand[i]
	}
	return m
}

// locked removes locked candidates, from the candidates of the last sweep,
// over every pair of overlapping units A and B: a digit whose places in A,
// when A holds every digit, all lie in the cells A shares with B leaves
// the rest of B, and the same with A and B swapped. It reports whether it
// removed anything.
//
// The candidates of the cells of A outside the shared part come from A's
// family of overlaps (see layout): the other members' shared parts and the
// family's rest.
func (s *solver) locked() bool {
	seg, famOnce, famOther := s.seg, s.famOnce, s.famOther
	for o := range s.overlaps {
		seg[o] = s.union(s.overlaps[o].Shared)
	}
	for f := range s.families {
		fam := &s.families[f]
		var one, two uint64
		for _, o := range fam.members {
			two |= one & seg[o]
			one |= seg[o]
		}
		famOnce[f], famOther[f] = one, two|s.union(fam.rest)
	}
	changed := false
	for o := range s.overlaps {
		ov := &s.overlaps[o]
		shared := seg[o]
		if shared == 0 {
			continue
		}
		fa, fb := s.famA[o], s.famB[o]
		onlyA := famOther[fa] | famOnce[fa]&^shared
		onlyB := famOther[fb] | famOnce[fb]&^shared
		if s.full[ov.A] {
			if m := shared &^ onlyA & onlyB; m != 0 {
				for _, i := range ov.OnlyB {
					changed = s.remove(i, m) || changed
				}
			}
		}
		if s.full[ov.B] {
			if m := shared &^ onlyB & onlyA; m != 0 {
				for _, i := range ov.OnlyA {
					changed = s.remove(i, m) || changed
				}
			}
		}
	}
	return changed
}
