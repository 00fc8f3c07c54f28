package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// jobsPuzzles is a batch with an answer of every kind whose text does not
// depend on the worker: unique puzzles of several sizes and rules, none,
// conflicting givens, a bad line, repeated so that two workers interleave.
// (A puzzle with several solutions is left out: which two a worker finds
// depends on what its solver saw before.)
var jobsPuzzles = []string{
	"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
	"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
	"1.2.....34......", // 4×4, unique
	"12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8", // hard
	"11..............", // conflicting givens
	"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7z", // bad line
	"52..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", // none: 2 at r1c2
	"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
}

// maskTimes blanks the times of a run's output, the one part of it that
// depends on the machine: "ms" in JSON, and the ms column of CSV (none
// here: no --timer).
var maskTimes = regexp.MustCompile(`"ms":[0-9.e+-]+`)

// TestJobsSameOutput: every command that answers a stream gives, in every
// format it has, the same output with one worker as with two.
func TestJobsSameOutput(t *testing.T) {
	dir := t.TempDir()
	var batch strings.Builder
	for range 3 {
		for _, p := range jobsPuzzles {
			batch.WriteString(p + "\n")
		}
	}
	file := filepath.Join(dir, "batch.txt")
	if err := os.WriteFile(file, []byte(batch.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	formats := []string{"line", "grid", "compact", "json", "csv", "leetcode"} // svg: one picture, see TestFormatsWalk
	if testing.Short() {
		// The order of the answers does not depend on the format: a
		// format of each kind (grids, records, a header) under -short.
		formats = []string{"grid", "json", "csv"}
	}
	commands := [][]string{
		{"solve"}, {"solve", "--unique"}, {"unique"}, {"count", "--limit", "3"}, {"check"},
		{"candidates"}, {"rate"}, {"hint"}, {"explain"}, {"explain", "--cell", "r1c3"}, {"minimize"},
		{"generate", "--seed", "5", "--count", "6"},
	}
	for _, cmd := range commands {
		for _, f := range formats {
			if cmd[0] == "generate" && f == "leetcode" {
				continue // refused: a usage error (TestFormatsWalk)
			}
			name := strings.Join(cmd, " ") + " --format " + f
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				var outs [2]string
				var codes [2]int
				for k, jobs := range []string{"1", "2"} {
					args := append(append([]string{}, cmd...), "--format", f, "--jobs", jobs, "--color", "never")
					if cmd[0] != "generate" {
						args = append(args, file)
					}
					var stdout, stderr bytes.Buffer
					codes[k] = run(args, strings.NewReader(""), &stdout, &stderr)
					outs[k] = maskTimes.ReplaceAllString(stdout.String(), `"ms":0`) + "\nstderr:\n" + stderr.String()
				}
				if codes[0] != codes[1] || outs[0] != outs[1] {
					t.Fatalf("--jobs 1 (exit %d):\n%s\n--jobs 2 (exit %d):\n%s", codes[0], outs[0], codes[1], outs[1])
				}
				if n := strings.Count(outs[0], "\n"); n < 6 {
					t.Fatalf("only %d lines of output (exit %d):\n%s", n, codes[0], outs[0])
				}
				if cmd[0] == "generate" && f == "grid" && !strings.Contains(outs[0], "\n\n") {
					t.Errorf("generate --format grid does not separate its puzzles:\n%s", outs[0])
				}
			})
		}
	}
}
