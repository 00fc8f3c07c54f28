package extsolve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/solvertest"
	"github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
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
		g, err := textfmt.Parse(s)
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
	if testing.Short() && race.Enabled {
		ps = every(ps, 3) // make test: every kind, fewer of each
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
	g := textfmt.MustParse("123............4")
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
	return solvertest.Script(t, name, body)
}

// TestFailures checks that every way a solver can fail is an error, never
// an answer.
func TestFailures(t *testing.T) {
	g := textfmt.MustParse("1...........4...")
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
		_, err := s.Solve(ctx, textfmt.MustParse("1...........4..."))
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

// TestCertify: with cadical and Certify, every none and unique answer of
// Unique, and every count below the limit, comes with a checked DRAT proof
// (in every encoding); a multiple answer, and a count that reaches its
// limit, claim no unsatisfiability and carry no certificate.
func TestCertify(t *testing.T) {
	path := solvertest.Need(t, "cadical")
	ps := puzzles(t)
	for _, tt := range []struct{ name, enc string }{
		{"cadical", "extended"}, {"cadical", "minimal"}, {"cadical", "reduced"}, {path, "extended"},
	} {
		t.Run(tt.enc+"/"+tt.name, func(t *testing.T) {
			e, err := encode.ParseEncoding(tt.enc)
			if err != nil {
				t.Fatal(err)
			}
			o := Options{Encoding: e, TempDir: t.TempDir(), Certify: true}
			s := mustNew(t, tt.name, o)
			for i, p := range ps {
				if testing.Short() && i%3 != 0 || race.Enabled && i%6 != 0 {
					continue
				}
				res, err := s.Unique(context.Background(), p.g)
				if err != nil {
					t.Fatalf("%v: %v", p.g, err)
				}
				checkCertificate(t, p.g, res, res.Status != backend.StatusMultiple, tt.name)
				res, err = s.Count(context.Background(), p.g, 3)
				if err != nil {
					t.Fatalf("%v: %v", p.g, err)
				}
				if res.Count != min(p.count, 3) {
					t.Fatalf("%v: count %d, want %d", p.g, res.Count, min(p.count, 3))
				}
				checkCertificate(t, p.g, res, res.Count < 3, tt.name)
			}
			if left, _ := os.ReadDir(o.TempDir); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// checkCertificate requires a checked DRAT certificate on res when want,
// and none otherwise.
func checkCertificate(t *testing.T, g *satdoku.Grid, res backend.Result, want bool, by string) {
	t.Helper()
	c := res.Certificate
	if !want {
		if c != (backend.Certificate{}) {
			t.Fatalf("%v: %v (count %d) with the certificate %+v", g, res.Status, res.Count, c)
		}
		return
	}
	if c.Method != "drat" || c.By != by || c.Proofs != 1 || c.Check <= 0 {
		t.Fatalf("%v: %v (count %d) with the certificate %+v", g, res.Status, res.Count, c)
	}
	if s := c.String(); s != "DRAT proof by "+by+", checked" {
		t.Fatalf("certificate %q", s)
	}
}

// TestCertifyNoProof: a solver that cannot write DRAT proofs cannot
// certify.
func TestCertifyNoProof(t *testing.T) {
	for _, name := range []string{"minisat", "picosat", "cryptominisat5", "clasp", "kissat", "my-solver"} {
		p := script(t, name, "exit 20")
		s, err := New(p, Options{Certify: true})
		if !errors.Is(err, ErrNoProof) || s != nil {
			t.Errorf("%s: New = %v, %v; want ErrNoProof", name, s, err)
		}
		if _, err := New(p, Options{}); err != nil {
			t.Errorf("%s without Certify: %v", name, err)
		}
	}
}

// A 4×4 puzzle with one solution, and one with several.
const (
	unique4  = ".34..2.........3"
	several4 = "1...........4..."
)

// hard is a 9×9 puzzle with one solution that unit propagation does not
// find: its formula with the solution blocked is UNSAT, and no short proof
// refutes it.
const (
	hard         = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	hardSolution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
)

// TestCertifyRejects: a fake cadical answers UNSAT with a bad proof, or
// none: for a satisfiable formula (which no proof can refute), and for the
// unsatisfiable formula of a unique puzzle with its solution blocked (the
// fake lets the real cadical find the solution first). Each call fails with
// ErrProof, a backend.ErrCertificate and not a backend.ErrFailed, without
// a verdict, and the temporary files are gone.
func TestCertifyRejects(t *testing.T) {
	real, _ := exec.LookPath("cadical")
	other := filepath.Join(t.TempDir(), "other.cnf")
	f, err := os.Create(other)
	if err != nil {
		t.Fatal(err)
	}
	// A formula that is UNSAT: the puzzle hard with its solution blocked.
	err = encode.WriteDIMACS(f, textfmt.MustParse(hard), encode.DIMACSOptions{Block: textfmt.MustParse(hardSolution)})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	const unsat = `echo 's UNSATISFIABLE'; exit 20`
	// The first run of a call is given no proof file ($3): it usually finds
	// a solution. When it answers UNSAT the call runs it again with one.
	const proof = `p=${3:-/dev/null}; `
	// second runs the real cadical on the first call (the puzzle's
	// formula, SAT) and the rest of the body on the next (the formula with
	// the solution blocked).
	second := func(body string) string {
		return `if [ ! -e "$0.ran" ]; then : > "$0.ran"; exec ` + real + ` -q "$2"; fi; ` + body
	}
	tests := []struct {
		name   string
		puzzle string
		body   string // $2 is the CNF, $3 the proof
		real   bool   // needs the real cadical
	}{
		{"satisfiable, the empty clause at once", several4, proof + `echo 0 > "$p"; ` + unsat, false},
		{"satisfiable, units that contradict", unique4, proof + `printf '1 0\n-1 0\n0\n' > "$p"; ` + unsat, false},
		{"satisfiable, a valid refutation of another formula", unique4, proof + real + ` -q --no-binary ` + other + ` "$p" > /dev/null; ` + unsat, true},
		{"no proof file", unique4, unsat, false},
		{"an empty proof file", unique4, proof + `: > "$p"; ` + unsat, false},
		{"a proof that does not parse", unique4, proof + `echo 'x y z' > "$p"; ` + unsat, false},
		{"blocked, the empty clause at once", hard, second(`echo 0 > "$3"; ` + unsat), true},
		{"blocked, the second half of the lemmas missing", hard, second(real + ` -q --no-binary "$2" "$3.full"; s=$?; head -n $(($(wc -l < "$3.full") / 2)) "$3.full" > "$3"; echo 0 >> "$3"; rm "$3.full"; exit $s`), true},
		{"blocked, the proof cut in half", hard, second(real + ` -q "$2" "$3.full"; s=$?; head -c $(($(wc -c < "$3.full") / 2)) "$3.full" > "$3"; rm "$3.full"; exit $s`), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.real && real == "" {
				solvertest.Need(t, "cadical")
			}
			p := script(t, "cadical", tt.body)
			dir := t.TempDir()
			s := mustNew(t, p, Options{TempDir: dir, Certify: true})
			g := textfmt.MustParse(tt.puzzle)
			res, err := s.Unique(context.Background(), g)
			if !errors.Is(err, ErrProof) || !errors.Is(err, backend.ErrCertificate) || errors.Is(err, backend.ErrFailed) {
				t.Fatalf("Unique = %v, %+v, %v; want ErrProof", res.Status, res.Certificate, err)
			}
			if res.Status != backend.StatusUnknown || res.Certificate != (backend.Certificate{}) {
				t.Fatalf("a verdict with the error: %v, %+v", res.Status, res.Certificate)
			}
			if !strings.Contains(err.Error(), p+" answered UNSAT") {
				t.Errorf("error %q does not say who claimed what", err)
			}
			if left, _ := os.ReadDir(dir); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
			t.Log(err)
		})
	}
}

// TestCertifyTimeout: the Timeout covers the check of the proof; a check
// cut short is a timeout, not a rejected proof.
func TestCertifyTimeout(t *testing.T) {
	if _, err := exec.LookPath("mkfifo"); err != nil {
		t.Skip("no mkfifo")
	}
	// The fake's proof is a pipe that a loop writes valid lemmas to,
	// slowly, until the reader goes away (or for 5 s at most). The loop's
	// process id goes to a file, so that it can be stopped at the end
	// should it still be waiting for a reader.
	pidFile := filepath.Join(t.TempDir(), "writer")
	p := script(t, "cadical", `[ -n "$3" ] || { echo 's UNSATISFIABLE'; exit 20; }
mkfifo "$3" || exit 1
sh -c 'echo $$ > `+pidFile+`; i=0; while [ $i -lt 500 ] && echo "1 2 0"; do i=$((i+1)); sleep 0.01; done > "$1"' sh "$3" > /dev/null 2>&1 &
echo 's UNSATISFIABLE'; exit 20`)
	t.Cleanup(func() {
		b, err := os.ReadFile(pidFile)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil {
			if proc, err := os.FindProcess(pid); err == nil {
				proc.Kill() // gone already, normally
			}
		}
	})
	s := mustNew(t, p, Options{TempDir: t.TempDir(), Certify: true, Timeout: 200 * time.Millisecond})
	start := time.Now()
	_, err := s.Solve(context.Background(), textfmt.MustParse(unique4))
	if !errors.Is(err, backend.ErrTimeout) || errors.Is(err, ErrProof) {
		t.Fatalf("Solve: %v; want a timeout", err)
	}
	// Well before the second that exec waits for a program's output to
	// close (WaitDelay): the program ended, and the check was cut short.
	if took := time.Since(start); took > 900*time.Millisecond {
		t.Errorf("took %v", took)
	}
}

// TestCertifyEmptyClause: a reduced formula that holds the empty clause (a
// cell with no candidate left) is refuted by the formula alone, whatever
// the proof.
func TestCertifyEmptyClause(t *testing.T) {
	solvertest.Need(t, "cadical")
	s := mustNew(t, "cadical", Options{Encoding: encode.Reduced, TempDir: t.TempDir(), Certify: true})
	res, err := s.Solve(context.Background(), textfmt.MustParse("123............4"))
	if err != nil || res.Status != backend.StatusNone {
		t.Fatalf("Solve = %v, %v; want none", res.Status, err)
	}
	checkCertificate(t, nil, res, true, "cadical")
}

// TestCertifyProofRuns: a call's first run writes no proof (it usually
// finds a solution); the runs after it write one at once; a first run that
// answers UNSAT is run again with a proof.
func TestCertifyProofRuns(t *testing.T) {
	real := solvertest.Need(t, "cadical")
	log := filepath.Join(t.TempDir(), "runs")
	p := script(t, "cadical", `echo $# >> `+log+`; exec `+real+` "$@"`)
	s := mustNew(t, p, Options{TempDir: t.TempDir(), Certify: true})
	for _, tt := range []struct {
		puzzle string
		call   func(context.Context, *satdoku.Grid) (backend.Result, error)
		want   string // the number of arguments of each run: 2 without a proof, 3 with one
	}{
		{unique4, s.Solve, "2"},
		{unique4, s.Unique, "2 3"},
		{"123............4", s.Unique, "2 3"},
		{several4, func(ctx context.Context, g *satdoku.Grid) (backend.Result, error) { return s.Count(ctx, g, 3) }, "2 3 3"},
	} {
		os.Remove(log)
		if _, err := tt.call(context.Background(), textfmt.MustParse(tt.puzzle)); err != nil {
			t.Fatalf("%s: %v", tt.puzzle, err)
		}
		b, _ := os.ReadFile(log)
		if got := strings.Join(strings.Fields(string(b)), " "); got != tt.want {
			t.Errorf("%s: runs with %s arguments, want %s", tt.puzzle, got, tt.want)
		}
	}
}

// TestCertifyInconsistent: a solver that answers UNSAT, then SAT for the
// same formula when asked for a proof, fails the call.
func TestCertifyInconsistent(t *testing.T) {
	// A model of unique4's solution, 1342423131242413.
	var model strings.Builder
	model.WriteString("v")
	for i, ch := range "1342423131242413" {
		for d := 1; d <= 4; d++ {
			v := i*4 + d
			if int(ch-'0') != d {
				v = -v
			}
			model.WriteString(" " + strconv.Itoa(v))
		}
	}
	model.WriteString(" 0")
	p := script(t, "cadical", `if [ -z "$3" ]; then echo 's UNSATISFIABLE'; exit 20; fi
echo 's SATISFIABLE'; echo '`+model.String()+`'; exit 10`)
	_, err := mustNew(t, p, Options{TempDir: t.TempDir(), Certify: true}).Solve(context.Background(), textfmt.MustParse(unique4))
	if !errors.Is(err, ErrOutput) || !strings.Contains(err.Error(), "answered UNSAT, then SAT") {
		t.Fatalf("Solve: %v; want ErrOutput", err)
	}
}

// every returns every k-th element of xs, from the first.
func every[T any](xs []T, k int) []T {
	var out []T
	for i := 0; i < len(xs); i += k {
		out = append(out, xs[i])
	}
	return out
}

// TestModelOnly counts, with each solver, puzzles whose DIMACS file is for
// the solver alone (values from 0, grids that are not square, cells outside
// the grid, a chaos construction's label cells) and requires the counts and
// the solutions of the validator's own counter.
func TestModelOnly(t *testing.T) {
	texts := []string{
		".Shape~4x4~0-3.~R1C2_2~R1C3_3~R2C2_1~R4C4_2",
		".Shape~4x4~0-3.~R1C2_2~R1C3_3",
		".Shape~2x3.~R1C1_1~R2C2_3",
		".Shape~3x4.~R1C1_1~R2C2_3~R3C4_2",
		".Shape~4x4.Var~S~sum~2.Arrow~VS1~R1C1~R1C2.Arrow~VS2~R2C1~R3C1.Thermo~VS1~VS2.~R3C3_4~R4C4_1~R2C2_4",
		".Shape~4x4.Var~S~sum~2.Arrow~VS1~R1C1~R1C2.~R3C3_4~R4C4_1~R2C2_4",
		".Shape~4x4.NoBoxes.ChaosConstruction.~R1C1_1~R2C2_2~R3C3_3",
	}
	for _, name := range solvers {
		t.Run(name, func(t *testing.T) {
			solvertest.Need(t, name)
			s := mustNew(t, name, Options{TempDir: t.TempDir(), Encoding: encode.Reduced})
			for _, text := range texts {
				p, err := iss.Read(text)
				if err != nil {
					t.Fatalf("%s: %v", text, err)
				}
				if encode.Carries(p.Grid.Rules()) == nil {
					t.Fatalf("%s: a DIMACS puzzle file carries it: not a case of this test", text)
				}
				const limit = 6
				want, _ := verify.Count(p.Grid, limit)
				got, err := s.Count(context.Background(), p.Grid, limit)
				if err != nil {
					t.Fatalf("%s: %v", text, err)
				}
				if got.Count != want {
					t.Fatalf("%s: %s counts %d, the validator %d", text, name, got.Count, want)
				}
				t.Logf("%s: %d", text, want)
				for _, sol := range []*satdoku.Grid{got.Solution, got.Second} {
					if sol != nil {
						if err := verify.Solution(p.Grid, sol); err != nil {
							t.Fatalf("%s: %s's solution rejected: %v", text, name, err)
						}
					}
				}
			}
		})
	}
}
