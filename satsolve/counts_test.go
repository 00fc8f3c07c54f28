package satsolve

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/verify"
)

// bruteCounts works out, with the validator alone, how many solutions of
// g hold each candidate, up to perCand: verify.Count of g with the digit
// placed (of g itself for a given's own digit).
func bruteCounts(g *satdoku.Grid, perCand int) []int {
	n := g.N()
	out := make([]int, g.Len()*n)
	for i := range g.Len() {
		for d := 1; d <= n; d++ {
			h := g
			switch g.Cell(i) {
			case d:
			case 0:
				h = g.Clone()
				h.SetCell(i, d)
			default:
				continue
			}
			out[i*n+d-1], _ = verify.Count(h, perCand)
		}
	}
	return out
}

func TestCandidateCounts(t *testing.T) {
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
	}
	s := New(Options{})
	for _, tt := range tests {
		for _, perCand := range []int{1, 2, 8} {
			want := bruteCounts(tt.g, perCand)
			wantMarks := bruteMarks(tt.g)
			for _, limit := range []int{1, 3, 100} {
				n := tt.g.N()
				got := make([]int, len(want))
				seen := map[string]bool{}
				m, err := s.CandidateCounts(context.Background(), tt.g, limit, perCand, func(sol *satdoku.Grid) error {
					if err := verify.Solution(tt.g, sol); err != nil {
						t.Fatalf("%s: a wrong solution: %v", tt.name, err)
					}
					if seen[line(sol)] {
						t.Fatalf("%s: solution %s twice", tt.name, line(sol))
					}
					seen[line(sol)] = true
					for i := range tt.g.Len() {
						got[i*n+sol.Cell(i)-1]++
					}
					return nil
				})
				if err != nil {
					t.Fatalf("%s, limit %d, cap %d: %v", tt.name, limit, perCand, err)
				}
				for k := range want {
					if min(got[k], perCand) != want[k] {
						t.Errorf("%s, limit %d, cap %d: r%dc%d digit %d: %d solutions seen, want min(count, cap) %d",
							tt.name, limit, perCand, k/n/n+1, k/n%n+1, k%n+1, got[k], want[k])
					}
				}
				for i := range wantMarks {
					if m.Cands[i] != wantMarks[i] {
						t.Errorf("%s: r%dc%d: marks %b, want %b", tt.name, i/n+1, i%n+1, m.Cands[i], wantMarks[i])
					}
				}
				if k, _ := verify.Count(tt.g, limit); m.Count != k {
					t.Errorf("%s, limit %d: count %d, want %d", tt.name, limit, m.Count, k)
				}
			}
		}
	}
	if _, err := s.CandidateCounts(context.Background(), tests[0].g, 1, 0, nil); !errors.Is(err, backend.ErrLimit) {
		t.Errorf("cap 0: got %v", err)
	}
}
