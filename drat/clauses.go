package drat

import "fmt"

// A clause lives in the arena at a reference r > 0: arena[r] is its size,
// with deletedBit once deleted; arena[r+1] is the next clause in its hash
// bucket; arena[r+2] its hash; then its literals, the two watched ones
// first.
const (
	hdrWords   = 3
	deletedBit = 1 << 31
	sizeMask   = deletedBit - 1
)

// watch is an entry of a literal's watch list: a clause that watches the
// literal, and another of its literals, which, when true, lets propagation
// skip the clause without reading it. For a clause of two literals, marked
// by binaryBit in ref, the blocker is the other literal, so that
// propagation never reads the clause.
type watch struct {
	ref     uint32
	blocker uint32
}

// binaryBit marks the watches of binary clauses; clause references stay
// below it.
const binaryBit = 1 << 31

// maxArena bounds the arena's length so that references stay below
// binaryBit: 8 GiB of clauses present.
const maxArena = binaryBit - 1

// room returns an error if the arena has no room for a clause of n
// literals.
func (c *Checker) room(n int) error {
	if len(c.arena)+hdrWords+n > maxArena {
		return fmt.Errorf("drat: more clauses present than the checker holds (%d words)", maxArena)
	}
	return nil
}

// addClause adds lits (internal, without repeats) to the clauses present,
// watches it and propagates the unit it may make at the top level.
func (c *Checker) addClause(lits []uint32) {
	r := c.store(lits)
	if c.watchFirst(r) == 0 {
		c.refuted = true
		return
	}
	if len(lits) >= 2 {
		c.watchPair(r, uint32(len(lits)), c.arena[r+hdrWords], c.arena[r+hdrWords+1])
	}
	if c.propagate() {
		c.refuted = true
	}
}

// watchFirst moves two literals of clause r that are not false at the top
// level to its front, where the watched literals are, or the one there is.
// A clause with one such literal is satisfied or unit at the top level,
// which is never undone, so its other watch may be false; if unit, the
// literal is assigned, and left to propagate. watchFirst returns the count
// of literals not false, at most 2: 0 for a falsified clause.
func (c *Checker) watchFirst(r uint32) int {
	cl := c.arena[r+hdrWords : r+hdrWords+c.arena[r]&sizeMask]
	k := 0
	for i := range cl {
		if c.vals[cl[i]] != isFalse {
			cl[k], cl[i] = cl[i], cl[k]
			if k++; k == 2 {
				break
			}
		}
	}
	if k == 1 && c.vals[cl[0]] == unset {
		c.assign(cl[0], r)
	}
	return k
}

// watchPair adds the watches of clause r, of size n ≥ 2, whose first two
// literals are a and b.
func (c *Checker) watchPair(r, n, a, b uint32) {
	if n == 2 {
		r |= binaryBit
	}
	c.watches[a] = append(c.watches[a], watch{r, b})
	c.watches[b] = append(c.watches[b], watch{r, a})
}

// watchAll makes the watch lists of the clauses in the arena, each with
// room to grow, in one allocation.
func (c *Checker) watchAll() {
	counts := make([]int, len(c.watches))
	c.eachClause(func(_ uint32, lits []uint32) {
		if len(lits) >= 2 {
			counts[lits[0]]++
			counts[lits[1]]++
		}
	})
	total := 0
	for _, n := range counts {
		total += n + n/2 + 2
	}
	slab := make([]watch, total)
	for l, n := range counts {
		room := n + n/2 + 2
		c.watches[l] = slab[:0:room]
		slab = slab[room:]
	}
	c.eachClause(func(r uint32, lits []uint32) {
		if len(lits) >= 2 {
			c.watchPair(r, uint32(len(lits)), lits[0], lits[1])
		}
	})
}

// eachClause calls do for each clause present, in the order of the arena,
// with its reference and its literals.
func (c *Checker) eachClause(do func(r uint32, lits []uint32)) {
	for r := uint32(1); r < uint32(len(c.arena)); {
		hdr := c.arena[r]
		next := r + hdrWords + hdr&sizeMask
		if hdr&deletedBit == 0 {
			do(r, c.arena[r+hdrWords:next])
		}
		r = next
	}
}

