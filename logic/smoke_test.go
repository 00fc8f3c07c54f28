package logic

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/satdoku/satdoku"
)

// fill returns a random complete grid under rules r (its units and
// Different relations), by backtracking over the states of this package.
func fill(t *testing.T, r *satdoku.Rules, seed uint64) *satdoku.Grid {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	s, err := New(satdoku.NewGrid(r))
	if err != nil {
		t.Fatal(err)
	}
	budget := 200000
	var dfs func(s *State) *State
	dfs = func(s *State) *State {
		if budget--; budget < 0 {
			return nil
		}
		best, bestK := -1, 1<<30
		for i, m := range s.cand {
			if s.value[i] != 0 {
				continue
			}
			k := bits.OnesCount64(m)
			if k == 0 {
				return nil
			}
			if k < bestK {
				best, bestK = i, k
			}
		}
		if best < 0 {
			return s
		}
		ds := digits(s.cand[best])
		rng.Shuffle(len(ds), func(i, j int) { ds[i], ds[j] = ds[j], ds[i] })
		for _, d := range ds {
			c := s.Clone()
			c.Apply(Step{Placements: []Candidate{{best, d}}})
			if out := dfs(c); out != nil {
				return out
			}
		}
		return nil
	}
	out := dfs(s)
	if out == nil {
		t.Fatal("no complete grid found")
	}
	return out.Grid()
}

// checkSound solves puzzle p by logic and checks every step against sol,
// one of its solutions; it returns whether the logic solved p.
func checkSound(t *testing.T, p, sol *satdoku.Grid) bool {
	t.Helper()
	s, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	for {
		st, ok := s.Next()
		if !ok {
			break
		}
		for _, c := range st.Placements {
			if sol.Cell(c.Cell) != c.Digit {
				t.Fatalf("%q places %d in %s, the grid holds %d", st.Text, c.Digit, cellName(sol.N(), c.Cell), sol.Cell(c.Cell))
			}
		}
		for _, c := range st.Eliminations {
			if sol.Cell(c.Cell) == c.Digit {
				t.Fatalf("%q removes %d from %s, which the grid holds", st.Text, c.Digit, cellName(sol.N(), c.Cell))
			}
		}
		s.Apply(st)
	}
	if s.Solved() && !s.Grid().Equal(sol) {
		t.Fatal("solved to another grid")
	}
	return s.Solved()
}

// puzzleOf keeps each digit of sol with probability keep.
func puzzleOf(sol *satdoku.Grid, seed uint64, keep float64) *satdoku.Grid {
	rng := rand.New(rand.NewPCG(seed, 2))
	p := sol.Clone()
	for i := range p.Len() {
		if rng.Float64() > keep {
			p.SetCell(i, 0)
		}
	}
	return p
}

