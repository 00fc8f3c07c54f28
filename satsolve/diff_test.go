package satsolve

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/verify"
)

// diffCase is one puzzle of a differential test with what is known about it.
type diffCase struct {
	where  string // file:line
	puzzle *satdoku.Grid
	count  int    // expected number of solutions, -1 if unknown
	sol    string // expected solution (one-line form) if unique, or ""
}

// diffOne answers c with s.Unique and compares the answer with
// verify.Count (when useVerify is set) and with what c knows: the status,
// the solutions (each checked by verify.Solution) and the count.
func diffOne(t *testing.T, s *Solver, c diffCase, useVerify bool) {
	t.Helper()
	g := c.puzzle
	r, err := s.Unique(context.Background(), g)
	if err != nil {
		t.Errorf("%s: %v", c.where, err)
		return
	}
	want := -1
	if c.count >= 0 {
		want = min(c.count, 2)
	}
	if useVerify {
		vc, vsol := verify.Count(g, 2)
		if want >= 0 && vc != want {
			t.Errorf("%s: verify.Count = %d, want %d from the data (test data or verify is wrong)", c.where, vc, want)
		}
		want = vc
		if vc == 1 && r.Solution != nil && !r.Solution.Equal(vsol) {
			t.Errorf("%s: unique solution %s, verify found %s", c.where, line(r.Solution), line(vsol))
		}
	}
	if want >= 0 && r.Status != statusOf(want) {
		t.Errorf("%s: Unique says %v, want %v (%d solutions)", c.where, r.Status, statusOf(want), want)
		return
	}
	if r.Count != min(want, 2) && want >= 0 {
		t.Errorf("%s: Count %d, want %d", c.where, r.Count, want)
	}
	for _, sol := range []*satdoku.Grid{r.Solution, r.Second} {
		if sol != nil {
			if err := verify.Solution(g, sol); err != nil {
				t.Errorf("%s: %v in %s", c.where, err, line(sol))
			}
		}
	}
	if r.Status == backend.StatusMultiple && (r.Second == nil || r.Second.Equal(r.Solution)) {
		t.Errorf("%s: multiple without a second, different solution", c.where)
	}
	if r.Status == backend.StatusUnique && c.sol != "" && line(r.Solution) != c.sol {
		t.Errorf("%s: solution %s, want %s", c.where, line(r.Solution), c.sol)
	}
}

// readDiffFile reads the self-made set: "count:puzzle" lines.
func readDiffFile(t *testing.T, path string) []diffCase {
	lines, ok := readLines(t, path, 0)
	if !ok {
		t.Fatalf("%s not found", path)
	}
	var cases []diffCase
	for i, l := range lines {
		cnt, p, ok := strings.Cut(l, ":")
		n, err := strconv.Atoi(cnt)
		g, gok := parseLine(p)
		if !ok || err != nil || !gok {
			t.Fatalf("%s: bad line %q", path, l)
		}
		cases = append(cases, diffCase{where: fmt.Sprintf("%s:%d", filepath.Base(path), i+1), puzzle: g, count: n})
	}
	return cases
}

// TestDiffSelfMade runs the self-made set of testdata/diff, whose counts
// are exact, with both encodings: Unique against verify.Count, and Count
// against the recorded count.
func TestDiffSelfMade(t *testing.T) {
	cases := readDiffFile(t, "../testdata/diff/puzzles.txt")
	sizes := make(map[int]map[int]int) // n → count class → puzzles
	for _, c := range cases {
		n := c.puzzle.N()
		if sizes[n] == nil {
			sizes[n] = make(map[int]int)
		}
		sizes[n][min(c.count, 2)]++
	}
	for _, n := range []int{4, 9, 16} {
		for k := range 3 {
			if sizes[n][k] == 0 {
				t.Errorf("the set has no %d×%d puzzle with %d solutions", n, n, k)
			}
		}
	}
	for _, e := range encodings {
		t.Run(e.String(), func(t *testing.T) {
			t.Parallel()
			s := New(Options{Encoding: e})
			for _, c := range cases {
				diffOne(t, s, c, true)
				limit := min(c.count+1, 40)
				if testing.Short() {
					limit = min(limit, 5)
				}
				checkCount(t, s, c, limit)
			}
		})
	}
}

