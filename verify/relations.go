package verify

import "github.com/satdoku/satdoku"

// broken reports whether digits da of cell A and db of cell B break a
// relation of kind k: equal digits for Different, digits one apart for
// NotConsecutive.
func broken(k satdoku.RelationKind, da, db int) bool {
	switch k {
	case satdoku.Different:
		return da == db
	case satdoku.NotConsecutive:
		return da-db == 1 || db-da == 1
	}
	return false
}

// ruledOut returns the digits that a relation of kind k forbids in one
// cell when the other holds d.
func ruledOut(k satdoku.RelationKind, d int) uint64 {
	switch k {
	case satdoku.Different:
		return bit(d)
	case satdoku.NotConsecutive:
		return bit(d-1) | bit(d+1)
	}
	return 0
}

// edge is one relation seen from one of its cells.
type edge struct {
	other int32
	kind  satdoku.RelationKind
}
