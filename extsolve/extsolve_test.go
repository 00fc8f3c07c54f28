package extsolve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/solvertest"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// solvers are the Debian packages' programs that the round trip covers.
var solvers = []string{"minisat", "cadical", "picosat", "cryptominisat5", "clasp"}

type testPuzzle struct {
	count int // exact number of solutions, from the file
	g     *satdoku.Grid
}

// puzzles reads the self-made differential set: every 4×4 puzzle, and
// ten 9×9 puzzles of each kind (no solution, unique, several); with
// long tests also two 16×16 ones.
func puzzles(t *testing.T) []testPuzzle {
	t.Helper()
	f, err := os.Open("../testdata/diff/puzzles.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []testPuzzle
	taken := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		cs, s, ok := strings.Cut(line, ":")
		count, err := strconv.Atoi(cs)
		if !ok || err != nil {
			t.Fatalf("bad line %q", line)
		}
		kind := fmt.Sprintf("%d/%d", len(s), min(count, 2))
		limit := map[int]int{16: 100, 81: 10, 256: 0}[len(s)]
		if len(s) == 256 && !testing.Short() {
			limit = 1
		}
		if taken[kind] >= limit {
			continue
		}
		taken[kind]++
		g, err := satdoku.Parse(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		out = append(out, testPuzzle{count, g})
	}
	return out
}

// TestRoundTrip runs each solver on at least 30 puzzles with no, one and
// several solutions, in all three encodings, through Unique (so the second
// run is on the file with the solution blocked), and requires the answers to
// agree with gini's and the validator.
func TestRoundTrip(t *testing.T) {
	ps := puzzles(t)
	if len(ps) < 30 {
		t.Fatalf("only %d puzzles", len(ps))
	}
	encs := []encode.Encoding{encode.Extended, encode.Minimal, encode.Reduced, encode.Sequential}
	for _, name := range solvers {
		t.Run(name, func(t *testing.T) {
			solvertest.Need(t, name)
			ext := make([]*Solver, len(encs))
			for i, e := range encs {
				ext[i] = mustNew(t, name, Options{Encoding: e, TempDir: t.TempDir()})
			}
			stat := map[backend.Status]int{}
			for i, p := range ps {
				e := encs[i%len(encs)]
				want, err := satsolve.Unique(context.Background(), p.g, satsolve.Options{})
				if err != nil {
					t.Fatal(err)
				}
				got, err := ext[i%len(encs)].Unique(context.Background(), p.g)
				if err != nil {
					t.Fatalf("%v (%v): %v", p.g, e, err)
				}
				if got.Status != want.Status {
					t.Fatalf("%v (%v): %s says %v, gini %v", p.g, e, name, got.Status, want.Status)
				}
				wantStatus := map[int]backend.Status{0: backend.StatusNone, 1: backend.StatusUnique}[p.count]
				if p.count >= 2 {
					wantStatus = backend.StatusMultiple
				}
				if got.Status != wantStatus {
					t.Fatalf("%v: %v, the file says %d solutions", p.g, got.Status, p.count)
				}
				stat[got.Status]++
				for _, sol := range []*satdoku.Grid{got.Solution, got.Second} {
					if sol != nil {
						if err := verify.Solution(p.g, sol); err != nil {
							t.Fatalf("%v: %s's solution %v rejected: %v", p.g, name, sol, err)
						}
					}
				}
				if got.Status == backend.StatusUnique && !got.Solution.Equal(want.Solution) {
					t.Fatalf("%v: %s found %v, gini %v", p.g, name, got.Solution, want.Solution)
				}
				if got.Status == backend.StatusMultiple && got.Solution.Equal(got.Second) {
					t.Fatalf("%v: the same solution twice", p.g)
				}
			}
			t.Logf("%s: %d puzzles: %d none, %d unique, %d multiple", name, len(ps),
				stat[backend.StatusNone], stat[backend.StatusUnique], stat[backend.StatusMultiple])
			if stat[backend.StatusNone] == 0 || stat[backend.StatusUnique] == 0 || stat[backend.StatusMultiple] == 0 {
				t.Errorf("not every kind of puzzle covered: %v", stat)
			}
		})
	}
}

// TestReducedEmptyClause gives each solver a reduced formula with an empty
// clause (a cell with no candidate left): it must be UNSAT.
func TestReducedEmptyClause(t *testing.T) {
	g := satdoku.MustParse("123............4")
	for _, name := range solvers {
		t.Run(name, func(t *testing.T) {
			solvertest.Need(t, name)
			res, err := mustNew(t, name, Options{Encoding: encode.Reduced, TempDir: t.TempDir()}).Solve(context.Background(), g)
			if err != nil || res.Status != backend.StatusNone {
				t.Fatalf("Solve = %v, %v; want none", res.Status, err)
			}
		})
	}
}

// script writes a fake solver: a shell script with the given body.
func script(t *testing.T, name, body string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFailures checks that every way a solver can fail is an error, never
// an answer.
func TestFailures(t *testing.T) {
	g := satdoku.MustParse("1...........4...")
	// A model of 1...........4... that decodes to a grid breaking the rules
	// (every cell holds 1).
	var bad strings.Builder
	bad.WriteString("s SATISFIABLE\nv")
	for v := 1; v <= 64; v++ {
		if v%4 == 1 {
			fmt.Fprintf(&bad, " %d", v)
		} else {
			fmt.Fprintf(&bad, " -%d", v)
		}
	}
	bad.WriteString(" 0\n")
	tests := []struct {
		name, body string
		timeout    time.Duration
		err        error
	}{
		{"crash", "echo boom >&2; exit 3", 0, ErrFailed},
		{"killed", "kill -9 $$", 0, ErrFailed},
		{"garbage", "echo 'v 1 2 x'; exit 10", 0, ErrOutput},
		{"nothing", "exit 10", 0, ErrOutput},
		{"sat without model", "echo 's SATISFIABLE'; exit 10", 0, ErrOutput},
		{"truncated", "echo 's SATISFIABLE'; echo 'v 1 -2 3'; exit 10", 0, ErrOutput},
		{"status disagrees", "echo 's UNSATISFIABLE'; exit 10", 0, ErrOutput},
		{"unknown", "echo 's UNKNOWN'; exit 0", 0, ErrGaveUp},
		{"timeout", "exec sleep 30", 200 * time.Millisecond, backend.ErrTimeout},
		{"model no cell digit", "echo 's SATISFIABLE'; echo 'v -1 0'; exit 10", 0, ErrOutput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err != backend.ErrTimeout && !errors.Is(tt.err, backend.ErrFailed) {
				t.Fatalf("%v is not a backend.ErrFailed", tt.err)
			}
			p := script(t, "fake-"+strings.ReplaceAll(tt.name, " ", "-"), tt.body)
			s := mustNew(t, p, Options{Timeout: tt.timeout, TempDir: t.TempDir()})
			res, err := s.Solve(context.Background(), g)
			if !errors.Is(err, tt.err) {
				t.Fatalf("Solve = %+v, %v; want %v", res, err, tt.err)
			}
			if res.Solution != nil {
				t.Fatalf("a solution with an error")
			}
		})
	}
	t.Run("too much output", func(t *testing.T) {
		defer func(m int) { maxOutput = m }(maxOutput)
		maxOutput = 1000
		p := script(t, "chatty", "i=0; while [ $i -lt 200 ]; do echo 'c chatter chatter chatter'; i=$((i+1)); done; echo 's UNSATISFIABLE'; exit 20")
		if _, err := mustNew(t, p, Options{TempDir: t.TempDir()}).Solve(context.Background(), g); !errors.Is(err, ErrOutput) {
			t.Fatalf("Solve: %v; want ErrOutput (max %d)", err, maxOutput)
		}
	})
	t.Run("wrong model", func(t *testing.T) {
		// A solver that lies: the grid decodes, and the validator must
		// reject it. Solve itself returns it; checking is the caller's job.
		p := script(t, "liar", "cat <<'EOF'\n"+bad.String()+"EOF\nexit 10")
		res, err := mustNew(t, p, Options{TempDir: t.TempDir()}).Solve(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if res.Solution == nil || verify.Solution(g, res.Solution) == nil {
			t.Fatalf("the validator accepts the liar's %v", res.Solution)
		}
	})
	t.Run("missing", func(t *testing.T) {
		s, err := New(filepath.Join(t.TempDir(), "no-such-solver"), Options{})
		if !errors.Is(err, ErrNotFound) || !errors.Is(err, backend.ErrFailed) || s != nil {
			t.Fatalf("New: %v, %v; want ErrNotFound", s, err)
		}
	})
}

// TestCommand checks each known solver's invocation.
func TestCommand(t *testing.T) {
	for _, tt := range []struct{ path, proof, want string }{
		{"/usr/bin/minisat", "", "-verb=0 /t/p.cnf /t/p.out"},
		{"/usr/bin/cadical", "", "-q /t/p.cnf"},
		{"/usr/bin/cadical", "/t/p.drat", "-q /t/p.cnf /t/p.drat"},
		{"/usr/bin/picosat", "", "/t/p.cnf"},
		{"/usr/bin/cryptominisat5", "", "--verb 0 /t/p.cnf"},
		{"/usr/bin/clasp", "", "/t/p.cnf"},
		{"/opt/my-solver", "", "/t/p.cnf"},
	} {
		s := &Solver{Path: tt.path}
		args, _ := s.command("/t/p.cnf", tt.proof)
		if got := strings.Join(args, " "); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.path, got, tt.want)
		}
	}
}

