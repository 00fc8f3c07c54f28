package textfmt

import (
	"bufio"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
)

// magicInput is a test format: an input starting with "MAGIC" holds
// lines "MAGIC k", each a 4×4 board with digit k in its first cell; an
// argument "MAGIC k" is one. Anything else after MAGIC is an error at its
// line.
var magicInput = Input{
	Name: "test magic",
	Detect: func(head []byte) Match {
		if strings.HasPrefix(string(head), "MAGIC") {
			return Sure
		}
		return NoMatch
	},
	NewReader: func(r io.Reader) PuzzleReader { return &magicReader{sc: bufio.NewScanner(r)} },
	DetectArg: func(arg string) Match {
		if strings.HasPrefix(arg, "MAGIC") {
			return Sure
		}
		return NoMatch
	},
	ReadArg: func(arg string) (Puzzle, error) { return magicPuzzle(arg, 1) },
}

type magicReader struct {
	sc   *bufio.Scanner
	line int
}

func (m *magicReader) Next() (Puzzle, error) {
	if !m.sc.Scan() {
		return Puzzle{}, io.EOF
	}
	m.line++
	return magicPuzzle(m.sc.Text(), m.line)
}

func magicPuzzle(s string, line int) (Puzzle, error) {
	p := Puzzle{Line: line, Text: s}
	if len(s) != len("MAGIC k") || !strings.HasPrefix(s, "MAGIC ") || s[6] < '1' || s[6] > '4' {
		return p, &satdoku.ParseError{Pos: satdoku.Position{Line: line, Column: 1}, Msg: "not magic", Err: ErrBadCell}
	}
	g := must(satdoku.New(4))
	g.SetCell(0, int(s[6]-'0'))
	p.Grid = g
	return p, nil
}

func init() { Register(magicInput) }

// collect reads every puzzle of r: its first cell and line, or the error.
func collect(t *testing.T, r PuzzleReader) []string {
	t.Helper()
	var got []string
	for {
		p, err := r.Next()
		if err == io.EOF {
			return got
		}
		if err != nil {
			got = append(got, err.Error())
			continue
		}
		got = append(got, p.Grid.String()[:1]+"@"+itoa(p.Line))
	}
}

