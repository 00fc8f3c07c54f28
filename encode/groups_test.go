package encode

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku"
)

// TestSumGroups checks, on random sums of a 9×9 board with coefficients
// ±1, that sumGroups splits the terms into groups of one coefficient
// whose cells pairwise share a unit (written here from the units' cell
// lists), each term once, in the order of their first terms; and that no
// two groups of one cell could have been joined.
func TestSumGroups(t *testing.T) {
	r, err := satdoku.Standard(9)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(24, 2))
	for range 300 {
		cells := rng.Perm(81)[:2+rng.IntN(20)]
		c := satdoku.Constraint{Kind: satdoku.Total, Cells: cells}
		if rng.IntN(2) == 0 {
			c.Coefs = make([]int, len(cells))
			for k := range c.Coefs {
				c.Coefs[k] = 1 - 2*rng.IntN(2)
			}
		}
		groups := sumGroups(r, &c)
		seen := make([]bool, len(cells))
		var singles []int
		last := -1
		for _, g := range groups {
			if g[0] <= last {
				t.Fatalf("%v: groups %v out of order", c, groups)
			}
			last = g[0]
			for x, j := range g {
				if seen[j] {
					t.Fatalf("%v: term %d twice in %v", c, j, groups)
				}
				seen[j] = true
				for _, o := range g[:x] {
					if c.Coef(o) != c.Coef(j) || !shareUnitTest(r, cells[o], cells[j]) {
						t.Fatalf("%v: terms %d and %d grouped in %v", c, o, j, groups)
					}
				}
			}
			if len(g) == 1 {
				singles = append(singles, g[0])
			}
		}
		if slices.Contains(seen, false) {
			t.Fatalf("%v: a term in no group of %v", c, groups)
		}
		for x, j := range singles {
			for _, o := range singles[:x] {
				if c.Coef(o) == c.Coef(j) && shareUnitTest(r, cells[o], cells[j]) {
					t.Fatalf("%v: terms %d and %d share a unit, left alone in %v", c, o, j, groups)
				}
			}
		}
	}
}

// TestCombinedSums checks the combined sums of ISS's "Zero solution:
// Little Killer" (eight little killers of 49 on a 9×9 board, the
// diagonals written out here): there are some, and each is the sum of
// some of the little killers whose cells do not overlap, value and cells.
func TestCombinedSums(t *testing.T) {
	diag := func(i, di, k int) []int {
		var cells []int
		for range k {
			cells = append(cells, i)
			i += di
		}
		return cells
	}
	var lks []satdoku.Constraint
	for _, cells := range [][]int{
		diag(8, 8, 9), diag(7, 8, 8), // from r1c9 and r1c8, down-left
		diag(73, -8, 8), diag(74, -8, 7), // from r9c2 and r9c3, up-right
		diag(62, -10, 7),                                // from r7c9, up-left
		diag(0, 10, 9), diag(9, 10, 8), diag(18, 10, 7), // from r1c1, r2c1, r3c1, down-right
	} {
		lks = append(lks, satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Value: 49})
	}
	std, err := satdoku.Standard(9)
	if err != nil {
		t.Fatal(err)
	}
	r, err := std.WithConstraints(lks...)
	if err != nil {
		t.Fatal(err)
	}
	sums := combinedSums(r)
	if len(sums) == 0 {
		t.Fatal("no combined sum")
	}
	for _, c := range sums {
		if c.Kind != satdoku.Total || c.Coefs != nil {
			t.Fatalf("%v: not a plain sum", c)
		}
		found := false
		for set := 1; set < 1<<len(lks) && !found; set++ {
			var cells []int
			v := 0
			for k, lk := range lks {
				if set>>k&1 != 0 {
					cells = append(cells, lk.Cells...)
					v += lk.Value
				}
			}
			slices.Sort(cells)
			want := slices.Clone(c.Cells)
			slices.Sort(want)
			found = v == c.Value && slices.Equal(cells, want)
		}
		if !found {
			t.Errorf("%v = %d: not the sum of little killers that do not overlap", c.Cells, c.Value)
		}
	}
}
