package iss

import (
	"fmt"
	"math/bits"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// ChaosConstruction (js/sudoku_constraint.js, and its handler in
// js/solver/chaos_handler.js): the grid's regions are not given but found
// while solving. ISS adds a group of var cells "CC1" … "CC<N²>", one per
// grid cell in reading order, laid out in rows of N, each holding the
// label of its cell's region; the cells of one label are a region: N of
// them, orthogonally connected, holding every value once. Each partition
// into regions has one labelling: ISS orders the labels by first
// appearance (after seeding a few anchor cells), so that it counts
// partitions, not labellings.
//
// satdoku reads it as rules of its own kinds over the label cells L(i):
//   - every label 1..N on exactly N label cells (clue.ContainsExactly);
//   - the cells of each label connected (clue.ConnectedValues, the label
//     cells in rows of N);
//   - labels in order of first appearance in reading order: L(r1c1) = 1,
//     and each label at most one more than every label before it (an
//     automaton over the label cells whose state is the largest label so
//     far): one labelling per partition, as in ISS, though not ISS's own
//     labels;
//   - two grid cells i and j that share no row or column and lie fewer
//     than N steps apart (closer cells could not share a region of N
//     connected cells) are in different regions or hold different values:
//     an any-of of L(i) ≠ L(j) and i ≠ j;
//   - redundant, for the solver: every cell shares its region with one of
//     its orthogonal neighbours (an any-of of L(i) = L(j), clue.Clone):
//     an empty 9×9 chaos construction took over 30 s without it, 0.4 s
//     with it.
// Since the labels are satdoku's, not ISS's, a constraint that names a
// label cell is read only where a renaming of the labels cannot change
// its meaning: SameValues, AllDifferent, CountDistinct, ChaosArrow and
// ChaosCount (they compare labels), and an NFA or a Regex found to be so
// (see checkAutomata); others are refused.

// chaosGroup is the name of ChaosConstruction's group of var cells.
const chaosGroup = "CC"

// chaosCell matches the name of a label cell.
var chaosCell = regexp.MustCompile(`^CC[0-9]+$`)

// labelFree are the types that may name label cells: their meaning does
// not change when the labels are renamed.
var labelFree = map[string]bool{"SameValues": true, "AllDifferent": true, "CountDistinct": true, "ChaosConstruction": true}

// checkChaosCells fails for an item that names a label cell and whose
// meaning depends on the labels' names.
func (b *builder) checkChaosCells(it *item) error {
	if labelFree[it.typ] || it.typ == "ChaosArrow" || it.typ == "ChaosCount" {
		return nil // read as they are, whatever the labels' names
	}
	if it.typ == "NFA" || it.typ == "Regex" {
		return nil // read, then checked by checkAutomata
	}
	for k, a := range it.args {
		if chaosCell.MatchString(a) || len(a) > 2 && chaosCell.MatchString(a[:len(a)-len(trimID(a))]) {
			return b.t.fail(it.argAt[k], ErrUnsupported, "%s: on the region cell %s of a chaos construction (satdoku's labels of the regions are not ISS's)", it.typ, a)
		}
	}
	return nil
}

// trimID returns what follows the cell id at the start of an argument
// "CC5_1_2" (a given): "_1_2".
func trimID(a string) string {
	for k := range len(a) {
		if a[k] == '_' {
			return a[k:]
		}
	}
	return ""
}

// chaos adds the rules of a ChaosConstruction (see above), read at at,
// once the rules r are made.
func (b *builder) chaos(r *satdoku.Rules) error {
	n, at := b.n, b.chaosAt
	if b.numValues() != n || b.regionSize != 0 && b.regionSize != n {
		return b.t.fail(at, ErrUnsupported, "ChaosConstruction: regions of %d cells on a board of %d values (satdoku reads regions of N cells holding the N values)", max(b.regionSize, n), b.numValues())
	}
	if !b.noBoxes {
		if h, _ := satdoku.BoxShape(n); h != 0 {
			return b.t.fail(at, ErrUnsupported, "ChaosConstruction beside the grid's boxes (ISS's chaos grids have NoBoxes)")
		}
	}
	start, ok := b.vars[chaosGroup+"1"]
	if !ok {
		return b.t.fail(at, ErrInvalid, "ChaosConstruction: no region cells")
	}
	if b.regionSumAt >= 0 {
		return b.t.fail(b.regionSumAt, ErrInvalid, "RegionSumLine beside a ChaosConstruction (ISS refuses it)")
	}
	if err := b.checkAutomata(b.clues, nil); err != nil {
		return err
	}
	b.chaosFrom = len(b.clues)
	// Each label holds each value somewhere: with the pairs below, once.
	for l := 1; l <= n; l++ {
		for v := 1; v <= n; v++ {
			var ms [][]clue.Clue
			for i := range n * n {
				ms = append(ms, []clue.Clue{{Kind: clue.PencilMarks, Cells: []int{start + i}, Values: []int{l + b.valueOffset}},
					{Kind: clue.PencilMarks, Cells: []int{i}, Values: []int{v + b.valueOffset}}})
			}
			b.add(at, clue.Clue{Kind: clue.AnyOf, Members: ms})
		}
	}
	labels := make([]int, n*n)
	var each []int
	for i := range labels {
		labels[i] = start + i
		each = append(each, i/n+1+b.valueOffset) // each label n times
	}
	b.add(at, clue.Clue{Kind: clue.ContainsExactly, Cells: labels, Values: each})
	for l := 1; l <= n; l++ {
		b.add(at, clue.Clue{Kind: clue.ConnectedValues, Cells: labels, Value: n, Values: []int{l + b.valueOffset}})
	}
	b.add(at, clue.Clue{Kind: clue.Automaton, Lines: [][]int{labels}, NFA: firstAppearance(n), Label: "chaos labels"})
	// Redundant (the connected regions of N ≥ 2 cells imply it), for the
	// solver: every cell shares its region with an orthogonal neighbour.
	for i := range n * n {
		var ms [][]clue.Clue
		for _, d := range [][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}} {
			r, c := i/n+d[0], i%n+d[1]
			if r >= 0 && r < n && c >= 0 && c < n {
				ms = append(ms, []clue.Clue{{Kind: clue.Clone, Lines: [][]int{{labels[i]}, {labels[r*n+c]}}}})
			}
		}
		b.add(at, clue.Clue{Kind: clue.AnyOf, Members: ms})
	}
	for i := range n * n {
		for j := i + 1; j < n*n; j++ {
			ri, ci, rj, cj := i/n, i%n, j/n, j%n
			if ri == rj || ci == cj || max(ri-rj, rj-ri)+max(ci-cj, cj-ci) >= n {
				continue
			}
			b.add(at, clue.Clue{Kind: clue.AnyOf, Members: [][]clue.Clue{
				{{Kind: clue.ExtraRegion, Cells: []int{labels[i], labels[j]}}},
				{{Kind: clue.ExtraRegion, Cells: []int{i, j}}},
			}})
		}
	}
	b.warnings = append(b.warnings, b.pos(at).String()+": ChaosConstruction: the regions' labels (CC1 … CC"+strconv.Itoa(n*n)+") are satdoku's: the first region met in reading order is 1, the next new one 2, …")
	return nil
}

