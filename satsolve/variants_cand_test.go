package satsolve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// TestCandidatesVariants checks the true candidates of variant puzzles of
// every family against verify: digit d is a candidate of cell i exactly
// when verify's counter finds a solution with d in i. The puzzles are 4×4
// and 6×6, with few givens, so that most have several solutions.
func TestCandidatesVariants(t *testing.T) {
	per := 12
	if testing.Short() {
		per = 1 // per family and size; make test-long runs 12
	}
	ctx := context.Background()
	s := New(Options{})
	for fi, fam := range variantFamilies {
		t.Run(fam.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(fi), 77))
			for _, n := range []int{4, 6} {
				for range per {
					sol := randomSolution(rng, n)
					r, err := fam.build(&variantGen{rng: rng, sol: sol, n: n})
					if err != nil {
						t.Fatal(err)
					}
					puzzle := satdoku.NewGrid(r)
					for i := range n * n {
						if rng.Float64() < 0.15 {
							puzzle.SetCell(i, sol.Cell(i))
						}
					}
					m, err := s.Candidates(ctx, puzzle, 5, nil)
					if err != nil {
						t.Fatal(err)
					}
					for i := range n * n {
						for d := 1; d <= n; d++ {
							h := puzzle.Clone()
							if h.Cell(i) != 0 && h.Cell(i) != d {
								continue // a given: verify would count a clash
							}
							h.SetCell(i, d)
							k, _ := verify.Count(h, 1)
							want := k > 0
							if got := m.Cands[i]&(1<<(d-1)) != 0; got != want {
								t.Fatalf("%d×%d %s: r%dc%d digit %d: candidate %v, verify finds a solution %v%s",
									n, n, line(puzzle), i/n+1, i%n+1, d, got, want, describe(r))
							}
						}
					}
				}
			}
		})
	}
}
