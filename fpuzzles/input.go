package fpuzzles

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/satdoku/satdoku/rulestext"
	"github.com/satdoku/satdoku/textfmt"
)

// f-puzzles as input formats of textfmt, registered when this package is
// imported (import _ "github.com/satdoku/satdoku/fpuzzles" for that
// alone): "f-puzzles", an input whose text is one JSON object, the
// puzzle; and "f-puzzles links", an input whose first line (after blank
// lines and # comments) is a link or a load string, with one of them a
// line, blank lines and # comments skipped. A command-line argument that
// is a link or a load string is a puzzle too.

// maxJSON bounds the f-puzzles JSON text read from one input, in bytes.
const maxJSON = 64 << 20

func init() {
	textfmt.Register(textfmt.Input{
		Name: "f-puzzles",
		Detect: func(head []byte) textfmt.Match {
			if len(head) > 0 && head[0] == '{' {
				return textfmt.Sure
			}
			return textfmt.NoMatch
		},
		NewReader: func(r io.Reader) textfmt.PuzzleReader { return &jsonReader{r: r} },
	})
	textfmt.Register(textfmt.Input{
		Name:      "f-puzzles links",
		Detect:    detectLinks,
		NewReader: newLinkReader,
		DetectArg: func(arg string) textfmt.Match {
			if isLoadLine(arg) {
				return textfmt.Sure
			}
			return textfmt.NoMatch
		},
		ReadArg: func(arg string) (textfmt.Puzzle, error) { return readPuzzle([]byte(arg)) },
	})
}

// readPuzzle reads one puzzle from data for textfmt.
func readPuzzle(data []byte) (textfmt.Puzzle, error) {
	p, err := Read(data)
	if err != nil {
		return textfmt.Puzzle{}, err
	}
	return textfmt.Puzzle{Grid: p.Grid, Solution: p.Solution, Warnings: p.Warnings, Clues: p.Clues,
		Title: p.Title, Author: p.Author, Rules: p.Ruleset, Unread: rulestext.Names(p.Unread)}, nil
}

// detectLinks is Sure when the first line of head that is not blank or
// a # comment is a link or a load string.
func detectLinks(head []byte) textfmt.Match {
	if line, ok := textfmt.FirstLine(head); ok && isLoadLine(line) {
		return textfmt.Sure
	}
	return textfmt.NoMatch
}

// isLoadLine reports whether s (one line or argument) is an f-puzzles link
// or a bare load string.
func isLoadLine(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "{") {
		return false
	}
	return (strings.Contains(s, "?load=") || strings.HasPrefix(s, "N4Ig") || strings.Contains(s, "fpuzzles")) &&
		Detect([]byte(s))
}

// jsonReader reads an input that is one f-puzzles JSON object.
type jsonReader struct {
	r    io.Reader
	done bool
}

func (j *jsonReader) Next() (textfmt.Puzzle, error) {
	if j.done {
		return textfmt.Puzzle{}, io.EOF
	}
	j.done = true
	data, err := io.ReadAll(io.LimitReader(j.r, maxJSON+1))
	if err == nil && len(data) > maxJSON {
		err = fmt.Errorf("more than %d MiB of JSON", maxJSON>>20)
	}
	if err != nil {
		return textfmt.Puzzle{Line: 1}, err
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	p, err := readPuzzle(data)
	p.Line, p.Text = 1, string(first)
	return p, err
}

// newLinkReader reads a list of f-puzzles links or load strings, one a
// line; the position of an error is in the list: its line is the link's.
func newLinkReader(r io.Reader) textfmt.PuzzleReader {
	return textfmt.NewLineReader(r, 4*MaxLoad, readPuzzle)
}
