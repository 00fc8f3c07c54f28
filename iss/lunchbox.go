package iss

import (
	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// Lunchbox~SUM~C1~…~Ck, as ISS states it (js/sudoku_constraint.js,
// Lunchbox: "the numbers sandwiched between the smallest number and the
// largest number of the lunchbox add up to the given sum; numbers must be
// distinct"; its handler in js/solver/handlers.js makes the cells mutually
// exclusive and takes as the two sentinels the smallest and the largest
// value among the cells, in either order along them). Read as the cells'
// all-different rule (clue.ExtraRegion) and a clue.Automaton over the
// cells in order whose automaton lunchbox builds; the sum is of the
// values as the board shows them (with a board of values from 0, each
// digit d counts d−1).

// lunchbox returns the automaton over digits 1..v of a lunchbox whose
// inner values (digit+off each) add to sum. It guesses the smallest and
// the largest value lo < hi at the start; every other digit must lie
// strictly between them; the first sentinel met (lo or hi) starts the
// running sum of the values after it, which the other sentinel closes
// when it equals sum. States: 0 is the start; then, per (lo, hi), one
// state before the first sentinel, one per (sentinel still to come,
// running sum 0..sum) between them, and one after both (accepting).
// Values are never negative (off is 0 or −1), so a running sum above sum
// has no state.
func lunchbox(v, off, sum int) *satdoku.NFA {
	most := 0 // the inner values' largest sum: every value but 1 and v
	for d := 2; d < v; d++ {
		most += d + off
	}
	if sum < 0 || sum > most {
		return &satdoku.NFA{States: 1, Start: []int{0}} // accepts nothing
	}
	per := 2 + 2*(sum+1) // states of one (lo, hi)
	pairs := 0
	base := map[[2]int]int{}
	for lo := 1; lo <= v; lo++ {
		for hi := lo + 1; hi <= v; hi++ {
			base[[2]int{lo, hi}] = 1 + pairs*per
			pairs++
		}
	}
	a := &satdoku.NFA{States: 1 + pairs*per, Start: []int{0}}
	mv := func(from, to, d int) { a.Moves = append(a.Moves, satdoku.Move{From: from, To: to, Symbol: d}) }
	for lo := 1; lo <= v; lo++ {
		for hi := lo + 1; hi <= v; hi++ {
			s0 := base[[2]int{lo, hi}]
			done := s0 + 1
			// between(w, s): the sentinel still to come is lo (w 0) or
			// hi (w 1), the values since the first add to s.
			between := func(w, s int) int { return s0 + 2 + w*(sum+1) + s }
			a.Accept = append(a.Accept, done)
			// The start reads the first digit as a state before (or at)
			// the first sentinel would read it.
			for _, from := range []int{0, s0} {
				for d := lo + 1; d < hi; d++ {
					mv(from, s0, d)
				}
				mv(from, between(1, 0), lo)
				mv(from, between(0, 0), hi)
			}
			for w, closer := range []int{lo, hi} {
				for s := 0; s <= sum; s++ {
					for d := lo + 1; d < hi; d++ {
						if t := s + d + off; t <= sum {
							mv(between(w, s), between(w, t), d)
						}
					}
					if s == sum {
						mv(between(w, s), done, closer)
					}
				}
			}
			for d := lo + 1; d < hi; d++ {
				mv(done, done, d)
			}
		}
	}
	return a
}

// readLunchbox reads Lunchbox~SUM~C1~…: a sum (empty for 0, as ISS reads
// it) and at least one cell.
func (b *builder) readLunchbox(it *item) error {
	s, at, err := b.arg(it, 0)
	if err != nil {
		return err
	}
	sum := 0
	if s != "" {
		var ok bool
		if sum, ok = number(s); !ok || sum < 0 {
			return b.t.fail(at, ErrInvalid, "Lunchbox: sum %q is not a whole number from 0", s)
		}
	}
	cs, err := b.cells(it, 1)
	if err != nil {
		return err
	}
	v := b.numValues()
	if b.valueOffset != 0 && sum > 0 && !b.lunchboxWarned {
		// ISS's handler looks the sum up among sums of values from 1
		// before it shifts them (js/solver/handlers.js, Lunchbox:
		// _distances), so that it finds no solution to some it has.
		b.lunchboxWarned = true
		b.warnings = append(b.warnings, b.pos(it.at).String()+": Lunchbox on values from 0: read as ISS states it (the values between add up to the sum); ISS's own solver misses solutions of some such lunchboxes")
	}
	b.add(it.at, clue.Clue{Kind: clue.ExtraRegion, Cells: cs})
	b.add(it.at, clue.Clue{Kind: clue.Automaton, Lines: [][]int{cs}, NFA: lunchbox(v, b.valueOffset, sum), Label: "Lunchbox"})
	return nil
}
