package iss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// rule is an ISS rule on a 4×4 board evaluated by its own words on the
// values v of the 16 cells in reading order.
type rule func(v []int) bool

// countRules reads each puzzle text made by puzzle, on a board whose
// filled grids are boards (values 1 to v, in reading order), with up to
// three random givens added, and checks its number of solutions against
// brute force over boards, each rule evaluated as ISS states it: the
// validator's counter and gini must both find exactly that many. It fails
// when the rules never bite or never leave a solution, a test that could
// not fail.
func countRules(t *testing.T, seed uint64, v int, boards [][]int, puzzle func(rng *rand.Rand) (string, []rule)) {
	t.Helper()
	s := satsolve.New(satsolve.Options{})
	rng := rand.New(rand.NewPCG(seed, 31))
	trials := 80
	if testing.Short() {
		trials = 30
	}
	some, cut := false, false
	for range trials {
		text, rules := puzzle(rng)
		for range rng.IntN(4) {
			i, x := rng.IntN(16), 1+rng.IntN(v)
			text += fmt.Sprintf(".~%s_%d", cellName(i/4, i%4), x)
			rules = append(rules, func(v []int) bool { return v[i] == x })
		}
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		want := 0
		for _, g := range boards {
			ok := true
			for _, r := range rules {
				ok = ok && r(g)
			}
			if ok {
				want++
			}
		}
		some = some || want > 0
		cut = cut || want < len(boards)
		if !countsAgree(t, s, text, p.Grid, want, 300) {
			t.FailNow()
		}
	}
	if !some || !cut {
		t.Errorf("the rules left a solution: %v, ruled one out: %v; want both", some, cut)
	}
}

// TestAntiTaxicabCount: ISS's AntiTaxicab ("a digit x can't have a
// taxicab distance of exactly x from another cell with the digit x") on
// 4×4 boards against brute force.
func TestAntiTaxicabCount(t *testing.T) {
	taxicab := func(v []int) bool {
		for i := range 16 {
			for j := range 16 {
				d := max(i/4-j/4, j/4-i/4) + max(i%4-j%4, j%4-i%4)
				if i != j && v[i] == v[j] && d == v[i] {
					return false
				}
			}
		}
		return true
	}
	// On 4×4 boards of 1 to 4 no grid is anti-taxicab: 5 values, rows and
	// columns distinct (590,400 grids, 13,852 of them anti-taxicab).
	var boards [][]int
	for _, g := range squares4(5, false) {
		if taxicab(g) {
			boards = append(boards, g)
		}
	}
	countRules(t, 1794, 5, boards, func(rng *rand.Rand) (string, []rule) {
		return ".Shape~4x4~5.NoBoxes.AntiTaxicab", nil
	})
	if _, err := Read(".Shape~4x4~0-3.AntiTaxicab"); !errors.Is(err, ErrInvalid) {
		t.Errorf("AntiTaxicab on values from 0: %v, want ErrInvalid as ISS refuses it", err)
	}
}

// equal reports whether the values xs of an equality cage are as ISS
// states it for values lo..hi: distinct, as many even as odd, as many low
// as high, the middle value of an odd range in neither.
func equal(xs []int, lo, hi int) bool {
	n := hi - lo + 1
	seen := map[int]bool{}
	even, low, high := 0, 0, 0
	for _, x := range xs {
		if seen[x] {
			return false
		}
		seen[x] = true
		if x%2 == 0 {
			even++
		}
		switch {
		case x < lo+n/2:
			low++
		case x > hi-n/2:
			high++
		default:
			return false
		}
	}
	return 2*even == len(xs) && low == high
}

// TestEqualityCageAutomaton checks the automaton of ISS's EqualityCage
// (with its cage's distinct digits) against the rule's words on every
// sequence of 2 and 4 digits of 4 to 7 values (9 without -short), from 1
// and from 0.
func TestEqualityCageAutomaton(t *testing.T) {
	top := 9
	if testing.Short() {
		top = 7
	}
	for v := 4; v <= top; v++ {
		for _, off := range []int{-1, 0} {
			for _, k := range []int{2, 4} {
				a := balance(v, off, k)
				sequences(v, k, func(ds []int) {
					xs := make([]int, k)
					distinct := map[int]bool{}
					for i, d := range ds {
						xs[i] = d + off
						distinct[d] = true
					}
					got := accepts(a, ds) && len(distinct) == k
					if want := equal(xs, 1+off, v+off); got != want {
						t.Fatalf("%d values from %d, %v: accepted %v, want %v", v, 1+off, xs, got, want)
					}
				})
			}
		}
	}
}

