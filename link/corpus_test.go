package link_test

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/published"
	"github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/sudokupad"
	"github.com/satdoku/satdoku/textfmt"

	"github.com/satdoku/satdoku"
)

// source is one puzzle of the corpus: where it comes from and its text,
// read by the repository's readers (textfmt.ReadArg).
type source struct {
	name string
	text string
}

// ctcDir holds the CtC puzzles of ISS's index, one puzzle a file, one
// constraint a line.
const ctcDir = "/work/shared/data/ctc-iss"

// corpus returns the puzzles of the repository's test data: f-puzzles'
// published puzzles and files, SudokuPad's imported payloads, ISS's
// examples and published puzzles; with ctc, the CtC puzzles of ISS's
// index when they are on this machine.
func corpus(t testing.TB, ctc bool) []source {
	t.Helper()
	var out []source
	recs, err := published.Read("../fpuzzles/testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Refused == "" {
			out = append(out, source{"fpuzzles/testdata/published.txt: " + r.Name, r.Puzzle})
		}
	}
	files, _ := filepath.Glob("../fpuzzles/testdata/fpuzzles/*.txt")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, source{f, strings.TrimSpace(string(data))})
	}
	lines := func(path string, keep func(string) (string, bool)) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for k, l := range strings.Split(string(data), "\n") {
			if s, ok := keep(strings.TrimSpace(l)); ok {
				out = append(out, source{path + ":" + strconv.Itoa(k+1), s})
			}
		}
	}
	input := func(l string) (string, bool) { return strings.CutPrefix(l, "input: ") }
	lines("../iss/testdata/examples.txt", input)
	lines("../iss/testdata/published.txt", input)
	lines("../sudokupad/testdata/imported.txt", func(l string) (string, bool) {
		return l, l != "" && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "solution")
	})
	if ctc {
		files, _ := filepath.Glob(filepath.Join(ctcDir, "*.iss"))
		slices.Sort(files)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var parts []string
			for _, l := range strings.Split(string(data), "\n") {
				if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
					parts = append(parts, l)
				}
			}
			out = append(out, source{f, strings.Join(parts, "")})
		}
	}
	return out
}

// target is one link writer and the reader of its links.
type target struct {
	name  string
	write func(*satdoku.Grid, []clue.Clue) (string, error)
}

var targets = []target{
	{"fpuzzles-link", fpuzzles.Link},
	{"sudokupad-link", sudokupad.Link},
	{"iss-link", iss.Link},
}

func TestCorpusProbe(t *testing.T) {
	src := corpus(t, true)
	held := map[string]int{}
	reasons := map[string]map[string]int{}
	read := 0
	for _, s := range src {
		p, ok, err := textfmt.ReadArg(s.text)
		if !ok || err != nil || p.Grid == nil {
			continue
		}
		read++
		for _, tg := range targets {
			_, err := tg.write(p.Grid, p.Clues)
			if err == nil {
				held[tg.name]++
				continue
			}
			if reasons[tg.name] == nil {
				reasons[tg.name] = map[string]int{}
			}
			reasons[tg.name][err.Error()]++
		}
	}
	t.Logf("read %d of %d", read, len(src))
	for _, tg := range targets {
		t.Logf("%s: %d", tg.name, held[tg.name])
		for r, k := range reasons[tg.name] {
			t.Logf("   %d× %.200s", k, r)
		}
	}
}
