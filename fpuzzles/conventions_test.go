package fpuzzles

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/internal/published"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// readPublished reads testdata/published.txt.
func readPublished(t *testing.T) []published.Record {
	t.Helper()
	recs, err := published.Read(filepath.Join("testdata", "published.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// decimal writes the digits of g one after another, in decimal, as the
// published solutions are written.
func decimal(g *satdoku.Grid) string {
	var b strings.Builder
	for i := range g.N() * g.N() {
		b.WriteString(strconv.Itoa(g.Cell(i)))
	}
	return b.String()
}

// TestPublishedSolutions reads published f-puzzles puzzles and solves
// them: each puzzle that uses only rules satdoku supports has exactly one
// solution, the published one, which must also pass the validator under
// the rules read; the others are refused, naming the rule. The puzzles
// come from the tests of David Clamage's solvers (SudokuSolver and
// SudokuVariantSolverJS, whose puzzle data is CC BY 4.0) and from Sigh's
// Interactive Sudoku Solver (written as f-puzzles JSON); the sources are in
// the file.
func TestPublishedSolutions(t *testing.T) {
	recs := readPublished(t)
	if len(recs) < 100 {
		t.Fatalf("%d records, want over 100", len(recs))
	}
	solved, refused := 0, 0
	for i, rec := range recs {
		if testing.Short() && i%3 != 0 {
			continue // a third of them; TestConventions pins each convention
		}
		where := fmt.Sprintf("published.txt:%d %s", rec.Line, rec.Name)
		p, err := Read([]byte(rec.Puzzle))
		if rec.Refused != "" {
			if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), strconv.Quote(rec.Refused)) {
				t.Errorf("%s: error %v, want unsupported %q", where, err, rec.Refused)
			}
			refused++
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		want := published.Grid(p.Grid.Rules(), rec.Solution)
		if want == nil || decimal(want) != rec.Solution {
			t.Errorf("%s: cannot read the published solution %q", where, rec.Solution)
			continue
		}
		if err := verify.Solution(p.Grid, want); err != nil {
			t.Errorf("%s: the published solution breaks the rules read: %v", where, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		r, err := satsolve.Unique(ctx, p.Grid, satsolve.Options{})
		cancel()
		switch {
		case err != nil:
			t.Errorf("%s: %v", where, err)
		case r.Status != backend.StatusUnique:
			t.Errorf("%s: %v, want unique", where, r.Status)
		case !r.Solution.Equal(want):
			t.Errorf("%s: solution\n%s\nwant\n%s", where, decimal(r.Solution), rec.Solution)
		default:
			solved++
		}
	}
	t.Logf("%d puzzles solved as published, %d refused", solved, refused)
}

// record returns the published record whose name starts with prefix,
// read, with its JSON tree and its published solution.
func record(t *testing.T, prefix string) (*Puzzle, map[string]any, []int) {
	t.Helper()
	for _, rec := range readPublished(t) {
		if !strings.HasPrefix(rec.Name, prefix) {
			continue
		}
		p, err := Read([]byte(rec.Puzzle))
		if err != nil {
			t.Fatal(err)
		}
		text, _, err := jsonText([]byte(rec.Puzzle))
		if err != nil {
			t.Fatal(err)
		}
		var tree map[string]any
		if err := json.Unmarshal(text, &tree); err != nil {
			t.Fatal(err)
		}
		g := published.Grid(p.Grid.Rules(), rec.Solution)
		if g == nil {
			t.Fatalf("%s: bad solution", rec.Name)
		}
		sol := make([]int, g.N()*g.N())
		for i := range sol {
			sol[i] = g.Cell(i)
		}
		return p, tree, sol
	}
	t.Fatalf("no published puzzle %q", prefix)
	return nil, nil, nil
}

// refIndex reads "RrCc" on an n×n board as a row-major index.
func refIndex(t *testing.T, ref any, n int) int {
	t.Helper()
	var r, c int
	if _, err := fmt.Sscanf(fmt.Sprint(ref), "R%dC%d", &r, &c); err != nil {
		t.Fatal(err)
	}
	return (r-1)*n + c - 1
}

// items returns the list under key.
func items(tree map[string]any, key string) []map[string]any {
	var out []map[string]any
	l, _ := tree[key].([]any)
	for _, it := range l {
		if m, ok := it.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// TestConventions checks, for each convention of f-puzzles that satdoku
// once read otherwise, a published puzzle whose published solution depends
// on it: the test first shows the dependency in the puzzle's JSON and the
// solution (the reading that ignored the convention made that solution
// illegal, or refused the file), then that satdoku finds that solution,
// and only it. TestPublishedSolutions checks the same puzzles among the
// others; this test says which convention each one pins.
func TestConventions(t *testing.T) {
	adjacent := func(t *testing.T, tree map[string]any, key string, n int) bool {
		var cells []int
		for _, it := range items(tree, key) {
			cells = append(cells, refIndex(t, it["cell"], n))
		}
		for _, a := range cells {
			if slices.Contains(cells, a+n) || a%n+1 < n && slices.Contains(cells, a+1) {
				return true
			}
		}
		return false
	}
	// dotted reports whether a dot of key joins two cells whose digits
	// satisfy rel.
	dotted := func(t *testing.T, tree map[string]any, key string, n int, sol []int, rel func(a, b int) bool) bool {
		for _, it := range items(tree, key) {
			cs, _ := it["cells"].([]any)
			if len(cs) == 2 && rel(sol[refIndex(t, cs[0], n)], sol[refIndex(t, cs[1], n)]) {
				return true
			}
		}
		return false
	}
	consecutive := func(a, b int) bool { return a-b == 1 || b-a == 1 }
	negative := func(tree map[string]any, key string) bool {
		l, _ := tree["negative"].([]any)
		return slices.Contains(l, any(key))
	}
	tests := []struct {
		convention string
		puzzle     string // the prefix of its name in published.txt
		depends    func(t *testing.T, tree map[string]any, n int, sol []int) bool
	}{
		{"nonconsecutive spares the pairs with a white dot", `"Bird in a Storm"`,
			func(t *testing.T, tree map[string]any, n int, sol []int) bool {
				return tree["nonconsecutive"] == true && dotted(t, tree, "difference", n, sol, consecutive)
			}},
		{"nonconsecutive spares the pairs with a black dot", `"Strict kropki"`,
			func(t *testing.T, tree map[string]any, n int, sol []int) bool {
				return tree["nonconsecutive"] == true && dotted(t, tree, "ratio", n, sol, consecutive)
			}},
		{"adjacent maximum cells are not compared", `"Fortress Sudoku" by glum_hippo`,
			func(t *testing.T, tree map[string]any, n int, _ []int) bool { return adjacent(t, tree, "maximum", n) }},
		{"adjacent minimum and maximum cells", "Fortress Coverage",
			func(t *testing.T, tree map[string]any, n int, _ []int) bool {
				return adjacent(t, tree, "minimum", n) && adjacent(t, tree, "maximum", n)
			}},
		{"a board of prime size has the rows as default regions", `"Irregular 7x7 Kropki"`,
			func(t *testing.T, tree map[string]any, n int, _ []int) bool {
				grid, _ := tree["grid"].([]any)
				row, _ := grid[0].([]any)
				cell, _ := row[0].(map[string]any)
				_, has := cell["region"]
				return n == 7 && !has
			}},
		{"a cell's parity is odd or even", `"Orbit"`,
			func(t *testing.T, tree map[string]any, _ int, _ []int) bool {
				return strings.Contains(fmt.Sprint(tree["grid"]), "parity:")
			}},
		{"the negative rule of XV spares the marked pairs", `"Strict XV"`,
			func(t *testing.T, tree map[string]any, n int, sol []int) bool {
				return negative(tree, "xv") && len(items(tree, "xv")) > 0
			}},
		{"the negative rule of black dots", "Anti-Ratio Coverage",
			func(t *testing.T, tree map[string]any, _ int, _ []int) bool { return negative(tree, "ratio") }},
	}
	for _, tc := range tests {
		t.Run(tc.convention, func(t *testing.T) {
			p, tree, sol := record(t, tc.puzzle)
			n := p.Grid.N()
			if !tc.depends(t, tree, n, sol) {
				t.Fatalf("%s does not depend on the convention", tc.puzzle)
			}
			want := satdoku.NewGrid(p.Grid.Rules())
			for i, d := range sol {
				want.SetCell(i, d)
			}
			if err := verify.Solution(p.Grid, want); err != nil {
				t.Fatalf("the published solution breaks the rules read: %v", err)
			}
			r, err := satsolve.Unique(context.Background(), p.Grid, satsolve.Options{})
			if err != nil || r.Status != backend.StatusUnique || !r.Solution.Equal(want) {
				t.Errorf("%v %v %v, want unique %s", r.Status, err, r.Solution, want)
			}
		})
	}
}

// TestWhiteDotNegativeRatio checks that a white dot exempts its pair from
// the negative rule of black dots. No published puzzle we found has a
// white dot on a 1–2 pair under that rule, so this 4×4 puzzle is built
// for it, and its answer proved by brute force: verify.Count on rules
// written here pair by pair (a white dot consecutive, a black dot double,
// any other pair of neighbours not double) finds exactly one solution, in
// which the four white dots join a 1 and a 2; satdoku must find it.
func TestWhiteDotNegativeRatio(t *testing.T) {
	js := board(4, `,"negative":["ratio"],`+
		`"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C3","R2C4"]},{"cells":["R3C1","R3C2"]},{"cells":["R4C3","R4C4"]}],`+
		`"ratio":[{"cells":["R1C2","R2C2"]},{"cells":["R1C4","R2C4"]},{"cells":["R3C1","R4C1"]},{"cells":["R3C3","R4C3"]}]`)
	white := [][2]int{{0, 1}, {6, 7}, {8, 9}, {14, 15}}
	black := [][2]int{{1, 5}, {3, 7}, {8, 12}, {10, 14}}
	var rel []satdoku.Relation
	for _, p := range allPairs(4) {
		k := satdoku.NotDouble
		switch {
		case slices.Contains(white, p):
			k = satdoku.Consecutive
		case slices.Contains(black, p):
			k = satdoku.Double
		}
		rel = append(rel, satdoku.Relation{A: p[0], B: p[1], Kind: k})
	}
	rules, err := must(satdoku.Standard(4)).WithRelations(rel...)
	if err != nil {
		t.Fatal(err)
	}
	count, want := verify.Count(satdoku.NewGrid(rules), 2)
	if count != 1 || want.String() != "1234341221434321" {
		t.Fatalf("brute force: %d solutions, %v", count, want)
	}
	for _, p := range white {
		if a, b := want.Cell(p[0]), want.Cell(p[1]); a*b != 2 {
			t.Fatalf("the white dot %v joins %d and %d, not 1 and 2", p, a, b)
		}
	}
	p, err := Read([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	r, err := satsolve.Unique(context.Background(), p.Grid, satsolve.Options{})
	if err != nil || r.Status != backend.StatusUnique || r.Solution.String() != want.String() {
		t.Errorf("%v %v %v, want unique %s", r.Status, err, r.Solution, want)
	}
}

// TestCandidatesIgnored checks that the player's candidate marks saved in
// a file ("candidates", like centre and corner marks) change nothing: a
// published puzzle with marks added in every cell reads as without them.
func TestCandidatesIgnored(t *testing.T) {
	p, tree, _ := record(t, `"Bird in a Storm"`)
	grid, _ := tree["grid"].([]any)
	for _, row := range grid {
		cells, _ := row.([]any)
		for k, c := range cells {
			m, _ := c.(map[string]any)
			if m == nil {
				m = map[string]any{}
			}
			m["candidates"] = []int{1 + k%9, 9 - k%9}
			m["centerPencilMarks"] = []int{2, 3}
			cells[k] = m
		}
	}
	js, err := json.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	load, err := lzstring.CompressToBase64(string(js))
	if err != nil {
		t.Fatal(err)
	}
	q, err := Read([]byte("https://www.f-puzzles.com/?load=" + load))
	if err != nil {
		t.Fatal(err)
	}
	if d := sameRules(q.Grid.Rules(), p.Grid.Rules()); d != "" || !q.Grid.Equal(p.Grid) {
		t.Errorf("with candidates: %s", d)
	}
}
