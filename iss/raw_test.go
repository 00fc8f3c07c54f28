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

// neighbours returns the pairs of orthogonal neighbours of a grid of rows
// and cols on a board of side n.
func neighbours(n, rows, cols int) [][2]int {
	var out [][2]int
	for r := range rows {
		for c := range cols {
			if c+1 < cols {
				out = append(out, [2]int{r*n + c, r*n + c + 1})
			}
			if r+1 < rows {
				out = append(out, [2]int{r*n + c, (r+1)*n + c})
			}
		}
	}
	return out
}

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

// randomRawRule returns an ISS rule on some of the cells of a board of
// side n: of usable (the grid's cells and var cells), its dots between
// two cells of pairs (neighbours), the cells holding lo..lo+nv−1.
func randomRawRule(rng *rand.Rand, n int, usable []int, pairs [][2]int, lo, nv int, hidden []int) rawRule {
	var cells []int
	for _, k := range rng.Perm(len(usable))[:min(len(usable), 2+rng.IntN(3))] {
		cells = append(cells, usable[k])
	}
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
		if len(pairs) == 0 {
			break
		}
		// A white dot between neighbours.
		pair := pairs[rng.IntN(len(pairs))]
		a, b := pair[0], pair[1]
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
		usable := make([]int, nc)
		for i := range usable {
			usable[i] = i
		}
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
			r := randomRawRule(rng, 4, usable, neighbours(4, 4, 4), lo, nv, hidden)
			for try := 0; try < 20 && (seek || rng.IntN(8) > 0) && !r.holds(hidden); try++ {
				r = randomRawRule(rng, 4, usable, neighbours(4, 4, 4), lo, nv, hidden)
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

// TestSmallAndOblong reads random ISS puzzles on grids smaller than 4×4
// (1×1, 2×2, 3×3) and on grids that are not square (1×3, 2×3, 3×2, 2×4,
// 4×2, 3×4: windows on a raw board), Sudoku grids (rows and columns of
// distinct values, and ISS's boxes: the whole grid when it holds R·C
// values, two 2×2 boxes on a 2×4 or 4×2 of four values, two 3×2 boxes on
// a 3×4 of six) and Raw grids, of max(R, C) values and a few more, some
// with var cells, and checks their number of solutions against brute
// force over every assignment of the grid's cells, each rule as ISS
// states it, as TestRawMeaning does; a unique one must print its R×C
// values.
func TestSmallAndOblong(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 15))
	s := satsolve.New(satsolve.Options{})
	trials := 270
	if testing.Short() {
		trials = 90
	}
	shapes := [][2]int{{1, 1}, {2, 2}, {3, 3}, {1, 3}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 4}}
	// boxes are ISS's boxes of the grids that have some, by shape and
	// values, as cells of the window (row-major r·C + c).
	boxes := map[[3]int][][]int{
		{2, 4, 4}: {{0, 1, 4, 5}, {2, 3, 6, 7}},
		{4, 2, 4}: {{0, 1, 2, 3}, {4, 5, 6, 7}},
		{3, 4, 6}: {{0, 1, 4, 5, 8, 9}, {2, 3, 6, 7, 10, 11}},
	}
	outcomes := map[string]int{}
	for trial := range trials {
		rows, cols := shapes[trial%len(shapes)][0], shapes[trial%len(shapes)][1]
		n := max(rows, cols)
		raw := trial/len(shapes)%3 == 0
		nv := n + rng.IntN(3)
		switch k := trial / len(shapes) % 4; {
		case k == 1 && rows > 1 && cols > 1:
			nv = rows * cols
		case k == 2 && rows*cols == 8 || k == 2 && rows*cols == 12:
			nv = rows * cols / 2
		}
		lo := rng.IntN(2)
		vars := 2 * rng.IntN(2) // two or none (a group of one is "VX", not "VX1")
		if pow(nv, vars) > 20000 {
			vars = 0
		}
		kind := ""
		if raw {
			kind = "~Raw"
		}
		text := fmt.Sprintf(".Shape~%dx%d~%d-%d%s", rows, cols, lo, lo+nv-1, kind)
		if vars > 0 {
			text += ".Var~X~~" + strconv.Itoa(vars)
		}
		// The grid's cells (r·N + c on the board), then the var cells.
		var usable []int
		for r := range rows {
			for c := range cols {
				usable = append(usable, r*n+c)
			}
		}
		for k := range vars {
			usable = append(usable, n*n+k)
		}
		hidden := make([]int, n*n+vars)
		for _, i := range usable {
			hidden[i] = lo + rng.IntN(nv)
		}
		// Givens until brute force is small.
		var given []int
		for _, k := range rng.Perm(rows * cols) {
			if pow(nv, len(usable)-len(given)) <= 20000 {
				break
			}
			i := usable[k]
			given = append(given, i)
			text += ".~" + rawName(n, i) + "_" + strconv.Itoa(hidden[i])
		}
		var rules []rawRule
		for range rng.IntN(4) {
			r := randomRawRule(rng, n, usable, neighbours(n, rows, cols), lo, nv, hidden)
			rules, text = append(rules, r), text+r.text
		}
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		r := p.Grid.Rules()
		if gr, gc := r.Window(); !r.Raw() || r.N() != n || gr != rows || gc != cols || r.Values() != nv || r.VarCells() != vars {
			t.Fatalf("%s: raw %v, %d×%d in %d×%d, %d values, %d var cells", text, r.Raw(), gr, gc, r.N(), r.N(), r.Values(), r.VarCells())
		}
		distinct := func(vals []int, cells []int) bool {
			seen := map[int]bool{}
			for _, i := range cells {
				if seen[vals[i]] {
					return false
				}
				seen[vals[i]] = true
			}
			return true
		}
		// The houses of a Sudoku grid, as cells of the board.
		var houses [][]int
		if !raw {
			for r := range rows {
				houses = append(houses, usable[r*cols:(r+1)*cols])
			}
			for c := range cols {
				var col []int
				for r := range rows {
					col = append(col, r*n+c)
				}
				houses = append(houses, col)
			}
			if nv == rows*cols && rows > 1 && cols > 1 {
				houses = append(houses, usable[:rows*cols])
			}
			for _, box := range boxes[[3]int{rows, cols, nv}] {
				var cells []int
				for _, k := range box {
					cells = append(cells, usable[k])
				}
				houses = append(houses, cells)
			}
		}
		want := 0
		var last []int
		vals := slices.Clone(hidden)
		var fill func(k int)
		fill = func(k int) {
			if k == len(usable) {
				for _, r := range rules {
					if !r.holds(vals) {
						return
					}
				}
				for _, h := range houses {
					if !distinct(vals, h) {
						return
					}
				}
				want++
				last = slices.Clone(vals)
				return
			}
			if i := usable[k]; !slices.Contains(given, i) {
				for v := lo; v < lo+nv; v++ {
					vals[i] = v
					fill(k + 1)
				}
				return
			}
			fill(k + 1)
		}
		fill(0)
		if !countsAgree(t, s, text, p.Grid, want, 100) {
			t.FailNow()
		}
		if want == 1 {
			var grid []int
			for _, i := range usable[:rows*cols] {
				grid = append(grid, last[i])
			}
			solvesAs(t, s, text, p.Grid, grid)
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
