package encode

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// std returns the standard rules of an n×n board (see satdoku.Standard).
func std(t testing.TB, n int) *satdoku.Rules {
	t.Helper()
	r, err := satdoku.Standard(n)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// grid reads a puzzle under the standard rules of its size from its
// one-line form: N² characters, digits 1-9 then A-Z, '.' or '0' for a
// blank. It does not use textfmt.Parse, so that it reads every side
// (36 characters are a 6×6 board).
func grid(t testing.TB, s string) *satdoku.Grid {
	t.Helper()
	n := 0
	for n*n < len(s) {
		n++
	}
	return gridUnder(t, std(t, n), s)
}

// gridUnder reads a puzzle under rules r from its one-line form, as grid.
func gridUnder(t testing.TB, r *satdoku.Rules, s string) *satdoku.Grid {
	t.Helper()
	n := r.N()
	if n*n != len(s) {
		t.Fatalf("bad test grid %q: %d chars for a %dx%d board", s, len(s), n, n)
	}
	g := satdoku.NewGrid(r)
	for i := range len(s) {
		d := strings.IndexByte("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", s[i]) + 1
		if s[i] == '.' || s[i] == '0' {
			d = 0
		} else if d == 0 || d > n {
			t.Fatalf("bad test grid %q: cell %d is %q", s, i, s[i])
		}
		g.SetCell(i, d)
	}
	return g
}

const (
	sol4    = "1234341221434321"
	puzzle9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	sol9    = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	sol16   = "1GDBC2349A586EF74E6A57F8123CBD9G52C769GBFDE4A18339F81AED76GB24C59426D31FAGBE587C8C7EB6954F12G3ADGF1DE47A5C839B26B3A5G8C269D7EF14263G418EB57FCAD97BE13CAG249D865FF8597DB6C3AG42E1AD4CF5298E617G3BE194AG63D8C5F7B2D78F9E51GB263C4ACAG32B47E1F9D56865B28FDC374A19GE"
)

// satisfied reports whether the full grid g, read as an assignment, satisfies
// clause cl.
func satisfied(g *satdoku.Grid, cl []int) bool {
	n := g.N()
	for _, lit := range cl {
		r, c, d := Unpack(n, max(lit, -lit))
		if (g.Get(r, c) == d) == (lit > 0) {
			return true
		}
	}
	return false
}

func TestRules(t *testing.T) {
	tests := []struct {
		n    int
		e    Encoding
		want int
		sol  string
	}{
		{4, Minimal, 304, sol4},
		{4, Extended, 448, sol4},
		{9, Minimal, 8829, sol9},
		{9, Extended, 11988, sol9},
		{16, Minimal, 92416, sol16},
		{16, Extended, 123904, sol16},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d/%v", tt.n, tt.n, tt.e), func(t *testing.T) {
			var f CNF
			r := std(t, tt.n)
			Rules(&f, r, tt.e)
			if got := len(f.Clauses); got != tt.want {
				t.Errorf("Rules added %d clauses, want %d", got, tt.want)
			}
			if got := clauseCount(r, tt.e); got != tt.want {
				t.Errorf("Clauses(%d, %v) = %d, want %d", tt.n, tt.e, got, tt.want)
			}
			var k Counter
			Rules(&k, r, tt.e)
			if k.Clauses != tt.want {
				t.Errorf("Counter counted %d clauses, want %d", k.Clauses, tt.want)
			}
			if n3 := tt.n * tt.n * tt.n; f.Vars != n3 {
				t.Errorf("CNF.Vars = %d, want %d", f.Vars, n3)
			}
			// Shapes: n² (Minimal) or n²+3n² (Extended) positive clauses of
			// length n, the rest negative binary clauses.
			long := tt.n * tt.n
			if tt.e == Extended {
				long *= 4
			}
			lits, nlong := 0, 0
			for _, cl := range f.Clauses {
				lits += len(cl)
				switch {
				case len(cl) == tt.n && cl[0] > 0:
					nlong++
					for _, l := range cl {
						if l <= 0 {
							t.Fatalf("mixed clause %v", cl)
						}
					}
				case len(cl) == 2 && cl[0] < 0 && cl[1] < 0:
				default:
					t.Fatalf("unexpected clause %v", cl)
				}
			}
			if nlong != long {
				t.Errorf("%d clauses of length %d, want %d", nlong, tt.n, long)
			}
			if k.Literals != lits {
				t.Errorf("Counter counted %d literals, want %d", k.Literals, lits)
			}
			// A solution satisfies every clause.
			sol := grid(t, tt.sol)
			for _, cl := range f.Clauses {
				if !satisfied(sol, cl) {
					t.Fatalf("solution breaks clause %v", cl)
				}
			}
			// Changing one cell breaks some clause: a digit then occurs twice
			// in its row.
			for i := range sol.Len() {
				bad := sol.Clone()
				bad.SetCell(i, sol.Cell(i)%tt.n+1)
				if !slices.ContainsFunc(f.Clauses, func(cl []int) bool { return !satisfied(bad, cl) }) {
					t.Fatalf("grid with cell %d changed satisfies every clause", i)
				}
				if tt.n > 4 && i > 20 {
					break // enough for the larger boards
				}
			}
		})
	}
}

