package drat

import (
	"fmt"
	"math"
)

// Inside the Checker a variable is a number from 1 and a literal is
// 2·variable, plus 1 when negative, so that l^1 is the negation of l.
// Variables 1..base of the formula keep their numbers; the others (only
// possible in the proof, as new variables of RAT lemmas, or for a sparse
// formula) get the next free numbers through a map.

// Values of a literal in Checker.vals.
const (
	unset   int8 = 0
	isTrue  int8 = 1
	isFalse int8 = -1
)

// Checker checks a DRAT proof step by step, for callers that have the steps
// already parsed; Check reads a whole proof. Make one with NewChecker, call
// Add and Delete for the steps in order, then Done. A Checker is not safe for
// concurrent use.
type Checker struct {
	vals    []int8    // by literal
	reasons []uint32  // by variable: the clause that set it on the trail
	watches [][]watch // by literal: the clauses watching it
	marks   []uint32  // by literal: stamp when in the clause being looked at
	occurs  []uint32  // by literal: how many clauses present have it
	stamp   uint32

	// trail holds the assigned literals in order: the top-level units, then,
	// during a check, the assumptions and what they propagate. trail[qhead:]
	// is still to propagate.
	trail []uint32
	qhead int

	arena   []uint32
	garbage int      // words of deleted clauses in the arena
	buckets []uint32 // hash table of the clauses present: chains by arena[r+1]
	live    int      // clauses present

	nvars int            // internal variables
	base  int            // variables 1..base are their own internal numbers
	fresh map[int]uint32 // other external variables → internal

	refuted bool
	stats   Stats
	lits    []uint32 // scratch for the clause being added or deleted
}

// NewChecker returns a Checker whose clauses present are those of f. It
// fails, with an error wrapping ErrCNF, if a clause of f has a literal 0 or
// one beyond ±math.MaxInt32. Clauses are sets: repeated literals count
// once.
func NewChecker(f *Formula) (*Checker, error) {
	if f == nil {
		return nil, errCNF("nil formula")
	}
	maxVar, nlits := 0, 0
	for i, cl := range f.Clauses {
		for _, x := range cl {
			if x == 0 || x > math.MaxInt32 || x < -math.MaxInt32 {
				return nil, errCNF("clause %d: literal %d", i+1, x)
			}
			maxVar = max(maxVar, x, -x)
		}
		nlits += len(cl)
	}
	c := &Checker{fresh: make(map[int]uint32)}
	if err := c.room(nlits + hdrWords*len(f.Clauses)); err != nil {
		return nil, err
	}
	// Number the formula's variables directly unless they are so sparse that
	// arrays by variable would be much larger than the formula.
	if maxVar <= 2*nlits+1024 {
		c.base = maxVar
	}
	c.grow(c.base)
	size := 1 << 10
	for size < len(f.Clauses) {
		size *= 2
	}
	c.buckets = make([]uint32, size)
	// Store the clauses, with the literals to watch first, then make the
	// watch lists in one piece, then propagate the units: the watches on
	// literals that the units falsify are visited then.
	arena := make([]uint32, 1, nlits+hdrWords*len(f.Clauses)+1) // reference 0 is none
	for _, cl := range f.Clauses {
		r := len(arena)
		arena = c.internal(append(arena, 0, 0, 0), cl, true)
		lits := arena[r+hdrWords:]
		arena[r], arena[r+2] = uint32(len(lits)), hashLits(lits)
		for _, l := range lits {
			c.occurs[l]++
		}
	}
	c.arena, c.live = arena, len(f.Clauses)
	c.eachClause(func(r uint32, _ []uint32) {
		c.link(r)
		if c.watchFirst(r) == 0 {
			c.refuted = true
		}
	})
	if c.refuted {
		return c, nil
	}
	c.watchAll()
	if c.propagate() {
		c.refuted = true
	}
	return c, nil
}

// grow makes the arrays by variable hold variables 1..n (and the unused
// slots of variable 0).
func (c *Checker) grow(n int) {
	if c.vals == nil {
		c.vals = make([]int8, 2, 2*n+2)
		c.marks = make([]uint32, 2, 2*n+2)
		c.occurs = make([]uint32, 2, 2*n+2)
		c.watches = make([][]watch, 2, 2*n+2)
		c.reasons = make([]uint32, 1, n+1)
	}
	for c.nvars < n {
		c.nvars++
		c.vals = append(c.vals, 0, 0)
		c.marks = append(c.marks, 0, 0)
		c.occurs = append(c.occurs, 0, 0)
		c.watches = append(c.watches, nil, nil)
		c.reasons = append(c.reasons, 0)
	}
}

