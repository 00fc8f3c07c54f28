package encode

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/textfmt"
)

// TestReduced checks Kwon and Jain's reduction: no clause left is satisfied
// by the givens, no literal left is falsified, fewer clauses than Extended,
// and the solution still satisfies every clause while a wrong grid breaks
// one.
func TestReduced(t *testing.T) {
	for _, tt := range []struct {
		puzzle, sol string
	}{
		{puzzle9, sol9},
		{"1...........4...", "1243341221344321"},
		{"................", sol4},
	} {
		t.Run(tt.puzzle, func(t *testing.T) {
			g, sol := grid(t, tt.puzzle), grid(t, tt.sol)
			fixed := Fixed(g)
			if fixed == nil {
				t.Fatal("Fixed = nil for consistent givens")
			}
			var red, ext CNF
			Puzzle(&red, g, Reduced)
			Puzzle(&ext, g, Extended)
			if g.Givens() > 0 && len(red.Clauses) >= len(ext.Clauses) {
				t.Errorf("reduced has %d clauses, extended %d", len(red.Clauses), len(ext.Clauses))
			}
			units := 0
			for _, cl := range red.Clauses {
				if len(cl) == 1 && fixed[cl[0]] == 1 {
					units++ // a given
					continue
				}
				for _, l := range cl {
					if fixed[max(l, -l)] != 0 {
						t.Fatalf("clause %v keeps fixed variable %d", cl, max(l, -l))
					}
				}
				if !satisfied(sol, cl) {
					t.Fatalf("solution breaks %v", cl)
				}
			}
			if units != g.Givens() {
				t.Errorf("%d given units, want %d", units, g.Givens())
			}
			if g.Givens() == 0 && !slices.EqualFunc(red.Clauses, ext.Clauses, slices.Equal) {
				t.Errorf("no givens: reduced differs from extended")
			}
		})
	}
	// 9×9, puzzle9: Extended has 11,988 + 30 clauses.
	var k Counter
	Puzzle(&k, grid(t, puzzle9), Reduced)
	if k.Clauses >= 12018 || k.Clauses < 1000 {
		t.Errorf("reduced 9x9: %d clauses", k.Clauses)
	}
}

func TestReducedEdgeCases(t *testing.T) {
	// Conflicting givens: Fixed has no answer, the reduced formula holds
	// the empty clause, and neither formula has a model.
	bad := grid(t, "11..............")
	if Fixed(bad) != nil {
		t.Errorf("Fixed of conflicting givens is not nil")
	}
	var red, ext CNF
	Puzzle(&red, bad, Reduced)
	Puzzle(&ext, bad, Extended)
	if !slices.ContainsFunc(red.Clauses, func(cl []int) bool { return len(cl) == 0 }) {
		t.Errorf("conflicting givens: no empty clause in the reduced formula")
	}
	for _, f := range []CNF{red, ext} {
		models(f.Clauses, func([]int8) bool {
			t.Errorf("conflicting givens: a model")
			return false
		})
	}
}

func TestReducedEmptyClause(t *testing.T) {
	g := grid(t, "123............4")
	// r1c4 sees 1, 2, 3 in its row and 4 in its column.
	var red CNF
	Puzzle(&red, g, Reduced)
	if !slices.ContainsFunc(red.Clauses, func(cl []int) bool { return len(cl) == 0 }) {
		t.Errorf("no empty clause for a cell without candidates")
	}
}

