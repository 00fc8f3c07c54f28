package textfmt

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// fuzzSeeds are starting inputs for the fuzz targets: every format, and
// some broken ones.
func fuzzSeeds() []string {
	seeds := []string{
		leet37, leet37JSON, four, sixteen,
		String(MustParse(leet37), FormatGrid),
		String(MustParse(four), FormatGrid),
		String(MustParse(leet37), FormatJSON),
		String(sampleGrid(36, 1), FormatLine),
		" 5 3 . | . 7 . | . . .\n-------|-------|-------\n",
		"[Puzzle]\n53.|.7.|...\n-----------\n",
		`["53..7....","6..195..."]`,
		"[[1,2],\n[3,\"\\u0034\"]]",
		"\uFEFF1..4\r\n..3.\r\n.4..\r\n2..1\r\nend\r\n",
		"1 16 . 3\n",
		"# c\n\n" + leet37[:80] + "\n" + leet37 + "x\n",
		"53\xff.\x00",
		"[\"]\"",
		six, sixGrid, eight, eightGrid, ten, tenGrid, twelve, twelveGrid,
		numberLine(ten, 10), numberRows(twelve, 12),
		String(MustParse(twelve), FormatLeetCode),
		`["1.3.5.",".5.1.3","2...6.",".6...1","3.2.4.",".4.3.2"]`,
		"1 16 . . . . . . . . . . . . . .\n",
		strings.Join(rowsOf(leet37)[1:], "\n") + "\n",
		"53..7...\n" + strings.Join(rowsOf(leet37)[1:], "\n"),
		"1234567\n2345671\n3456712\n",
		six + "\n" + six[:6],
	}
	return seeds
}

// FuzzParse checks that Parse never panics and that whatever it accepts
// round-trips through every format.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			if g != nil {
				t.Fatalf("Parse returned a grid and an error %v", err)
			}
			_ = err.Error()
			return
		}
		if !satdoku.IsSide(g.N()) || g.Len() != g.N()*g.N() {
			t.Fatalf("Parse returned a %d×%d grid with %d cells", g.N(), g.N(), g.Len())
		}
		for fm := FormatLine; fm <= FormatLeetCode; fm++ {
			out := String(g, fm)
			h, err := Parse(out)
			if err != nil {
				t.Fatalf("Parse(Format(%v)) = %v\ninput %q\noutput %q", fm, err, s, out)
			}
			if !h.Equal(g) {
				t.Fatalf("Parse(Format(%v)) != grid\ninput %q\noutput %q", fm, s, out)
			}
			if again := String(h, fm); again != out {
				t.Fatalf("Format(%v) not idempotent:\n%q\n%q", fm, out, again)
			}
		}
	})
}

// FuzzReader checks that a Reader never panics, terminates, and reports
// line numbers that never decrease.
func FuzzReader(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s, 0, 0)
	}
	f.Add(strings.Join(fuzzSeeds(), "\n"), 0, 0)
	f.Add(leet37+"\n"+leet37, 9, 40)
	f.Fuzz(func(t *testing.T, s string, size, maxLine int) {
		r := NewReader(strings.NewReader(s))
		sizes := append([]int{0}, satdoku.Sides()...)
		r.Size = sizes[uint(size)%uint(len(sizes))]
		r.MaxLine = int(uint(maxLine) % 200)
		lines := strings.Count(s, "\n") + 1
		last := 0
		for i := 0; ; i++ {
			if i > lines+1 {
				t.Fatalf("more than %d results from %d lines", i, lines)
			}
			g, err := r.Read()
			if err == io.EOF {
				break
			}
			if r.Line() < last || r.Line() > lines {
				t.Fatalf("Line() = %d after %d, input of %d lines", r.Line(), last, lines)
			}
			last = r.Line()
			if len(r.Text()) > maxText || bytes.ContainsAny([]byte(r.Text()), "\n") {
				t.Fatalf("Text() = %q", r.Text())
			}
			if err != nil {
				pe, ok := err.(*satdoku.ParseError)
				if !ok {
					t.Fatalf("Read error %v (%T) is not a *ParseError", err, err)
				}
				if pe.Pos.Line < r.Line() || pe.Pos.Line > lines || pe.Pos.Column < 1 || pe.Pos.Path != "" {
					t.Fatalf("error at line %d, column %d; puzzle at line %d of %d", pe.Pos.Line, pe.Pos.Column, r.Line(), lines)
				}
				continue
			}
			if g == nil || !satdoku.IsSide(g.N()) {
				t.Fatalf("Read returned a bad grid %v", g)
			}
			if r.Size != 0 && g.N() != r.Size {
				t.Fatalf("Read returned %d×%d with Size %d", g.N(), g.N(), r.Size)
			}
		}
	})
}