func TestBoards(t *testing.T) {
	std9, _ := satdoku.Standard(9)
	std6, _ := satdoku.Standard(6)
	x, _ := std9.WithNamed("x")
	knight, _ := std9.WithNamed("anti-knight")
	jig, jigSol := jigsawOf(t, std9, 1)
	jigx, jigxSol := jigsawOf(t, x, 2)
	boards := []struct {
		name string
		r    *satdoku.Rules
		sol  *satdoku.Grid // a fixed solution, or nil to fill one for each puzzle
	}{
		{"6×6", std6, nil}, {"x-sudoku", x, nil}, {"anti-knight", knight, nil},
		{"jigsaw", jig, jigSol}, {"jigsaw x", jigx, jigxSol},
	}
	for _, b := range boards {
		t.Run(b.name, func(t *testing.T) {
			solved := 0
			const k = 6
			for seed := range uint64(k) {
				sol := b.sol
				if sol == nil {
					sol = fill(t, b.r, seed)
				}
				p := puzzleOf(sol, seed, 0.5)
				if checkSound(t, p, sol) {
					solved++
				}
				if _, err := Rate(p); err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%d of %d solved by logic", solved, k)
			if solved == 0 {
				t.Error("none solved")
			}
		})
	}
}

// jigsawOf returns rules with the regions of r made irregular, and a
// solution: a complete grid under r is filled, and cells holding the same
// digit in different boxes swap regions, so that the grid stays a
// solution.
func jigsawOf(t *testing.T, r *satdoku.Rules, seed uint64) (*satdoku.Rules, *satdoku.Grid) {
	t.Helper()
	sol := fill(t, r, seed)
	var regions [][]int
	for _, u := range r.Units() {
		if u.Kind == satdoku.Box {
			regions = append(regions, append([]int(nil), u.Cells...))
		}
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	for range 12 {
		a, b := rng.IntN(9), rng.IntN(9)
		if a == b {
			continue
		}
		ka := rng.IntN(9)
		for kb, j := range regions[b] {
			if sol.Cell(j) == sol.Cell(regions[a][ka]) {
				regions[a][ka], regions[b][kb] = j, regions[a][ka]
				break
			}
		}
	}
	jr, err := satdoku.Regions(9, regions)
	if err != nil {
		t.Fatal(err)
	}
	var extra []satdoku.ExtraUnit
	for _, u := range r.Extras() {
		extra = append(extra, satdoku.ExtraUnit{Name: u.Name, Cells: u.Cells})
	}
	if jr, err = jr.WithExtra(extra...); err != nil {
		t.Fatal(err)
	}
	if err := sol.SetRules(jr); err != nil {
		t.Fatal(err)
	}
	if _, err := New(sol); err != nil {
		t.Fatalf("the grid breaks the irregular regions: %v", err)
	}
	return jr, sol
}

func TestSixteen(t *testing.T) {
	k := 100
	if testing.Short() {
		k = 10
	}
	ps, sols := readSet(t, "vu_kr_16x16", k)
	levels := map[string]int{}
	for i := range ps {
		p, sol := mustParse(t, ps[i]), mustParse(t, sols[i])
		if p.N() != 16 {
			t.Fatalf("puzzle %d is %d×%d", i, p.N(), p.N())
		}
		checkSound(t, p, sol)
		r, err := Rate(p)
		if err != nil {
			t.Fatal(err)
		}
		levels[r.Level]++
	}
	t.Logf("16×16: %d puzzles, levels %s", len(ps), distribution(levels))
}

func TestNewErrors(t *testing.T) {
	dup := mustParse(t, "11"+dots(79))
	if _, err := New(dup); !errors.Is(err, ErrInvalid) {
		t.Errorf("a digit twice in a row: %v", err)
	}
	// r1c1 sees 1 to 8 in its row and 9 in its column: no candidate.
	nocand := mustParse(t, "."+"12345678"+"9"+dots(71))
	if _, err := New(nocand); !errors.Is(err, ErrInvalid) {
		t.Errorf("a cell without candidates: %v", err)
	}
	std9, _ := satdoku.Standard(9)
	knight, _ := std9.WithNamed("anti-knight")
	g := satdoku.NewGrid(knight)
	g.Set(0, 0, 5)
	g.Set(1, 2, 5)
	if _, err := New(g); !errors.Is(err, ErrInvalid) {
		t.Errorf("a digit twice a knight's move apart: %v", err)
	}
	if _, err := New(nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("nil grid: %v", err)
	}
	if _, err := Rate(dup); !errors.Is(err, ErrInvalid) {
		t.Errorf("Rate of a broken grid: %v", err)
	}
}

func dots(k int) string {
	b := make([]byte, k)
	for i := range b {
		b[i] = '.'
	}
	return string(b)
}

// TestNoSolution: a puzzle with no solution but no clash among its givens
// ends in ErrNoSolution or a trial, never a panic or a wrong "solved".
func TestNoSolution(t *testing.T) {
	ps, _ := readSet(t, "magictour_top1465", 5)
	for _, p := range ps {
		g := mustParse(t, p)
		// Put a wrong digit in the first empty cell that accepts one.
		s, _ := New(g)
		for i := range g.Len() {
			if g.Cell(i) == 0 && bits.OnesCount64(s.Candidates(i)) >= 2 {
				g.SetCell(i, lowDigit(s.Candidates(i)))
				break
			}
		}
		r, err := Rate(g)
		if err == nil && r.Score < RatingTrial {
			// The digit may have been the right one; then it must solve.
			path, solved, _ := Solve(g, nil)
			if !solved || len(path) == 0 {
				t.Errorf("%s: rated %v but not solved", p, r)
			}
		}
	}
}

func TestApplyRobust(t *testing.T) {
	s := empty9(t)
	s.Apply(Step{
		Placements:   []Candidate{{-1, 1}, {81, 1}, {0, 0}, {0, 10}, {0, 5}, {0, 6}},
		Eliminations: []Candidate{{-5, 1}, {1000, 2}, {1, 0}, {1, 99}, {0, 5}},
	})
	if s.Value(0) != 5 || s.Value(-1) != 0 || s.Candidates(99) != 0 {
		t.Errorf("value %d", s.Value(0))
	}
	if s.Candidates(1)&bit(5) != 0 {
		t.Error("placing 5 in r1c1 left it in r1c2")
	}
}

func TestSolveOptions(t *testing.T) {
	ps, _ := readSet(t, "magictour_top1465", 3)
	for _, p := range ps {
		g := mustParse(t, p)
		path, _, err := Solve(g, &Options{MaxRating: RatingNakedSingle})
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range path {
			if st.Rating > RatingNakedSingle {
				t.Errorf("step %q above the limit", st.Text)
			}
		}
		path, _, _ = Solve(g, &Options{MaxSteps: 3})
		if len(path) > 3 {
			t.Errorf("%d steps, want at most 3", len(path))
		}
	}
}

// TestRandomGrids: random digits on boards of several sizes never make New,
// Next, Solve or Rate panic, and every error is ErrInvalid or
// ErrNoSolution.
func TestRandomGrids(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	sides, every := []int{4, 5, 6, 8, 9, 12, 16}, 1
	if testing.Short() {
		sides, every = []int{4, 6, 9, 16}, 5 // every fifth density
	}
	for _, n := range sides {
		r, err := satdoku.Standard(n)
		if err != nil {
			t.Fatal(err)
		}
		if n == 9 {
			r, _ = r.WithNamed("x", "anti-king")
		}
		for k := 0; k < 20; k += every {
			g := satdoku.NewGrid(r)
			for i := range g.Len() {
				if rng.IntN(100) < 5+k {
					g.SetCell(i, 1+rng.IntN(n))
				}
			}
			_, err := Rate(g)
			if err != nil && !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrNoSolution) {
				t.Errorf("%d×%d: unexpected error %v", n, n, err)
			}
			if s, err := New(g); err == nil {
				s.Solve(&Options{MaxSteps: 50})
			}
		}
	}
}

// TestBoardShared runs the techniques from several goroutines on puzzles
// of one new Rules value (run it with -race): they all work on the one
// board of those rules, and every step is sound.
func TestBoardShared(t *testing.T) {
	std, err := satdoku.Boxes(9, 3, 3) // new rules, not the shared standard ones
	if err != nil {
		t.Fatal(err)
	}
	sol := fill(t, std, 7)
	first := boardOf(std)
	var wg sync.WaitGroup
	for k := range 4 {
		wg.Go(func() {
			for j := range 5 {
				p := puzzleOf(sol, uint64(10*k+j), 0.6)
				s, err := New(p)
				if err != nil {
					t.Error(err)
					return
				}
				if s.b != first {
					t.Error("a State of the same rules has a board of its own")
				}
				for st, ok := s.Next(); ok; st, ok = s.Next() {
					for _, c := range st.Placements {
						if sol.Cell(c.Cell) != c.Digit {
							t.Errorf("unsound placement in %q", st.Text)
							return
						}
					}
					for _, c := range st.Eliminations {
						if sol.Cell(c.Cell) == c.Digit {
							t.Errorf("unsound elimination in %q", st.Text)
							return
						}
					}
					s.Apply(st)
				}
				if s.Solved() && !s.Grid().Equal(sol) {
					t.Errorf("puzzle %d/%d solved to another grid", k, j)
				}
			}
		})
	}
	wg.Wait()
}