func TestRulesNoDuplicates(t *testing.T) {
	for _, e := range []Encoding{Minimal, Extended} {
		var f CNF
		Rules(&f, std(t, 9), e)
		seen := make(map[string]bool)
		dup := 0
		for _, cl := range f.Clauses {
			s := slices.Clone(cl)
			slices.Sort(s)
			key := fmt.Sprint(s)
			if seen[key] {
				dup++
			}
			seen[key] = true
		}
		// The pairwise clauses of a box repeat those of its rows and
		// columns: per box and digit, 3 rows and 3 columns of C(3,2) = 3
		// pairs each, so 9·9·18 = 1458.
		if dup != 2*9*9*9 {
			t.Errorf("%v: %d duplicate clauses, want %d", e, dup, 2*9*9*9)
		}
	}
}

func TestRulesInvalid(t *testing.T) {
	for _, tt := range []struct {
		name string
		r    *satdoku.Rules
		e    Encoding
	}{
		{"nil", nil, Extended},
		{"nil", nil, Minimal},
		{"9x9", std(t, 9), Encoding(99)},
		{"4x4", std(t, 4), Encoding(4)},
	} {
		var k Counter
		Rules(&k, tt.r, tt.e)
		if k.Clauses != 0 || k.Literals != 0 || clauseCount(tt.r, tt.e) != 0 {
			t.Errorf("Rules(%s, %v) added %d clauses, want none", tt.name, tt.e, k.Clauses)
		}
	}
}

func TestVarUnpack(t *testing.T) {
	for _, n := range []int{4, 9, 16, 25, 36, 49, 64} {
		v := 0
		for r := range n {
			for c := range n {
				for d := 1; d <= n; d++ {
					v++
					if got := Var(n, r, c, d); got != v {
						t.Fatalf("Var(%d, %d, %d, %d) = %d, want %d", n, r, c, d, got, v)
					}
					if r2, c2, d2 := Unpack(n, v); r2 != r || c2 != c || d2 != d {
						t.Fatalf("Unpack(%d, %d) = %d, %d, %d; want %d, %d, %d", n, v, r2, c2, d2, r, c, d)
					}
				}
			}
		}
	}
	if Var(9, 0, 0, 1) != 1 || Var(9, 8, 8, 9) != 729 || Var(9, 1, 2, 3) != 102 {
		t.Errorf("Var(9, …) does not follow (r·9+c)·9+d")
	}
}

