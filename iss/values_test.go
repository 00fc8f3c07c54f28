package iss

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// sudokus4 returns every solved 4×4 Sudoku (2×2 boxes) of the digits
// 1..v: rows, columns and boxes of distinct digits (v = 4: the 288
// classic grids).
func sudokus4(v int) [][]int { return squares4(v, true) }

// squares4 returns every 4×4 grid of the digits 1..v whose rows and
// columns (and 2×2 boxes, with boxes) hold distinct digits.
func squares4(v int, boxes bool) [][]int {
	var out [][]int
	g := make([]int, 16)
	var fill func(i int)
	fill = func(i int) {
		if i == 16 {
			out = append(out, slices.Clone(g))
			return
		}
		r, c := i/4, i%4
		for d := 1; d <= v; d++ {
			ok := true
			for j := range i {
				rj, cj := j/4, j%4
				if g[j] == d && (rj == r || cj == c || boxes && rj/2 == r/2 && cj/2 == c/2) {
					ok = false
					break
				}
			}
			if ok {
				g[i] = d
				fill(i + 1)
			}
		}
	}
	fill(0)
	return out
}

// valueRule is one ISS constraint of a random puzzle and its meaning,
// stated on the grid's values.
type valueRule struct {
	text  string
	holds func(v []int) bool
}

// randomValueRule returns a random constraint on a 4×4 board whose nv
// values start at lo (0 or 1).
func randomValueRule(rng *rand.Rand, lo, nv int) valueRule {
	cell := func() int { return rng.IntN(16) }
	name := func(i int) string { return cellName(i/4, i%4) }
	neighbour := func(i int) int {
		for {
			switch rng.IntN(4) {
			case 0:
				if i%4 < 3 {
					return i + 1
				}
			case 1:
				if i%4 > 0 {
					return i - 1
				}
			case 2:
				if i >= 4 {
					return i - 4
				}
			default:
				if i < 12 {
					return i + 4
				}
			}
		}
	}
	distinct := func(k int) []int {
		return rng.Perm(16)[:k]
	}
	names := func(cs []int) string {
		var s []string
		for _, i := range cs {
			s = append(s, name(i))
		}
		return strings.Join(s, "~")
	}
	switch rng.IntN(7) {
	case 0: // a killer cage
		cs := distinct(2 + rng.IntN(2))
		sum := 0
		for range cs {
			sum += lo + rng.IntN(nv)
		}
		if sum == 0 {
			sum = 1 // 0 is no sum
		}
		return valueRule{fmt.Sprintf(".Cage~%d~%s", sum, names(cs)), func(v []int) bool {
			s, seen := 0, map[int]bool{}
			for _, i := range cs {
				if seen[v[i]] {
					return false
				}
				seen[v[i]] = true
				s += v[i]
			}
			return s == sum
		}}
	case 1: // an arrow
		cs := distinct(2 + rng.IntN(2))
		return valueRule{".Arrow~" + names(cs), func(v []int) bool {
			s := 0
			for _, i := range cs[1:] {
				s += v[i]
			}
			return v[cs[0]] == s
		}}
	case 2: // a V
		i := cell()
		j := neighbour(i)
		return valueRule{fmt.Sprintf(".V~%s~%s", name(i), name(j)), func(v []int) bool { return v[i]+v[j] == 5 }}
	case 3: // a white dot
		i := cell()
		j := neighbour(i)
		return valueRule{fmt.Sprintf(".WhiteDot~%s~%s", name(i), name(j)), func(v []int) bool { return max(v[i]-v[j], v[j]-v[i]) == 1 }}
	case 4: // a thermometer of three cells
		i := cell()
		j := neighbour(i)
		k := neighbour(j)
		if k == i {
			return valueRule{fmt.Sprintf(".Thermo~%s~%s", name(i), name(j)), func(v []int) bool { return v[i] < v[j] }}
		}
		return valueRule{fmt.Sprintf(".Thermo~%s~%s~%s", name(i), name(j), name(k)), func(v []int) bool { return v[i] < v[j] && v[j] < v[k] }}
	case 5: // a quadruple of two values
		tl := rng.IntN(3)*4 + rng.IntN(3)
		a, b := lo+rng.IntN(nv), lo+rng.IntN(nv)
		sq := []int{tl, tl + 1, tl + 4, tl + 5}
		return valueRule{fmt.Sprintf(".Quad~%s~%d~%d", name(tl), a, b), func(v []int) bool {
			n := 0
			for _, i := range sq {
				if v[i] == a || v[i] == b {
					n++
				}
			}
			has := func(x int) int {
				k := 0
				for _, i := range sq {
					if v[i] == x {
						k++
					}
				}
				return k
			}
			if a == b {
				return has(a) >= 2
			}
			return has(a) >= 1 && has(b) >= 1
		}}
	}
	i, x := cell(), lo+rng.IntN(nv)
	return valueRule{fmt.Sprintf(".~%s_%d", name(i), x), func(v []int) bool { return v[i] == x }}
}

