package satsolve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// variantCorpus makes, for a rule family, k unique 9×9 puzzles: rules
// derived from a random solution, and the givens taken out in a random
// order for as long as Solver.Other finds no other solution.
func variantCorpus(tb testing.TB, fam variantFamily, seed uint64, k int) []*satdoku.Grid {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	var out []*satdoku.Grid
	for range k {
		sol := randomSolution(rng, 9)
		v := &variantGen{rng: rng, sol: sol, n: 9}
		r, err := fam.build(v)
		if err != nil {
			tb.Fatal(err)
		}
		full := v.sol.Clone() // build may draw the solution again to suit a global rule
		if err := full.SetRules(r); err != nil {
			tb.Fatal(err)
		}
		s := New(Options{})
		puzzle := full.Clone()
		for _, i := range rng.Perm(81) {
			d := puzzle.Cell(i)
			puzzle.SetCell(i, 0)
			if res, err := s.Other(context.Background(), puzzle, full); err != nil || res.Count != 0 {
				puzzle.SetCell(i, d)
			}
		}
		out = append(out, puzzle)
	}
	return out
}

// BenchmarkVariants proves unique, per rule family, 9×9 puzzles with as
// few givens as the family's rules allow: the figure for "a setter's
// check takes milliseconds". The Miracle Sudoku is its own family.
func BenchmarkVariants(b *testing.B) {
	miracle, _ := textfmt.Parse("......................................1............2.............................")
	mr, _ := miracle.Rules().WithNamed("anti-knight", "anti-king", "nonconsecutive")
	if err := miracle.SetRules(mr); err != nil {
		b.Fatal(err)
	}
	b.Run("miracle", func(b *testing.B) { benchUnique(b, []*satdoku.Grid{miracle}, true) })
	for fi, fam := range variantFamilies {
		puzzles := variantCorpus(b, fam, uint64(fi), 20)
		b.Run(fam.name, func(b *testing.B) { benchUnique(b, puzzles, true) })
	}
}

// benchUnique proves the puzzles unique in turn with one Solver (each one
// must be, when unique is set) and reports puzzles/s and the mean givens.
func benchUnique(b *testing.B, puzzles []*satdoku.Grid, unique bool) {
	s := New(Options{})
	givens := 0
	for _, p := range puzzles {
		givens += p.Givens()
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		p := puzzles[n%len(puzzles)]
		n++
		res, err := s.Unique(context.Background(), p)
		if err != nil || unique && res.Count != 1 {
			b.Fatalf("%v: count %d, err %v", p, res.Count, err)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(givens)/float64(len(puzzles)), "givens")
}
