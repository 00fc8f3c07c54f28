package satdoku

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

// fuzzSeeds are starting inputs for the fuzz targets: every format, and
// some broken ones.
func fuzzSeeds() []string {
	seeds := []string{
		leet37, leet37JSON, four, sixteen,
		MustParse(leet37).Format(FormatGrid),
		MustParse(four).Format(FormatGrid),
		MustParse(leet37).Format(FormatJSON),
		sampleGrid(36, 1).Format(FormatLine),
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
		MustParse(twelve).Format(FormatLeetCode),
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
		if !IsSide(g.N()) || g.Len() != g.N()*g.N() {
			t.Fatalf("Parse returned a %d×%d grid with %d cells", g.N(), g.N(), g.Len())
		}
		for fm := FormatLine; fm <= FormatLeetCode; fm++ {
			out := g.Format(fm)
			h, err := Parse(out)
			if err != nil {
				t.Fatalf("Parse(Format(%v)) = %v\ninput %q\noutput %q", fm, err, s, out)
			}
			if !h.Equal(g) {
				t.Fatalf("Parse(Format(%v)) != grid\ninput %q\noutput %q", fm, s, out)
			}
			if again := h.Format(fm); again != out {
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
		sizes := append([]int{0}, Sides()...)
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
				pe, ok := err.(*ParseError)
				if !ok {
					t.Fatalf("Read error %v (%T) is not a *ParseError", err, err)
				}
				if pe.Pos.Line < r.Line() || pe.Pos.Line > lines || pe.Pos.Column < 1 || pe.Pos.Path != "" {
					t.Fatalf("error at line %d, column %d; puzzle at line %d of %d", pe.Pos.Line, pe.Pos.Column, r.Line(), lines)
				}
				continue
			}
			if g == nil || !IsSide(g.N()) {
				t.Fatalf("Read returned a bad grid %v", g)
			}
			if r.Size != 0 && g.N() != r.Size {
				t.Fatalf("Read returned %d×%d with Size %d", g.N(), g.N(), r.Size)
			}
		}
	})
}

// FuzzRules builds rules from arbitrary regions and extra units: the
// constructors never panic, and rules they accept are consistent: every
// cell is in its row, its column and at most one region, and the overlaps
// are the pairs of units that share two cells or more.
func FuzzRules(f *testing.F) {
	f.Add(uint8(5), []byte{}, []byte{0, 10, 20, 30, 40, 50, 60, 70, 80}, uint8(3), uint8(3))
	f.Add(uint8(0), []byte{0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 2, 1, 2, 3, 3, 3}, []byte{0, 5}, uint8(2), uint8(2))
	f.Add(uint8(2), []byte{1, 1, 2}, []byte{1, 1}, uint8(2), uint8(3))
	f.Fuzz(func(t *testing.T, size uint8, layout, extra []byte, h, w uint8) {
		n := MinN + int(size)%(MaxN-MinN+1)
		var regions [][]int
		if len(layout) > 0 {
			regions = make([][]int, n)
			for i := range n * n {
				x := int(layout[i%len(layout)]) % n
				regions[x] = append(regions[x], i)
			}
		}
		r, err := Regions(n, regions)
		if err != nil {
			if !errors.Is(err, ErrRules) {
				t.Fatalf("Regions error %v is not ErrRules", err)
			}
			if r, err = Boxes(n, int(h), int(w)); err != nil {
				if !errors.Is(err, ErrRules) {
					t.Fatalf("Boxes error %v is not ErrRules", err)
				}
				return
			}
		}
		cells := make([]int, len(extra))
		for k, b := range extra {
			cells[k] = int(b) - 8
		}
		if x, err := r.WithExtra(ExtraUnit{Cells: cells}); err == nil {
			r = x
		} else if !errors.Is(err, ErrRules) {
			t.Fatalf("WithExtra error %v is not ErrRules", err)
		}
		units := r.Units()
		for i := range n * n {
			us := r.UnitsOf(i)
			if len(us) < 2 || units[us[0]].Kind != Row || units[us[0]].Index != i/n || units[us[1]].Kind != Column || units[us[1]].Index != i%n {
				t.Fatalf("cell %d is in %v", i, us)
			}
			if len(us) > 2 && units[us[2]].Kind == Box && len(us) > 3 && units[us[3]].Kind == Box {
				t.Fatalf("cell %d is in two regions", i)
			}
		}
		if n > 25 {
			return // bruteOverlaps is too slow
		}
		if got, want := r.Overlaps(), bruteOverlaps(r); !reflect.DeepEqual(got, want) {
			t.Fatalf("%d overlaps, want %d", len(got), len(want))
		}
	})
}
