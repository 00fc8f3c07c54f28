package iss_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// TestLineJoiner reads a stream that mixes puzzles of one constraint a
// line (as the index of ISS puzzles stores them, blank lines and comments
// between) with puzzles of one line: each is one puzzle, whose error is
// placed at its own line.
func TestLineJoiner(t *testing.T) {
	in := "# the index's way\n" +
		".~R1C1_5\n" + // 2
		"\n" +
		".Thermo~R1C2~R1C3\n" + // 4
		"# a comment inside\n" +
		".~R9C9_1\n" + // 6
		".~R1C1_5.Thermo~R2C2~R2C3\n" + // 7: one line, a puzzle of its own
		".AntiKing\n" + // 8
		".Cage~10~R1C1\n" + // 9
		"  .Thermo~R1C1\n" + // 10
		"   ~RxC2\n" // 11: more arguments, an error at 11:5
	r, name := textfmt.Open(strings.NewReader(in))
	if name != "iss" {
		t.Fatalf("format %q, want iss", name)
	}
	type got struct {
		line  int
		cells string
		err   error
	}
	var ps []got
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		g := got{line: p.Line, err: err}
		if err == nil {
			g.cells = p.Grid.String()
		}
		ps = append(ps, g)
	}
	if len(ps) != 3 {
		t.Fatalf("%d puzzles, want 3: %v", len(ps), ps)
	}
	if ps[0].line != 2 || ps[0].err != nil || ps[0].cells[0] != '5' || ps[0].cells[80] != '1' {
		t.Errorf("first puzzle %+v, want line 2, r1c1 5 and r9c9 1", ps[0])
	}
	if ps[1].line != 7 || ps[1].err != nil || ps[1].cells[80] != '.' {
		t.Errorf("second puzzle %+v, want line 7 alone", ps[1])
	}
	var pe *satdoku.ParseError
	if ps[2].line != 8 || !errors.As(ps[2].err, &pe) || pe.Pos.Line != 11 || pe.Pos.Column != 5 {
		t.Errorf("third puzzle %+v (%v), want line 8, an error at 11:5", ps[2], ps[2].err)
	}
}

// TestIndexFiles reads every file of the ISS index copied to
// /work/shared/data/ctc-iss (skipped when absent), one constraint a line:
// each is one puzzle (or one error), never several.
func TestIndexFiles(t *testing.T) {
	files, _ := filepath.Glob("/work/shared/data/ctc-iss/*.iss")
	if len(files) == 0 {
		t.Skip("no ISS index files")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, name := textfmt.Open(strings.NewReader(string(b)))
		if name != "iss" {
			t.Errorf("%s: format %q, want iss", f, name)
			continue
		}
		n := 0
		for {
			if _, err := r.Next(); err == io.EOF {
				break
			}
			n++
		}
		if n != 1 {
			t.Errorf("%s: %d puzzles, want 1", f, n)
		}
	}
}

// TestLineJoinerGroups reads a file as the index writes some: an Or
// group, with its Ands and givens, on one line each, after a Var on a
// line of its own: one puzzle (it was read as one puzzle a line, the
// later lines without the var cells). A line of two constraints after a
// blank line is a puzzle of its own.
func TestLineJoinerGroups(t *testing.T) {
	in := ".Var~L~Red%20line~2\n" +
		".Or.And.Cage~3~R1C1~R1C2.~VL1_1.End.And.Cage~4~R1C1~R1C2.~VL1_2.End.End\n" +
		".Or.Thermo~R2C1~R2C2.Thermo~R2C2~R2C1.End\n" +
		".Or\n.Thermo~R3C1~R3C2\n.Thermo~R3C2~R3C1\n.End\n" +
		".~R9C9_1\n" +
		"\n" +
		".~R1C1_5.Thermo~R2C2~R2C3\n" // 10
	r, _ := textfmt.Open(strings.NewReader(in))
	var lines []int
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("line %d: %v", p.Line, err)
		}
		lines = append(lines, p.Line)
		if p.Line == 1 {
			if got := p.Grid.Rules().Tags(); !strings.Contains(strings.Join(got, ","), "any of") || p.Grid.String()[80] != '1' {
				t.Errorf("first puzzle: rules %v, grid %s: want the Ors and r9c9 1", got, p.Grid)
			}
		}
	}
	if len(lines) != 2 || lines[0] != 1 || lines[1] != 10 {
		t.Errorf("puzzles at lines %v, want 1 and 10", lines)
	}
}
