package iss

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/satsolve"
)

// pairKey writes the key of ISS's Pair for a relation stated on values,
// on a board of nv values from lo, as fnToBinaryKey writes it: bit
// i·nv + j set when the values lo+i and lo+j may go together, six bits a
// character of URL-safe base64, the lowest first.
func pairKey(allow func(a, b int) bool, lo, nv int) string {
	var bits []bool
	for i := range nv {
		for j := range nv {
			bits = append(bits, allow(lo+i, lo+j))
		}
	}
	var key []byte
	for k := 0; k < len(bits); k += 6 {
		v := 0
		for b := 0; b < 6 && k+b < len(bits); b++ {
			if bits[k+b] {
				v |= 1 << b
			}
		}
		key = append(key, base64URL[v])
	}
	return strings.TrimRight(string(key), "A")
}

// randomTableRule returns a random ISS constraint on a 4×4 board of nv
// values from lo that satdoku reads on such values by a table or cases of
// its own: a Pair or a PairX of a random relation, an Or of two Pairs, a
// black dot, an X-sum, a Regex, with its meaning stated on the values.
func randomTableRule(rng *rand.Rand, lo, nv int) valueRule {
	name := func(i int) string { return cellName(i/4, i%4) }
	randomRel := func(symmetric bool) func(a, b int) bool {
		t := map[[2]int]bool{}
		for a := lo; a < lo+nv; a++ {
			for b := lo; b < lo+nv; b++ {
				if symmetric && b < a {
					t[[2]int{a, b}] = t[[2]int{b, a}]
				} else {
					t[[2]int{a, b}] = rng.IntN(10) < 6
				}
			}
		}
		return func(a, b int) bool { return t[[2]int{a, b}] }
	}
	line := func(k int) []int {
		cs := []int{rng.IntN(16)}
		for len(cs) < k {
			cs = append(cs, rng.IntN(16))
			if cs[len(cs)-1] == cs[len(cs)-2] {
				cs = cs[:len(cs)-1]
			}
		}
		return cs
	}
	names := func(cs []int) string {
		var s []string
		for _, i := range cs {
			s = append(s, name(i))
		}
		return strings.Join(s, "~")
	}
	switch rng.IntN(6) {
	case 0: // a Pair along a line
		rel, cs := randomRel(false), line(2+rng.IntN(2))
		return valueRule{".Pair~" + pairKey(rel, lo, nv) + "~" + names(cs), func(v []int) bool {
			for k := 1; k < len(cs); k++ {
				if !rel(v[cs[k-1]], v[cs[k]]) {
					return false
				}
			}
			return true
		}}
	case 1: // a PairX on distinct cells
		rel, cs := randomRel(true), rng.Perm(16)[:2+rng.IntN(2)]
		return valueRule{".PairX~" + pairKey(rel, lo, nv) + "~" + names(cs), func(v []int) bool {
			for p := range cs {
				for q := range cs {
					if p != q && !rel(v[cs[p]], v[cs[q]]) {
						return false
					}
				}
			}
			return true
		}}
	case 2: // an Or of two Pairs
		r1, r2, c1, c2 := randomRel(false), randomRel(false), line(2), line(2)
		return valueRule{".Or.Pair~" + pairKey(r1, lo, nv) + "~" + names(c1) + ".Pair~" + pairKey(r2, lo, nv) + "~" + names(c2) + ".End",
			func(v []int) bool { return r1(v[c1[0]], v[c1[1]]) || r2(v[c2[0]], v[c2[1]]) }}
	case 3: // a black dot: one value twice the other (0 and 0 too)
		i := rng.IntN(16)
		j := i + 1
		if i%4 == 3 {
			j = i - 1
		}
		return valueRule{fmt.Sprintf(".BlackDot~%s~%s", name(i), name(j)), func(v []int) bool { return v[i] == 2*v[j] || v[j] == 2*v[i] }}
	case 4: // an X-sum from the left of a row or the bottom of a column
		k, sum := rng.IntN(4), 1+rng.IntN(12)
		var cs []int
		text := ""
		if rng.IntN(2) == 0 {
			cs = []int{4 * k, 4*k + 1, 4*k + 2, 4*k + 3}
			text = fmt.Sprintf(".XSum~R%d~%d~", k+1, sum)
		} else {
			cs = []int{12 + k, 8 + k, 4 + k, k}
			text = fmt.Sprintf(".XSum~C%d~~%d", k+1, sum)
		}
		return valueRule{text, func(v []int) bool {
			x := v[cs[0]]
			if x < 1 || x > len(cs) {
				return false
			}
			s := 0
			for _, i := range cs[:x] {
				s += v[i]
			}
			return s == sum
		}}
	}
	// A Regex along a row, its characters values.
	ch := func() string { return string(valueSymbols[lo+rng.IntN(nv)]) }
	pattern := []string{ch() + ".*", ".*" + ch() + ".*", "[" + ch() + ch() + "]+", "(" + ch() + ch() + "|" + ch() + ".)+", ch() + "[^" + ch() + "]*"}[rng.IntN(5)]
	re := regexp.MustCompile("^(?:" + pattern + ")$")
	k := rng.IntN(4)
	return valueRule{fmt.Sprintf(".Regex~%s~R%dC1~R%dC2~R%dC3~R%dC4", base64.RawURLEncoding.EncodeToString([]byte(pattern)), k+1, k+1, k+1, k+1), func(v []int) bool {
		var s strings.Builder
		for _, x := range v[4*k : 4*k+4] {
			s.WriteByte(valueSymbols[x])
		}
		return re.MatchString(s.String())
	}}
}

