package main

import (
	"strconv"

	"github.com/satdoku/satdoku"
)

// appendDigits appends the digits of the mask m under rules r, as the
// values they stand for: their symbols run together ("128", "0A" from 0
// or above 9), or above 25×25 numbers joined by commas.
func appendDigits(dst []byte, m uint64, r *satdoku.Rules) []byte {
	first := true
	for d := 1; d <= r.Values(); d++ {
		if m&(1<<(d-1)) == 0 {
			continue
		}
		if r.N() <= 25 {
			dst = r.AppendSymbol(dst, d)
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = strconv.AppendInt(dst, int64(r.ValueOf(d)), 10)
	}
	return dst
}
