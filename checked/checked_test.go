package checked_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// The LeetCode 37 puzzle and its published solution.
const (
	leet    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	leetSol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// twoSols has exactly two solutions: leet's solution with the four cells
// of a deadly pattern blank (see deadly; solutions checks the count).
var twoSols = deadly(leetSol)

// deadly blanks, in the full grid s, the four cells of a rectangle in two
// rows of one band whose digits x y / y x can swap: what is left has
// exactly two solutions.
func deadly(s string) string {
	g := textfmt.MustParse(s)
	for r1 := range 9 {
		for r2 := r1 + 1; r2 < r1/3*3+3; r2++ {
			for a := range 9 {
				for b := a + 1; b < 9; b++ {
					if g.Get(r1, a) == g.Get(r2, b) && g.Get(r1, b) == g.Get(r2, a) {
						for _, c := range [][2]int{{r1, a}, {r1, b}, {r2, a}, {r2, b}} {
							g.Set(c[0], c[1], 0)
						}
						return g.String()
					}
				}
			}
		}
	}
	panic("no deadly pattern in " + s)
}

// liar is a back end that answers what it is told to, whatever the puzzle:
// the lies package checked must catch.
type liar struct {
	res   backend.Result
	err   error
	calls int
	// see, for Candidates, is the solutions it shows; cands its marks.
	see   []*satdoku.Grid
	cands []uint64
}

func (l *liar) answer() (backend.Result, error) { l.calls++; return l.res, l.err }

func (l *liar) Solve(context.Context, *satdoku.Grid) (backend.Result, error)  { return l.answer() }
func (l *liar) Unique(context.Context, *satdoku.Grid) (backend.Result, error) { return l.answer() }
func (l *liar) Count(context.Context, *satdoku.Grid, int) (backend.Result, error) {
	return l.answer()
}

func (l *liar) Candidates(_ context.Context, _ *satdoku.Grid, _ int, see func(*satdoku.Grid) error) (backend.Marks, error) {
	l.calls++
	for _, g := range l.see {
		if err := see(g); err != nil {
			return backend.Marks{}, err
		}
	}
	return backend.Marks{Result: l.res, Cands: l.cands}, l.err
}

// swapped returns the solution with two of its digits swapped in a row:
// it breaks a column rule.
func swapped(s string) *satdoku.Grid {
	g := textfmt.MustParse(s)
	a, b := g.Cell(2), g.Cell(3)
	g.SetCell(2, b)
	g.SetCell(3, a)
	return g
}

// solutions returns every solution of the puzzle, by verify's own count.
func solutions(t *testing.T, p string) []*satdoku.Grid {
	t.Helper()
	g := textfmt.MustParse(p)
	var out []*satdoku.Grid
	// With two solutions at most, fixing another digit in one cell finds
	// the second.
	n, first := verify.Count(g, 3)
	if n > 2 {
		t.Fatalf("%s has more than two solutions", p)
	}
	out = append(out, first)
	if n == 1 {
		return out
	}
	for i := range g.Len() {
		if g.Cell(i) != 0 {
			continue
		}
		for d := 1; d <= g.N(); d++ {
			if d == first.Cell(i) {
				continue
			}
			h := g.Clone()
			h.SetCell(i, d)
			if k, s := verify.Count(h, 1); k == 1 {
				return append(out, s)
			}
		}
	}
	t.Fatalf("verify counts %d solutions of %s and finds one", n, p)
	return nil
}

func TestLies(t *testing.T) {
	sol := textfmt.MustParse(leetSol)
	two := solutions(t, twoSols)
	if len(two) != 2 {
		t.Fatalf("%s: want 2 solutions, verify finds %d", twoSols, len(two))
	}
	changedGiven := textfmt.MustParse(leetSol)
	changedGiven.SetCell(0, 4) // 5 is given there; 4 breaks the given (and the row)
	holes := textfmt.MustParse(leetSol)
	holes.SetCell(80, 0)
	otherPuzzle := textfmt.MustParse(leetSol) // a valid grid, but not of leet's givens: 1 and 2 swapped
	for i := range otherPuzzle.Len() {
		if d, ok := map[int]int{1: 2, 2: 1}[otherPuzzle.Cell(i)]; ok {
			otherPuzzle.SetCell(i, d)
		}
	}

	type call func(s *checked.Solver, g *satdoku.Grid) (checked.Answer, error)
	solve := func(s *checked.Solver, g *satdoku.Grid) (checked.Answer, error) {
		return s.Solve(context.Background(), g)
	}
	unique := func(s *checked.Solver, g *satdoku.Grid) (checked.Answer, error) {
		return s.Unique(context.Background(), g)
	}
	count := func(s *checked.Solver, g *satdoku.Grid) (checked.Answer, error) {
		return s.Count(context.Background(), g, 10)
	}
	cands := func(s *checked.Solver, g *satdoku.Grid) (checked.Answer, error) {
		return s.Candidates(context.Background(), g, 10)
	}
	tests := []struct {
		name    string
		puzzle  string
		liar    liar
		certify bool
		call    call
		want    error
	}{
		{"a solution that breaks a rule", leet, liar{res: backend.Result{Status: backend.StatusSolved, Solution: swapped(leetSol)}}, false, solve, checked.ErrRejected},
		{"a solution that changes a given", leet, liar{res: backend.Result{Status: backend.StatusSolved, Solution: changedGiven}}, false, solve, checked.ErrRejected},
		{"a solution with an empty cell", leet, liar{res: backend.Result{Status: backend.StatusSolved, Solution: holes}}, false, solve, checked.ErrRejected},
		{"another puzzle's solution", leet, liar{res: backend.Result{Status: backend.StatusSolved, Solution: otherPuzzle}}, false, solve, checked.ErrRejected},
		{"solved without a solution", leet, liar{res: backend.Result{Status: backend.StatusSolved}}, false, solve, checked.ErrRejected},
		{"Solve says multiple", leet, liar{res: backend.Result{Status: backend.StatusMultiple, Solution: sol}}, false, solve, checked.ErrRejected},
		{"Solve says invalid", leet, liar{res: backend.Result{Status: backend.StatusInvalid}}, false, solve, checked.ErrRejected},
		{"the same solution twice", twoSols, liar{res: backend.Result{Status: backend.StatusMultiple, Solution: two[0], Second: two[0].Clone(), Count: 2}}, false, unique, checked.ErrRejected},
		{"a wrong second solution", twoSols, liar{res: backend.Result{Status: backend.StatusMultiple, Solution: two[0], Second: swapped(two[1].String())}}, false, unique, checked.ErrRejected},
		{"multiple without a second", twoSols, liar{res: backend.Result{Status: backend.StatusMultiple, Solution: two[0]}}, false, unique, checked.ErrRejected},
		{"a wrong unique solution", leet, liar{res: backend.Result{Status: backend.StatusUnique, Solution: swapped(leetSol)}}, false, unique, checked.ErrRejected},
		{"none for a solvable puzzle, certified", leet, liar{res: backend.Result{Status: backend.StatusNone}}, true, solve, backend.ErrCertificate},
		{"unique none for a solvable puzzle, certified", leet, liar{res: backend.Result{Status: backend.StatusNone}}, true, unique, backend.ErrCertificate},
		{"unique for a puzzle with two, certified", twoSols, liar{res: backend.Result{Status: backend.StatusUnique, Solution: two[1]}}, true, unique, backend.ErrCertificate},
		{"a count of 1 for a puzzle with two, certified", twoSols, liar{res: backend.Result{Status: backend.StatusUnique, Count: 1, Solution: two[0]}}, true, count, backend.ErrCertificate},
		{"a count of 0 for a solvable puzzle, certified", leet, liar{res: backend.Result{Status: backend.StatusNone}}, true, count, backend.ErrCertificate},
		{"a count above the limit", twoSols, liar{res: backend.Result{Status: backend.StatusMultiple, Count: 11, Solution: two[0], Second: two[1]}}, false, count, checked.ErrRejected},
		{"a count of 2 with one solution twice", twoSols, liar{res: backend.Result{Status: backend.StatusMultiple, Count: 2, Solution: two[0], Second: two[0]}}, false, count, checked.ErrRejected},
		{"a timed-out count with a wrong solution", twoSols, liar{res: backend.Result{Count: 1, Solution: swapped(two[0].String())}, err: backend.ErrTimeout}, false, count, checked.ErrRejected},
		{"a wrong solution shown for candidates", leet, liar{see: []*satdoku.Grid{swapped(leetSol)}, res: backend.Result{Count: 1, Solution: sol}}, false, cands, checked.ErrRejected},
		{"a count with no solution shown for candidates", leet, liar{res: backend.Result{Count: 1, Solution: sol}}, false, cands, checked.ErrRejected},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := tt.liar
			s := checked.New(&l, checked.Options{Certify: tt.certify})
			a, err := tt.call(s, textfmt.MustParse(tt.puzzle))
			if !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v; answer %+v", err, tt.want, a)
			}
			if a.Solution != nil || a.Second != nil || a.Status != backend.StatusUnknown || a.Candidates != nil {
				t.Errorf("the lie reached the caller: %+v", a)
			}
		})
	}
}

