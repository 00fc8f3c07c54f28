package drat_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/satdoku/satdoku/drat"
)

// all8 is the formula of the eight clauses over variables 1..3: unsatisfiable,
// but unit propagation from one literal derives nothing, from two a
// conflict.
var all8 = cnf(3,
	[]int{1, 2, 3}, []int{1, 2, -3}, []int{1, -2, 3}, []int{1, -2, -3},
	[]int{-1, 2, 3}, []int{-1, 2, -3}, []int{-1, -2, 3}, []int{-1, -2, -3},
)

// all4 is the formula of the four clauses over variables 1 and 2.
var all4 = cnf(2, []int{1, 2}, []int{1, -2}, []int{-1, 2}, []int{-1, -2})

// reasons is an unsatisfiable formula with a chain of top-level units:
// 1, then 2 by (-1 2), then the four clauses over 3 and 4 under 2.
var reasons = cnf(4,
	[]int{1}, []int{-1, 2},
	[]int{-2, 3, 4}, []int{-2, 3, -4}, []int{-2, -3, 4}, []int{-2, -3, -4},
)

// php32 is the pigeonhole formula for 3 pigeons and 2 holes: variable
// 2(i-1)+j says pigeon i sits in hole j.
var php32 = cnf(6,
	[]int{1, 2}, []int{3, 4}, []int{5, 6},
	[]int{-1, -3}, []int{-1, -5}, []int{-3, -5},
	[]int{-2, -4}, []int{-2, -6}, []int{-4, -6},
)

