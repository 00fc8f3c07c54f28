package satsolve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// randomCount returns a random constraint of kind k on the n×n board sol
// solves, of random cells; its numbers are taken from sol's digits in
// half the draws, so that many are met by sol and many are not.
func randomCount(rng *rand.Rand, sol *satdoku.Grid, k satdoku.ConstraintKind) satdoku.Constraint {
	n := sol.N()
	perm := rng.Perm(n * n)
	take := func(lo, hi int) []int { return perm[:lo+rng.IntN(hi-lo+1)] }
	c := satdoku.Constraint{Kind: k}
	switch k {
	case satdoku.Exactly:
		c.Cells = take(2, 5)
		for _, i := range c.Cells[:rng.IntN(len(c.Cells))+1] {
			d := sol.Cell(i)
			if rng.IntN(2) == 0 {
				d = rng.IntN(n) + 1
			}
			c.Digits = append(c.Digits, d)
		}
	case satdoku.SameValues:
		c.Value = 2 + rng.IntN(2)
		size := 1 + rng.IntN(3)
		c.Cells = perm[:c.Value*size]
		if rng.IntN(2) == 0 {
			// The later sets: cells that hold the first set's digits in sol.
			cells := append([]int(nil), c.Cells[:size]...)
			for k := size; k < c.Value*size; k++ {
				want, pick := sol.Cell(cells[k%size]), -1
				for _, i := range perm {
					if !slices.Contains(cells, i) && (pick < 0 || sol.Cell(i) == want) {
						pick = i
					}
				}
				cells = append(cells, pick)
			}
			c.Cells = cells
		}
	case satdoku.Circles:
		c.Cells = take(2, 7)
		if rng.IntN(2) == 0 {
			// d cells that hold d in sol, for some of the digits 1 to 3.
			c.Cells = nil
			for d := 1; d <= 3; d++ {
				if rng.IntN(2) == 0 {
					continue
				}
				for _, i := range perm {
					if sol.Cell(i) == d && countIn(sol, c.Cells, d) < d {
						c.Cells = append(c.Cells, i)
					}
				}
			}
			if len(c.Cells) == 0 {
				c.Cells = perm[:1]
			}
		}
	case satdoku.Distinct:
		c.Cells = take(2, 6)
		c.Value = rng.IntN(2)
	case satdoku.NoSubsetSum:
		c.Cells = take(2, 4)
		c.Value = 3 + rng.IntN(2*n)
	case satdoku.TotalIn:
		c.Cells = take(2, 5)
		sum := 0
		for _, i := range c.Cells {
			sum += sol.Cell(i)
		}
		c.Digits = []int{sum + 1 + rng.IntN(3), max(1, sum-2*n+rng.IntN(2)*2*n)}
	case satdoku.SegmentsLoop:
		c.Cells = take(3, 7)
		sum := 0
		for _, i := range c.Cells {
			sum += sol.Cell(i)
		}
		c.Value = 3 + rng.IntN(10)
		if rng.IntN(2) == 0 && sum%2 == 0 {
			c.Value = sum / 2
		}
	}
	return c
}

// countIn returns how many of the cells hold d in sol.
func countIn(sol *satdoku.Grid, cells []int, d int) int {
	k := 0
	for _, i := range cells {
		if sol.Cell(i) == d {
			k++
		}
	}
	return k
}

// TestCountKindsBruteForce: on 4×4 boards (every solution) and 6×6 boards
// with givens, under random constraints of the kinds that count digits
// of loops of segments, of multi-sum totals and of sums to avoid, the solutions satsolve lists (each checked
// by verify.Solution, none twice) are as many as verify.Count finds by
// its own search: the two find the same solutions.
func TestCountKindsBruteForce(t *testing.T) {
	kinds := []satdoku.ConstraintKind{satdoku.Exactly, satdoku.SameValues, satdoku.Circles, satdoku.Distinct, satdoku.SegmentsLoop, satdoku.TotalIn, satdoku.NoSubsetSum}
	rng := rand.New(rand.NewPCG(31, 2))
	s := New(Options{})
	rounds := 12
	if testing.Short() {
		rounds = 4
	}
	const limit = 400
	nonzero := map[satdoku.ConstraintKind]int{}
	for _, k := range kinds {
		for round := range rounds {
			for _, n := range []int{4, 6} {
				sol := randomSolution(rng, n)
				var cons []satdoku.Constraint
				for range 1 + rng.IntN(2) {
					cons = append(cons, randomCount(rng, sol, k))
				}
				r, err := standard(n).WithConstraints(cons...)
				if err != nil {
					t.Fatalf("%v: %v", cons, err)
				}
				g := satdoku.NewGrid(r)
				if n == 6 {
					for _, i := range rng.Perm(36)[:14] {
						g.SetCell(i, sol.Cell(i))
					}
				}
				what := fmt.Sprintf("%v round %d, %d×%d, %+v", k, round, n, n, cons)
				want, _ := verify.Count(g, limit)
				seen := map[string]bool{}
				res, err := s.Solutions(context.Background(), g, limit, func(x *satdoku.Grid) error {
					if err := verify.Solution(g, x); err != nil {
						t.Errorf("%s: %v", what, err)
					}
					if seen[line(x)] {
						t.Errorf("%s: %s twice", what, line(x))
					}
					seen[line(x)] = true
					return nil
				})
				if err != nil || res.Count != want || len(seen) != want {
					t.Errorf("%s: satsolve %d solutions (%v), verify.Count %d", what, res.Count, err, want)
				}
				if want > 0 {
					nonzero[k]++
				}
			}
		}
	}
	for _, k := range kinds {
		if nonzero[k] == 0 || nonzero[k] == 2*rounds {
			t.Errorf("%v: %d of %d boards have solutions: the draws test too little", k, nonzero[k], 2*rounds)
		}
	}
}