func TestEncodingNames(t *testing.T) {
	tests := []struct {
		in   string
		want Encoding
		err  bool
	}{
		{"extended", Extended, false},
		{"minimal", Minimal, false},
		{"Minimal", Minimal, false},
		{"EXTENDED", Extended, false},
		{"", 0, true},
		{"reduced", Reduced, false},
		{"kwon", 0, true},
		{"min", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseEncoding(tt.in)
			if tt.err {
				if !errors.Is(err, ErrEncoding) {
					t.Fatalf("ParseEncoding(%q) error = %v, want ErrEncoding", tt.in, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseEncoding(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			}
			if back, err := ParseEncoding(got.String()); err != nil || back != got {
				t.Errorf("round trip of %v: %v, %v", got, back, err)
			}
		})
	}
	var zero Encoding
	if zero != Extended || zero.String() != "extended" || Minimal.String() != "minimal" {
		t.Errorf("zero encoding is %v, want extended", zero)
	}
	if s := Encoding(7).String(); s != "Encoding(7)" || Encoding(7).Valid() {
		t.Errorf("Encoding(7).String() = %q", s)
	}
}

func TestGivensPuzzle(t *testing.T) {
	g := grid(t, puzzle9)
	var f CNF
	Givens(&f, g)
	if len(f.Clauses) != g.Givens() {
		t.Fatalf("Givens added %d clauses, want %d", len(f.Clauses), g.Givens())
	}
	want := [][]int{{Var(9, 0, 0, 5)}, {Var(9, 0, 1, 3)}, {Var(9, 0, 4, 7)}}
	if !slices.EqualFunc(f.Clauses[:3], want, slices.Equal) {
		t.Errorf("first givens %v, want %v", f.Clauses[:3], want)
	}
	var p CNF
	Puzzle(&p, g, Minimal)
	if len(p.Clauses) != 8829+30 || !slices.EqualFunc(p.Clauses[8829:], f.Clauses, slices.Equal) {
		t.Errorf("Puzzle is not Rules then Givens: %d clauses", len(p.Clauses))
	}
}

func TestBlock(t *testing.T) {
	puzzle, sol := grid(t, puzzle9), grid(t, sol9)
	var f CNF
	Block(&f, puzzle, sol)
	if len(f.Clauses) != 1 {
		t.Fatalf("Block added %d clauses, want 1", len(f.Clauses))
	}
	cl := f.Clauses[0]
	if len(cl) != 81-30 {
		t.Fatalf("block clause has %d literals, want %d", len(cl), 81-30)
	}
	// The solution breaks the clause; a grid differing in one empty cell
	// satisfies it, and one differing only in a given cell does not.
	if satisfied(sol, cl) {
		t.Errorf("solution satisfies its block clause")
	}
	for i := range sol.Len() {
		other := sol.Clone()
		other.SetCell(i, sol.Cell(i)%9+1)
		if got, want := satisfied(other, cl), puzzle.Cell(i) == 0; got != want {
			t.Errorf("changing cell %d: block clause satisfied = %v, want %v", i, got, want)
		}
	}

	t.Run("full puzzle", func(t *testing.T) {
		var f CNF
		Block(&f, sol, sol)
		if len(f.Clauses) != 1 || len(f.Clauses[0]) != 0 {
			t.Errorf("Block of a full puzzle = %v, want the empty clause", f.Clauses)
		}
	})
	t.Run("size mismatch", func(t *testing.T) {
		var k Counter
		Block(&k, puzzle, grid(t, sol4))
		if k.Clauses != 0 || k.Literals != 0 {
			t.Errorf("Block of mismatched grids added %d clauses", k.Clauses)
		}
	})
}

// assign returns the assignment of the full grid g, with the extra digits
// set (cell index → digits) and the cells in unset emptied.
func assign(g *satdoku.Grid, extra map[int]int, unset ...int) func(int) bool {
	n := g.N()
	return func(v int) bool {
		r, c, d := Unpack(n, v)
		i := r*n + c
		if slices.Contains(unset, i) {
			return false
		}
		return g.Cell(i) == d || extra[i] == d
	}
}

func TestDecode(t *testing.T) {
	sol := grid(t, sol9)
	tests := []struct {
		name  string
		n     int
		value func(int) bool
		err   error
		msg   string
	}{
		{"ok", 9, assign(sol, nil), nil, ""},
		{"ok 4x4", 4, assign(grid(t, sol4), nil), nil, ""},
		{"no digit", 9, assign(sol, nil, 0), ErrNoDigit, "encode: r1c1 has no digit"},
		{"no digit later", 9, assign(sol, nil, 80, 12), ErrNoDigit, "encode: r2c4 has no digit"},
		{"two digits", 9, assign(sol, map[int]int{0: 3}), ErrManyDigits, "encode: r1c1 has digits 3 and 5"},
		{"all true", 9, func(int) bool { return true }, ErrManyDigits, "encode: r1c1 has digits 1 and 2"},
		{"all false", 16, func(int) bool { return false }, ErrNoDigit, "encode: r1c1 has no digit"},
		{"no rules", 0, func(int) bool { return true }, ErrGrid, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r *satdoku.Rules
			if tt.n != 0 {
				r = std(t, tt.n)
			}
			g, err := Decode(r, tt.value)
			if tt.err == nil {
				if err != nil {
					t.Fatalf("Decode: %v", err)
				}
				if tt.n == 9 && !g.Equal(sol) {
					t.Errorf("Decode returned a different grid")
				}
				if g.Rules() != r {
					t.Errorf("Decode returned a grid under other rules")
				}
				return
			}
			if g != nil || !errors.Is(err, tt.err) {
				t.Fatalf("Decode = %v, %v; want error wrapping %v", g, err, tt.err)
			}
			if tt.msg != "" && err.Error() != tt.msg {
				t.Errorf("error %q, want %q", err, tt.msg)
			}
		})
	}
}

// TestDecodeNames: a bad model of a puzzle with a named var cell on a
// board of the values 0 to 3 names the var cell (VA, not r5c1) and the
// values its digits stand for (0 and 1 for digits 1 and 2).
func TestDecodeNames(t *testing.T) {
	r := std(t, 4)
	r, err := r.WithValueOffset(-1)
	if err == nil {
		r, err = r.WithNamedVarCells("VA")
	}
	if err != nil {
		t.Fatal(err)
	}
	sol := grid(t, sol4)
	cell := func(v int) int { return (v - 1) / 4 } // the cell of variable v: i·V + d
	many := func(v int) bool {
		if i := cell(v); i < 16 {
			return sol.Cell(i) == (v-1)%4+1
		}
		return (v-1)%4 < 2 // VA: digits 1 and 2
	}
	none := func(v int) bool { return cell(v) < 16 && sol.Cell(cell(v)) == (v-1)%4+1 }
	if _, err := Decode(r, many); err == nil || err.Error() != "encode: VA has digits 0 and 1" {
		t.Errorf("two digits: %v", err)
	}
	if _, err := Decode(r, none); !errors.Is(err, ErrNoDigit) || err.Error() != "encode: VA has no digit" {
		t.Errorf("no digit: %v", err)
	}
}

func TestCNF(t *testing.T) {
	var f CNF
	for _, l := range []int{1, -5, 0, 0, 3, 0} {
		f.Add(l)
	}
	want := [][]int{{1, -5}, {}, {3}}
	if f.Vars != 5 || !slices.EqualFunc(f.Clauses, want, slices.Equal) {
		t.Errorf("CNF = %d %v, want 5 %v", f.Vars, f.Clauses, want)
	}
}

// parseDIMACS checks the structure of a DIMACS file and returns its
// comments, header counts and clauses.
func parseDIMACS(t *testing.T, text string) (comments []string, vars, count int, clauses [][]int) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<20)
	header := false
	for line := 1; sc.Scan(); line++ {
		s := sc.Text()
		switch {
		case strings.HasPrefix(s, "c"):
			if header {
				t.Fatalf("line %d: comment after the header", line)
			}
			comments = append(comments, s)
		case strings.HasPrefix(s, "p "):
			if header {
				t.Fatalf("line %d: second header", line)
			}
			header = true
			if _, err := fmt.Sscanf(s, "p cnf %d %d", &vars, &count); err != nil {
				t.Fatalf("line %d: bad header %q: %v", line, s, err)
			}
		default:
			if !header {
				t.Fatalf("line %d: clause before the header", line)
			}
			if !strings.HasSuffix(s, " 0") && s != "0" {
				t.Fatalf("line %d: clause %q does not end in \" 0\"", line, s)
			}
			f := strings.Fields(s)
			cl := make([]int, 0, len(f)-1)
			for _, w := range f[:len(f)-1] {
				l, err := strconv.Atoi(w)
				if err != nil || l == 0 || l > vars || l < -vars {
					t.Fatalf("line %d: literal %q outside ±1..%d", line, w, vars)
				}
				cl = append(cl, l)
			}
			clauses = append(clauses, cl)
		}
	}
	if !header {
		t.Fatal("no header")
	}
	return comments, vars, count, clauses
}

