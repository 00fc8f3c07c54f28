package iss

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/satsolve"
)

// rawRule is a rule of a random raw puzzle: its ISS text and its meaning
// on the values of every cell (the grid's 16, then the var cells), as ISS
// states it.
type rawRule struct {
	text  string
	holds func(vals []int) bool
}

// rawName writes cell i of an n×n puzzle with var cells VX1… after the
// grid's.
func rawName(n, i int) string {
	if i >= n*n {
		return "VX" + strconv.Itoa(i-n*n+1)
	}
	return cellName(i/n, i%n)
}

// randomRawRule returns an ISS rule on some of the cells of an n×n board
// and its var cells, nc cells in all, holding the values lo..lo+nv−1.
func randomRawRule(rng *rand.Rand, n, nc, lo, nv int, hidden []int) rawRule {
	cells := rng.Perm(nc)[:min(nc, 2+rng.IntN(3))]
	var ids []string
	for _, i := range cells {
		ids = append(ids, rawName(n, i))
	}
	list := strings.Join(ids, "~")
	of := func(vals []int) []int {
		var out []int
		for _, i := range cells {
			out = append(out, vals[i])
		}
		return out
	}
	sum := func(xs []int) int {
		t := 0
		for _, x := range xs {
			t += x
		}
		return t
	}
	distinct := func(xs []int) bool {
		s := slices.Clone(xs)
		slices.Sort(s)
		return len(slices.Compact(s)) == len(xs)
	}
	off := 0
	if rng.IntN(5) == 0 {
		off = 1 - 2*rng.IntN(2) // a total or a count that hidden misses
	}
	switch rng.IntN(7) {
	case 0:
		return rawRule{".AllDifferent~" + list, func(v []int) bool { return distinct(of(v)) }}
	case 1:
		// ISS's Cage: distinct values adding up to the sum (0 is no sum).
		total := sum(of(hidden)) + off
		if total == 0 {
			total = 1
		}
		return rawRule{fmt.Sprintf(".Cage~%d~%s", total, list), func(v []int) bool {
			return distinct(of(v)) && sum(of(v)) == total
		}}
	case 2:
		// A weighted sum without weights: values may repeat.
		total := sum(of(hidden)) + off
		return rawRule{fmt.Sprintf(".Sum~%d~%s", total, list), func(v []int) bool { return sum(of(v)) == total }}
	case 3:
		return rawRule{".Thermo~" + list, func(v []int) bool {
			xs := of(v)
			for k := 1; k < len(xs); k++ {
				if xs[k] <= xs[k-1] {
					return false
				}
			}
			return true
		}}
	case 4:
		if n < 2 {
			break
		}
		// A white dot between neighbours.
		a := rng.IntN(n * (n - 1))
		b := a + n
		if rng.IntN(2) == 0 {
			a = a/(n-1)*n + a%(n-1)
			b = a + 1
		}
		return rawRule{".WhiteDot~" + rawName(n, a) + "~" + rawName(n, b), func(v []int) bool {
			return v[a]-v[b] == 1 || v[b]-v[a] == 1
		}}
	case 5:
		// German whispers of difference 2 or more.
		return rawRule{".Whisper~2~" + list, func(v []int) bool {
			xs := of(v)
			for k := 1; k < len(xs); k++ {
				if xs[k]-xs[k-1] < 2 && xs[k-1]-xs[k] < 2 {
					return false
				}
			}
			return true
		}}
	}
	// ContainExact: the values of some of the cells, one maybe changed.
	want := of(hidden)[:1+rng.IntN(len(cells))]
	if off != 0 {
		want[0] = lo + (want[0]-lo+1)%nv
	}
	var vs []string
	for _, x := range want {
		vs = append(vs, strconv.Itoa(x))
	}
	// Each listed value is among the cells exactly as many times as it
	// is listed (ISS: "contained exactly as many times as is repeated").
	count := func(xs []int, x int) int {
		k := 0
		for _, y := range xs {
			if y == x {
				k++
			}
		}
		return k
	}
	return rawRule{".ContainExact~" + strings.Join(vs, "_") + "~" + list, func(v []int) bool {
		have := of(v)
		for _, x := range want {
			if count(have, x) != count(want, x) {
				return false
			}
		}
		return true
	}}
}

