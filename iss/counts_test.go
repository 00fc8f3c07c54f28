package iss

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestCountsMeaning: Sum, EqualSum, SameValues, ContainExact, LookAndSay,
// RellikCage, CountingCircles, CountDistinct and SumLine loops on random cells of a
// known solution, with numbers that it meets and numbers that it does
// not: the solution passes exactly when the constraint's meaning, as ISS
// documents it and computed here from the digits, holds.
func TestCountsMeaning(t *testing.T) {
	ds := digitsOf(solution9)
	rng := rand.New(rand.NewPCG(31, 31))
	name := func(i int) string { return cellName(i/9, i%9) }
	names := func(cs []int) string {
		s := make([]string, len(cs))
		for k, i := range cs {
			s[k] = name(i)
		}
		return strings.Join(s, "~")
	}
	sum := func(cs []int) int {
		t := 0
		for _, i := range cs {
			t += ds[i]
		}
		return t
	}
	multiset := func(cs []int) string {
		s := make([]int, len(cs))
		for k, i := range cs {
			s[k] = ds[i]
		}
		slices.Sort(s)
		return fmt.Sprint(s)
	}
	holdsTrue, holdsFalse := map[string]int{}, map[string]int{}
	for range 300 {
		perm := rng.Perm(81)
		var in, typ string
		var want bool
		switch rng.IntN(9) {
		case 0: // Sum, a cell maybe twice, coefficients maybe
			typ = "Sum"
			cs := perm[:1+rng.IntN(4)]
			if rng.IntN(3) == 0 {
				cs = append(cs, cs[0])
			}
			total, spec := sum(cs), ""
			if rng.IntN(2) == 0 {
				coefs := make([]string, len(cs))
				total = 0
				for k, i := range cs {
					c := rng.IntN(23) - 11
					coefs[k] = fmt.Sprint(c)
					total += c * ds[i]
				}
				spec = "_=_" + strings.Join(coefs, "_")
			}
			v := total + rng.IntN(3) - 1
			in, want = fmt.Sprintf(".Sum~%d%s~%s", v, spec, names(cs)), v == total
		case 1: // EqualSum: two or three groups, the later ones often made to match
			typ = "EqualSum"
			groups := [][]int{perm[:1+rng.IntN(3)]}
			rest := perm[len(groups[0]):]
			for range 1 + rng.IntN(2) {
				size := 1 + rng.IntN(3)
				g := rest[:size]
				for try := 0; try < 200 && rng.IntN(4) != 0 && sum(g) != sum(groups[0]); try++ {
					rng.Shuffle(len(rest), func(a, b int) { rest[a], rest[b] = rest[b], rest[a] })
					g = rest[:size]
				}
				groups = append(groups, slices.Clone(g))
				rest = rest[size:]
			}
			parts := make([]string, len(groups))
			want = true
			for k, g := range groups {
				parts[k] = names(g)
				want = want && sum(g) == sum(groups[0])
			}
			in = ".EqualSum~" + strings.Join(parts, "~-~")
		case 2: // SameValues: sets of one size, later ones often of the first's digits
			typ = "SameValues"
			sets, size := 2+rng.IntN(2), 1+rng.IntN(3)
			cs := slices.Clone(perm[:size])
			match := rng.IntN(2) == 0
			for k := size; k < sets*size; k++ {
				pick := -1
				for _, i := range perm {
					if !slices.Contains(cs, i) && (pick < 0 || match && ds[i] == ds[cs[k%size]]) {
						pick = i
					}
				}
				cs = append(cs, pick)
			}
			want = true
			for k := 1; k < sets; k++ {
				want = want && multiset(cs[k*size:(k+1)*size]) == multiset(cs[:size])
			}
			in = fmt.Sprintf(".SameValues~%d~%s", sets, names(cs))
		case 3: // ContainExact: digits of some cells, one maybe changed
			typ = "ContainExact"
			cs := perm[:2+rng.IntN(4)]
			var vs []string
			var vals []int
			for _, i := range cs[:1+rng.IntN(len(cs))] {
				d := ds[i]
				if rng.IntN(3) == 0 {
					d = 1 + rng.IntN(9)
				}
				vs, vals = append(vs, fmt.Sprint(d)), append(vals, d)
			}
			want = true
			for _, d := range vals {
				n := 0
				for _, i := range cs {
					if ds[i] == d {
						n++
					}
				}
				want = want && n == strings.Count(fmt.Sprint(vals), fmt.Sprint(d))
			}
			in = fmt.Sprintf(".ContainExact~%s~%s", strings.Join(vs, "_"), names(cs))
		case 4: // CountingCircles: d cells of digit d for some d, maybe one more cell
			typ = "CountingCircles"
			var cs []int
			for d := 1; d <= 4; d++ {
				if rng.IntN(2) == 0 {
					continue
				}
				for _, i := range perm {
					if ds[i] == d && strings.Count(fmt.Sprint(digitsAt(ds, cs)), fmt.Sprint(d)) < d {
						cs = append(cs, i)
					}
				}
			}
			if len(cs) == 0 || rng.IntN(3) == 0 {
				for _, i := range perm {
					if !slices.Contains(cs, i) {
						cs = append(cs, i)
						break
					}
				}
			}
			want = true
			for _, i := range cs {
				want = want && strings.Count(fmt.Sprint(digitsAt(ds, cs)), fmt.Sprint(ds[i])) == ds[i]
			}
			in = ".CountingCircles~" + names(cs)
		case 5: // CountDistinct
			typ = "CountDistinct"
			cs := perm[:2+rng.IntN(5)]
			if rng.IntN(2) == 0 {
				cs = append(cs, cs[0]) // it counts itself
			}
			distinct := map[int]bool{}
			for _, i := range cs[1:] {
				distinct[ds[i]] = true
			}
			want = ds[cs[0]] == len(distinct)
			in = ".CountDistinct~" + names(cs)
		case 6: // SumLine loops: a sum the total divides by, or not
			typ = "SumLine~LOOP"
			cs := perm[:2+rng.IntN(5)]
			total := sum(cs)
			v := total
			for _, k := range []int{2, 3} {
				if total%k == 0 && rng.IntN(2) == 0 {
					v = total / k
				}
			}
			v += rng.IntN(3) - 1
			// Some rotation splits into runs each adding up to v.
			want = false
			for r := range cs {
				s, ok := 0, true
				for k := range cs {
					if s += ds[cs[(r+k)%len(cs)]]; s == v {
						s = 0
					} else if s > v {
						ok = false
					}
				}
				want = want || ok && s == 0
			}
			in = fmt.Sprintf(".SumLine~%d~%s~LOOP", v, names(cs))
		case 7: // LookAndSay: counts of some digits, maybe off by one, maybe 0
			typ = "LookAndSay"
			cs := perm[:1+rng.IntN(5)]
			clue := ""
			want = true
			for d := 1; d <= 9; d++ {
				n := strings.Count(fmt.Sprint(digitsAt(ds, cs)), fmt.Sprint(d))
				if rng.IntN(3) != 0 || n == 0 && rng.IntN(3) != 0 {
					continue
				}
				count := n
				if rng.IntN(4) == 0 {
					count = max(0, n+rng.IntN(3)-1)
				}
				clue += fmt.Sprintf("%d%d", count, d)
				want = want && count == n
			}
			if clue == "" {
				clue = fmt.Sprintf("0%d", ds[cs[0]]) // the first cell's digit kept out
				want = false
			}
			in = fmt.Sprintf(".LookAndSay~%s~%s", clue, names(cs))
		case 8: // RellikCage: distinct digits, no subset (by its bits) adding up to the sum
			typ = "RellikCage"
			cs := perm[:1+rng.IntN(4)]
			v := 1 + rng.IntN(20)
			digits := digitsAt(ds, cs)
			want = true
			for set := 1; set < 1<<len(cs); set++ {
				t := 0
				for k, d := range digits {
					t += set >> k & 1 * d
					want = want && !slices.Contains(digits[:k], d)
				}
				want = want && t != v
			}
			in = fmt.Sprintf(".RellikCage~%d~%s", v, names(cs))
		}
		p, err := Read(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := holds(t, p, ds); got != want {
			t.Errorf("%s: the solution passes: %v, want %v", in, got, want)
		}
		if want {
			holdsTrue[typ]++
		} else {
			holdsFalse[typ]++
		}
	}
	for _, typ := range []string{"Sum", "EqualSum", "SameValues", "ContainExact", "CountingCircles", "CountDistinct", "SumLine~LOOP", "LookAndSay", "RellikCage"} {
		if holdsTrue[typ] == 0 || holdsFalse[typ] == 0 {
			t.Errorf("%s: %d cases hold, %d do not: the draws test too little", typ, holdsTrue[typ], holdsFalse[typ])
		}
	}
}

// digitsAt returns the digits of the cells cs.
func digitsAt(ds, cs []int) []int {
	out := make([]int, len(cs))
	for k, i := range cs {
		out[k] = ds[i]
	}
	return out
}

// TestIndexingOlderType: ISS's builder indexes columns for any type but R,
// as older strings write "column": the rules are those of "C", with a
// warning.
func TestIndexingOlderType(t *testing.T) {
	c, err := Read(".Indexing~C~R1C1~R2C1")
	if err != nil {
		t.Fatal(err)
	}
	old, err := Read(".Indexing~column~R1C1~R2C1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.Grid.Rules().Constraints(), old.Grid.Rules().Constraints()) || len(old.Warnings) != 1 || len(c.Warnings) != 0 {
		t.Errorf("column: %v (warnings %q), want %v", old.Grid.Rules().Constraints(), old.Warnings, c.Grid.Rules().Constraints())
	}
}
