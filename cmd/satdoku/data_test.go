package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const dataDir = "../../../shared/data"

// readLines returns the lines of a data set, or skips the test when the set
// is absent.
func readLines(t testing.TB, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dataDir, name))
	if os.IsNotExist(err) {
		t.Skipf("%s not present", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

// jsonRecord is a record of --format json as a reader decodes it.
type jsonRecord struct {
	Line                 int
	File, Puzzle, Status string
	Certified            any // "drat", "count", false, or nil when absent
	Solution, Second     string
	Differ               []string
	Count                *int
	Conflicts            []string
	Error                string
	Solver               string // the portfolio's member that answered a race
	MS                   float64
	CPU                  float64 `json:"cpu_ms"`
}

// runJSON runs the CLI on a file and decodes its JSON records.
func runJSON(t *testing.T, args ...string) ([]jsonRecord, int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	var recs []jsonRecord
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r jsonRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("bad JSON record %q: %v", sc.Text(), err)
		}
		recs = append(recs, r)
	}
	return recs, code, stderr.String()
}

// TestSolveUniqueHardest: every line of forum_hardest_1106 is unique, with
// the published solution.
func TestSolveUniqueHardest(t *testing.T) {
	puzzles := readLines(t, "forum_hardest_1106.txt")
	sols := readLines(t, "forum_hardest_1106.solutions.txt")
	if testing.Short() {
		puzzles, sols = puzzles[:50], sols[:50]
	}
	path := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(path, []byte(strings.Join(puzzles, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	recs, code, stderr := runJSON(t, "solve", "--unique", "--format", "json", path)
	if code != exitOK || stderr != "" {
		t.Errorf("exit %d, stderr %q; want 0 and nothing", code, stderr)
	}
	if len(recs) != len(puzzles) {
		t.Fatalf("%d records for %d puzzles", len(recs), len(puzzles))
	}
	for i, r := range recs {
		if r.Line != i+1 || r.Status != statusUnique || r.Solution != sols[i] {
			t.Errorf("line %d: got line %d status %s solution %s; want unique %s", i+1, r.Line, r.Status, r.Solution, sols[i])
		}
	}
}

// TestSolveUniqueSerg: every line of serg_benchmark has several solutions.
func TestSolveUniqueSerg(t *testing.T) {
	lines := readLines(t, "serg_benchmark.txt")
	n := len(lines)
	if testing.Short() || raceEnabled {
		n = 100
	}
	lines = lines[:min(n, len(lines))]
	path := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	recs, code, _ := runJSON(t, "solve", "--unique", "--format", "json", path)
	if code != exitNegative {
		t.Errorf("exit %d, want %d", code, exitNegative)
	}
	if len(recs) != len(lines) {
		t.Fatalf("%d records for %d puzzles", len(recs), len(lines))
	}
	for i, r := range recs {
		if r.Line != i+1 || r.Status != statusMultiple || r.Second == "" || r.Second == r.Solution || len(r.Differ) < 4 {
			t.Errorf("line %d: got %+v; want multiple with two different solutions", i+1, r)
		}
	}
}