// TestRawMeaning reads random ISS puzzles on a Raw 4×4 grid (no rows,
// columns or boxes) of 2, 3 or 5 values, from 0 or from 1, some with two
// var cells, of all-different groups, cages, sums, thermometers, white
// dots, whispers, ContainExact and givens, and checks the number of solutions
// against brute force over every assignment of values to the cells no
// given fixes, each rule evaluated on the values as ISS states it: the
// validator's counter and gini, in the Extended and the Minimal encodings,
// must all find exactly that many, and the one solution of a unique
// puzzle must print as its values.
func TestRawMeaning(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 14))
	s := satsolve.New(satsolve.Options{})
	minimal := satsolve.New(satsolve.Options{Encoding: encode.Minimal})
	trials := 240
	if testing.Short() {
		trials = 90
	}
	outcomes := map[string]int{}
	for trial := range trials {
		nv := []int{2, 3, 5}[trial%3]
		lo := trial / 3 % 2                        // values 0.. or 1..
		most := map[int]int{2: 14, 3: 9, 5: 6}[nv] // so that brute force stays small
		free := 2 + rng.IntN(most-1)
		vars := 2 * (trial / 6 % 2)
		nc := 16 + vars
		hidden := make([]int, nc)
		for i := range hidden {
			hidden[i] = lo + rng.IntN(nv)
		}
		text := fmt.Sprintf(".Shape~4x4~%d-%d~Raw", lo, lo+nv-1)
		if lo == 1 && rng.IntN(2) == 0 {
			text = fmt.Sprintf(".Shape~4x4~%d~Raw", nv)
		}
		if vars > 0 {
			text += ".Var~X~~" + strconv.Itoa(vars)
		}
		// Givens on every grid cell but free−vars of them (var cells stay
		// free).
		given := rng.Perm(16)[:16-(free-vars)]
		var gs []string
		for _, i := range given {
			gs = append(gs, rawName(4, i)+"_"+strconv.Itoa(hidden[i]))
		}
		text += ".~" + strings.Join(gs, "~")
		// Brute force: every value of every cell not given.
		var open []int
		for i := range nc {
			if !slices.Contains(given, i) {
				open = append(open, i)
			}
		}
		var rules []rawRule
		brute := func() (int, []int) {
			vals := slices.Clone(hidden)
			count := 0
			var last []int
			var fill func(k int)
			fill = func(k int) {
				if k == len(open) {
					for _, r := range rules {
						if !r.holds(vals) {
							return
						}
					}
					count++
					last = slices.Clone(vals)
					return
				}
				for v := lo; v < lo+nv; v++ {
					vals[open[k]] = v
					fill(k + 1)
				}
			}
			fill(0)
			return count, last
		}
		// A few rules; on every other trial, rules that hidden satisfies
		// until it is the only solution (or 16 rules).
		seek := trial%2 == 0
		want, last := 0, []int(nil)
		for k := 0; k < 2+rng.IntN(6) || seek && want > 1 && k < 16; k++ {
			r := randomRawRule(rng, 4, nc, lo, nv, hidden)
			for try := 0; try < 20 && (seek || rng.IntN(8) > 0) && !r.holds(hidden); try++ {
				r = randomRawRule(rng, 4, nc, lo, nv, hidden)
			}
			rules, text = append(rules, r), text+r.text
			want, last = brute()
		}
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		r := p.Grid.Rules()
		if !r.Raw() || r.Values() != nv || r.ValueOffset() != lo-1 || r.VarCells() != vars {
			t.Fatalf("%s: raw %v, %d values from %d, %d var cells", text, r.Raw(), r.Values(), r.ValueOf(1), r.VarCells())
		}
		if !countsAgree(t, s, text, p.Grid, want, 200) {
			t.FailNow()
		}
		if res, err := minimal.Count(context.Background(), p.Grid, 200); err != nil || res.Count != min(want, 200) {
			t.Fatalf("%s: gini in the Minimal encoding counts %d solutions (%v), brute force %d", text, res.Count, err, want)
		}
		switch {
		case want == 0:
			outcomes["none"]++
		case want > 1:
			outcomes["multiple"]++
		default:
			outcomes["unique"]++
			solvesAs(t, s, text, p.Grid, last[:16]) // the grid's cells: var cells do not print
		}
	}
	if outcomes["none"] == 0 || outcomes["unique"] == 0 || outcomes["multiple"] == 0 {
		t.Errorf("outcomes %v: the test checks too little", outcomes)
	}
	t.Logf("outcomes %v", outcomes)
}