// TestUncertifiedNone documents the limit of an uncertified answer: a
// "none" rests on the back end's word alone.
func TestUncertifiedNone(t *testing.T) {
	l := liar{res: backend.Result{Status: backend.StatusNone}}
	a, err := checked.New(&l, checked.Options{}).Solve(context.Background(), textfmt.MustParse(leet))
	if err != nil || a.Status != backend.StatusNone || a.Certificate.Method != checked.NotAsked {
		t.Fatalf("got %+v, %v; want none, not certified", a, err)
	}
}

// TestCandidatesMarksAreChecked: the marks are those of the solutions the
// validator passed, not the back end's.
func TestCandidatesMarksAreChecked(t *testing.T) {
	sol := textfmt.MustParse(leetSol)
	all := make([]uint64, 81)
	for i := range all {
		all[i] = 0x1ff
	}
	l := liar{see: []*satdoku.Grid{sol}, res: backend.Result{Status: backend.StatusUnique, Count: 1, Solution: sol}, cands: all}
	a, err := checked.New(&l, checked.Options{}).Candidates(context.Background(), textfmt.MustParse(leet), 10)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range a.Candidates {
		if m != 1<<(sol.Cell(i)-1) {
			t.Fatalf("cell %d: marks %b, want the solution's digit %d alone", i, m, sol.Cell(i))
		}
	}
}