// TestCheckHandProofs checks small proofs written and verified by hand. The
// comments give the reason each is valid or not.
func TestCheckHandProofs(t *testing.T) {
	tests := []struct {
		name  string
		f     *drat.Formula
		p     proof
		err   error
		stats drat.Stats // Binary is set by the test
	}{
		{
			// ¬1 propagates 2 and ¬2 through (1 2), (1 -2): RUP. Then the unit 1
			// propagates 2 and ¬2 at the top level: refuted; "0" is RUP.
			name: "RUP", f: all4, p: proof{add(1), add()},
			stats: drat.Stats{Lemmas: 2},
		},
		{
			// The same without the empty clause: it follows by propagation.
			name: "empty clause by propagation", f: all4, p: proof{add(1)},
			stats: drat.Stats{Lemmas: 1},
		},
		{
			// Units of all8 are not RUP; binary clauses are.
			name: "RUP binaries", f: all8,
			p:     proof{add(-1, -2), add(-1, 2), add(-1), add(1, 2), add(1, -2), add()},
			stats: drat.Stats{Lemmas: 6},
		},
		{
			// The unit 1 is not RUP in all8, but it is RAT: its resolvents with
			// the four clauses containing -1 are the clauses containing 1. With 1
			// at the top level, 2 is RUP (¬2 propagates 3 and ¬3), and refutes.
			name: "RAT unit", f: all8, p: proof{add(1), add(2), add(3), add()},
			stats: drat.Stats{Lemmas: 4, RAT: 1},
		},
		{
			// Extended resolution: 4 ↔ 1∧2. (-4 1) is RAT on the new variable's
			// -4 and not RUP (assuming 4 and -1 propagates nothing); (-4 2) is
			// RUP with it (4 gives 1, then -2 gives 3 and -3), and so is (4 -1 -2)
			// (1 and 2 give 3 and -3). Then a refutation using 4.
			name: "extended resolution", f: all8,
			p: proof{
				add(-4, 1), add(-4, 2), add(4, -1, -2),
				add(-1, -2), add(-4), add(-1), add(-2), add(),
			},
			stats: drat.Stats{Lemmas: 8, RAT: 1},
		},
		{
			// RAT is not equivalence: after adding 1 by RAT, -1 is neither RUP
			// nor RAT (its resolvent with the unit 1 is the empty clause).
			name: "RAT is not symmetric", f: all8, p: proof{add(1), add(-1)},
			err: drat.ErrLemma, stats: drat.Stats{Lemmas: 2, RAT: 1},
		},
		{
			// Without (-1 -2 -3), (-1 -2) is not RUP (1, 2 propagate only 3) and
			// not RAT on -1 (the resolvent with (1 -2 -3) is (-1 -2 -3), not RUP).
			name: "deletion takes effect", f: all8,
			p:   proof{del(-1, -2, -3), add(-1, -2)},
			err: drat.ErrLemma, stats: drat.Stats{Lemmas: 1, Deletions: 1},
		},
		{
			// The same with the deleted clause's literals reordered and repeated.
			name: "deletion by literal set", f: all8,
			p:   proof{del(-3, -1, -2, -1), add(-1, -2)},
			err: drat.ErrLemma, stats: drat.Stats{Lemmas: 1, Deletions: 1},
		},
		{
			// Deleting a clause that is not there changes nothing.
			name: "deletion of a missing clause", f: all8,
			p:     proof{del(1, 2), del(1, 2, 3, 4), del(-1, -2, -3, 5), add(-1, -2), add(-1), add(-2), add()},
			stats: drat.Stats{Lemmas: 4, Deletions: 3, MissingDeletions: 3},
		},
		{
			// Deleting, then adding back by RUP.
			name: "delete and re-add", f: all8,
			p: proof{
				add(-1, -2), del(-1, -2, -3), del(-1, -2, 3), add(-1, -2, 3), add(-1), add(-2), add(),
			},
			stats: drat.Stats{Lemmas: 5, Deletions: 2},
		},
		{
			// (-1 2) is the reason of the top-level unit 2: its deletion is
			// ignored, so 3 stays RUP (¬3 with 2 propagates 4 and -4).
			name: "deletion of a reason ignored", f: reasons,
			p:     proof{del(-1, 2), add(3)},
			stats: drat.Stats{Lemmas: 1, Deletions: 1, IgnoredDeletions: 1},
		},
		{
			// Unit clauses are reasons too.
			name: "deletion of a unit ignored", f: reasons,
			p:     proof{del(1), del(2, -1), add(3)},
			stats: drat.Stats{Lemmas: 1, Deletions: 2, IgnoredDeletions: 2},
		},
		{
			// Of two copies of (-1 2), the first is the reason of 2: the first
			// deletion takes the other, the second is ignored.
			name: "deletion of a copy", f: cnf(4, append([][]int{{1}, {-1, 2}, {-1, 2}}, reasons.Clauses[2:]...)...),
			p:     proof{del(-1, 2), del(2, -1), add(3)},
			stats: drat.Stats{Lemmas: 1, Deletions: 2, IgnoredDeletions: 1},
		},
		{
			// An empty proof of a formula that propagation does not refute.
			name: "empty proof", f: all8, p: nil,
			err: drat.ErrNoEmpty,
		},
		{
			// A proof that stops before the refutation.
			name: "no empty clause", f: all8, p: proof{add(-1, -2), add(-1)},
			err: drat.ErrNoEmpty, stats: drat.Stats{Lemmas: 2},
		},
		{
			// The empty clause as the first lemma: propagation over all8 alone
			// derives nothing.
			name: "premature empty clause", f: all8, p: proof{add()},
			err: drat.ErrLemma, stats: drat.Stats{Lemmas: 1},
		},
		{
			// A satisfiable formula (all8 without (-1 -2 -3)) has no refutation;
			// the proof of "RUP binaries" fails at (-1 -2).
			name: "satisfiable formula", f: cnf(3, all8.Clauses[:7]...),
			p:   proof{add(-1, -2), add(-1, 2), add(-1), add(1, 2), add(1, -2), add()},
			err: drat.ErrLemma, stats: drat.Stats{Lemmas: 1},
		},
		{
			// A formula with the empty clause is refuted by any proof.
			name: "empty clause in the formula", f: cnf(1, []int{1}, []int{}),
			p:     proof{add(5, 6)},
			stats: drat.Stats{Lemmas: 1},
		},
		{
			// A formula that propagation refutes needs no proof.
			name: "refuted by propagation", f: cnf(2, []int{1}, []int{-1, 2}, []int{-2}),
			stats: drat.Stats{},
		},
		{
			// Once refuted, the rest is not checked: -1 after the empty clause.
			name: "steps after the refutation", f: all4,
			p:     proof{add(1), add(), add(-1), del(1, 2)},
			stats: drat.Stats{Lemmas: 3, Deletions: 1},
		},
		{
			// Tautologies and repeated literals: (1 -1) is RUP, (-1 -1 -2 -2)
			// is the clause (-1 -2).
			name: "tautology and repeats", f: all8,
			p:     proof{add(1, -1), add(-1, -1, -2, -2), add(-1, 2, 2), add(-1, -1), add(-2, 1), add(-2), add()},
			stats: drat.Stats{Lemmas: 7},
		},
		{
			// Pigeonhole 3→2 by hand: pigeon 1 is in neither hole.
			name: "pigeonhole", f: php32,
			p:     proof{add(-1), add(-2), add()},
			stats: drat.Stats{Lemmas: 3},
		},
		{
			// Variables beyond the header are new variables, fine in lemmas.
			name: "new variable", f: all4,
			p:     proof{add(100, 1), add(-100, 1), add(1)},
			stats: drat.Stats{Lemmas: 3},
		},
	}
	for _, tt := range tests {
		for _, binary := range []bool{false, true} {
			name := tt.name + "/text"
			data := tt.p.text()
			if binary {
				name = tt.name + "/binary"
				data = tt.p.binary()
			}
			t.Run(name, func(t *testing.T) {
				st, err := drat.Check(tt.f, bytes.NewReader(data))
				if !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
					t.Fatalf("Check = %v, want %v", err, tt.err)
				}
				want := tt.stats
				want.Binary = binary && len(data) > 0
				if st != want {
					t.Errorf("stats = %+v, want %+v", st, want)
				}
				// The reference checker agrees on the proofs without deletions.
				if len(tt.p.lemmas()) == len(tt.p) {
					ref := refCheck(tt.f, tt.p)
					if got := verdictOf(st, err); got != ref {
						t.Errorf("verdict %+v, the reference checker's %+v", got, ref)
					}
				}
			})
		}
	}
}

