package satsolve

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// hard9 is Norvig's "hardest": singles alone leave most of it open.
const hard9 = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."

// checkPrepass checks the pre-pass fixpoint of g against sol, g's unique
// solution: every fixed cell holds sol's digit, every open cell still has
// sol's digit among two or more candidates, and no cell or unit is left
// with a single (the fixpoint is complete).
func checkPrepass(t *testing.T, p *prepass, sol *satdoku.Grid) {
	t.Helper()
	n := p.bd.n
	free := 0
	for i, c := range p.cand {
		bit := uint64(1) << (sol.Cell(i) - 1)
		if c&bit == 0 {
			t.Fatalf("cell %d lost its solution digit %d (candidates %b)", i, sol.Cell(i), c)
		}
		switch {
		case p.val[i] != 0:
			if int(p.val[i]) != sol.Cell(i) || c != bit {
				t.Fatalf("cell %d fixed to %d (candidates %b), solution has %d", i, p.val[i], c, sol.Cell(i))
			}
		case bits.OnesCount64(c) < 2:
			t.Fatalf("open cell %d has candidates %b: a naked single was missed", i, c)
		default:
			free++
		}
	}
	if free != p.free {
		t.Fatalf("free = %d, counted %d", p.free, free)
	}
	for u, cells := range p.bd.units {
		if !p.bd.fullUnit[u] {
			continue
		}
		for d := range n {
			places, fixed := 0, false
			for _, i := range cells {
				if p.cand[i]>>d&1 != 0 {
					places++
					fixed = fixed || p.val[i] != 0
				}
			}
			if !fixed && places < 2 {
				t.Fatalf("unit %d, digit %d: %d places and not fixed: a hidden single was missed", u, d+1, places)
			}
			if fixed && places > 1 {
				t.Fatalf("unit %d, digit %d: fixed, and still a candidate elsewhere", u, d+1)
			}
		}
	}
}

func TestPrepass(t *testing.T) {
	t.Run("full fill", func(t *testing.T) {
		var p prepass
		g := grid(t, leet)
		if !p.run(newBoard(standard(9)), g) {
			t.Fatal("contradiction on a valid puzzle")
		}
		if p.free != 0 {
			t.Fatalf("%d cells open; singles solve this puzzle", p.free)
		}
		checkPrepass(t, &p, grid(t, leetSol))
	})
	t.Run("partial", func(t *testing.T) {
		g := grid(t, hard9)
		n, sol := verify.Count(g, 2)
		if n != 1 {
			t.Fatalf("verify.Count = %d", n)
		}
		var p prepass
		if !p.run(newBoard(standard(9)), g) {
			t.Fatal("contradiction on a valid puzzle")
		}
		if p.free == 0 || p.free == 81-g.Givens() {
			t.Fatalf("free = %d: want some but not all open cells fixed", p.free)
		}
		checkPrepass(t, &p, sol)
	})
	t.Run("contradiction", func(t *testing.T) {
		for _, c := range []struct{ name, puzzle string }{
			{"same digit in a row", "55" + leet[2:]},
			{"same digit in a box", "5" + leet[1:10] + "5" + leet[11:]},
			// Givens without a clash whose singles run into one: a
			// 17-clue puzzle plus a wrong clue.
			{"clue against the solution", "1" + leetSol[1:80] + "."},
			// 4×4 with no solution whose singles reach a dead end.
			{"4x4", "..3..4122..44.21"},
		} {
			t.Run(c.name, func(t *testing.T) {
				s := c.puzzle
				g := grid(t, s)
				if k, _ := verify.Count(g, 1); k != 0 {
					t.Skipf("test puzzle %s has a solution", s)
				}
				var p prepass
				if p.run(newBoard(standard(g.N())), g) {
					// Not every unsolvable puzzle falls to singles; these do.
					t.Fatalf("no contradiction found in %s", s)
				}
				r, err := New(Options{}).Unique(context.Background(), g)
				if err != nil || r.Status != backend.StatusNone {
					t.Errorf("%v, %v; want none", r.Status, err)
				}
			})
		}
	})
}

