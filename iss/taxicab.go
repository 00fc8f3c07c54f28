package iss

import (
	"strings"

	"github.com/satdoku/satdoku/clue"
)

// antiTaxicab reads AntiTaxicab (ISS: "a cell that contains a digit x
// can't have a taxicab distance of exactly x from another cell with the
// digit x"): for each distance k from 1 to the largest value, a
// clue.PairTable that forbids k in both cells on every two grid cells k
// apart (rows plus columns). ISS reads it on values from 1 only.
func (b *builder) antiTaxicab(it *item) error {
	if b.valueOffset != 0 {
		return b.t.fail(it.at, ErrInvalid, "AntiTaxicab: on a board of values %d to %d (ISS reads it on values from 1)",
			1+b.valueOffset, b.numValues()+b.valueOffset)
	}
	n, v := b.n, b.numValues()
	rows, cols := b.window()
	for k := 1; k <= v; k++ {
		var pairs [][]int
		for i := range rows * cols {
			r, c := i/cols, i%cols
			for j := i + 1; j < rows*cols; j++ {
				r2, c2 := j/cols, j%cols
				if max(r-r2, r2-r)+max(c-c2, c2-c) == k {
					pairs = append(pairs, []int{r*n + c, r2*n + c2})
				}
			}
		}
		if len(pairs) == 0 {
			continue
		}
		t := []byte(strings.Repeat("1", v*v))
		t[(k-1)*v+k-1] = '0'
		b.add(it.at, clue.Clue{Kind: clue.PairTable, Lines: pairs, Table: string(t), Label: it.typ, Global: true})
	}
	return nil
}
