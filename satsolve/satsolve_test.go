package satsolve

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/verify"
)

const (
	leet    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	leetSol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	empty4  = "................"
	sol4    = "1234341221434321"
	// twoSol4 differs from sol4 by a swappable rectangle: 12/21 in rows 1
	// and 3, columns 1 and 2 are not in one box, so both fillings work.
	twoSol4 = "..343412..434321"
)

var encodings = []encode.Encoding{encode.Extended, encode.Minimal, encode.Reduced, encode.Sequential}

func TestStatusString(t *testing.T) {
	tests := []struct {
		s    backend.Status
		want string
	}{
		{backend.StatusUnknown, "unknown"},
		{backend.StatusNone, "none"},
		{backend.StatusSolved, "solved"},
		{backend.StatusUnique, "unique"},
		{backend.StatusMultiple, "multiple"},
		{backend.Status(9), "Status(9)"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("Status(%d).String() = %q, want %q", uint8(tt.s), got, tt.want)
		}
	}
	var zero backend.Status
	if zero != backend.StatusUnknown {
		t.Errorf("zero backend.Status is %v, want unknown", zero)
	}
}

// check tests a backend.Result against the expected status and count and checks
// every solution it holds against the puzzle and against want (when want is
// not empty), with package verify.
func check(t *testing.T, g *satdoku.Grid, r backend.Result, status backend.Status, count int, want string) {
	t.Helper()
	if r.Status != status || r.Count != count {
		t.Fatalf("got %v with count %d, want %v with count %d", r.Status, r.Count, status, count)
	}
	if (r.Solution != nil) != (count >= 1) || (r.Second != nil) != (count >= 2) {
		t.Fatalf("Solution %s, Second %s for count %d", line(r.Solution), line(r.Second), count)
	}
	for _, sol := range []*satdoku.Grid{r.Solution, r.Second} {
		if sol == nil {
			continue
		}
		if err := verify.Solution(g, sol); err != nil {
			t.Fatalf("bad solution %s: %v", line(sol), err)
		}
	}
	if r.Second != nil && r.Second.Equal(r.Solution) {
		t.Fatalf("Second equals Solution %s", line(r.Solution))
	}
	if want != "" && line(r.Solution) != want {
		t.Fatalf("solution\n%s, want\n%s", line(r.Solution), want)
	}
}

func TestSolve(t *testing.T) {
	tests := []struct {
		name, puzzle string
		status       backend.Status
		want         string
	}{
		{"leetcode 37", leet, backend.StatusSolved, leetSol},
		{"full", leetSol, backend.StatusSolved, leetSol},
		{"4x4 empty", empty4, backend.StatusSolved, ""},
		{"4x4 two", twoSol4, backend.StatusSolved, ""},
		{"clash", "55" + leet[2:], backend.StatusNone, ""},
		{"no solution", "5" + leet[1:80] + "8", backend.StatusNone, ""}, // r9c9 is 9
		{"16x16", "1GDBC2349A586EF74E6A57F8123CBD9G52C769GBFDE4A18339F81AED76GB24C59426D31FAGBE587C8C7EB6954F12G3ADGF1DE47A5C839B26B3A5G8C269D7EF14263G418EB57FCAD97BE13CAG249D865FF8597DB6C3AG42E1AD4CF5298E617G3BE194AG63D8C5F7B2D78F9E51GB263C4ACAG32B47E1F9D56865B28FDC374A19GE", backend.StatusSolved, ""},
	}
	for _, e := range encodings {
		for _, tt := range tests {
			t.Run(e.String()+"/"+tt.name, func(t *testing.T) {
				g := grid(t, tt.puzzle)
				r, err := Solve(context.Background(), g, Options{Encoding: e})
				if err != nil {
					t.Fatal(err)
				}
				count := 0
				if tt.status == backend.StatusSolved {
					count = 1
				}
				check(t, g, r, tt.status, count, tt.want)
			})
		}
	}
}

