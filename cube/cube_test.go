package cube

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	_ "github.com/satdoku/satdoku/iss" // the puzzle strings of bench/variants-hard.txt
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// published is a puzzle of bench/variants-hard.txt with the answer ISS
// publishes: its solution, "none" or "multiple".
type published struct {
	name, want string
	g          *satdoku.Grid
}

// readPublished reads the puzzles of bench/variants-hard.txt whose name
// is one of prefixes or starts with one and a space and whose answer is published (not
// "unknown"), or every one of them with all.
func readPublished(tb testing.TB, all bool, prefixes ...string) []published {
	tb.Helper()
	data, err := os.ReadFile("../bench/variants-hard.txt")
	if err != nil {
		tb.Skipf("no hard set: %v", err)
	}
	var out []published
	var name, want string
	for _, l := range strings.Split(string(data), "\n") {
		if s, ok := strings.CutPrefix(l, "# puzzle: "); ok {
			name, want = strings.TrimSpace(s), ""
			continue
		}
		if s, ok := strings.CutPrefix(l, "# solution: "); ok {
			want = s
			continue
		}
		if l == "" || l[0] == '#' || !all && want == "unknown" || name == "" {
			continue
		}
		keep := false
		for _, p := range prefixes {
			keep = keep || name == p || strings.HasPrefix(name, p+" ")
		}
		if keep {
			p, ok, err := textfmt.ReadArg(l)
			if !ok || err != nil {
				tb.Fatalf("%s: %v", name, err)
			}
			out = append(out, published{name, want, p.Grid})
		}
		name = ""
	}
	return out
}

// mismatch compares an answer with the published one: "" when they agree.
func mismatch(p published, res backend.Result) string {
	switch p.want {
	case "none":
		if res.Status != backend.StatusNone {
			return fmt.Sprintf("%v, want none", res.Status)
		}
	case "multiple":
		if res.Status != backend.StatusMultiple || res.Second == nil || res.Second.Equal(res.Solution) {
			return fmt.Sprintf("%v, want multiple with two different solutions", res.Status)
		}
	case "unknown":
	default:
		if res.Status != backend.StatusUnique || res.Solution.String() != p.want {
			return fmt.Sprintf("%v %v, want unique %s", res.Status, res.Solution, p.want)
		}
	}
	return ""
}

// TestPublished splits at once (no search on the whole) hard killers,
// thermos and slow cases with one solution, none and several, and
// compares the answers with ISS's published ones.
func TestPublished(t *testing.T) {
	names := []string{"EXAMPLE_SLOW_CASES #1", "EXAMPLE_SLOW_CASES #9", "HS_KILLERS #2"}
	if !testing.Short() {
		names = []string{"HS_KILLERS", "EXAMPLE_SLOW_CASES", "HARD_THERMOS", "EXTREME_KILLERS #1"}
	}
	ps := readPublished(t, false, names...)
	if len(ps) < len(names) {
		t.Fatalf("%d puzzles of %d", len(ps), len(names))
	}
	// Few cubes: each unsatisfiable cube costs about what the whole
	// puzzle's proof of uniqueness costs (bench/issue36-tail.txt).
	s := New(Options{After: -1, Cubes: 3, Workers: 2})
	kinds := map[string]int{}
	for _, p := range ps {
		start := time.Now()
		res, err := s.Unique(context.Background(), p.g)
		t.Logf("%s: %v %v %+v", p.name, res.Status, time.Since(start), s.Stats())
		if err != nil {
			t.Errorf("%s: %v", p.name, err)
			continue
		}
		if st := s.Stats(); !st.Split || st.Cubes < 2 && res.Count > 0 && p.want != "none" {
			t.Logf("%s: %+v", p.name, st)
		}
		if m := mismatch(p, res); m != "" {
			t.Errorf("%s: %s", p.name, m)
		}
		kinds[res.Status.String()]++
	}
	t.Logf("%v", kinds)
}

