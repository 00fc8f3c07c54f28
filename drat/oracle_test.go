package drat_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/drat"
)

// randomCNF returns a random formula over 3..12 variables with clauses of one
// to four literals, mostly three, dense enough that about half are
// unsatisfiable.
func randomCNF(rng *rand.Rand) *drat.Formula {
	n := 3 + rng.IntN(10)
	m := n * (3 + rng.IntN(4))
	f := &drat.Formula{Vars: n}
	for range m {
		width := []int{1, 2, 2, 3, 3, 3, 3, 3, 4}[rng.IntN(9)]
		if width == 1 && rng.IntN(4) > 0 {
			width = 3 // units only now and then, or propagation decides too much
		}
		f.Clauses = append(f.Clauses, randomClause(rng, n, width))
	}
	return f
}

// randomClause returns a clause of width literals over variables 1..n.
func randomClause(rng *rand.Rand, n, width int) []int {
	cl := make([]int, width)
	for i := range cl {
		cl[i] = 1 + rng.IntN(n)
		if rng.IntN(2) == 0 {
			cl[i] = -cl[i]
		}
	}
	return cl
}

// checkBoth checks p in text and in binary and returns the text result
// after making sure the binary one is the same.
func checkBoth(t *testing.T, f *drat.Formula, p proof) (drat.Stats, error) {
	t.Helper()
	st, err := drat.Check(f, bytes.NewReader(p.text()))
	bst, berr := drat.Check(f, bytes.NewReader(p.binary()))
	bst.Binary = false
	if bst != st || (err == nil) != (berr == nil) || (err != nil && !errors.Is(berr, unwrapSentinel(err))) {
		t.Fatalf("text: %+v %v; binary: %+v %v", st, err, bst, berr)
	}
	return st, err
}

// unwrapSentinel returns the sentinel that err wraps.
func unwrapSentinel(err error) error {
	for _, s := range []error{drat.ErrLemma, drat.ErrNoEmpty, drat.ErrSyntax} {
		if errors.Is(err, s) {
			return s
		}
	}
	return err
}

// withDefinitions inserts, at random places of p, definitions of new
// variables from next on as the conjunction of two literals (z ↔ a∧b:
// (-z a), (-z b), (z -a -b)), which are RAT on their first literal, z being
// new.
func withDefinitions(rng *rand.Rand, p proof, n, next int) proof {
	var q proof
	for _, s := range p {
		if rng.IntN(4) == 0 {
			z := next
			next++
			ab := randomClause(rng, n, 2)
			q = append(q, add(-z, ab[0]), add(-z, ab[1]), add(z, -ab[0], -ab[1]))
		}
		q = append(q, s)
	}
	return q
}

// TestRandomFormulas checks random small formulas whose satisfiability brute
// force decides. An unsatisfiable one gets a DPLL refutation, with and
// without deletions and definitions of new variables, which Check must
// accept, agreeing with the reference checker; a satisfiable one must see
// every proof rejected: the refutations of the other formulas, and one of
// the formula with clauses added until it is unsatisfiable.
func TestRandomFormulas(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rounds := 2000
	if testing.Short() {
		rounds = 200
	}
	var refutations []proof
	var nsat, nunsat int
	for round := range rounds {
		f := randomCNF(rng)
		if !bruteSAT(f) {
			nunsat++
			p, ok := dpllProof(f, false)
			if !ok {
				t.Fatalf("round %d: DPLL finds a model of an unsatisfiable formula", round)
			}
			ref := refCheck(f, p)
			if ref.Err != nil {
				t.Fatalf("round %d: the reference checker rejects a DPLL proof: %+v", round, ref)
			}
			if _, err := checkBoth(t, f, p); err != nil {
				t.Fatalf("round %d: DPLL proof: %v\n%s%s", round, err, writeCNF(f), p.text())
			}
			pd, _ := dpllProof(f, true)
			if _, err := checkBoth(t, f, pd); err != nil {
				t.Fatalf("round %d: DPLL proof with deletions: %v\n%s%s", round, err, writeCNF(f), pd.text())
			}
			pe := withDefinitions(rng, p, f.Vars, f.Vars+1)
			st, err := checkBoth(t, f, pe)
			if ref := refCheck(f, pe); verdictOf(st, err) != ref || err != nil {
				t.Fatalf("round %d: with definitions: %+v %v, reference %+v\n%s%s", round, st, err, ref, writeCNF(f), pe.text())
			}
			refutations = append(refutations, p, pd, pe)
			continue
		}
		nsat++
		// A refutation of f plus clauses: the most plausible wrong proof.
		g := &drat.Formula{Vars: f.Vars, Clauses: slices.Clone(f.Clauses)}
		for bruteSAT(g) {
			g.Clauses = append(g.Clauses, randomClause(rng, f.Vars, 1+rng.IntN(3)))
		}
		pg, _ := dpllProof(g, rng.IntN(2) == 0)
		candidates := append([]proof{pg, withDefinitions(rng, pg, f.Vars, f.Vars+1)}, lastN(refutations, 10)...)
		for _, p := range candidates {
			if _, err := checkBoth(t, f, p); !errors.Is(err, drat.ErrLemma) && !errors.Is(err, drat.ErrNoEmpty) {
				t.Fatalf("round %d: a proof for a satisfiable formula: %v\n%s%s", round, err, writeCNF(f), p.text())
			}
		}
	}
	t.Logf("%d unsatisfiable, %d satisfiable", nunsat, nsat)
	if nunsat < rounds/5 || nsat < rounds/5 {
		t.Errorf("unbalanced: %d unsatisfiable, %d satisfiable", nunsat, nsat)
	}
}

