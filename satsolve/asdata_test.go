package satsolve_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// xSudoku returns the rules of X-Sudoku on an n×n board, added as pure
// data: the standard rules and two extra units, the diagonals.
func xSudoku(t *testing.T, n int) *satdoku.Rules {
	t.Helper()
	std, err := satdoku.Standard(n)
	if err != nil {
		t.Fatal(err)
	}
	var down, up []int
	for k := range n {
		down = append(down, k*n+k)
		up = append(up, k*n+n-1-k)
	}
	r, err := std.WithExtra(
		satdoku.ExtraUnit{Name: "diagonal ↘", Cells: down},
		satdoku.ExtraUnit{Name: "diagonal ↗", Cells: up})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// dimacsModels counts, up to limit, the models of the DIMACS file that
// encode.WriteDIMACS writes for g, read back by gini's own DIMACS reader:
// the file a user hands to an external solver. Each model is decoded under
// rules r and checked by verify.
func dimacsModels(t *testing.T, g *satdoku.Grid, r *satdoku.Rules, limit int) int {
	t.Helper()
	var buf bytes.Buffer
	if err := encode.WriteDIMACS(&buf, g, encode.DIMACSOptions{}); err != nil {
		t.Fatal(err)
	}
	gi, err := gini.NewDimacs(&buf)
	if err != nil {
		t.Fatal(err)
	}
	n := g.N()
	k := 0
	for ; k < limit && gi.Solve() == 1; k++ {
		sol, err := encode.Decode(r, func(v int) bool { return gi.Value(z.Dimacs2Lit(v)) })
		if err != nil {
			t.Fatal(err)
		}
		puzzle := g.Clone()
		if err := puzzle.SetRules(r); err != nil {
			t.Fatal(err)
		}
		if err := verify.Solution(puzzle, sol); err != nil {
			t.Fatalf("DIMACS model rejected under %d units: %v", len(r.Units()), err)
		}
		for i := range n * n {
			gi.Add(z.Dimacs2Lit(-(i*n + sol.Cell(i))))
		}
		gi.Add(0)
	}
	return k
}

// TestVariantsAsData shows that X-Sudoku and a 6×6 board in 2×3 boxes are
// pure data: rules made in this test, not in the code, go through every
// layer — check (verify.Check), solve, unique and count (satsolve, checked
// by verify.Solution and compared with verify.Count), and dimacs (the
// exported formula holds the extra units: a puzzle unique as X-Sudoku has
// more than one solution under the classic rules, and its DIMACS file has
// exactly one model).
func TestVariantsAsData(t *testing.T) {
	x9 := xSudoku(t, 9)
	std9, _ := satdoku.Standard(9)
	six, err := satdoku.Standard(6)
	if err != nil {
		t.Fatal(err)
	}
	if h, w := six.BoxShape(); h != 2 || w != 3 {
		t.Fatalf("6×6 boxes %d×%d, want 2×3", h, w)
	}
	ctx := context.Background()
	s := satsolve.New(satsolve.Options{})

	// check: a clash on a diagonal is a conflict only under X rules.
	g := satdoku.NewGrid(x9)
	g.Set(0, 0, 5)
	g.Set(8, 8, 5)
	cs := verify.Check(g)
	if len(cs) != 1 || cs[0].String() != "r1c1 and r9c9 both hold 5 (diagonal ↘)" {
		t.Fatalf("X check: %v", cs)
	}
	if err := g.SetRules(std9); err != nil || len(verify.Check(g)) != 0 {
		t.Fatalf("classic check of the same givens: %v %v", err, verify.Check(g))
	}

	// Make puzzles: a solution of the rules, blanked until X-Sudoku keeps
	// it unique while the classic rules do not.
	rng := rand.New(rand.NewPCG(1, 2))
	found := map[string]int{}
	for _, rules := range []*satdoku.Rules{x9, six, xSudoku(t, 6)} {
		rounds := 40
		if testing.Short() {
			rounds = 15
			if race.Enabled {
				rounds = 5
			}
		}
		for round := 0; round < rounds; round++ {
			seed := satdoku.NewGrid(rules)
			seed.SetCell(rng.IntN(seed.Len()), 1+rng.IntN(rules.N()))
			_, sol := verify.Count(seed, 1)
			if sol == nil {
				t.Fatalf("no solution from one given under %d units", len(rules.Units()))
			}
			p := sol.Clone()
			order := rng.Perm(p.Len())
			for _, i := range order {
				d := p.Cell(i)
				p.SetCell(i, 0)
				if c, _ := verify.Count(p, 2); c != 1 {
					p.SetCell(i, d) // keep the puzzle unique under its rules
				}
			}
			// solve
			r, err := s.Solve(ctx, p)
			if err != nil || r.Status != backend.StatusSolved {
				t.Fatalf("solve: %v %v", r.Status, err)
			}
			if err := verify.Solution(p, r.Solution); err != nil {
				t.Fatalf("solve: %v", err)
			}
			// unique
			r, err = s.Unique(ctx, p)
			if err != nil || r.Status != backend.StatusUnique || !r.Solution.Equal(sol) {
				t.Fatalf("unique: %v %v", r.Status, err)
			}
			// count, on a puzzle with a few cells more blanked
			q := p.Clone()
			for k := 0; k < 3; k++ {
				q.SetCell(order[k], 0)
			}
			want, _ := verify.Count(q, 50)
			r, err = s.Count(ctx, q, 50)
			if err != nil || r.Count != want {
				t.Fatalf("count: %d (%v), verify.Count %d", r.Count, err, want)
			}
			// dimacs: one model under the puzzle's own rules.
			if k := dimacsModels(t, p, rules, 2); k != 1 {
				t.Fatalf("DIMACS file of a unique puzzle has %d models", k)
			}
			// Under the standard rules of its size the same givens often have
			// more solutions: the extra units are in the formula.
			std, _ := satdoku.Standard(rules.N())
			c := p.Clone()
			if err := c.SetRules(std); err != nil {
				t.Fatal(err)
			}
			if k, _ := verify.Count(c, 2); k > 1 {
				found[p.Rules().Units()[len(p.Rules().Units())-1].String()]++
				if dimacsModels(t, c, std, 2) != 2 {
					t.Fatal("the classic formula of the givens should have two models")
				}
			}
		}
	}
	if found["diagonal ↗"] == 0 {
		t.Errorf("no X puzzle that needs its diagonals: %v", found)
	}
	t.Logf("puzzles unique only thanks to their extra units: %v", found)
}