// TestEqualityCageCount: ISS's EqualityCage on random cages of 2 and 4
// cells of 4×4 boards against brute force.
func TestEqualityCageCount(t *testing.T) {
	countRules(t, 2253, 4, sudokus4(4), func(rng *rand.Rand) (string, []rule) {
		var text string
		var rules []rule
		for range 1 + rng.IntN(2) {
			cs := rng.Perm(16)[:2+2*rng.IntN(2)]
			text += ".EqualityCage"
			for _, i := range cs {
				text += "~" + cellName(i/4, i%4)
			}
			rules = append(rules, func(v []int) bool {
				xs := make([]int, len(cs))
				for k, i := range cs {
					xs[k] = v[i]
				}
				return equal(xs, 1, 4)
			})
		}
		return ".Shape~4x4" + text, rules
	})
	for _, s := range []string{".EqualityCage~R1C1~R1C2~R1C3", ".EqualityCage~R1C1~R1C1"} {
		if _, err := Read(s); err == nil {
			t.Errorf("%s: read, want an error as ISS refuses it", s)
		}
	}
}

// firstHidden returns the first value of xs lower than a value before it,
// or 0 when every one is seen (ISS's hidden skyscraper).
func firstHidden(xs []int) int {
	top := 0
	for _, x := range xs {
		if x < top {
			return x
		}
		top = max(top, x)
	}
	return 0
}

// TestHiddenSkyscraperAutomaton checks the automaton of a HiddenSkyscraper
// clue against the rule's words on every line of 4 and 5 distinct digits
// of 4 and 5 values (a row or column of the grid), every clue 1 to 5.
func TestHiddenSkyscraperAutomaton(t *testing.T) {
	for v := 4; v <= 5; v++ {
		for c := 1; c <= 5; c++ {
			a := hidden(v, c)
			for k := 4; k <= 5; k++ {
				sequences(v, k, func(ds []int) {
					if len(ds) != len(distinct(ds)) {
						return
					}
					if got, want := accepts(a, ds), firstHidden(ds) == c; got != want {
						t.Fatalf("%d values, clue %d, %v: accepted %v, want %v", v, c, ds, got, want)
					}
				})
			}
		}
	}
}

// TestHiddenSkyscraperCount: ISS's HiddenSkyscraper clues on random rows
// and columns of 4×4 boards, from either side, against brute force.
func TestHiddenSkyscraperCount(t *testing.T) {
	countRules(t, 2464, 4, sudokus4(4), func(rng *rand.Rand) (string, []rule) {
		text := ".Shape~4x4"
		var rules []rule
		place := map[string]int{} // the rule of each end of a line: ISS keeps the later clue there
		for range 2 + rng.IntN(2) {
			// A clue of 4 holds nowhere: the highest digit is never hidden.
			x, c, back, isRow := rng.IntN(4), 1+rng.IntN(3), rng.IntN(2) == 1, rng.IntN(2) == 0
			line := make([]int, 4)
			for j := range 4 {
				if isRow {
					line[j] = x*4 + j
				} else {
					line[j] = j*4 + x
				}
			}
			id := fmt.Sprintf("C%d", x+1)
			if isRow {
				id = fmt.Sprintf("R%d", x+1)
			}
			if back {
				text += fmt.Sprintf(".HiddenSkyscraper~%s~~%d", id, c)
				slices.Reverse(line)
			} else {
				text += fmt.Sprintf(".HiddenSkyscraper~%s~%d~", id, c)
			}
			r := func(v []int) bool {
				xs := make([]int, 4)
				for k, i := range line {
					xs[k] = v[i]
				}
				return firstHidden(xs) == c
			}
			at := fmt.Sprint(id, back)
			if k, ok := place[at]; ok {
				rules[k] = r
				continue
			}
			place[at] = len(rules)
			rules = append(rules, r)
		}
		return text, rules
	})
	for _, s := range []string{".HiddenSkyscraper", ".HiddenSkyscraper~R10~3", ".HiddenSkyscraper~R1~x", ".Shape~6x6~9~Raw.HiddenSkyscraper~R1~3"} {
		if _, err := Read(s); err == nil {
			t.Errorf("%s: read, want an error as ISS refuses it", s)
		}
	}
}

