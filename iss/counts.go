package iss

import (
	"slices"
	"strings"

	"github.com/satdoku/satdoku/clue"
)

// weightedSum reads ".Sum~SUM~CELLS…" or ".Sum~SUM_=_C1_C2…~CELLS…": the
// cells, each times its coefficient (1 when none is given), add up to
// SUM; cells may repeat. As ISS does, a SUM whose second part is not "="
// has no coefficients, and a coefficient is a whole number from −100 to
// 100, one per cell.
func (b *builder) weightedSum(it *item) error {
	spec, at, err := b.arg(it, 0)
	if err != nil {
		return err
	}
	parts := strings.Split(spec, "_")
	v, ok := number(parts[0])
	if !ok {
		return b.t.fail(at, ErrInvalid, "Sum: sum %q is not a whole number", parts[0])
	}
	cs, err := b.cells(it, 1)
	if err != nil {
		return err
	}
	var coefs []int
	if len(parts) > 1 && parts[1] == "=" {
		for _, p := range parts[2:] {
			k, ok := number(p)
			if !ok || k < -100 || k > 100 {
				return b.t.fail(at, ErrInvalid, "Sum: coefficient %q is not a whole number from -100 to 100", p)
			}
			coefs = append(coefs, k)
		}
		if len(coefs) != len(cs) {
			return b.t.fail(at, ErrInvalid, "Sum: %d coefficients for %d cells", len(coefs), len(cs))
		}
	}
	b.add(it.at, clue.Clue{Kind: clue.WeightedSum, Cells: cs, Coefs: coefs, Value: v})
	return nil
}

// segments reads the arguments of it from k on as groups of cells split
// by "-" (ISS's segment separator); a group may be empty.
func (b *builder) segments(it *item, k int) ([][]int, error) {
	groups := [][]int{nil}
	for ; k < len(it.args); k++ {
		if it.args[k] == "-" {
			groups = append(groups, nil)
			continue
		}
		i, ok := b.cell(it.args[k])
		if !ok {
			return nil, b.t.fail(it.argAt[k], ErrInvalid, "%s: %q is not a cell of the %d×%d board", it.typ, it.args[k], b.n, b.n)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], i)
	}
	if len(groups) == 1 && len(groups[0]) == 0 {
		return nil, b.t.fail(it.at, ErrInvalid, "%s: no cells", it.typ)
	}
	return groups, nil
}

// contain reads ".ContainAtLeast~1_2_2~CELLS…" or ".ContainExact~…": the
// digits, split by '_', and the cells, as a clue of kind.
func (b *builder) contain(it *item, kind clue.Kind) error {
	vs, at, err := b.arg(it, 0)
	if err != nil {
		return err
	}
	ds, err := b.digits(it, at, strings.Split(vs, "_"))
	if err != nil {
		return err
	}
	cs, err := b.cells(it, 1)
	if err != nil {
		return err
	}
	b.add(it.at, clue.Clue{Kind: kind, Cells: cs, Values: ds})
	return nil
}

// lookAndSay reads ".LookAndSay~CLUE~CELLS…": the clue, pairs of a count
// and a value ("1223": one 2 and two 3s), says how many times each value
// is among the cells, exactly; a count of 0 keeps the value out of them.
// A value given two counts is an error, as in ISS.
func (b *builder) lookAndSay(it *item) error {
	s, at, err := b.arg(it, 0)
	if err != nil {
		return err
	}
	cs, err := b.cells(it, 1)
	if err != nil {
		return err
	}
	if len(s) == 0 || len(s)%2 != 0 || strings.Trim(s, "0123456789") != "" {
		return b.t.fail(at, ErrInvalid, "LookAndSay: clue %q is not pairs of a count and a value, each one digit", s)
	}
	var values, out []int
	for k := 0; k < len(s); k += 2 {
		count, v := int(s[k]-'0'), int(s[k+1]-'0')
		switch {
		case count == 0:
			out = append(out, v)
		case slices.Contains(values, v):
			return b.t.fail(at, ErrInvalid, "LookAndSay: clue %q gives value %d two counts", s, v)
		case v < 1 || v > b.numValues():
			return b.t.fail(at, ErrInvalid, "LookAndSay: value %d is not a digit 1 to %d", v, b.numValues())
		default:
			for range count {
				values = append(values, v)
			}
		}
	}
	if len(out) > 0 {
		var allowed []int
		for d := 1; d <= b.numValues(); d++ {
			if !slices.Contains(out, d) {
				allowed = append(allowed, d)
			}
		}
		for _, i := range cs {
			b.given(it.at, i, allowed)
		}
	}
	if len(values) > 0 {
		b.add(it.at, clue.Clue{Kind: clue.ContainsExactly, Cells: cs, Values: values})
	}
	return nil
}

// counts reads the constraints of sums of groups and of counted digits:
// EqualSum, SameValues, ContainExact, LookAndSay, RegionSameValues,
// CountingCircles, CountDistinct.
func (b *builder) counts(it *item) error {
	switch it.typ {
	case "EqualSum":
		groups, err := b.segments(it, 0)
		if err != nil {
			return err
		}
		b.add(it.at, clue.Clue{Kind: clue.EqualSums, Lines: groups})
	case "SameValues":
		// ".SameValues~SETS~CELLS…": the cells cut in order into SETS
		// sets of one size.
		sets, err := b.num(it, 0, "number of sets")
		if err != nil {
			return err
		}
		cs, err := b.cells(it, 1)
		if err != nil {
			return err
		}
		if sets < 1 || len(cs)%sets != 0 {
			return b.t.fail(it.argAt[0], ErrInvalid, "SameValues: %d cells do not cut into %d sets of one size", len(cs), sets)
		}
		size := len(cs) / sets
		lines := make([][]int, sets)
		for k := range lines {
			lines[k] = cs[k*size : (k+1)*size]
		}
		b.add(it.at, clue.Clue{Kind: clue.SameValues, Lines: lines})
	case "ContainExact":
		return b.contain(it, clue.ContainsExactly)
	case "LookAndSay":
		return b.lookAndSay(it)
	case "RegionSameValues":
		// Every row, column and box (and jigsaw piece) of the largest
		// size holds the same set of values, ISS says (its builder: one
		// SameValues of those regions, when they hold fewer cells than
		// there are values). Where every region has a cell for each of
		// the digits, each holds them all: finish adds the rule only on
		// a board of more values than its side.
		b.regionSameAt = append(b.regionSameAt, it.at)
	case "CountingCircles":
		cs, err := b.cells(it, 0)
		if err != nil {
			return err
		}
		b.add(it.at, clue.Clue{Kind: clue.CountingCircles, Cells: cs})
	case "CountDistinct":
		cs, err := b.cells(it, 0)
		if err != nil {
			return err
		}
		if len(cs) < 2 {
			return b.t.fail(it.at, ErrInvalid, "CountDistinct: a counting cell and no cells to count")
		}
		b.add(it.at, clue.Clue{Kind: clue.CountDistinct, Cells: cs})
	}
	return nil
}