// firstAppearance returns the automaton over n² labels 1..n that accepts
// them when each label is at most one more than every label before it:
// its state is the largest label so far (0 at the start).
func firstAppearance(n int) *satdoku.NFA {
	a := &satdoku.NFA{States: n + 1, Start: []int{0}}
	for m := 0; m <= n; m++ {
		a.Accept = append(a.Accept, m)
		for d := 1; d <= min(m+1, n); d++ {
			a.Moves = append(a.Moves, satdoku.Move{From: m, To: max(m, d), Symbol: d})
		}
	}
	return a
}

// ChaosArrow and ChaosCount (js/sudoku_constraint.js, their handlers in
// js/solver/chaos_handler.js) name a control cell, an offset (0, or 1 to
// leave the first counted cell out) and region cells; the control's value
// plus the offset is a length measured on the labels:
//   - ChaosArrow~C~OFF~ARM-ARM…: arms of region cells split by "-", all
//     starting at one cell; the run of an arm is its longest prefix in the
//     start's region, and the length is the sum of the runs with the
//     start counted once. Arms of one cell are dropped (they add
//     nothing); with no arms, the four arms from the control's own region
//     cell to the edges of the grid.
//   - ChaosCount~C~OFF~CELLS: how many of the cells are in the first one's
//     region (itself included); with no cells, the control's region cell
//     and its eight neighbours.
//
// Both compare labels only for equality, so satdoku's labels serve. Each
// is read as a Reach clue: the control, and lines from the start (an
// arrow's arms; for a count, a line from the first cell to each other),
// the offset its value. (Read as an automaton over the labels, which
// carries the start's label in its states, they made the 9×9 chaos
// constructions with arrows of the CtC set minutes long.)