// store appends a clause to the arena and to the hash table.
func (c *Checker) store(lits []uint32) uint32 {
	r := uint32(len(c.arena))
	h := hashLits(lits)
	c.arena = append(c.arena, uint32(len(lits)), 0, h)
	c.arena = append(c.arena, lits...)
	for _, l := range lits {
		c.occurs[l]++
	}
	c.live++
	if c.live > len(c.buckets) {
		c.rehash(2 * len(c.buckets))
	} else {
		c.link(r)
	}
	return r
}

// link puts clause r at the head of its hash bucket.
func (c *Checker) link(r uint32) {
	b := &c.buckets[c.arena[r+2]&uint32(len(c.buckets)-1)]
	c.arena[r+1] = *b
	*b = r
}

// rehash rebuilds the hash table with size buckets (a power of two).
func (c *Checker) rehash(size int) {
	if len(c.buckets) == size {
		clear(c.buckets)
	} else {
		c.buckets = make([]uint32, size)
	}
	for r := uint32(1); r < uint32(len(c.arena)); r += hdrWords + c.arena[r]&sizeMask {
		if c.arena[r]&deletedBit == 0 {
			c.link(r)
		}
	}
}

// remove deletes the clause at *link, a link of a hash chain.
func (c *Checker) remove(link *uint32) {
	r := *link
	*link = c.arena[r+1]
	n := c.arena[r]
	if n >= 2 {
		c.unwatch(c.arena[r+hdrWords], r)
		c.unwatch(c.arena[r+hdrWords+1], r)
	}
	for _, l := range c.arena[r+hdrWords : r+hdrWords+n] {
		c.occurs[l]--
	}
	c.arena[r] |= deletedBit
	c.live--
	c.garbage += hdrWords + int(n)
	if c.garbage > collectMin && 2*c.garbage > len(c.arena) {
		c.collect()
	}
}

// collectMin is how many words of deleted clauses the arena holds at least
// before collect compacts it (and more than the clauses present); a
// variable so that tests can make collect run often.
var collectMin = 1 << 16

// unwatch removes clause r from the watch list of l.
func (c *Checker) unwatch(l, r uint32) {
	ws := c.watches[l]
	for i, w := range ws {
		if w.ref&^binaryBit == r {
			ws[i] = ws[len(ws)-1]
			c.watches[l] = ws[:len(ws)-1]
			return
		}
	}
}

// collect compacts the arena, moving the clauses present to a new one and
// updating the references to them: watches, the reasons of the trail (all
// clauses present, as deletions of reasons are ignored) and the hash table.
// It runs between steps, when the trail holds only top-level units.
func (c *Checker) collect() {
	old := c.arena
	arena := make([]uint32, 1, len(old)-c.garbage+len(old)/4)
	for r := uint32(1); r < uint32(len(old)); {
		next := r + hdrWords + old[r]&sizeMask
		if old[r]&deletedBit == 0 {
			old[r+1] = uint32(len(arena)) // the forwarding address
			arena = append(arena, old[r:next]...)
		}
		r = next
	}
	for _, ws := range c.watches {
		for i, w := range ws {
			ws[i].ref = old[w.ref&^binaryBit+1] | w.ref&binaryBit
		}
	}
	for _, l := range c.trail {
		if r := c.reasons[l>>1]; r != 0 {
			c.reasons[l>>1] = old[r+1]
		}
	}
	c.arena, c.garbage = arena, 0
	c.rehash(len(c.buckets))
}

// hashLits hashes a set of literals, whatever their order.
func hashLits(lits []uint32) uint32 {
	var sum, xor uint64
	for _, l := range lits {
		x := uint64(l) * 0x9e3779b97f4a7c15
		x ^= x >> 29
		x *= 0xbf58476d1ce4e5b9
		x ^= x >> 32
		sum += x
		xor ^= x
	}
	h := sum ^ (xor * 0x94d049bb133111eb)
	return uint32(h ^ h>>32)
}
