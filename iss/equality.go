package iss

import (
	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// equalityCage reads EqualityCage~CELLS… (ISS: "cages must have an equal
// number of even and odd digits, and an equal number of low and high
// digits; if the digit range is odd, the middle digit cannot be
// included; all digits must be unique"): a cage without a sum and an
// automaton over its cells that counts both differences (see balance).
// ISS refuses a cage of an odd number of cells.
func (b *builder) equalityCage(it *item) error {
	cs, err := b.cells(it, 0)
	if err != nil {
		return err
	}
	if len(cs)%2 != 0 {
		return b.t.fail(it.at, ErrInvalid, "EqualityCage: %d cells (ISS wants an even number)", len(cs))
	}
	b.add(it.at, clue.Clue{Kind: clue.KillerCage, Cells: cs})
	a := balance(b.numValues(), b.valueOffset, len(cs))
	b.add(it.at, clue.Clue{Kind: clue.Automaton, Lines: [][]int{cs}, NFA: a, Label: it.typ})
	return nil
}

// balance returns the automaton over k cells of digits 1..v (values
// d+off) that accepts when as many values are even as odd and as many are
// among the lowest ⌊v/2⌋ as among the highest ⌊v/2⌋ (the middle digit of
// an odd v in neither, so never accepted): its state is the two
// differences, even minus odd and low minus high, each −k to k, k at
// most v: a difference beyond v needs more than v digits, so a repeated
// one, which the cage forbids (and the automaton stays small on any
// input).
func balance(v, off, k int) *satdoku.NFA {
	k = min(k, v)
	w := 2*k + 1
	state := func(p, q int) int { return (p+k)*w + q + k }
	a := &satdoku.NFA{States: w * w, Start: []int{state(0, 0)}, Accept: []int{state(0, 0)}}
	half := v / 2
	for p := -k; p <= k; p++ {
		for q := -k; q <= k; q++ {
			for d := 1; d <= v; d++ {
				dp, dq := 1, 0
				if (d+off)%2 != 0 {
					dp = -1
				}
				switch {
				case d <= half:
					dq = 1
				case d > v-half:
					dq = -1
				default:
					continue // the middle digit
				}
				if p+dp < -k || p+dp > k || q+dq < -k || q+dq > k {
					continue
				}
				a.Moves = append(a.Moves, satdoku.Move{From: state(p, q), To: state(p+dp, q+dq), Symbol: d})
			}
		}
	}
	return a
}