// TestLemmaError checks the details of an ErrLemma: the lemma's number, its
// position in the proof and its literals.
func TestLemmaError(t *testing.T) {
	// With (-1 -2 -3) deleted, adding it back is not RUP (1, 2, 3 falsify
	// no clause) nor RAT on -2 (the resolvent with (-1 2 -3) is itself).
	p := proof{del(-1, -2, -3), add(-2, -3, -1)}
	tests := []struct {
		data []byte
		want string
	}{
		{p.text(), "drat: lemma not implied: lemma 1 (line 2): -2 -3 -1 0"},
		{append([]byte("c a comment\n\n"), p.text()...), "drat: lemma not implied: lemma 1 (line 4): -2 -3 -1 0"},
		{p.binary(), "drat: lemma not implied: lemma 1 (byte offset 5): -2 -3 -1 0"},
	}
	for _, tt := range tests {
		_, err := drat.Check(all8, bytes.NewReader(tt.data))
		if !errors.Is(err, drat.ErrLemma) || err.Error() != tt.want {
			t.Errorf("Check(%q) = %v, want %s", tt.data, err, tt.want)
		}
	}
	// A long lemma is shown in part.
	long := make([]int, 30)
	for i := range long {
		long[i] = -(i + 1)
	}
	_, err := drat.Check(all8, bytes.NewReader(proof{del(-1, -2, -3), add(long...)}.text()))
	if want := "drat: lemma not implied: lemma 1 (line 2): -1 -2 -3 -4 -5 -6 -7 -8 -9 -10 -11 -12 -13 -14 -15 -16 -17 -18 … (11 literals) -30 0"; err == nil || err.Error() != want {
		t.Errorf("long lemma: %v, want %s", err, want)
	}
}