// bruteValues counts the grids (of digits 1..v) that keep every rule,
// each read as the values from lo, and returns the last of them as values.
func bruteValues(grids [][]int, lo int, rules []valueRule) (int, []int) {
	want, last := 0, []int(nil)
	for _, g := range grids {
		v := make([]int, len(g))
		for i, d := range g {
			v[i] = d - 1 + lo
		}
		ok := true
		for _, r := range rules {
			ok = ok && r.holds(v)
		}
		if ok {
			want++
			last = v
		}
	}
	return want, last
}

// countsAgree reports whether the validator's counter and gini, both up to
// limit, count the solutions of g that brute force counted (want), and
// says which does not otherwise.
func countsAgree(t *testing.T, s *satsolve.Solver, what string, g *satdoku.Grid, want, limit int) bool {
	t.Helper()
	ok := true
	if got, _ := verify.Count(g, limit); got != min(want, limit) {
		t.Errorf("%s: the validator's counter finds %d solutions, brute force %d", what, got, want)
		ok = false
	}
	res, err := s.Count(context.Background(), g, limit)
	if err != nil || res.Count != min(want, limit) {
		t.Errorf("%s: gini counts %d solutions (%v), brute force %d", what, res.Count, err, want)
		ok = false
	}
	return ok
}

// solvesAs checks the one solution of puzzle g (text) that gini finds: it
// passes the validator and prints as values, one a cell.
func solvesAs(t *testing.T, s *satsolve.Solver, text string, g *satdoku.Grid, values []int) {
	t.Helper()
	sol, err := s.Solve(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if err := verify.Solution(g, sol.Solution); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	var line strings.Builder
	for _, x := range values {
		fmt.Fprint(&line, x)
	}
	if got := sol.Solution.String(); got != line.String() {
		t.Fatalf("%s: solution %s, want the values %s", text, got, line.String())
	}
}

// TestValueRangeMeaning reads random 4×4 ISS puzzles whose values are 0
// to 3 (".Shape~4x4~0-3"), 1 to 4, 1 to 5 (".Shape~4x4~5": five values on
// a 4×4 grid, no unit holding them all) or 0 to 4, of cages, arrows, V
// marks, white dots, thermometers, quadruples and givens, and checks the
// number of solutions against brute force over every solved grid, each
// rule evaluated on the values as ISS states it: the validator's counter
// and gini must both find exactly that many, and the one solution of a
// unique puzzle must print as its values.
func TestValueRangeMeaning(t *testing.T) {
	grids := map[int][][]int{4: sudokus4(4), 5: sudokus4(5)}
	if len(grids[4]) != 288 {
		t.Fatalf("%d solved 4×4 grids, want 288", len(grids[4]))
	}
	rng := rand.New(rand.NewPCG(31, 3))
	s := satsolve.New(satsolve.Options{})
	uniques := map[int]int{}
	trials := 400
	if testing.Short() {
		trials = 160
	}
	for trial := range trials {
		lo, nv := trial%2, 4+trial/2%2 // values 0..3, 1..4, 0..4, 1..5
		shape := fmt.Sprintf(".Shape~4x4~%d-%d", lo, lo+nv-1)
		if lo == 1 && nv == 5 {
			shape = ".Shape~4x4~5"
		}
		var rules []valueRule
		text := shape
		k := 1 + rng.IntN(4) // few rules on 288 grids, more on the many of 5 values
		if nv == 5 {
			k = 4 + rng.IntN(6)
		}
		for range k {
			r := randomValueRule(rng, lo, nv)
			rules, text = append(rules, r), text+r.text
		}
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if p.Grid.Rules().Values() != nv {
			t.Fatalf("%s: %d values, want %d", text, p.Grid.Rules().Values(), nv)
		}
		want, last := bruteValues(grids[nv], lo, rules)
		if !countsAgree(t, s, text, p.Grid, want, 200) {
			t.FailNow()
		}
		if want == 1 {
			uniques[nv]++
			solvesAs(t, s, text, p.Grid, last)
		}
	}
	if uniques[4] == 0 || uniques[5] == 0 {
		t.Errorf("unique puzzles by number of values: %v; the test checks too little", uniques)
	}
}

// TestValueRangeRefused checks that the clues whose meaning satdoku does
// not carry over to values other than 1 to N are refused by name on such
// boards, and read on the classic one.
func TestValueRangeRefused(t *testing.T) {
	for _, item := range []string{".Sandwich~5~R1", ".NumberedRoom~R1~3~", ".Entropic~R1C1~R1C2"} {
		_, err := Read(".Shape~9x9~0-8" + item)
		if err == nil || !strings.Contains(err.Error(), "0 to 8") {
			t.Errorf("%s on 0-8: %v, want a refusal naming the values", item, err)
		}
		if _, err := Read(".Shape~9x9~1-9" + item); err != nil {
			t.Errorf("%s on 1-9: %v", item, err)
		}
	}
	p, err := Read(".Shape~9x9~0-8.~R1C1_0~R9C9_8")
	if err != nil {
		t.Fatal(err)
	}
	if p.Grid.Cell(0) != 1 || p.Grid.Cell(80) != 9 || p.Grid.Rules().ValueOf(1) != 0 {
		t.Errorf("givens 0 and 8 read as digits %d and %d", p.Grid.Cell(0), p.Grid.Cell(80))
	}
	if got := p.Grid.String(); got != "0"+strings.Repeat(".", 79)+"8" {
		t.Errorf("printed %s", got)
	}
	if !satdoku.IsSide(p.Grid.N()) {
		t.Error("not a 9×9 board")
	}
}

// TestRegionSize checks ISS's boxes of a RegionSize other than the side:
// 3×3 boxes on a 6×6 grid of 9 values, 2×2 boxes on an 8×8 grid, none
// with NoBoxes or when no box of that size tiles the grid.
func TestRegionSize(t *testing.T) {
	for _, tc := range []struct {
		text        string
		boxes, size int
	}{
		{".Shape~6x6~9.RegionSize~9", 4, 9},
		{".Shape~8x8~0-9.RegionSize~4", 16, 4},
		{".Shape~6x6~9.RegionSize~9.NoBoxes", 0, 0},
		{".Shape~6x6~7.RegionSize~7", 0, 0},
		{".Shape~6x6.RegionSize~6", 6, 6},
	} {
		p, err := Read(tc.text)
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		r := p.Grid.Rules()
		boxes := 0
		for _, u := range r.Units() {
			if u.Kind == satdoku.Box || u.Kind == satdoku.Extra {
				boxes++
				if len(u.Cells) != tc.size {
					t.Errorf("%s: %v has %d cells", tc.text, u, len(u.Cells))
				}
				h := u.Cells[len(u.Cells)-1]/r.N() - u.Cells[0]/r.N() + 1
				if w := u.Cells[len(u.Cells)-1]%r.N() - u.Cells[0]%r.N() + 1; h*w != tc.size {
					t.Errorf("%s: %v spans %d×%d cells", tc.text, u, h, w)
				}
			}
		}
		if boxes != tc.boxes {
			t.Errorf("%s: %d boxes, want %d", tc.text, boxes, tc.boxes)
		}
	}
	if _, err := Read(".Shape~6x6~9.RegionSize~9.Jigsaw~111222111222333444333444555666555666"); !errors.Is(err, ErrUnsupported) {
		t.Errorf("a jigsaw beside sized boxes: %v, want ErrUnsupported", err)
	}
}

// equalSums reports whether the groups of cells segs of grid g have equal
// sums.
func equalSums(g []int, segs [][]int) bool {
	sum := func(seg []int) int {
		t := 0
		for _, i := range seg {
			t += g[i]
		}
		return t
	}
	for _, seg := range segs[1:] {
		if sum(seg) != sum(segs[0]) {
			return false
		}
	}
	return true
}

// TestRegionSizeLines reads random 6×6 ISS puzzles with the boxes of a
// RegionSize other than the side (2×2 boxes of 4 cells on the values 1–6,
// 3×3 boxes of 9 on the values 1–9) and region sum lines, windoku and
// disjoint sets on them, most cells given from a solution, and checks the
// number of solutions against brute force over the cells left: each line
// cut where it passes from one box to another (a box told by its row and
// column of boxes), its segments of equal sums; windoku's one window (the
// box's shape, at row and column 2 as ISS places it: one cell from the
// edge); disjoint sets as the cells at one place in every box.
func TestRegionSizeLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 13))
	s := satsolve.New(satsolve.Options{})
	trials, some := 30, 0
	if testing.Short() {
		trials = 6
	}
	const n = 6
	for trial := range trials {
		size, v, h := 4, 6, 2 // boxes of h×h cells
		if trial%3 == 2 {
			size, v, h = 9, 9, 3
		}
		box := func(i int) int { return i/n/h*(n/h) + i%n/h }
		windoku, disjoint := rng.IntN(3) == 0, size == 9 && rng.IntN(2) == 0
		distinct := func(g []int, i, j int) bool { // i and j may hold the same value
			ri, ci, rj, cj := i/n, i%n, j/n, j%n
			win := func(r, c int) bool { return r >= 1 && r <= h && c >= 1 && c <= h }
			return ri == rj || ci == cj || box(i) == box(j) || windoku && win(ri, ci) && win(rj, cj) ||
				disjoint && (ri%h == rj%h && ci%h == cj%h)
		}
		// A random solution, by backtracking.
		g := make([]int, n*n)
		var fill func(i int) bool
		fill = func(i int) bool {
			if i == n*n {
				return true
			}
			for _, d := range rng.Perm(v) {
				ok := true
				for j := range i {
					ok = ok && !(g[j] == d+1 && distinct(g, i, j))
				}
				if ok {
					g[i] = d + 1
					if fill(i + 1) {
						return true
					}
				}
			}
			g[i] = 0
			return false
		}
		if !fill(0) {
			t.Fatal("no solution to start from")
		}
		text := fmt.Sprintf(".Shape~6x6~%d.RegionSize~%d", v, size)
		if windoku {
			text += ".Windoku"
		}
		if disjoint {
			text += ".DisjointSets"
		}
		var lines [][][]int // each line's segments
		for range 4 + rng.IntN(12) {
			// A walk of king's moves.
			l := []int{rng.IntN(n * n)}
			for range 1 + rng.IntN(5) {
				last := l[len(l)-1]
				r, c := last/n+rng.IntN(3)-1, last%n+rng.IntN(3)-1
				if r >= 0 && r < n && c >= 0 && c < n && !slices.Contains(l, r*n+c) {
					l = append(l, r*n+c)
				}
			}
			var segs [][]int
			for k, i := range l {
				if k == 0 || box(i) != box(l[k-1]) {
					segs = append(segs, nil)
				}
				segs[len(segs)-1] = append(segs[len(segs)-1], i)
			}
			if !equalSums(g, segs) && rng.IntN(8) > 0 {
				continue // most lines hold in the solution
			}
			text += ".RegionSumLine"
			for _, i := range l {
				text += "~" + cellName(i/n, i%n)
			}
			lines = append(lines, segs)
		}
		free := rng.Perm(n * n)[:10+rng.IntN(4)]
		for i := range n * n {
			if !slices.Contains(free, i) {
				text += fmt.Sprintf(".~%s_%d", cellName(i/n, i%n), g[i])
			}
		}
		// Brute force over the free cells.
		want := 0
		var count func(k int)
		count = func(k int) {
			if k == len(free) {
				for _, segs := range lines {
					if !equalSums(g, segs) {
						return
					}
				}
				want++
				return
			}
			i := free[k]
			for d := 1; d <= v; d++ {
				g[i] = d
				ok := true
				for j := range n * n {
					if j != i && g[j] == d && distinct(g, i, j) && (!slices.Contains(free, j) || slices.Index(free, j) < k) {
						ok = false
					}
				}
				if ok {
					count(k + 1)
				}
			}
			g[i] = 0
		}
		count(0)
		if want > 1 && want < 100 {
			some++
		}
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if !countsAgree(t, s, text, p.Grid, want, 100) {
			t.FailNow()
		}
	}
	if some < trials/4 {
		t.Errorf("%d of %d puzzles with 2 to 99 solutions: the test checks too little", some, trials)
	}
}

