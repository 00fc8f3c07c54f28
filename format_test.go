package satdoku

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// sampleGrid returns a deterministic n×n puzzle: a valid pattern solution
// with its digits shuffled and about half of the cells blank, chosen by
// seed. Seed 0 gives the full solution, of which every other seed's puzzle
// is a part.
func sampleGrid(n int, seed uint64) *Grid {
	g, err := New(n)
	if err != nil {
		panic(err)
	}
	h, w := g.Rules().BoxShape()
	if h == 0 { // no boxes: a Latin square
		h, w = 1, n
	}
	perm := rand.New(rand.NewPCG(uint64(n), 0)).Perm(n)
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	for r := range n {
		for c := range n {
			if seed == 0 || rng.IntN(2) == 0 {
				g.Set(r, c, perm[(w*(r%h)+r/h+c)%n]+1)
			}
		}
	}
	return g
}

func TestGolden(t *testing.T) {
	grids := []struct {
		name string
		g    *Grid
	}{
		{"leet37", MustParse(leet37)},
		{"leet37-solution", MustParse(leet37Sol)},
		{"4x4", MustParse(four)},
		{"16x16", MustParse(sixteen)},
		{"25x25", sampleGrid(25, 1)},
		{"36x36", sampleGrid(36, 1)},
		{"64x64-solution", sampleGrid(64, 0)},
		{"empty-9x9", must(New(9))},
	}
	for _, tt := range grids {
		for f := FormatLine; f <= FormatLeetCode; f++ {
			t.Run(tt.name+"."+f.String(), func(t *testing.T) {
				checkGolden(t, tt.name+"."+f.String(), tt.g.Format(f)+"\n")
			})
		}
	}
	t.Run("leet37.colored", func(t *testing.T) {
		sol := MustParse(leet37Sol)
		got := sol.AppendColored(nil, MustParse(leet37), "\x1b[31m", "\x1b[0m")
		checkGolden(t, "leet37.colored", string(got)+"\n")
	})
	t.Run("36x36.colored", func(t *testing.T) {
		got := sampleGrid(36, 0).AppendColored(nil, sampleGrid(36, 1), "<", ">")
		checkGolden(t, "36x36.colored", string(got)+"\n")
	})
}

func must(g *Grid, err error) *Grid {
	if err != nil {
		panic(err)
	}
	return g
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s:\n%s\nwant:\n%s", name, path, got, want)
	}
}

func TestFormatGrid(t *testing.T) {
	want := `5 3 4 | 6 7 8 | 9 1 2
6 7 2 | 1 9 5 | 3 4 8
1 9 8 | 3 4 2 | 5 6 7
------+-------+------
8 5 9 | 7 6 1 | 4 2 3
4 2 6 | 8 5 3 | 7 9 1
7 1 3 | 9 2 4 | 8 5 6
------+-------+------
9 6 1 | 5 3 7 | 2 8 4
2 8 7 | 4 1 9 | 6 3 5
3 4 5 | 2 8 6 | 1 7 9`
	if got := MustParse(leet37Sol).Format(FormatGrid); got != want {
		t.Errorf("Format(FormatGrid) =\n%s\nwant\n%s", got, want)
	}
}

// TestFormatWidths checks that every line of a formatted grid is as wide as
// the others and that box bars line up with the rule's crosses.
func TestFormatWidths(t *testing.T) {
	for _, n := range []int{4, 9, 16, 25, 36, 49, 64} {
		lines := strings.Split(sampleGrid(n, 3).Format(FormatGrid), "\n")
		h, _ := BoxShape(n)
		if len(lines) != n+n/h-1 {
			t.Errorf("%d×%d: %d lines, want %d", n, n, len(lines), n+n/h-1)
		}
		rule := lines[h]
		for i, l := range lines {
			if l == rule {
				continue
			}
			if len(l) != len(rule) {
				t.Errorf("%d×%d: line %d is %d wide, rule %d", n, n, i+1, len(l), len(rule))
				continue
			}
			for j := range l {
				if (l[j] == '|') != (rule[j] == '+') {
					t.Errorf("%d×%d: line %d column %d: %q under %q", n, n, i+1, j+1, l[j], rule[j])
					break
				}
			}
		}
	}
}

