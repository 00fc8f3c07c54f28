package iss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/satsolve"
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
		if !countsAgree(t, s, text, p.Grid, want, 5000) {
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
