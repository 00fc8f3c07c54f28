package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// reversed is an input format that only this test registers: after a
// first line "REVERSED", one 4×4 puzzle a line written backwards; an
// argument "REVERSED:PUZZLE" is one.
var reversed = textfmt.Input{
	Name: "test reversed",
	Detect: func(head []byte) textfmt.Match {
		if bytes.HasPrefix(head, []byte("REVERSED\n")) {
			return textfmt.Sure
		}
		return textfmt.NoMatch
	},
	NewReader: func(r io.Reader) textfmt.PuzzleReader { return &reversedReader{sc: bufio.NewScanner(r)} },
	DetectArg: func(arg string) textfmt.Match {
		if strings.HasPrefix(arg, "REVERSED:") {
			return textfmt.Sure
		}
		return textfmt.NoMatch
	},
	ReadArg: func(arg string) (textfmt.Puzzle, error) { return readReversed(strings.TrimPrefix(arg, "REVERSED:"), 1) },
}

func init() { textfmt.Register(reversed) }

type reversedReader struct {
	sc   *bufio.Scanner
	line int
}

func (r *reversedReader) Next() (textfmt.Puzzle, error) {
	for r.sc.Scan() {
		r.line++
		if r.line > 1 {
			return readReversed(r.sc.Text(), r.line)
		}
	}
	return textfmt.Puzzle{}, io.EOF
}

func readReversed(s string, line int) (textfmt.Puzzle, error) {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	p := textfmt.Puzzle{Line: line, Text: s}
	g, err := textfmt.Parse(string(b))
	var pe *satdoku.ParseError
	if err != nil && errors.As(err, &pe) {
		pe.Pos.Line = line
		pe.Pos.Column = len(s) + 1 - pe.Pos.Column
	}
	p.Grid = g
	return p, err
}

// TestRegisteredFormat: a format registered by another package (here, by
// this test) is read by the CLI from a file, standard input and an
// argument, with its errors at their place in the file, with no change to
// the CLI.
func TestRegisteredFormat(t *testing.T) {
	// .23434.2214.4.21 backwards (one blank a row: its solution is
	// 1234341221434321), and a line with a bad cell in column 2.
	in := "REVERSED\n12.4.4122.43432.\n1?.4.4122.43432.\n"
	path := filepath.Join(t.TempDir(), "rev.txt")
	if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	const sol = "1234341221434321"
	var stdout, stderr bytes.Buffer
	code := run([]string{"solve", path, "-", "REVERSED:12.4.4122.43432."}, strings.NewReader(in), &stdout, &stderr)
	want := sol + "\n" + "error\n" + sol + "\n" + "error\n" + sol + "\n"
	if code != exitUsage || stdout.String() != want {
		t.Errorf("exit %d, stdout\n%s\nwant\n%s", code, stdout.String(), want)
	}
	if msg := path + ":3:2: invalid cell '?'\n<stdin>:3:2: invalid cell '?'\n"; stderr.String() != msg {
		t.Errorf("stderr\n%s\nwant\n%s", stderr.String(), msg)
	}
}