// distinct returns the set of ds.
func distinct(ds []int) map[int]bool {
	m := map[int]bool{}
	for _, d := range ds {
		m[d] = true
	}
	return m
}

// TestOutsidePlace: ISS keeps one outside clue of a type a place (an end
// of a line), the later; satdoku counts such a puzzle as the later clue
// alone (ISS, run under node: 132 solutions for the skyscrapers below;
// both clues kept, none).
func TestOutsidePlace(t *testing.T) {
	for _, tc := range []struct{ both, later string }{
		{".Shape~4x4~1-4.Skyscraper~R4~~1.Skyscraper~R4~~2", ".Shape~4x4~1-4.Skyscraper~R4~~2"},
		{".Shape~4x4.XSum~C1~6.XSum~C1~3", ".Shape~4x4.XSum~C1~3"},
		{".Shape~4x4.HiddenSkyscraper~R2~2.HiddenSkyscraper~R2~3", ".Shape~4x4.HiddenSkyscraper~R2~3"},
	} {
		counts := [2]int{}
		for k, s := range []string{tc.both, tc.later} {
			p, err := Read(s)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			counts[k], _ = verify.Count(p.Grid, 1000)
		}
		if counts[0] != counts[1] || counts[1] == 0 {
			t.Errorf("%s: %d solutions; the later clue alone: %d", tc.both, counts[0], counts[1])
		}
	}
}

// TestOrOutsideCount: Ors whose members are outside clues (X-sums and
// skyscrapers, often at the same end of the same line: alternatives, not
// a later clue replacing an earlier), beside plain X-sums at the same
// places, on 4×4 boards against brute force. (An Or of X-sums alone was
// dropped whole: the replacement of a clue at the same place counted
// places across the Or's members.)
func TestOrOutsideCount(t *testing.T) {
	type end struct {
		id   string
		line []int
		back bool
	}
	ends := func(rng *rand.Rand) end {
		x, isRow, back := rng.IntN(2), rng.IntN(2) == 0, rng.IntN(2) == 1
		e := end{id: fmt.Sprintf("C%d", x+1), back: back}
		if isRow {
			e.id = fmt.Sprintf("R%d", x+1)
		}
		for j := range 4 {
			if isRow {
				e.line = append(e.line, x*4+j)
			} else {
				e.line = append(e.line, j*4+x)
			}
		}
		if back {
			slices.Reverse(e.line)
		}
		return e
	}
	clueText := func(typ string, e end, c int) string {
		if e.back {
			return fmt.Sprintf(".%s~%s~~%d", typ, e.id, c)
		}
		return fmt.Sprintf(".%s~%s~%d~", typ, e.id, c)
	}
	meaning := func(typ string, e end, c int) rule {
		return func(v []int) bool {
			xs := make([]int, 4)
			for k, i := range e.line {
				xs[k] = v[i]
			}
			if typ == "Skyscraper" {
				seen, top := 0, 0
				for _, x := range xs {
					if x > top {
						seen, top = seen+1, x
					}
				}
				return seen == c
			}
			sum := 0
			for _, x := range xs[:xs[0]] {
				sum += x
			}
			return sum == c
		}
	}
	countRules(t, 2465, 4, sudokus4(4), func(rng *rand.Rand) (string, []rule) {
		text := ".Shape~4x4"
		var rules []rule
		place := map[string]int{} // the plain clue at each end: ISS keeps the later
		plain := func() {
			e, c := ends(rng), 1+rng.IntN(10)
			text += clueText("XSum", e, c)
			at := fmt.Sprint(e.id, e.back)
			if k, ok := place[at]; ok {
				rules[k] = meaning("XSum", e, c)
				return
			}
			place[at] = len(rules)
			rules = append(rules, meaning("XSum", e, c))
		}
		for range 1 + rng.IntN(2) {
			if rng.IntN(2) == 0 {
				plain()
			}
			text += ".Or"
			e := ends(rng)
			var alts []rule
			for range 2 + rng.IntN(2) {
				if rng.IntN(3) == 0 {
					e = ends(rng)
				}
				typ, c := "XSum", 1+rng.IntN(10)
				if rng.IntN(3) == 0 {
					typ, c = "Skyscraper", 1+rng.IntN(4)
				}
				text += clueText(typ, e, c)
				alts = append(alts, meaning(typ, e, c))
			}
			text += ".End"
			rules = append(rules, func(v []int) bool {
				return slices.ContainsFunc(alts, func(r rule) bool { return r(v) })
			})
		}
		if rng.IntN(2) == 0 {
			plain()
		}
		return text, rules
	})
}

