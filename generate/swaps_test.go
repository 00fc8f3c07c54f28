package generate

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/internal/bigboard"
	"github.com/satdoku/satdoku/verify"
)

// TestSwapsWitness blanks random cells of solved 9×9 and 16×16 grids and
// asks for another solution through the cells blanked: every grid it gives
// passes the validator, keeps the clues and differs from the solution,
// and verify's own count finds the puzzle not unique; when it gives none
// on a 9×9, fine (it is no complete test), but a deadly rectangle blanked
// is always found.
func TestSwapsWitness(t *testing.T) {
	found := 0
	for _, b := range []int{3, 4} {
		for seed := range uint64(6) {
			_, sol, err := bigboard.Puzzle(bigboard.Spec{B: b, Blank: 0, Seed: seed + 1})
			if err != nil {
				t.Fatal(err)
			}
			sw := newSwaps(sol)
			rng := rand.New(rand.NewPCG(seed, 9))
			for range 40 {
				p := sol.Clone()
				var removed []int
				for _, i := range rng.Perm(sol.Len())[:sol.Len()/2] {
					p.SetCell(i, 0)
					removed = append(removed, i)
				}
				g := sw.other(p, removed)
				if g == nil {
					continue
				}
				found++
				if err := verify.Solution(p, g); err != nil || g.Equal(sol) {
					t.Fatalf("witness %v: %v", g, err)
				}
				if b == 3 {
					if n, _ := verify.Count(p, 2); n < 2 {
						t.Fatalf("a witness for a unique puzzle %v", p)
					}
				}
			}
			// A deadly rectangle: two rows of a band, two columns of
			// two boxes, digits x y / y x, all else given.
			n := sol.N()
			for r1 := 0; r1 < n; r1++ {
				for r2 := r1 + 1; r2 < r1/b*b+b; r2++ {
					for c1 := 0; c1 < n; c1++ {
						for c2 := c1 + 1; c2 < n; c2++ {
							x, y := sol.Get(r1, c1), sol.Get(r1, c2)
							if c1/b == c2/b || sol.Get(r2, c1) != y || sol.Get(r2, c2) != x {
								continue
							}
							p := sol.Clone()
							cells := []int{r1*n + c1, r1*n + c2, r2*n + c1, r2*n + c2}
							for _, i := range cells {
								p.SetCell(i, 0)
							}
							if sw.other(p, cells[:1]) == nil {
								t.Fatalf("%d×%d seed %d: the rectangle r%dc%d r%dc%d is not found", n, n, seed+1, r1+1, c1+1, r2+1, c2+1)
							}
						}
					}
				}
			}
		}
	}
	if found == 0 {
		t.Error("no witness found at all")
	}
}

// TestSamePuzzles: the swap sets answer only what gini would have
// (another solution), and OtherAt what Other would have, so Generate and
// Minimize give the same puzzles as with the plain questions (Other over
// every open cell).
func TestSamePuzzles(t *testing.T) {
	r16, _ := satdoku.Standard(16)
	cases := []Options{{}, {Symmetry: Rot180, Minimal: true}, {Rules: r16}}
	seeds := uint64(8)
	if testing.Short() {
		cases, seeds = cases[:2], 1 // more seeds, and the 16×16, under make test-long
	}
	for _, o := range cases {
		for seed := range seeds {
			if o.Rules != nil && seed > 0 {
				break // one 16×16
			}
			plainQuestions = true
			off, err := Generate(context.Background(), seed, o)
			plainQuestions = false
			if err != nil {
				t.Fatal(err)
			}
			on, err := Generate(context.Background(), seed, o)
			if err != nil {
				t.Fatal(err)
			}
			if !on.Grid.Equal(off.Grid) {
				t.Errorf("%+v seed %d: %v, %v with the plain questions", o.Symmetry, seed, on.Grid, off.Grid)
			}
			plainQuestions = true
			a, _, err := Minimize(context.Background(), off.Solution, seed)
			plainQuestions = false
			if err != nil {
				t.Fatal(err)
			}
			b, _, err := Minimize(context.Background(), off.Solution, seed)
			if err != nil {
				t.Fatal(err)
			}
			if !a.Equal(b) {
				t.Errorf("Minimize seed %d: %v, %v with the plain questions", seed, b, a)
			}
		}
	}
}