// TestSyntax checks malformed proofs: ErrSyntax, with the position.
func TestSyntax(t *testing.T) {
	tests := []struct {
		name, proof, want string
		binary            bool
	}{
		{"unterminated", "1 2 0\n-1 2", "line 2: the step starting on line 2 does not end with 0", false},
		{"unterminated deletion", "d 1 2", "line 1: the step starting on line 1 does not end with 0", false},
		{"bad literal", "1 2 0\n1 x 0\n", `line 2: bad literal "x"`, false},
		{"letters after digits", "12ab 0\n", `line 1: bad literal "12ab"`, false},
		{"minus zero", "-0\n", `line 1: bad literal "-0"`, false},
		{"lone minus", "- 1 0\n", `line 1: bad literal "-"`, false},
		{"too large", "2147483648 0\n", `line 1: bad literal "2147483648"`, false},
		{"too small", "1 -2147483648 0\n", `line 1: bad literal "-2147483648"`, false},
		{"d without space", "d1 0\n", `line 1: "d" not followed by a space`, false},
		{"d inside", "1 d 2 0\n", `line 1: "d" inside the step starting on line 1`, false},
		{"d at the end", "1 0\nd", `line 2: "d" not followed by a space`, false},
		{"binary bad step", "a\x02\x00x\x02\x00", "byte offset 3: a step starts with byte 0x78, not 'a' or 'd'", true},
		{"binary unterminated", "a\x02\x04", "byte offset 3: the step at byte offset 0 does not end with 0", true},
		{"binary unterminated literal", "a\x02\x84", "byte offset 3: the step at byte offset 0 does not end with 0", true},
		{"binary minus zero", "a\x01\x00", "byte offset 1: literal code 1 out of range", true},
		{"binary too long", "a\x80\x80\x80\x80\x80\x01\x00", "byte offset 1: literal longer than 5 bytes", true},
		{"binary too large", "a\xff\xff\xff\xff\x1f\x00", "byte offset 1: literal code 8589934591 out of range", true},
		{"binary read as text", "d\x02\x00", "", true}, // valid: a deletion; detected as binary by its NUL
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := drat.Check(all8, strings.NewReader(tt.proof))
			if st.Binary != tt.binary {
				t.Errorf("Binary = %v, want %v", st.Binary, tt.binary)
			}
			if tt.want == "" {
				if !errors.Is(err, drat.ErrNoEmpty) {
					t.Errorf("Check = %v, want ErrNoEmpty", err)
				}
				return
			}
			if !errors.Is(err, drat.ErrSyntax) || err.Error() != "drat: malformed proof: "+tt.want {
				t.Errorf("Check = %v, want ErrSyntax: %s", err, tt.want)
			}
		})
	}
}

// TestDetect checks the choice between text and binary on proofs that both
// readings could start.
func TestDetect(t *testing.T) {
	tests := []struct {
		name   string
		proof  string
		binary bool
	}{
		{"text", "1 2 0\n", false},
		{"text deletion first", "d 1 2 3 0\n-1 -2 0\n", false},
		{"text comment first", "c from a solver\n1 2 0\n", false},
		{"text CRLF and tabs", "1\t2 0\r\n", false},
		{"binary add", "a\x02\x04\x00", true},
		{"binary add, printable literals", "a  !\x00", true}, // 0x20 = 2·16, 0x21 = -16
		{"binary deletion", "d\x02\x04\x00", true},
		{"binary long literal", "d\x82\x01\x00", true},
		{"empty", "", false},
	}
	for _, tt := range tests {
		st, _ := drat.Check(all8, strings.NewReader(tt.proof))
		if st.Binary != tt.binary {
			t.Errorf("%s: Binary = %v, want %v", tt.name, st.Binary, tt.binary)
		}
	}
	// Each reading parses the same steps: the counts agree.
	p := proof{add(16, -16, 40), del(5, 6), add(-70000, 1), add(-1, -2), add(-1), add(-2), add()}
	text, errText := drat.Check(all8, bytes.NewReader(p.text()))
	bin, errBin := drat.Check(all8, bytes.NewReader(p.binary()))
	if errText != nil || errBin != nil {
		t.Fatalf("text: %v, binary: %v", errText, errBin)
	}
	bin.Binary = false
	want := drat.Stats{Lemmas: 6, Deletions: 1, RAT: 1, MissingDeletions: 1}
	if text != want || bin != want {
		t.Errorf("text %+v, binary %+v, want %+v", text, bin, want)
	}
}

