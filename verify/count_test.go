package verify_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

const dataDir = "../../shared/data"

// dataPath returns the path of a shared data file.
func dataPath(name string) string {
	return filepath.Join(dataDir, name)
}

func TestCount(t *testing.T) {
	empty4, _ := satdoku.New(4)
	empty9, _ := satdoku.New(9)
	empty25, _ := satdoku.New(25)
	tests := []struct {
		name  string
		g     *satdoku.Grid
		limit int
		want  int
		sol   string // the expected first solution when the count is 1
	}{
		{"nil", nil, 5, 0, ""},
		{"zero grid", &satdoku.Grid{}, 5, 0, ""},
		{"clashing givens", grid(t, "55"+strings.Repeat(".", 79)), 5, 0, ""},
		{"clashing full grid", grid(t, "414"+top1Sol[3:]), 5, 0, ""},
		{"no solution without a clash", grid(t, "................12..3..4..5....1...6....7.....54...8...9.3..4...8.....7.1...2...."), 5, 0, ""},
		{"cell without candidates", grid(t, "12345678."+"........9"+strings.Repeat(".", 63)), 5, 0, ""},
		{"top95 #1", grid(t, top1), 5, 1, top1Sol},
		{"top95 #1 limit 1", grid(t, top1), 1, 1, top1Sol},
		{"full grid", grid(t, top1Sol), 5, 1, top1Sol},
		{"leetcode example 1", grid(t, leet1), 5, 1, "534678912672195348198342567859761423426853791713924856961537284287419635345286179"},
		{"16 clues", grid(t, "................12..3..4..5....1........7.....54...8.....3..4...8.....7.1...2...."), 2, 2, ""},
		{"empty 4x4 all", empty4, 1000, 288, ""},
		{"empty 4x4 limit 10", empty4, 10, 10, ""},
		{"limit 0 means 1", empty4, 0, 1, ""},
		{"negative limit means 1", empty4, -3, 1, ""},
		{"empty 9x9", empty9, 3, 3, ""},
		{"empty 25x25", empty25, 2, 2, ""},
		{"4x4 unique", grid(t, "1..."+"..1."+".3.."+"...2"), 5, 1, ""},
		{"16x16 full", square(t, 16), 2, 1, line(square(t, 16))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before string
			if tt.g != nil {
				before = line(tt.g)
			}
			got, sol := verify.Count(tt.g, tt.limit)
			if got != tt.want {
				t.Errorf("Count = %d, want %d", got, tt.want)
			}
			if tt.g != nil && line(tt.g) != before {
				t.Errorf("Count changed its input to %s", line(tt.g))
			}
			if got == 0 {
				if sol != nil {
					t.Errorf("Count = 0 with solution %s", line(sol))
				}
				return
			}
			if err := verify.Solution(tt.g, sol); err != nil {
				t.Errorf("first solution %s: %v", line(sol), err)
			}
			if tt.sol != "" && line(sol) != tt.sol {
				t.Errorf("first solution %s, want %s", line(sol), tt.sol)
			}
		})
	}
}

// TestCountBruteForce4x4 checks Count against brute-force enumeration of
// all 288 solved 4×4 grids, on the 4096 puzzles with givens in six fixed
// cells (many clash, many have several solutions).
func TestCountBruteForce4x4(t *testing.T) {
	var sols [][16]int // all 288 solved 4×4 grids
	var fill func(g *[16]int, i int)
	fill = func(g *[16]int, i int) {
		if i == 16 {
			sols = append(sols, *g)
			return
		}
	next:
		for d := 1; d <= 4; d++ {
			r, c := i/4, i%4
			for j := range i {
				rj, cj := j/4, j%4
				if g[j] == d && (rj == r || cj == c || rj/2 == r/2 && cj/2 == c/2) {
					continue next
				}
			}
			g[i] = d
			fill(g, i+1)
		}
	}
	fill(&[16]int{}, 0)
	if len(sols) != 288 {
		t.Fatalf("brute force found %d grids, want 288", len(sols))
	}
	// Puzzles: givens at cells 0, 5, 10, 15 and 3, 12 with every digit choice.
	cells := []int{0, 5, 10, 15, 3, 6}
	for code := range 4096 {
		g, _ := satdoku.New(4)
		var given [16]int
		x := code
		for _, i := range cells {
			given[i] = x%4 + 1
			x /= 4
			g.SetCell(i, given[i])
		}
		want := 0
	sol:
		for _, s := range sols {
			for i, d := range given {
				if d != 0 && s[i] != d {
					continue sol
				}
			}
			want++
		}
		if got, sol := verify.Count(g, 300); got != want {
			t.Fatalf("%s: Count = %d, brute force %d", line(g), got, want)
		} else if got > 0 {
			if err := verify.Solution(g, sol); err != nil {
				t.Fatalf("%s: %v", line(g), err)
			}
		}
	}
}

// expected reads a NAME.expected.txt file: lines "count:solution".
func expected(t *testing.T, name string, max int) (puzzles, wants []string, counts []int) {
	t.Helper()
	puzzles = readLines(t, dataPath(name+".txt"), max)
	lines := readLines(t, dataPath(name+".expected.txt"), max)
	if len(lines) != len(puzzles) {
		t.Fatalf("%s: %d puzzles, %d expected lines", name, len(puzzles), len(lines))
	}
	for i, l := range lines {
		cnt, sol, ok := strings.Cut(l, ":")
		n, err := strconv.Atoi(cnt)
		if !ok || err != nil {
			t.Fatalf("%s.expected.txt:%d: bad line %q", name, i+1, l)
		}
		counts = append(counts, n)
		wants = append(wants, sol)
	}
	return puzzles, wants, counts
}

