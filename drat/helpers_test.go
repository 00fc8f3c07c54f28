package drat_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/drat"
)

// step is a proof step as the tests build them.
type step struct {
	del  bool
	lits []int
}

// proof is a DRAT proof as a list of steps.
type proof []step

// add and del make steps.
func add(lits ...int) step { return step{lits: lits} }
func del(lits ...int) step { return step{del: true, lits: lits} }

// text writes p in text DRAT.
func (p proof) text() []byte {
	var b bytes.Buffer
	for _, s := range p {
		if s.del {
			b.WriteString("d ")
		}
		for _, l := range s.lits {
			b.WriteString(strconv.Itoa(l))
			b.WriteByte(' ')
		}
		b.WriteString("0\n")
	}
	return b.Bytes()
}

// binary writes p in binary DRAT, following the format's definition: 'a' or
// 'd', each literal as 2·|l| + sign in 7-bit groups, low group first, then 0.
func (p proof) binary() []byte {
	var b []byte
	for _, s := range p {
		if s.del {
			b = append(b, 'd')
		} else {
			b = append(b, 'a')
		}
		for _, l := range s.lits {
			u := uint64(2 * l)
			if l < 0 {
				u = uint64(-2*l) + 1
			}
			for u >= 0x80 {
				b = append(b, byte(u)|0x80)
				u >>= 7
			}
			b = append(b, byte(u))
		}
		b = append(b, 0)
	}
	return b
}

// lemmas returns the additions of p, without the deletions.
func (p proof) lemmas() proof {
	var q proof
	for _, s := range p {
		if !s.del {
			q = append(q, s)
		}
	}
	return q
}

// parseTextProof reads a text proof the simple way, for proofs known to be
// well-formed (those of the solvers).
func parseTextProof(b []byte) (proof, error) {
	var p proof
	cur := step{}
	for _, line := range strings.Split(string(b), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || fields[0] == "c" {
			continue
		}
		for _, f := range fields {
			if f == "d" {
				cur.del = true
				continue
			}
			x, err := strconv.Atoi(f)
			if err != nil {
				return nil, err
			}
			if x == 0 {
				p = append(p, cur)
				cur = step{}
				continue
			}
			cur.lits = append(cur.lits, x)
		}
	}
	if cur.del || len(cur.lits) > 0 {
		return nil, errors.New("unterminated step")
	}
	return p, nil
}

// cnf makes a formula.
func cnf(vars int, clauses ...[]int) *drat.Formula {
	return &drat.Formula{Vars: vars, Clauses: clauses}
}

// writeCNF writes f in DIMACS.
func writeCNF(f *drat.Formula) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "p cnf %d %d\n", f.Vars, len(f.Clauses))
	for _, cl := range f.Clauses {
		for _, l := range cl {
			fmt.Fprintf(&b, "%d ", l)
		}
		b.WriteString("0\n")
	}
	return b.Bytes()
}

// maxVar is the largest variable of f, its header's or its clauses'.
func maxVar(f *drat.Formula) int {
	n := f.Vars
	for _, cl := range f.Clauses {
		for _, l := range cl {
			n = max(n, l, -l)
		}
	}
	return n
}

// satisfies reports whether the assignment (model[v] for variable v)
// satisfies every clause of f.
func satisfies(model []bool, clauses [][]int) bool {
	for _, cl := range clauses {
		sat := false
		for _, l := range cl {
			if l > 0 && model[l] || l < 0 && !model[-l] {
				sat = true
				break
			}
		}
		if !sat {
			return false
		}
	}
	return true
}

// bruteSAT decides the satisfiability of a formula of at most 20 variables
// by trying every assignment.
func bruteSAT(f *drat.Formula) bool {
	n := maxVar(f)
	if n > 20 {
		panic("bruteSAT: too many variables")
	}
	model := make([]bool, n+1)
	for bits := 0; bits < 1<<n; bits++ {
		for v := 1; v <= n; v++ {
			model[v] = bits>>(v-1)&1 == 1
		}
		if satisfies(model, f.Clauses) {
			return true
		}
	}
	return false
}

// refChecker is a reference DRAT checker written straight from the
// definitions, slow and simple, to test drat.Check against: a list of
// clauses, unit propagation by scanning them, RUP and RAT as defined. Its
// deletions always delete (the pure definition), so it agrees with
// drat.Check only on proofs that delete no clause with a literal true at
// the top level (no reason of a unit).
type refChecker struct {
	clauses [][]int
	refuted bool
	rat     int // lemmas accepted by RAT, not RUP
}

// newRefChecker returns a refChecker with the clauses of f.
func newRefChecker(f *drat.Formula) *refChecker {
	r := &refChecker{}
	for _, cl := range f.Clauses {
		r.clauses = append(r.clauses, uniq(cl))
	}
	return r
}

// uniq returns the literals of c without repeats, in their order: the clause
// as a set, which closure's counting needs.
func uniq(c []int) []int {
	var u []int
	for _, l := range c {
		if !slices.Contains(u, l) {
			u = append(u, l)
		}
	}
	return u
}

// closure assigns the literals of assumed true and runs unit propagation
// over the clauses, pass after pass until nothing changes; it returns the
// literals true at the end, and whether it reached a conflict.
func (r *refChecker) closure(assumed []int) (val literals, conflict bool) {
	n := 0
	for _, l := range assumed {
		n = max(n, l, -l)
	}
	for _, cl := range r.clauses {
		for _, l := range cl {
			n = max(n, l, -l)
		}
	}
	val = make(literals, 2*n+2)
	for _, l := range assumed {
		if val.get(-l) {
			return val, true
		}
		val.set(l)
	}
	for changed := true; changed; {
		changed = false
		for _, cl := range r.clauses {
			free, k := 0, 0
			sat := false
			for _, l := range cl {
				switch {
				case val.get(l):
					sat = true
				case !val.get(-l):
					free, k = l, k+1
				}
			}
			switch {
			case sat:
			case k == 0:
				return val, true
			case k == 1:
				val.set(free)
				changed = true
			}
		}
	}
	return val, false
}

