package satsolve

import (
	"errors"
	"math/bits"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/encode"
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
	for u := 0; u < len(p.bd.units); u += n {
		for d := range n {
			places, fixed := 0, false
			for _, i := range p.bd.units[u : u+n] {
				if p.cand[i]>>d&1 != 0 {
					places++
					fixed = fixed || p.val[i] != 0
				}
			}
			if !fixed && places < 2 {
				t.Fatalf("unit %d, digit %d: %d places and not fixed: a hidden single was missed", u/n, d+1, places)
			}
		}
	}
}

func TestPrepass(t *testing.T) {
	t.Run("full fill", func(t *testing.T) {
		var p prepass
		g := grid(t, leet)
		if !p.run(newBoard(9), g) {
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
		if !p.run(newBoard(9), g) {
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
				if p.run(newBoard(g.N()), g) {
					// Not every unsolvable puzzle falls to singles; these do.
					t.Fatalf("no contradiction found in %s", s)
				}
				r, err := New(Options{}).Unique(g)
				if err != nil || r.Status != StatusNone {
					t.Errorf("%v, %v; want none", r.Status, err)
				}
			})
		}
	})
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

// TestReuseAfterTimeout times out a call on a Solver that already holds a
// gini instance, then checks the calls after it.
func TestReuseAfterTimeout(t *testing.T) {
	lines, ok := readLines(t, dataFile("misc_25x25.txt"), 6)
	if !ok || len(lines) < 6 {
		t.Skip("misc_25x25.txt not found")
	}
	hard := grid(t, lines[5])
	{
		s := New(Options{Encoding: encode.Minimal, Timeout: 200 * time.Millisecond})
		for _, p := range []string{leet, twoSol4} {
			if _, err := s.Unique(grid(t, p)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Unique(hard); !errors.Is(err, ErrTimeout) {
			t.Logf("25x25 line 6 did not time out (%v); the reuse checks still run", err)
		}
		for range 3 {
			r, err := s.Unique(grid(t, leet))
			if err != nil {
				t.Fatal(err)
			}
			check(t, grid(t, leet), r, StatusUnique, 1, leetSol)
			r, err = s.Count(grid(t, twoSol4), 5)
			if err != nil {
				t.Fatal(err)
			}
			check(t, grid(t, twoSol4), r, StatusMultiple, 2, "")
		}
	}
}
