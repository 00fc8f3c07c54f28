package verify_test

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// This file reads grids without textfmt.Parse, so that the tests of the
// checker do not depend on the parser they are meant to check.

const alphabet = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// fromLine reads one puzzle line of N² characters: '.' or '0' for a blank,
// then 1-9 and A-Z for 10 upward. Spaces and '|' are ignored.
func fromLine(line string) (*satdoku.Grid, error) {
	line = strings.Map(func(r rune) rune {
		if r == ' ' || r == '|' || r == '\t' {
			return -1
		}
		return r
	}, line)
	n := int(math.Sqrt(float64(len(line))))
	g, err := satdoku.New(n)
	if err != nil || n*n != len(line) {
		return nil, fmt.Errorf("line of %d characters: not a board", len(line))
	}
	for i := range len(line) {
		ch := line[i]
		if ch == '.' || ch == '0' {
			continue
		}
		d := strings.IndexByte(alphabet, ch) + 1
		if d == 0 || d > n {
			return nil, fmt.Errorf("character %d: %q is not a digit of a %d×%d board", i+1, ch, n, n)
		}
		g.SetCell(i, d)
	}
	return g, nil
}

// grid is fromLine for literals in tests.
func grid(tb testing.TB, line string) *satdoku.Grid {
	tb.Helper()
	g, err := fromLine(line)
	if err != nil {
		tb.Fatalf("bad test grid %q: %v", line, err)
	}
	return g
}

// line writes g in the form fromLine reads.
func line(g *satdoku.Grid) string {
	if g == nil {
		return "<nil>"
	}
	var sb strings.Builder
	for i := range g.Len() {
		if d := g.Cell(i); d == 0 {
			sb.WriteByte('.')
		} else {
			sb.WriteByte(alphabet[d-1])
		}
	}
	return sb.String()
}

// rows writes g one row per line, for examples.
func rows(g *satdoku.Grid) string {
	s := line(g)
	var sb strings.Builder
	for r := range g.N() {
		sb.WriteString(s[r*g.N() : (r+1)*g.N()])
		sb.WriteByte('\n')
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

// readLines returns the lines of a data file, at most max when max > 0, or
// skips the test when the file is absent.
func readLines(tb testing.TB, path string, max int) []string {
	tb.Helper()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		tb.Skipf("%s is absent", path)
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		if max > 0 && len(out) == max {
			break
		}
		out = append(out, strings.TrimSpace(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// exists reports whether a file exists.
func exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, os.ErrNotExist)
}
