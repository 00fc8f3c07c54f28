package satsolve

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/verify"
)

// bruteMarks works out the true candidates of g with the validator alone:
// digit d is a candidate of cell i when g with d in i still has a solution
// (verify.Count), and a given is its own candidate when g has a solution.
func bruteMarks(g *satdoku.Grid) []uint64 {
	marks := make([]uint64, g.Len())
	if k, _ := verify.Count(g, 1); k == 0 {
		return marks
	}
	for i := range g.Len() {
		if d := g.Cell(i); d != 0 {
			marks[i] = 1 << (d - 1)
			continue
		}
		for d := 1; d <= g.N(); d++ {
			h := g.Clone()
			h.SetCell(i, d)
			if k, _ := verify.Count(h, 1); k > 0 {
				marks[i] |= 1 << (d - 1)
			}
		}
	}
	return marks
}

// sixBySix is a 6×6 puzzle with several solutions: a valid grid with most
// cells blank.
func sixBySix(t *testing.T) *satdoku.Grid {
	g, err := satdoku.New(6)
	if err != nil {
		t.Fatal(err)
	}
	for r := range 6 {
		for c := range 6 {
			if (r*7+c*3)%4 == 0 {
				g.Set(r, c, (3*(r%2)+r/2+c)%6+1)
			}
		}
	}
	return g
}

func TestCandidates(t *testing.T) {
	xRules, err := satdoku.Standard(9)
	if err != nil {
		t.Fatal(err)
	}
	if xRules, err = xRules.WithNamed("x"); err != nil {
		t.Fatal(err)
	}
	// The X-Sudoku of docs/rules.md with its first three rows blank.
	xs := grid(t, "......................................4..17..9.82....47..5........4.8.....3......")
	if err := xs.SetRules(xRules); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		g    *satdoku.Grid
	}{
		{"4x4 empty", grid(t, "................")},
		{"4x4 two givens", grid(t, "1....2..........")},
		{"6x6", sixBySix(t)},
		{"9x9 unique", grid(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")},
		{"9x9 nine solutions", grid(t, "8.........59.......76.........832765...476198...951243....9.516...6.4982......437")},
		{"9x9 many", grid(t, "8.........95.......76.........426798...571243...893165......916....3.487....1.532")},
		{"9x9 none", grid(t, "................12..3..4..5....1...6....7.....54...8...9.3..4...8.....7.1...2....")},
		{"x-sudoku", xs},
	}
	// With a timeout, gini's Try answers instead of Solve.
	solvers := []*Solver{New(Options{}), New(Options{Timeout: time.Minute})}
	for k, tt := range tests {
		want := bruteMarks(tt.g)
		s := solvers[k%2]
		limits := []int{1, 2, 10, 1000}
		if testing.Short() && race.Enabled {
			limits = []int{2, 1000}
		}
		for _, limit := range limits {
			m, err := s.Candidates(context.Background(), tt.g, limit, nil)
			if err != nil {
				t.Fatalf("%s, limit %d: %v", tt.name, limit, err)
			}
			for i := range want {
				if m.Cands[i] != want[i] {
					t.Errorf("%s, limit %d: r%dc%d: candidates %b, want %b", tt.name, limit, i/tt.g.N()+1, i%tt.g.N()+1, m.Cands[i], want[i])
				}
			}
			if k, _ := verify.Count(tt.g, limit); m.Count != k {
				t.Errorf("%s, limit %d: count %d, want %d", tt.name, limit, m.Count, k)
			}
			if m.Status != backend.StatusOf(m.Count, limit) {
				t.Errorf("%s, limit %d: status %v for count %d", tt.name, limit, m.Status, m.Count)
			}
			if (m.Count > 0) != (m.Solution != nil) || (m.Count > 1) != (m.Second != nil) {
				t.Errorf("%s, limit %d: count %d with solutions %s and %s", tt.name, limit, m.Count, line(m.Solution), line(m.Second))
			}
		}
	}
}

func TestCandidatesStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Candidates(ctx, grid(t, "................"), 2, Options{}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: got %v", err)
	}
	if _, err := Candidates(context.Background(), grid(t, "................"), 0, Options{}, nil); !errors.Is(err, backend.ErrLimit) {
		t.Errorf("limit 0: got %v", err)
	}
	// A Solver goes on solving after a call of Candidates.
	s := New(Options{})
	g := grid(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	for range 3 {
		if _, err := s.Candidates(context.Background(), grid(t, "................"), 1, nil); err != nil {
			t.Fatal(err)
		}
		res, err := s.Unique(context.Background(), g)
		if err != nil || res.Status != backend.StatusUnique {
			t.Fatalf("unique after candidates: %v, %v", res.Status, err)
		}
	}
}
