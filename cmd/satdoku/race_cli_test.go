package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/satdoku/satdoku/internal/bigboard"
)

// TestJobsSinglePuzzle: with --jobs above 1, a single puzzle is raced over
// the workers' cores (satsolve.Racer) and gets the verdict one worker
// gives; a stream still gets one record per puzzle, in order.
func TestJobsSinglePuzzle(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, s := range bigboard.Specs(3, 4) {
		if s.Seed > 2 {
			continue
		}
		p, _, err := bigboard.Puzzle(s)
		if err != nil {
			t.Fatal(err)
		}
		f := filepath.Join(dir, s.Name()+".txt")
		if err := os.WriteFile(f, []byte(p.String()+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	for _, f := range files {
		one, code1, _ := runJSON(t, "solve", "--unique", "--format", "json", f)
		three, code3, stderr := runJSON(t, "solve", "--unique", "--jobs", "3", "--format", "json", f)
		if len(one) != 1 || len(three) != 1 {
			t.Fatalf("%s: %d and %d records, want 1 each", f, len(one), len(three))
		}
		if one[0].Status != three[0].Status || code1 != code3 {
			t.Errorf("%s: --jobs 3 says %s (exit %d, %q), one worker %s (exit %d)", f, three[0].Status, code3, stderr, one[0].Status, code1)
		}
	}
	recs, _, _ := runJSON(t, append([]string{"solve", "--unique", "--jobs", "2", "--format", "json"}, files...)...)
	if len(recs) != len(files) {
		t.Fatalf("a stream of %d puzzles gave %d records", len(files), len(recs))
	}
	for i, r := range recs {
		if r.File != files[i] {
			t.Errorf("record %d is of %s, want %s", i, r.File, files[i])
		}
	}
}

// TestJobsSingleTimeout: a raced puzzle still times out.
func TestJobsSingleTimeout(t *testing.T) {
	p, _, err := bigboard.Puzzle(bigboard.Spec{B: 5, Blank: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "empty25.txt")
	if err := os.WriteFile(f, []byte(p.String()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	recs, code, _ := runJSON(t, "count", "--limit", "1000000000", "--jobs", "2", "--timeout", "100ms", "--format", "json", f)
	if len(recs) != 1 || recs[0].Status != "timeout" || code != exitNegative {
		t.Fatalf("got %+v, exit %d; want one timeout, exit %d", recs, code, exitNegative)
	}
}
