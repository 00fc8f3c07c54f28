package iss

import (
	"slices"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// FullRank~R3~A~B and FullRankTies~MODE, as ISS states them
// (js/sudoku_constraint.js, FullRank and FullRankTies; the FullRank
// handler of js/solver/handlers.js, merged by its optimizer): every row
// and every column is read as a number forwards and backwards, 4N
// entries; a clue A at the start of row 3 (B at its end) is the rank of
// that entry among all of them from the lowest, 1. On a Sudoku each value
// v starts exactly four entries — one row from the left, one from the
// right, one column from the top, one from the bottom — so rank r names
// the first value v = ⌈r/4⌉ and the place (r−1) mod 4 among those four,
// which compare digit by digit. The ties mode (FullRankTies, default
// only-unclued):
//
//   - only-unclued: no other entry equals a clued one, and exactly
//     (r−1) mod 4 of the other three entries starting with v are smaller
//     (the rest greater);
//   - any: exactly (r−1) mod 4 of them are smaller (ties share a rank);
//   - none: as only-unclued, and no two of the 4N entries are equal at
//     all, clued or not.
//
// Each clue is read as automata (clue.Automaton) over two entries read
// side by side — a0 b0 a1 b1 … — that compare them, the first value of
// the clued entry as a one-cell automaton, and any-of clues (clue.AnyOf)
// over which entry of each other kind (rows from the left, …) starts with
// v and which of those kinds hold the smaller ones.

// rankClue is one FullRank clue: the kind of its entry (0 rows from the
// left, 1 rows from the right, 2 columns from the top, 3 from the
// bottom), which row or column, the rank and where it was read.
type rankClue struct {
	kind, line, rank, at int
}

// rankEntry returns the cells of entry line of kind on an n×n board, in
// reading order.
func rankEntry(n, kind, line int) []int {
	cs := make([]int, n)
	for p := range n {
		switch kind {
		case 0:
			cs[p] = line*n + p
		case 1:
			cs[p] = line*n + n - 1 - p
		case 2:
			cs[p] = p*n + line
		default:
			cs[p] = (n-1-p)*n + line
		}
	}
	return cs
}

// Outcomes of comparing entry b with entry a (accepting-state sets).
const (
	rankLess    = 1 << iota // b is smaller than a
	rankEqual               // b equals a
	rankGreater             // b is greater than a
)

// rankCompare returns the automaton over the digits a0 b0 a1 b1 … of two
// entries of digits 1..v that accepts when the outcome of comparing b with
// a is among want; with sameStart, b0 must equal a0.
func rankCompare(v, want int, sameStart bool) *satdoku.NFA {
	eq, lt, gt := 0, v+1, v+2 // and 1..v: a's digit read, b's to come
	// first: the states of the first pair apart from the others, so
	// that sameStart can hold there only.
	firstEq := v + 3
	a := &satdoku.NFA{States: v + 4 + v, Start: []int{firstEq}}
	firstRead := func(x int) int { return v + 3 + x }
	mv := func(from, to, d int) { a.Moves = append(a.Moves, satdoku.Move{From: from, To: to, Symbol: d}) }
	for x := 1; x <= v; x++ {
		mv(firstEq, firstRead(x), x)
		mv(eq, x, x)
		for y := 1; y <= v; y++ {
			to := eq
			switch {
			case y < x:
				to = lt
			case y > x:
				to = gt
			}
			mv(x, to, y)
			if to == eq || !sameStart {
				mv(firstRead(x), to, y)
			}
		}
		mv(lt, lt, x)
		mv(gt, gt, x)
	}
	for k, q := range []int{lt, eq, gt} {
		if want&(1<<k) != 0 {
			a.Accept = append(a.Accept, q)
		}
	}
	return a
}

// interleave returns a0 b0 a1 b1 ….
func interleave(a, b []int) []int {
	out := make([]int, 0, 2*len(a))
	for p := range a {
		out = append(out, a[p], b[p])
	}
	return out
}

// readFullRank records the clues of FullRank~R3~A~B, read at the end
// (fullRanks) once the ties mode is known.
func (b *builder) readFullRank(it *item) error {
	if b.inMember {
		return b.t.fail(it.at, ErrUnsupported, "FullRank inside an Or: a rule ranking the whole grid that satdoku cannot make one of several")
	}
	if b.numValues() != b.n {
		return b.t.fail(it.at, ErrInvalid, "FullRank: %d values on a %d×%d grid (ISS ranks a square grid with all values used)", b.numValues(), b.n, b.n)
	}
	if len(it.args) > 3 {
		return b.t.fail(it.argAt[3], ErrInvalid, "FullRank: too many arguments")
	}
	if len(it.args) == 0 {
		return b.t.fail(it.at, ErrInvalid, "FullRank: no row or column")
	}
	row, col, err := b.outside(it, 0, true)
	if err != nil {
		return err
	}
	for k := 1; k <= 2 && k < len(it.args); k++ {
		if it.args[k] == "" {
			continue
		}
		r, err := b.num(it, k, "rank")
		if err != nil {
			return err
		}
		if r < 1 || r > 4*b.n {
			return b.t.fail(it.argAt[k], ErrInvalid, "FullRank: rank %d (want 1 to %d, the %d rows and columns read both ways)", r, 4*b.n, 2*b.n)
		}
		c := rankClue{kind: k - 1, line: row, rank: r, at: it.at}
		if col >= 0 {
			c.kind, c.line = k+1, col
		}
		// A later clue on the same entry replaces it, as in ISS (one
		// outside clue per line and end).
		b.ranks = slices.DeleteFunc(b.ranks, func(o rankClue) bool { return o.kind == c.kind && o.line == c.line })
		b.ranks = append(b.ranks, c)
	}
	return nil
}

// readRankTies reads FullRankTies~MODE.
func (b *builder) readRankTies(it *item) error {
	if b.inMember {
		return b.t.fail(it.at, ErrUnsupported, "FullRankTies inside an Or: a rule of the whole grid that satdoku cannot make one of several")
	}
	mode := "only-unclued"
	if len(it.args) > 0 {
		mode = it.args[0]
	}
	switch mode {
	case "none", "only-unclued", "any":
	default:
		at := it.at
		if len(it.argAt) > 0 {
			at = it.argAt[0]
		}
		return b.t.fail(at, ErrInvalid, "FullRankTies: %q (want none, only-unclued or any)", mode)
	}
	// Of two modes, the stricter holds, as ISS's optimizer merges them.
	strict := map[string]int{"none": 0, "only-unclued": 1, "any": 2}
	if b.rankTies == "" || strict[mode] < strict[b.rankTies] {
		b.rankTies, b.rankTiesAt = mode, it.at
	}
	return nil
}

// fullRanks adds the clues of every FullRank read, and the rule of
// FullRankTies~none.
func (b *builder) fullRanks() {
	n, v := b.n, b.numValues()
	ties := b.rankTies
	if ties == "" {
		ties = "only-unclued"
	}
	notLess := rankGreater
	if ties == "any" {
		notLess |= rankEqual
	}
	for _, c := range b.ranks {
		e := rankEntry(n, c.kind, c.line)
		first := (c.rank + 3) / 4
		one := &satdoku.NFA{States: 2, Start: []int{0}, Accept: []int{1}, Moves: []satdoku.Move{{From: 0, To: 1, Symbol: first}}}
		b.add(c.at, clue.Clue{Kind: clue.Automaton, Lines: [][]int{e[:1]}, NFA: one, Label: "FullRank"})
		// which holds, for each other kind, the clue that its entry
		// starting with the same value is smaller (or not).
		which := func(kind, want int) clue.Clue {
			alt := clue.Clue{Kind: clue.AnyOf}
			for j := range n {
				f := rankEntry(n, kind, j)
				alt.Members = append(alt.Members, []clue.Clue{{Kind: clue.Automaton, Lines: [][]int{interleave(e, f)},
					NFA: rankCompare(v, want, true), Label: "FullRank"}})
			}
			return alt
		}
		var others []int
		for kind := range 4 {
			if kind != c.kind {
				others = append(others, kind)
			}
		}
		below := (c.rank - 1) % 4
		var ways [][]clue.Clue
		for set := range 8 {
			if popcount3(set) != below {
				continue
			}
			var way []clue.Clue
			for k, kind := range others {
				if set&(1<<k) != 0 {
					way = append(way, which(kind, rankLess))
				} else {
					way = append(way, which(kind, notLess))
				}
			}
			ways = append(ways, way)
		}
		if len(ways) == 1 {
			for _, w := range ways[0] {
				b.add(c.at, w)
			}
		} else {
			b.add(c.at, clue.Clue{Kind: clue.AnyOf, Members: ways})
		}
	}
	if ties != "none" {
		return
	}
	// No two entries are equal: two that start with the same value are
	// of different kinds, and differ unless no place holds two cells of
	// one row or column.
	var all [][]int
	for kind := range 4 {
		for j := range n {
			all = append(all, rankEntry(n, kind, j))
		}
	}
	differ := rankCompare(v, rankLess|rankGreater, false)
	for i := range all {
		for j := range i {
			if mayEqual(n, all[i], all[j]) {
				b.add(b.rankTiesAt, clue.Clue{Kind: clue.Automaton, Lines: [][]int{interleave(all[i], all[j])}, NFA: differ, Label: "FullRankTies"})
			}
		}
	}
}

// mayEqual reports whether entries a and b of an n×n Latin square may hold
// the same digits: at no place are their cells two cells of one row or
// one column.
func mayEqual(n int, a, b []int) bool {
	for p := range a {
		if a[p] != b[p] && (a[p]/n == b[p]/n || a[p]%n == b[p]%n) {
			return false
		}
	}
	return true
}

func popcount3(x int) int { return x&1 + x>>1&1 + x>>2&1 }