// internal appends to dst the internal literals of a clause of valid
// external literals, without repeats, the first occurrence of each literal
// kept in place so that the first literal stays first. Unknown variables get
// new numbers when create is set; otherwise internal returns nil for a
// clause with an unknown variable, which no clause present can have. It
// leaves the literals marked with c.stamp.
func (c *Checker) internal(dst []uint32, ext []int, create bool) []uint32 {
	lits := dst
	s := c.nextStamp()
	for _, x := range ext {
		v, neg := x, uint32(0)
		if v < 0 {
			v, neg = -v, 1
		}
		var iv uint32
		if v <= c.base {
			iv = uint32(v)
		} else if iv = c.fresh[v]; iv == 0 {
			if !create {
				return nil
			}
			c.grow(c.nvars + 1)
			iv = uint32(c.nvars)
			c.fresh[v] = iv
		}
		l := iv<<1 | neg
		if c.marks[l] != s {
			c.marks[l] = s
			lits = append(lits, l)
		}
	}
	return lits
}

// nextStamp returns a fresh stamp for marks.
func (c *Checker) nextStamp() uint32 {
	c.stamp++
	if c.stamp == 0 {
		clear(c.marks)
		c.stamp = 1
	}
	return c.stamp
}

// checkLits validates external literals given to Add or Delete.
func checkLits(ext []int) error {
	for _, x := range ext {
		if x == 0 || x > math.MaxInt32 || x < -math.MaxInt32 {
			return fmt.Errorf("%w: literal %d in clause %s", ErrSyntax, x, formatClause(ext))
		}
	}
	return nil
}

// Add checks lemma, a clause of nonzero DIMACS literals whose first literal
// is the RAT pivot, against the clauses present and adds it. It returns an
// error wrapping ErrLemma if lemma is neither RUP nor RAT, and leaves the
// clauses present as they were; it returns an error wrapping ErrSyntax for
// a literal 0 or beyond ±math.MaxInt32. Once the clauses present are
// refuted (see Refuted), Add accepts every lemma without checking it.
func (c *Checker) Add(lemma []int) error {
	if err := checkLits(lemma); err != nil {
		return err
	}
	if err := c.room(len(lemma)); err != nil {
		return err
	}
	if !c.add(lemma) {
		return fmt.Errorf("%w: lemma %d: %s", ErrLemma, c.stats.Lemmas, formatClause(lemma))
	}
	return nil
}

// add is Add for valid literals; it reports whether the lemma is accepted.
func (c *Checker) add(lemma []int) bool {
	c.stats.Lemmas++
	if c.refuted {
		return true
	}
	lits := c.internal(c.lits[:0], lemma, true)
	c.lits = lits
	rat, ok := c.implied(lits)
	if !ok {
		return false
	}
	if rat {
		c.stats.RAT++
	}
	c.addClause(lits)
	return true
}

// Delete deletes one clause present with the literals of clause, in any
// order. A deletion of a clause that is the reason of a top-level unit, or
// of a clause not present, is ignored and counted in Stats; see the package
// documentation. It returns an error wrapping ErrSyntax for a literal 0 or
// beyond ±math.MaxInt32.
func (c *Checker) Delete(clause []int) error {
	if err := checkLits(clause); err != nil {
		return err
	}
	c.del(clause)
	return nil
}

// del is Delete for valid literals.
func (c *Checker) del(clause []int) {
	c.stats.Deletions++
	if c.refuted {
		return
	}
	lits := c.internal(c.lits[:0], clause, false)
	if lits == nil { // an unknown variable, or the empty clause, never present unless refuted
		c.stats.MissingDeletions++
		return
	}
	c.lits = lits
	s := c.stamp // internal marked the literals of lits with it
	h := hashLits(lits)
	b := &c.buckets[h&uint32(len(c.buckets)-1)]
	var found, reason *uint32 // the link to the clause to delete
	for link := b; *link != 0; link = &c.arena[*link+1] {
		r := *link
		if c.arena[r+2] != h || int(c.arena[r]) != len(lits) || !c.allMarked(r, s) {
			continue
		}
		if !c.isReason(r) {
			found = link
			break
		}
		reason = link
	}
	switch {
	case found != nil:
		c.remove(found)
	case reason != nil:
		c.stats.IgnoredDeletions++
	default:
		c.stats.MissingDeletions++
	}
}

// allMarked reports whether every literal of clause r has stamp s.
func (c *Checker) allMarked(r, s uint32) bool {
	n := c.arena[r] & sizeMask
	for _, l := range c.arena[r+hdrWords : r+hdrWords+n] {
		if c.marks[l] != s {
			return false
		}
	}
	return true
}

// isReason reports whether clause r set one of the top-level units.
func (c *Checker) isReason(r uint32) bool {
	n := c.arena[r] & sizeMask
	for _, l := range c.arena[r+hdrWords : r+hdrWords+n] {
		if c.vals[l] == isTrue && c.reasons[l>>1] == r {
			return true
		}
	}
	return false
}

