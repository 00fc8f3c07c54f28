package iss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/satsolve"
)

// tetrominoTilings returns every partition of the 4×4 grid into four
// regions of four orthogonally connected cells, each as the region of
// every cell (0 to 3, in order of first appearance).
func tetrominoTilings() [][]int {
	var out [][]int
	reg := make([]int, 16)
	for i := range reg {
		reg[i] = -1
	}
	connected := func(cells []int) bool {
		seen := map[int]bool{cells[0]: true}
		stack := []int{cells[0]}
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, j := range cells {
				if !seen[j] && (j == i+4 || j == i-4 || j == i+1 && i%4 < 3 || j == i-1 && i%4 > 0) {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		return len(seen) == len(cells)
	}
	// Assign labels in order of first appearance, then keep the
	// partitions whose regions are connected.
	var fill func(i, used int)
	fill = func(i, used int) {
		if i == 16 {
			for l := range 4 {
				var cells []int
				for j, r := range reg {
					if r == l {
						cells = append(cells, j)
					}
				}
				if len(cells) != 4 || !connected(cells) {
					return
				}
			}
			out = append(out, slices.Clone(reg))
			return
		}
		for l := 0; l <= used && l < 4; l++ {
			count := 0
			for _, r := range reg[:i] {
				if r == l {
					count++
				}
			}
			if count == 4 {
				continue
			}
			reg[i] = l
			fill(i+1, max(used, l+1))
		}
	}
	fill(0, 0)
	return out
}

// TestChaosConstruction reads random 4×4 ISS puzzles with
// ChaosConstruction (NoBoxes: rows, columns and regions to find) and
// givens, killer cages and SameValues or AllDifferent clues on the region
// cells (most drawn from a solution), and checks the number of solutions against brute force
// over every Latin square and every tiling of the grid by four connected
// regions of four cells: a solution is a grid and a tiling whose regions
// each hold 1 to 4, so the validator's counter and gini, counting the
// region cells too, must find exactly one labelling per tiling.
func TestChaosConstruction(t *testing.T) {
	squares, tilings := squares4(4, false), tetrominoTilings()
	if len(squares) != 576 || len(tilings) != 117 {
		t.Fatalf("%d Latin squares, %d tilings: want 576 and 117", len(squares), len(tilings))
	}
	rng := rand.New(rand.NewPCG(31, 11))
	s := satsolve.New(satsolve.Options{})
	trials, some := 40, 0
	if testing.Short() {
		trials = 3
	}
	// valid: the Latin squares and tilings that make a solution.
	valid := func(g, reg []int) bool {
		for l := range 4 {
			seen := 0
			for i, r := range reg {
				if r == l {
					seen |= 1 << g[i]
				}
			}
			if seen != 0b11110 {
				return false
			}
		}
		return true
	}
	for range trials {
		// The clues are drawn from a solution (most of them: some are
		// random), so that most puzzles have a few solutions.
		var sg, sreg []int
		for sg == nil || !valid(sg, sreg) {
			sg, sreg = squares[rng.IntN(len(squares))], tilings[rng.IntN(len(tilings))]
		}
		text := ".Shape~4x4.NoBoxes.ChaosConstruction"
		var rules []func(g, reg []int) bool
		for range 6 + rng.IntN(5) {
			switch rng.IntN(4) {
			case 0, 1:
				i := rng.IntN(16)
				d := sg[i]
				text += fmt.Sprintf(".~%s_%d", cellName(i/4, i%4), d)
				rules = append(rules, func(g, _ []int) bool { return g[i] == d })
			case 2:
				i := rng.IntN(15)
				j := i + 1
				if i%4 == 3 {
					j = i + 4
				}
				sum := sg[i] + sg[j]
				text += fmt.Sprintf(".Cage~%d~%s~%s", sum, cellName(i/4, i%4), cellName(j/4, j%4))
				rules = append(rules, func(g, _ []int) bool { return g[i]+g[j] == sum && g[i] != g[j] })
			default:
				i, j := rng.IntN(16), rng.IntN(16)
				if i == j {
					continue
				}
				if sreg[i] != sreg[j] {
					text += fmt.Sprintf(".AllDifferent~CC%d~CC%d", i+1, j+1)
					rules = append(rules, func(_, reg []int) bool { return reg[i] != reg[j] })
				} else {
					text += fmt.Sprintf(".SameValues~2~CC%d~CC%d", i+1, j+1)
					rules = append(rules, func(_, reg []int) bool { return reg[i] == reg[j] })
				}
			}
		}
		p, err := Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		want := 0
		for _, reg := range tilings {
			for _, g := range squares {
				ok := valid(g, reg)
				for _, r := range rules {
					ok = ok && r(g, reg)
				}
				if ok {
					want++
				}
			}
		}
		if want > 0 && want < 100 {
			some++
		}
		if !countsAgree(t, s, text, p.Grid, want, 100) {
			t.FailNow()
		}
	}
	if some < trials/2 {
		t.Errorf("%d of %d puzzles with 1 to 99 solutions: the test checks too little", some, trials)
	}
	for _, bad := range []string{".Shape~4x4.NoBoxes.ChaosConstruction.~CC1_2", ".Shape~4x4.NoBoxes.ChaosConstruction.Thermo~CC1~CC2",
		".Shape~4x4.ChaosConstruction", ".Shape~4x4~5.NoBoxes.ChaosConstruction"} {
		if _, err := Read(bad); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", bad, err)
		}
	}
	if p, err := Read(".Shape~4x4.NoBoxes.ChaosConstruction.Cage~3~R1C1~R1C2"); err != nil || len(p.Clues) != 1 || !strings.Contains(strings.Join(p.Warnings, "\n"), "labels") {
		t.Errorf("the clues and warnings read: %v, %v", p, err)
	}
}