// TestPrepassIsUnitPropagation checks the claim the design rests on: the
// pre-pass fixpoint is the fixpoint of unit propagation on the Extended
// encoding. gini's Test propagates the givens, as assumptions, over the
// encoder's rules; a candidate is fixed by the pre-pass exactly when
// propagation makes its variable true, removed exactly when propagation
// makes it false, and the pre-pass finds a contradiction exactly when
// propagation finds a conflict. The puzzles: the self-made set, the famous
// ones, the first puzzles of the shared sets, and each of them with one
// more clue, drawn at random, which is often a wrong one.
func TestPrepassIsUnitPropagation(t *testing.T) {
	var puzzles []*satdoku.Grid
	diff := readDiffFile(t, "../testdata/diff/puzzles.txt")
	if testing.Short() {
		diff = sample(diff, 2)
	}
	for _, c := range diff {
		puzzles = append(puzzles, c.puzzle)
	}
	for _, s := range []string{leet, leetSol, hard9, "55" + leet[2:], twoSol4, empty4, sol4} {
		puzzles = append(puzzles, grid(t, s))
	}
	limit := 200
	if testing.Short() {
		limit = 4
		if race.Enabled {
			limit = 1
		}
	}
	for _, set := range []string{"kaggle_9999.txt", "royle17_49158.txt", "magictour_top1465.txt", "serg_benchmark.txt", "derived_nosol_17plus1.txt", "vu_kr_16x16.txt"} {
		lines, _ := readLines(t, dataFile(set), limit)
		for _, l := range lines {
			if g, ok := parseLine(l); ok {
				puzzles = append(puzzles, g)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, g := range slices.Clone(puzzles) {
		h := g.Clone()
		i := rng.IntN(h.Len())
		h.SetCell(i, 1+rng.IntN(h.N()))
		puzzles = append(puzzles, h)
	}
	contradictions := 0
	bds := map[int]*board{}
	for _, g := range puzzles {
		n := g.N()
		if bds[n] == nil {
			bds[n] = newBoard(standard(n))
		}
		var p prepass
		ok := p.run(bds[n], g)
		gi := gini.New()
		encode.Rules(giniAdder{gi}, standard(n), encode.Extended)
		for i := range g.Len() {
			if d := g.Cell(i); d != 0 {
				gi.Assume(z.Dimacs2Lit(encode.Var(n, i/n, i%n, d)))
			}
		}
		res, out := gi.Test(make([]z.Lit, 0, n*n*n)) // a nil dst gets no literals
		if ok != (res != -1) {
			t.Fatalf("%s: pre-pass ok = %v, unit propagation result %d", line(g), ok, res)
		}
		if !ok {
			contradictions++
			continue
		}
		up := make(map[int]bool, len(out))
		for _, m := range out {
			up[int(m.Var())] = m.IsPos()
		}
		for i := range g.Len() { // the assumptions themselves
			if d := g.Cell(i); d != 0 {
				up[encode.Var(n, i/n, i%n, d)] = true
			}
		}
		for v := 1; v <= n*n*n; v++ {
			r, c, d := encode.Unpack(n, v)
			i := r*n + c
			val, set := up[v]
			fixed, removed := int(p.val[i]) == d, p.cand[i]>>(d-1)&1 == 0
			if fixed != (set && val) || removed != (set && !val) {
				t.Fatalf("%s: r%dc%d digit %d: pre-pass fixed %v removed %v; propagation assigned %v to %v",
					line(g), r+1, c+1, d, fixed, removed, set, val)
			}
		}
	}
	if contradictions == 0 || contradictions == len(puzzles) {
		t.Fatalf("%d contradictions in %d puzzles: the test needs both kinds", contradictions, len(puzzles))
	}
	t.Logf("%d puzzles, %d contradictions", len(puzzles), contradictions)
}

// TestStrong runs the pre-pass with and without strong (locked candidates
// and pairs) on puzzles with known solutions and checks that with it: the
// solution survives (checkPrepass), the candidates are a subset of the
// singles' fixpoint, and no pointing, claiming, naked pair or hidden pair is
// left, found by brute-force searches written apart from locked and pairs.
// Some puzzle must lose candidates, and some must get more cells fixed.
func TestStrong(t *testing.T) {
	type known struct{ puzzle, sol *satdoku.Grid }
	g := grid(t, hard9)
	_, sol := verify.Count(g, 2)
	cases := []known{{g, sol}}
	for _, set := range []string{"magictour_top1465", "royle17_49158", "vu_kr_16x16"} {
		limit := 300
		if testing.Short() {
			limit = 30
		}
		ps, _ := readLines(t, dataFile(set+".txt"), limit)
		ss, _ := readLines(t, dataFile(set+".solutions.txt"), limit)
		for k := range min(len(ps), len(ss)) {
			g, ok1 := parseLine(ps[k])
			sol, ok2 := parseLine(ss[k])
			if ok1 && ok2 {
				cases = append(cases, known{g, sol})
			}
		}
	}
	removed, fixed := 0, 0
	for _, c := range cases {
		bd := newBoard(standard(c.puzzle.N()))
		var singles, p prepass
		p.strong = true
		if !singles.run(bd, c.puzzle) || !p.run(bd, c.puzzle) {
			t.Fatalf("%s: contradiction in a puzzle with a solution", line(c.puzzle))
		}
		checkPrepass(t, &p, c.sol)
		for i := range p.cand {
			if p.cand[i]&^singles.cand[i] != 0 {
				t.Fatalf("%s: cell %d has candidates %b, singles alone %b", line(c.puzzle), i, p.cand[i], singles.cand[i])
			}
			if p.cand[i] != singles.cand[i] {
				removed++
			}
		}
		if p.free < singles.free {
			fixed++
		}
		checkNoLocked(t, &p, c.puzzle)
		checkNoPairs(t, &p, c.puzzle)
	}
	if removed == 0 || fixed == 0 {
		t.Fatalf("strong changed %d cells and fixed more cells in %d puzzles of %d: the test needs both", removed, fixed, len(cases))
	}
	t.Logf("%d puzzles; strong fixed more cells in %d", len(cases), fixed)
}

// checkNoPairs fails if a unit still has two open cells with the same two
// candidates and one of those digits elsewhere, or two digits whose only
// places are the same two cells, one of which has another candidate.
func checkNoPairs(t *testing.T, p *prepass, g *satdoku.Grid) {
	t.Helper()
	n := p.bd.n
	for u, cells := range p.bd.units {
		var open []int
		for _, i := range cells {
			if p.val[i] == 0 {
				open = append(open, i)
			}
		}
		for a, i := range open {
			for _, j := range open[a+1:] {
				c := p.cand[i]
				if c != p.cand[j] || bits.OnesCount64(c) != 2 {
					continue
				}
				for _, x := range open {
					if x != i && x != j && p.cand[x]&c != 0 {
						t.Fatalf("%s: unit %d: naked pair %b in cells %d and %d, still in cell %d", line(g), u, c, i, j, x)
					}
				}
			}
		}
		if !p.bd.fullUnit[u] {
			continue
		}
		places := func(d int) (ps []int) {
			for _, i := range open {
				if p.cand[i]>>d&1 != 0 {
					ps = append(ps, i)
				}
			}
			return ps
		}
		for d1 := range n {
			for d2 := d1 + 1; d2 < n; d2++ {
				p1, p2 := places(d1), places(d2)
				if len(p1) != 2 || !slices.Equal(p1, p2) {
					continue
				}
				for _, i := range p1 {
					if bits.OnesCount64(p.cand[i]) != 2 {
						t.Fatalf("%s: unit %d: hidden pair %d %d in cells %v, cell %d has candidates %b", line(g), u, d1+1, d2+1, p1, i, p.cand[i])
					}
				}
			}
		}
	}
}

// checkNoLocked fails if a digit d confined, among the open cells of a
// box, to one row (column) is still a candidate of an open cell of that row
// (column) outside the box, or confined in a row (column) to one box and
// still a candidate elsewhere in that box.
func checkNoLocked(t *testing.T, p *prepass, g *satdoku.Grid) {
	t.Helper()
	// Classic geometry, written here apart from the rules: b×b boxes.
	n := p.bd.n
	b := 2
	for b*b < n {
		b++
	}
	has := func(r, c, d int) bool { i := r*n + c; return p.val[i] == 0 && p.cand[i]>>d&1 != 0 }
	box := func(r, c int) int { return r/b*b + c/b }
	for dir, kind := range []string{"row", "column"} {
		// at is cell pos of line ln; lineOf is the line of a cell.
		at := func(ln, pos int) (int, int) {
			if dir == 0 {
				return ln, pos
			}
			return pos, ln
		}
		lineOf := func(r, c int) int { return []int{r, c}[dir] }
		for d := range n {
			// Claiming: in line ln, d only in one box.
			for ln := range n {
				boxes := map[int]bool{}
				for pos := range n {
					if r, c := at(ln, pos); has(r, c, d) {
						boxes[box(r, c)] = true
					}
				}
				if len(boxes) != 1 {
					continue
				}
				for r := range n {
					for c := range n {
						if boxes[box(r, c)] && lineOf(r, c) != ln && has(r, c, d) {
							t.Fatalf("%s: digit %d confined to box %d in %s %d, still in r%dc%d", line(g), d+1, box(r, c)+1, kind, ln+1, r+1, c+1)
						}
					}
				}
			}
			// Pointing: in box bx, d only in one line.
			for bx := range n {
				lines := map[int]bool{}
				for r := range n {
					for c := range n {
						if box(r, c) == bx && has(r, c, d) {
							lines[lineOf(r, c)] = true
						}
					}
				}
				if len(lines) != 1 {
					continue
				}
				for ln := range lines {
					for pos := range n {
						if r, c := at(ln, pos); box(r, c) != bx && has(r, c, d) {
							t.Fatalf("%s: digit %d confined to %s %d in box %d, still in r%dc%d", line(g), d+1, kind, ln+1, bx+1, r+1, c+1)
						}
					}
				}
			}
		}
	}
}

// TestReuse runs one Solver per encoding over a long mix of
// puzzles of several sizes (unique, multiple, none, invalid, full) twice
// over, so every call follows many others on the same gini instance, and
// compares every answer with verify.Count, with Solve and with Try.
func TestReuse(t *testing.T) {
	cases := readDiffFile(t, "../testdata/diff/puzzles.txt")
	extra := []string{leet, leetSol, hard9, "55" + leet[2:], twoSol4, empty4, sol4, "1" + leetSol[1:80] + "."}
	for _, s := range extra {
		cases = append(cases, diffCase{where: "extra " + s, puzzle: grid(t, s), count: -1})
	}
	for _, e := range encodings {
		t.Run(e.String(), func(t *testing.T) {
			t.Parallel()
			s := New(Options{Encoding: e})
			// The same with a generous timeout: every call uses Try.
			st := New(Options{Encoding: e, Timeout: time.Minute})
			for range 2 {
				for _, c := range cases {
					diffOne(t, s, c, true)
					diffOne(t, st, c, true)
				}
			}
		})
	}
}

// TestBoardShared runs Solvers in several goroutines on puzzles of one new
// Rules value and of a variant of it (run it with -race): the Solvers
// share the tables of each (one board per rules), and every solution
// passes the validator.
func TestBoardShared(t *testing.T) {
	std, err := satdoku.Boxes(9, 3, 3) // new rules, not the shared standard ones
	if err != nil {
		t.Fatal(err)
	}
	x, err := std.WithNamed("x")
	if err != nil {
		t.Fatal(err)
	}
	p := textfmt.MustParse(hard9)
	var wg sync.WaitGroup
	for k := range 4 {
		wg.Go(func() {
			s := New(Options{})
			for j := range 6 {
				r := []*satdoku.Rules{std, x}[(k+j)%2]
				g := p.Clone()
				if err := g.SetRules(r); err != nil {
					t.Error(err)
					return
				}
				res, err := s.Solve(context.Background(), g)
				if err != nil {
					t.Error(err)
					return
				}
				if s.bd != boardOf(r) {
					t.Error("a Solver has a board of its own")
				}
				if res.Status == backend.StatusSolved {
					if err := verify.Solution(g, res.Solution); err != nil {
						t.Errorf("rules %d: %v", (k+j)%2, err)
					}
				} else if r == std {
					t.Errorf("hard9: %v", res.Status)
				}
			}
		})
	}
	wg.Wait()
}
