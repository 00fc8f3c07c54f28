package satsolve

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// alphabet spells digits in the one-line form: 1-9, then A-Z for 10..35.
const alphabet = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// parseLine reads a puzzle from its one-line form: N² characters, digits
// from alphabet, '.' or '0' for a blank. ok is false for anything else.
func parseLine(s string) (g *satdoku.Grid, ok bool) {
	n := 0
	for n*n < len(s) {
		n++
	}
	if n*n != len(s) {
		return nil, false
	}
	g, err := satdoku.New(n)
	if err != nil {
		return nil, false
	}
	for i := range len(s) {
		if s[i] == '.' || s[i] == '0' {
			continue
		}
		d := strings.IndexByte(alphabet, s[i]) + 1
		if d == 0 || d > n {
			return nil, false
		}
		g.SetCell(i, d)
	}
	return g, true
}

// grid is parseLine for literals in tests.
func grid(t testing.TB, s string) *satdoku.Grid {
	t.Helper()
	g, ok := parseLine(s)
	if !ok {
		t.Fatalf("bad test grid %q", s)
	}
	return g
}

// line is the one-line form of g, for messages.
func line(g *satdoku.Grid) string {
	if g == nil {
		return "<nil>"
	}
	b := make([]byte, g.Len())
	for i := range b {
		b[i] = '.'
		if d := g.Cell(i); d > 0 {
			b[i] = alphabet[d-1]
		}
	}
	return string(b)
}

// dataDir holds the shared public benchmark sets; SATDOKU_DATA overrides it.
func dataDir() string {
	if d := os.Getenv("SATDOKU_DATA"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "data") // ../shared/data from the module root
}

// readLines returns up to limit non-empty, non-comment lines of the named
// file (all of them when limit ≤ 0), or ok false if the file is absent.
func readLines(t testing.TB, path string, limit int) (lines []string, ok bool) {
	t.Helper()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, false
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() && (limit <= 0 || len(lines) < limit) {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		lines = append(lines, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return lines, true
}

// dataFile names a file of the shared data sets.
func dataFile(name string) string { return filepath.Join(dataDir(), name) }

// sample returns every k-th case: the short form of a sweep.
func sample(cases []diffCase, k int) []diffCase {
	var out []diffCase
	for i := 0; i < len(cases); i += k {
		out = append(out, cases[i])
	}
	return out
}