func TestScreen(t *testing.T) {
	l := liar{res: backend.Result{Status: backend.StatusSolved, Solution: textfmt.MustParse(leetSol)}}
	s := checked.New(&l, checked.Options{Certify: true})
	bad := textfmt.MustParse(leet)
	bad.SetCell(2, 5) // a second 5 in row 1
	for name, call := range map[string]func() (checked.Answer, error){
		"solve":      func() (checked.Answer, error) { return s.Solve(context.Background(), bad) },
		"unique":     func() (checked.Answer, error) { return s.Unique(context.Background(), bad) },
		"count":      func() (checked.Answer, error) { return s.Count(context.Background(), bad, 2) },
		"candidates": func() (checked.Answer, error) { return s.Candidates(context.Background(), bad, 2) },
	} {
		a, err := call()
		if err != nil || a.Status != backend.StatusInvalid || len(a.Conflicts) == 0 {
			t.Errorf("%s: got %+v, %v; want invalid with conflicts", name, a, err)
		}
	}
	if l.calls != 0 {
		t.Errorf("the back end was asked %d times about conflicting givens", l.calls)
	}
	lines, cells := checked.Describe(bad.Rules(), verify.Check(bad))
	if len(lines) != 1 || lines[0] != "r1c1 and r1c3 both hold 5 (row 1, box 1)" || len(cells) != 2 || cells[0] != 0 || cells[1] != 2 {
		t.Errorf("Describe: %q %v", lines, cells)
	}
}

// TestScreenImpossible: a puzzle whose rules hold a clue that cannot hold
// (a satdoku.Never constraint) is answered none, with the clue and its
// reason, by every call and without the back end; with conflicting givens
// too, it is invalid.
func TestScreenImpossible(t *testing.T) {
	l := liar{res: backend.Result{Status: backend.StatusSolved, Solution: textfmt.MustParse(leetSol)}}
	s := checked.New(&l, checked.Options{Certify: true})
	std, _ := satdoku.Standard(9)
	never := satdoku.Constraint{Kind: satdoku.Never, Cells: []int{0, 1}, Name: "killer cage", Reason: "18 is impossible in 2 cells"}
	r, err := std.WithConstraints(never)
	if err != nil {
		t.Fatal(err)
	}
	g := textfmt.MustParse(leet)
	if err := g.SetRules(r); err != nil {
		t.Fatal(err)
	}
	for name, call := range map[string]func() (checked.Answer, error){
		"solve":      func() (checked.Answer, error) { return s.Solve(context.Background(), g) },
		"unique":     func() (checked.Answer, error) { return s.Unique(context.Background(), g) },
		"count":      func() (checked.Answer, error) { return s.Count(context.Background(), g, 2) },
		"candidates": func() (checked.Answer, error) { return s.Candidates(context.Background(), g, 2) },
	} {
		a, err := call()
		if err != nil || a.Status != backend.StatusNone || a.Count != 0 || len(a.Conflicts) != 1 || !checked.Impossible(a.Conflicts[0]) ||
			a.Conflicts[0].String() != "killer cage r1c1,r1c2: 18 is impossible in 2 cells" {
			t.Errorf("%s: got %+v, %v; want none with the clue", name, a, err)
		}
	}
	if l.calls != 0 {
		t.Errorf("the back end was asked %d times about a puzzle with an impossible clue", l.calls)
	}
	bad := g.Clone()
	bad.SetCell(2, 5) // a second 5 in row 1
	if a, _ := checked.Screen(bad); a.Status != backend.StatusInvalid || len(a.Conflicts) != 3 {
		t.Errorf("conflicting givens and an impossible clue: %+v, want invalid", a)
	}
	// gini and the validator's count agree with the screen: no solution.
	if res, err := satsolve.Unique(context.Background(), g, satsolve.Options{}); err != nil || res.Status != backend.StatusNone {
		t.Errorf("gini: %v %v, want none", res.Status, err)
	}
	if n, _ := verify.Count(g, 1); n != 0 {
		t.Errorf("verify counts %d solutions", n)
	}
}

