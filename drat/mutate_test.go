package drat_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/drat"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/solvertest"
)

// TestCadicalMutations breaks CaDiCaL's proofs of hard puzzles in ways that
// must make them fail, each decided independently of drat.Check: by the
// reference checker (which checks single steps fast enough on 9×9
// formulas), by a model of the formula (a satisfiable formula has no
// refutation), or by both. The proofs lose their deletions first, so that the
// clauses present are the formula and the lemmas before, for the reference
// checker as for Check; without deletions a RUP proof stays valid, as RUP
// only gets easier with more clauses.
func TestCadicalMutations(t *testing.T) {
	cadical := solvertest.Need(t, "cadical")
	per := 15
	if testing.Short() {
		per = 1
	}
	cases := append(loadCases(t, "magictour_top1465.txt", true, per), loadCases(t, "forum_hardest_1106.txt", true, per)...)
	rng := rand.New(rand.NewPCG(7, 8))
	dir := t.TempDir()
	proved := map[string]int{} // mutations proved invalid and rejected, by kind
	for k, c := range cases {
		cnfPath, f, err := writeFormula(dir, c)
		if err != nil {
			t.Fatal(err)
		}
		proofPath := cnfPath + ".drat"
		if _, err := solve(cadical, "-q", "--no-binary", cnfPath, proofPath); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(proofPath)
		if err != nil {
			t.Fatal(err)
		}
		full, err := parseTextProof(data)
		if err != nil {
			t.Fatal(err)
		}
		lem := full.lemmas()
		check := func(p proof) verdict {
			st, err := drat.Check(f, bytes.NewReader(p.binary()))
			return verdictOf(st, err)
		}
		if v := check(lem); v.Err != nil {
			t.Fatalf("%s: the proof without deletions: %+v", c.name, v)
		}
		// prefix is a reference checker over the formula and lem[:i].
		prefix := func(i int) *refChecker {
			r := newRefChecker(f)
			r.clauses = append(r.clauses, lem[:i].clauses()...)
			return r
		}
		implied := func(r *refChecker, lemma []int) bool { return r.rup(lemma) || r.ratOn(lemma) }
		// refutedAt is the first i with the formula and lem[:i] refuted by
		// propagation: from there on every lemma is implied.
		refutedAt := len(lem)
		for refutedAt > 0 && prefix(refutedAt-1).propagate(nil) {
			refutedAt--
		}
		t.Logf("%s: %d lemmas, %d deletions; refuted by propagation after %d lemmas", c.name, len(lem), len(full)-len(lem), refutedAt)

		// The empty clause first: wrong unless propagation refutes the formula.
		if v := check(append(proof{add()}, lem...)); refutedAt == 0 && v.Err != nil || refutedAt > 0 && (v.Err != drat.ErrLemma || v.Lemma != 1) {
			t.Errorf("%s: empty clause first: %+v", c.name, v)
		} else if refutedAt > 0 {
			proved["premature empty clause"]++
		}

		// Cut before the refutation: with or without deletions, the clauses
		// present are a subset of those that propagation does not refute.
		if refutedAt > 0 {
			cut := lem[:refutedAt-1]
			if v := check(cut); v.Err != drat.ErrNoEmpty {
				t.Errorf("%s: cut after %d lemmas: %+v", c.name, len(cut), v)
			}
			withDeletions := full[:indexOfLemma(full, refutedAt-1)]
			if v := check(withDeletions); v.Err != drat.ErrNoEmpty {
				t.Errorf("%s: cut after %d lemmas with deletions: %+v", c.name, len(cut), v)
			} else {
				proved["cut short"]++
			}
		}

		if refutedAt == 0 {
			continue // nothing to break: propagation refutes the formula
		}

		// A literal negated, where the reference checker finds the new lemma
		// neither RUP nor RAT: Check must reject that very lemma.
		for range 6 {
			i := rng.IntN(refutedAt)
			if len(lem[i].lits) == 0 {
				continue
			}
			lits := slices.Clone(lem[i].lits)
			j := rng.IntN(len(lits))
			lits[j] = -lits[j]
			if implied(prefix(i), lits) {
				continue
			}
			q := slices.Clone(lem)
			q[i] = add(lits...)
			if v := check(q); v.Err != drat.ErrLemma || v.Lemma != i+1 {
				t.Errorf("%s: lemma %d with literal %d negated: %+v", c.name, i+1, j+1, v)
			} else {
				proved["literal negated"]++
			}
		}

		// A lemma dropped where the reference checker finds the next one not
		// implied without it.
		for range 6 {
			i := rng.IntN(refutedAt)
			if i+1 >= len(lem) || implied(prefix(i), lem[i+1].lits) {
				continue
			}
			q := slices.Delete(slices.Clone(lem), i, i+1)
			if v := check(q); v.Err != drat.ErrLemma || v.Lemma != i+1 {
				t.Errorf("%s: lemma %d dropped: %+v", c.name, i+1, v)
			} else {
				proved["lemma dropped"]++
			}
		}

		// The formula without its blocking clause is satisfied by the
		// solution, and then no proof refutes it: neither this one nor the
		// next puzzle's.
		model := gridModel(c)
		unblocked := &drat.Formula{Vars: f.Vars, Clauses: f.Clauses[:len(f.Clauses)-1]}
		if !satisfies(model, unblocked.Clauses) || satisfies(model, f.Clauses) {
			t.Fatalf("%s: the last clause is not the block of the solution", c.name)
		}
		other := cases[(k+1)%len(cases)]
		otherPath, _, err := writeFormula(dir, other)
		if err != nil {
			t.Fatal(err)
		}
		otherProof := otherPath + ".drat"
		if _, err := solve(cadical, "-q", otherPath, otherProof); err != nil {
			t.Fatal(err)
		}
		otherData, err := os.ReadFile(otherProof)
		if err != nil {
			t.Fatal(err)
		}
		for name, p := range map[string][]byte{"its proof": data, "its proof in binary": full.binary(), "another puzzle's proof": otherData} {
			if st, err := drat.Check(unblocked, bytes.NewReader(p)); !errors.Is(err, drat.ErrLemma) && !errors.Is(err, drat.ErrNoEmpty) {
				t.Errorf("%s without its block, %s: %+v %v", c.name, name, st, err)
			} else {
				proved["satisfiable formula"]++
			}
		}

		// The formula without the unit of one of the givens, when CaDiCaL
		// finds a model of it, which the test checks.
		for range 2 {
			g := rng.IntN(c.puzzle.Givens())
			i := len(f.Clauses) - 1 - c.puzzle.Givens() + g // the givens' units come before the block
			if len(f.Clauses[i]) != 1 {
				t.Fatalf("%s: clause %d is not a given's unit", c.name, i+1)
			}
			less := &drat.Formula{Vars: f.Vars, Clauses: slices.Delete(slices.Clone(f.Clauses), i, i+1)}
			model, sat, err := cadicalModel(cadical, dir, less)
			if err != nil {
				t.Fatal(err)
			}
			if !sat {
				continue
			}
			if !satisfies(model, less.Clauses) {
				t.Fatalf("%s: CaDiCaL's model is not one", c.name)
			}
			if st, err := drat.Check(less, bytes.NewReader(data)); !errors.Is(err, drat.ErrLemma) && !errors.Is(err, drat.ErrNoEmpty) {
				t.Errorf("%s without given %d: %+v %v", c.name, g+1, st, err)
			} else {
				proved["satisfiable formula"]++
			}
		}
	}
	t.Logf("rejected, and proved invalid: %v", proved)
	for _, kind := range []string{"premature empty clause", "cut short", "literal negated", "lemma dropped", "satisfiable formula"} {
		if proved[kind] == 0 {
			t.Errorf("no %s mutation was proved invalid", kind)
		}
	}
}

