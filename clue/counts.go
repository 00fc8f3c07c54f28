package clue

import (
	"slices"

	"github.com/satdoku/satdoku"
)

// counted applies the clues of weighted sums, equal sums, the clues that
// count digits, sum loops, multisum killer cages and rellik cages (the
// cells and lines already checked).
func (b *builder) counted(c *Clue) error {
	n := b.n
	switch c.Kind {
	case WeightedSum:
		if len(c.Cells) == 0 {
			return b.fail("cells", -1, -1, "no cells")
		}
		if c.Coefs != nil && len(c.Coefs) != len(c.Cells) {
			return b.fail("coefs", -1, -1, "%d coefficients for %d cells", len(c.Coefs), len(c.Cells))
		}
		b.total(c.Cells, c.Coefs, c.Value)
	case EqualSums:
		// The first group less each other one adds up to 0.
		if len(c.Lines) < 2 {
			b.warnings = append(b.warnings, Warning{Clue: b.clue, Msg: "fewer than two groups to compare"})
			return nil
		}
		first := c.Lines[0]
		for _, l := range c.Lines[1:] {
			cells := append(slices.Clone(first), l...)
			coefs := make([]int, len(cells))
			for k := range coefs {
				coefs[k] = 1
				if k >= len(first) {
					coefs[k] = -1
				}
			}
			b.total(cells, coefs, 0)
		}
	case ContainsExactly:
		if len(c.Values) == 0 {
			b.warnings = append(b.warnings, Warning{Clue: b.clue, Msg: "no digits to contain"})
			return nil
		}
		if len(c.Cells) == 0 {
			return b.fail("cells", -1, -1, "no cells")
		}
		// Values are values: digit d is the value d + the offset.
		ds, _ := b.valueDigits(c.Values)
		for k, d := range ds {
			if d < 1 {
				return b.fail("values", -1, k, "digit %d is not in %d..%d", c.Values[k], 1+b.off, b.v+b.off)
			}
		}
		if len(ds) > len(c.Cells) {
			b.never(c.Cells, "%d digits cannot fit in %d cells", len(ds), len(c.Cells))
			return nil
		}
		if d := slices.Max(ds); d > b.v {
			b.never(c.Cells, "digit %d is not in %d..%d", d+b.off, 1+b.off, b.v+b.off)
			return nil
		}
		b.con(satdoku.Constraint{Kind: satdoku.Exactly, Cells: c.Cells, Digits: ds})
	case SameValues:
		if len(c.Lines) < 2 || len(c.Lines[0]) == 0 {
			b.warnings = append(b.warnings, Warning{Clue: b.clue, Msg: "fewer than two sets to compare"})
			return nil
		}
		var cells []int
		apart := true
		for k, l := range c.Lines {
			if len(l) != len(c.Lines[0]) {
				return b.fail("lines", k, -1, "a set of %d cells, the first of %d", len(l), len(c.Lines[0]))
			}
			for _, i := range l {
				apart = apart && !slices.Contains(cells, i)
				cells = append(cells, i)
			}
		}
		if apart {
			b.con(satdoku.Constraint{Kind: satdoku.SameValues, Cells: cells, Value: len(c.Lines)})
			return nil
		}
		// Sets that share cells: each set holds the first's values, and
		// the cells the two share, each as often as both list it, hold the
		// same values in both; the rest of the two must.
		for _, l := range c.Lines[1:] {
			x, y := cancelShared(c.Lines[0], l)
			if len(x) == 0 {
				continue
			}
			// Each set lists a cell once (see lines): x and y share none.
			b.con(satdoku.Constraint{Kind: satdoku.SameValues, Cells: append(x, y...), Value: 2})
		}
	case CountingCircles:
		if len(c.Cells) == 0 {
			return b.fail("cells", -1, -1, "no cells")
		}
		b.con(satdoku.Constraint{Kind: satdoku.Circles, Cells: c.Cells})
	case CountDistinct:
		// The counting cell, then the cells it counts, each once (a cell
		// listed twice counts once): the counting cell among them counts
		// itself.
		if len(c.Cells) < 2 {
			return b.fail("cells", -1, -1, "%d cells, want the counting cell and the cells it counts", len(c.Cells))
		}
		cells, self := []int{c.Cells[0]}, 1
		for _, i := range c.Cells[1:] {
			switch {
			case i == c.Cells[0]:
				self = 0
			case !slices.Contains(cells, i):
				cells = append(cells, i)
			}
		}
		if len(cells) == 1 {
			b.con(satdoku.Constraint{Kind: satdoku.OneOf, Cells: cells, Mask: 1}) // it counts itself alone: 1
			break
		}
		b.con(satdoku.Constraint{Kind: satdoku.Distinct, Cells: cells, Value: self})
	case MultisumKillerCage:
		cage := Clue{Kind: KillerCage, Cells: c.Cells}
		if err := b.killerCage(&cage); err != nil || len(c.Values) == 0 || len(c.Cells) > n {
			return err
		}
		k := len(c.Cells)
		lo, hi := k*(k+1)/2, k*(2*n-k+1)/2 // the sums of k distinct digits
		var sums []int
		for _, v := range c.Values {
			if v >= lo && v <= hi && !slices.Contains(sums, v) {
				sums = append(sums, v)
			}
		}
		if len(sums) == 0 {
			b.never(c.Cells, "none of the sums %v is possible in %d cells (want %d to %d)", c.Values, k, lo, hi)
			return nil
		}
		b.con(satdoku.Constraint{Kind: satdoku.TotalIn, Cells: c.Cells, Digits: sums})
	case RellikCage:
		cage := Clue{Kind: KillerCage, Cells: c.Cells}
		if err := b.killerCage(&cage); err != nil || len(c.Cells) > n {
			return err
		}
		if c.Value >= 1 {
			b.con(satdoku.Constraint{Kind: satdoku.NoSubsetSum, Cells: c.Cells, Value: c.Value})
		}
	case SumLoop:
		v, err := b.segmentSum(c)
		if err != nil {
			return err
		}
		if v > 63 {
			return b.unsupported("value", "segments adding up to %d (satdoku's loops take 63 or less)", v)
		}
		for _, l := range c.Lines {
			switch {
			case len(l) == 1:
				b.total(l, nil, v) // a loop of one cell: one segment
			case len(l) > 1:
				b.con(satdoku.Constraint{Kind: satdoku.SegmentsLoop, Cells: l, Value: v})
			}
		}
	}
	b.tag()
	return nil
}

// segmentSum returns the sum of each segment of a 10-line or a sum loop:
// Value, 10 when it is 0; an error when it is below 1.
func (b *builder) segmentSum(c *Clue) (int, error) {
	v := c.Value
	if v == 0 {
		v = 10
	}
	if v < 1 {
		return 0, b.fail("value", -1, -1, "segments cannot add up to %d", v)
	}
	return v, nil
}

// cancelShared returns sets x and y without the cells they share, each
// taken out of both as often as both list it.
func cancelShared(x, y []int) (xs, ys []int) {
	ys = slices.Clone(y)
	for _, i := range x {
		if k := slices.Index(ys, i); k >= 0 {
			ys = slices.Delete(ys, k, k+1)
			continue
		}
		xs = append(xs, i)
	}
	return xs, ys
}
