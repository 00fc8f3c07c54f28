package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/solvertest"
)

// diffPuzzles returns puzzles of ../../testdata/diff/puzzles.txt with their
// exact numbers of solutions: the 4×4 ones and the first 9×9 ones, nine of
// each kind (none, unique, multiple) at most, written to a file.
func diffPuzzles(t *testing.T) (path string, counts []int) {
	t.Helper()
	data, err := os.ReadFile("../../testdata/diff/puzzles.txt")
	if err != nil {
		t.Fatal(err)
	}
	var puzzles []string
	kinds := map[string]int{}
	perKind := 9 // puzzles of each size and count
	if testing.Short() && race.Enabled {
		perKind = 3
	}
	for _, l := range strings.Split(string(data), "\n") {
		c, p, ok := strings.Cut(l, ":")
		n, err := strconv.Atoi(c)
		if !ok || err != nil || len(p) != 16 && len(p) != 81 {
			continue
		}
		kind := fmt.Sprint(len(p), min(n, 2))
		if kinds[kind] == perKind {
			continue
		}
		kinds[kind]++
		puzzles = append(puzzles, p)
		counts = append(counts, n)
	}
	path = filepath.Join(t.TempDir(), "puzzles.txt")
	if err := os.WriteFile(path, []byte(strings.Join(puzzles, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	return path, counts
}

// TestSolverAgrees: unique and count give the same records with an
// external solver as with gini (the same statuses and counts, the same
// solution where it is unique), and those counts are the exact ones.
func TestSolverAgrees(t *testing.T) {
	solvertest.Need(t, "minisat")
	path, counts := diffPuzzles(t)
	for _, args := range [][]string{
		{"unique"},
		{"count", "--limit", "3"},
		{"solve", "--unique", "--encoding", "reduced"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			gini, code, _ := runJSON(t, append(args, "--format", "json", path)...)
			ext, xcode, errs := runJSON(t, append(args, "--format", "json", "--solver", "minisat", path)...)
			if code != exitNegative || xcode != code {
				t.Errorf("exit %d with gini, %d with minisat (%s); want %d", code, xcode, errs, exitNegative)
			}
			if len(gini) != len(counts) || len(ext) != len(counts) {
				t.Fatalf("%d records with gini, %d with minisat, for %d puzzles", len(gini), len(ext), len(counts))
			}
			for i, g := range gini {
				x := ext[i]
				if sameAnswer(g) != sameAnswer(x) {
					t.Errorf("line %d: gini %s, minisat %s", i+1, sameAnswer(g), sameAnswer(x))
				}
				if want := wantStatus(counts[i]); g.Status != want && g.Status != statusInvalid {
					t.Errorf("line %d: %s, want %s (%d solutions)", i+1, g.Status, want, counts[i])
				}
				if args[0] == "count" && (g.Count == nil || *g.Count != min(counts[i], 3)) {
					t.Errorf("line %d: count %v, want %d", i+1, g.Count, min(counts[i], 3))
				}
			}
		})
	}
}

// wantStatus is the status of unique (or count --limit 3) for a puzzle
// with n solutions.
func wantStatus(n int) string {
	switch {
	case n == 0:
		return statusNone
	case n == 1:
		return statusUnique
	}
	return statusMultiple
}

// sameAnswer is what two back ends must agree on in a record: its line,
// status, count, and the solution unless there are several.
func sameAnswer(r jsonRecord) string {
	s := fmt.Sprintf("line %d %s", r.Line, r.Status)
	if r.Count != nil {
		s += fmt.Sprintf(" count %d", *r.Count)
	}
	if r.Status != statusMultiple {
		s += " " + r.Solution
	}
	return s
}

// TestSolverJobs: with --solver and --jobs 2 each worker has a back end of
// its own, and the records are those of one worker.
func TestSolverJobs(t *testing.T) {
	solvertest.Need(t, "minisat")
	path, _ := diffPuzzles(t)
	cmds := []string{"solve", "unique", "count"}
	if testing.Short() {
		cmds = cmds[1:2] // unique asks the solver twice per puzzle
	}
	for _, cmd := range cmds {
		one, code1, _ := runJSON(t, cmd, "--solver", "minisat", "--format", "json", path)
		two, code2, errs := runJSON(t, cmd, "--solver", "minisat", "--jobs", "2", "--format", "json", path)
		if code1 != code2 {
			t.Errorf("%s: exit %d with one worker, %d with two (%s)", cmd, code1, code2, errs)
		}
		if len(one) != len(two) || len(one) == 0 {
			t.Fatalf("%s: %d records with one worker, %d with two", cmd, len(one), len(two))
		}
		for i := range one {
			if a, b := sameAnswer(one[i]), sameAnswer(two[i]); a != b {
				t.Errorf("%s: record %d: %s with one worker, %s with two", cmd, i+1, a, b)
			}
		}
	}
}

// TestMissingSolver: a solver that cannot be found is a usage error before
// any input is read.
func TestMissingSolver(t *testing.T) {
	for _, cmd := range []string{"solve", "unique", "count"} {
		var stdout, stderr bytes.Buffer
		in := &readSpy{}
		code := run([]string{cmd, "--solver", "no-such-solver-satdoku", "--jobs", "2"}, in, &stdout, &stderr)
		if code != exitUsage || stdout.Len() != 0 || in.reads != 0 {
			t.Errorf("%s: exit %d, stdout %q, %d reads of the input; want %d, nothing, none", cmd, code, stdout.String(), in.reads, exitUsage)
		}
		if want := "satdoku: --solver: solver not found: no-such-solver-satdoku: "; !strings.HasPrefix(stderr.String(), want) {
			t.Errorf("%s: stderr %q, want %q...", cmd, stderr.String(), want)
		}
	}
}

// readSpy is an input that counts the reads and holds one puzzle.
type readSpy struct{ reads int }

func (r *readSpy) Read(b []byte) (int, error) {
	r.reads++
	return copy(b, leet37+"\n"), nil
}
