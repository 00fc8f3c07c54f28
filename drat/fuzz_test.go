package drat_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/satdoku/satdoku/drat"
)

// fuzzFormulas are the formulas FuzzCheck checks proofs against, the
// satisfiable ones first.
var fuzzFormulas = []*drat.Formula{
	cnf(3, all8.Clauses[:7]...),                 // satisfiable: 1 2 3
	cnf(2, all4.Clauses[1:]...),                 // satisfiable: -1 -2
	cnf(4, reasons.Clauses[:5]...),              // satisfiable, with top-level units
	cnf(6, php32.Clauses[1:]...),                // satisfiable: pigeon 1 nowhere
	cnf(5, []int{1, 2, 3, 4, 5}, []int{-5}),     // satisfiable
	all8, all4, reasons, php32, cnf(1, []int{}), // unsatisfiable
}

// fuzzSatisfiable is how many of fuzzFormulas are satisfiable.
const fuzzSatisfiable = 5

// FuzzCheck checks arbitrary proofs against small fixed formulas. The first
// byte picks the formula; the rest is read twice. As a DRAT proof, Check
// must not panic, must fail only with one of its sentinels, and must not
// refute a satisfiable formula. As a list of steps (0 ends a step, 0xff
// starts a deletion, other bytes are literals over the formula's variables
// and two more), written in text and in binary, Check must give the same
// answer for both and, without deletions, the reference checker's.
func FuzzCheck(f *testing.F) {
	for i, form := range fuzzFormulas {
		seeds := []proof{{add()}, {add(1), add()}, {del(1, 2), add(-1, 2)}}
		if p, ok := dpllProof(form, i%2 == 0); ok {
			seeds = append(seeds, p)
		}
		for _, p := range seeds {
			f.Add(append([]byte{byte(i)}, p.text()...))
			f.Add(append([]byte{byte(i)}, p.binary()...))
		}
	}
	for i := range fuzzFormulas {
		if got := !bruteSAT(fuzzFormulas[i]); got != (i >= fuzzSatisfiable) {
			f.Fatalf("formula %d: unsatisfiable is %v", i, got)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		k := int(data[0]) % len(fuzzFormulas)
		form, sat := fuzzFormulas[k], k < fuzzSatisfiable
		_, err := drat.Check(form, bytes.NewReader(data[1:]))
		if err == nil && sat {
			t.Fatalf("refuted satisfiable formula %d", k)
		}
		if err != nil && !errors.Is(err, drat.ErrSyntax) && !errors.Is(err, drat.ErrLemma) && !errors.Is(err, drat.ErrNoEmpty) {
			t.Fatalf("error with no sentinel: %v", err)
		}

		p := stepsOf(data[1:], maxVar(form)+2)
		st, err := checkBoth(t, form, p)
		if err == nil && sat {
			t.Fatalf("refuted satisfiable formula %d:\n%s", k, p.text())
		}
		if len(p.lemmas()) == len(p) {
			if got, ref := verdictOf(st, err), refCheck(form, p); got != ref {
				t.Fatalf("formula %d: Check %+v (%v), reference %+v\n%s", k, got, err, ref, p.text())
			}
		}
	})
}

// stepsOf reads data as steps: 0 ends a step, 0xff at the start of a step
// makes it a deletion, another byte b is the literal ±(1 + (b>>1) mod n),
// negative when b is odd. An unfinished last step is dropped.
func stepsOf(data []byte, n int) proof {
	var p proof
	cur := step{}
	for _, b := range data {
		switch {
		case b == 0:
			p = append(p, cur)
			cur = step{}
		case b == 0xff && len(cur.lits) == 0:
			cur.del = true
		default:
			l := 1 + int(b>>1)%n
			if b&1 == 1 {
				l = -l
			}
			cur.lits = append(cur.lits, l)
		}
	}
	return p
}
