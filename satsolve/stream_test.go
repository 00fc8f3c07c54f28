package satsolve

import (
	"context"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/verify"
)

// mixedStream returns puzzles of every verdict, interleaved: unique ones
// (from the shared sets when present), each also with givens taken out
// (several solutions, most of them) and with a given added that contradicts its
// solution without clashing with a given (none), and small boards and other
// rules among them.
func mixedStream(t *testing.T, max int) []*satdoku.Grid {
	lines := []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		"52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
	}
	for _, set := range []string{"magictour_top1465.txt", "royle17_49158.txt", "forum_hardest_1106.txt"} {
		if ls, ok := readLines(t, dataFile(set), max/3); ok {
			lines = append(lines, ls...)
		}
	}
	diag, err := satdoku.Standard(9)
	if err != nil {
		t.Fatal(err)
	}
	var out []*satdoku.Grid
	for k, l := range lines {
		g := grid(t, l)
		n, sol := verify.Count(g, 2)
		if n != 1 {
			t.Fatalf("%s: %d solutions, want a unique puzzle", l, n)
		}
		out = append(out, g)
		fewer := g.Clone()
		taken := 0
		for i := range fewer.Len() {
			if fewer.Cell(i) != 0 && taken < 1+k%3 {
				fewer.SetCell(i, 0)
				taken++
			}
		}
		out = append(out, fewer)
		wrong := g.Clone()
		for i := range wrong.Len() {
			if wrong.Cell(i) == 0 {
				wrong.SetCell(i, sol.Cell(i)%9+1) // may clash: then the pre-pass says none
				break
			}
		}
		out = append(out, wrong)
		if k%5 == 0 {
			out = append(out, grid(t, "1...............")) // 4×4, many solutions
			other := g.Clone()
			if err := other.SetRules(diag.WithTags("other")); err != nil {
				t.Fatal(err)
			}
			out = append(out, other)
		}
	}
	return out
}

// TestStreamSameAnswers: the incremental path answers a stream of puzzles
// of every verdict, board and rules alternating, as a fresh residual
// Solver answers each and as the validator's counter counts: the same
// status and count, every solution a solution, the unique one the same.
func TestStreamSameAnswers(t *testing.T) {
	max := 300
	if testing.Short() {
		max = 60
	}
	puzzles := mixedStream(t, max)
	inc := New(Options{})
	inc.useStream = true
	seen := map[backend.Status]int{}
	for _, g := range puzzles {
		got, err := inc.Unique(context.Background(), g)
		if err != nil {
			t.Fatalf("%s: %v", line(g), err)
		}
		fresh := New(Options{})
		fresh.useStream = false
		want, err := fresh.Unique(context.Background(), g)
		if err != nil {
			t.Fatalf("%s: %v", line(g), err)
		}
		n, _ := verify.Count(g, 2)
		seen[got.Status]++
		if got.Status != want.Status || got.Count != want.Count || got.Count != n {
			t.Fatalf("%s: incremental %v (%d), fresh %v (%d), validator %d", line(g), got.Status, got.Count, want.Status, want.Count, n)
		}
		for _, sol := range []*satdoku.Grid{got.Solution, got.Second} {
			if sol != nil {
				if err := verify.Solution(g, sol); err != nil {
					t.Fatalf("%s: %s: %v", line(g), line(sol), err)
				}
			}
		}
		if got.Status == backend.StatusUnique && !got.Solution.Equal(want.Solution) {
			t.Fatalf("%s: incremental %s, fresh %s", line(g), line(got.Solution), line(want.Solution))
		}
		if got.Status == backend.StatusMultiple && got.Solution.Equal(got.Second) {
			t.Fatalf("%s: the same solution twice", line(g))
		}
	}
	if seen[backend.StatusUnique] == 0 || seen[backend.StatusMultiple] == 0 || seen[backend.StatusNone] == 0 {
		t.Errorf("verdicts seen %v: want every kind", seen)
	}
	t.Logf("%d puzzles: %v", len(puzzles), seen)
}