// TestVarCellsMeaning reads random 4×4 ISS puzzles with three cells
// outside the grid (".Var~A~aux~3": VA1, VA2, VA3, holding the grid's
// values and in no unit) and one more (".Var~B": VB), named in cages,
// arrows, thermometers and givens beside grid cells, and checks the number
// of solutions, var cells included, against brute force over every solved
// grid and every filling of the var cells: the validator's counter and gini
// must both find exactly that many.
func TestVarCellsMeaning(t *testing.T) {
	grids := sudokus4(4)
	rng := rand.New(rand.NewPCG(31, 4))
	s := satsolve.New(satsolve.Options{})
	names := []string{"VA1", "VA2", "VA3", "VB"}
	uniques, counted := 0, 0
	for trial := range 120 {
		lo := trial % 2
		text := fmt.Sprintf(".Shape~4x4~%d-%d.Var~B~one.Var~A~aux~3", lo, lo+3)
		// Cells 0..15 are the grid's, 16..19 VA1, VA2, VA3, VB.
		name := func(i int) string {
			if i >= 16 {
				return names[i-16]
			}
			return cellName(i/4, i%4)
		}
		pick := func(k int) []int {
			cs := []int{16 + rng.IntN(4)} // one var cell at least
			for _, i := range rng.Perm(20) {
				if len(cs) < k && i != cs[0] {
					cs = append(cs, i)
				}
			}
			return cs
		}
		list := func(cs []int) string {
			var ss []string
			for _, i := range cs {
				ss = append(ss, name(i))
			}
			return strings.Join(ss, "~")
		}
		var holds []func(v []int) bool
		// Givens from a solved grid, so that few grids are left and the
		// var cells' rules decide the count.
		g0 := grids[rng.IntN(len(grids))]
		for _, i := range rng.Perm(16)[:8+rng.IntN(5)] {
			x := g0[i] - 1 + lo
			text += fmt.Sprintf(".~%s_%d", name(i), x)
			holds = append(holds, func(v []int) bool { return v[i] == x })
		}
		for range 3 + rng.IntN(6) {
			switch rng.IntN(4) {
			case 0:
				cs := pick(2 + rng.IntN(2))
				sum := lo*len(cs) + rng.IntN(3*len(cs)+1)
				if sum == 0 {
					sum = 1
				}
				text += fmt.Sprintf(".Cage~%d~%s", sum, list(cs))
				holds = append(holds, func(v []int) bool {
					t, seen := 0, map[int]bool{}
					for _, i := range cs {
						if seen[v[i]] {
							return false
						}
						seen[v[i]] = true
						t += v[i]
					}
					return t == sum
				})
			case 1:
				cs := pick(2 + rng.IntN(2))
				text += ".Arrow~" + list(cs)
				holds = append(holds, func(v []int) bool {
					t := 0
					for _, i := range cs[1:] {
						t += v[i]
					}
					return v[cs[0]] == t
				})
			case 2:
				cs := pick(2 + rng.IntN(2))
				text += ".Thermo~" + list(cs)
				holds = append(holds, func(v []int) bool {
					for k := 1; k < len(cs); k++ {
						if v[cs[k-1]] >= v[cs[k]] {
							return false
						}
					}
					return true
				})
			default:
				i, x := 16+rng.IntN(4), lo+rng.IntN(4)
				text += fmt.Sprintf(".~%s_%d", name(i), x)
				holds = append(holds, func(v []int) bool { return v[i] == x })
			}
		}
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if r := p.Grid.Rules(); r.VarCells() != 4 || p.Grid.Len() != 20 {
			t.Fatalf("%s: %d var cells", text, r.VarCells())
		}
		want := 0
		v := make([]int, 20)
		for _, g := range grids {
			for i, d := range g {
				v[i] = d - 1 + lo
			}
			for x := range 256 { // the four var cells, 4 values each
				for k := range 4 {
					v[16+k] = lo + x>>(2*k)&3
				}
				ok := true
				for _, h := range holds {
					ok = ok && h(v)
				}
				if ok {
					want++
				}
			}
		}
		const limit = 200
		if !countsAgree(t, s, text, p.Grid, want, limit) {
			t.FailNow()
		}
		if want == 1 {
			uniques++
		}
		if want < limit {
			counted++
		}
		if want >= 1 {
			sol, err := s.Solve(context.Background(), p.Grid)
			if err != nil || verify.Solution(p.Grid, sol.Solution) != nil {
				t.Fatalf("%s: %v", text, err)
			}
		}
	}
	if uniques < 1 || counted < 60 {
		t.Errorf("%d unique, %d counted exactly of 120: the test checks too little", uniques, counted)
	}
	if _, err := Read(".Var~a.~Va_1"); !errors.Is(err, ErrInvalid) {
		t.Errorf("a lower-case prefix: %v, want ErrInvalid", err)
	}
}

