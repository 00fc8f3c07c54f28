package fpuzzles

import (
	"errors"
	"io"
	"strings"
	"testing"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// given4 is a 4×4 puzzle with digit d in its first cell, and extra keys.
func given4(d int, extra string) string {
	return `{"size":4,"grid":[[{"value":` + string(rune('0'+d)) + `,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]` + extra + "}"
}

// TestInputFormats reads f-puzzles through textfmt, as any program that
// imports this package does: a JSON object is one puzzle, a list of links
// a puzzle a line, with each error placed at its line of the list; the
// text formats still read everything else.
func TestInputFormats(t *testing.T) {
	good := given4(1, `,"line":[{"lines":[["R1C1","R1C2"]]}]`)
	bad := board(4, `,"killercage":[{"cells":["R1C1","R5C1"],"value":"5"}]`)
	link := func(js string) string {
		uri, err := lzstring.CompressToEncodedURIComponent(js)
		if err != nil {
			t.Fatal(err)
		}
		return "https://www.f-puzzles.com/?load=" + uri
	}

	r, name := textfmt.Open(strings.NewReader("\n  " + good + "\n"))
	if name != "f-puzzles" {
		t.Fatalf("JSON object read as %q", name)
	}
	p, err := r.Next()
	if err != nil || p.Grid == nil || p.Grid.Cell(0) != 1 || p.Line != 1 || len(p.Warnings) != 1 {
		t.Fatalf("JSON object: %+v, %v", p, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the JSON object: %v", err)
	}

	list := "# links\n\n  " + link(good) + "\n" + link(bad) + "\n# end\n" + strings.TrimPrefix(link(good), "https://www.f-puzzles.com/?load=") + "\n"
	r, name = textfmt.Open(strings.NewReader(list))
	if name != "f-puzzles links" {
		t.Fatalf("links read as %q", name)
	}
	var lines []int
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		lines = append(lines, p.Line)
		var pe *satdoku.ParseError
		switch {
		case p.Line == 4:
			if !errors.As(err, &pe) || pe.Pos.Line != 4 || pe.Pos.Column != 33 || pe.Pos.Path != "killercage[0].cells[1]" || !errors.Is(err, ErrInvalid) {
				t.Errorf("bad link: %v, want an error at 4:33", err)
			}
		case err != nil || p.Grid.Cell(0) != 1 || !strings.HasPrefix(p.Text, "https://") && !strings.HasPrefix(p.Text, "N4Ig"):
			t.Errorf("line %d: %+v, %v", p.Line, p, err)
		}
	}
	if len(lines) != 3 || lines[0] != 3 || lines[1] != 4 || lines[2] != 6 {
		t.Errorf("links at lines %v, want [3 4 6]", lines)
	}

	if _, name := textfmt.Open(strings.NewReader("1..4..3..4..2..1\n")); name != "text" {
		t.Errorf("a text puzzle read as %q", name)
	}
}

// TestInputArg: an argument that is a link or a load string is a puzzle;
// a JSON object is not (an argument is a puzzle or a file name).
func TestInputArg(t *testing.T) {
	js := given4(2, "")
	b64, err := lzstring.CompressToBase64(js)
	if err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{b64, "https://sudokupad.app/fpuzzles" + b64} {
		p, ok, err := textfmt.ReadArg(arg)
		if !ok || err != nil || p.Grid.Cell(0) != 2 {
			t.Errorf("ReadArg(%.40q) = %+v, %v, %v", arg, p, ok, err)
		}
	}
	if _, ok, err := textfmt.ReadArg("https://www.f-puzzles.com/?load=N4Ig!!"); !ok || !errors.Is(err, ErrSyntax) {
		t.Errorf("a bad link: %v, %v", ok, err)
	}
	if _, ok, _ := textfmt.ReadArg(js); ok {
		t.Error("a JSON object read as an argument")
	}
}