// clauses returns the literals of the steps.
func (p proof) clauses() [][]int {
	cls := make([][]int, len(p))
	for i, s := range p {
		cls[i] = s.lits
	}
	return cls
}

// indexOfLemma returns the index in p of its lemma number i (from 0).
func indexOfLemma(p proof, i int) int {
	for k, s := range p {
		if !s.del {
			if i == 0 {
				return k
			}
			i--
		}
	}
	return len(p)
}

// gridModel returns the assignment of the puzzle's solution: variable
// var(r, c, d) is true when the solution has d at (r, c).
func gridModel(c puzzleCase) []bool {
	n := c.puzzle.N()
	model := make([]bool, n*n*n+1)
	for i := range c.solution.Len() {
		model[encode.Var(n, i/n, i%n, c.solution.Cell(i))] = true
	}
	return model
}

// cadicalModel runs CaDiCaL on f and returns its model, with sat true, if f
// is satisfiable.
func cadicalModel(cadical, dir string, f *drat.Formula) ([]bool, bool, error) {
	path, err := os.CreateTemp(dir, "model-*.cnf")
	if err != nil {
		return nil, false, err
	}
	defer os.Remove(path.Name())
	if _, err := path.Write(writeCNF(f)); err != nil {
		return nil, false, err
	}
	path.Close()
	out, err := exec.Command(cadical, "-q", path.Name()).Output()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == 20:
		return nil, false, nil
	case !errors.As(err, &exit) || exit.ExitCode() != 10:
		return nil, false, fmt.Errorf("cadical: %v", err)
	}
	model := make([]bool, f.Vars+1)
	for _, line := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(line, "v ") {
			continue
		}
		for _, field := range strings.Fields(line)[1:] {
			x, err := strconv.Atoi(field)
			if err != nil {
				return nil, false, err
			}
			if x > 0 && x <= f.Vars {
				model[x] = true
			}
		}
	}
	return model, true, nil
}
