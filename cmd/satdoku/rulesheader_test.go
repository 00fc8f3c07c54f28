package main

import (
	"bytes"
	"testing"
)

// TestRulesHeader: the "c rules" comment goes just before "p cnf", however
// the writes are cut, and not twice.
func TestRulesHeader(t *testing.T) {
	in := "c satdoku\nc size 9x9\np cnf 729 2\n1 2 0\n-3 0\n"
	want := "c satdoku\nc size 9x9\nc rules x,anti-knight\np cnf 729 2\n1 2 0\n-3 0\n"
	for _, cut := range []int{1, 2, 5, 13, len(in)} {
		var out bytes.Buffer
		w := newRulesHeader(&out, []string{"x", "anti-knight"})
		for s := in; s != ""; {
			k := min(cut, len(s))
			if n, err := w.Write([]byte(s[:k])); n != k || err != nil {
				t.Fatalf("cut %d: Write = %d, %v", cut, n, err)
			}
			s = s[k:]
		}
		if out.String() != want {
			t.Errorf("cut %d:\n%s\nwant\n%s", cut, out.String(), want)
		}
	}
	var out bytes.Buffer
	w := newRulesHeader(&out, []string{"x"})
	w.Write([]byte("c rules x\np cnf 1 0\n"))
	if out.String() != "c rules x\np cnf 1 0\n" {
		t.Errorf("a second comment:\n%s", out.String())
	}
	if w := newRulesHeader(&out, nil); w != &out {
		t.Error("no tags: the writer should be the same")
	}
}