// TestPairSelfCount: Pairs of random keys on random lists of 4×4 cells in
// which a cell may come next to itself (ISS relates it to itself: it
// holds a value the key allows with itself), against brute force.
func TestPairSelfCount(t *testing.T) {
	countRules(t, 2466, 4, sudokus4(4), func(rng *rand.Rand) (string, []rule) {
		text := ".Shape~4x4"
		var rules []rule
		for range 1 + rng.IntN(2) {
			var ok [5][5]bool
			for a := 1; a <= 4; a++ {
				for b := 1; b <= 4; b++ {
					ok[a][b] = rng.IntN(4) != 0
				}
			}
			ok[1][1] = true // a value the key allows with itself
			cells := []int{rng.IntN(16)}
			for range 2 + rng.IntN(3) {
				i := rng.IntN(16)
				if rng.IntN(3) == 0 {
					i = cells[len(cells)-1]
				}
				cells = append(cells, i)
			}
			text += ".Pair~" + testKey(4, func(a, b int) bool { return ok[a][b] })
			for _, i := range cells {
				text += "~" + cellName(i/4, i%4)
			}
			rules = append(rules, func(v []int) bool {
				for k := 1; k < len(cells); k++ {
					if !ok[v[cells[k-1]]][v[cells[k]]] {
						return false
					}
				}
				return true
			})
		}
		return text, rules
	})
}

// TestModularCount: ISS's Modular~M lines (the first M cells differ mod
// M, and cells M apart are alike mod M, as its builder writes them) on
// random lines of 4×4 boards, M from 2 to 5, against brute force.
func TestModularCount(t *testing.T) {
	countRules(t, 2467, 4, sudokus4(4), func(rng *rand.Rand) (string, []rule) {
		text := ".Shape~4x4"
		var rules []rule
		for range 1 + rng.IntN(2) {
			m := 2 + rng.IntN(4)
			line := rng.Perm(16)[:2+rng.IntN(6)]
			text += fmt.Sprintf(".Modular~%d", m)
			for _, i := range line {
				text += "~" + cellName(i/4, i%4)
			}
			rules = append(rules, func(v []int) bool {
				for j := range line {
					for k := j + 1; k < len(line); k++ {
						a, b := v[line[j]]%m, v[line[k]]%m
						if k < m && a == b || (k-j)%m == 0 && a != b {
							return false
						}
					}
				}
				return true
			})
		}
		return text, rules
	})
}

// TestWindokuCount: ISS's Windoku on 4×4 boards (one window, rows and
// columns 2–3, as ISS lays the windows out from its boxes: 168 of the 288
// grids, ISS's own count), with random givens, against brute force.
func TestWindokuCount(t *testing.T) {
	countRules(t, 2468, 4, sudokus4(4), func(rng *rand.Rand) (string, []rule) {
		return ".Shape~4x4.Windoku", []rule{func(v []int) bool {
			return allDistinct([]int{v[5], v[6], v[9], v[10]})
		}}
	})
	for _, s := range []string{".Shape~6x6.Windoku", ".Shape~16x16.Windoku"} {
		if _, err := Read(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}