// smallCases makes 6×6 and 4×4 puzzles, some with a killer cage, from
// random solutions with random cells blanked and now and then a given
// changed: unique, multiple and unsolvable ones.
func smallCases(t *testing.T, k int) []*satdoku.Grid {
	t.Helper()
	rng := rand.New(rand.NewPCG(36, 1))
	var out []*satdoku.Grid
	for len(out) < k {
		n := []int{4, 6}[rng.IntN(2)]
		r, err := satdoku.Standard(n)
		if err != nil {
			t.Fatal(err)
		}
		seed := satdoku.NewGrid(r)
		seed.SetCell(rng.IntN(n*n), 1+rng.IntN(n))
		cnt, sol := verify.Count(seed, 1)
		if cnt == 0 {
			continue
		}
		if rng.IntN(2) == 0 { // a cage of three cells of row 1 with its true sum
			cells := []int{0, 1, 2}
			sum := sol.Cell(0) + sol.Cell(1) + sol.Cell(2)
			rc, err := r.WithConstraints(satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Value: sum, Name: "cage"})
			if err != nil {
				t.Fatal(err)
			}
			if err := sol.SetRules(rc); err != nil {
				t.Fatal(err)
			}
		}
		g := sol.Clone()
		blank := 0.4 + 0.5*rng.Float64()
		for i := range n * n {
			if rng.Float64() < blank {
				g.SetCell(i, 0)
			}
		}
		if rng.IntN(4) == 0 {
			for i := range n * n {
				if g.Cell(i) != 0 {
					g.SetCell(i, 1+g.Cell(i)%n)
					break
				}
			}
		}
		if len(verify.Check(g)) > 0 {
			continue
		}
		out = append(out, g)
	}
	return out
}

// TestAgainstCounter splits small puzzles at once into cubes, on cells or
// (every other puzzle) on a killer cage's digit sets first, and compares
// every count with the validator's own backtracking counter: unique,
// multiple and none, with limits 1, 2 and 5.
func TestAgainstCounter(t *testing.T) {
	k := 300
	if testing.Short() {
		k = 50
	}
	seen := map[backend.Status]int{}
	cells := New(Options{After: -1, Cubes: 6, Workers: 3})
	cages := New(Options{After: -1, Cubes: 6, Workers: 3, Cages: true})
	for k, g := range smallCases(t, k) {
		s := cells
		if k%2 == 1 {
			s = cages
		}
		for _, limit := range []int{1, 2, 5} {
			res, err := s.Count(context.Background(), g, limit)
			if err != nil {
				t.Fatalf("%v: %v", g, err)
			}
			want, _ := verify.Count(g, limit)
			if res.Count != want || res.Status != backend.StatusOf(want, limit) {
				t.Errorf("%v limit %d: %v, %d solutions; the counter finds %d", g, limit, res.Status, res.Count, want)
			}
			for _, sol := range []*satdoku.Grid{res.Solution, res.Second} {
				if sol != nil {
					if err := verify.Solution(g, sol); err != nil {
						t.Errorf("%v: %v", g, err)
					}
				}
			}
			if limit == 2 {
				seen[res.Status]++
			}
		}
	}
	for _, st := range []backend.Status{backend.StatusNone, backend.StatusUnique, backend.StatusMultiple} {
		if seen[st] == 0 {
			t.Errorf("no case with status %v (%v): the test needs all three", st, seen)
		}
	}
	t.Logf("%v", seen)
}