// lastN returns the last n elements of s.
func lastN[T any](s []T, n int) []T { return s[max(0, len(s)-n):] }

// TestRandomLemmas compares Check with the reference checker on random
// proofs: lemmas drawn at random (some over a new variable) and kept while
// the reference accepts them, then one it may reject; and deletions of
// clauses present, or not, that have no literal true at the top level.
// Both must agree on the verdict, the rejected lemma and the count of RAT
// lemmas; and no proof may refute a satisfiable formula.
func TestRandomLemmas(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	rounds := 3000
	if testing.Short() {
		rounds = 300
	}
	var verdicts [4]int // accepted, ErrLemma, ErrNoEmpty, RAT used
	for round := range rounds {
		f := randomCNF(rng)
		sat := bruteSAT(f)
		r := newRefChecker(f)
		r.refuted = r.propagate(nil)
		var p proof
		for range 1 + rng.IntN(30) {
			if rng.IntN(3) == 0 {
				if d := deletable(rng, r, f.Vars); d != nil {
					r.del(d)
					p = append(p, del(d...))
				}
				continue
			}
			var lemma []int
			if rng.IntN(12) > 0 {
				lemma = randomClause(rng, f.Vars+2, 1+rng.IntN(3))
			}
			ok := r.add(lemma)
			if !ok && rng.IntN(5) > 0 {
				continue // drawn again
			}
			p = append(p, add(lemma...))
			if !ok {
				break
			}
		}
		ref := refCheck(f, p)
		st, err := checkBoth(t, f, p)
		got := verdictOf(st, err)
		if got != ref {
			t.Fatalf("round %d: Check %+v (%v), reference %+v\n%s%s", round, got, err, ref, writeCNF(f), p.text())
		}
		if err == nil && sat {
			t.Fatalf("round %d: a satisfiable formula refuted\n%s%s", round, writeCNF(f), p.text())
		}
		switch {
		case err == nil:
			verdicts[0]++
		case errors.Is(err, drat.ErrLemma):
			verdicts[1]++
		default:
			verdicts[2]++
		}
		if st.RAT > 0 {
			verdicts[3]++
		}
	}
	t.Logf("accepted %d, ErrLemma %d, ErrNoEmpty %d; RAT used in %d", verdicts[0], verdicts[1], verdicts[2], verdicts[3])
	for i, n := range verdicts {
		if n < rounds/50 {
			t.Errorf("verdict %d only %d times in %d rounds", i, n, rounds)
		}
	}
}

// TestMutatedRefutations mutates DPLL refutations (a literal negated or
// dropped, a lemma dropped, two lemmas swapped, the proof cut short) and
// compares Check with the reference checker on each; enough of them must
// be rejected for the test to mean something.
func TestMutatedRefutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	rounds := 1500
	if testing.Short() {
		rounds = 150
	}
	var rejected, total int
	for round := 0; round < rounds; {
		f := randomCNF(rng)
		p, ok := dpllProof(f, false)
		if !ok || len(p) < 3 {
			continue
		}
		round++
		q := slices.Clone(p)
		i := rng.IntN(len(q))
		switch rng.IntN(5) {
		case 0: // negate a literal
			if len(q[i].lits) == 0 {
				continue
			}
			lits := slices.Clone(q[i].lits)
			k := rng.IntN(len(lits))
			lits[k] = -lits[k]
			q[i] = add(lits...)
		case 1: // drop a literal
			if len(q[i].lits) == 0 {
				continue
			}
			k := rng.IntN(len(q[i].lits))
			q[i] = add(slices.Delete(slices.Clone(q[i].lits), k, k+1)...)
		case 2: // drop a lemma
			q = slices.Delete(q, i, i+1)
		case 3: // swap two lemmas
			j := rng.IntN(len(q))
			q[i], q[j] = q[j], q[i]
		case 4: // cut short
			q = q[:i]
		}
		total++
		st, err := checkBoth(t, f, q)
		if got, ref := verdictOf(st, err), refCheck(f, q); got != ref {
			t.Fatalf("round %d: Check %+v (%v), reference %+v\n%s%s", round, got, err, ref, writeCNF(f), q.text())
		}
		if err != nil {
			rejected++
		}
	}
	t.Logf("%d of %d mutations rejected", rejected, total)
	if rejected < total/10 {
		t.Errorf("only %d of %d mutations rejected", rejected, total)
	}
}

// deletable returns a clause with no literal true at the top level: one of
// r's, or now and then a random one, or nil.
func deletable(rng *rand.Rand, r *refChecker, n int) []int {
	val, _ := r.closure(nil)
	d := randomClause(rng, n, 1+rng.IntN(3))
	if len(r.clauses) > 0 && rng.IntN(4) > 0 {
		d = slices.Clone(r.clauses[rng.IntN(len(r.clauses))])
		rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
	if slices.ContainsFunc(d, val.get) {
		return nil
	}
	return d
}
