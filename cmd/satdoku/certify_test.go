package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/solvertest"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// spread returns n lines of a data set, spread over the file (all of them
// when it has fewer), or skips the test when the set is absent.
func spread(t *testing.T, name string, n int) []string {
	t.Helper()
	lines := readLines(t, name)
	if len(lines) <= n {
		return lines
	}
	out := make([]string, n)
	for i := range out {
		out[i] = lines[i*len(lines)/n]
	}
	return out
}

// writeLines writes puzzles to a file, one a line.
func writeLines(t *testing.T, lines []string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCertifySoundness: on samples of the shared sets (unique puzzles of
// every difficulty, the 17-clue puzzles with a clue added that have no
// solution, 16-clue ones with several, 16×16 ones), unique --certify with gini and with cadical
// certifies every unique and none verdict — by the independent count and
// by a checked DRAT proof — and those verdicts agree with verify.Count;
// count --certify certifies the counts below the limit likewise.
func TestCertifySoundness(t *testing.T) {
	sets := []struct {
		name          string
		gini, cadical int // sample sizes (full run)
	}{
		{"kaggle_9999.txt", 400, 60},
		{"royle17_49158.txt", 400, 60},
		{"magictour_top1465.txt", 300, 60},
		{"forum_hardest_1106.txt", 200, 40},
		{"derived_nosol_17plus1.txt", 400, 60},
		{"derived_multi_16clue.txt", 100, 12},
		{"vu_kr_16x16.txt", 40, 6},
	}
	for _, set := range sets {
		for _, solver := range []string{"gini", "cadical"} {
			t.Run(strings.TrimSuffix(set.name, ".txt")+"/"+solver, func(t *testing.T) {
				n, mark, args := set.gini, "count", []string{}
				if solver == "cadical" {
					solvertest.Need(t, "cadical")
					n, mark, args = set.cadical, "drat", []string{"--solver", "cadical"}
				}
				if testing.Short() {
					n = max(n/20, 2)
					if race.Enabled {
						n = 1 // make test: the command's paths, not a sample
					}
				}
				lines := spread(t, set.name, n)
				path := writeLines(t, lines)
				for _, cmd := range [][]string{{"unique"}, {"count", "--limit", "3"}} {
					recs, code, stderr := runJSON(t, append(append(cmd, args...), "--certify", "--format", "json", path)...)
					if code > exitNegative {
						t.Fatalf("%s: exit %d: %s", cmd[0], code, stderr)
					}
					if len(recs) != len(lines) {
						t.Fatalf("%s: %d records for %d puzzles", cmd[0], len(recs), len(lines))
					}
					kinds := map[string]int{}
					for i, r := range recs {
						checkCertified(t, cmd[0], lines[i], r, mark)
						kinds[r.Status]++
					}
					t.Logf("%s: %d puzzles: %v", cmd[0], len(lines), kinds)
				}
			})
		}
	}
}

// checkCertified checks one record of unique or count (--limit 3) with
// --certify against verify.Count: the same verdict, and the certificate
// mark on exactly the verdicts that rest on unsatisfiability.
func checkCertified(t *testing.T, cmd, puzzle string, r jsonRecord, mark string) {
	t.Helper()
	g, err := textfmt.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	want, sol := verify.Count(g, 3)
	if cmd == "count" {
		if r.Count == nil || *r.Count != want {
			t.Errorf("line %d: count %v, verify.Count %d", r.Line, r.Count, want)
		}
	}
	if r.Status != wantStatus(want) {
		t.Errorf("line %d: %s, verify.Count finds %d solutions", r.Line, r.Status, want)
	}
	claims := r.Status == statusUnique || r.Status == statusNone || cmd == "count" && want < 3
	switch {
	case claims && r.Certified != mark:
		t.Errorf("line %d: %s with certified %v, want %q", r.Line, r.Status, r.Certified, mark)
	case !claims && r.Certified != nil:
		t.Errorf("line %d: %s with certified %v, want none", r.Line, r.Status, r.Certified)
	}
	if want == 1 && r.Solution != sol.String() {
		t.Errorf("line %d: solution %s, verify.Count's %s", r.Line, r.Solution, sol)
	}
}

// hard is a unique 9×9 puzzle that unit propagation does not solve: its
// formula with the solution blocked is UNSAT, but not by propagation alone.
const hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

// TestCertifyFakeSolver: a solver that answers UNSAT with a bogus proof —
// for a puzzle with solutions, or for the true claim that a unique
// puzzle's solution is unique — makes the puzzle an internal error (exit
// 3) in every command and format, and no verdict is printed.
func TestCertifyFakeSolver(t *testing.T) {
	real, _ := exec.LookPath("cadical")
	const unsat = `echo 's UNSATISFIABLE'; exit 20`
	// second lets the real cadical find the solution on the first call;
	// on the next (the formula with the solution blocked) body runs.
	second := func(body string) string {
		return `if [ ! -e "$0.ran" ]; then : > "$0.ran"; exec ` + real + ` -q "$2"; fi; ` + body
	}
	tests := []struct {
		name, puzzle, body string
		real               bool // needs the real cadical
	}{
		{"satisfiable, the empty clause at once", leet37, `p=${3:-/dev/null}; echo 0 > "$p"; ` + unsat, false},
		{"satisfiable, no proof", leet37, unsat, false},
		{"satisfiable, a proof of units", "1...........4...", `p=${3:-/dev/null}; printf '1 0\n-2 0\n-1 0\n0\n' > "$p"; ` + unsat, false},
		{"blocked, the empty clause at once", hard, second(`echo 0 > "$3"; ` + unsat), true},
		{"blocked, half the lemmas missing", hard, second(real + ` -q --no-binary "$2" "$3.full"; s=$?; head -n $(($(wc -l < "$3.full") / 2)) "$3.full" > "$3"; echo 0 >> "$3"; exit $s`), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.real && real == "" {
				solvertest.Need(t, "cadical")
			}
			for _, args := range [][]string{
				{"unique"}, {"unique", "--format", "grid"}, {"solve", "--unique"}, {"count", "--limit", "5"}, {"unique", "--format", "json"},
			} {
				p := solvertest.Script(t, "cadical", tt.body) // afresh: the fake keeps state
				var stdout, stderr bytes.Buffer
				code := run(append(args, "--certify", "--solver", p, tt.puzzle), strings.NewReader(""), &stdout, &stderr)
				out := stdout.String()
				if code != exitInternal {
					t.Errorf("%v: exit %d, want %d; stdout %q, stderr %q", args, code, exitInternal, out, stderr.String())
				}
				if strings.Contains(out, "unique") || strings.Contains(out, "none") || strings.Contains(out, "certified") ||
					strings.Contains(out, "solution") || (args[0] == "count" && strings.TrimSpace(out) != "error") {
					t.Errorf("%v: a verdict printed: %q", args, out)
				}
				if !strings.Contains(stderr.String(), "internal error: certificate failed: proof rejected: "+p+" answered UNSAT") {
					t.Errorf("%v: stderr %q", args, stderr.String())
				}
			}
		})
	}
}