// TestCountExpected checks exact counts on tdoku's test puzzles and
// capped counts on the 16×16 and 25×25 sets.
func TestCountExpected(t *testing.T) {
	tests := []struct {
		name  string
		limit int  // counting limit
		exact bool // counts in the file are exact, not capped at 2
	}{
		{"tdoku_test_puzzles", 10000, true},
		{"psp_16x16", 2, false},
		{"misc_25x25", 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			puzzles, sols, counts := expected(t, tt.name, 0)
			kinds := map[int]int{}
			for i, p := range puzzles {
				g := grid(t, p)
				got, sol := verify.Count(g, tt.limit)
				want := counts[i]
				if !tt.exact {
					want = min(want, 2)
				}
				kinds[min(want, 2)]++
				if got != want {
					t.Errorf("line %d: Count = %d, want %d", i+1, got, want)
					continue
				}
				if got > 0 {
					if err := verify.Solution(g, sol); err != nil {
						t.Errorf("line %d: first solution: %v", i+1, err)
					}
					if sols[i] != "" {
						if err := verify.Solution(g, grid(t, sols[i])); err != nil {
							t.Errorf("line %d: expected solution: %v", i+1, err)
						}
					}
				}
				if got == 1 && line(sol) != sols[i] {
					t.Errorf("line %d: solution %s, want %s", i+1, line(sol), sols[i])
				}
			}
			t.Logf("%d puzzles: %d with none, %d unique, %d with several", len(puzzles), kinds[0], kinds[1], kinds[2])
		})
	}
}

func ExampleCount() {
	// An empty 4×4 board has 288 solutions.
	g, _ := satdoku.New(4)
	n, first := verify.Count(g, 1000)
	fmt.Println(n)
	fmt.Println(rows(first))

	// With limit 2, Count tells a proper puzzle from an improper one.
	g.Set(0, 0, 1)
	g.Set(1, 2, 1)
	g.Set(2, 1, 3)
	g.Set(3, 3, 2)
	n, first = verify.Count(g, 2)
	fmt.Println(n)
	fmt.Println(rows(first))
	// Output:
	// 288
	// 1234
	// 3421
	// 4312
	// 2143
	// 1
	// 1423
	// 3214
	// 2341
	// 4132
}

// TestCountContext: under a context that does not end, CountContext
// returns what Count returns, on the grids of TestCount's kinds, every
// puzzle of tdoku's test set and the 16×16 and 25×25 sets.
func TestCountContext(t *testing.T) {
	empty4, _ := satdoku.New(4)
	empty9, _ := satdoku.New(9)
	type tc struct {
		g     *satdoku.Grid
		limit int
	}
	cases := []tc{
		{nil, 5}, {&satdoku.Grid{}, 5}, {empty4, 1000}, {empty4, 0}, {empty4, -1}, {empty9, 3},
		{grid(t, top1), 2}, {grid(t, top1Sol), 2},
		{grid(t, "................12..3..4..5....1...6....7.....54...8...9.3..4...8.....7.1...2...."), 5},
		{grid(t, "55"+top1Sol[2:]), 5},
	}
	for _, set := range []struct {
		name  string
		limit int
	}{{"tdoku_test_puzzles", 10000}, {"psp_16x16", 2}, {"misc_25x25", 2}} {
		if !exists(dataPath(set.name + ".txt")) {
			continue
		}
		for _, p := range readLines(t, dataPath(set.name+".txt"), 0) {
			cases = append(cases, tc{grid(t, p), set.limit})
		}
	}
	for i, c := range cases {
		want, wantSol := verify.Count(c.g, c.limit)
		got, sol, err := verify.CountContext(context.Background(), c.g, c.limit)
		if err != nil || got != want || line(sol) != line(wantSol) {
			t.Errorf("case %d (%s, limit %d): CountContext = %d, %s, %v; Count = %d, %s",
				i, line(c.g), c.limit, got, line(sol), err, want, line(wantSol))
		}
	}
}

// TestCountContextEnds: a canceled context stops the count before it
// starts; a deadline stops counting the solutions of empty boards, up to
// 49×49, soon after it passes, with a lower bound and a valid first
// solution when one was found.
func TestCountContextEnds(t *testing.T) {
	empty9, _ := satdoku.New(9)
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	if n, sol, err := verify.CountContext(canceled, empty9, 2); n != 0 || sol != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: CountContext = %d, %v, %v; want 0, nil, context.Canceled", n, sol, err)
	}
	for _, n := range []int{9, 16, 25, 36, 49} {
		g, _ := satdoku.New(n)
		const budget = 50 * time.Millisecond
		ctx, cancel := context.WithTimeout(context.Background(), budget)
		start := time.Now()
		got, sol, err := verify.CountContext(ctx, g, math.MaxInt)
		took := time.Since(start)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%d×%d: err %v, want the deadline", n, n, err)
		}
		if took > budget+time.Second {
			t.Errorf("%d×%d: stopped after %v, for a budget of %v", n, n, took, budget)
		}
		if got > 0 {
			if err := verify.Solution(g, sol); err != nil {
				t.Errorf("%d×%d: first solution: %v", n, n, err)
			}
		}
		t.Logf("%d×%d: %d solutions in %v", n, n, got, took)
	}
}