// valueSymbols are the characters of the values 0 to 9 in a pattern.
const valueSymbols = "0123456789"

// TestValueRangeTables reads random 4×4 ISS puzzles of values 0 to 3, 1
// to 4, 0 to 4 and 1 to 5, of Pairs and PairXs of random relations (their
// keys on the board's values), Ors of Pairs, black dots, X-sums and
// Regex lines, with a given or two, and checks the number of solutions
// against brute force over every solved grid, each rule evaluated on the
// values as ISS states it: the validator's counter and gini must both find
// exactly that many.
func TestValueRangeTables(t *testing.T) {
	grids := map[int][][]int{4: sudokus4(4), 5: sudokus4(5)}
	rng := rand.New(rand.NewPCG(31, 7))
	s := satsolve.New(satsolve.Options{})
	trials, some := 240, 0
	if testing.Short() {
		trials = 30
	}
	for trial := range trials {
		lo, nv := trial%2, 4+trial/2%2
		text := fmt.Sprintf(".Shape~4x4~%d-%d", lo, lo+nv-1)
		var rules []valueRule
		k := 1 + rng.IntN(3)
		if nv == 5 {
			k = 3 + rng.IntN(4)
		}
		for range k {
			r := randomTableRule(rng, lo, nv)
			text += r.text
			if i := slices.IndexFunc(rules, func(q valueRule) bool { return xsumPlace(q.text) != "" && xsumPlace(q.text) == xsumPlace(r.text) }); i >= 0 {
				rules[i] = r // the later clue of a place, as ISS keeps it
				continue
			}
			rules = append(rules, r)
		}
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		want, _ := bruteValues(grids[nv], lo, rules)
		if want > 0 && want < 200 {
			some++
		}
		if !countsAgree(t, s, text, p.Grid, want, 200) {
			t.FailNow()
		}
	}
	if some < trials/4 {
		t.Errorf("%d of %d puzzles with 1 to 199 solutions: the test checks too little", some, trials)
	}
}

// TestRegionSameValues checks RegionSameValues on a 4×4 board of the
// values 1 to 5 (each row, column and box misses one): brute force over
// every solved grid of rows, columns and boxes that each hold the same
// four values, with a given and a cage to cut the count.
func TestRegionSameValues(t *testing.T) {
	grids := sudokus4(5)
	s := satsolve.New(satsolve.Options{})
	set := func(v []int, cs []int) uint {
		m := uint(0)
		for _, i := range cs {
			m |= 1 << v[i]
		}
		return m
	}
	var units [][]int
	for k := range 4 {
		units = append(units, []int{4 * k, 4*k + 1, 4*k + 2, 4*k + 3}, []int{k, k + 4, k + 8, k + 12})
		top := k/2*8 + k%2*2
		units = append(units, []int{top, top + 1, top + 4, top + 5})
	}
	extras := []string{"", ".~R1C1_1", ".~R1C1_5.Cage~7~R2C2~R2C3", ".Cage~14~R1C1~R1C2~R1C3~R1C4"}
	if testing.Short() {
		extras = extras[1:3] // the fewest solutions to count
	}
	for _, extra := range extras {
		text := ".Shape~4x4~5.RegionSameValues" + extra
		p, err := Read(text)
		if err != nil {
			t.Fatal(err)
		}
		want, wantPlain := 0, 0
		for _, g := range grids {
			switch extra {
			case ".~R1C1_1":
				if g[0] != 1 {
					continue
				}
			case ".~R1C1_5.Cage~7~R2C2~R2C3":
				if g[0] != 5 || g[5]+g[6] != 7 {
					continue
				}
			case ".Cage~14~R1C1~R1C2~R1C3~R1C4":
				if g[0]+g[1]+g[2]+g[3] != 14 {
					continue
				}
			}
			wantPlain++
			same := true
			for _, u := range units {
				same = same && set(g, u) == set(g, units[0])
			}
			if same {
				want++
			}
		}
		if want == 0 || want == wantPlain {
			t.Fatalf("%s: %d of %d grids: the rule says nothing here", text, want, wantPlain)
		}
		countsAgree(t, s, text, p.Grid, want, 2000)
		if !slices.ContainsFunc(p.Clues, func(c clue.Clue) bool { return c.Kind == clue.SameValues }) {
			t.Errorf("%s: no same-values clue among %v", text, p.Clues)
		}
	}
}

// TestXSumMoreValues: on a 4×4 board of the values 1 to 5 an X-sum may
// reach 14 (x = 4: the four largest values), past the 10 of the digits 1
// to 4; brute force over every solved grid counts the grids of each
// total, which the validator's counter and gini must both count.
func TestXSumMoreValues(t *testing.T) {
	grids := sudokus4(5)
	s := satsolve.New(satsolve.Options{})
	for _, sum := range []int{12, 14, 15} {
		text := fmt.Sprintf(".Shape~4x4~1-5.XSum~R1~%d~.~R1C1_4", sum)
		p, err := Read(text)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, g := range grids {
			if g[0] == 4 && g[0]+g[1]+g[2]+g[3] == sum {
				want++
			}
		}
		if sum <= 14 && want == 0 {
			t.Fatalf("%s: brute force finds no grid", text)
		}
		countsAgree(t, s, text, p.Grid, want, 5000)
	}
}

// xsumPlace is the place of an X-sum clue's text (".XSum~R2~7~": R2 from
// the left), "" for any other rule: ISS keeps one clue a place, the later.
func xsumPlace(text string) string {
	if !strings.HasPrefix(text, ".XSum~") {
		return ""
	}
	f := strings.Split(text, "~")
	return f[1] + fmt.Sprint(len(f) > 2 && f[2] != "")
}
