package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestParallelPipe: satdoku is a map step. GNU parallel cuts a stream of
// puzzles into chunks of 1,000 lines, runs one satdoku per chunk and, with
// --keep-order, writes their records in input order: they must be the
// records of a single run, but for "line", which counts within each chunk
// (see docs/cli.md), "ms", and which two solutions a "multiple" shows. GNU
// parallel missing skips the test, except under CI=true (.ci/run installs
// it).
func TestParallelPipe(t *testing.T) {
	if testing.Short() {
		t.Skip("runs GNU parallel")
	}
	par, err := exec.LookPath("parallel")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("GNU parallel is not installed, and CI=true requires it: %v", err)
		}
		t.Skipf("GNU parallel is not installed (apt-get install parallel): %v", err)
	}
	puzzles, err := os.ReadFile(filepath.Join("..", "..", "testdata", "diff", "puzzles.txt"))
	if err != nil {
		t.Fatal(err)
	}
	// About 3,400 puzzles with none, one and several solutions, and a bad
	// line, in chunks of 1,000.
	var clean []byte
	for _, line := range strings.SplitAfter(string(puzzles), "\n") {
		if _, p, ok := strings.Cut(line, ":"); ok && !strings.HasPrefix(line, "#") {
			clean = append(clean, p...)
		}
	}
	var in bytes.Buffer
	for i := range 20 {
		in.Write(clean)
		if i == 7 {
			in.WriteString("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7?\n")
		}
	}
	args := []string{"solve", "--unique", "--format", "json"}

	single := selfCommand(t, args...)
	single.Stdin = bytes.NewReader(in.Bytes())
	want, err := single.Output()
	if exitCode(t, err) != exitUsage {
		t.Fatalf("single run: exit status %d, want %d", exitCode(t, err), exitUsage)
	}

	split := exec.Command(par, append([]string{"--will-cite", "--pipe", "--keep-order", "-N", "1000", os.Args[0]}, args...)...)
	split.Env = append(os.Environ(), "SATDOKU_TEST_MAIN=1")
	split.Stdin = bytes.NewReader(in.Bytes())
	var stderr bytes.Buffer
	split.Stderr = &stderr
	got, err := split.Output()
	if code := exitCode(t, err); code == 0 {
		t.Errorf("parallel: exit status 0, want the failed chunks counted (stderr %q)", stderr.String())
	}

	g, w := records(t, got), records(t, want)
	if len(g) != len(w) || len(w) < 3000 {
		t.Fatalf("parallel gave %d records, a single run %d", len(g), len(w))
	}
	for i := range w {
		if g[i] != w[i] {
			t.Fatalf("record %d:\nparallel %s\n  single %s", i+1, g[i], w[i])
		}
	}
}

// records returns the JSON records of out without "line" and "ms", and
// with the solutions of a "multiple" blanked, re-encoded for comparison.
func records(t *testing.T, out []byte) []string {
	t.Helper()
	var recs []string
	for _, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a record: %q: %v", line, err)
		}
		delete(m, "line")
		delete(m, "ms")
		if e, ok := m["error"].(string); ok {
			// "LINE:COL: why": the line counts within the chunk too.
			if _, rest, ok := strings.Cut(e, ":"); ok {
				m["error"] = rest
			}
		}
		if m["status"] == "multiple" {
			m["solution"], m["second"], m["differ"] = "<any>", "<any>", "<any>"
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, string(b))
	}
	return recs
}