// TestReadError checks that the reader's error comes back, not ErrSyntax.
func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	for _, data := range []string{"1 2 0\n-1 ", "a\x02\x04"} {
		r := io.MultiReader(strings.NewReader(data), iotest.ErrReader(boom))
		_, err := drat.Check(all8, r)
		if !errors.Is(err, boom) || errors.Is(err, drat.ErrSyntax) {
			t.Errorf("%q: Check = %v, want the read error", data, err)
		}
	}
	// One byte at a time is the same proof.
	p := proof{add(-1, -2), add(-1, 2), add(-1), add(1, 2), add(1, -2), add()}
	for _, data := range [][]byte{p.text(), p.binary()} {
		if _, err := drat.Check(all8, iotest.OneByteReader(bytes.NewReader(data))); err != nil {
			t.Errorf("one byte at a time: %v", err)
		}
	}
}

// TestBadFormula checks formulas that are not CNF.
func TestBadFormula(t *testing.T) {
	for _, f := range []*drat.Formula{nil, cnf(2, []int{1, 0}), cnf(1, []int{1 << 31})} {
		_, err := drat.Check(f, strings.NewReader("0\n"))
		if !errors.Is(err, drat.ErrCNF) || !errors.Is(err, drat.ErrSyntax) {
			t.Errorf("Check(%v) = %v, want ErrCNF", f, err)
		}
	}
}

// TestChecker drives a Checker by hand.
func TestChecker(t *testing.T) {
	c, err := drat.NewChecker(all8)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Add(nil); !errors.Is(err, drat.ErrLemma) || err.Error() != "drat: lemma not implied: lemma 1: 0" {
		t.Errorf("Add() = %v", err)
	}
	if err := c.Add([]int{-1, 0}); !errors.Is(err, drat.ErrSyntax) {
		t.Errorf("Add(-1 0) = %v, want ErrSyntax", err)
	}
	if err := c.Delete([]int{0}); !errors.Is(err, drat.ErrSyntax) {
		t.Errorf("Delete(0) = %v, want ErrSyntax", err)
	}
	for _, l := range [][]int{{-1, -2}, {-1, 2}, {-1}} {
		if err := c.Add(l); err != nil {
			t.Fatalf("Add(%v) = %v", l, err)
		}
	}
	if c.Refuted() || !errors.Is(c.Done(), drat.ErrNoEmpty) {
		t.Errorf("refuted too early: %v", c.Done())
	}
	// The unit -1 is a reason: its deletion is ignored. (-1 2) is satisfied
	// by -1 but is no reason: deleted.
	for _, l := range [][]int{{-1}, {2, -1}} {
		if err := c.Delete(l); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Add([]int{1, 2}); err != nil {
		t.Fatal(err)
	}
	if !c.Refuted() || c.Done() != nil {
		t.Errorf("not refuted: %v", c.Done())
	}
	want := drat.Stats{Lemmas: 5, Deletions: 2, IgnoredDeletions: 1}
	if st := c.Stats(); st != want {
		t.Errorf("Stats = %+v, want %+v", st, want)
	}
}

// TestCheckContext checks that a done context stops the check.
func TestCheckContext(t *testing.T) {
	var p proof
	for range 5000 {
		p = append(p, add(1, -1))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err := drat.CheckContext(ctx, all8, bytes.NewReader(p.text()))
	if !errors.Is(err, context.Canceled) || st.Lemmas >= 5000 {
		t.Errorf("CheckContext = %+v, %v; want context.Canceled early", st, err)
	}
}
