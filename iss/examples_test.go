package iss_test

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	_ "github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

var budget = flag.Duration("iss.budget", 0, "time for each example puzzle (default 3s, 1s with -short)")

// record is one puzzle of testdata/examples.txt.
type record struct {
	line                  int
	name, group, solution string
	input                 string
	src                   []string
}

// readRecords reads the records of a file of "key: value" lines, a blank
// line between records.
func readRecords(t *testing.T, path string) []record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []record
	var cur *record
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			cur = nil
			continue
		}
		key, val, ok := strings.Cut(l, ": ")
		if !ok {
			t.Fatalf("%s:%d: not a key: value line", path, n)
		}
		if cur == nil {
			out = append(out, record{line: n})
			cur = &out[len(out)-1]
		}
		switch key {
		case "name":
			cur.name = val
		case "group":
			cur.group = val
		case "src":
			cur.src = append(cur.src, val)
		case "solution":
			cur.solution = val
		case "input":
			cur.input = val
		default:
			t.Fatalf("%s:%d: unknown key %q", path, n, key)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// issSolution reads a solution as ISS writes it: a digit a cell, letters
// from A for 1 on boards over 9×9.
func issSolution(s string, puzzle *satdoku.Grid) (*satdoku.Grid, error) {
	n := puzzle.N()
	if len(s) != n*n {
		return nil, fmt.Errorf("solution of %d cells for a %d×%d board", len(s), n, n)
	}
	g := satdoku.NewGrid(puzzle.Rules())
	for i := range n * n {
		c := s[i]
		d := int(c - '0')
		if n > 9 {
			d = int(c-'A') + 1
		}
		if d < 1 || d > n {
			return nil, fmt.Errorf("cell %d: %q is not a digit", i+1, c)
		}
		g.SetCell(i, d)
	}
	return g, nil
}

// knownMultiple are the published puzzles that satdoku finds a second
// solution of, each checked by hand against the plain meaning of its
// clues.
var knownMultiple = map[string]string{
	// 584937261 231684957 967512843 316759428 845123679 729846135
	// 152478396 673291584 498365712 has every clued row and column's
	// digits between its 1 and its 9 adding up to 18, as the published
	// solution does; ISS's own solver finds a second solution too
	// (node tools/debug/solve.js --max-backtracks none --puzzle
	// "Sandwich snipe 18", at e373f98).
	"Sandwich snipe 18": "the 13 sandwich clues of 18 also hold for a second grid, as ISS's solver finds too",
}

// TestExamples solves every puzzle of testdata/examples.txt, ISS's own
// examples with published answers, through the registry (as the CLI reads
// an argument) and the checked gini path of solve --unique: the answer is
// the published solution (which the validator accepts), or none for ISS's
// zero-solution puzzles. A puzzle that takes longer than the budget is
// skipped, and said so. It lists the families (the rules' tags) covered
// by the puzzles answered.
func TestExamples(t *testing.T) {
	recs := readRecords(t, "testdata/examples.txt")
	if len(recs) < 90 {
		t.Fatalf("%d records, want the 100 extracted", len(recs))
	}
	d := *budget
	if d == 0 {
		d = 3 * time.Second
		if testing.Short() {
			d = time.Second
		}
	}
	families := map[string]int{}
	answered, slow := 0, 0
	s := checked.New(satsolve.New(satsolve.Options{}), checked.Options{})
	for k, r := range recs {
		if testing.Short() && k%2 == 1 {
			continue // under -short every other puzzle; make test-long reads all
		}
		t.Run(r.name, func(t *testing.T) {
			p, ok, err := textfmt.ReadArg(r.input)
			if !ok || err != nil {
				t.Fatalf("examples.txt:%d: not read (claimed %v): %v", r.line, ok, err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), d)
			defer cancel()
			a, err := s.Unique(ctx, p.Grid)
			if errors.Is(err, backend.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) {
				slow++
				t.Skipf("no answer within %v", d)
			}
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case r.solution == "none":
				if a.Status != backend.StatusNone {
					t.Fatalf("%v, want none (ISS: zero solutions)", a.Status)
				}
			default:
				want, err := issSolution(r.solution, p.Grid)
				if err != nil {
					t.Fatal(err)
				}
				if err := verify.Solution(p.Grid, want); err != nil {
					t.Fatalf("the validator refuses the published solution: %v", err)
				}
				switch {
				case a.Status == backend.StatusUnique && a.Solution.Equal(want):
				case a.Status == backend.StatusMultiple && knownMultiple[r.name] != "":
					t.Logf("multiple, as expected: %s", knownMultiple[r.name])
				default:
					t.Fatalf("%v %v, want unique %v", a.Status, a.Solution, want)
				}
			}
			answered++
			for _, tag := range p.Grid.Rules().Tags() {
				families[tag]++
			}
			if p.Grid.Rules().Classic() || len(p.Grid.Rules().Tags()) == 0 {
				families["classic rules, givens only"]++
			}
		})
	}
	names := make([]string, 0, len(families))
	for f := range families {
		names = append(names, f)
	}
	slices.Sort(names)
	var b strings.Builder
	for _, f := range names {
		fmt.Fprintf(&b, "\n  %-28s %d", f, families[f])
	}
	t.Logf("%d of %d puzzles answered as published (%d without an answer within %v); families covered, puzzles each:%s",
		answered, len(recs), slow, d, b.String())
}
