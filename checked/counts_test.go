package checked_test

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/satsolve"
)

// counter is a liar that can count candidates: it shows its solutions.
type counter struct{ liar }

func (l *counter) CandidateCounts(ctx context.Context, g *satdoku.Grid, limit, _ int, see func(*satdoku.Grid) error) (backend.Marks, error) {
	return l.Candidates(ctx, g, limit, see)
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
		a, err := s.CandidateCounts(context.Background(), satdoku.MustParse(twoSols), limit, 8)
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
	a, err := s.CandidateCounts(context.Background(), satdoku.MustParse(twoSols), 1, 1)
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
	_, err := checked.New(&l, checked.Options{}).CandidateCounts(context.Background(), satdoku.MustParse(twoSols), 2, 8)
	if !errors.Is(err, checked.ErrRejected) {
		t.Errorf("a solution twice: got %v, want ErrRejected", err)
	}
	l.see = []*satdoku.Grid{sols[0], swapped(sols[1].String())}
	if _, err := checked.New(&l, checked.Options{}).CandidateCounts(context.Background(), satdoku.MustParse(twoSols), 2, 8); !errors.Is(err, checked.ErrRejected) {
		t.Errorf("a wrong solution: got %v, want ErrRejected", err)
	}
	if _, err := checked.New(&l.liar, checked.Options{}).CandidateCounts(context.Background(), satdoku.MustParse(twoSols), 2, 8); err == nil {
		t.Error("a back end that cannot count: no error")
	}
}