// TestReplicate checks ISS's Replicate against its copies written out by
// hand: the children shifted onto each target of the bit set (bit i the
// cell i after the origin, in the grid or in a group of var cells laid out
// in rows), read as the same rules; and a copy that leaves its layer is an
// error.
func TestReplicate(t *testing.T) {
	for _, tc := range []struct{ replicate, written string }{
		// D = bits 0 and 1: R1C1 and R1C2.
		{".Shape~4x4.Replicate~D.Thermo~R1C1~R1C2.End", ".Shape~4x4.Thermo~R1C1~R1C2.Thermo~R1C2~R1C3"},
		// From R2C2 (cell 5), bits 0 and 4 (R = 17): R2C2 and R3C2.
		{".Shape~4x4.Replicate~RA~R2C2.Cage~5~R2C2~R2C3.End", ".Shape~4x4.Cage~5~R2C2~R2C3.Cage~5~R3C2~R3C3"},
		// A 2×2 group of var cells: P = bits 0 to 3, the four cells.
		{".Shape~4x4.Var~S~~2x2.Replicate~P~VS1.~VS1_1_2.End.Arrow~R1C1~VS1~VS4",
			".Shape~4x4.Var~S~~2x2.~VS1_1_2~VS2_1_2~VS3_1_2~VS4_1_2.Arrow~R1C1~VS1~VS4"},
		// Nested: in an And, around another Replicate (bits 0 and 8:
		// R1C1 and R3C1, then each copy on R1C1 and R1C2).
		{".Shape~4x4.And.Replicate~BE.Replicate~D.Thermo~R1C1~R1C2.End.End.End",
			".Shape~4x4.Thermo~R1C1~R1C2.Thermo~R1C2~R1C3.Thermo~R3C1~R3C2.Thermo~R3C2~R3C3"},
	} {
		p, err := Read(tc.replicate)
		if err != nil {
			t.Fatalf("%s: %v", tc.replicate, err)
		}
		q, err := Read(tc.written)
		if err != nil {
			t.Fatalf("%s: %v", tc.written, err)
		}
		pr, qr := p.Grid.Rules(), q.Grid.Rules()
		if !slices.Equal(pr.Relations(), qr.Relations()) || len(pr.Constraints()) != len(qr.Constraints()) || len(pr.Units()) != len(qr.Units()) {
			t.Errorf("%s: %d relations, %d constraints, %d units; written out %d, %d, %d", tc.replicate,
				len(pr.Relations()), len(pr.Constraints()), len(pr.Units()), len(qr.Relations()), len(qr.Constraints()), len(qr.Units()))
		}
		a, _ := verify.Count(p.Grid, 1000)
		b, _ := verify.Count(q.Grid, 1000)
		if a != b || a == 0 {
			t.Errorf("%s: %d solutions, written out %d", tc.replicate, a, b)
		}
	}
	for _, s := range []string{
		".Shape~4x4.Replicate~I.Thermo~R1C1~R1C2.End", // R1C4: R1C2 leaves the grid
		".Shape~4x4.Var~S~~2.Replicate~D~VS1.Thermo~VS1~R1C1.End",
		".Shape~4x4.Replicate~D.Thermo~R1C1~R1C2",
	} {
		if _, err := Read(s); err == nil {
			t.Errorf("%s: read", s)
		}
	}
}