// literals is a set of literals: for variable v, index 2v is v, 2v+1 is -v.
type literals []bool

func (s literals) index(l int) int {
	if l < 0 {
		return -2*l + 1
	}
	return 2 * l
}
func (s literals) get(l int) bool { return s[s.index(l)] }
func (s literals) set(l int)      { s[s.index(l)] = true }

// propagate reports whether unit propagation from assumed reaches a
// conflict.
func (r *refChecker) propagate(assumed []int) bool {
	_, conflict := r.closure(assumed)
	return conflict
}

// negate returns the negations of lits.
func negate(lits []int) []int {
	neg := make([]int, len(lits))
	for i, l := range lits {
		neg[i] = -l
	}
	return neg
}

// rup reports whether c is RUP with respect to the clauses.
func (r *refChecker) rup(c []int) bool { return r.propagate(negate(c)) }

// ratOn reports whether c is RAT on its first literal.
func (r *refChecker) ratOn(c []int) bool {
	if len(c) == 0 {
		return false
	}
	p := c[0]
	for _, d := range r.clauses {
		if !slices.Contains(d, -p) {
			continue
		}
		res := slices.Clone(c)
		for _, l := range d {
			if l != -p {
				res = append(res, l)
			}
		}
		if !r.rup(res) {
			return false
		}
	}
	return true
}

// add checks and adds a lemma; it reports whether it was accepted.
func (r *refChecker) add(c []int) bool {
	if r.refuted {
		return true
	}
	switch {
	case r.rup(c):
	case r.ratOn(c):
		r.rat++
	default:
		return false
	}
	r.clauses = append(r.clauses, uniq(c))
	if len(c) == 0 || r.propagate(nil) {
		r.refuted = true
	}
	return true
}

// del deletes a clause with the literals of c, if there is one, unless the
// clauses are refuted.
func (r *refChecker) del(c []int) {
	if r.refuted {
		return
	}
	c = uniq(c)
	for i, d := range r.clauses {
		if len(d) == len(c) && !slices.ContainsFunc(c, func(l int) bool { return !slices.Contains(d, l) }) {
			r.clauses = slices.Delete(r.clauses, i, i+1)
			return
		}
	}
}

// verdict is the outcome of checking a proof: nil, ErrLemma at lemma
// number Lemma (from 1), or ErrNoEmpty.
type verdict struct {
	Err   error
	Lemma int // the rejected lemma, with ErrLemma
	RAT   int // lemmas accepted by RAT
}

// refCheck checks a proof with a refChecker; see refChecker for the
// deletions it agrees on with drat.Check.
func refCheck(f *drat.Formula, p proof) verdict {
	r := newRefChecker(f)
	r.refuted = r.propagate(nil)
	lemmas := 0
	for _, s := range p {
		if s.del {
			r.del(s.lits)
			continue
		}
		lemmas++
		if !r.add(s.lits) {
			return verdict{Err: drat.ErrLemma, Lemma: lemmas, RAT: r.rat}
		}
	}
	if !r.refuted {
		return verdict{Err: drat.ErrNoEmpty, RAT: r.rat}
	}
	return verdict{RAT: r.rat}
}

// verdictOf turns the result of drat.Check into a verdict, reading the
// lemma number from the message ("lemma 7 (line 9): ...").
func verdictOf(st drat.Stats, err error) verdict {
	v := verdict{RAT: st.RAT}
	switch {
	case err == nil:
	case errors.Is(err, drat.ErrLemma):
		v.Err = drat.ErrLemma
		v.Lemma = st.Lemmas
	case errors.Is(err, drat.ErrNoEmpty):
		v.Err = drat.ErrNoEmpty
	default:
		v.Err = err
	}
	return v
}

// dpllProof refutes an unsatisfiable formula by DPLL with unit propagation
// and returns the proof: for every refuted branch, the clause of its negated
// decisions, children before parents, so that each is RUP given the
// formula and the clauses before it; the root's is the empty clause. With
// deleteChildren, a parent's lemma is followed by the deletion of its
// children's, which it subsumes. It returns ok false for a satisfiable
// formula.
func dpllProof(f *drat.Formula, deleteChildren bool) (p proof, ok bool) {
	n := maxVar(f)
	r := newRefChecker(f)
	var branch func(decisions []int) bool
	branch = func(decisions []int) bool {
		lemma := negate(decisions)
		if r.propagate(decisions) {
			p = append(p, add(lemma...))
			r.clauses = append(r.clauses, lemma)
			return true
		}
		v := r.freeVar(decisions, n)
		if v == 0 {
			return false // a model
		}
		for _, l := range []int{v, -v} {
			if !branch(append(slices.Clone(decisions), l)) {
				return false
			}
		}
		p = append(p, add(lemma...))
		r.clauses = append(r.clauses, lemma)
		if deleteChildren {
			for _, l := range []int{v, -v} {
				child := append(slices.Clone(lemma), -l)
				p = append(p, del(child...))
			}
		}
		return true
	}
	if !branch(nil) {
		return nil, false
	}
	return p, true
}

// freeVar returns a variable in 1..n that unit propagation from decisions
// leaves unassigned, 0 if none; propagation must not reach a conflict.
func (r *refChecker) freeVar(decisions []int, n int) int {
	val, _ := r.closure(decisions)
	for v := 1; v <= n; v++ {
		if !val.get(v) && !val.get(-v) {
			return v
		}
	}
	return 0
}