// TestOpen: Open reads each input in the format that claims it, the text
// formats when none does, and a format registered later (the test one)
// without any change to the caller.
func TestOpen(t *testing.T) {
	tests := []struct {
		in, format string
		want       []string
	}{
		{"MAGIC 3\nMAGIC 1\nMAGIC x\nMAGIC 2\n", "test magic", []string{"3@1", "1@2", "3:1: not magic", "2@4"}},
		// Detect sees the start without the BOM and white space; the
		// reader reads the input from its first byte.
		{"\uFEFF \n\tMAGIC 4", "test magic", []string{"1:1: not magic", "2:1: not magic"}},
		{leet37 + "\n" + four + "\n", "text", []string{"5@1", "1@2"}},
		{"# MAGIC is not at the start\n" + four, "text", []string{"1@2"}},
		{"", "text", nil},
	}
	for _, tt := range tests {
		r, name := Open(strings.NewReader(tt.in))
		if name != tt.format {
			t.Errorf("Open(%q): format %q, want %q", tt.in, name, tt.format)
			continue
		}
		if got := collect(t, r); !slices.Equal(got, tt.want) {
			t.Errorf("Open(%q) read %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestOpenTextPuzzle: through Open, the text formats give what a Reader
// gives: the solution of a record, the numbers of a JSON board, the line
// and text of an error.
func TestOpenTextPuzzle(t *testing.T) {
	in := "# c\n" + leet37 + "," + leet37Sol + "\n[[10,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]]\n53x\n"
	r, _ := Open(strings.NewReader(in))
	p, err := r.Next()
	if err != nil || p.Grid.String() != leet37 || p.Solution == nil || p.Solution.String() != leet37Sol || p.Line != 2 {
		t.Fatalf("record: %+v, %v", p, err)
	}
	if _, err := r.Next(); err == nil {
		t.Fatal("a JSON board of one row read")
	}
	p, err = r.Next()
	var pe *satdoku.ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrLength) || p.Line != 4 || p.Text != "53x" || p.Grid != nil {
		t.Fatalf("bad line: %+v, %v", p, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the last puzzle: %v", err)
	}
	r, _ = Open(strings.NewReader(numberRows(sixteen, 16)))
	if p, err := r.Next(); err != nil || p.Numbers || p.Grid.String() != sixteen {
		t.Fatalf("16×16 rows in numbers: %+v, %v", p, err)
	}
	r, _ = Open(strings.NewReader(jsonBoard(sixteen, 16, itoa)))
	if p, err := r.Next(); err != nil || !p.Numbers || p.Grid.String() != sixteen {
		t.Fatalf("16×16 JSON board in numbers: %+v, %v", p, err)
	}
}

// TestOpenTextLong: a Text is cut to 200 bytes at a rune boundary, by
// every format.
func TestOpenTextLong(t *testing.T) {
	long := "MAGIC " + strings.Repeat("é", 150)
	r, _ := Open(strings.NewReader(long))
	p, err := r.Next()
	if err == nil || len(p.Text) > maxText || !strings.HasPrefix(long, p.Text) || len(p.Text) < maxText-3 {
		t.Fatalf("Text %q (%d bytes), %v", p.Text, len(p.Text), err)
	}
}

// TestOpenDoesNotWait: Open decides on what the first read brings, so a
// puzzle typed at a terminal (here, a pipe whose writer stays open) is
// read before the input ends.
func TestOpenDoesNotWait(t *testing.T) {
	for _, line := range []string{leet37 + "\n", "MAGIC 2\n"} {
		pr, pw := io.Pipe()
		go pw.Write([]byte(line))
		done := make(chan string, 1)
		go func() {
			r, _ := Open(pr)
			p, err := r.Next()
			if err != nil {
				done <- err.Error()
				return
			}
			done <- p.Grid.String()[:1]
		}()
		select {
		case got := <-done:
			if got != line[:1] && got != "2" {
				t.Errorf("%q: read %q", line, got)
			}
		case <-time.After(20 * time.Second):
			t.Errorf("%q: Open or Next waits for the end of the input", line)
		}
		pw.Close()
	}
}

// TestReadArg: an argument is read by the format that is Sure of it, the
// text formats before a later format on a tie, and a text puzzle with a
// mistake gives its error only when no format is Sure; anything else is
// not a puzzle.
func TestReadArg(t *testing.T) {
	p, ok, err := ReadArg(leet37)
	if !ok || err != nil || p.Grid.String() != leet37 || p.Line != 1 || p.Text != leet37 {
		t.Errorf("ReadArg(leet37) = %+v, %v, %v", p, ok, err)
	}
	p, ok, err = ReadArg("MAGIC 4")
	if !ok || err != nil || p.Grid.Cell(0) != 4 {
		t.Errorf("ReadArg(MAGIC 4) = %+v, %v, %v", p, ok, err)
	}
	p, ok, err = ReadArg(leet37[:80] + "?")
	if !ok || !errors.Is(err, ErrBadCell) || p.Grid != nil || p.Text != leet37[:80]+"?" {
		t.Errorf("ReadArg(bad puzzle) = %+v, %v, %v", p, ok, err)
	}
	if p, ok, err := ReadArg(`[["5","3"],["6","."]]`); !ok || !errors.Is(err, ErrLength) {
		t.Errorf("ReadArg(short JSON board) = %+v, %v, %v", p, ok, err)
	}
	if p, ok, err := ReadArg(`[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,10]]`); !ok || err == nil {
		t.Errorf("ReadArg(4×4 JSON board with a 10) = %+v, %v, %v", p, ok, err)
	}
	sixteenJSON := jsonBoard(sixteen, 16, itoa)
	if p, ok, err := ReadArg(sixteenJSON); !ok || err != nil || !p.Numbers {
		t.Errorf("ReadArg(16×16 board in numbers) = %+v, %v, %v", p, ok, err)
	}
	if p, ok, err := ReadArg(sixteen); !ok || err != nil || p.Numbers {
		t.Errorf("ReadArg(16×16 line) = %+v, %v, %v", p, ok, err)
	}
	for _, arg := range []string{"puzzles.txt", "", "-", "MAGI"} {
		if p, ok, err := ReadArg(arg); ok {
			t.Errorf("ReadArg(%q) = %+v, %v, %v: want no puzzle", arg, p, ok, err)
		}
	}
}

// TestRegister: a name is taken once, and a format must be complete; a
// refused registration changes nothing.
func TestRegister(t *testing.T) {
	refuse := func(in Input) Input {
		in.Detect = func([]byte) Match { return Sure }
		in.DetectArg = func(string) Match { return Sure }
		return in
	}
	bad := []Input{
		refuse(magicInput),
		refuse(Input{Name: "", NewReader: magicInput.NewReader, ReadArg: magicInput.ReadArg}),
		{Name: "no detect", NewReader: magicInput.NewReader},
		refuse(Input{Name: "no reader", ReadArg: magicInput.ReadArg}),
		{Name: "no ReadArg", Detect: magicInput.Detect, NewReader: magicInput.NewReader, DetectArg: magicInput.DetectArg},
	}
	for _, in := range bad {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q) did not panic", in.Name)
				}
			}()
			Register(in)
		}()
	}
	// Had one of them been registered, it would claim everything.
	if _, name := Open(strings.NewReader(four)); name != "text" {
		t.Errorf("after refused registrations, a text puzzle is read as %q", name)
	}
	if p, ok, err := ReadArg(four); !ok || err != nil || p.Grid.String() != four {
		t.Errorf("after refused registrations, ReadArg(four) = %+v, %v, %v", p, ok, err)
	}
}

