package encode

import (
	"math/bits"

	"github.com/satdoku/satdoku"
)

func init() { constraintWriters[satdoku.Reach] = (*Encoder).reach }

// reach writes a Reach (ISS's chaos arrows and counts) without carrying
// the start's digit through a diagram: for each cell on an arm a literal
// "holds the start's digit" (see same), for each a literal "reaches the
// start", the AND of those "same" literals along its arm so far, and a
// decision diagram over the reach literals and then the first cell on
// their number, which the first cell's digit plus Value must make with
// the start. The start's digit is the link of every "same" literal alone,
// so the diagram counts truth values: its layers have a node per count.
// (An automaton over the digits, the start's in its states, has N nodes
// per count: on the 9×9 chaos constructions of CtC with arrows, minutes
// against seconds.)
func (e *Encoder) reach(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	start := c.Cells[1]
	same := map[int]int{}
	var ins []int // the reach literals, in order
	for _, arm := range c.Arms() {
		r := litTrue
		for _, k := range arm {
			i := c.Cells[k]
			s, ok := same[i]
			if !ok {
				s = e.same(a, d, start, i)
				same[i] = s
			}
			if r = e.and(a, r, s); r == litFalse {
				break
			}
			ins = append(ins, r)
		}
	}
	nots := make([]int, len(ins))
	for j, r := range ins {
		if r != litTrue {
			nots[j] = e.aux()
			e.emit(a, r, nots[j])
			e.emit(a, -r, -nots[j])
		}
	}
	k, most := len(ins), int64(e.rules.Values()+c.Value)
	e.diagramOver(a, max(2, e.rules.Values()), k+1, func(j int) uint64 {
		switch {
		case j == k:
			return e.cellMask(d, c.Cells[0])
		case ins[j] == litTrue:
			return 0b10
		}
		return 0b11
	}, func(j, x int) int {
		switch {
		case j == k:
			return e.cellLit(d, c.Cells[0], x)
		case x == 2:
			return ins[j]
		}
		return nots[j]
	}, 1, func(s int64, j, x int) (int64, bool) {
		if j < k {
			s += int64(x - 1)
			return s, s <= most
		}
		return s, int64(x+c.Value) == s
	}, func(int64) bool { return true })
}

// same returns a literal that is true exactly when cell i holds the digit
// of cell start: for each digit dg, start = dg ∧ i = dg → same, same ∧
// start = dg → i = dg, and same ∧ i = dg → start = dg (the last for
// propagation alone).
func (e *Encoder) same(a ClauseAdder, d *Domain, start, i int) int {
	sm, im := e.cellMask(d, start), e.cellMask(d, i)
	switch {
	case sm&im == 0:
		return litFalse
	case sm == im && sm&(sm-1) == 0:
		return litTrue
	}
	v := e.aux()
	for m := sm | im; m != 0; m &= m - 1 {
		dg := bits.TrailingZeros64(m) + 1
		xs, xi := e.cellLit(d, start, dg), e.cellLit(d, i, dg)
		e.emit(a, -xs, -xi, v)
		e.emit(a, -v, -xs, xi)
		e.emit(a, -v, -xi, xs)
	}
	return v
}