// Done reports whether the steps so far refute the formula: nil if they
// do, an error wrapping ErrNoEmpty if not.
func (c *Checker) Done() error {
	if c.refuted {
		return nil
	}
	return fmt.Errorf("%w: %d lemmas, %d deletions, and unit propagation over the clauses present reaches no conflict",
		ErrNoEmpty, c.stats.Lemmas, c.stats.Deletions)
}

// Refuted reports whether the clauses present are refuted: the empty
// clause was added, or unit propagation over them reached a conflict.
func (c *Checker) Refuted() bool { return c.refuted }

// Stats returns the counts of the steps so far. Binary is false: only Check
// knows the format.
func (c *Checker) Stats() Stats { return c.stats }

// implied reports whether lits is RUP or, failing that, RAT on its first
// literal, and whether it took the RAT check. The trail is as before when
// it returns.
func (c *Checker) implied(lits []uint32) (rat, ok bool) {
	mark := len(c.trail)
	if c.assume(lits) {
		c.backtrack(mark)
		return false, true
	}
	ok = len(lits) > 0 && c.ratOn(lits[0])
	c.backtrack(mark)
	return true, ok
}

// assume assigns false to the literals of lits that are unassigned and
// propagates; it reports a conflict, which includes a literal of lits that
// is already true.
func (c *Checker) assume(lits []uint32) bool {
	for _, l := range lits {
		switch c.vals[l] {
		case isTrue:
			return true
		case unset:
			c.assign(l^1, 0)
		}
	}
	return c.propagate()
}

// ratOn reports whether, with the negation of the lemma assigned and
// propagated, every resolvent on pivot p with a clause present that
// contains ¬p is RUP. It scans the clauses present until it has seen all
// those with ¬p, so a new variable's pivot costs nothing.
func (c *Checker) ratOn(p uint32) bool {
	np := p ^ 1
	mark := len(c.trail)
	left := c.occurs[np]
	for r := uint32(1); left > 0 && r < uint32(len(c.arena)); {
		hdr := c.arena[r]
		n := hdr & sizeMask
		next := r + hdrWords + n
		if hdr&deletedBit == 0 && has(c.arena[r+hdrWords:next], np) {
			left--
			conflict := false
			for _, l := range c.arena[r+hdrWords : next] {
				if l == np {
					continue
				}
				if v := c.vals[l]; v == isTrue {
					conflict = true // the resolvent has a literal already false under the negation
					break
				} else if v == unset {
					c.assign(l^1, 0)
				}
			}
			if !conflict {
				conflict = c.propagate()
			}
			c.backtrack(mark)
			if !conflict {
				return false
			}
		}
		r = next
	}
	return true
}

// has reports whether lits holds l.
func has(lits []uint32, l uint32) bool {
	for _, x := range lits {
		if x == l {
			return true
		}
	}
	return false
}

// assign makes l true, with reason r (0 for an assumption).
func (c *Checker) assign(l, r uint32) {
	c.vals[l], c.vals[l^1] = isTrue, isFalse
	c.reasons[l>>1] = r
	c.trail = append(c.trail, l)
}

// backtrack unassigns the trail from mark on.
func (c *Checker) backtrack(mark int) {
	for _, l := range c.trail[mark:] {
		c.vals[l], c.vals[l^1] = unset, unset
	}
	c.trail = c.trail[:mark]
	c.qhead = mark
}

// propagate runs unit propagation from trail[qhead:] and reports whether it
// reached a conflict (a clause with every literal false).
func (c *Checker) propagate() bool {
	vals, arena := c.vals, c.arena
	for c.qhead < len(c.trail) {
		f := c.trail[c.qhead] ^ 1 // the literal that became false
		c.qhead++
		ws := c.watches[f]
		j := 0
		for i := 0; i < len(ws); i++ {
			w := ws[i]
			if vals[w.blocker] == isTrue {
				ws[j] = w
				j++
				continue
			}
			if w.ref&binaryBit != 0 {
				ws[j] = w
				j++
				if vals[w.blocker] == isFalse {
					j += copy(ws[j:], ws[i+1:])
					c.watches[f] = ws[:j]
					return true
				}
				c.assign(w.blocker, w.ref&^binaryBit)
				continue
			}
			r := w.ref
			n := arena[r] & sizeMask
			lits := arena[r+hdrWords : r+hdrWords+n]
			if lits[0] == f {
				lits[0], lits[1] = lits[1], f
			}
			other := lits[0]
			if other != w.blocker && vals[other] == isTrue {
				ws[j] = watch{r, other}
				j++
				continue
			}
			moved := false
			for k := 2; k < len(lits); k++ {
				if l := lits[k]; vals[l] != isFalse {
					lits[1], lits[k] = l, f
					c.watches[l] = append(c.watches[l], watch{r, other})
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = watch{r, other}
			j++
			if vals[other] == isFalse {
				j += copy(ws[j:], ws[i+1:])
				c.watches[f] = ws[:j]
				return true
			}
			c.assign(other, r)
		}
		c.watches[f] = ws[:j]
	}
	return false
}
