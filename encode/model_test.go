package encode

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// readCNF reads a DIMACS file written by WriteDIMACS: its header and its
// clauses.
func readCNF(t *testing.T, path string) (Header, [][]int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := ReadHeader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	_, _, _, clauses := parseDIMACS(t, string(data))
	return h, clauses
}

// TestWriteDIMACSGolden checks that WriteDIMACS still writes, byte for
// byte, the CNF files on which the solvers' outputs in testdata/models
// were captured, from the puzzle and the options their comments name.
func TestWriteDIMACSGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/models/*.cnf")
	if err != nil || len(files) < 5 {
		t.Fatalf("CNF files: %d, %v", len(files), err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			h, err := ReadHeader(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(data), "\n")
			version := strings.TrimPrefix(strings.TrimPrefix(first, "c satdoku"), " ")
			var buf bytes.Buffer
			if err := WriteDIMACS(&buf, h.Puzzle, DIMACSOptions{Encoding: h.Encoding, Givens: h.Givens, Blocks: h.Blocks, Version: version}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), data) {
				got := strings.Split(buf.String(), "\n")
				want := strings.Split(string(data), "\n")
				for i := range min(len(got), len(want)) {
					if got[i] != want[i] {
						t.Fatalf("line %d: %q, want %q", i+1, got[i], want[i])
					}
				}
				t.Fatalf("%d lines, want %d", len(got), len(want))
			}
		})
	}
}

// TestReadModelCaptured reads the real output of each solver, saved in
// testdata/models, and checks that the model satisfies every clause of the
// formula and decodes to a solution of the puzzle.
func TestReadModelCaptured(t *testing.T) {
	files, err := filepath.Glob("testdata/models/*.txt")
	if err != nil || len(files) < 20 {
		t.Fatalf("captured outputs: %d files, %v", len(files), err)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			base, _, _ := strings.Cut(name, ".")
			h, clauses := readCNF(t, filepath.Join("testdata/models", base+".cnf"))
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			m, err := ReadModel(f, h.Vars)
			if strings.Contains(name, "minisat-stdout") {
				// A verdict without a model.
				if strings.HasPrefix(name, "sat") && !errors.Is(err, ErrNoModel) {
					t.Fatalf("ReadModel = %v, %v; want ErrNoModel", m, err)
				}
				if strings.HasPrefix(name, "unsat") && (err != nil || m.Answer != Unsatisfiable) {
					t.Fatalf("ReadModel = %v, %v; want UNSATISFIABLE", m, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(name, "unsat") {
				if m.Answer != Unsatisfiable {
					t.Fatalf("answer %v, want UNSATISFIABLE", m.Answer)
				}
				return
			}
			if m.Answer != Satisfiable {
				t.Fatalf("answer %v, want SATISFIABLE", m.Answer)
			}
			for _, cl := range clauses {
				ok := false
				for _, l := range cl {
					if m.Value(max(l, -l)) == (l > 0) {
						ok = true
					}
				}
				if !ok {
					t.Fatalf("model breaks clause %v", cl)
				}
			}
			fixed := h.Encoding == Reduced
			sol, err := DecodeModel(h.Puzzle, m, fixed)
			if err != nil {
				t.Fatal(err)
			}
			if !sol.Full() || !keeps(h.Puzzle, sol) || !classic(sol.N()).solves(cells(sol)) {
				t.Fatalf("decoded %v does not solve %v", sol, h.Puzzle)
			}
			if h.Puzzle.N() == 9 && sol.String() != sol9 {
				t.Fatalf("decoded %v, want %v", sol, sol9)
			}
		})
	}
}

// keeps reports whether sol keeps every given of puzzle.
func keeps(puzzle, sol *satdoku.Grid) bool {
	for i := range puzzle.Len() {
		if d := puzzle.Cell(i); d != 0 && sol.Cell(i) != d {
			return false
		}
	}
	return true
}

func TestReadModel(t *testing.T) {
	all := func(prefix string, n int, sep string) string {
		var b strings.Builder
		b.WriteString(prefix)
		for v := 1; v <= n; v++ {
			if v%2 == 0 {
				b.WriteString("-")
			}
			b.WriteString(strconv.Itoa(v))
			b.WriteString(sep)
		}
		return b.String()
	}
	tests := []struct {
		name string
		in   string
		want Answer
		err  error
	}{
		{"competition", "c hello\ns SATISFIABLE\nv 1 -2 3\nv -4 0\n", Satisfiable, nil},
		{"v lines out of order", "v -4\nv 3 1\ns SATISFIABLE\nv -2 0\n", Satisfiable, nil},
		{"one literal per line", "s SATISFIABLE\n" + all("v ", 4, "\n") + "v 0\n", Satisfiable, nil},
		{"gini double space", "s SATISFIABLE\nv  1 -2 3 -4 0\n", Satisfiable, nil},
		{"clasp status last", "c clasp\nv 1 -2 3 -4 0\ns SATISFIABLE\nc Models : 1\n", Satisfiable, nil},
		{"minisat file", "SAT\n1 -2 3 -4 0\n", Satisfiable, nil},
		{"minisat unsat", "UNSAT\n", Unsatisfiable, nil},
		{"z3 no final 0", "sat\n1 -2 3 -4\n", Satisfiable, nil},
		{"bare list", "1 -2 3 -4 0", Satisfiable, nil},
		{"bare list no 0", "1 -2 3 -4", Satisfiable, nil},
		{"crlf", "s SATISFIABLE\r\nv 1 -2 3 -4 0\r\n", Satisfiable, nil},
		{"partial with 0", "s SATISFIABLE\nv 1 3 0\n", Satisfiable, nil},
		{"unsat", "c x\ns UNSATISFIABLE\n", Unsatisfiable, nil},
		{"unknown", "s UNKNOWN\n", Unknown, nil},
		{"indeterminate", "s INDETERMINATE\n", Unknown, nil},
		{"minisat indet", "INDET\n", Unknown, nil},
		{"banner skipped", "WARNING: for repeatability\n|  Number of variables: 4 |\ns SATISFIABLE\nv 1 -2 3 -4 0\n", Satisfiable, nil},
		{"out of range", "s SATISFIABLE\nv 1 -2 3 -5 0\n", 0, ErrLiteralRange},
		{"huge literal", "v 99999999999999999999999 0\n", 0, ErrModelSyntax},
		{"contradiction", "s SATISFIABLE\nv 1 -2 3 -1 0\n", 0, ErrContradiction},
		{"sat no model", "s SATISFIABLE\n", 0, ErrNoModel},
		{"truncated v lines", "s SATISFIABLE\nv 1 -2 3\n", 0, ErrTruncated},
		{"truncated bare", "SAT\n1 -2\n", 0, ErrTruncated},
		{"empty", "", 0, ErrTruncated},
		{"comments only", "c nothing\nc here\n", 0, ErrTruncated},
		{"two verdicts", "s SATISFIABLE\ns UNSATISFIABLE\n", 0, ErrStatus},
		{"unsat with model", "s UNSATISFIABLE\nv 1 -2 3 -4 0\n", 0, ErrStatus},
		{"bad status", "s MAYBE\n", 0, ErrModelSyntax},
		{"bad literal", "s SATISFIABLE\nv 1 x 3 -4 0\n", 0, ErrModelSyntax},
		{"after final 0", "v 1 -2 3 -4 0 2\n", 0, ErrModelSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ReadModel(strings.NewReader(tt.in), 4)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("ReadModel = %v, %v; want error %v", m, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Answer != tt.want {
				t.Fatalf("answer %v, want %v", m.Answer, tt.want)
			}
			if m.Answer == Satisfiable && (!m.Value(1) || m.Value(2) || !m.Value(3) || m.Value(4)) {
				t.Errorf("values 1..4 = %v %v %v %v, want true false true false", m.Value(1), m.Value(2), m.Value(3), m.Value(4))
			}
		})
	}
	if _, err := ReadModel(strings.NewReader("1 0"), 0); !errors.Is(err, ErrModelSyntax) {
		t.Errorf("nvars 0: %v", err)
	}
}

func TestDecodeModel(t *testing.T) {
	g := grid(t, "1...........4...")
	// A model of the reduced formula may set fixed variables either way:
	// here var(0,0,2) (r1c1 = 2, impossible next to the given 1) is true.
	sol := grid(t, "1243341221344321")
	var lits []string
	for v := 1; v <= 64; v++ {
		r, c, d := Unpack(4, v)
		if sol.Get(r, c) == d || v == Var(4, 0, 0, 2) {
			lits = append(lits, strconv.Itoa(v))
		}
	}
	m, err := ReadModel(strings.NewReader("s SATISFIABLE\nv "+strings.Join(lits, " ")+" 0\n"), 64)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeModel(g, m, false); !errors.Is(err, ErrManyDigits) {
		t.Errorf("strict decode: %v, want ErrManyDigits", err)
	}
	got, err := DecodeModel(g, m, true)
	if err != nil || !got.Equal(sol) {
		t.Errorf("decode with fixed variables: %v, %v; want %v", got, err, sol)
	}
	unsat, _ := ReadModel(strings.NewReader("s UNSATISFIABLE\n"), 64)
	if _, err := DecodeModel(g, unsat, false); !errors.Is(err, ErrNoModel) {
		t.Errorf("unsat model: %v, want ErrNoModel", err)
	}
	if _, err := DecodeModel(nil, m, false); !errors.Is(err, ErrGrid) {
		t.Errorf("nil grid: %v", err)
	}
}

// FuzzReadModel checks that ReadModel never panics, and that what it
// accepts is consistent: a satisfiable model reads the same when written
// back as a bare list.
func FuzzReadModel(f *testing.F) {
	files, _ := filepath.Glob("testdata/models/sat4*.txt")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{"s SATISFIABLE\nv 1 -2 0\n", "SAT\n1 2 0", "v -0", "s\n", "v 1 -1", "c\nv 64 -64 0", "sat\n-9223372036854775808"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadModel(bytes.NewReader(data), 64)
		if err != nil {
			if m != nil {
				t.Fatalf("model and error %v", err)
			}
			return
		}
		if m.Answer != Satisfiable {
			return
		}
		var b strings.Builder
		for v := 1; v <= 64; v++ {
			if m.Value(v) {
				b.WriteString(strconv.Itoa(v))
			} else {
				b.WriteString(strconv.Itoa(-v))
			}
			b.WriteString(" ")
		}
		m2, err := ReadModel(bufio.NewReader(strings.NewReader(b.String())), 64)
		if err != nil {
			t.Fatalf("bare list of an accepted model: %v", err)
		}
		for v := 1; v <= 64; v++ {
			if m.Value(v) != m2.Value(v) {
				t.Fatalf("variable %d differs", v)
			}
		}
		DecodeModel(grid(t, "................"), m, true)
	})
}

func ExampleReadModel() {
	g, _ := textfmt.Parse(".34..2.........3")
	// cadical's answer for the file satdoku dimacs writes for g.
	out := `s SATISFIABLE
v 1 -2 -3 -4 -5 -6 7 -8 -9 -10 -11 12 -13 14 -15 -16 -17 -18 -19 20 -21 22
v -23 -24 -25 -26 27 -28 29 -30 -31 -32 -33 -34 35 -36 37 -38 -39 -40 -41 42
v -43 -44 -45 -46 -47 48 -49 50 -51 -52 -53 -54 -55 56 57 -58 -59 -60 -61 -62
v 63 -64 0
`
	m, err := ReadModel(strings.NewReader(out), 64)
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := DecodeModel(g, m, false)
	fmt.Println(m.Answer, sol, err)
	// Output: SATISFIABLE 1342423131242413 <nil>
}
