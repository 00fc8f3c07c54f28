package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/satdoku/satdoku/fpuzzles"
)

// f-puzzles input. A file (or standard input) whose text is an f-puzzles
// JSON object is one puzzle; one whose first line is an f-puzzles link or
// load string is a list of them, one per line (blank lines and # comments
// skipped); a command-line argument that is a link or a load string is a
// puzzle. Everything else is read by textfmt.Reader as before.

// maxJSON bounds the f-puzzles JSON read from one file.
const maxJSON = 64 << 20

// sourceKind is what sniffing the start of a file found.
type sourceKind int

const (
	sourceText  sourceKind = iota // the classic formats
	sourceJSON                    // one f-puzzles JSON object
	sourceLinks                   // f-puzzles links or load strings, one per line
)

// sniff looks at the start of br without consuming it: at what the first
// read brought, so that a puzzle typed at a terminal is not held up.
func sniff(br *bufio.Reader) sourceKind {
	br.Peek(1)
	head, _ := br.Peek(br.Buffered())
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n")
	if len(head) > 0 && head[0] == '{' {
		return sourceJSON
	}
	// The first line that is not blank or a # comment.
	for len(head) > 0 {
		line, rest, _ := bytes.Cut(head, []byte("\n"))
		head = rest
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			if isLoadLine(string(t)) {
				return sourceLinks
			}
			break
		}
	}
	return sourceText
}

// isLoadLine reports whether s (one line or argument) is an f-puzzles link
// or a bare load string.
func isLoadLine(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "{") {
		return false
	}
	return (strings.Contains(s, "?load=") || strings.HasPrefix(s, "N4Ig") || strings.Contains(s, "fpuzzles")) &&
		fpuzzles.Detect([]byte(s))
}

// fpzItem reads one f-puzzles puzzle from data into an item.
func fpzItem(it item, data []byte) item {
	p, err := fpuzzles.Read(data)
	if err != nil {
		it.err = err
		return it
	}
	it.grid, it.warn = p.Grid, p.Warnings
	return it
}

// fpzJSON reads the whole of r as one f-puzzles JSON puzzle.
func fpzJSON(it item, r io.Reader) item {
	data, err := io.ReadAll(io.LimitReader(r, maxJSON+1))
	if err == nil && len(data) > maxJSON {
		err = fmt.Errorf("more than %d MiB of JSON", maxJSON>>20)
	}
	if err != nil {
		it.err = fmt.Errorf("read %s: %w", it.name, err)
		return it
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	it.text = clip(string(first))
	return fpzItem(it, data)
}

// linkReader yields the puzzles of a list of f-puzzles links.
type linkReader struct {
	sc   *bufio.Scanner
	line int
}

func newLinkReader(r io.Reader) *linkReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 4*fpuzzles.MaxLoad)
	return &linkReader{sc: sc}
}

// next returns the next item of the list, or false at its end.
func (lr *linkReader) next(it item) (item, bool) {
	for lr.sc.Scan() {
		lr.line++
		line := lr.sc.Text()
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		it.line, it.text, it.base = lr.line, clip(s), lr.line-1
		return fpzItem(it, []byte(line)), true // the whole line: error columns count in it
	}
	if err := lr.sc.Err(); err != nil {
		it.line, it.text = lr.line+1, ""
		it.err = fmt.Errorf("read %s: %w", it.name, err)
		lr.sc = bufio.NewScanner(strings.NewReader("")) // the source ends here
		return it, true
	}
	return item{}, false
}
