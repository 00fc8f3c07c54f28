package verify

import "github.com/satdoku/satdoku"

// broken reports whether digits da of cell A and db of cell B break
// relation x. A relation of a kind it does not know is always broken: the
// validator never passes what it cannot check.
func broken(x *satdoku.Relation, da, db int) bool {
	lo, hi := min(da, db), max(da, db)
	switch x.Kind {
	case satdoku.Different:
		return da == db
	case satdoku.NotConsecutive:
		return hi-lo == 1
	case satdoku.Consecutive:
		return hi-lo != 1
	case satdoku.Double:
		return hi != 2*lo
	case satdoku.NotDouble:
		return hi == 2*lo
	case satdoku.Sum:
		return da+db != x.Value
	case satdoku.NotSum:
		return da+db == x.Value
	case satdoku.Less:
		return da >= db
	case satdoku.Equal:
		return da != db
	case satdoku.Apart:
		return hi-lo < x.Value
	case satdoku.Difference:
		return hi-lo != x.Value
	case satdoku.NotDifference:
		return hi-lo == x.Value
	case satdoku.Ratio:
		return hi != x.Value*lo
	case satdoku.NotRatio:
		return hi == x.Value*lo
	case satdoku.NotGreater:
		return da > db
	case satdoku.OtherResidue:
		return x.Value < 1 || (hi-lo)%x.Value == 0
	case satdoku.OtherThird:
		ta, tb := thirdOf(x.Value, da), thirdOf(x.Value, db)
		return ta < 0 || tb < 0 || ta == tb
	case satdoku.Table:
		// Row da, column db of a square table.
		n := 0
		for n*n < len(x.Table) {
			n++
		}
		return da < 1 || db < 1 || da > n || db > n || x.Table[(da-1)*n+db-1] != '1'
	}
	return true
}

// thirdOf returns which third of 1..v digit d lies in, 0 to 2, or −1 for
// none: the thirds are as equal as can be, with the middle one the odd one
// out (one more digit when v leaves 1 divided by 3, one fewer when it
// leaves 2).
func thirdOf(v, d int) int {
	sizes := [3]int{v / 3, v / 3, v / 3}
	switch v % 3 {
	case 1:
		sizes[1]++
	case 2:
		sizes[0]++
		sizes[2]++
	}
	top := 0
	for t, s := range sizes {
		top += s
		if d >= 1 && d <= top {
			return t
		}
	}
	return -1
}

// edge is one relation seen from one of its cells: out[d] holds the
// digits the relation forbids in the other cell when this one holds d.
type edge struct {
	other int32
	out   []uint64
}

// newEdge returns relation x seen from its cell A (isA) or B, on an n×n
// board.
func newEdge(x *satdoku.Relation, isA bool, n int) edge {
	e := edge{other: int32(x.A), out: make([]uint64, n+1)}
	if isA {
		e.other = int32(x.B)
	}
	for d := 1; d <= n; d++ {
		for o := 1; o <= n; o++ {
			if isA && broken(x, d, o) || !isA && broken(x, o, d) {
				e.out[d] |= bit(o)
			}
		}
	}
	return e
}