func TestUniqueCount(t *testing.T) {
	tests := []struct {
		name, puzzle string
		count        int // exact
		want         string
	}{
		{"leetcode 37", leet, 1, leetSol},
		{"full", leetSol, 1, leetSol},
		{"4x4 full", sol4, 1, sol4},
		{"4x4 two", twoSol4, 2, ""},
		{"4x4 empty", empty4, 288, ""},
		{"clash", "55" + leet[2:], 0, ""},
		{"no solution", "5" + leet[1:80] + "8", 0, ""},
		// leet without its first two rows' givens but one.
		{"9x9 several", "5........" + "........." + leet[18:], 0, ""},
	}
	for _, e := range encodings {
		s := New(Options{Encoding: e}) // reused across puzzles
		for _, tt := range tests {
			t.Run(e.String()+"/"+tt.name, func(t *testing.T) {
				g := grid(t, tt.puzzle)
				count := tt.count
				if tt.name == "9x9 several" {
					count, _ = verify.Count(g, 1000)
					if count < 3 || count >= 1000 {
						t.Fatalf("independent count %d, want a puzzle with several solutions", count)
					}
				}
				r, err := s.Unique(context.Background(), g)
				if err != nil {
					t.Fatal(err)
				}
				check(t, g, r, statusOf(min(count, 2)), min(count, 2), tt.want)

				for _, limit := range []int{1, 2, 3, count, count + 1} {
					if limit < 1 {
						continue
					}
					r, err := s.Count(context.Background(), g, limit)
					if err != nil {
						t.Fatal(err)
					}
					want := statusOf(min(count, limit))
					if limit == 1 && count > 0 {
						want = backend.StatusSolved
					}
					check(t, g, r, want, min(count, limit), tt.want)
				}
			})
		}
	}
}

// statusOf is the status of Unique or Count for a count of solutions.
func statusOf(count int) backend.Status {
	switch count {
	case 0:
		return backend.StatusNone
	case 1:
		return backend.StatusUnique
	}
	return backend.StatusMultiple
}

// TestCountSplit checks Count on the 4×4 empty grid, which has 288
// solutions, and on each of its 24 first rows, which have 12 each.
func TestCountSplit(t *testing.T) {
	s := New(Options{})
	r, err := s.Count(context.Background(), grid(t, empty4), 1000)
	if err != nil || r.Count != 288 {
		t.Fatalf("Count = %d, %v; want 288", r.Count, err)
	}
	var perms []string
	var perm func(prefix, rest string)
	perm = func(prefix, rest string) {
		if rest == "" {
			perms = append(perms, prefix)
		}
		for i := range len(rest) {
			perm(prefix+rest[i:i+1], rest[:i]+rest[i+1:])
		}
	}
	perm("", "1234")
	for _, p := range perms {
		g := grid(t, p+empty4[4:])
		r, err := s.Count(context.Background(), g, 100)
		if err != nil {
			t.Fatal(err)
		}
		check(t, g, r, backend.StatusMultiple, 12, "")
	}
}

func TestErrors(t *testing.T) {
	g := grid(t, leet)
	tests := []struct {
		name string
		call func() (backend.Result, error)
		err  error
	}{
		{"nil grid", func() (backend.Result, error) { return Solve(context.Background(), nil, Options{}) }, backend.ErrGrid},
		{"zero grid", func() (backend.Result, error) { return Unique(context.Background(), &satdoku.Grid{}, Options{}) }, backend.ErrGrid},
		{"bad encoding", func() (backend.Result, error) { return Solve(context.Background(), g, Options{Encoding: 42}) }, encode.ErrEncoding},
		{"limit 0", func() (backend.Result, error) { return Count(context.Background(), g, 0, Options{}) }, backend.ErrLimit},
		{"limit -1", func() (backend.Result, error) { return Count(context.Background(), g, -1, Options{}) }, backend.ErrLimit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := tt.call()
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if !strings.HasPrefix(err.Error(), "satsolve: ") {
				t.Errorf("error %q lacks the package prefix", err)
			}
			if r.Status != backend.StatusUnknown || r.Solution != nil {
				t.Errorf("result %+v with an error", r)
			}
		})
	}
}