// chaosControl returns the control cell and offset of a ChaosArrow or a
// ChaosCount, and the index of its first region cell argument.
func (b *builder) chaosControl(it *item) (ctrl, off, k int, err error) {
	if b.chaosAt < 0 {
		return 0, 0, 0, b.t.fail(it.at, ErrInvalid, "%s without a ChaosConstruction", it.typ)
	}
	s, at, err := b.arg(it, 0)
	if err != nil {
		return 0, 0, 0, err
	}
	ctrl, ok := b.cell(s)
	if !ok || chaosCell.MatchString(s) {
		return 0, 0, 0, b.t.fail(at, ErrInvalid, "%s: control %q is not a cell of the %d×%d board", it.typ, s, b.n, b.n)
	}
	if len(it.args) > 1 {
		switch it.args[1] {
		case "", "0":
		case "1":
			off = 1
		default:
			return 0, 0, 0, b.t.fail(it.argAt[1], ErrInvalid, "%s: offset %q (want 0 or 1)", it.typ, it.args[1])
		}
	}
	return ctrl, off, 2, nil
}

// chaosGroups returns the region cells of a ChaosArrow (runs: its arms)
// or a ChaosCount (one group) from argument k on, or the groups ISS takes
// when none are given.
func (b *builder) chaosGroups(it *item, ctrl, k int, runs bool) ([][]int, error) {
	if k < len(it.args) {
		groups, err := b.segments(it, k)
		if err != nil {
			return nil, err
		}
		if !runs && len(groups) > 1 {
			return nil, b.t.fail(it.at, ErrInvalid, "ChaosCount: cells split by \"-\"")
		}
		for j := k; j < len(it.args); j++ {
			if a := it.args[j]; a != "-" && !chaosCell.MatchString(a) {
				return nil, b.t.fail(it.argAt[j], ErrInvalid, "%s: %s is not a region cell (CC1 … CC%d): the cells after the control must be", it.typ, a, b.n*b.n)
			}
		}
		return groups, nil
	}
	n, r, c := b.n, ctrl/b.n, ctrl%b.n
	if ctrl >= n*n {
		return nil, b.t.fail(it.at, ErrUnsupported, "%s: a control outside the grid with no region cells", it.typ)
	}
	in := func(y, x int) bool { return y >= 0 && y < n && x >= 0 && x < n }
	rc := b.vars[chaosGroup+"1"] + ctrl // the control's region cell
	var groups [][]int
	if runs {
		for _, d := range [][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}} {
			arm := []int{}
			for y, x := r, c; in(y, x); y, x = y+d[0], x+d[1] {
				arm = append(arm, rc+(y-r)*n+(x-c))
			}
			groups = append(groups, arm)
		}
		return groups, nil
	}
	// ISS's order: the cell, up, down, left, right, then the diagonals.
	var cs []int
	for _, d := range [][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
		if in(r+d[0], c+d[1]) {
			cs = append(cs, rc+d[0]*n+d[1])
		}
	}
	return [][]int{cs}, nil
}

// chaosLength reads a ChaosArrow or a ChaosCount (see above).
func (b *builder) chaosLength(it *item) error {
	ctrl, off, k, err := b.chaosControl(it)
	if err != nil {
		return err
	}
	runs := it.typ == "ChaosArrow"
	groups, err := b.chaosGroups(it, ctrl, k, runs)
	if err != nil {
		return err
	}
	if !runs {
		if len(groups[0]) == 0 {
			return b.t.fail(it.at, ErrInvalid, "ChaosCount: no cells")
		}
		first := groups[0][0]
		lines := [][]int{{first}}
		for _, i := range groups[0][1:] {
			lines = append(lines, []int{first, i})
		}
		b.add(it.at, clue.Clue{Kind: clue.Reach, Cells: []int{ctrl}, Lines: lines, Value: off, Label: "chaos count"})
		return nil
	}
	for _, arm := range groups {
		if len(arm) == 0 || arm[0] != groups[0][0] {
			return b.t.fail(it.at, ErrInvalid, "ChaosArrow: the arms must share their first region cell")
		}
	}
	b.add(it.at, clue.Clue{Kind: clue.Reach, Cells: []int{ctrl}, Lines: groups, Value: off, Label: "chaos arrow"})
	return nil
}