// dataSets are the shared data sets of TestDiffData. short and full are the
// number of puzzles read with and without -short (0: all).
var dataSets = []struct {
	name        string
	short, full int
	minimal     bool // also run the Minimal encoding (on a prefix)
	verify      bool // compare with verify.Count (too slow on some 25×25)
}{
	{"tdoku_test_puzzles.txt", 0, 0, true, true},
	{"norvig_easy50.txt", 0, 0, true, true},
	{"norvig_top95.txt", 0, 0, true, true},
	{"norvig_hardest.txt", 0, 0, true, true},
	{"magictour_top1465.txt", 100, 0, true, true},
	{"forum_hardest_1106.txt", 50, 0, true, true},
	{"forum_hardest_1905_11plus.txt", 50, 3000, true, true},
	{"serg_benchmark.txt", 50, 5000, true, true},
	{"derived_multi_16clue.txt", 50, 5000, true, true},
	{"derived_nosol_17plus1.txt", 50, 5000, true, true},
	{"kaggle_9999.txt", 50, 5000, true, true},
	{"royle17_49158.txt", 50, 5000, true, true},
	{"vu_kr_16x16.txt", 10, 0, true, true},
	{"psp_16x16.txt", 0, 0, true, true},
	{"misc_25x25.txt", 0, 0, false, false},
}

// readDataSet reads the first size puzzles (all if size is 0) of a shared data
// set with what its companion file (NAME.solutions.txt or
// NAME.expected.txt) or its description in SOURCES.md tells about them.
func readDataSet(t *testing.T, name string, size int) ([]diffCase, bool) {
	lines, ok := readLines(t, dataFile(name), size)
	if !ok {
		return nil, false
	}
	base := strings.TrimSuffix(name, ".txt")
	sols, hasSols := readLines(t, dataFile(base+".solutions.txt"), size)
	exp, hasExp := readLines(t, dataFile(base+".expected.txt"), size)
	count := -1
	switch {
	case hasSols:
		count = 1
	case strings.HasPrefix(name, "serg_"), strings.HasPrefix(name, "derived_multi_"):
		count = 2 // "2+ each"
	case strings.HasPrefix(name, "derived_nosol_"):
		count = 0
	}
	cases := make([]diffCase, 0, len(lines))
	for i, l := range lines {
		g, ok := parseLine(l)
		if !ok {
			t.Fatalf("%s:%d: bad puzzle %q", name, i+1, l)
		}
		c := diffCase{where: fmt.Sprintf("%s:%d", name, i+1), puzzle: g, count: count}
		if hasSols && i < len(sols) {
			c.sol = sols[i]
		}
		if hasExp && i < len(exp) {
			cnt, sol, _ := strings.Cut(exp[i], ":")
			n, err := strconv.Atoi(cnt)
			if err != nil {
				t.Fatalf("%s.expected.txt:%d: bad count %q", base, i+1, cnt)
			}
			c.count = n
			if n == 1 {
				c.sol = sol
			}
			// A count of 2 means "2 or more" for 16×16 and 25×25, which
			// diffOne reads as it reads every count: capped at 2.
		}
		cases = append(cases, c)
	}
	return cases, true
}

// TestDiffData compares Unique with verify.Count, and with the counts and
// solutions the data sets come with, on the shared public data sets that
// are present: a prefix of each with -short, most or all of each without.
// tdoku's exact counts are checked with Count.
func TestDiffData(t *testing.T) {
	for _, set := range dataSets {
		t.Run(strings.TrimSuffix(set.name, ".txt"), func(t *testing.T) {
			size := set.full
			if testing.Short() {
				size = set.short
			}
			cases, ok := readDataSet(t, set.name, size)
			if !ok {
				t.Skipf("%s not found", dataFile(set.name))
			}
			t.Parallel()
			s := New(Options{})
			for _, c := range cases {
				diffOne(t, s, c, set.verify)
				if strings.HasPrefix(set.name, "tdoku_") && c.count > 2 {
					limit := c.count + 1
					if testing.Short() {
						limit = min(limit, 20)
					}
					checkCount(t, s, c, limit)
				}
			}
			if set.minimal {
				m := New(Options{Encoding: encode.Minimal})
				k := 200
				if testing.Short() {
					k = 20
				}
				for _, c := range cases[:min(len(cases), k)] {
					diffOne(t, m, c, set.verify)
				}
			}
		})
	}
}

// checkCount compares s.Count(context.Background(), c.puzzle, limit) with the exact count of c.
func checkCount(t *testing.T, s *Solver, c diffCase, limit int) {
	t.Helper()
	r, err := s.Count(context.Background(), c.puzzle, limit)
	if err != nil {
		t.Fatalf("%s: %v", c.where, err)
	}
	if want := min(c.count, limit); r.Count != want {
		t.Errorf("%s: Count(%d) = %d, want %d", c.where, limit, r.Count, want)
	}
}
