package encode

import (
	"math/bits"
	"slices"

	"github.com/satdoku/satdoku"
)

// connected writes a Connected constraint by levels of reach from a root:
//
//   - in(k): cell k holds a digit of Mask (the OR of its literals);
//   - root(k) → in(k), one root exactly (at least one: the region is not
//     empty);
//   - reach(k, 0) = root(k), and reach(k, t) = in(k) ∧ (reach(k, t−1) ∨
//     reach(j, t−1) for a neighbour j): cell k is in and within t steps of
//     the root through cells that are in;
//   - in(k) → reach(k, K), K the number of cells less one, the longest
//     path a region can need; or the region's size less one, when an
//     Exactly of the rules on the same cells lists each digit of Mask
//     (their count is the region's size: a chaos construction's regions,
//     9 cells of 81, need 8 levels, not 80).
//
// It is O(K²) variables and clauses on a layer of K cells (81 var cells:
// about 6,600 gates). The root is the region's first cell (root(k) → no
// cell before k is in, by a chain of "some cell before is in"), one root
// per region. A free root (any cell of the region, at most one) had
// served a free 9×9 shading of two connected colours better (25.6 s
// against 68.6 s, bench/issue31-model.txt), but on the CtC puzzles that
// shade a 9×9 group of var cells it left five out of 20 s: with the first
// cell as root, gini answered T29RlxU1Xt0 in 2.5 s CPU (over 11 s without
// an answer before), uN2PO9U8_uM in 1.7 s, M75PT5HQL8k in 9.8 s (over
// 10.7 s), 3srmjGZskE4 in 17 s, 0mzGiPdYsLc in 0.24 s, and the 9×9 chaos
// construction zs0gkry-4Wg in 3.9 s (none in 18 s before); aZcqPcSb-MY
// still ran past 21 s (all on a machine loaded ten-fold: wall times were
// five to ten times these) until the clauses two connected colours imply
// on the faces of their grid (see connectedFaces). A region of a known size (see regionSize: a
// chaos construction's) also stops the levels at its size less one, and
// keeps apart any two cells as many steps apart as its size (see
// farApart).
func (e *Encoder) connected(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	k, cols := len(c.Cells), c.Value
	if k == 0 || cols < 1 {
		e.emit(a)
		return
	}
	in := make([]int, k)
	some := make([]int, 0, k)
	for p, i := range c.Cells {
		var lits []int
		for m := e.cellMask(d, i) & c.Mask; m != 0; m &= m - 1 {
			lits = append(lits, e.cellLit(d, i, bits.TrailingZeros64(m)+1))
		}
		in[p] = e.or(a, lits)
		some = append(some, in[p])
	}
	e.emit(a, some...) // not empty
	reach := make([]int, k)
	var roots []int
	for p := range k {
		if in[p] == litFalse {
			reach[p] = litFalse
			continue
		}
		reach[p] = e.aux() // a root: one cell in, any
		e.emit(a, -reach[p], in[p])
		roots = append(roots, reach[p])
	}
	e.emit(a, roots...)
	// The root is the region's first cell: one root per region, not one
	// per cell.
	pre := litFalse // some cell before p is in
	for p := range k {
		if reach[p] != litFalse && pre != litFalse {
			e.emit(a, -reach[p], -pre)
		}
		if p+1 < k && in[p] != litFalse {
			next := e.aux()
			e.emit(a, -in[p], next)
			if pre != litFalse {
				e.emit(a, -pre, next)
			}
			pre = next
		}
	}
	size := e.regionSize(c, k)
	e.farApart(a, in, cols, size)
	next := make([]int, k)
	ys := make([]int, 0, 5)
	for range size - 1 {
		for p := range k {
			ys = append(ys[:0], reach[p])
			for dir, q := range [4]int{p - cols, p + cols, p - 1, p + 1} {
				if q < 0 || q >= k || dir >= 2 && q/cols != p/cols {
					continue
				}
				ys = append(ys, reach[q])
			}
			next[p] = e.and(a, in[p], e.or(a, ys))
		}
		reach, next = next, reach
	}
	for p := range k {
		e.emit(a, -in[p], reach[p])
	}
}

// or returns a literal equal to the OR of lits (litFalse for none),
// folding the constants, with a new variable and its clauses when it
// needs one.
func (e *Encoder) or(a ClauseAdder, lits []int) int {
	var open []int
	for _, l := range lits {
		switch l {
		case litTrue:
			return litTrue
		case litFalse:
			continue
		}
		open = append(open, l)
	}
	switch len(open) {
	case 0:
		return litFalse
	case 1:
		return open[0]
	}
	v := e.aux()
	cl := append([]int{-v}, open...)
	e.emit(a, cl...)
	for _, l := range open {
		e.emit(a, -l, v)
	}
	return v
}

// and returns a literal equal to x ∧ y, folding the constants, with a new
// variable and its clauses when it needs one.
func (e *Encoder) and(a ClauseAdder, x, y int) int {
	switch {
	case x == litFalse || y == litFalse:
		return litFalse
	case x == litTrue:
		return y
	case y == litTrue:
		return x
	}
	v := e.aux()
	e.emit(a, -v, x)
	e.emit(a, -v, y)
	e.emit(a, -x, -y, v)
	return v
}

// regionSize returns the number of cells a Connected c over k cells may
// span: the count an Exactly of the rules on the same cells gives the
// digits of c's Mask, when it lists each of them, and k otherwise.
func (e *Encoder) regionSize(c *satdoku.Constraint, k int) int {
	for _, x := range e.rules.Constraints() {
		if x.Kind != satdoku.Exactly || !slices.Equal(x.Cells, c.Cells) {
			continue
		}
		size, seen := 0, uint64(0)
		for _, d := range x.Digits {
			if d >= 1 && d <= 64 && c.Mask>>(d-1)&1 == 1 {
				size++
				seen |= 1 << (d - 1)
			}
		}
		if seen == c.Mask && size >= 1 {
			return min(size, k)
		}
	}
	return k
}

// farApart adds, for a region of at most size cells over the cells whose
// in-literals are in (rows of cols), that two cells size or more steps
// apart (rows plus columns) are not both in: a connected region of size
// cells joins any two of its cells by a path of at most size−1 steps. The
// reach levels imply it only once the root is known; these binary clauses
// say it at once (a chaos construction's regions of 9 cells on 81).
func (e *Encoder) farApart(a ClauseAdder, in []int, cols, size int) {
	k := len(in)
	if size >= k {
		return
	}
	for p := range k {
		if in[p] == litFalse {
			continue
		}
		for q := p + 1; q < k; q++ {
			dr, dc := q/cols-p/cols, q%cols-p%cols
			if dr+max(dc, -dc) >= size {
				e.emit(a, -in[p], -in[q])
			}
		}
	}
}
