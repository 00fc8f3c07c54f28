package verify

import (
	"fmt"

	"github.com/satdoku/satdoku"
)

// connectedWhy checks a Connected constraint on the digits of its cells
// (ds[k] for its k-th cell): "" when the cells holding a digit of its
// mask form one non-empty region of orthogonal neighbours, laid out in
// rows of c.Value cells; else why not.
func connectedWhy(r *satdoku.Rules, c *satdoku.Constraint, ds []int) string {
	marked := make([]uint8, len(ds)) // 1: in the region, 2: reached
	first, total := -1, 0
	for k, d := range ds {
		if d >= 1 && c.Mask&bit(d) != 0 {
			marked[k] = 1
			total++
			if first < 0 {
				first = k
			}
		}
	}
	if total == 0 {
		return fmt.Sprintf("no cell holds %s", valueList(r, c.Mask))
	}
	if got := fill(marked, first, c.Value); got != total {
		return fmt.Sprintf("the %d cells holding %s are not one region (%d reach the first)", total, valueList(r, c.Mask), got)
	}
	return ""
}

// fill marks 2 on the cells of value 1 in marked reachable from cell k
// through orthogonal neighbours (rows of cols cells), and returns how many.
func fill(marked []uint8, k, cols int) int {
	stack := []int{k}
	marked[k] = 2
	n := 0
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n++
		row := p / cols
		for dir, q := range [4]int{p - cols, p + cols, p - 1, p + 1} {
			if q < 0 || q >= len(marked) || marked[q] != 1 || dir >= 2 && q/cols != row {
				continue
			}
			marked[q] = 2
			stack = append(stack, q)
		}
	}
	return n
}

// narrowConnected reports false when no digits of the candidates m can
// make Connected c hold: no cell can join the region, or the cells that
// must join it (every candidate in the mask) are not all in one region of
// the cells that may. It narrows nothing; with one digit a cell it is
// exact.
func narrowConnected(c *satdoku.Constraint, m []uint64) bool {
	if c.Value < 1 {
		return false
	}
	marked := make([]uint8, len(m))
	must := -1
	for k, x := range m {
		if x&c.Mask != 0 {
			marked[k] = 1
			if x&^c.Mask == 0 && must < 0 {
				must = k
			}
		}
	}
	if must < 0 {
		for k := range marked {
			if marked[k] == 1 {
				return true // some cell may join, none must yet
			}
		}
		return false
	}
	fill(marked, must, c.Value)
	for k, x := range m {
		if x&^c.Mask == 0 && marked[k] != 2 {
			return false
		}
	}
	return true
}