func TestTimeout(t *testing.T) {
	t.Run("exhausted before solving", func(t *testing.T) {
		// 1ns runs out while the puzzle is encoded: Try is never called.
		s := New(Options{Timeout: time.Nanosecond})
		r, err := s.Unique(context.Background(), grid(t, leet))
		if !errors.Is(err, backend.ErrTimeout) || r.Status != backend.StatusUnknown {
			t.Fatalf("got %v, %v; want unknown and backend.ErrTimeout", r.Status, err)
		}
	})
	t.Run("counting past the deadline", func(t *testing.T) {
		// The empty 9×9 board has about 6.7·10²¹ solutions: counting
		// them, one SAT call each, cannot end before the deadline.
		g, _ := satdoku.New(9)
		const timeout = 300 * time.Millisecond
		s := New(Options{Timeout: timeout})
		start := time.Now()
		r, err := s.Count(context.Background(), g, 1<<40)
		took := time.Since(start)
		if !errors.Is(err, backend.ErrTimeout) || r.Status != backend.StatusUnknown {
			t.Fatalf("got %v, %v; want unknown and backend.ErrTimeout", r.Status, err)
		}
		if r.Count < 2 || r.Solution == nil || r.Second == nil {
			t.Fatalf("%d solutions found before the deadline, want the first two kept", r.Count)
		}
		for _, sol := range []*satdoku.Grid{r.Solution, r.Second} {
			if err := verify.Solution(g, sol); err != nil {
				t.Error(err)
			}
		}
		if r.Solution.Equal(r.Second) {
			t.Error("the two solutions are the same")
		}
		if took > timeout+2*time.Second {
			t.Errorf("timeout of %v took %v", timeout, took)
		}
		// The same Solver goes on working: the deadline of one call does
		// not carry over to the next.
		for range 2 {
			r, err = s.Unique(context.Background(), grid(t, leet))
			if err != nil {
				t.Fatal(err)
			}
			check(t, grid(t, leet), r, backend.StatusUnique, 1, leetSol)
		}
	})
	t.Run("large boards", func(t *testing.T) {
		// Counting the solutions of an empty 36×36 or 64×64 board cannot
		// end: the formula alone takes long to build, and gini's own
		// deadline checks are far apart on formulas this size. The
		// timeout still holds, within a margin that is generous for the
		// race detector.
		for _, n := range []int{36, 64} {
			if testing.Short() && n == 64 {
				continue
			}
			g, _ := satdoku.New(n)
			const timeout = 300 * time.Millisecond
			s := New(Options{Timeout: timeout})
			start := time.Now()
			r, err := s.Count(context.Background(), g, 1<<40)
			took := time.Since(start)
			if !errors.Is(err, backend.ErrTimeout) || r.Status != backend.StatusUnknown {
				t.Fatalf("%d×%d: got %v, %v; want unknown and backend.ErrTimeout", n, n, r.Status, err)
			}
			if took > timeout+3*time.Second {
				t.Errorf("%d×%d: timeout of %v took %v", n, n, timeout, took)
			}
			// The Solver still works, on another size and on this one.
			r, err = s.Unique(context.Background(), grid(t, leet))
			if err != nil {
				t.Fatal(err)
			}
			check(t, grid(t, leet), r, backend.StatusUnique, 1, leetSol)
		}
	})
	t.Run("generous", func(t *testing.T) {
		s := New(Options{Timeout: time.Minute})
		for range 3 {
			r, err := s.Count(context.Background(), grid(t, twoSol4), 5)
			if err != nil {
				t.Fatal(err)
			}
			check(t, grid(t, twoSol4), r, backend.StatusMultiple, 2, "")
		}
	})
}
