package iss

import (
	"regexp"
	"strconv"

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
//     an any-of of L(i) ≠ L(j) and i ≠ j.
// Since the labels are satdoku's, not ISS's, a constraint that names a
// label cell is read only where a renaming of the labels cannot change
// its meaning (SameValues, AllDifferent, CountDistinct); others are
// refused.

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
		return nil // read, or refused as a type satdoku cannot express
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
