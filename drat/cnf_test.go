package drat_test

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/satdoku/satdoku/drat"
)

func TestReadCNF(t *testing.T) {
	tests := []struct {
		name, in string
		want     *drat.Formula
	}{
		{"plain", "p cnf 3 2\n1 -2 0\n2 3 0\n", cnf(3, []int{1, -2}, []int{2, 3})},
		{"comments", "c satdoku\nc puzzle 1..\np cnf 3 2\nc between\n1 -2 0\n2 3 0\nc at the end\n", cnf(3, []int{1, -2}, []int{2, 3})},
		{"spanning lines", "p cnf 3 2\n1\n-2 0 2\n3\n0", cnf(3, []int{1, -2}, []int{2, 3})},
		{"two on a line", "p  cnf\t3 2 \r\n1 -2 0 2 3 0\r\n", cnf(3, []int{1, -2}, []int{2, 3})},
		{"empty clause", "p cnf 1 2\n0\n1 0\n", cnf(1, []int{}, []int{1})},
		{"no clauses", "p cnf 5 0\n", cnf(5)},
		{"unused variables", "p cnf 100 1\n-7 0\n", cnf(100, []int{-7})},
		{"repeats kept", "p cnf 2 1\n1 1 -2 0\n", cnf(2, []int{1, 1, -2})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := drat.ReadCNF(strings.NewReader(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if f.Vars != tt.want.Vars || len(f.Clauses) != len(tt.want.Clauses) {
				t.Fatalf("ReadCNF = %v, want %v", f, tt.want)
			}
			for i := range f.Clauses {
				if !reflect.DeepEqual(f.Clauses[i], tt.want.Clauses[i]) && len(f.Clauses[i])+len(tt.want.Clauses[i]) > 0 {
					t.Errorf("clause %d = %v, want %v", i, f.Clauses[i], tt.want.Clauses[i])
				}
			}
			// One byte at a time reads the same.
			g, err := drat.ReadCNF(iotest.OneByteReader(strings.NewReader(tt.in)))
			if err != nil || !bytes.Equal(writeCNF(g), writeCNF(f)) {
				t.Errorf("one byte at a time: %v, %v", g, err)
			}
		})
	}
}

func TestReadCNFErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "line 1: no \"p cnf\" header"},
		{"only comments", "c hello\nc\n", "line 3: no \"p cnf\" header"},
		{"clause first", "1 2 0\np cnf 2 1\n", "line 1: clause before the \"p cnf\" header"},
		{"header twice", "p cnf 2 1\np cnf 2 1\n1 0\n", "line 2: second header (the first is on line 1)"},
		{"header in a clause", "p cnf 2 2\n1\np cnf 2 1\n", "line 3: second header (the first is on line 1)"},
		{"not cnf", "p dnf 2 1\n1 0\n", "line 1: bad header: want \"p cnf VARIABLES CLAUSES\""},
		{"pcnf", "pcnf 2 1\n1 0\n", "line 1: bad header: want \"p cnf VARIABLES CLAUSES\""},
		{"header short", "p cnf 2\n1 0\n", "line 1: bad header: want \"p cnf VARIABLES CLAUSES\""},
		{"header long", "p cnf 2 1 7\n1 0\n", "line 1: bad header: want \"p cnf VARIABLES CLAUSES\""},
		{"header negative", "p cnf -2 1\n1 0\n", "line 1: bad header: want \"p cnf VARIABLES CLAUSES\""},
		{"header letters", "p cnf x 1\n1 0\n", "line 1: bad header: want \"p cnf VARIABLES CLAUSES\""},
		{"bad literal", "p cnf 2 1\n1 y 0\n", "line 2: bad literal \"y\""},
		{"literal 2^31", "p cnf 2 1\n1 -2147483648 0\n", "line 2: bad literal \"-2147483648\""},
		{"out of range", "p cnf 2 1\n\n1 3 0\n", "line 3: literal 3 out of range: the header declares 2 variables"},
		{"negative out of range", "p cnf 2 1\n-3 0\n", "line 2: literal -3 out of range: the header declares 2 variables"},
		{"too many clauses", "p cnf 2 1\n1 0\n2 0\n", "line 3: more clauses than the 1 of the header"},
		{"too few clauses", "p cnf 2 3\n1 0\n2 0\n", "line 4: 2 clauses, but the header on line 1 declares 3"},
		{"unterminated", "p cnf 2 2\n1 0\n2\n-1", "line 4: the clause starting on line 3 does not end with 0"},
		{"SATLIB end marker", "p cnf 2 1\n1 0\n%\n0\n", "line 3: bad literal \"%\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := drat.ReadCNF(strings.NewReader(tt.in))
			if !errors.Is(err, drat.ErrCNF) || !errors.Is(err, drat.ErrSyntax) {
				t.Fatalf("ReadCNF = %v, want ErrCNF", err)
			}
			if want := "drat: malformed CNF: " + tt.want; err.Error() != want {
				t.Errorf("ReadCNF = %q, want %q", err, want)
			}
		})
	}
	boom := errors.New("boom")
	_, err := drat.ReadCNF(iotest.ErrReader(boom))
	if !errors.Is(err, boom) || errors.Is(err, drat.ErrCNF) {
		t.Errorf("ReadCNF(failing reader) = %v, want the read error", err)
	}
}

// FuzzReadCNF reads arbitrary files: it must not panic, and a formula it
// returns must keep its header's promises and read back the same when
// written out.
func FuzzReadCNF(f *testing.F) {
	for _, s := range []string{
		"p cnf 3 2\n1 -2 0\n2 3 0\n",
		"c x\np cnf 1 1\n-1 0\n",
		"p cnf 2 1\n1\n 2 0",
		"p cnf 0 1\n0\n",
		"p cnf 2 1\n1 3 0\n",
		"1 0\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		form, err := drat.ReadCNF(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, drat.ErrCNF) {
				t.Fatalf("error without ErrCNF: %v", err)
			}
			return
		}
		for _, cl := range form.Clauses {
			for _, l := range cl {
				if l == 0 || l > form.Vars || -l > form.Vars {
					t.Fatalf("literal %d with %d variables", l, form.Vars)
				}
			}
		}
		out := writeCNF(form)
		again, err := drat.ReadCNF(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("rereading %q: %v", out, err)
		}
		if !bytes.Equal(writeCNF(again), out) {
			t.Fatalf("round trip changed %q", out)
		}
	})
}
