package iss

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// sudokus4 returns every solved 4×4 Sudoku (2×2 boxes), as digits 1..4.
func sudokus4() [][]int {
	var out [][]int
	g := make([]int, 16)
	var fill func(i int)
	fill = func(i int) {
		if i == 16 {
			out = append(out, slices.Clone(g))
			return
		}
		r, c := i/4, i%4
		for d := 1; d <= 4; d++ {
			ok := true
			for j := range i {
				rj, cj := j/4, j%4
				if g[j] == d && (rj == r || cj == c || rj/2 == r/2 && cj/2 == c/2) {
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

// randomValueRule returns a random constraint on a 4×4 board whose values
// start at lo (0 or 1).
func randomValueRule(rng *rand.Rand, lo int) valueRule {
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
			sum += lo + rng.IntN(4)
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
		a, b := lo+rng.IntN(4), lo+rng.IntN(4)
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
	i, x := cell(), lo+rng.IntN(4)
	return valueRule{fmt.Sprintf(".~%s_%d", name(i), x), func(v []int) bool { return v[i] == x }}
}

// TestValueRangeMeaning reads random 4×4 ISS puzzles whose values are 0
// to 3 (".Shape~4x4~0-3") or 1 to 4, of cages, arrows, V marks, white
// dots, thermometers, quadruples and givens, and checks the number of
// solutions against brute force over all 288 solved 4×4 grids, each rule
// evaluated on the values as ISS states it: the validator's counter and
// gini must both find exactly that many, and the one solution of a unique
// puzzle must print as its values.
func TestValueRangeMeaning(t *testing.T) {
	all := sudokus4()
	if len(all) != 288 {
		t.Fatalf("%d solved 4×4 grids, want 288", len(all))
	}
	rng := rand.New(rand.NewPCG(31, 3))
	s := satsolve.New(satsolve.Options{})
	uniques := 0
	for trial := range 300 {
		lo := trial % 2 // values 0..3, then 1..4
		shape := ".Shape~4x4~0-3"
		if lo == 1 {
			shape = ".Shape~4x4~1-4"
		}
		var rules []valueRule
		text := shape
		for range 1 + rng.IntN(4) {
			r := randomValueRule(rng, lo)
			rules, text = append(rules, r), text+r.text
		}
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		want, last := 0, []int(nil)
		for _, g := range all {
			v := make([]int, 16)
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
		if got, _ := verify.Count(p.Grid, 300); got != want {
			t.Fatalf("%s: the validator's counter finds %d solutions, brute force %d", text, got, want)
		}
		res, err := s.Count(context.Background(), p.Grid, 300)
		if err != nil || res.Count != want {
			t.Fatalf("%s: gini counts %d solutions (%v), brute force %d", text, res.Count, err, want)
		}
		if want == 1 {
			uniques++
			sol, err := s.Solve(context.Background(), p.Grid)
			if err != nil {
				t.Fatal(err)
			}
			var line strings.Builder
			for _, x := range last {
				fmt.Fprint(&line, x)
			}
			if got := sol.Solution.String(); got != line.String() {
				t.Fatalf("%s: solution %s, want the values %s", text, got, line.String())
			}
		}
	}
	if uniques == 0 {
		t.Error("no unique puzzle among the random ones: the test checks too little")
	}
}

// TestValueRangeRefused checks that the clues whose meaning satdoku does
// not carry over to values other than 1 to N are refused by name on such
// boards, and read on the classic one.
func TestValueRangeRefused(t *testing.T) {
	for _, item := range []string{".BlackDot~R1C1~R1C2", ".Sandwich~5~R1", ".XSum~R1~5", ".Entropic~R1C1~R1C2"} {
		_, err := Read(".Shape~9x9~0-8" + item)
		if err == nil || !strings.Contains(err.Error(), "values 0 to 8") {
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
