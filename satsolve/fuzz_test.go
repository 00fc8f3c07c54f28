package satsolve_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// FuzzSolve runs the whole path, parse → encode → gini → decode → verify, on
// any input, under the classic rules or, when x is odd, the X-Sudoku rules,
// and checks the SAT answer against the independent counter. Only a timeout
// may end a run without a verdict.
func FuzzSolve(f *testing.F) {
	f.Add("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", uint8(0))
	f.Add("8.........95.......76.........426798...571243...893165......916....3.487....1.532", uint8(0))
	f.Add("................12..3..4..5....1...6....7.....54...8...9.3..4...8.....7.1...2....", uint8(1))
	f.Add("1...........4...", uint8(1))
	f.Add("12..34..........", uint8(0))
	f.Add("1.....2.....3.....4.....5.....6.....", uint8(1))
	f.Fuzz(func(t *testing.T, s string, x uint8) {
		g, err := textfmt.Parse(s)
		if err != nil || g.N() > 9 {
			return
		}
		if x%2 == 1 {
			if err := g.SetRules(xSudoku(t, g.N())); err != nil {
				t.Fatal(err)
			}
		}
		if len(verify.Check(g)) > 0 {
			return
		}
		res, err := satsolve.Unique(context.Background(), g, satsolve.Options{Timeout: 5 * time.Second})
		if errors.Is(err, backend.ErrTimeout) {
			t.Skipf("%v", err) // a timeout on a slow machine is not a finding
		}
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		want, _ := verify.Count(g, 2)
		got := map[backend.Status]int{backend.StatusNone: 0, backend.StatusUnique: 1, backend.StatusMultiple: 2}[res.Status]
		if got != want {
			t.Fatalf("%s (x=%d): SAT says %v, verify.Count says %d", g, x, res.Status, want)
		}
		if res.Solution != nil {
			if err := verify.Solution(g, res.Solution); err != nil {
				t.Fatalf("%s: solution rejected: %v", g, err)
			}
		}
		if res.Second != nil {
			if err := verify.Solution(g, res.Second); err != nil || res.Second.Equal(res.Solution) {
				t.Fatalf("%s: bad second solution (%v)", g, err)
			}
		}
	})
}