// TestCageCubes splits a 6×6 with a cage of three cells that add up to 9,
// its first three rows blank, on the cage: one cube per digit set (1 2 6, 1 3 5, 2 3 4), each cube's
// cage cells restricted to its set, and the cubes' solutions (the
// validator's counter) add up to the puzzle's.
func TestCageCubes(t *testing.T) {
	r, err := satdoku.Standard(6)
	if err != nil {
		t.Fatal(err)
	}
	cage := satdoku.Constraint{Kind: satdoku.Total, Cells: []int{0, 1, 2}, Value: 9, Name: "cage"}
	if r, err = r.WithConstraints(cage); err != nil {
		t.Fatal(err)
	}
	// A solution with its first three rows blanked: a few solutions.
	_, sol := verify.Count(satdoku.NewGrid(r), 1)
	g := sol.Clone()
	for i := range 18 {
		g.SetCell(i, 0)
	}
	cand := make([]uint64, g.Len())
	for i := range cand {
		cand[i] = 0b111111
	}
	cubes := cageCubes(g, cand)
	if len(cubes) != 3 {
		t.Fatalf("%d cubes, want 3 (the sets 126, 135, 234)", len(cubes))
	}
	whole, _ := verify.Count(g, 100000)
	total := 0
	for _, q := range cubes {
		n, _ := verify.Count(q, 100000)
		total += n
	}
	t.Logf("%d solutions", whole)
	if whole == 0 || total != whole {
		t.Errorf("the cubes hold %d solutions, the puzzle %d", total, whole)
	}
}

// TestSplitCovers checks the split itself: on an empty 4×4 every cube is
// the board with more cells given, no two cubes agree on every given they
// share (they are disjoint), and their solutions add up to the board's 288.
func TestSplitCovers(t *testing.T) {
	r, err := satdoku.Standard(4)
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	s := New(Options{Cubes: 20})
	cubes, err := s.split(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if len(cubes) < 20 {
		t.Fatalf("%d cubes, want at least 20", len(cubes))
	}
	total := 0
	for k, q := range cubes {
		n, _ := verify.Count(q, 1000)
		total += n
		for _, o := range cubes[:k] {
			if agree(q, o) {
				t.Errorf("cubes %v and %v overlap", q, o)
			}
		}
	}
	if total != 288 {
		t.Errorf("the cubes hold %d solutions, want the empty 4×4's 288", total)
	}
}

// agree reports whether two cubes hold the same digit in every cell both
// give: then some solutions would be in both.
func agree(a, b *satdoku.Grid) bool {
	for i := range a.Len() {
		if x, y := a.Cell(i), b.Cell(i); x != 0 && y != 0 && x != y {
			return false
		}
	}
	return true
}

// TestStopsAndLeavesNothing cancels a hard puzzle's cubes and runs one
// into its timeout: each call returns soon with the context's error or a
// timeout, and no goroutine outlives it.
func TestStopsAndLeavesNothing(t *testing.T) {
	ps := readPublished(t, true, "MATHEMAGIC_KILLERS #1")
	if len(ps) == 0 {
		t.Skip("no MATHEMAGIC_KILLERS #1")
	}
	g := ps[0].g
	before := runtime.NumGoroutine()
	s := New(Options{After: 20 * time.Millisecond, Workers: 3})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(150*time.Millisecond, cancel)
	start := time.Now()
	_, err := s.Unique(ctx, g)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("canceled after 150ms, returned after %v", d)
	}
	s = New(Options{After: 20 * time.Millisecond, Workers: 3, Timeout: 200 * time.Millisecond})
	if _, err := s.Unique(context.Background(), g); !errors.Is(err, backend.ErrTimeout) {
		t.Errorf("timeout: %v, want backend.ErrTimeout", err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines, %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

// TestNoCoreToSpare: when Width says no core is idle at the end of After,
// the puzzle is not split and the whole search answers, as published.
func TestNoCoreToSpare(t *testing.T) {
	ps := readPublished(t, false, "EXAMPLE_SLOW_CASES #1", "HS_KILLERS #2")
	asked := 0
	s := New(Options{After: time.Nanosecond, Width: func() int { asked++; return 1 }})
	for _, p := range ps {
		res, err := s.Unique(context.Background(), p.g)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if m := mismatch(p, res); m != "" {
			t.Errorf("%s: %s", p.name, m)
		}
		if s.Stats().Split {
			t.Errorf("%s: split with no core to spare", p.name)
		}
	}
	if asked == 0 {
		t.Error("Width never asked")
	}
}
