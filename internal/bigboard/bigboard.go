// Package bigboard makes the seeded big-board corpus of issue 15: puzzles
// from random solved grids of 16×16 to 64×64, with a fraction of the cells
// blanked at random. A solved grid is the pattern grid of its box size with
// its digits, the rows within each band, the bands, the columns within each
// stack and the stacks permuted at random; the puzzle blanks a random set
// of cells. The puzzles are not made unique: each has at least the grid it
// came from as a solution. The same seed always gives the same puzzle.
package bigboard

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/satdoku/satdoku"
)

// Spec names one puzzle of the corpus: the box side B (the board is B²×B²),
// the fraction of cells blanked and the seed.
type Spec struct {
	B     int
	Blank float64
	Seed  uint64
}

// N returns the side of the board, B².
func (s Spec) N() int { return s.B * s.B }

// Name returns a file-name-friendly name: n25-b45-s3 for a 25×25 board with
// 45 % of the cells blank and seed 3.
func (s Spec) Name() string {
	return fmt.Sprintf("n%d-b%02.0f-s%d", s.N(), 100*s.Blank, s.Seed)
}

// Corpus is the benchmark corpus of issue 15: for each board size, the
// blank fractions and seeds listed. Bigger boards get fewer puzzles and
// lower blank fractions, where the external solvers still answer in a
// minute.
var Corpus = []struct {
	B      int
	Blanks []float64
	Seeds  []uint64
}{
	{4, []float64{0.30, 0.45, 0.60}, []uint64{1, 2, 3, 4}},
	{5, []float64{0.30, 0.45, 0.60}, []uint64{1, 2, 3, 4}},
	{6, []float64{0.30, 0.45, 0.60}, []uint64{1, 2, 3}},
	{7, []float64{0.30, 0.40, 0.50}, []uint64{1, 2}},
	{8, []float64{0.30, 0.40, 0.50}, []uint64{1, 2}},
}

// Specs returns the puzzles of Corpus for the box sides in bs (all when
// bs is empty), in order.
func Specs(bs ...int) []Spec {
	var out []Spec
	for _, c := range Corpus {
		if len(bs) > 0 && !slices.Contains(bs, c.B) {
			continue
		}
		for _, bl := range c.Blanks {
			for _, s := range c.Seeds {
				out = append(out, Spec{B: c.B, Blank: bl, Seed: s})
			}
		}
	}
	return out
}

// Solved returns a random solved grid with boxes of b×b cells (2 ≤ b ≤ 8)
// drawn from r.
func Solved(b int, r *rand.Rand) (*satdoku.Grid, error) {
	n := b * b
	rules, err := satdoku.Standard(n)
	if err != nil {
		return nil, err
	}
	digits := r.Perm(n)
	rows := lines(b, r)
	cols := lines(b, r)
	g := satdoku.NewGrid(rules)
	for i := range n {
		for j := range n {
			// The pattern grid: row y, column x hold (b·(y mod b) + y/b + x) mod n.
			y, x := rows[i], cols[j]
			g.Set(i, j, digits[(b*(y%b)+y/b+x)%n]+1)
		}
	}
	return g, nil
}

// lines returns a random permutation of 0..b²-1 that keeps bands of b lines
// together: the bands permuted, and the lines within each band.
func lines(b int, r *rand.Rand) []int {
	out := make([]int, 0, b*b)
	for _, band := range r.Perm(b) {
		for _, l := range r.Perm(b) {
			out = append(out, band*b+l)
		}
	}
	return out
}

// Puzzle returns the puzzle of s and the solved grid it was made from: the
// grid with round(Blank·N²) cells, chosen at random, blanked.
func Puzzle(s Spec) (puzzle, solution *satdoku.Grid, err error) {
	if s.Blank < 0 || s.Blank > 1 {
		return nil, nil, fmt.Errorf("bigboard: blank fraction %v out of [0, 1]", s.Blank)
	}
	r := rand.New(rand.NewPCG(s.Seed, uint64(s.B)<<32|uint64(1000*s.Blank)))
	sol, err := Solved(s.B, r)
	if err != nil {
		return nil, nil, err
	}
	p := sol.Clone()
	nn := p.Len()
	k := int(s.Blank*float64(nn) + 0.5)
	for _, i := range r.Perm(nn)[:k] {
		p.SetCell(i, 0)
	}
	return p, sol, nil
}