// TestTruthful: gini's answers, checked, agree with the published solution
// and with verify's own count, certified.
func TestTruthful(t *testing.T) {
	ctx := context.Background()
	s := checked.New(satsolve.New(satsolve.Options{}), checked.Options{Certify: true})
	a, err := s.Unique(ctx, textfmt.MustParse(leet))
	if err != nil || a.Status != backend.StatusUnique || a.Solution.String() != leetSol || a.Certificate.Method != checked.Count {
		t.Fatalf("unique: %+v, %v", a, err)
	}
	a, err = s.Unique(ctx, textfmt.MustParse(twoSols))
	if err != nil || a.Status != backend.StatusMultiple || len(a.Differ()) == 0 || a.Certificate.Method != checked.NotAsked {
		t.Fatalf("multiple: %+v, %v", a, err)
	}
	a, err = s.Count(ctx, textfmt.MustParse(twoSols), 5)
	if err != nil || a.Count != 2 || a.More || a.Certificate.Method != checked.Count {
		t.Fatalf("count: %+v, %v", a, err)
	}
	a, err = s.Candidates(ctx, textfmt.MustParse(twoSols), 1)
	if err != nil {
		t.Fatal(err)
	}
	two := solutions(t, twoSols)
	for i, m := range a.Candidates {
		want := uint64(1)<<(two[0].Cell(i)-1) | 1<<(two[1].Cell(i)-1)
		if m != want {
			t.Fatalf("candidates of cell %d: %b, want %b", i, m, want)
		}
	}
	// leet is unique with 4 at r1c3: a 1 there breaks no given and leaves
	// no solution.
	none := textfmt.MustParse(leet)
	none.SetCell(2, 1)
	if len(verify.Check(none)) != 0 {
		t.Fatal("the 1 at r1c3 clashes")
	}
	a, err = s.Solve(ctx, none)
	if err != nil || a.Status != backend.StatusNone || a.Certificate.Method != checked.Count {
		t.Fatalf("none: %+v, %v", a, err)
	}
}

// TestOverBudget: a count that cannot finish within the budget leaves the
// verdict standing, marked not certified.
func TestOverBudget(t *testing.T) {
	s := checked.New(satsolve.New(satsolve.Options{}), checked.Options{Certify: true, Budget: time.Nanosecond})
	a, err := s.Unique(context.Background(), textfmt.MustParse(leet))
	if err != nil || a.Status != backend.StatusUnique || a.Certificate.Method != checked.OverBudget {
		t.Fatalf("got %+v, %v; want unique, over budget", a, err)
	}
	if got := a.Certificate.String(); got != "not certified: the independent count ran past its budget of 1ns" {
		t.Errorf("%q", got)
	}
}

// TestDRAT: a back end that checked a DRAT proof of its claim says so, and
// the claim needs no count.
func TestDRAT(t *testing.T) {
	proof := backend.Certificate{Method: "drat", By: "cadical", Proofs: 1}
	l := liar{res: backend.Result{Status: backend.StatusUnique, Solution: textfmt.MustParse(leetSol), Certificate: proof}}
	a, err := checked.New(&l, checked.Options{Certify: true, Budget: time.Nanosecond}).Unique(context.Background(), textfmt.MustParse(leet))
	if err != nil || a.Certificate.Method != checked.DRAT || a.Certificate.String() != "certified: DRAT proof by cadical, checked" {
		t.Fatalf("got %+v, %v", a, err)
	}
}

