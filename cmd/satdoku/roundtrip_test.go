package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/solvertest"
)

// runSolver runs a real solver on a CNF file the way a user would and
// saves what it printed (minisat: its result file) in out. The exit status
// must be 10 or 20.
func runSolver(t *testing.T, name, cnf, out string) {
	t.Helper()
	var args []string
	switch name {
	case "minisat":
		args = []string{"-verb=0", cnf, out}
	case "cadical":
		args = []string{"-q", cnf}
	case "cryptominisat5":
		args = []string{"--verb", "0", cnf}
	default:
		args = []string{cnf}
	}
	cmd := exec.Command(name, args...)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || (ee.ExitCode() != 10 && ee.ExitCode() != 20) {
		t.Fatalf("%s %v: %v, want exit status 10 or 20", name, args, err)
	}
	if name != "minisat" {
		if err := os.WriteFile(out, stdout.Bytes(), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDIMACSRoundTrip is the acceptance test: for every solver,
// satdoku dimacs → solver → satdoku decode gives the answer of satdoku solve
// (gini), for puzzles with no, one and several solutions in each encoding,
// and the --block files are UNSAT exactly for the unique puzzles.
func TestDIMACSRoundTrip(t *testing.T) {
	lines, err := os.ReadFile("../../testdata/diff/puzzles.txt")
	if err != nil {
		t.Fatal(err)
	}
	// 4×4 puzzles and the first 9×9 ones: at least 30, of every kind.
	var puzzles []string
	n9 := 0
	for _, l := range strings.Split(string(lines), "\n") {
		_, p, ok := strings.Cut(l, ":")
		if !ok || strings.HasPrefix(l, "#") {
			continue
		}
		if len(p) == 16 || len(p) == 81 && n9 < 12 {
			puzzles = append(puzzles, p)
			if len(p) == 81 {
				n9++
			}
		}
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "puzzles.txt")
	if err := os.WriteFile(in, []byte(strings.Join(puzzles, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	// gini's answers, with uniqueness.
	want, _, _ := runJSON(t, "solve", "--unique", "--format", "json", in)
	if len(want) != len(puzzles) || len(puzzles) < 30 {
		t.Fatalf("%d answers for %d puzzles", len(want), len(puzzles))
	}
	kinds := map[string]int{}
	for _, r := range want {
		kinds[r.Status]++
	}
	if kinds["none"]+kinds["invalid"] == 0 || kinds["unique"] == 0 || kinds["multiple"] == 0 {
		t.Fatalf("puzzles of every kind needed: %v", kinds)
	}
	encodings := []string{"extended", "minimal", "reduced"}
	if testing.Short() {
		encodings = encodings[2:]
	}
	for _, solver := range []string{"minisat", "cadical", "picosat", "cryptominisat5", "clasp"} {
		t.Run(solver, func(t *testing.T) {
			solvertest.Need(t, solver)
			for _, enc := range encodings {
				cnfDir := filepath.Join(dir, solver, enc)
				blockDir := filepath.Join(dir, solver, enc+"-block")
				var stdout, stderr bytes.Buffer
				if code := run([]string{"dimacs", "--encoding", enc, "--out-dir", cnfDir, in}, nil, &stdout, &stderr); code != 0 {
					t.Fatalf("dimacs: exit %d: %s", code, stderr.String())
				}
				stderr.Reset()
				// --block writes no file for the puzzles without a solution.
				code := run([]string{"dimacs", "--block", "--encoding", enc, "--out-dir", blockDir, in}, nil, &stdout, &stderr)
				if code != exitNegative || strings.Count(stderr.String(), "no file written") != kinds["none"]+kinds["invalid"] {
					t.Fatalf("dimacs --block: exit %d: %s", code, stderr.String())
				}
				for i, w := range want {
					name := fmt.Sprintf("line-%06d.cnf", i+1)
					cnf, out := filepath.Join(cnfDir, name), filepath.Join(cnfDir, name+".out")
					checkCNF(t, cnf, w.Puzzle)
					runSolver(t, solver, cnf, out)
					got, code, errs := runJSON(t, "decode", "--cnf", cnf, "--format", "json", out)
					if len(got) != 1 {
						t.Fatalf("%s: %d records", name, len(got))
					}
					switch w.Status {
					case "none", "invalid": // invalid: conflicting givens
						if got[0].Status != "none" || code != exitNegative {
							t.Fatalf("%s %s %s: %s (exit %d, %s), gini: none", solver, enc, w.Puzzle, got[0].Status, code, errs)
						}
						continue
					case "unique":
						if got[0].Status != "solved" || got[0].Solution != w.Solution || code != 0 {
							t.Fatalf("%s %s %s: %s %s (exit %d, %s), gini: %s", solver, enc, w.Puzzle, got[0].Status, got[0].Solution, code, errs, w.Solution)
						}
					case "multiple":
						// Any solution; decode has validated it.
						if got[0].Status != "solved" || code != 0 {
							t.Fatalf("%s %s %s: %s (exit %d, %s)", solver, enc, w.Puzzle, got[0].Status, code, errs)
						}
					}
					// The --block file: UNSAT exactly for the unique puzzles.
					bcnf, bout := filepath.Join(blockDir, name), filepath.Join(blockDir, name+".out")
					checkCNF(t, bcnf, w.Puzzle)
					runSolver(t, solver, bcnf, bout)
					got, code, errs = runJSON(t, "decode", "--cnf", bcnf, "--format", "json", bout)
					if len(got) != 1 || got[0].Status != w.Status {
						t.Fatalf("%s %s --block %s: %v (exit %d, %s), gini: %s", solver, enc, w.Puzzle, got, code, errs, w.Status)
					}
				}
			}
		})
	}
}

// checkCNF checks the structure of a file written by satdoku dimacs: the
// comments parse (encode.ReadHeader) and name the puzzle, the header's
// counts equal the clauses written, and every literal is within ±1..V.
func checkCNF(t *testing.T, path, puzzle string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := encode.ReadHeader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if h.Puzzle == nil || h.Puzzle.String() != puzzle {
		t.Fatalf("%s: c puzzle %v, want %s", path, h.Puzzle, puzzle)
	}
	n := h.Puzzle.N()
	if h.Vars != n*n*n {
		t.Fatalf("%s: p cnf %d, want %d variables", path, h.Vars, n*n*n)
	}
	clauses, header := 0, false
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "c"):
			if header {
				t.Fatalf("%s:%d: comment after the header", path, i+1)
			}
		case strings.HasPrefix(line, "p "):
			header = true
		default:
			f := strings.Fields(line)
			if !header || len(f) == 0 || f[len(f)-1] != "0" {
				t.Fatalf("%s:%d: bad clause line %q", path, i+1, line)
			}
			for _, w := range f[:len(f)-1] {
				l, err := strconv.Atoi(w)
				if err != nil || l == 0 || l > h.Vars || l < -h.Vars {
					t.Fatalf("%s:%d: literal %q outside ±1..%d", path, i+1, w, h.Vars)
				}
			}
			clauses++
		}
	}
	if clauses != h.Clauses {
		t.Fatalf("%s: header says %d clauses, %d written", path, h.Clauses, clauses)
	}
}
