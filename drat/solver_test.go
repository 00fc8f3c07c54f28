package drat_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/drat"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/solvertest"
	"github.com/satdoku/satdoku/textfmt"
)

// dataDir holds the shared public benchmark sets; SATDOKU_DATA overrides it.
func dataDir() string {
	if d := os.Getenv("SATDOKU_DATA"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "data")
}

// puzzleCase is a puzzle of a data set, with its unique solution, or nil
// for a puzzle without any.
type puzzleCase struct {
	name     string // set:line
	puzzle   *satdoku.Grid
	solution *satdoku.Grid
	encoding encode.Encoding // of the formula, Extended by default
}

// loadCases returns n puzzles spread evenly over the set file (all of them
// if it has fewer), with the solutions of NAME.solutions.txt when
// solutions is set. A missing set skips the test.
func loadCases(t testing.TB, set string, solutions bool, n int) []puzzleCase {
	t.Helper()
	puzzles := readLines(t, set)
	var sols []string
	if solutions {
		sols = readLines(t, strings.TrimSuffix(set, ".txt")+".solutions.txt")
		if len(sols) != len(puzzles) {
			t.Fatalf("%s: %d puzzles, %d solutions", set, len(puzzles), len(sols))
		}
	}
	var cases []puzzleCase
	for k := range min(n, len(puzzles)) {
		i := k * len(puzzles) / min(n, len(puzzles))
		c := puzzleCase{name: fmt.Sprintf("%s:%d", set, i+1), puzzle: mustParse(t, puzzles[i])}
		if solutions {
			c.solution = mustParse(t, sols[i])
		}
		cases = append(cases, c)
	}
	return cases
}

// readLines returns the lines of a data set file, skipping the test if it
// is missing.
func readLines(t testing.TB, name string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dataDir(), name))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("data set %s is missing (set SATDOKU_DATA): %v", name, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(data))
}

func mustParse(t testing.TB, s string) *satdoku.Grid {
	t.Helper()
	g, err := textfmt.Parse(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return g
}

// writeFormula writes the puzzle's formula, with its solution blocked if it
// has one, to dir/name.cnf and reads it back with ReadCNF, checking that it
// is the encoder's formula. Like the other helpers that parallel's
// goroutines call, it returns errors instead of failing the test.
func writeFormula(dir string, c puzzleCase) (string, *drat.Formula, error) {
	var buf bytes.Buffer
	if err := encode.WriteDIMACS(&buf, c.puzzle, encode.DIMACSOptions{Encoding: c.encoding, Block: c.solution}); err != nil {
		return "", nil, err
	}
	path := filepath.Join(dir, strings.NewReplacer(".", "_", ":", "_").Replace(c.name)+".cnf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return "", nil, err
	}
	f, err := drat.ReadCNF(&buf)
	if err != nil {
		return "", nil, err
	}
	var want encode.CNF
	encode.Puzzle(&want, c.puzzle, c.encoding)
	if c.solution != nil {
		encode.Block(&want, c.puzzle, c.solution)
	}
	n := c.puzzle.N()
	if f.Vars != n*n*n || !bytes.Equal(writeCNF(f), writeCNF(&drat.Formula{Vars: n * n * n, Clauses: want.Clauses})) {
		return "", nil, errors.New("ReadCNF does not read the encoder's formula")
	}
	return path, f, nil
}

// solve runs a solver with the arguments, expecting the exit status 20
// (UNSAT), and returns how long it took.
func solve(args ...string) (time.Duration, error) {
	start := time.Now()
	out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
	took := time.Since(start)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 20 {
		return took, fmt.Errorf("%s: %v, want exit status 20 (UNSAT)\n%s", strings.Join(args, " "), err, lastLines(out, 5))
	}
	return took, nil
}

// cadicalProof runs CaDiCaL on the puzzle's formula, with the proof in text
// or binary, and returns the formula, the proof and the solver's time.
func cadicalProof(cadical, dir string, c puzzleCase, binary bool) (*drat.Formula, []byte, time.Duration, error) {
	cnfPath, f, err := writeFormula(dir, c)
	if err != nil {
		return nil, nil, 0, err
	}
	defer os.Remove(cnfPath)
	format := "--no-binary"
	if binary {
		format = "--binary"
	}
	proofPath := cnfPath + format + ".drat"
	defer os.Remove(proofPath)
	took, err := solve(cadical, "-q", format, cnfPath, proofPath)
	if err != nil {
		return nil, nil, 0, err
	}
	data, err := os.ReadFile(proofPath)
	return f, data, took, err
}

// timedCheck checks proof against f and returns how long it took.
func timedCheck(f *drat.Formula, proof []byte) (drat.Stats, time.Duration, error) {
	start := time.Now()
	st, err := drat.Check(f, bytes.NewReader(proof))
	return st, time.Since(start), err
}

// lastLines returns the last n lines of out.
func lastLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.Join(lastN(lines, n), "\n")
}

