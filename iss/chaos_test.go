package iss

import (
	"encoding/base64"
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

// chaosValid reports whether the Latin square g and the tiling reg make
// a solution: each region holds 1 to 4.
func chaosValid(g, reg []int) bool {
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

// chaosAgree reads the 4×4 puzzle text and fails the test unless the
// validator's counter and gini count as many solutions (up to 100) as
// brute force over the Latin squares and tilings under rules; it reports
// whether there are 1 to 99.
func chaosAgree(t *testing.T, s *satsolve.Solver, text string, squares, tilings [][]int, rules []func(g, reg []int) bool) bool {
	t.Helper()
	p, err := Read(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	want := 0
	for _, reg := range tilings {
		for _, g := range squares {
			ok := chaosValid(g, reg)
			for _, r := range rules {
				ok = ok && r(g, reg)
			}
			if ok {
				want++
			}
		}
	}
	if !countsAgree(t, s, text, p.Grid, want, 100) {
		t.FailNow()
	}
	return want > 0 && want < 100
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
	for range trials {
		// The clues are drawn from a solution (most of them: some are
		// random), so that most puzzles have a few solutions.
		var sg, sreg []int
		for sg == nil || !chaosValid(sg, sreg) {
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
		if chaosAgree(t, s, text, squares, tilings, rules) {
			some++
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

// chaosRun is the length a ChaosArrow (runs) or a ChaosCount measures on
// the regions reg (the region of each cell of the 4×4 grid), stated as
// ISS's descriptions state it: for an arrow, each arm's longest prefix in
// its first cell's region, the runs added with the shared start counted
// once, arms of one cell left out unless all are; for a count, how many of
// the cells (the first included) are in the first cell's region.
func chaosRun(reg []int, groups [][]int, runs bool) int {
	if !runs {
		n := 0
		for _, i := range groups[0] {
			if reg[i] == reg[groups[0][0]] {
				n++
			}
		}
		return n
	}
	var arms [][]int
	for _, g := range groups {
		if len(g) > 1 {
			arms = append(arms, g)
		}
	}
	if len(arms) == 0 {
		arms = groups[:1]
	}
	total := 1
	for _, arm := range arms {
		k := 1
		for k < len(arm) && reg[arm[k]] == reg[arm[0]] {
			k++
		}
		total += k - 1
	}
	return total
}

// chaosArms returns the groups of cells of a ChaosArrow (runs) or a
// ChaosCount drawn at random on the 4×4 grid, as ISS's text names them
// (region cells CC1 …, arms split by "-"), or none (the form with the
// control alone) and the groups ISS takes then: the four arms from the
// control to the edges, or the control and its eight neighbours.
func chaosArms(rng *rand.Rand, ctrl int, runs bool) ([][]int, string) {
	in := func(r, c int) bool { return r >= 0 && r < 4 && c >= 0 && c < 4 }
	r0, c0 := ctrl/4, ctrl%4
	if rng.IntN(4) == 0 {
		var groups [][]int
		if runs {
			for _, d := range [][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}} {
				var arm []int
				for r, c := r0, c0; in(r, c); r, c = r+d[0], c+d[1] {
					arm = append(arm, r*4+c)
				}
				groups = append(groups, arm)
			}
		} else {
			var g []int
			for _, d := range [][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
				if in(r0+d[0], c0+d[1]) {
					g = append(g, (r0+d[0])*4+c0+d[1])
				}
			}
			groups = [][]int{g}
		}
		return groups, ""
	}
	start := rng.IntN(16)
	var groups [][]int
	var text []string
	if runs {
		for a := range 1 + rng.IntN(3) {
			// A walk of orthogonal or diagonal steps, cells maybe
			// repeated (ISS's arms are any region cells).
			arm := []int{start}
			for range rng.IntN(5) {
				last := arm[len(arm)-1]
				dr, dc := rng.IntN(3)-1, rng.IntN(3)-1
				if in(last/4+dr, last%4+dc) && (dr != 0 || dc != 0) {
					arm = append(arm, last+dr*4+dc)
				}
			}
			if a > 0 {
				text = append(text, "-")
			}
			for _, i := range arm {
				text = append(text, fmt.Sprintf("CC%d", i+1))
			}
			groups = append(groups, arm)
		}
	} else {
		g := []int{start}
		for range rng.IntN(8) {
			g = append(g, rng.IntN(16))
		}
		for _, i := range g {
			text = append(text, fmt.Sprintf("CC%d", i+1))
		}
		groups = [][]int{g}
	}
	return groups, "~" + strings.Join(text, "~")
}

// TestChaosArrowCount reads random 4×4 ISS puzzles with ChaosConstruction
// and ChaosArrow and ChaosCount clues (random arms and cells, offsets 0
// and 1, the forms with the control alone; values 1–4 or 0–3), and checks
// the number of solutions against brute force over every Latin square and
// every tiling, each clue measured on the tiling by chaosRun: the
// validator's counter and gini must both find that many.
func TestChaosArrowCount(t *testing.T) {
	squares, tilings := squares4(4, false), tetrominoTilings()
	rng := rand.New(rand.NewPCG(31, 12))
	s := satsolve.New(satsolve.Options{})
	trials, some := 40, 0
	if testing.Short() {
		trials = 6
	}
	for trial := range trials {
		var sg, sreg []int
		for sg == nil || !chaosValid(sg, sreg) {
			sg, sreg = squares[rng.IntN(len(squares))], tilings[rng.IntN(len(tilings))]
		}
		base := trial % 2 // values 1–4, or 0–3
		text := ".NoBoxes.ChaosConstruction"
		if base == 0 {
			text = ".Shape~4x4~0-3" + text
		} else {
			text = ".Shape~4x4" + text
		}
		var rules []func(g, reg []int) bool
		for range 3 + rng.IntN(4) {
			if rng.IntN(3) == 0 {
				i := rng.IntN(16)
				d := sg[i]
				text += fmt.Sprintf(".~%s_%d", cellName(i/4, i%4), d-1+base)
				rules = append(rules, func(g, _ []int) bool { return g[i] == d })
				continue
			}
			runs := rng.IntN(2) == 0
			ctrl, off := rng.IntN(16), rng.IntN(2)
			groups, cells := chaosArms(rng, ctrl, runs)
			typ := "ChaosCount"
			if runs {
				typ = "ChaosArrow"
			}
			if cells == "" && rng.IntN(2) == 0 {
				text += fmt.Sprintf(".%s~%s", typ, cellName(ctrl/4, ctrl%4)) // no offset: 0
				off = 0
			} else {
				text += fmt.Sprintf(".%s~%s~%d%s", typ, cellName(ctrl/4, ctrl%4), off, cells)
			}
			rules = append(rules, func(g, reg []int) bool { return g[ctrl]-1+base+off == chaosRun(reg, groups, runs) })
		}
		if chaosAgree(t, s, text, squares, tilings, rules) {
			some++
		}
	}
	if some < trials/3 {
		t.Errorf("%d of %d puzzles with 1 to 99 solutions: the test checks too little", some, trials)
	}
}

// TestChaosAutomata reads 4×4 chaos constructions with regular
// expressions on region cells (ISS compiles them to automata, as its NFA
// lines are), and checks, against brute force over tilings and Latin
// squares, those whose meaning no renaming of the labels changes: two
// cells in one region, in two, a digit telling which, a run of one label
// then another. Those that name a label (the region of R1C2 is region 1,
// or region 2) are refused, as satdoku's labels are not ISS's.
func TestChaosAutomata(t *testing.T) {
	squares, tilings := squares4(4, false), tetrominoTilings()
	s := satsolve.New(satsolve.Options{})
	re := func(pattern string, cells ...string) string {
		return ".Regex~" + base64.RawURLEncoding.EncodeToString([]byte(pattern)) + "~" + strings.Join(cells, "~")
	}
	same := "11|22|33|44"
	other := "1[234]|2[134]|3[124]|4[123]"
	for _, tc := range []struct {
		text string
		rule func(g, reg []int) bool
	}{
		{re(same, "CC2", "CC7"), func(_, reg []int) bool { return reg[1] == reg[6] }},
		{re(other, "CC1", "CC6"), func(_, reg []int) bool { return reg[0] != reg[5] }},
		// R4C4 is 1 or 2 exactly when CC6 and CC11 are in one region.
		{re("[12]("+same+")|[34]("+other+")", "R4C4", "CC6", "CC11"), func(g, reg []int) bool { return g[15] <= 2 == (reg[5] == reg[10]) }},
		// Along row 2: one region, then another to the end.
		{re("(1+(2+|3+|4+))|(2+(1+|3+|4+))|(3+(1+|2+|4+))|(4+(1+|2+|3+))", "CC5", "CC6", "CC7", "CC8"), func(_, reg []int) bool {
			k := 1
			for k < 4 && reg[4+k] == reg[4] {
				k++
			}
			for j := k + 1; j < 4; j++ {
				if reg[4+j] != reg[4+k] {
					return false
				}
			}
			return k < 4
		}},
	} {
		text := ".Shape~4x4.NoBoxes.ChaosConstruction.~R1C1_1.~R1C2_2.~R1C3_3.~R1C4_4.~R2C1_3.~R3C1_2" + tc.text
		givens := func(g, _ []int) bool {
			return g[0] == 1 && g[1] == 2 && g[2] == 3 && g[3] == 4 && g[4] == 3 && g[8] == 2
		}
		if !chaosAgree(t, s, text, squares, tilings, []func(g, reg []int) bool{givens, tc.rule}) {
			t.Errorf("%s: no puzzle of 1 to 99 solutions", text)
		}
	}
	for _, text := range []string{re("1", "CC2"), re("2", "CC2"), re(same+"|12", "CC2", "CC7"), re("[12]1", "R1C1", "CC6")} {
		text = ".Shape~4x4.NoBoxes.ChaosConstruction" + text
		if _, err := Read(text); !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "labels") {
			t.Errorf("%s: %v, want ErrUnsupported (labels)", text, err)
		}
	}
}
