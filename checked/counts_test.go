package checked_test

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// bruteCounts works out with the validator alone how many solutions of g
// hold each candidate, up to perCand: verify.Count of g with the digit
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

// TestCandidateCounts compares the counts with the validator's own, on
// puzzles with one, a few, many and no solutions, at every limit.
func TestCandidateCounts(t *testing.T) {
	blank := textfmt.MustParse(leetSol)
	for i := range 30 {
		blank.SetCell(i*7%81, 0)
	}
	six, err := satdoku.New(6)
	if err != nil {
		t.Fatal(err)
	}
	six.Set(0, 0, 1)
	six.Set(1, 3, 2)
	tests := []struct {
		name string
		g    *satdoku.Grid
	}{
		{"4x4 two givens", textfmt.MustParse("1....2..........")},
		{"6x6 two givens", six},
		{"leet", textfmt.MustParse(leet)},
		{"two solutions", textfmt.MustParse(twoSols)},
		{"nine solutions", textfmt.MustParse("8.........59.......76.........832765...476198...951243....9.516...6.4982......437")},
		{"blanked", blank},
		{"none", textfmt.MustParse("................12..3..4..5....1...6....7.....54...8...9.3..4...8.....7.1...2....")},
	}
	s := checked.New(satsolve.New(satsolve.Options{}), checked.Options{})
	for _, tt := range tests {
		n := tt.g.N()
		for _, perCand := range []int{1, 2, 8} {
			want := bruteCounts(tt.g, perCand)
			for _, limit := range []int{1, 8, 100} {
				a, err := s.CandidateCounts(context.Background(), tt.g, limit, perCand)
				if err != nil {
					t.Fatalf("%s: %v", tt.name, err)
				}
				for k := range want {
					if a.Counts[k] != want[k] {
						t.Errorf("%s, limit %d, cap %d: r%dc%d digit %d: count %d, want %d",
							tt.name, limit, perCand, k/n/n+1, k/n%n+1, k%n+1, a.Counts[k], want[k])
					}
				}
				if k, _ := verify.Count(tt.g, limit); a.Count != k {
					t.Errorf("%s, limit %d: count %d, want %d", tt.name, limit, a.Count, k)
				}
			}
		}
	}
}

// counter is a liar that can count candidates: it shows its solutions.
type counter struct{ liar }

func (l *counter) Solutions(ctx context.Context, g *satdoku.Grid, limit int, see func(*satdoku.Grid) error) (backend.Result, error) {
	m, err := l.Candidates(ctx, g, limit, see)
	return m.Result, err
}

// TestCandidateCountsTwoSolutions: on a puzzle with exactly two solutions
// (by verify's count), every given and every digit both solutions share
// is held by two, each digit of the deadly pattern by one.
func TestCandidateCountsTwoSolutions(t *testing.T) {
	sols := solutions(t, twoSols)
	if len(sols) != 2 {
		t.Fatalf("%d solutions", len(sols))
	}
	s := checked.New(satsolve.New(satsolve.Options{}), checked.Options{})
	for _, limit := range []int{1, 2, 5} {
		a, err := s.CandidateCounts(context.Background(), textfmt.MustParse(twoSols), limit, 8)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int, 81*9)
		for _, sol := range sols {
			for i := range 81 {
				want[i*9+sol.Cell(i)-1]++
			}
		}
		for k := range want {
			if a.Counts[k] != want[k] {
				t.Errorf("limit %d: r%dc%d digit %d: count %d, want %d", limit, k/81+1, k/9%9+1, k%9+1, a.Counts[k], want[k])
			}
		}
		if a.Count != min(limit, 2) {
			t.Errorf("limit %d: count %d", limit, a.Count)
		}
	}
	// A cap of 1 gives 1 for every true candidate.
	a, err := s.CandidateCounts(context.Background(), textfmt.MustParse(twoSols), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for k, c := range a.Counts {
		if want := min(1, a.Counts[k]); c != want || (c == 1) != (a.Candidates[k/9]&(1<<(k%9)) != 0) {
			t.Fatalf("cap 1: candidate %d: count %d, marks %b", k, c, a.Candidates[k/9])
		}
	}
}

// TestCandidateCountsRejectsRepeats: a back end that shows a solution
// twice to inflate the counts is caught.
func TestCandidateCountsRejectsRepeats(t *testing.T) {
	sols := solutions(t, twoSols)
	l := counter{liar{see: []*satdoku.Grid{sols[0], sols[1], sols[0]}, res: backend.Result{Status: backend.StatusMultiple, Count: 2, Solution: sols[0], Second: sols[1]}}}
	_, err := checked.New(&l, checked.Options{}).CandidateCounts(context.Background(), textfmt.MustParse(twoSols), 2, 8)
	if !errors.Is(err, checked.ErrRejected) {
		t.Errorf("a solution twice: got %v, want ErrRejected", err)
	}
	l.see = []*satdoku.Grid{sols[0], swapped(sols[1].String())}
	if _, err := checked.New(&l, checked.Options{}).CandidateCounts(context.Background(), textfmt.MustParse(twoSols), 2, 8); !errors.Is(err, checked.ErrRejected) {
		t.Errorf("a wrong solution: got %v, want ErrRejected", err)
	}
	if _, err := checked.New(&l.liar, checked.Options{}).CandidateCounts(context.Background(), textfmt.MustParse(twoSols), 2, 8); err == nil {
		t.Error("a back end that cannot count: no error")
	}
}
