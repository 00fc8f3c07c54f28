package main

import (
	"strconv"
)

// markSymbols are the symbols of digits 1 to 25, as in the line format.
const markSymbols = "123456789ABCDEFGHIJKLMNOP"

// appendDigits appends the digits of the mask m on an n×n board: their
// symbols run together ("128"), or above 25×25 numbers joined by commas.
func appendDigits(dst []byte, m uint64, n int) []byte {
	first := true
	for d := 1; d <= n; d++ {
		if m&(1<<(d-1)) == 0 {
			continue
		}
		if n <= 25 {
			dst = append(dst, markSymbols[d-1])
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = strconv.AppendInt(dst, int64(d), 10)
	}
	return dst
}
