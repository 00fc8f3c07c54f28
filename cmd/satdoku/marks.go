package main

import (
	"bytes"
	"strconv"

	"github.com/satdoku/satdoku"
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

// miniShape is the shape of a cell's block of pencil marks: the box shape
// of the board's side (3×3 on 9×9, 2×3 on 6×6), or for a prime side rows
// as wide as its square root rounded up.
func miniShape(n int) (h, w int) {
	if h, w = satdoku.BoxShape(n); h != 0 {
		return h, w
	}
	for w = 1; w*w < n; w++ {
	}
	return (n + w - 1) / w, w
}

// regionsOf returns the region of every cell, the index of its Box unit,
// or all -1 when the rules have no regions.
func regionsOf(r *satdoku.Rules) []int {
	n := r.N()
	reg := make([]int, n*n)
	for i := range reg {
		reg[i] = -1
	}
	for _, u := range r.Units() {
		if u.Kind == satdoku.Box {
			for _, i := range u.Cells {
				reg[i] = u.Index
			}
		}
	}
	return reg
}

// appendMarks appends the pencil-mark grid of the candidate masks m (one
// per cell, row-major) under rules r, without a trailing newline. Each cell
// is a block of miniShape(n): digit d at row (d−1)/w, column (d−1)%w of its
// block, '.' when it is not a candidate. Cells are three columns apart, and
// a line between each row of cells; where two neighbours lie in different
// regions (boxes, or a jigsaw's regions) a '|' or a run of '-' is drawn
// between them, with '+' where borders cross:
//
//	1.. .2. ..3 | ...
//	... ... ... | ...
//	... ... ... | ...
//	            |
//	...
//	------------+----
func appendMarks(dst []byte, r *satdoku.Rules, m []uint64) []byte {
	return appendMarksCrossed(dst, r, m, nil)
}

// appendMarksCrossed is appendMarks with the candidates of cross (one mask
// per cell, or nil) drawn as 'x' in their places: the candidates a step
// removes.
func appendMarksCrossed(dst []byte, r *satdoku.Rules, m, cross []uint64) []byte {
	n := r.N()
	reg := regionsOf(r)
	mh, mw := miniShape(n)
	sw := 1 // the width of a symbol; above 25×25 two, with a space between
	if n > 25 {
		sw = 2
	}
	block := mw*sw + (mw-1)*(sw-1)
	border := func(i, j int) bool { return reg[i] != reg[j] }
	var line []byte
	for row := range n {
		if row > 0 {
			// The line between row-1 and row.
			line = line[:0]
			for c := range n {
				up, down := (row-1)*n+c, row*n+c
				below := border(up, down)
				if c > 0 {
					left := border(up-1, down-1)
					line = append(line, dash(left), junction(border(up-1, up), border(down-1, down), left, below), dash(below))
				}
				for range block {
					line = append(line, dash(below))
				}
			}
			dst = append(append(dst, bytes.TrimRight(line, " ")...), '\n')
		}
		for k := range mh {
			line = line[:0]
			for c := range n {
				i := row*n + c
				if c > 0 {
					if border(i-1, i) {
						line = append(line, " | "...)
					} else {
						line = append(line, "   "...)
					}
				}
				for j := range mw {
					d := k*mw + j + 1
					if j > 0 && sw > 1 {
						line = append(line, ' ')
					}
					switch {
					case d > n:
						line = append(line, "  "[:sw]...)
					case cross != nil && cross[i]&(1<<(d-1)) != 0:
						line = append(line, " x"[2-sw:]...)
					case m[i]&(1<<(d-1)) == 0:
						line = append(line, " ."[2-sw:]...)
					case sw == 1:
						line = append(line, markSymbols[d-1])
					default:
						if d < 10 {
							line = append(line, ' ')
						}
						line = strconv.AppendInt(line, int64(d), 10)
					}
				}
			}
			dst = append(dst, bytes.TrimRight(line, " ")...)
			if row < n-1 || k < mh-1 {
				dst = append(dst, '\n')
			}
		}
	}
	return dst
}

// dash is the character under a cell, or beside a crossing: '-' on a
// border, ' ' otherwise.
func dash(border bool) byte {
	if border {
		return '-'
	}
	return ' '
}

// junction is the character where four cells meet, from the borders above
// and below it (between the two upper cells, between the two lower ones)
// and to its left and right.
func junction(up, down, left, right bool) byte {
	switch {
	case (up || down) && (left || right):
		return '+'
	case up || down:
		return '|'
	case left || right:
		return '-'
	}
	return ' '
}