// TestLineReader: blank lines and comments skipped, each puzzle at its
// line, a line's error moved to its line of the input, columns kept.
func TestLineReader(t *testing.T) {
	in := "# links\n\nA\n  B\n# more\nbad\n"
	read := func(line []byte) (Puzzle, error) {
		if strings.TrimSpace(string(line)) == "bad" {
			return Puzzle{}, &satdoku.ParseError{Pos: satdoku.Position{Line: 1, Column: 2}, Err: errors.New("bad link")}
		}
		return Puzzle{Warnings: []string{string(line)}}, nil
	}
	lr := NewLineReader(strings.NewReader(in), 64, read)
	for _, want := range []struct {
		line int
		text string
		read string
	}{{3, "A", "A"}, {4, "B", "  B"}} {
		p, err := lr.Next()
		if err != nil || p.Line != want.line || p.Text != want.text || len(p.Warnings) != 1 || p.Warnings[0] != want.read {
			t.Fatalf("Next = %+v, %v; want line %d text %q, the whole line %q read", p, err, want.line, want.text, want.read)
		}
	}
	p, err := lr.Next()
	var pe *satdoku.ParseError
	if !errors.As(err, &pe) || pe.Pos.Line != 6 || pe.Pos.Column != 2 || p.Line != 6 || p.Text != "bad" {
		t.Fatalf("Next = %+v, %v; want the error at 6:2", p, err)
	}
	if _, err := lr.Next(); err != io.EOF {
		t.Fatalf("at the end: %v, want io.EOF", err)
	}
	// A line over the limit ends the input with the scanner's error.
	lr = NewLineReader(strings.NewReader("A\n"+strings.Repeat("x", 100)+"\n"), 64, read)
	lr.Next()
	if p, err := lr.Next(); err == nil || err == io.EOF || p.Line != 2 {
		t.Fatalf("a long line: %+v, %v; want a read error at line 2", p, err)
	}
	if _, err := lr.Next(); err != io.EOF {
		t.Fatalf("after a read error: %v, want io.EOF", err)
	}
}