// TestConnectedValues checks ISS's ConnectedValues against flood fill by
// brute force: on a 4×4 grid, every solved grid whose cells holding 1 to 3
// are one region of neighbours, and on a 2×3 group of var cells, every
// filling whose cells holding 1 are one region (the var cells' layout, two
// rows of three); the validator's counter and gini must count as many.
func TestConnectedValues(t *testing.T) {
	connected := func(in []bool, cols int) bool {
		seen := make([]bool, len(in))
		first, total := -1, 0
		for k, x := range in {
			if x {
				total++
				if first < 0 {
					first = k
				}
			}
		}
		if total == 0 {
			return false
		}
		stack, n := []int{first}, 0
		seen[first] = true
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			r, c := k/cols, k%cols
			for _, rc := range [][2]int{{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}} {
				j := rc[0]*cols + rc[1]
				if rc[0] >= 0 && rc[1] >= 0 && rc[1] < cols && j < len(in) && in[j] && !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		return n == total
	}
	grids := sudokus4(4)
	want := 0
	for _, g := range grids {
		in := make([]bool, 16)
		for i, d := range g {
			in[i] = d <= 3
		}
		if connected(in, 4) {
			want++
		}
	}
	wantVar := 0
	for x := range 1 << 12 { // six var cells of the values 1 to 4
		in := make([]bool, 6)
		for k := range 6 {
			in[k] = x>>(2*k)&3 == 0
		}
		if connected(in, 3) {
			wantVar++
		}
	}
	s := satsolve.New(satsolve.Options{})
	for _, tc := range []struct {
		text string
		want int
	}{
		{".Shape~4x4.ConnectedValues~~1_2_3", want},
		{".Shape~4x4.Var~S~~2x3.ConnectedValues~VS~1.~R1C1_1~R1C2_2~R1C3_3~R2C1_3~R2C2_4~R2C3_1~R3C1_2~R3C2_1~R3C3_4~R4C1_4~R4C2_3~R4C3_2", wantVar},
	} {
		p, err := Read(tc.text)
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		if tc.want == 0 || tc.want == 288 || tc.want == 1<<12 {
			t.Fatalf("%s: %d by brute force: the test checks nothing", tc.text, tc.want)
		}
		limit := tc.want + 1
		if got, _ := verify.Count(p.Grid, limit); got != tc.want {
			t.Errorf("%s: the validator counts %d, brute force %d", tc.text, got, tc.want)
		}
		if res, err := s.Count(context.Background(), p.Grid, limit); err != nil || res.Count != tc.want {
			t.Errorf("%s: gini counts %d (%v), brute force %d", tc.text, res.Count, err, tc.want)
		}
	}
	if _, err := Read(".Var~S~~3.ConnectedValues~VS~1~3"); !errors.Is(err, ErrUnsupported) {
		t.Errorf("a size: %v", err)
	}
	if _, err := Read(".ConnectedValues~VQ~1"); !errors.Is(err, ErrInvalid) {
		t.Errorf("an unknown group: %v", err)
	}
}

// TestAutomatonMoreValues reads Regex lines on a 4×4 board of the values
// 1 to 5 (".Shape~4x4~5"): a pattern may name the value 5, which is not a
// digit of a 4×4 board of 1 to 4. Each count is checked against brute force
// over every solved grid of those values, the pattern matched by Go's
// regexp on row 1 (before the fix, moves on values above the side were
// dropped: a puzzle that needs a 5 on a line had no solution).
func TestAutomatonMoreValues(t *testing.T) {
	grids := sudokus4(5)
	s := satsolve.New(satsolve.Options{})
	for _, pattern := range []string{"5", "5.*", ".*5.*", "[45]+", "1[^5]*5", "(12|35)+"} {
		re := regexp.MustCompile("^(?:" + pattern + ")$")
		text := ".Shape~4x4~5.Regex~" + base64.RawURLEncoding.EncodeToString([]byte(pattern)) + "~R1C1~R1C2~R1C3~R1C4"
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		want := 0
		for _, g := range grids {
			var row strings.Builder
			for _, v := range g[:4] {
				row.WriteByte(byte('0' + v))
			}
			if re.MatchString(row.String()) {
				want++
			}
		}
		countsAgree(t, s, strconv.Quote(pattern), p.Grid, want, 300)
	}
}

// TestVarCellNames checks that the rules of a puzzle with var cells name
// them as the puzzle does (satdoku.Rules.CellName): a Var group's VS1 and
// VS2, a group of one's VM, a chaos construction's label cells CC1 to
// CC16, the var cells of a Doppelganger; the grid's cells stay r1c1.
func TestVarCellNames(t *testing.T) {
	for text, want := range map[string][]string{
		".Shape~4x4.Var~S~sum~2.Var~M.Arrow~VS1~R1C1~R1C2": {"r1c1", "VM", "VS1", "VS2"},
		".Shape~4x4.NoBoxes.ChaosConstruction":             {"r4c4", "CC1", "CC2", "CC16"},
		".Shape~4x4~0-4.Doppelganger":                      {"r1c1", "VDGB1", "VDGB4", "VDGC1", "VDGR4", "VDGZ"},
	} {
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		r := p.Grid.Rules()
		var got []string
		for i := range r.Cells() {
			if name := r.CellName(i); i == 0 || i == 15 || slices.Contains(want, name) {
				got = append(got, name)
			}
		}
		seen := map[string]bool{}
		for i := range r.Cells() {
			name := r.CellName(i)
			if seen[name] || i >= 16 && strings.HasPrefix(name, "r") {
				t.Errorf("%s: cell %d named %q", text, i, name)
			}
			seen[name] = true
		}
		for _, w := range want {
			if !seen[w] {
				t.Errorf("%s: no cell named %s (%v)", text, w, got)
			}
		}
	}
}

// TestVarCellDots: dots and marks between var cells join the neighbours
// of ISS's graph of cells: a group in rows of its columns (2×2 here), a
// group given by a count in rows of the grid's width (12 cells on a 9×9
// grid: VC1…VC9, then VC10…VC12 under VC1…VC3); never a var cell and a grid
// cell. Each pair as ISS lists it: the earlier cell first.
func TestVarCellDots(t *testing.T) {
	names := func(p *Puzzle) [][2]string {
		r := p.Grid.Rules()
		var got [][2]string
		for _, c := range p.Clues {
			got = append(got, [2]string{r.CellName(c.Cells[0]), r.CellName(c.Cells[1])})
		}
		return got
	}
	for text, want := range map[string][][2]string{
		".Var~D~d~2x2.BlackDot~VD1~VD2~VD3~VD4":   {{"VD1", "VD2"}, {"VD1", "VD3"}, {"VD2", "VD4"}, {"VD3", "VD4"}},
		".Var~C~c~12.WhiteDot~VC1~VC10~VC9~VC8":   {{"VC1", "VC10"}, {"VC9", "VC8"}},
		".Var~C~c~12.X~VC9~VC10":                  nil, // the end of one row and the start of the next
		".Var~V~v~2.V~VV2~VV1.BlackDot~R1C1~R1C2": {{"VV2", "VV1"}, {"r1c1", "r1c2"}},
	} {
		p, err := Read(text)
		if want == nil {
			if err == nil || !strings.Contains(err.Error(), "no two of its cells are neighbours") {
				t.Errorf("%s: %v, want no neighbours", text, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got := names(p); !slices.Equal(got, want) {
			t.Errorf("%s: pairs %v, want %v", text, got, want)
		}
	}
	if _, err := Read(".Var~V~v~2.BlackDot~R1C1~VV1"); err == nil || !strings.Contains(err.Error(), "no two of its cells are neighbours") {
		t.Errorf("a dot between a grid cell and a var cell: %v, want no neighbours", err)
	}
}