// checkAutomata fails for an automaton among clues cs (read at b.at, or
// at at for the members of an any-of) that reads region cells and whose
// meaning depends on the labels' names: ISS's labels are not satdoku's
// (ISS numbers the regions in order of first appearance too, but first
// pins the labels 1, 2 and 3 on three anchor cells that its search's
// priorities choose, js/solver/chaos_handler.js _chooseCanonicalAnchors),
// so only an automaton that every renaming of the labels leaves as it is
// means the same in both (as ISS's own search must then find the same
// solutions whatever anchors it picks).
func (b *builder) checkAutomata(cs []clue.Clue, at []int) error {
	start := b.vars[chaosGroup+"1"]
	isLabel := func(i int) bool { return i >= start && i < start+b.n*b.n }
	for k := range cs {
		c := &cs[k]
		place := b.at[k]
		if at != nil {
			place = at[k]
		}
		for _, m := range c.Members {
			if err := b.checkAutomata(m, slices.Repeat([]int{place}, len(m))); err != nil {
				return err
			}
		}
		if c.Kind != clue.Automaton {
			continue
		}
		if !slices.ContainsFunc(slices.Concat(c.Lines...), isLabel) {
			continue
		}
		switch ok, err := labelInvariant(c, isLabel, b.n, b.numValues()); {
		case err != nil:
			return b.t.fail(place, ErrUnsupported, "automaton on the region cells of a chaos construction: %v", err)
		case !ok:
			return b.t.fail(place, ErrUnsupported, "automaton on the region cells of a chaos construction whose meaning depends on the regions' labels (ISS's labels are chosen by its search, satdoku's are the order of first appearance)")
		}
	}
	return nil
}

// setKey returns a map key for the pair of state sets s and t.
func setKey(s, t []uint64) string {
	var sb strings.Builder
	for _, w := range append(slices.Clone(s), t...) {
		for k := range 8 {
			sb.WriteByte(byte(w >> (8 * k)))
		}
	}
	return sb.String()
}

// maxPairs bounds the pairs of state sets labelInvariant follows on one
// cell of a line.
const maxPairs = 1 << 14

// labelInvariant reports whether the automaton c accepts the same lines
// when the labels 1..n read on the cells isLabel tells are renamed, the
// other cells holding 1..v: whether it accepts a line w exactly when it
// accepts σ(w), for σ the swap of labels 1 and 2 and for the cycle 1 → 2
// → … → n → 1 (the two generate every renaming). It follows, cell by
// cell, the pairs (the states the automaton may be in after w, those
// after σ(w)) over every w, and fails when they are too many.
func labelInvariant(c *clue.Clue, isLabel func(int) bool, n, v int) (bool, error) {
	a := c.NFA
	type key struct{ q, sym int }
	out := map[key][]int{}
	for _, m := range a.Moves {
		out[key{m.From, m.Symbol}] = append(out[key{m.From, m.Symbol}], m.To)
	}
	words := (a.States + 63) / 64
	step := func(set []uint64, sym int) []uint64 {
		next := make([]uint64, words)
		for w, m := range set {
			for r := m; r != 0; r &= r - 1 {
				q := w*64 + bits.TrailingZeros64(r)
				for _, t := range out[key{q, sym}] {
					next[t/64] |= 1 << (t % 64)
				}
			}
		}
		return next
	}
	accepts := func(set []uint64) bool {
		for _, q := range a.Accept {
			if set[q/64]>>(q%64)&1 == 1 {
				return true
			}
		}
		return false
	}
	// The line's cells, and −1 for a break.
	var line []int
	for k, l := range c.Lines {
		if k > 0 {
			line = append(line, -1)
		}
		line = append(line, l...)
	}
	swap := func(x int) int {
		switch x {
		case 1:
			return 2
		case 2:
			return 1
		}
		return x
	}
	cycle := func(x int) int { return x%n + 1 }
	for _, sigma := range []func(int) int{swap, cycle} {
		if n < 2 {
			break
		}
		init := make([]uint64, words)
		for _, q := range a.Start {
			init[q/64] |= 1 << (q % 64)
		}
		type pair struct{ s, t []uint64 }
		layer := map[string]pair{setKey(init, init): {init, init}}
		for _, i := range line {
			next := map[string]pair{}
			for _, p := range layer {
				var syms []int
				switch {
				case i < 0:
					syms = []int{satdoku.Break}
				case isLabel(i):
					syms = make([]int, n)
					for x := range syms {
						syms[x] = x + 1
					}
				default:
					syms = make([]int, v)
					for x := range syms {
						syms[x] = x + 1
					}
				}
				for _, x := range syms {
					y := x
					if i >= 0 && isLabel(i) {
						y = sigma(x)
					}
					s, t := step(p.s, x), step(p.t, y)
					next[setKey(s, t)] = pair{s, t}
				}
			}
			if len(next) > maxPairs {
				return false, fmt.Errorf("too large to check that renaming the labels leaves its meaning (over %d pairs of state sets)", maxPairs)
			}
			layer = next
		}
		for _, p := range layer {
			if accepts(p.s) != accepts(p.t) {
				return false, nil
			}
		}
	}
	return true, nil
}