func TestWriteDIMACS(t *testing.T) {
	tests := []struct {
		name    string
		puzzle  string
		e       Encoding
		line    string
		clauses int
	}{
		{"9x9 extended", puzzle9, Extended, puzzle9, 11988 + 30},
		{"9x9 minimal", puzzle9, Minimal, puzzle9, 8829 + 30},
		{"4x4 empty", "................", Extended, "................", 448},
		{"16x16", sol16, Minimal, sol16, 92416 + 256},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := grid(t, tt.puzzle)
			var buf bytes.Buffer
			if err := WriteDIMACS(&buf, g, DIMACSOptions{Encoding: tt.e}); err != nil {
				t.Fatal(err)
			}
			comments, vars, count, clauses := parseDIMACS(t, buf.String())
			n := g.N()
			wantComments := []string{
				"c satdoku",
				"c puzzle " + tt.line,
				"c encoding " + tt.e.String(),
				"c givens units",
				"c var(r,c,d) = (r*N+c)*N+d, r,c from 0, d from 1",
				fmt.Sprintf("c size %dx%d", n, n),
			}
			if !slices.Equal(comments, wantComments) {
				t.Errorf("comments\n%q\nwant\n%q", comments, wantComments)
			}
			if vars != n*n*n || count != tt.clauses || len(clauses) != count {
				t.Errorf("p cnf %d %d with %d clauses, want p cnf %d %d", vars, count, len(clauses), n*n*n, tt.clauses)
			}
			var f CNF
			Puzzle(&f, g, tt.e)
			if !slices.EqualFunc(clauses, f.Clauses, slices.Equal) {
				t.Errorf("clauses written differ from Puzzle's")
			}
		})
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

