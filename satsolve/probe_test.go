package satsolve

import (
	"context"
	"math/bits"
	"slices"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/verify"
)

// TestProbeKeepsModels checks that probing rules out no solution and lets
// none in: with Options.Probe the Solver's models are those of the whole
// formula (a fresh gini on encode.Puzzle, no pre-pass, no probing), every
// one of them up to a limit, under constraints of every kind from no givens
// to a few, and on random variant boards, whose answers verify.Count
// checks too.
func TestProbeKeepsModels(t *testing.T) {
	r := constrained9(t)
	s := digitsOf(solution9)
	sv := New(Options{Probe: true})
	for _, every := range []int{0, 9, 5, 3} {
		g := satdoku.NewGrid(r)
		if every > 0 {
			for i := 0; i < 81; i += every {
				g.SetCell(i, s[i])
			}
		}
		const limit = 64
		got := residualModels(t, sv, g, limit)
		want := fullModels(t, g, encode.Extended, limit)
		if !slices.Equal(got, want) {
			t.Errorf("every %d: probing %v, whole formula %v", every, got, want)
		}
	}
	k := 200
	if testing.Short() {
		k = 60
	}
	for _, c := range variantCases(t, k) {
		if len(verify.Check(c.puzzle)) > 0 {
			continue
		}
		diffOne(t, sv, c, true)
	}
}

// TestProbeRemovesOnlyFalse compares the candidates left after probing
// with the true candidates that the validator's counter finds by brute
// force (a digit stays when the puzzle with it placed has a solution):
// probing must keep every true candidate, and on puzzles under
// constraints, which the pre-pass does not read, it must rule out some
// that the pre-pass left (else the test shows nothing).
func TestProbeRemovesOnlyFalse(t *testing.T) {
	r := constrained9(t)
	s := digitsOf(solution9)
	plain, probing := New(Options{}), New(Options{Probe: true})
	removed := 0
	for _, every := range []int{7, 5, 4} {
		g := satdoku.NewGrid(r)
		for i := 0; i < 81; i += every {
			g.SetCell(i, s[i])
		}
		truth := bruteMarks(g)
		var left [2][]uint64
		for k, sv := range []*Solver{plain, probing} {
			if err := sv.begin(context.Background(), g); err != nil {
				t.Fatal(err)
			}
			left[k] = slices.Clone(sv.c.pp.cand)
			sv.end()
		}
		for i := range truth {
			if lost := truth[i] &^ left[1][i]; lost != 0 {
				t.Errorf("every %d: r%dc%d: probing ruled out true candidates %b", every, i/9+1, i%9+1, lost)
			}
			if extra := left[1][i] &^ left[0][i]; extra != 0 {
				t.Errorf("every %d: r%dc%d: probing added candidates %b", every, i/9+1, i%9+1, extra)
			}
			removed += bits.OnesCount64(left[0][i] &^ left[1][i])
		}
	}
	if removed == 0 {
		t.Error("probing ruled out nothing the pre-pass left")
	}
	t.Logf("probing ruled out %d candidates", removed)
}

// TestProbeContradiction: a puzzle whose constraints propagation alone
// refutes, but the pre-pass cannot see, is "none" with probing too.
func TestProbeContradiction(t *testing.T) {
	std9, err := satdoku.Standard(9)
	if err != nil {
		t.Fatal(err)
	}
	// Two cells of row 1 that must sum to 3 (1 and 2), and a third cell
	// of the row with a sum of 3 with one of them: it would need 1 or 2
	// again.
	r, err := std9.WithConstraints(
		satdoku.Constraint{Kind: satdoku.Total, Cells: []int{0, 1}, Value: 3},
		satdoku.Constraint{Kind: satdoku.Total, Cells: []int{1, 2}, Value: 3},
	)
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	for _, o := range []Options{{}, {Probe: true}} {
		res, err := New(o).Unique(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if res.Count != 0 {
			t.Errorf("probe %v: %v, want none (c1 + c2 = 3 and c2 + c3 = 3 make c1 = c3)", o.Probe, res.Status)
		}
	}
}