func TestWriteDIMACSOptions(t *testing.T) {
	g := grid(t, puzzle9)
	sol := grid(t, sol9)
	var k Counter
	Puzzle(&k, g, Reduced)
	tests := []struct {
		name     string
		o        DIMACSOptions
		clauses  int
		comments []string
	}{
		{"reduced", DIMACSOptions{Encoding: Reduced, Version: "v1.2.3"}, k.Clauses,
			[]string{"c satdoku v1.2.3", "c puzzle " + puzzle9, "c encoding reduced", "c givens units"}},
		{"omit", DIMACSOptions{Givens: GivensOmit}, 11988,
			[]string{"c satdoku", "c puzzle " + puzzle9, "c encoding extended", "c givens omit"}},
		{"block", DIMACSOptions{Encoding: Minimal, Block: sol}, 8829 + 30 + 1,
			[]string{"c satdoku", "c puzzle " + puzzle9, "c encoding minimal", "c givens units", "c block " + sol9}},
		{"reduced omit block", DIMACSOptions{Encoding: Reduced, Givens: GivensOmit, Block: sol}, k.Clauses - 30 + 1,
			[]string{"c satdoku", "c puzzle " + puzzle9, "c encoding reduced", "c givens omit", "c block " + sol9}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteDIMACS(&buf, g, tt.o); err != nil {
				t.Fatal(err)
			}
			comments, vars, count, clauses := parseDIMACS(t, buf.String())
			want := append(tt.comments, "c "+numbering, "c size 9x9")
			if !slices.Equal(comments, want) {
				t.Errorf("comments\n%q\nwant\n%q", comments, want)
			}
			if vars != 729 || count != tt.clauses || len(clauses) != count {
				t.Errorf("p cnf %d %d with %d clauses, want p cnf 729 %d", vars, count, len(clauses), tt.clauses)
			}
			h, err := ReadHeader(strings.NewReader(buf.String()))
			if err != nil {
				t.Fatal(err)
			}
			if !h.Puzzle.Equal(g) || h.Encoding != tt.o.Encoding || h.Givens != tt.o.Givens ||
				(h.Block == nil) != (tt.o.Block == nil) || h.Vars != 729 || h.Clauses != count {
				t.Errorf("ReadHeader = %+v", h)
			}
			if tt.o.Block != nil {
				last := clauses[len(clauses)-1]
				if len(last) != 81-30 || satisfied(sol, last) {
					t.Errorf("block clause %v", last)
				}
			}
		})
	}
	if err := WriteDIMACS(&bytes.Buffer{}, g, DIMACSOptions{Givens: 7}); !errors.Is(err, ErrGivensMode) {
		t.Errorf("bad givens mode: %v", err)
	}
	if err := WriteDIMACS(&bytes.Buffer{}, g, DIMACSOptions{Block: grid(t, sol4)}); !errors.Is(err, ErrGrid) {
		t.Errorf("block of another size: %v", err)
	}
}

func TestReadHeaderErrors(t *testing.T) {
	for _, in := range []string{
		"",
		"c only comments\n",
		"p cnf x 3\n",
		"p dnf 1 1\n",
		"c puzzle 12x\np cnf 64 1\n",
		"c encoding quantum\np cnf 64 1\n",
		"c givens some\np cnf 64 1\n",
		"c puzzle ................\np cnf 729 1\n",
		"1 2 0\n",
	} {
		t.Run(fmt.Sprintf("%q", in), func(t *testing.T) {
			if h, err := ReadHeader(strings.NewReader(in)); !errors.Is(err, ErrHeader) {
				t.Errorf("ReadHeader = %+v, %v; want ErrHeader", h, err)
			}
		})
	}
	h, err := ReadHeader(strings.NewReader("c other tool\n\np cnf 3 2\n1 2 0\n"))
	if err != nil || h.Puzzle != nil || h.Vars != 3 || h.Clauses != 2 {
		t.Errorf("foreign file: %+v, %v", h, err)
	}
}

func TestParseGivensMode(t *testing.T) {
	for _, m := range []GivensMode{GivensUnits, GivensOmit} {
		if got, err := ParseGivensMode(strings.ToUpper(m.String())); err != nil || got != m {
			t.Errorf("ParseGivensMode(%v) = %v, %v", m, got, err)
		}
	}
	if _, err := ParseGivensMode("all"); !errors.Is(err, ErrGivensMode) {
		t.Errorf("ParseGivensMode(all): %v", err)
	}
	if GivensMode(5).String() != "GivensMode(5)" {
		t.Errorf("String of a bad mode")
	}
}

// FuzzReadHeader checks that ReadHeader never panics and that a header it
// accepts is consistent: a puzzle's N³ equals the variable count.
func FuzzReadHeader(f *testing.F) {
	var buf bytes.Buffer
	g, _ := textfmt.Parse("1...........4...")
	WriteDIMACS(&buf, g, DIMACSOptions{Encoding: Reduced, Block: g})
	f.Add(buf.Bytes())
	f.Add([]byte("c puzzle ................\np cnf 64 0\n"))
	f.Add([]byte("p cnf -1 2"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := ReadHeader(bytes.NewReader(data))
		if err != nil {
			return
		}
		if h.Puzzle != nil && h.Puzzle.N()*h.Puzzle.N()*h.Puzzle.N() != h.Vars {
			t.Fatalf("puzzle %v with %d variables", h.Puzzle, h.Vars)
		}
	})
}
