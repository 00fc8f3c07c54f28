package generate

import (
	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// swaps holds, for a solution, its two-digit swap sets: for two digits a
// and b, the cells holding a or b, split so that every unit that holds one
// of a set's cells holds both its a-cell and its b-cell in the set. Swapping
// a and b on such a set gives another grid that keeps every unit (the
// deadly rectangle of four cells is the smallest), so a puzzle none of
// whose clues is in the set has another solution — when the grid also
// keeps the other rules, which the validator checks (see other).
//
// On a big board almost all of a generator's time goes to the questions
// asked once the puzzle is sparse (25×25: the last 40 % of the questions
// take all of it, gini's search 99 % of the CPU, building the formula under
// 1 %: bench/issue24-portfolio.txt), and more than half of it to those
// whose answer is "another solution": a clue the puzzle needs because it
// alone holds a swap set. Those are answered here without a search.
type swaps struct {
	sol *satdoku.Grid
	n   int
	// set[c·n + b−1] is the index in sets of the swap set of digits
	// sol(c) and b that holds cell c (−1 for b = sol(c)).
	set  []int32
	sets [][]int
}

// newSwaps finds the swap sets of the complete grid sol.
func newSwaps(sol *satdoku.Grid) *swaps {
	r := sol.Rules()
	n := sol.N()
	w := &swaps{sol: sol, n: n, set: make([]int32, sol.Len()*n)}
	for i := range w.set {
		w.set[i] = -1
	}
	at := make([][]int, n+1) // the cells of each digit
	for i := range sol.Len() {
		at[sol.Cell(i)] = append(at[sol.Cell(i)], i)
	}
	parent := make([]int, sol.Len())
	root := make([]int32, sol.Len()) // the set of a component's root, −1: none yet
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for a := 1; a <= n; a++ {
		for b := a + 1; b <= n; b++ {
			for _, cs := range [][]int{at[a], at[b]} {
				for _, c := range cs {
					parent[c], root[c] = c, -1
				}
			}
			for _, u := range r.Units() {
				ca, cb := -1, -1
				for _, c := range u.Cells {
					switch sol.Cell(c) {
					case a:
						ca = c
					case b:
						cb = c
					}
				}
				if ca >= 0 && cb >= 0 {
					parent[find(ca)] = find(cb)
				}
			}
			for _, cs := range [][]int{at[a], at[b]} {
				for _, c := range cs {
					k := root[find(c)]
					if k < 0 {
						k = int32(len(w.sets))
						root[find(c)] = k
						w.sets = append(w.sets, nil)
					}
					w.sets[k] = append(w.sets[k], c)
					other := b
					if sol.Cell(c) == b {
						other = a
					}
					w.set[c*n+other-1] = k
				}
			}
		}
	}
	return w
}

// other returns a solution of puzzle other than the solution, found
// without a search: a swap set through one of the cells removed that
// holds no clue of puzzle, its two digits swapped, the grid passed by the
// validator. It returns nil when there is none; puzzle's clues must be
// digits of the solution.
func (w *swaps) other(puzzle *satdoku.Grid, removed []int) *satdoku.Grid {
	for _, c := range removed {
		for b := 1; b <= w.n; b++ {
			k := w.set[c*w.n+b-1]
			if k < 0 || !w.clear(puzzle, w.sets[k]) {
				continue
			}
			g := w.sol.Clone()
			a := w.sol.Cell(c)
			for _, i := range w.sets[k] {
				if w.sol.Cell(i) == a {
					g.SetCell(i, b)
				} else {
					g.SetCell(i, a)
				}
			}
			if verify.Solution(puzzle, g) == nil {
				return g
			}
		}
	}
	return nil
}

// clear reports whether none of the cells is a clue of puzzle.
func (w *swaps) clear(puzzle *satdoku.Grid, cells []int) bool {
	for _, i := range cells {
		if puzzle.Cell(i) != 0 {
			return false
		}
	}
	return true
}