func TestFormatLine(t *testing.T) {
	tests := []struct {
		g    *Grid
		want string
	}{
		{MustParse(leet37), leet37},
		{MustParse(four), four},
		{MustParse(sixteen), sixteen},
		{must(New(4)), "................"},
	}
	for _, tt := range tests {
		if got := tt.g.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
	g := must(New(36))
	g.Set(0, 0, 36)
	g.Set(0, 2, 7)
	if got := g.String(); !strings.HasPrefix(got, "36 . 7 . .") || len(got) != 2*36*36 {
		t.Errorf("36×36 String() = %.20q… (%d bytes)", got, len(got))
	}
	var nilGrid *Grid
	if got := nilGrid.String(); got != "" {
		t.Errorf("nil.String() = %q", got)
	}
	if got := new(Grid).Format(FormatGrid); got != "" {
		t.Errorf("zero Grid Format = %q", got)
	}
}

func TestFormatJSON(t *testing.T) {
	g := MustParse(four)
	if got, want := g.Format(FormatJSON), "[[1,0,0,4],[0,0,3,0],[0,4,0,0],[2,0,0,1]]"; got != want {
		t.Errorf("FormatJSON = %s, want %s", got, want)
	}
	if got, want := g.Format(FormatLeetCode), `[["1",".",".","4"],[".",".","3","."],[".","4",".","."],["2",".",".","1"]]`; got != want {
		t.Errorf("FormatLeetCode = %s, want %s", got, want)
	}
	if got := MustParse(leet37).Format(FormatLeetCode); got != leet37JSON {
		t.Errorf("FormatLeetCode = %s, want %s", got, leet37JSON)
	}
	big := must(New(36))
	big.Set(0, 1, 12)
	if got := big.Format(FormatLeetCode); !strings.HasPrefix(got, `[[".","12",".",`) {
		t.Errorf("36×36 FormatLeetCode = %.30s…", got)
	}
}

// TestRoundTrip checks that every format parses back to the same grid and
// that formatting is idempotent.
func TestRoundTrip(t *testing.T) {
	for _, n := range []int{4, 9, 16, 25, 36, 49, 64} {
		for seed := range uint64(3) {
			g := sampleGrid(n, seed)
			for f := FormatLine; f <= FormatLeetCode; f++ {
				s := g.Format(f)
				h, err := Parse(s)
				if err != nil {
					t.Errorf("%d×%d seed %d %v: Parse: %v", n, n, seed, f, err)
					continue
				}
				if !h.Equal(g) {
					t.Errorf("%d×%d seed %d %v: round trip changed the grid", n, n, seed, f)
				}
				if s2 := h.Format(f); s2 != s {
					t.Errorf("%d×%d seed %d %v: formatting is not idempotent", n, n, seed, f)
				}
				// The Reader reads the same text when told the size.
				r := NewReader(strings.NewReader(s + "\n" + s))
				r.Size = n
				for i := range 2 {
					if h, err := r.Read(); err != nil || !h.Equal(g) {
						t.Errorf("%d×%d seed %d %v: Reader #%d: %v", n, n, seed, f, i+1, err)
					}
				}
			}
		}
	}
}

func TestAppendColored(t *testing.T) {
	puzzle := MustParse(four)
	sol := MustParse("1234341221434321")
	got := string(sol.AppendColored([]byte("> "), puzzle, "[", "]"))
	// Recompute the expectation cell by cell rather than by hand.
	var b strings.Builder
	b.WriteString("> ")
	for r := range 4 {
		if r == 2 {
			b.WriteString("\n----+----")
		}
		if r > 0 {
			b.WriteString("\n")
		}
		for c := range 4 {
			switch {
			case c == 2:
				b.WriteString(" | ")
			case c > 0:
				b.WriteString(" ")
			}
			d := string(rune('0' + sol.Get(r, c)))
			if puzzle.Get(r, c) == 0 {
				d = "[" + d + "]"
			}
			b.WriteString(d)
		}
	}
	if got != b.String() {
		t.Errorf("AppendColored =\n%s\nwant\n%s", got, b.String())
	}
	plain := sol.Format(FormatGrid)
	if got := string(sol.AppendColored(nil, nil, "[", "]")); got != plain {
		t.Errorf("AppendColored with nil puzzle = %q, want %q", got, plain)
	}
	if got := string(sol.AppendColored(nil, MustParse(leet37), "[", "]")); got != plain {
		t.Errorf("AppendColored with a 9×9 puzzle = %q, want %q", got, plain)
	}
	if got := string(sol.AppendColored(nil, puzzle, "", "")); got != plain {
		t.Errorf("AppendColored with empty on/off = %q, want %q", got, plain)
	}
}

func TestParseFormat(t *testing.T) {
	for f := FormatLine; f <= FormatLeetCode; f++ {
		for _, s := range []string{f.String(), strings.ToUpper(f.String())} {
			got, err := ParseFormat(s)
			if err != nil || got != f {
				t.Errorf("ParseFormat(%q) = %v, %v; want %v", s, got, err, f)
			}
		}
	}
	if _, err := ParseFormat("xml"); err == nil || !strings.Contains(err.Error(), `"xml"`) {
		t.Errorf("ParseFormat(xml) error = %v", err)
	}
	if got := Format(9).String(); got != "Format(9)" {
		t.Errorf("Format(9).String() = %q", got)
	}
	if got := MustParse(four).Format(Format(9)); got != four {
		t.Errorf("unknown format gives %q, want the line form", got)
	}
}

func TestAppendFormatAppends(t *testing.T) {
	g := MustParse(four)
	got := g.AppendFormat([]byte("x="), FormatLine)
	if !bytes.Equal(got, []byte("x="+four)) {
		t.Errorf("AppendFormat = %q", got)
	}
}
