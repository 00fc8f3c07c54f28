package extsolve

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/solvertest"
)

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
				if testing.Short() && i%3 != 0 {
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
	err = encode.WriteDIMACS(f, satdoku.MustParse(hard), encode.DIMACSOptions{Block: satdoku.MustParse(hardSolution)})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	const unsat = `echo 's UNSATISFIABLE'; exit 20`
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
		{"satisfiable, the empty clause at once", several4, `echo 0 > "$3"; ` + unsat, false},
		{"satisfiable, units that contradict", unique4, `printf '1 0\n-1 0\n0\n' > "$3"; ` + unsat, false},
		{"satisfiable, a valid refutation of another formula", unique4, real + ` -q --no-binary ` + other + ` "$3" > /dev/null; ` + unsat, true},
		{"no proof file", unique4, unsat, false},
		{"an empty proof file", unique4, `: > "$3"; ` + unsat, false},
		{"a proof that does not parse", unique4, `echo 'x y z' > "$3"; ` + unsat, false},
		{"blocked, the empty clause at once", hard, second(`echo 0 > "$3"; ` + unsat), true},
		{"blocked, the second half of the lemmas missing", hard, second(real + ` -q --no-binary "$2" "$3.full"; s=$?; head -n $(($(wc -l < "$3.full") / 2)) "$3.full" > "$3"; echo 0 >> "$3"; rm "$3.full"; exit $s`), true},
		{"blocked, the proof cut in half", hard, second(real + ` -q "$2" "$3.full"; s=$?; head -c $(($(wc -c < "$3.full") / 2)) "$3.full" > "$3"; rm "$3.full"; exit $s`), true},
		{"blocked, no empty clause", hard, second(real + ` -q --no-binary "$2" "$3.full"; s=$?; grep -v '^0$' "$3.full" > "$3"; rm "$3.full"; exit $s`), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.real && real == "" {
				solvertest.Need(t, "cadical")
			}
			p := script(t, "cadical", tt.body)
			dir := t.TempDir()
			s := mustNew(t, p, Options{TempDir: dir, Certify: true})
			g := satdoku.MustParse(tt.puzzle)
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
	// slowly and for ever (until the reader goes away).
	p := script(t, "cadical", `mkfifo "$3" || exit 1
(while :; do echo '1 2 0'; sleep 0.01; done > "$3" 2>/dev/null &)
echo 's UNSATISFIABLE'; exit 20`)
	s := mustNew(t, p, Options{TempDir: t.TempDir(), Certify: true, Timeout: 300 * time.Millisecond})
	start := time.Now()
	_, err := s.Solve(context.Background(), satdoku.MustParse(unique4))
	if !errors.Is(err, backend.ErrTimeout) || errors.Is(err, ErrProof) {
		t.Fatalf("Solve: %v; want a timeout", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %v", took)
	}
}
