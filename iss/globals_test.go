package iss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/satsolve"
)

// sequences calls f with every sequence of k digits 1..v.
func sequences(v, k int, f func(ds []int)) {
	ds := make([]int, k)
	var rec func(j int)
	rec = func(j int) {
		if j == k {
			f(ds)
			return
		}
		for d := 1; d <= v; d++ {
			ds[j] = d
			rec(j + 1)
		}
	}
	rec(0)
}

// TestGlobalAutomata checks each automaton built for ISS's GlobalEntropy,
// GlobalMod, DutchFlatmates and ValueIndexing against the rule as ISS
// states it, on every sequence of digits: a 2×2 square's four digits, a
// column of 4 or 5 digits of 4 to 9 values (6 under -short), a value indexing line of 3 to
// 5 cells on values from 0 and from 1.
func TestGlobalAutomata(t *testing.T) {
	classes := func(ds []int, class func(d int) int) bool {
		seen := 0
		for _, d := range ds {
			seen |= 1 << class(d)
		}
		return seen == 7
	}
	entropy := func(d int) int { return (d - 1) / 3 }
	mod := func(d int) int { return (d - 1) % 3 }
	for _, tc := range []struct {
		name  string
		class func(d int) int
	}{{"entropy", entropy}, {"mod", mod}} {
		a := thirds(tc.class)
		sequences(9, 4, func(ds []int) {
			if got, want := accepts(a, ds), classes(ds, tc.class); got != want {
				t.Fatalf("%s %v: accepted %v, want %v", tc.name, ds, got, want)
			}
		})
	}
	top := 9
	if testing.Short() {
		top = 6
	}
	for v := 4; v <= top; v++ {
		a, mid := flatmates(v), (v+1)/2
		for k := 4; k <= 5; k++ {
			sequences(v, k, func(ds []int) {
				want := true
				for i, d := range ds {
					if d == mid && !(i > 0 && ds[i-1] == 1 || i+1 < len(ds) && ds[i+1] == v) {
						want = false
					}
				}
				if got := accepts(a, ds); got != want {
					t.Fatalf("flatmates of %d values %v: accepted %v, want %v", v, ds, got, want)
				}
			})
		}
	}
	for _, off := range []int{-1, 0} {
		for k := 1; k <= 3; k++ {
			a := indexing(5, k, off)
			sequences(5, k+2, func(ds []int) {
				x := ds[1] + off // the control cell's value
				want := x >= 1 && x <= k && ds[1+x] == ds[0]
				if got := accepts(a, ds); got != want {
					t.Fatalf("indexing of %d cells, offset %d, %v: accepted %v, want %v", k, off, ds, got, want)
				}
			})
		}
	}
}

// TestGlobalRulesCount reads ValueIndexing on random 4×4 ISS puzzles
// (values 1 to 4, and 0 to 3) and checks
// the number of solutions against brute force over the 288 solved grids,
// each rule evaluated as ISS states it: the validator's counter and gini
// must both find exactly that many.
func TestGlobalRulesCount(t *testing.T) {
	grids := sudokus4(4)
	s := satsolve.New(satsolve.Options{})
	rng := rand.New(rand.NewPCG(31, 9))
	trials := 120
	if testing.Short() {
		trials = 40
	}
	for trial := range trials {
		lo := trial % 2
		text := fmt.Sprintf(".Shape~4x4~%d-%d", lo, lo+3)
		var rules []func(v []int) bool
		for range 1 + rng.IntN(2) {
			cs := rng.Perm(16)[:3+rng.IntN(3)]
			var names []string
			for _, i := range cs {
				names = append(names, cellName(i/4, i%4))
			}
			text += ".ValueIndexing~" + strings.Join(names, "~")
			rules = append(rules, func(v []int) bool {
				x := v[cs[1]]
				return x >= 1 && x <= len(cs)-2 && v[cs[1+x]] == v[cs[0]]
			})
		}
		if rng.IntN(2) == 0 {
			i, x := rng.IntN(16), lo+rng.IntN(4)
			text += fmt.Sprintf(".~%s_%d", cellName(i/4, i%4), x)
			rules = append(rules, func(v []int) bool { return v[i] == x })
		}
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		want := 0
		for _, g := range grids {
			v := make([]int, 16)
			for i, d := range g {
				v[i] = d - 1 + lo
			}
			ok := true
			for _, r := range rules {
				ok = ok && r(v)
			}
			if ok {
				want++
			}
		}
		if !countsAgree(t, s, text, p.Grid, want, 300) {
			t.FailNow()
		}
	}
	for _, s := range []string{".Shape~4x4~0-3.DutchFlatmates", ".Shape~4x4.DutchFlatmates", ".Shape~9x9~0-8.DutchFlatmates"} {
		// ISS reads it on the values 1 to 9 alone (its VALIDATE_SHAPE_FN).
		if _, err := Read(s); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid as ISS refuses it", s, err)
		}
	}
	for _, s := range []string{".Shape~6x6.GlobalEntropy", ".Shape~9x9~0-8.GlobalEntropy", ".Shape~6x6.GlobalMod"} {
		if _, err := Read(s); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid as ISS refuses it", s, err)
		}
	}
}

// TestGlobalSquaresGrid solves the empty 9×9 grid under GlobalEntropy and
// under GlobalMod and checks every 2×2 square of the solution by the
// rule's words.
func TestGlobalSquaresGrid(t *testing.T) {
	s := satsolve.New(satsolve.Options{})
	for _, tc := range []struct {
		typ   string
		class func(d int) int
	}{{"GlobalEntropy", func(d int) int { return (d - 1) / 3 }}, {"GlobalMod", func(d int) int { return (d - 1) % 3 }}} {
		p, err := Read("." + tc.typ)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := s.Solve(t.Context(), p.Grid)
		if err != nil {
			t.Fatalf("%s: %v", tc.typ, err)
		}
		g := sol.Solution
		for r := range 8 {
			for c := range 8 {
				seen := 0
				for _, i := range []int{r*9 + c, r*9 + c + 1, r*9 + c + 9, r*9 + c + 10} {
					seen |= 1 << tc.class(g.Cell(i))
				}
				if seen != 7 {
					t.Fatalf("%s: the square at r%dc%d of %v misses a class", tc.typ, r+1, c+1, g)
				}
			}
		}
	}
}
