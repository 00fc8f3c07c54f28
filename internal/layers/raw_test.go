package layers_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// rawRules returns random rules of a raw 4×4 board (satdoku.Raw) of v
// digits: a few extra units of two cells, and relations (different,
// less, equal, sum) between random cells, each also as the test states
// it, on the digits of the 16 cells.
func rawRules(t *testing.T, rng *rand.Rand, v int) (*satdoku.Rules, []func(g []int) bool) {
	return windowRules(t, rng, v, 4)
}

// windowRules is rawRules on a window of rows×4 cells (rows 4: the whole
// board), the rules' cells in the window.
func windowRules(t *testing.T, rng *rand.Rand, v, rows int) (*satdoku.Rules, []func(g []int) bool) {
	t.Helper()
	r, err := satdoku.Raw(4)
	if err == nil && rows < 4 {
		r, err = r.WithWindow(rows, 4)
	}
	if err == nil {
		r, err = r.WithValues(v)
	}
	if err != nil {
		t.Fatal(err)
	}
	var holds []func(g []int) bool
	var extra []satdoku.ExtraUnit
	var rel []satdoku.Relation
	for range 1 + rng.IntN(5) {
		a, b := rng.IntN(4*rows), rng.IntN(4*rows)
		if a == b {
			continue
		}
		switch rng.IntN(5) {
		case 0:
			extra = append(extra, satdoku.ExtraUnit{Name: "pair", Cells: []int{a, b}})
			holds = append(holds, func(g []int) bool { return g[a] != g[b] })
		case 1:
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.Different, Name: "different"})
			holds = append(holds, func(g []int) bool { return g[a] != g[b] })
		case 2:
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.Less, Name: "less"})
			holds = append(holds, func(g []int) bool { return g[a] < g[b] })
		case 3:
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.Equal, Name: "equal"})
			holds = append(holds, func(g []int) bool { return g[a] == g[b] })
		default:
			s := 2 + rng.IntN(2*v-1)
			rel = append(rel, satdoku.Relation{A: a, B: b, Kind: satdoku.Sum, Value: s, Name: "sum"})
			holds = append(holds, func(g []int) bool { return g[a]+g[b] == s })
		}
	}
	if r, err = r.WithExtra(extra...); err == nil {
		r, err = r.WithRelations(rel...)
	}
	if err != nil {
		t.Fatal(err)
	}
	return r, holds
}

// brute counts the fillings of the first k cells of 16 with the digits 1
// and 2 that every rule of holds passes.
func brute(k int, holds []func(g []int) bool) int {
	count := 0
	g := make([]int, 16)
	for m := range 1 << k {
		for i := range k {
			g[i] = 1 + m>>i&1
		}
		ok := true
		for _, h := range holds {
			ok = ok && h(g)
		}
		if ok {
			count++
		}
	}
	return count
}

// countsAgree checks that the validator's counter and each solver count
// the solutions of the empty board of rules r as want (up to limit).
func countsAgree(t *testing.T, what string, r *satdoku.Rules, want, limit int, solvers map[encode.Encoding]*satsolve.Solver) {
	t.Helper()
	empty := satdoku.NewGrid(r)
	if got, _ := verify.Count(empty, limit); got != min(want, limit) {
		t.Fatalf("%s (%v %v): the validator counts %d, brute force %d", what, r.Extras(), r.Relations(), got, want)
	}
	for e, s := range solvers {
		res, err := s.Count(context.Background(), empty, limit)
		if err != nil || res.Count != min(want, limit) {
			t.Fatalf("%s (%v %v): gini in the %v encoding counts %d (%v), brute force %d", what, r.Extras(), r.Relations(), e, res.Count, err, want)
		}
	}
}

// TestRawDifferential counts the grids of random raw 4×4 boards of 2
// digits (no rows, columns or boxes: only the extra units and relations
// given) by brute force over all 65,536 grids, and of 3×4 windows on such
// boards over their 4,096, and checks the validator's counter and gini in
// every encoding against that count; on boards of 4 digits (a raw board
// of N digits) the DIMACS comments must read back as the same raw rules.
func TestRawDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	const limit = 100
	solvers := map[encode.Encoding]*satsolve.Solver{}
	for _, e := range []encode.Encoding{encode.Extended, encode.Minimal, encode.Sequential} {
		solvers[e] = satsolve.New(satsolve.Options{Encoding: e})
	}
	counts := map[bool]int{}
	rounds := 40
	if testing.Short() {
		rounds = 12
	}
	for round := range rounds {
		r, holds := rawRules(t, rng, 2)
		if !r.Raw() || r.Values() != 2 || len(r.Units()) != len(r.Extras()) {
			t.Fatalf("round %d: raw %v, %d digits, %d units of which %d extra", round, r.Raw(), r.Values(), len(r.Units()), len(r.Extras()))
		}
		want := brute(16, holds)
		counts[want > 0]++
		countsAgree(t, fmt.Sprintf("round %d", round), r, want, limit, solvers)
	}
	if counts[true] == 0 || counts[false] == 0 {
		t.Errorf("boards with and without solutions: %v; the test checks too little", counts)
	}

	// A window of 3×4 cells: its 4,096 grids by brute force; the holes
	// have no freedom in any encoding, and DIMACS files refuse it.
	for round := range rounds {
		r, holds := windowRules(t, rng, 2, 3)
		want := brute(12, holds)
		countsAgree(t, fmt.Sprintf("window round %d", round), r, want, limit, solvers)
		if err := encode.WriteDIMACS(io.Discard, satdoku.NewGrid(r), encode.DIMACSOptions{}); !errors.Is(err, encode.ErrGrid) {
			t.Fatalf("a DIMACS file of a 3×4 window: %v", err)
		}
		// A grid whose hole holds another digit than 1 has no solution;
		// one that holds 1 there has the window's.
		for d, w := range []int{1: want, 2: 0} {
			if d == 0 {
				continue
			}
			g := satdoku.NewGrid(r)
			g.SetCell(12, d)
			if got, _ := verify.Count(g, limit); got != min(w, limit) {
				t.Fatalf("window round %d, hole r4c1 given %d: the validator counts %d, want %d", round, d, got, min(w, limit))
			}
			for e, s := range solvers {
				if res, err := s.Count(context.Background(), g, limit); err != nil || res.Count != min(w, limit) {
					t.Fatalf("window round %d, hole r4c1 given %d: gini in the %v encoding counts %d (%v), want %d", round, d, e, res.Count, err, min(w, limit))
				}
			}
		}
	}

	// DIMACS: a raw board of N digits is written, and read back raw.
	for round := range 5 {
		r, _ := rawRules(t, rng, 4)
		var buf bytes.Buffer
		if err := encode.WriteDIMACS(&buf, satdoku.NewGrid(r), encode.DIMACSOptions{}); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		h, err := encode.ReadHeader(&buf)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		back := h.Puzzle.Rules()
		if !back.Raw() || !reflect.DeepEqual(back.Units(), r.Units()) || !reflect.DeepEqual(back.Relations(), r.Relations()) {
			t.Fatalf("round %d: read back raw %v with units %v and relations %v, want %v and %v", round, back.Raw(), back.Units(), back.Relations(), r.Units(), r.Relations())
		}
	}
}
