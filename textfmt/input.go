package textfmt

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// Puzzle is one puzzle of an input, as the reader of a registered input
// format gives it (see Open).
type Puzzle struct {
	// Grid holds the givens, under the puzzle's rules; nil when the
	// puzzle could not be read.
	Grid *satdoku.Grid
	// Solution is a solution that came with the puzzle (as Reader.Solution
	// gives it), or nil.
	Solution *satdoku.Grid
	// Numbers: the puzzle was a board written in numbers (see
	// Reader.Numbers), which AppendLeetCode can keep.
	Numbers bool
	// Warnings tell what the reader ignored or interpreted.
	Warnings []string
	// Unread names the rules that the puzzle's text states and its data
	// does not carry, and the elements ignored that may draw rules (the
	// reader warned about each): a verdict of none or multiple is for the
	// rules as read, without them.
	Unread []string
	// Clues are the puzzle's clues, for a format that has them (f-puzzles):
	// the rules of Grid already hold what they mean; a renderer draws them.
	Clues []clue.Clue
	// Title, Author and Rules are the puzzle's own words, for a format
	// that carries them (f-puzzles, SudokuPad): its title, its setter, and
	// the setter's statement of the rules; "" when absent.
	Title, Author, Rules string
	// Line is the 1-based line of the input where the puzzle, or the input
	// at fault, starts.
	Line int
	// Text is that line, trimmed of white space and cut to 200 bytes.
	Text string
}

// PuzzleReader reads the puzzles of one input in turn.
type PuzzleReader interface {
	// Next returns the next puzzle, and io.EOF at the end of the input.
	// A puzzle that cannot be read gives a *satdoku.ParseError placed in
	// the whole input, with a Puzzle whose Line and Text say where, and
	// the next call goes on after it; any other error (a failed read)
	// ends the input.
	Next() (Puzzle, error)
}

// Match says how well an input fits an input format.
type Match uint8

// The degrees of Match.
const (
	// NoMatch: the input is not in the format.
	NoMatch Match = iota
	// Maybe: the format would read the input if no other is Sure (the
	// text formats take anything).
	Maybe
	// Sure: the input is in the format.
	Sure
)

// Input is an input format: how to recognise it and how to read it. Open
// and ReadArg choose among the registered formats the one whose detection
// gives the best Match, the first registered on a tie.
type Input struct {
	// Name names the format: "text", "f-puzzles".
	Name string
	// Detect tells how well an input that starts with head fits the
	// format. head is what the input had given when it was opened, at
	// least one byte (so that a puzzle typed at a terminal is not held
	// up), without a UTF-8 byte order mark or the white space before the
	// first character; it may end in the middle of a line.
	Detect func(head []byte) Match
	// NewReader returns a reader of the puzzles of r, an input that
	// Detect accepted, read from its start.
	NewReader func(r io.Reader) PuzzleReader
	// DetectArg tells how well a command-line argument fits the format as
	// one puzzle. Nil means never: the argument may be a file name.
	DetectArg func(arg string) Match
	// ReadArg reads an argument that DetectArg accepted, as one puzzle.
	ReadArg func(arg string) (Puzzle, error)
}

var registry struct {
	mu     sync.Mutex
	inputs []*Input
}

// Register adds an input format for Open and ReadArg, as image.RegisterFormat
// does for images; packages register theirs in an init function. Register
// panics if the format has no name, no Detect or no NewReader, if it has a
// DetectArg without a ReadArg, or if its name is taken.
func Register(in Input) {
	if in.Name == "" || in.Detect == nil || in.NewReader == nil || in.DetectArg != nil && in.ReadArg == nil {
		panic(fmt.Sprintf("textfmt: Register of an incomplete input format %q", in.Name))
	}
	registry.mu.Lock()
	defer registry.mu.Unlock()
	for _, f := range registry.inputs {
		if f.Name == in.Name {
			panic(fmt.Sprintf("textfmt: Register called twice for input format %q", in.Name))
		}
	}
	registry.inputs = append(registry.inputs, &in)
}

// best returns the registered format that fits best by match, or nil when
// none fits at all.
func best(match func(*Input) Match) *Input {
	registry.mu.Lock()
	list := registry.inputs
	registry.mu.Unlock()
	var found *Input
	top := NoMatch
	for _, f := range list {
		if m := match(f); m > top {
			found, top = f, m
		}
	}
	return found
}

// Open detects the format of the input r from what its first read brings,
// and returns a reader of its puzzles in that format and the format's name.
// An input that no registered format claims is read in the text formats.
func Open(r io.Reader) (PuzzleReader, string) {
	br := bufio.NewReader(r)
	br.Peek(1) // one read: what has come, without waiting for more
	head, _ := br.Peek(br.Buffered())
	head = bytes.TrimPrefix(head, bom)
	head = bytes.TrimLeft(head, " \t\r\n")
	f := best(func(f *Input) Match { return f.Detect(head) })
	if f == nil {
		f = &textInput
	}
	return clipped{f.NewReader(br)}, f.Name
}

// ReadArg reads a command-line argument as one puzzle, in the registered
// format whose DetectArg fits it best. ok is false when no format claims
// it: the argument is something else, say a file name.
func ReadArg(arg string) (p Puzzle, ok bool, err error) {
	f := best(func(f *Input) Match {
		if f.DetectArg == nil {
			return NoMatch
		}
		return f.DetectArg(arg)
	})
	if f == nil {
		return Puzzle{}, false, nil
	}
	p, err = f.ReadArg(arg)
	if p.Line == 0 {
		p.Line = 1
	}
	if p.Text == "" {
		p.Text = arg
	}
	p.Text = clipText(p.Text)
	return p, true, err
}

