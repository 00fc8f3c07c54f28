package logic

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/verify"
)

// classicSolution is a valid 9×9 grid, the solution the variant puzzles of
// these tests are cut from.
const classicSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// withClues returns the classic 9×9 rules with the clues applied.
func withClues(t *testing.T, cs ...clue.Clue) *satdoku.Rules {
	t.Helper()
	std, _ := satdoku.Standard(9)
	r, _, err := clue.Apply(std, cs...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// possible reports whether puzzle g has a solution with digit d in cell i,
// by the validator's own search.
func possible(g *satdoku.Grid, i, d int) bool {
	h := g.Clone()
	h.SetCell(i, d)
	if len(verify.Check(h)) > 0 {
		return false
	}
	k, _ := verify.Count(h, 1)
	return k > 0
}

// TestClueSingleNamed: on an empty board with one killer cage of two cells
// adding up to 3, the clause step (the cage's clauses alone; Next gives
// the hand-written sum step first) is named after the cage and removes
// exactly the digits that no pair adding up to 3 holds.
func TestClueSingleNamed(t *testing.T) {
	r := withClues(t, clue.Clue{Kind: clue.KillerCage, Cells: []int{0, 1}, Value: 3})
	s, err := New(satdoku.NewGrid(r))
	if err != nil {
		t.Fatal(err)
	}
	st, ok := s.clueSingle()
	if !ok {
		t.Fatal("no step")
	}
	if st.Technique != "clue" || st.Rating != RatingClue {
		t.Fatalf("step %q: technique %q rating %v, want clue %v", st.Text, st.Technique, st.Rating, RatingClue)
	}
	if !strings.HasPrefix(st.Text, "killer cage r1c1,r1c2 (3): ") {
		t.Errorf("text %q does not name the cage", st.Text)
	}
	if want := "killer cage r1c1,r1c2 (3): r1c1, r1c2 are not 3, 4, 5, 6, 7, 8 or 9"; st.Text != want {
		t.Errorf("text %q, want %q", st.Text, want)
	}
	// The oracle: the digits of each cell that some pair of distinct
	// digits adding up to 3 gives it.
	want := map[Candidate]bool{}
	for _, i := range []int{0, 1} {
		for d := 1; d <= 9; d++ {
			ok := false
			for e := 1; e <= 9; e++ {
				ok = ok || e != d && d+e == 3
			}
			if !ok {
				want[Candidate{i, d}] = true
			}
		}
	}
	if len(st.Eliminations) != len(want) || len(st.Placements) != 0 {
		t.Fatalf("step %q: %v eliminations, %v placements; want the %d of %v", st.Text, st.Eliminations, st.Placements, len(want), want)
	}
	for _, c := range st.Eliminations {
		if !want[c] {
			t.Errorf("step %q removes %v", st.Text, c)
		}
	}
}

// TestClueSingleRelation: a relation's step tries each candidate (a
// German whispers pair removes 5 from both cells, which propagation alone
// does not see), and names the relation with its cells. (Next gives the
// hand-written relation step first; this is the clause step.)
func TestClueSingleRelation(t *testing.T) {
	r := withClues(t, clue.Clue{Kind: clue.Whispers, Lines: [][]int{{0, 10}}})
	s, err := New(satdoku.NewGrid(r))
	if err != nil {
		t.Fatal(err)
	}
	st, ok := s.clueSingle()
	if !ok || st.Technique != "clue" {
		t.Fatalf("step %q (%v), want a clue step", st.Text, ok)
	}
	if want := "whispers r1c1,r2c2: r1c1, r2c2 are not 5"; st.Text != want {
		t.Errorf("text %q, want %q", st.Text, want)
	}
}

// TestClueChainOnlyByClue cuts puzzles from one grid with a modular line
// and an entropic line, clues that no hand-written technique knows, and
// follows their paths: every step is sound, and some clue chain names a
// line and removes a candidate that the same puzzle without the lines
// allows, so the line forces it.
func TestClueChainOnlyByClue(t *testing.T) {
	sol := mustParse(t, classicSolution)
	// Lines the solution keeps (the validator checks it below).
	lines := []clue.Clue{
		{Kind: clue.ModularLine, Lines: [][]int{{0, 1, 2, 11, 19}}},
		{Kind: clue.EntropicLine, Lines: [][]int{{54, 55, 56, 64, 73}}},
	}
	r := withClues(t, lines...)
	std, _ := satdoku.Standard(9)
	full := satdoku.NewGrid(r)
	for i := range full.Len() {
		full.SetCell(i, sol.Cell(i))
	}
	if cs := verify.Check(full); len(cs) > 0 {
		t.Fatalf("the solution breaks the lines: %v", cs)
	}
	found := false
	for seed := uint64(1); seed <= 40 && !found; seed++ {
		rng := rand.New(rand.NewPCG(seed, 23))
		g, plain := satdoku.NewGrid(r), satdoku.NewGrid(std)
		for i := range g.Len() {
			if rng.Float64() < 0.3 {
				g.SetCell(i, sol.Cell(i))
				plain.SetCell(i, sol.Cell(i))
			}
		}
		if k, _ := verify.Count(g, 1); k != 1 {
			t.Fatalf("seed %d: the puzzle cut from a solution has none", seed)
		}
		s, err := New(g)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; steps < 200; steps++ {
			st, ok := s.Next()
			if !ok {
				break
			}
			// Sound against every solution of the puzzle, which may
			// have several.
			for _, c := range st.Eliminations {
				if possible(g, c.Cell, c.Digit) {
					t.Fatalf("seed %d: %q removes %v, which a solution holds", seed, st.Text, c)
				}
			}
			for _, c := range st.Placements {
				for d := 1; d <= 9; d++ {
					if d != c.Digit && possible(g, c.Cell, d) {
						t.Fatalf("seed %d: %q places %v, a solution holds %d", seed, st.Text, c, d)
					}
				}
			}
			if st.Technique == "clue chain" && (strings.Contains(st.Text, "modular line") || strings.Contains(st.Text, "entropic line")) {
				c := st.Eliminations[0]
				// Forced by the lines: the puzzle without them, with the
				// candidates the path has left, allows the digit.
				without := plain.Clone()
				for i := range without.Len() {
					if v := s.Value(i); v != 0 {
						without.SetCell(i, v)
					}
				}
				if possible(without, c.Cell, c.Digit) {
					found = true
					t.Logf("seed %d: %s", seed, st.Text)
					if st.Rating < RatingClueChain || st.Rating > clueChainRating(DefaultChainSteps) {
						t.Errorf("step %q rated %v", st.Text, st.Rating)
					}
				}
			}
			s.Apply(st)
		}
	}
	if !found {
		t.Fatal("no clue chain forced by a line in 40 puzzles")
	}
}

// TestChainSteps: the chain length option bounds the chains found: a chain
// found with the default has at most DefaultChainSteps steps, and with
// ChainSteps 1 every chain has one step.
func TestChainSteps(t *testing.T) {
	ps := readPublished(t)
	counted := map[int]int{}
	for k, pp := range ps {
		if k%6 != 0 || pp.puzzle.N() > 9 || testing.Short() && k%24 != 0 {
			continue
		}
		for _, limit := range []int{1, 0} {
			s, err := New(pp.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			o := &Options{ChainSteps: limit, MaxSteps: 300}
			if testing.Short() {
				o.MaxRating = RatingNested - 0.1 // the chains are what is tested
			}
			path, _ := s.Solve(o)
			for _, st := range path {
				if st.Technique != "clue chain" {
					continue
				}
				steps := strings.Count(st.Text, "; ") // the steps, then "; so …"
				counted[limit]++
				max := limit
				if max == 0 {
					max = DefaultChainSteps
				}
				if steps > max || st.Rating != clueChainRating(steps) {
					t.Errorf("%s: chain of %d steps rated %v with ChainSteps %d: %q", pp.name, steps, st.Rating, limit, st.Text)
				}
			}
		}
	}
	if counted[1] == 0 || counted[0] == 0 {
		t.Fatalf("chains found: %v", counted)
	}
}
