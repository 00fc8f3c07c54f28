package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync/atomic"
	"unicode/utf8"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	_ "github.com/satdoku/satdoku/fpuzzles"    // f-puzzles JSON and links as input formats (SudokuPad links: see rules.go)
	_ "github.com/satdoku/satdoku/iss"         // the puzzle strings of the Interactive Sudoku Solver
	_ "github.com/satdoku/satdoku/sudokumaker" // SudokuMaker links
	"github.com/satdoku/satdoku/textfmt"
)

// item is one input puzzle, or the error that took its place.
type item struct {
	name string // for messages: a file name, "<stdin>" or "argument N"
	file string // the file name for JSON records: "-" for standard input, "" for arguments
	line int    // 1-based line where the puzzle starts (argument position for arguments)
	text string // the raw first line, for records of bad input
	arg  bool   // the puzzle is a command-line argument
	src  int    // 1-based number of the argument it came from
	only bool   // the only puzzle of the inputs (known when the format depends on it)
	grid *satdoku.Grid
	sol  *satdoku.Grid // the solution given with the puzzle (a CSV column, "PUZZLE SOLUTION"), or nil
	// numbers: the puzzle was a JSON board written in numbers, which
	// --format leetcode keeps (see textfmt.Reader.Numbers).
	numbers bool
	err     error       // a *satdoku.ParseError of a reader, or why the input could not be read
	warn    []string    // warnings of the reader (the f-puzzles reader's cosmetic keys ignored)
	unread  []string    // rules the puzzle's text states and its data does not carry (textfmt.Puzzle.Unread)
	clues   []clue.Clue // the puzzle's clues (f-puzzles), for --format svg
	// seed: the item is this seed of generate, not a puzzle read.
	seed uint64
}

// inputs walks the command-line arguments and yields their puzzles in order.
// It holds at most one open file and one puzzle at a time.
type inputs struct {
	args    []string
	stdin   io.Reader
	pos     int                  // next argument
	src     textfmt.PuzzleReader // the puzzles of the open file or standard input
	f       *os.File
	name    string
	file    string
	pending []item       // items queued by peek
	rules   *puzzleRules // the --rules added to every puzzle, or nil

	nread atomic.Int64 // bytes read from files so far (for the progress ETA)
	total int64        // the size of all inputs when all are regular files, else 0
}

// countReader counts the bytes read into inputs.read.
type countReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countReader) Read(b []byte) (int, error) {
	k, err := c.r.Read(b)
	c.n.Add(int64(k))
	return k, err
}

// sizeInputs sets total to the size of the file arguments, or 0 when some
// input is not a regular file.
func (in *inputs) sizeInputs() {
	var t int64
	for _, arg := range in.args {
		if _, err := textfmt.Parse(arg); err == nil {
			continue
		}
		fi, err := os.Stat(arg)
		if arg == "-" || err != nil || !fi.Mode().IsRegular() {
			return
		}
		t += fi.Size()
	}
	in.total = t
}

func newInputs(args []string, stdin io.Reader) *inputs {
	if len(args) == 0 {
		args = []string{"-"}
	}
	return &inputs{args: args, stdin: stdin}
}

// readsStdin reports whether standard input is one of the inputs.
func (in *inputs) readsStdin() bool {
	return slices.Contains(in.args, "-")
}

// next returns the next item, or false at the end of all inputs.
func (in *inputs) next() (item, bool) {
	if len(in.pending) > 0 {
		it := in.pending[0]
		in.pending = in.pending[1:]
		return it, true
	}
	return in.read()
}

// peek reports how many items are left, looking at most max items ahead.
func (in *inputs) peek(max int) int {
	for len(in.pending) < max {
		it, ok := in.read()
		if !ok {
			break
		}
		in.pending = append(in.pending, it)
	}
	return len(in.pending)
}

func (in *inputs) read() (item, bool) {
	it, ok := in.readRaw()
	if ok && it.err == nil && it.grid != nil && in.rules != nil {
		if err := in.rules.apply(it.grid, it.clues); err != nil {
			it.err = err
		}
		in.rules.covered(&it)
	}
	return it, ok
}

// readRaw reads the next item as the text gives it, under the standard
// rules of its size.
func (in *inputs) readRaw() (item, bool) {
	for {
		if in.src != nil {
			p, err := in.src.Next()
			if err == io.EOF {
				in.closeFile()
				continue
			}
			it := item{name: in.name, file: in.file, line: p.Line, text: p.Text, grid: p.Grid, sol: p.Solution, err: err, src: in.pos,
				numbers: p.Numbers, warn: p.Warnings, unread: p.Unread, clues: p.Clues}
			var pe *satdoku.ParseError
			if err != nil && !errors.As(err, &pe) {
				// A read error: this source cannot go on. The message
				// is given after the source's name: the error's own
				// copy of the path goes.
				var pathErr *os.PathError
				if errors.As(err, &pathErr) {
					err = pathErr.Err
				}
				it.err = fmt.Errorf("read error: %w", err)
				in.closeFile()
			}
			return it, true
		}
		if in.pos >= len(in.args) {
			return item{}, false
		}
		arg := in.args[in.pos]
		in.pos++
		if arg == "-" {
			in.open(in.stdin, "<stdin>", "-")
			continue
		}
		if p, ok, err := textfmt.ReadArg(arg); ok {
			return item{name: fmt.Sprintf("argument %d", in.pos), line: in.pos, text: p.Text, grid: p.Grid, sol: p.Solution, err: err,
				arg: true, src: in.pos, numbers: p.Numbers, warn: p.Warnings, unread: p.Unread, clues: p.Clues}, true
		}
		if arg == "" {
			return item{name: fmt.Sprintf("argument %d", in.pos), line: in.pos, arg: true, src: in.pos,
				err: errors.New("empty argument: neither a puzzle nor a file name")}, true
		}
		f, err := openFile(arg)
		if err != nil {
			return item{name: arg, file: arg, text: clip(arg), err: err, src: in.pos}, true
		}
		in.f = f
		in.open(countReader{f, &in.nread}, arg, arg)
	}
}

// open starts reading a source in the input format that its start shows
// (textfmt.Open): the classic text formats, or any other registered, as
// f-puzzles JSON or links.
func (in *inputs) open(r io.Reader, name, file string) {
	in.name, in.file = name, file
	in.src, _ = textfmt.Open(r)
}

// openFile opens a puzzle file. Its errors leave out the path, which
// the messages give before them (where): "x.txt: no such file or
// directory", "adir: is a directory, not a file of puzzles".
func openFile(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		var pathErr *os.PathError
		if errors.As(err, &pathErr) {
			return nil, pathErr.Err
		}
		return nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, errors.New("is a directory, not a file of puzzles")
	}
	return f, nil
}

func (in *inputs) closeFile() {
	if in.f != nil {
		in.f.Close()
		in.f = nil
	}
	in.src = nil
}

// close releases any open file.
func (in *inputs) close() { in.closeFile() }

func clip(s string) string {
	const max = 200
	if len(s) <= max {
		return s
	}
	for i := max; i > 0; i-- {
		if utf8.RuneStart(s[i]) {
			return s[:i]
		}
	}
	return s[:max]
}