// mustNew returns the Solver for program name.
func mustNew(t *testing.T, name string, o Options) *Solver {
	t.Helper()
	s, err := New(name, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCount counts solutions with each solver, up to a limit, and compares
// the counts with gini's.
func TestCount(t *testing.T) {
	ps := puzzles(t)
	for _, name := range solvers {
		t.Run(name, func(t *testing.T) {
			solvertest.Need(t, name)
			s := mustNew(t, name, Options{TempDir: t.TempDir()})
			for _, p := range ps[:min(len(ps), 12)] {
				want, err := satsolve.Count(context.Background(), p.g, 4, satsolve.Options{})
				if err != nil {
					t.Fatal(err)
				}
				got, err := s.Count(context.Background(), p.g, 4)
				if err != nil {
					t.Fatalf("%v: %v", p.g, err)
				}
				if got.Count != want.Count || got.Status != want.Status {
					t.Fatalf("%v: %s counts %d (%v), gini %d (%v)", p.g, name, got.Count, got.Status, want.Count, want.Status)
				}
				for _, sol := range []*satdoku.Grid{got.Solution, got.Second} {
					if sol != nil {
						if err := verify.Solution(p.g, sol); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		})
	}
}

// TestCancel cancels a call while the program runs: the call returns the
// context's error at once, the program is killed and the call's temporary
// directory is gone.
func TestCancel(t *testing.T) {
	dir := t.TempDir()
	started := filepath.Join(t.TempDir(), "started")
	p := script(t, "slow", "echo $$ > "+started+"; exec sleep 30")
	s := mustNew(t, p, Options{TempDir: dir})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := s.Solve(ctx, satdoku.MustParse("1...........4..."))
		done <- err
	}()
	var pid string
	for pid == "" { // wait for the program to start
		select {
		case err := <-done:
			t.Fatalf("returned before the cancel: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
		if b, err := os.ReadFile(started); err == nil && strings.HasSuffix(string(b), "\n") {
			pid = strings.TrimSpace(string(b))
		}
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Solve: %v; want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Solve did not return after the cancel")
	}
	if _, err := os.Stat("/proc/" + pid); err == nil {
		if b, _ := os.ReadFile("/proc/" + pid + "/stat"); !strings.Contains(string(b), ") Z ") {
			t.Errorf("the solver process %s is still running", pid)
		}
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