// TestValidate: Validate accepts the true answers to counts of leet (one
// solution) and twoSols (two, found by swapping a deadly pattern), and
// rejects a grid that is no solution, the same solution twice, a count
// over its limit and a status the count does not give.
func TestValidate(t *testing.T) {
	g, sol := textfmt.MustParse(leet), textfmt.MustParse(leetSol)
	two := textfmt.MustParse(twoSols)
	s1 := textfmt.MustParse(leetSol)
	s2 := s1.Clone()
	var diff []int
	for i := range s1.Len() {
		if two.Cell(i) == 0 {
			diff = append(diff, i)
		}
	}
	// The rectangle's digits x y / y x, swapped: the other solution.
	s2.SetCell(diff[0], s1.Cell(diff[1]))
	s2.SetCell(diff[1], s1.Cell(diff[0]))
	s2.SetCell(diff[2], s1.Cell(diff[3]))
	s2.SetCell(diff[3], s1.Cell(diff[2]))
	if verify.Solution(two, s2) != nil {
		t.Fatal("the swapped rectangle is no solution")
	}
	wrong := sol.Clone()
	wrong.SetCell(2, sol.Cell(3))
	for _, c := range []struct {
		g     *satdoku.Grid
		res   backend.Result
		limit int
		ok    bool
	}{
		{g, backend.Result{Status: backend.StatusUnique, Solution: sol, Count: 1}, 2, true},
		{g, backend.Result{Status: backend.StatusSolved, Solution: sol, Count: 1}, 1, true},
		{g, backend.Result{Status: backend.StatusUnique, Solution: sol, Count: 1}, 1, true}, // Solve may say unique
		{two, backend.Result{Status: backend.StatusMultiple, Solution: s1, Second: s2, Count: 2}, 2, true},
		{two, backend.Result{Status: backend.StatusNone}, 2, true}, // a claim of unsatisfiability: not Validate's to check
		{g, backend.Result{Status: backend.StatusSolved, Solution: wrong, Count: 1}, 1, false},
		{two, backend.Result{Status: backend.StatusMultiple, Solution: s1, Second: s1, Count: 2}, 2, false},
		{two, backend.Result{Status: backend.StatusMultiple, Solution: s1, Second: s2, Count: 3}, 2, false},
		{g, backend.Result{Status: backend.StatusSolved, Solution: sol, Count: 1}, 2, false},
		{g, backend.Result{Status: backend.StatusNone, Solution: sol, Count: 1}, 2, false},
		{g, backend.Result{Status: backend.StatusUnique, Count: 1}, 2, false}, // no solution shown
	} {
		err := checked.Validate(c.g, c.res, c.limit)
		if (err == nil) != c.ok || err != nil && !errors.Is(err, checked.ErrRejected) {
			t.Errorf("%v count %d limit %d: %v, want ok %v", c.res.Status, c.res.Count, c.limit, err, c.ok)
		}
	}
}

// TestDescribeNames checks that Describe and Diagnose name cells and
// values as the rules do: on a 4×4 board of the values 0 to 3 with var
// cells VA and VB in a unit with r1c1, a clash of VA and r1c1 names VA
// (not r5c1) and the value 1 (digit 2); three cells of one row holding
// digit 4 hold the value 3.
func TestDescribeNames(t *testing.T) {
	r, _ := satdoku.Standard(4)
	r, err := r.WithValueOffset(-1)
	if err == nil {
		r, err = r.WithNamedVarCells("VA", "VB")
	}
	if err == nil {
		r, err = r.WithExtra(satdoku.ExtraUnit{Name: "trio", Cells: []int{0, 16, 17}})
	}
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	g.SetCell(0, 2)
	g.SetCell(16, 2)
	g.SetCell(13, 4)
	g.SetCell(14, 4)
	g.SetCell(15, 4)
	lines, cells := checked.Describe(r, verify.Check(g))
	want := []string{"r1c1 and VA both hold 1 (trio)", "3 cells hold 3 in row 4: r4c2,r4c3,r4c4", "r4c3 and r4c4 both hold 3 (box 4)"}
	if !slices.Equal(lines, want) {
		t.Errorf("Describe: %q, want %q", lines, want)
	}
	if len(cells) != 5 || cells[0] != 0 || cells[4] != 16 {
		t.Errorf("Describe's cells: %v", cells)
	}
	puzzle := satdoku.NewGrid(r)
	puzzle.SetCell(17, 3)
	sol := satdoku.NewGrid(r)
	for i, d := range []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1} {
		sol.SetCell(i, d)
	}
	sol.SetCell(17, 4) // VB: 3, the puzzle gives 2; VA is empty
	d := checked.Diagnose(puzzle, sol)
	if d == nil {
		t.Fatal("Diagnose passed an incomplete grid")
	}
	got := strings.Join(d.Problems, "; ")
	if got != "VB holds 3 but the puzzle gives 2; VA is empty" {
		t.Errorf("Diagnose: %q", got)
	}
}
