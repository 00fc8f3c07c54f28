package iss

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// accepts runs automaton a on the digits ds.
func accepts(a *satdoku.NFA, ds []int) bool {
	cur := map[int]bool{}
	for _, q := range a.Start {
		cur[q] = true
	}
	for _, d := range ds {
		next := map[int]bool{}
		for _, m := range a.Moves {
			if cur[m.From] && m.Symbol == d {
				next[m.To] = true
			}
		}
		cur = next
	}
	for _, q := range a.Accept {
		if cur[q] {
			return true
		}
	}
	return false
}

// randomPattern returns a random pattern over the digits 1 to 6 in the
// syntax both ISS and Go's regexp read alike.
func randomPattern(rng *rand.Rand, depth int) string {
	switch k := rng.IntN(9); {
	case depth > 2 || k < 3:
		return strconv.Itoa(1 + rng.IntN(6))
	case k == 3:
		return "."
	case k == 4:
		lo := 1 + rng.IntN(6)
		cl := "[" + strconv.Itoa(lo) + "-" + strconv.Itoa(lo+rng.IntN(7-lo)) + "]"
		if rng.IntN(3) == 0 {
			cl = "[^" + cl[1:]
		}
		return cl
	case k == 5:
		return "(" + randomPattern(rng, depth+1) + "|" + randomPattern(rng, depth+1) + ")"
	case k == 6:
		return randomPattern(rng, depth+1) + randomPattern(rng, depth+1)
	case k == 7:
		return "(" + randomPattern(rng, depth+1) + ")" + []string{"*", "+", "?"}[rng.IntN(3)]
	}
	lo := rng.IntN(3)
	q := "{" + strconv.Itoa(lo) + "}"
	switch rng.IntN(3) {
	case 1:
		q = "{" + strconv.Itoa(lo) + ",}"
	case 2:
		q = "{" + strconv.Itoa(lo) + "," + strconv.Itoa(lo+rng.IntN(3)) + "}"
	}
	return "(" + randomPattern(rng, depth+1) + ")" + q
}

// TestRegexAgainstGo compiles random patterns and checks the automaton
// against Go's regexp package (the whole line must match) on random lines
// of digits 1 to 6.
func TestRegexAgainstGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 2))
	matched := 0
	for range 300 {
		pat := randomPattern(rng, 0)
		a, err := compileRegex(pat, 6, 0)
		if err != nil {
			t.Fatalf("%q: %v", pat, err)
		}
		re := regexp.MustCompile("^(?:" + pat + ")$")
		for range 40 {
			ds := make([]int, rng.IntN(7))
			var sb strings.Builder
			for k := range ds {
				ds[k] = 1 + rng.IntN(6)
				sb.WriteString(strconv.Itoa(ds[k]))
			}
			// Go's '.' and [^…] take any character: only digits 1 to 6
			// are read, as on a 6×6 board.
			want := re.MatchString(sb.String())
			if got := accepts(a, ds); got != want {
				t.Fatalf("%q on %s: the automaton says %v, Go's regexp %v", pat, sb.String(), got, want)
			}
			if want {
				matched++
			}
		}
	}
	if matched < 500 {
		t.Errorf("only %d lines matched: the test is one-sided", matched)
	}
}

// TestRegexErrors: what ISS refuses, compileRegex refuses.
func TestRegexErrors(t *testing.T) {
	for _, pat := range []string{"", "(1", "1)", "*", "1{", "1{3,2}", "[]", "[1-", "0", "7", "A", "[5-3]", "1|*"} {
		if _, err := compileRegex(pat, 6, 0); err == nil && pat != "" {
			t.Errorf("%q compiles on 6×6", pat)
		}
	}
	// The empty pattern matches the empty line only; ISS reads it.
	if a, err := compileRegex("", 6, 0); err != nil || accepts(a, []int{1}) || !accepts(a, nil) {
		t.Errorf("the empty pattern: %v", err)
	}
}
