package satdoku_test

import (
	"testing"

	"github.com/satdoku/satdoku"
)

// TestRelationHolds holds each kind to facts stated by hand from its
// documentation, one pair that satisfies it and one that does not (and
// more where a kind has a corner: order, digits outside the thirds).
func TestRelationHolds(t *testing.T) {
	for _, c := range []struct {
		k    satdoku.RelationKind
		v    int
		a, b int
		want bool
	}{
		{satdoku.Different, 0, 3, 4, true}, {satdoku.Different, 0, 4, 4, false},
		{satdoku.NotConsecutive, 0, 3, 5, true}, {satdoku.NotConsecutive, 0, 5, 4, false},
		{satdoku.Consecutive, 0, 5, 4, true}, {satdoku.Consecutive, 0, 5, 5, false},
		{satdoku.Double, 0, 6, 3, true}, {satdoku.Double, 0, 3, 6, true}, {satdoku.Double, 0, 3, 5, false},
		{satdoku.NotDouble, 0, 3, 5, true}, {satdoku.NotDouble, 0, 4, 2, false},
		{satdoku.Sum, 10, 3, 7, true}, {satdoku.Sum, 10, 5, 6, false},
		{satdoku.NotSum, 5, 1, 3, true}, {satdoku.NotSum, 5, 1, 4, false},
		{satdoku.Less, 0, 1, 2, true}, {satdoku.Less, 0, 2, 1, false}, {satdoku.Less, 0, 2, 2, false},
		{satdoku.NotGreater, 0, 2, 2, true}, {satdoku.NotGreater, 0, 1, 2, true}, {satdoku.NotGreater, 0, 3, 2, false},
		{satdoku.Equal, 0, 7, 7, true}, {satdoku.Equal, 0, 7, 8, false},
		{satdoku.Apart, 5, 9, 4, true}, {satdoku.Apart, 5, 4, 8, false},
		{satdoku.Difference, 3, 2, 5, true}, {satdoku.Difference, 3, 2, 6, false},
		{satdoku.NotDifference, 3, 2, 6, true}, {satdoku.NotDifference, 3, 5, 2, false},
		{satdoku.Ratio, 3, 9, 3, true}, {satdoku.Ratio, 3, 2, 6, true}, {satdoku.Ratio, 3, 2, 4, false},
		{satdoku.NotRatio, 3, 2, 4, true}, {satdoku.NotRatio, 3, 3, 1, false},
		{satdoku.OtherResidue, 3, 1, 5, true}, {satdoku.OtherResidue, 3, 1, 7, false}, {satdoku.OtherResidue, 0, 1, 2, false},
		{satdoku.OtherThird, 9, 3, 4, true}, {satdoku.OtherThird, 9, 4, 6, false}, {satdoku.OtherThird, 9, 7, 9, false},
		{satdoku.OtherThird, 4, 1, 2, true}, {satdoku.OtherThird, 4, 2, 3, false}, {satdoku.OtherThird, 4, 3, 4, true},
		{satdoku.OtherThird, 9, 1, 10, false},
		{satdoku.RelationKind(200), 0, 1, 2, false},
	} {
		if got := c.k.Holds(c.v, c.a, c.b); got != c.want {
			t.Errorf("%v (value %d) of %d and %d = %v, want %v", c.k, c.v, c.a, c.b, got, c.want)
		}
		if got := (satdoku.Relation{Kind: c.k, Value: c.v}).Holds(c.a, c.b); got != c.want {
			t.Errorf("Relation{%v, %d}.Holds(%d, %d) = %v, want %v", c.k, c.v, c.a, c.b, got, c.want)
		}
	}
}
