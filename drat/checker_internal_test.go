package drat

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// invariants checks the Checker's data structures between steps: the
// watches, the hash table, the occurrence counts, the trail and its
// reasons, the garbage count. Once refuted, the watches and the trail may
// be left as they were at the conflict.
func (c *Checker) invariants() error {
	watched := map[uint32]int{} // clause → watches seen
	for l, ws := range c.watches {
		for _, w := range ws {
			r := w.ref &^ binaryBit
			if r == 0 || int(r) >= len(c.arena) || c.arena[r]&deletedBit != 0 {
				return fmt.Errorf("literal %d watches a clause not present: %d", l, r)
			}
			lits := c.clause(r)
			if lits[0] != uint32(l) && lits[1] != uint32(l) {
				return fmt.Errorf("literal %d watches clause %d = %v at neither of its first two literals", l, r, lits)
			}
			if (len(lits) == 2) != (w.ref&binaryBit != 0) || len(lits) == 2 && w.blocker != lits[0]^lits[1]^uint32(l) {
				return fmt.Errorf("binary watch %+v of clause %v in the list of %d", w, lits, l)
			}
			watched[r]++
		}
	}
	occurs := make([]uint32, len(c.occurs))
	live, garbage := 0, 0
	for r := uint32(1); r < uint32(len(c.arena)); r += hdrWords + c.arena[r]&sizeMask {
		lits := c.clause(r)
		if c.arena[r]&deletedBit != 0 {
			garbage += hdrWords + len(lits)
			continue
		}
		live++
		for _, l := range lits {
			occurs[l]++
		}
		if want := 2 * boolInt(len(lits) >= 2); watched[r] != want && !c.refuted { // a formula refuted on loading has no watches
			return fmt.Errorf("clause %v has %d watches, want %d", lits, watched[r], want)
		}
		// A false watch is allowed in a clause satisfied at the top level,
		// which is for good (propagation leaves it there when the blocker is
		// true).
		if !c.refuted && len(lits) >= 2 && (c.vals[lits[0]] == isFalse || c.vals[lits[1]] == isFalse) &&
			!slices.ContainsFunc(lits, func(l uint32) bool { return c.vals[l] == isTrue }) {
			return fmt.Errorf("clause %v watches a false literal and is not satisfied", lits)
		}
		found := false
		for r2 := c.buckets[c.arena[r+2]&uint32(len(c.buckets)-1)]; r2 != 0; r2 = c.arena[r2+1] {
			found = found || r2 == r
		}
		if !found || c.arena[r+2] != hashLits(lits) {
			return fmt.Errorf("clause %v is not in the hash table", lits)
		}
	}
	if live != c.live || garbage != c.garbage || !slices.Equal(occurs, c.occurs) {
		return fmt.Errorf("live %d/%d, garbage %d/%d, occurrences %v/%v", live, c.live, garbage, c.garbage, occurs, c.occurs)
	}
	if c.qhead != len(c.trail) && !c.refuted {
		return fmt.Errorf("qhead %d of %d", c.qhead, len(c.trail))
	}
	for i, l := range c.trail {
		r := c.reasons[l>>1]
		if c.vals[l] != isTrue || r == 0 || c.arena[r]&deletedBit != 0 || !slices.Contains(c.clause(r), l) {
			return fmt.Errorf("trail literal %d (%d): value %d, reason %d", l, i, c.vals[l], r)
		}
		for _, k := range c.clause(r) {
			if k != l && (c.vals[k] != isFalse || !slices.Contains(c.trail[:i], k^1)) {
				return fmt.Errorf("reason %v of trail literal %d: %d is not false before it", c.clause(r), l, k)
			}
		}
	}
	return nil
}

// clause returns the literals of the clause at r, present or not.
func (c *Checker) clause(r uint32) []uint32 {
	return c.arena[r+hdrWords : r+hdrWords+c.arena[r]&sizeMask]
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestInvariants drives Checkers with random steps, compacting the arena at
// every chance, and checks the invariants after each step: lemmas that
// may or may not be implied (a rejected one must change nothing),
// deletions of clauses present (reasons included) or not, lemmas over new
// variables.
func TestInvariants(t *testing.T) {
	defer func(m int) { collectMin = m }(collectMin)
	collectMin = 0
	rng := rand.New(rand.NewPCG(11, 12))
	rounds := 1000
	if testing.Short() {
		rounds = 100
	}
	lit := func(n int) int {
		if rng.IntN(2) == 0 {
			return -1 - rng.IntN(n)
		}
		return 1 + rng.IntN(n)
	}
	clause := func(n, width int) []int {
		cl := make([]int, width)
		for i := range cl {
			cl[i] = lit(n)
		}
		return cl
	}
	compactions := 0
	for round := range rounds {
		n := 4 + rng.IntN(12)
		f := &Formula{Vars: n}
		for range 2 + rng.IntN(4*n) {
			f.Clauses = append(f.Clauses, clause(n, 1+rng.IntN(4)))
		}
		c, err := NewChecker(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.invariants(); err != nil {
			t.Fatalf("round %d, loaded: %v", round, err)
		}
		present := slices.Clone(f.Clauses)
		for k := range 60 {
			var what string
			size := len(c.arena)
			switch {
			case rng.IntN(3) == 0 && len(present) > 0:
				i := rng.IntN(len(present))
				cl := slices.Clone(present[i])
				rng.Shuffle(len(cl), func(a, b int) { cl[a], cl[b] = cl[b], cl[a] })
				what = fmt.Sprintf("delete %v", cl)
				if err := c.Delete(cl); err != nil {
					t.Fatal(err)
				}
				present = slices.Delete(present, i, i+1)
			case rng.IntN(5) == 0:
				cl := clause(n+3, 1+rng.IntN(3))
				what = fmt.Sprintf("delete %v (maybe not present)", cl)
				if err := c.Delete(cl); err != nil {
					t.Fatal(err)
				}
			default:
				cl := clause(n+2, rng.IntN(4))
				what = fmt.Sprintf("add %v", cl)
				before := *c
				if err := c.Add(cl); errors.Is(err, ErrLemma) {
					if len(c.trail) != len(before.trail) || c.live != before.live || len(c.arena) != len(before.arena) {
						t.Fatalf("round %d step %d: %s rejected, but the clauses changed", round, k, what)
					}
				} else if err != nil {
					t.Fatal(err)
				} else {
					present = append(present, cl)
				}
			}
			if err := c.invariants(); err != nil {
				t.Fatalf("round %d step %d, after %s: %v", round, k, what, err)
			}
			if len(c.arena) < size {
				compactions++
			}
			if c.refuted {
				break
			}
		}
	}
	if compactions < rounds/10 {
		t.Errorf("only %d compactions in %d rounds", compactions, rounds)
	}
	t.Logf("%d compactions", compactions)
}