// proofTotals sums what a batch of checks took.
type proofTotals struct {
	mu              sync.Mutex
	proofs, lemmas  int
	check, solve    time.Duration
	binary, deleted int
}

func (s *proofTotals) add(st drat.Stats, check, solve time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.proofs++
	s.lemmas += st.Lemmas
	s.deleted += st.Deletions
	s.check += check
	s.solve += solve
	if st.Binary {
		s.binary++
	}
}

func (s *proofTotals) String() string {
	return fmt.Sprintf("%d proofs (%d binary), %d lemmas, %d deletions; checked in %v (%.0f proofs/s), solved with proof in %v",
		s.proofs, s.binary, s.lemmas, s.deleted, s.check.Round(time.Millisecond),
		float64(s.proofs)/s.check.Seconds(), s.solve.Round(time.Millisecond))
}

// parallel runs do for each case on GOMAXPROCS goroutines.
func parallel(cases []puzzleCase, do func(puzzleCase)) {
	jobs := make(chan puzzleCase)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				do(c)
			}
		}()
	}
	for _, c := range cases {
		jobs <- c
	}
	close(jobs)
	wg.Wait()
}

// sudokuSets are the 9×9 sets for the solver tests: unique puzzles, whose
// formulas have their solution blocked, and puzzles without a solution.
var sudokuSets = []struct {
	file      string
	solutions bool
}{
	{"kaggle_9999.txt", true},
	{"royle17_49158.txt", true},
	{"magictour_top1465.txt", true},
	{"forum_hardest_1106.txt", true},
	{"derived_nosol_17plus1.txt", false},
}

// forSudokuSets calls do in parallel for per puzzles of each of sudokuSets
// (shortPer with -short), and logs the totals that do adds to.
func forSudokuSets(t *testing.T, per, shortPer int, do func(c puzzleCase, totals *proofTotals)) {
	if testing.Short() {
		per = shortPer
	}
	var totals proofTotals
	for _, set := range sudokuSets {
		parallel(loadCases(t, set.file, set.solutions, per), func(c puzzleCase) { do(c, &totals) })
	}
	t.Log(&totals)
}

// TestCadicalProofs checks CaDiCaL's proofs, text and binary, of real
// puzzles: the unique ones with their solution blocked, and ones with no
// solution. Each must be accepted, and both formats must give the same
// counts.
func TestCadicalProofs(t *testing.T) {
	cadical := solvertest.Need(t, "cadical")
	dir := t.TempDir()
	forSudokuSets(t, 300, 6, func(c puzzleCase, totals *proofTotals) {
		var stats [2]drat.Stats
		for i, binary := range []bool{false, true} {
			f, proof, took, err := cadicalProof(cadical, dir, c, binary)
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				return
			}
			st, checked, err := timedCheck(f, proof)
			if err != nil {
				t.Errorf("%s binary=%v: %v", c.name, binary, err)
			}
			if st.Binary != binary {
				t.Errorf("%s binary=%v: read as Binary=%v", c.name, binary, st.Binary)
			}
			totals.add(st, checked, took)
			st.Binary = false
			stats[i] = st
		}
		if stats[0] != stats[1] {
			t.Errorf("%s: text %+v, binary %+v", c.name, stats[0], stats[1])
		}
	})
}

