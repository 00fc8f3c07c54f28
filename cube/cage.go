package cube

import (
	"math/bits"

	"github.com/satdoku/satdoku"
)

// cageCubes splits q on its killer cage with the fewest digit sets left,
// two or more: one cube per set, the cage's cells restricted to the set's
// digits (a OneOf constraint added to the rules). A cage is a Total with
// every coefficient 1 over cells that share a unit (so distinct digits):
// its digit sets are the sets of as many digits as cells that add up to
// its total, that the cells' candidates can hold (every cell has one of
// them, and every digit is some cell's candidate). It returns nil when no
// cage has two sets or more, or the grid's rules cannot take one more
// constraint. Every solution of q is in the cube of its own digit set.
func cageCubes(q *satdoku.Grid, cand []uint64) []*satdoku.Grid {
	r := q.Rules()
	var best []uint64
	var bestCells []int
	for _, c := range r.Constraints() {
		if c.Kind != satdoku.Total || len(c.Cells) < 2 || len(c.Cells) > 9 || !unitCoefs(c) || !shareUnit(r, c.Cells) {
			continue
		}
		sets := digitSets(c.Cells, c.Value, cand, r.Values())
		if len(sets) >= 2 && (best == nil || len(sets) < len(best)) {
			best, bestCells = sets, c.Cells
		}
	}
	if best == nil {
		return nil
	}
	var out []*satdoku.Grid
	for _, m := range best {
		rc, err := r.WithConstraints(satdoku.Constraint{Kind: satdoku.OneOf, Cells: bestCells, Mask: m, Name: "cube"})
		if err != nil {
			return nil
		}
		h := q.Clone()
		if err := h.SetRules(rc); err != nil {
			return nil
		}
		out = append(out, h)
	}
	return out
}

// unitCoefs reports whether every coefficient of c is 1.
func unitCoefs(c satdoku.Constraint) bool {
	for k := range c.Cells {
		if c.Coef(k) != 1 {
			return false
		}
	}
	return true
}

// shareUnit reports whether the cells all lie in one unit of r.
func shareUnit(r *satdoku.Rules, cells []int) bool {
	common := map[int32]bool{}
	for _, u := range r.UnitsOf(cells[0]) {
		common[u] = true
	}
	for _, i := range cells[1:] {
		next := map[int32]bool{}
		for _, u := range r.UnitsOf(i) {
			if common[u] {
				next[u] = true
			}
		}
		common = next
	}
	return len(common) > 0
}

// digitSets returns the sets of len(cells) digits from 1 to values that
// add up to total and that the candidates of the cells can hold, or nil
// when listing them takes more than maxSetSteps steps.
func digitSets(cells []int, total int, cand []uint64, values int) []uint64 {
	var union uint64
	for _, i := range cells {
		union |= cand[i]
	}
	var out []uint64
	steps := 0
	var walk func(d, left, sum int, m uint64)
	walk = func(d, left, sum int, m uint64) {
		if steps++; steps > maxSetSteps {
			return
		}
		if left == 0 {
			if sum == total && fits(cells, cand, m) {
				out = append(out, m)
			}
			return
		}
		for ; d <= values && sum+d <= total; d++ {
			if union&(1<<(d-1)) != 0 {
				walk(d+1, left-1, sum+d, m|1<<(d-1))
			}
		}
	}
	walk(1, len(cells), 0, 0)
	if steps > maxSetSteps {
		return nil // too many to list (a big board's long cage): not split on
	}
	return out
}

// maxSetSteps bounds the search for a cage's digit sets: a long cage on a
// big board has more sets than are worth cubes.
const maxSetSteps = 1 << 16

// fits reports whether every cell has a candidate in m and every digit of
// m is a candidate of some cell.
func fits(cells []int, cand []uint64, m uint64) bool {
	var seen uint64
	for _, i := range cells {
		if cand[i]&m == 0 {
			return false
		}
		seen |= cand[i] & m
	}
	return bits.OnesCount64(seen) == bits.OnesCount64(m)
}
