package satsolve_test

import (
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// FuzzSolve runs the whole path, parse → encode → gini → decode → verify, on
// any input, and checks the SAT answer against the independent counter.
func FuzzSolve(f *testing.F) {
	f.Add("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	f.Add("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	f.Add("................12..3..4..5....1...6....7.....54...8...9.3..4...8.....7.1...2....")
	f.Add("1...........4...")
	f.Add("12..34..........")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := satdoku.Parse(s)
		if err != nil || g.N() > 9 || len(verify.Check(g)) > 0 {
			return
		}
		res, err := satsolve.Unique(g, satsolve.Options{Timeout: 5 * time.Second})
		if err != nil {
			t.Skipf("%v", err) // a timeout on a slow machine is not a finding
		}
		want, _ := verify.Count(g, 2)
		got := map[satsolve.Status]int{satsolve.StatusNone: 0, satsolve.StatusUnique: 1, satsolve.StatusMultiple: 2}[res.Status]
		if got != want {
			t.Fatalf("%s: SAT says %v, verify.Count says %d", g, res.Status, want)
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