// clipped cuts the Text of every puzzle of a reader to maxText bytes.
type clipped struct{ r PuzzleReader }

func (c clipped) Next() (Puzzle, error) {
	p, err := c.r.Next()
	p.Text = clipText(p.Text)
	return p, err
}

// clipText cuts s to maxText bytes at a rune boundary.
func clipText(s string) string {
	if len(s) <= maxText {
		return s
	}
	cut := maxText
	for cut > maxText-utf8.UTFMax && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// The text formats as an input format: Reader for a stream, Parse for an
// argument.

// textInput is the input format "text": the formats of Reader. It takes
// any stream, as the fallback of every other format.
var textInput = Input{
	Name:      "text",
	Detect:    func([]byte) Match { return Maybe },
	NewReader: func(r io.Reader) PuzzleReader { return textReader{NewReader(r)} },
	DetectArg: func(arg string) Match {
		if _, err := Parse(arg); err == nil {
			return Sure
		}
		if looksLikePuzzle(arg) {
			return Maybe // a puzzle with a mistake: its error is the answer
		}
		return NoMatch
	},
	ReadArg: func(arg string) (Puzzle, error) {
		g, err := Parse(arg)
		if err != nil {
			return Puzzle{}, err
		}
		return Puzzle{Grid: g, Numbers: jsonNumbers(arg), Text: arg}, nil
	},
}

func init() { Register(textInput) }

// textReader is a Reader as a PuzzleReader.
type textReader struct{ r *Reader }

func (t textReader) Next() (Puzzle, error) {
	g, err := t.r.Read()
	if err == io.EOF {
		return Puzzle{}, io.EOF
	}
	return Puzzle{Grid: g, Solution: t.r.Solution(), Numbers: t.r.Numbers(), Line: t.r.Line(), Text: t.r.Text()}, err
}

// jsonNumbers reports whether a puzzle argument is a JSON board written in
// numbers (see Reader.Numbers).
func jsonNumbers(arg string) bool {
	if !strings.HasPrefix(strings.TrimSpace(arg), "[") {
		return false
	}
	r := NewReader(strings.NewReader(arg))
	_, err := r.Read()
	return err == nil && r.Numbers()
}

// looksLikePuzzle reports whether a command-line argument that did not parse
// was meant as a puzzle rather than a file name: long, and mostly symbols.
func looksLikePuzzle(s string) bool {
	if utf8.RuneCountInString(s) < 16 {
		return false
	}
	sym := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9', r == '.', r == '[', r == ']', r == '"', r == ',', r == ' ', r == '|':
			sym++
		}
	}
	return sym*4 >= utf8.RuneCountInString(s)*3
}

// FirstLine returns the first line of head that is not blank or a #
// comment, trimmed of white space: what a Detect of a format of one item a
// line looks at.
func FirstLine(head []byte) (string, bool) {
	for len(head) > 0 {
		line, rest, _ := bytes.Cut(head, []byte("\n"))
		head = rest
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return string(t), true
		}
	}
	return "", false
}

// NewLineReader returns a reader of an input of one puzzle a line, as
// lists of links are: blank lines and # comments are skipped, read reads
// each other line (whole, so that the columns of its errors count in it;
// the slice is valid only during the call) and the position of a
// *satdoku.ParseError it returns is moved to that line of the input. A
// line may be up to maxLine bytes.
func NewLineReader(r io.Reader, maxLine int, read func(line []byte) (Puzzle, error)) PuzzleReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, maxLine)
	return &lineReader{sc: sc, read: read}
}

// lineReader is the reader of NewLineReader.
type lineReader struct {
	sc   *bufio.Scanner
	read func([]byte) (Puzzle, error)
	line int
	err  error // the read error that ended the input
}

// Next reads the puzzle of the next line that is not blank or a comment.
func (lr *lineReader) Next() (Puzzle, error) {
	if lr.err != nil {
		return Puzzle{}, io.EOF
	}
	for lr.sc.Scan() {
		lr.line++
		line := lr.sc.Bytes()
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		p, err := lr.read(line)
		var pe *satdoku.ParseError
		if errors.As(err, &pe) && pe.Pos.IsValid() {
			pe.Pos.Line += lr.line - 1
		}
		p.Line, p.Text = lr.line, string(t)
		return p, err
	}
	if lr.err = lr.sc.Err(); lr.err != nil {
		return Puzzle{Line: lr.line + 1}, lr.err
	}
	return Puzzle{}, io.EOF
}

// LinkInput returns the input format name of links, one puzzle each: an
// argument that isLink accepts is a puzzle, and so is each line of an input
// whose first line (after blank lines and # comments) is one (lines up to
// maxLine bytes). read reads one link; an error of it that has no position
// is placed at column 1 of the link.
func LinkInput(name string, isLink func(string) bool, maxLine int, read func(link string) (Puzzle, error)) Input {
	readLink := func(s string) (Puzzle, error) {
		p, err := read(strings.TrimSpace(s))
		var pe *satdoku.ParseError
		if errors.As(err, &pe) && !pe.Pos.IsValid() {
			pe.Pos.Line, pe.Pos.Column = 1, 1
		}
		return p, err
	}
	return Input{
		Name: name,
		Detect: func(head []byte) Match {
			if line, ok := FirstLine(head); ok && isLink(line) {
				return Sure
			}
			return NoMatch
		},
		NewReader: func(r io.Reader) PuzzleReader {
			return NewLineReader(r, maxLine, func(line []byte) (Puzzle, error) { return readLink(string(line)) })
		},
		DetectArg: func(arg string) Match {
			if isLink(arg) {
				return Sure
			}
			return NoMatch
		},
		ReadArg: readLink,
	}
}
