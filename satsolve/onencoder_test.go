package satsolve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/verify"
)

// fullModels enumerates up to limit solutions of g from the whole formula
// that DIMACS files and external solvers get (encode.Puzzle in encoding e),
// solved by a fresh gini with each model blocked in turn, decoded by
// encode.Decode: the other path to the answers, apart from the pre-pass and
// the residual formula.
func fullModels(t *testing.T, g *satdoku.Grid, e encode.Encoding, limit int) []string {
	t.Helper()
	gi := gini.New()
	encode.Puzzle(giniAdder{gi}, g, e)
	n := g.N()
	var out []string
	for len(out) < limit && gi.Solve() == 1 {
		var sol *satdoku.Grid
		var err error
		value := func(v int) bool { return gi.Value(z.Dimacs2Lit(v)) }
		if e == encode.Reduced {
			sol, err = encode.DecodePuzzle(g, value)
		} else {
			sol, err = encode.Decode(g.Rules(), value)
		}
		if err != nil {
			t.Fatalf("%s: whole formula: %v", g, err)
		}
		out = append(out, sol.String())
		encode.Block(giniAdder{gi}, g, sol)
		if g.Givens() == n*n {
			break // the block clause of a full grid is empty: gini cannot take it
		}
	}
	slices.Sort(out)
	return out
}

// residualModels enumerates up to limit solutions with the Solver (pre-pass,
// residual formula from the same encoder, compact variables).
func residualModels(t *testing.T, s *Solver, g *satdoku.Grid, limit int) []string {
	t.Helper()
	var out []string
	s.onModel = func(sol *satdoku.Grid) { out = append(out, sol.String()) }
	defer func() { s.onModel = nil }()
	r, err := s.Count(context.Background(), g, limit)
	if err != nil {
		t.Fatalf("%s: %v", g, err)
	}
	if len(out) != r.Count {
		t.Fatalf("%s: Count %d but %d models recorded", g, r.Count, len(out))
	}
	slices.Sort(out)
	return out
}

// TestOneEncoder checks that the two paths of the one encoder, the whole
// formula of encode.Puzzle and the Solver's residual over the pre-pass's
// candidates, have the same models: the same solutions, all of them up to a
// limit, in every encoding, on the self-made set, thousands of puzzles of
// the shared sets, and boards under other rules.
func TestOneEncoder(t *testing.T) {
	const limit = 12
	cases := readDiffFile(t, "../testdata/diff/puzzles.txt")
	if testing.Short() {
		cases = sample(cases, 3)
	}
	for _, set := range []string{"kaggle_9999.txt", "derived_multi_16clue.txt", "derived_nosol_17plus1.txt", "serg_benchmark.txt", "magictour_top1465.txt"} {
		k := 600
		if testing.Short() {
			k = 6
		}
		if lines, ok := readLines(t, dataFile(set), k); ok {
			for i, l := range lines {
				if g, ok := parseLine(l); ok {
					cases = append(cases, diffCase{where: fmt.Sprintf("%s:%d", set, i+1), puzzle: g})
				}
			}
		}
	}
	nv := 200
	if testing.Short() {
		nv = 20
	}
	cases = append(cases, variantCases(t, nv)...)
	if len(cases) < 1000 && !testing.Short() {
		t.Logf("only %d puzzles: the shared data sets are missing", len(cases))
	}
	for _, e := range encodings {
		t.Run(e.String(), func(t *testing.T) {
			t.Parallel()
			oneEncoder(t, cases, e, limit)
		})
	}
	t.Logf("%d puzzles, 3 encodings", len(cases))
}

// oneEncoder compares the two paths on every case in encoding e.
func oneEncoder(t *testing.T, cases []diffCase, e encode.Encoding, limit int) {
	{
		s := New(Options{Encoding: e})
		for _, c := range cases {
			if len(verify.Check(c.puzzle)) > 0 {
				continue // conflicting givens never reach a solver
			}
			want := fullModels(t, c.puzzle, e, limit)
			got := residualModels(t, s, c.puzzle, limit)
			if len(got) == limit && len(want) == limit {
				// Both paths found the limit: the sets may differ; each
				// solution is still one of the puzzle's.
				for _, l := range got {
					if err := verify.Solution(c.puzzle, mustParse(t, l, c.puzzle.Rules())); err != nil {
						t.Fatalf("%s: %v", c.where, err)
					}
				}
				continue
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s (%v): residual formula has %d models %v, whole formula %d %v", c.where, e, len(got), got, len(want), want)
			}
		}
	}
}