// TestCryptominisatProofs checks CryptoMiniSat's proofs. Version 5.11
// writes FRAT, not DRAT: its lines "a ID LITS 0 [l HINTS 0]" and
// "d ID LITS 0" are DRAT's lemmas and deletions once the IDs and hints are
// dropped, and its "o" (original) and "f" (final) lines have no DRAT
// counterpart.
func TestCryptominisatProofs(t *testing.T) {
	cms := solvertest.Need(t, "cryptominisat5")
	dir := t.TempDir()
	forSudokuSets(t, 40, 3, func(c puzzleCase, totals *proofTotals) {
		cnfPath, f, err := writeFormula(dir, c)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			return
		}
		defer os.Remove(cnfPath)
		fratPath := cnfPath + ".frat"
		defer os.Remove(fratPath)
		took, err := solve(cms, "--verb", "0", "--threads", "1", cnfPath, fratPath)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			return
		}
		data, err := os.ReadFile(fratPath)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			return
		}
		p, err := fratToDRAT(data)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			return
		}
		st, checked, err := timedCheck(f, p.text())
		totals.add(st, checked, took)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	})
}

// fratToDRAT turns a text FRAT proof into DRAT steps.
func fratToDRAT(data []byte) (proof, error) {
	var p proof
	for i, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "o", "f":
			continue
		case "a", "d":
		default:
			return nil, fmt.Errorf("FRAT line %d: unknown step %q", i+1, line)
		}
		s := step{del: fields[0] == "d"}
		for _, f := range fields[2:] {
			x, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("FRAT line %d: %v", i+1, err)
			}
			if x == 0 {
				break
			}
			s.lits = append(s.lits, x)
		}
		p = append(p, s)
	}
	return p, nil
}

// TestCadicalRandom checks CaDiCaL's proofs of random small unsatisfiable
// formulas, which must be accepted, and checks the latest of them against
// each satisfiable formula, which must reject them all.
func TestCadicalRandom(t *testing.T) {
	cadical := solvertest.Need(t, "cadical")
	rounds := 300
	if testing.Short() {
		rounds = 30
	}
	rng := rand.New(rand.NewPCG(9, 10))
	dir := t.TempDir()
	var proofs [][]byte
	for round := range rounds {
		f := randomCNF(rng)
		if bruteSAT(f) {
			for _, p := range lastN(proofs, 8) {
				if _, err := drat.Check(f, bytes.NewReader(p)); !errors.Is(err, drat.ErrLemma) && !errors.Is(err, drat.ErrNoEmpty) {
					t.Fatalf("round %d: a proof for a satisfiable formula: %v\n%s", round, err, writeCNF(f))
				}
			}
			continue
		}
		cnfPath := filepath.Join(dir, "f.cnf")
		if err := os.WriteFile(cnfPath, writeCNF(f), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{"--no-binary", "--binary"} {
			proofPath := filepath.Join(dir, "f.drat")
			if _, err := solve(cadical, "-q", format, cnfPath, proofPath); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(proofPath)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := drat.Check(f, bytes.NewReader(data)); err != nil {
				t.Fatalf("round %d %s: %v\n%s", round, format, err, writeCNF(f))
			}
			proofs = append(proofs, data)
		}
	}
}

// cases25 returns the 25×25 puzzles with one solution, from
// misc_25x25.expected.txt ("count:solution" per line).
func cases25(t testing.TB) []puzzleCase {
	t.Helper()
	puzzles := readLines(t, "misc_25x25.txt")
	expected := readLines(t, "misc_25x25.expected.txt")
	var cases []puzzleCase
	for i, e := range expected {
		count, sol, _ := strings.Cut(e, ":")
		if count == "1" {
			cases = append(cases, puzzleCase{
				name:     fmt.Sprintf("misc_25x25.txt:%d", i+1),
				puzzle:   mustParse(t, puzzles[i]),
				solution: mustParse(t, sol),
			})
		}
	}
	return cases
}

// TestCadical25x25 checks CaDiCaL's binary proofs of the uniqueness of the
// 25×25 puzzles, and logs their size and the times.
func TestCadical25x25(t *testing.T) {
	if testing.Short() {
		t.Skip("25×25 formulas are large")
	}
	cadical := solvertest.Need(t, "cadical")
	dir := t.TempDir()
	for _, c := range cases25(t) {
		f, proof, took, err := cadicalProof(cadical, dir, c, true)
		if err != nil {
			t.Fatal(err)
		}
		st, checked, err := timedCheck(f, proof)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		t.Logf("%s: %d clauses; proof %d bytes, %d lemmas, %d deletions; checked in %v, CaDiCaL took %v",
			c.name, len(f.Clauses), len(proof), st.Lemmas, st.Deletions, checked.Round(time.Millisecond), took.Round(time.Millisecond))
	}
}
