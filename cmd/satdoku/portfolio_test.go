package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/bigboard"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// TestPortfolioRace races a 25×25 puzzle that takes gini tens of
// milliseconds (from the start: --race-after 0), in each mode, and
// without a race: the status is the one verify's count gives, the
// solution passes the validator, and a raced record names a solver of
// its mode and the CPU time it took; --stats counts the race.
func TestPortfolioRace(t *testing.T) {
	if testing.Short() {
		t.Skip("a 25×25 board, several times")
	}
	p, _, err := bigboard.Puzzle(bigboard.Spec{B: 5, Blank: 0.6, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(file, textfmt.Append(nil, p, textfmt.FormatLine), 0o644); err != nil {
		t.Fatal(err)
	}
	want := statusMultiple
	if n, _ := verify.Count(p, 2); n == 1 {
		want = statusUnique
	}
	members := map[string]*regexp.Regexp{
		"off":  regexp.MustCompile(`^$`),
		"gini": regexp.MustCompile(`^gini(/\d+)?$`),
		"auto": regexp.MustCompile(`^(gini(/\d+)?|cadical|cryptominisat5)$`),
	}
	for mode, who := range members {
		// --race-width 2: a race even on a machine of one core, or a
		// loaded one.
		recs, code, stderr := runJSON(t, "solve", "--unique", "--format", "json", "--stats", "--race-width", "2",
			"--portfolio", mode, "--race-after", "0", file)
		if len(recs) != 1 {
			t.Fatalf("%s: %d records (exit %d): %s", mode, len(recs), code, stderr)
		}
		r := recs[0]
		if r.Status != want {
			t.Errorf("%s: %s, want %s", mode, r.Status, want)
		}
		sol, err := textfmt.Parse(r.Solution)
		if err != nil || verify.Solution(p, sol) != nil {
			t.Errorf("%s: bad solution %q: %v", mode, r.Solution, err)
		}
		if !who.MatchString(r.Solver) {
			t.Errorf("%s: answered by %q", mode, r.Solver)
		}
		if (mode == "off") != (r.CPU == 0) {
			t.Errorf("%s: cpu_ms %v", mode, r.CPU)
		}
		raced := regexp.MustCompile(`(?m)^satdoku: raced 1 puzzle, answered by \S+ 1$`).MatchString(stderr)
		if raced != (mode != "off") {
			t.Errorf("%s: --stats:\n%s", mode, stderr)
		}
		if !regexp.MustCompile(`(?m)^satdoku: cpu \S+, child processes \S+ \(user\+system\)$`).MatchString(stderr) {
			t.Errorf("%s: no CPU time in --stats:\n%s", mode, stderr)
		}
	}
}

// TestPortfolioFlags: a mode satdoku does not know, and a negative
// --race-after, are usage errors.
func TestPortfolioFlags(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--portfolio", "cadical", "1.2.....34......"},
		{"unique", "--race-after", "-1s", "1.2.....34......"},
		{"count", "--race-width", "-1", "--limit", "2", "1.2.....34......"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), strings.TrimLeft(args[1], "-")) {
			t.Errorf("%v: exit %d, %q", args, code, stderr.String())
		}
	}
}