// TestSmallSquares reads random ISS puzzles on grids smaller than 4×4
// (1×1, 2×2, 3×3), Sudoku grids (rows and columns of distinct values, and
// the one box of the whole grid when it holds N² values, as ISS cuts
// boxes) and Raw grids, of N to N+2 values or N², some with var cells,
// and checks their number of solutions against brute force over every
// assignment, each rule as ISS states it, as TestRawMeaning does.
func TestSmallSquares(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 15))
	s := satsolve.New(satsolve.Options{})
	trials := 150
	if testing.Short() {
		trials = 60
	}
	outcomes := map[string]int{}
	for trial := range trials {
		n := 1 + trial%3
		raw := trial/3%3 == 0
		nv := n + rng.IntN(3)
		if trial/9%4 == 0 && n > 1 {
			nv = n * n
		}
		lo := rng.IntN(2)
		vars := 2 * rng.IntN(2) // two or none (a group of one is "VX", not "VX1")
		if pow(nv, vars) > 20000 {
			vars = 0
		}
		nc := n*n + vars
		kind := ""
		if raw {
			kind = "~Raw"
		}
		text := fmt.Sprintf(".Shape~%dx%d~%d-%d%s", n, n, lo, lo+nv-1, kind)
		if vars > 0 {
			text += ".Var~X~~" + strconv.Itoa(vars)
		}
		hidden := make([]int, nc)
		for i := range hidden {
			hidden[i] = lo + rng.IntN(nv)
		}
		// Givens until brute force is small.
		var given []int
		for _, i := range rng.Perm(n * n) {
			if pow(nv, nc-len(given)) <= 20000 {
				break
			}
			given = append(given, i)
			text += ".~" + rawName(n, i) + "_" + strconv.Itoa(hidden[i])
		}
		var rules []rawRule
		for range rng.IntN(4) {
			r := randomRawRule(rng, n, nc, lo, nv, hidden)
			rules, text = append(rules, r), text+r.text
		}
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if r := p.Grid.Rules(); !r.Raw() || r.N() != n || r.Values() != nv || r.VarCells() != vars {
			t.Fatalf("%s: raw %v, %d×%d of %d values, %d var cells", text, r.Raw(), r.N(), r.N(), r.Values(), r.VarCells())
		}
		house := func(vals []int, cells []int) bool {
			seen := map[int]bool{}
			for _, i := range cells {
				if seen[vals[i]] {
					return false
				}
				seen[vals[i]] = true
			}
			return true
		}
		want := 0
		vals := slices.Clone(hidden)
		var fill func(i int)
		fill = func(i int) {
			if i == nc {
				for _, r := range rules {
					if !r.holds(vals) {
						return
					}
				}
				if !raw {
					all := make([]int, 0, n*n)
					for k := range n {
						row, col := make([]int, n), make([]int, n)
						for j := range n {
							row[j], col[j] = k*n+j, j*n+k
						}
						if !house(vals, row) || !house(vals, col) {
							return
						}
						all = append(all, row...)
					}
					if nv == n*n && n > 1 && !house(vals, all) {
						return
					}
				}
				want++
				return
			}
			if slices.Contains(given, i) {
				fill(i + 1)
				return
			}
			for v := lo; v < lo+nv; v++ {
				vals[i] = v
				fill(i + 1)
			}
		}
		fill(0)
		if !countsAgree(t, s, text, p.Grid, want, 100) {
			t.FailNow()
		}
		outcomes[fmt.Sprint(min(want, 2))]++
	}
	if outcomes["0"] == 0 || outcomes["1"] == 0 || outcomes["2"] == 0 {
		t.Errorf("outcomes (0, 1, 2 or more solutions) %v: the test checks too little", outcomes)
	}
	t.Logf("outcomes (0, 1, 2 or more solutions) %v", outcomes)
}

// pow returns a to the power b, capped above 1<<40.
func pow(a, b int) int {
	p := 1
	for range b {
		if p *= a; p > 1<<40 {
			return p
		}
	}
	return p
}
