package iss

import (
	"strconv"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// Doppelganger, as ISS states it (js/sudoku_constraint.js, Doppelganger,
// and its builder's _doppelgangerHandlers): on an N×N grid of the values
// 0 to N, every row, column and box holds 0 and all but one of 1..N; no
// two rows (columns, boxes) miss the same digit; and at each 0 the digits
// missing from its row, its column and its box are three different ones.
// ISS adds var cells for it — DGZ (0), DGR and DGC (N each: DGC i is the
// digit row i misses, DGR i the one column i misses) and DGB (a box's,
// 0 each with NoBoxes) — and so does satdoku, so that a puzzle that names
// them reads: each house with its var cell is all different (clue
// ExtraRegion, N+1 cells of N+1 values), each kind of var cell with DGZ
// too, and each grid cell with its houses' var cells is an automaton
// (clue.Automaton) that accepts a cell other than 0 or three different
// missing digits.

// doppelGroups are the var cell groups ISS adds for Doppelganger on an
// n×n grid, by name and count.
func doppelGroups(n int) []varGroup {
	return []varGroup{{name: "VDGZ", count: 1}, {name: "VDGR", count: n}, {name: "VDGC", count: n}, {name: "VDGB", count: n}}
}

// doppelZero returns the automaton over a cell and the var cells of its
// houses (k of them), digits 1..v (digit 1 the value 0): it accepts when
// the cell is not 0 or the var cells are all different.
func doppelZero(v, k int) *satdoku.NFA {
	// States: 0 start, 1 any (accepting), then one per set of digits
	// read so far after a 0 (as a bit set, subsets of fewer than k).
	a := &satdoku.NFA{States: 2, Start: []int{0}, Accept: []int{1}}
	ids := map[int]int{0: 2}
	a.States++
	mv := func(from, to, d int) { a.Moves = append(a.Moves, satdoku.Move{From: from, To: to, Symbol: d}) }
	for d := 1; d <= v; d++ {
		mv(1, 1, d)
		if d > 1 {
			mv(0, 1, d)
		}
	}
	mv(0, ids[0], 1)
	frontier := []int{0}
	for step := 1; step <= k; step++ {
		var next []int
		for _, set := range frontier {
			for d := 1; d <= v; d++ {
				if set&(1<<d) != 0 {
					continue
				}
				to := 1
				if step < k {
					s := set | 1<<d
					id, ok := ids[s]
					if !ok {
						id = a.States
						a.States++
						ids[s] = id
						next = append(next, s)
					}
					to = id
				}
				mv(ids[set], to, d)
			}
		}
		frontier = next
	}
	return a
}

// readDoppelganger records Doppelganger, read at the end (doppelganger)
// once NoBoxes and RegionSize, wherever they stand, are known.
func (b *builder) readDoppelganger(it *item) error {
	if b.inMember {
		return b.t.fail(it.at, ErrUnsupported, "Doppelganger inside an Or: a rule of the whole grid that satdoku cannot make one of several")
	}
	if b.doppel == nil {
		d := *it
		b.doppel = &d
	}
	return nil
}

// doppelganger adds the clues of the Doppelganger read, if any.
func (b *builder) doppelganger() error {
	it := b.doppel
	if it == nil {
		return nil
	}
	n := b.n
	if b.valueOffset != -1 || b.numValues() != n+1 || b.regionSize != 0 && b.regionSize != n {
		return b.t.fail(it.at, ErrInvalid, "Doppelganger: on a board of values %d to %d (ISS reads it on the values 0 to N, .Shape~%dx%d~0-%d)",
			1+b.valueOffset, b.numValues()+b.valueOffset, n, n, n)
	}
	if b.jigsaw != nil {
		return b.t.fail(it.at, ErrUnsupported, "Doppelganger: on a jigsaw (satdoku reads it with boxes or NoBoxes)")
	}
	vars := func(g string) []int {
		out := make([]int, n)
		for k := range n {
			out[k] = b.vars[g+strconv.Itoa(k+1)]
		}
		return out
	}
	zero := b.vars["VDGZ"]
	rowVar, colVar, boxVar := vars("VDGC"), vars("VDGR"), vars("VDGB")
	b.add(it.at, clue.Clue{Kind: clue.PencilMarks, Cells: []int{zero}, Values: []int{0}})
	houseVar := make([][]int, n*n)
	for k := range n {
		row, col := make([]int, 0, n+1), make([]int, 0, n+1)
		for j := range n {
			row, col = append(row, k*n+j), append(col, j*n+k)
			houseVar[k*n+j] = append(houseVar[k*n+j], rowVar[k])
			houseVar[j*n+k] = append(houseVar[j*n+k], colVar[k])
		}
		b.add(it.at, clue.Clue{Kind: clue.ExtraRegion, Cells: append(row, rowVar[k])})
		b.add(it.at, clue.Clue{Kind: clue.ExtraRegion, Cells: append(col, colVar[k])})
	}
	b.add(it.at, clue.Clue{Kind: clue.ExtraRegion, Cells: append(rowVar[:n:n], zero)})
	b.add(it.at, clue.Clue{Kind: clue.ExtraRegion, Cells: append(colVar[:n:n], zero)})
	var boxes [][]int
	if !b.noBoxes {
		_, _, boxes = b.boxes(n, n, n)
	}
	if boxes == nil {
		for _, i := range boxVar {
			b.add(it.at, clue.Clue{Kind: clue.PencilMarks, Cells: []int{i}, Values: []int{0}})
		}
	} else {
		for k, cells := range boxes {
			for _, i := range cells {
				houseVar[i] = append(houseVar[i], boxVar[k])
			}
			b.add(it.at, clue.Clue{Kind: clue.ExtraRegion, Cells: append(cells[:n:n], boxVar[k])})
		}
		b.add(it.at, clue.Clue{Kind: clue.ExtraRegion, Cells: append(boxVar[:n:n], zero)})
	}
	zeros := map[int]*satdoku.NFA{}
	for i, vs := range houseVar {
		a := zeros[len(vs)]
		if a == nil {
			a = doppelZero(n+1, len(vs))
			zeros[len(vs)] = a
		}
		b.add(it.at, clue.Clue{Kind: clue.Automaton, Lines: [][]int{append([]int{i}, vs...)}, NFA: a, Label: "Doppelganger"})
	}
	return nil
}