func TestWriteDIMACSErrors(t *testing.T) {
	boom := errors.New("disk full")
	g := grid(t, puzzle9)
	if err := WriteDIMACS(failWriter{boom}, g, DIMACSOptions{}); !errors.Is(err, boom) {
		t.Errorf("write error: got %v, want it wrapped", err)
	}
	if err := WriteDIMACS(&bytes.Buffer{}, nil, DIMACSOptions{}); !errors.Is(err, ErrGrid) {
		t.Errorf("nil grid: got %v, want ErrGrid", err)
	}
	if err := WriteDIMACS(&bytes.Buffer{}, &satdoku.Grid{}, DIMACSOptions{}); !errors.Is(err, ErrGrid) {
		t.Errorf("zero grid: got %v, want ErrGrid", err)
	}
	if err := WriteDIMACS(&bytes.Buffer{}, g, DIMACSOptions{Encoding: 9}); !errors.Is(err, ErrEncoding) {
		t.Errorf("bad encoding: got %v, want ErrEncoding", err)
	}
}

func ExampleVar() {
	v := Var(9, 8, 8, 9) // row 9, column 9 (from 0: 8, 8) holds 9
	r, c, d := Unpack(9, 102)
	fmt.Println(v, r, c, d)
	// Output: 729 1 2 3
}

func ExampleWriteDIMACS() {
	g, _ := satdoku.New(4)
	g.Set(0, 0, 1)
	var buf bytes.Buffer
	if err := WriteDIMACS(&buf, g, DIMACSOptions{Encoding: Minimal}); err != nil {
		fmt.Println(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	fmt.Println(strings.Join(lines[:9], "\n"))
	fmt.Println("…")
	fmt.Println(strings.Join(lines[len(lines)-2:], "\n"))
	// Output:
	// c satdoku
	// c puzzle 1...............
	// c encoding minimal
	// c givens units
	// c var(r,c,d) = (r*N+c)*N+d, r,c from 0, d from 1
	// c size 4x4
	// p cnf 64 305
	// 1 2 3 4 0
	// 5 6 7 8 0
	// …
	// -60 -64 0
	// 1 0
}