// xRules returns X-Sudoku rules for an n×n board, as plain data: the
// standard rules and the two diagonals.
func xRules(t testing.TB, n int) *satdoku.Rules {
	t.Helper()
	var down, up []int
	for k := range n {
		down = append(down, k*n+k)
		up = append(up, k*n+n-1-k)
	}
	r, err := standard(n).WithExtra(satdoku.ExtraUnit{Name: "diagonal ↘", Cells: down}, satdoku.ExtraUnit{Name: "diagonal ↗", Cells: up})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// variantCases makes k puzzles under rules other than the classic ones:
// X-Sudoku 9×9, 6×6 in 2×3 boxes, 6×6 X-Sudoku, a 6×6 jigsaw, an 8×8 with
// a small extra unit, a 5×5 Latin square, and relations: anti-knight,
// anti-king, nonconsecutive, alone and with other rules. Each starts from a solution
// that verify.Count finds for a few random givens and blanks a random share
// of its cells, so the set holds unique, multiple and (with a changed
// given) unsolvable puzzles.
func variantCases(t testing.TB, k int) []diffCase {
	t.Helper()
	jig, err := satdoku.Regions(6, [][]int{
		{0, 1, 2, 6, 7, 12}, {3, 4, 5, 9, 10, 11}, {8, 13, 14, 15, 20, 21},
		{18, 19, 24, 25, 30, 31}, {16, 17, 22, 23, 28, 29}, {26, 27, 32, 33, 34, 35},
	})
	if err != nil {
		t.Fatal(err)
	}
	small, err := standard(8).WithExtra(satdoku.ExtraUnit{Name: "window", Cells: []int{9, 10, 11, 17, 18, 19}})
	if err != nil {
		t.Fatal(err)
	}
	latin, err := satdoku.Regions(5, nil)
	if err != nil {
		t.Fatal(err)
	}
	named := func(n int, names ...string) *satdoku.Rules {
		r, err := standard(n).WithNamed(names...)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	rules := []*satdoku.Rules{xRules(t, 9), standard(6), xRules(t, 6), jig, small, latin,
		named(9, "anti-knight"), named(6, "anti-king"), named(6, "nonconsecutive"), named(9, "x", "anti-king"), named(8, "nonconsecutive", "anti-knight")}
	rng := rand.New(rand.NewPCG(10, 6))
	// Local relations of every kind between random cells, as a setter's
	// dots, signs and lines put them.
	for range 8 {
		for _, n := range []int{6, 9} {
			var rel []satdoku.Relation
			for range 2 + rng.IntN(8) {
				a, b := rng.IntN(n*n), rng.IntN(n*n)
				k := satdoku.RelationKind(rng.IntN(10))
				v := 0
				switch k {
				case satdoku.Sum, satdoku.NotSum:
					v = 3 + rng.IntN(2*n-3)
				case satdoku.Apart:
					v = 1 + rng.IntN(n/2)
				}
				if a != b {
					rel = append(rel, satdoku.Relation{A: a, B: b, Kind: k, Value: v, Name: k.String()})
				}
			}
			r, err := standard(n).WithRelations(rel...)
			if err != nil {
				t.Fatal(err)
			}
			rules = append(rules, r)
		}
	}
	var out []diffCase
	for attempt := 0; len(out) < k; attempt++ {
		r := rules[attempt%len(rules)]
		n := r.N()
		seed := satdoku.NewGrid(r)
		for range 3 {
			seed.SetCell(rng.IntN(n*n), 1+rng.IntN(n))
		}
		if len(verify.Check(seed)) > 0 {
			continue
		}
		// Random relations can leave a board with no solution at all, or one
		// the counter takes long to find: such a seed is skipped.
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		cnt, sol, err := verify.CountContext(ctx, seed, 1)
		cancel()
		if cnt == 0 || err != nil {
			continue
		}
		g := sol.Clone()
		blank := 0.3 + 0.5*rng.Float64()
		for i := range n * n {
			if rng.Float64() < blank {
				g.SetCell(i, 0)
			}
		}
		if rng.IntN(8) == 0 { // change a given: often no solution
			for i := range n * n {
				if g.Cell(i) != 0 {
					g.SetCell(i, 1+g.Cell(i)%n)
					break
				}
			}
		}
		out = append(out, diffCase{where: fmt.Sprintf("variant %d (%d×%d, %d units)", len(out), n, n, len(r.Units())), puzzle: g, count: -1})
	}
	return out
}

// TestVariants answers puzzles under rules other than the classic ones
// (X-Sudoku, 6×6 in 2×3 boxes, jigsaw, a small extra unit, a Latin square)
// and compares every answer with verify.Count, which reads the same rules
// with code of its own.
func TestVariants(t *testing.T) {
	k := 3000
	if testing.Short() {
		k = 300
		if race.Enabled {
			k = 120 // enough for a none among them
		}
	}
	cases := variantCases(t, k)
	statuses := map[backend.Status]int{}
	for _, e := range encodings {
		s := New(Options{Encoding: e})
		for _, c := range cases {
			if len(verify.Check(c.puzzle)) > 0 {
				continue
			}
			diffOne(t, s, c, true)
			if e == encode.Extended {
				r, _ := s.Unique(context.Background(), c.puzzle)
				statuses[r.Status]++
			}
		}
	}
	for _, st := range []backend.Status{backend.StatusNone, backend.StatusUnique, backend.StatusMultiple} {
		if statuses[st] == 0 {
			t.Errorf("no variant puzzle with status %v: the test needs all three (%v)", st, statuses)
		}
	}
	t.Logf("%v", statuses)
}

// TestReuseAfterTimeout times out a call on a Solver that already holds gini
// instances, then checks the calls after it. The call that times out counts
// the solutions of the empty 9×9 board, about 6.7·10²¹: it cannot end
// before its deadline, however fast the machine.
func TestReuseAfterTimeout(t *testing.T) {
	empty, _ := satdoku.New(9)
	for _, e := range encodings {
		s := New(Options{Encoding: e, Timeout: 50 * time.Millisecond})
		for _, p := range []string{leet, twoSol4, hard9} {
			if _, err := s.Unique(context.Background(), grid(t, p)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Count(context.Background(), empty, 1<<40); !errors.Is(err, backend.ErrTimeout) {
			t.Fatalf("%v: counting the empty board: %v, want a timeout", e, err)
		}
		for range 3 {
			for _, c := range []struct {
				p     string
				st    backend.Status
				count int
				sol   string
			}{{leet, backend.StatusUnique, 1, leetSol}, {twoSol4, backend.StatusMultiple, 2, ""}, {"55" + leet[2:], backend.StatusNone, 0, ""}} {
				r, err := s.Unique(context.Background(), grid(t, c.p))
				if err != nil {
					t.Fatal(err)
				}
				check(t, grid(t, c.p), r, c.st, c.count, c.sol)
			}
		}
	}
}

// TestNoLeftoverSearches times out call after call, each on a search that
// cannot end in time, and checks that a Solver never has more than one gini
// search running (the one it left behind last) and that the heap stays
// flat: a timed-out search ends and is not piled up.
func TestNoLeftoverSearches(t *testing.T) {
	empty, _ := satdoku.New(9)
	empty16, _ := satdoku.New(16)
	s := New(Options{Timeout: 5 * time.Millisecond})
	ctx := context.Background()
	base := runtime.NumGoroutine()
	var heap0 uint64
	rounds := 200
	if testing.Short() {
		rounds = 40
	}
	for i := range rounds {
		g := empty
		if i%2 == 1 {
			g = empty16
		}
		if _, err := s.Count(ctx, g, 1<<40); !errors.Is(err, backend.ErrTimeout) {
			t.Fatalf("round %d: %v, want a timeout", i, err)
		}
		if k := runtime.NumGoroutine(); k > base+1 {
			t.Fatalf("round %d: %d goroutines, %d before the first call: searches pile up", i, k, base)
		}
		if i == rounds/4 {
			heap0 = heapInUse()
		}
	}
	s.waitZombie()
	// The search's goroutine says it is done before it returns: give it
	// a moment to end.
	k := runtime.NumGoroutine()
	for wait := time.Now(); k > base && time.Since(wait) < 2*time.Second; k = runtime.NumGoroutine() {
		time.Sleep(time.Millisecond)
	}
	if k > base {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after the last search ended, %d before:\n%s", k, base, buf[:runtime.Stack(buf, true)])
	}
	if h := heapInUse(); h > heap0+8<<20 {
		t.Errorf("heap grew from %d to %d bytes over %d timed-out calls", heap0, h, rounds*3/4)
	}
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestCancel checks that a canceled context stops a call between its steps
// and at once when the call has a deadline, with the context's error.
func TestCancel(t *testing.T) {
	empty, _ := satdoku.New(9)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := New(Options{})
	if _, err := s.Solve(ctx, grid(t, leet)); !errors.Is(err, context.Canceled) {
		t.Fatalf("canceled before the call: %v", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	st := New(Options{Timeout: time.Hour})
	done := make(chan error)
	go func() {
		_, err := st.Count(ctx, empty, 1<<40)
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("canceled during the search: %v", err)
	}
	r, err := st.Unique(context.Background(), grid(t, leet))
	if err != nil {
		t.Fatal(err)
	}
	check(t, grid(t, leet), r, backend.StatusUnique, 1, leetSol)
}

// standard returns the classic rules of an n×n board.
func standard(n int) *satdoku.Rules {
	r, err := satdoku.Standard(n)
	if err != nil {
		panic(err)
	}
	return r
}

// giniAdder feeds DIMACS literals to gini.
type giniAdder struct{ g *gini.Gini }

func (a giniAdder) Add(lit int) { a.g.Add(z.Dimacs2Lit(lit)) }

// mustParse reads a one-line grid under rules r.
func mustParse(t *testing.T, s string, r *satdoku.Rules) *satdoku.Grid {
	t.Helper()
	g, ok := parseLine(s)
	if !ok {
		t.Fatalf("bad grid %q", s)
	}
	if err := g.SetRules(r); err != nil {
		t.Fatal(err)
	}
	return g
}
