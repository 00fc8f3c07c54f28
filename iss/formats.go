package iss

import (
	"strings"

	"github.com/satdoku/satdoku/clue"
)

// The killer and pencil-mark formats of ISS's parser (its
// js/sudoku_parser.js), all on 9×9 boards but the pencil marks.

// arrows are the directions of the short killer format: the step, in
// cells, from a cell to the next towards its cage's sum. As in ISS, a
// step is an offset in reading order.
var arrows = map[byte]int{'v': 9, '^': -9, '<': -1, '>': 1, '`': -10, '\'': -8, ',': 8, '.': 10}

// isShortKiller reports whether b is in the short killer format: 81
// characters of arrows and sums, at least one an arrow other than '.'.
func isShortKiller(b []byte) bool {
	if len(b) != 81 || !strings.ContainsAny(string(b), "<v>^`',") {
		return false
	}
	for _, c := range b {
		if _, ok := arrows[c]; !ok && killerSum(c) < 0 {
			return false
		}
	}
	return true
}

// killerSum returns the sum a character of the short killer format
// writes: 0–9, A–Z for 10–35, a–j for 36–45; −1 for another character.
func killerSum(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	case c >= 'a' && c <= 'j':
		return int(c-'a') + 36
	}
	return -1
}

// shortKiller reads the short killer format: each cell's arrow leads,
// in at most 9 steps, to the cell holding its cage's sum.
func (b *builder) shortKiller() error {
	bs := b.t.b
	var order []int
	cages := map[int][]int{}
	for i := range bs {
		head := i
		for steps := 0; ; steps++ {
			d, ok := arrows[bs[head]]
			if !ok {
				break
			}
			if steps >= 9 {
				return b.t.fail(i, ErrSyntax, "the arrows from cell %d loop", i+1)
			}
			if head += d; head < 0 || head >= len(bs) {
				return b.t.fail(i, ErrSyntax, "the arrows from cell %d lead off the board", i+1)
			}
		}
		if cages[head] == nil {
			order = append(order, head)
		}
		cages[head] = append(cages[head], i)
	}
	for _, head := range order {
		b.add(head, clue.Clue{Kind: clue.KillerCage, Cells: cages[head], Value: killerSum(bs[head])})
	}
	return nil
}

// longKiller reads SudoCue's long killer format, "3x3::k:" (or "3x3:d:k:"
// with both diagonals) and 81 numbers, each 256·sum + the cage's id (a
// sum of 0: no cage), separated by ':'.
func (b *builder) longKiller() error {
	s := string(b.t.b)
	parts := strings.Split(s, ":")
	if len(parts) != 81+4 || parts[2] != "k" || parts[len(parts)-1] != "" {
		return b.t.fail(0, ErrSyntax, "a long killer string is 3x3::k: and 81 numbers, each followed by ':'")
	}
	switch parts[1] {
	case "":
	case "d":
		b.global(0, "x")
	default:
		return b.t.fail(4, ErrUnsupported, "killer variant %q (satdoku reads '' and 'd')", parts[1])
	}
	at := len(parts[0]) + len(parts[1]) + len(parts[2]) + 3
	var order []int
	cages := map[int][]int{}
	sums := map[int]int{}
	for i := range 81 {
		p := parts[i+3]
		v, ok := number(p)
		if !ok || v < 0 {
			return b.t.fail(at, ErrInvalid, "cell %d: %q is not a number", i+1, p)
		}
		at += len(p) + 1
		id, sum := v%256, v/256
		if sum == 0 {
			continue
		}
		if cages[id] == nil {
			order = append(order, id)
			sums[id] = sum
		}
		cages[id] = append(cages[id], i)
	}
	for _, id := range order {
		b.add(0, clue.Clue{Kind: clue.KillerCage, Cells: cages[id], Value: sums[id]})
	}
	return nil
}

// pencilmarkSide returns the side n of a pencil-mark string of length l
// (n³ characters), or 0. A string of 64 is a plain 8×8 puzzle to ISS, and
// to satdoku's text formats.
func pencilmarkSide(l int) int {
	for n := 5; n <= 16; n++ {
		if n*n*n == l {
			return n
		}
	}
	return 0
}

// isPencilmarks reports whether b is in the pencil-mark format: n³
// digits and dots.
func isPencilmarks(b []byte) bool {
	if pencilmarkSide(len(b)) == 0 {
		return false
	}
	for _, c := range b {
		if c != '.' && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// pencilmarks reads the pencil-mark format: for each cell in turn, n
// characters, the digits it may hold and '.' for the others.
func (b *builder) pencilmarks() error {
	n := pencilmarkSide(len(b.t.b))
	b.n = n
	for i := range n * n {
		var ds []int
		for k, c := range b.t.b[i*n : (i+1)*n] {
			if c == '.' {
				continue
			}
			if d := int(c - '0'); d >= 1 && d <= n {
				ds = append(ds, d)
				continue
			}
			return b.t.fail(i*n+k, ErrInvalid, "cell %d: %q is not a digit 1 to %d", i+1, c, n)
		}
		if len(ds) == 0 {
			return b.t.fail(i*n, ErrInvalid, "cell %d has no candidate", i+1)
		}
		b.given(i*n, i, ds)
	}
	return nil
}

// jigsawSide returns the side n of a string in ISS's jigsaw format, 2·n²
// characters: the givens, then the layout (n characters, each n times,
// naming the pieces); 0 for another string.
func jigsawSide(b []byte) int {
	n := 0
	for k := 4; k <= 16; k++ {
		if 2*k*k == len(b) {
			n = k
		}
	}
	if n == 0 {
		return 0
	}
	count := map[byte]int{}
	for _, c := range b[n*n:] {
		count[c]++
	}
	if len(count) != n {
		return 0
	}
	for _, k := range count {
		if k != n {
			return 0
		}
	}
	// The givens: digits (letters from A for 1 over 9×9), and one other
	// character for the blanks.
	blank := byte(0)
	for _, c := range b[:n*n] {
		if plainValue(c, n) == 0 {
			if blank != 0 && c != blank {
				return 0
			}
			blank = c
		}
	}
	return n
}

// plainValue returns the digit that c writes in ISS's plain format on an
// n×n board (1–9 up to 9×9, letters from A for 1 above), or 0.
func plainValue(c byte, n int) int {
	d := 0
	switch {
	case n < 10 && c >= '1' && c <= '9':
		d = int(c - '0')
	case n >= 10 && c >= 'A' && c <= 'Z':
		d = int(c-'A') + 1
	}
	if d > n {
		return 0
	}
	return d
}

// jigsawFormat reads ISS's jigsaw format: the givens, then the layout; the
// board has the pieces for regions and no boxes.
func (b *builder) jigsawFormat() error {
	n := jigsawSide(b.t.b)
	b.n, b.noBoxes, b.jigsawAt = n, true, n*n
	pieces := map[byte][]int{}
	var order []byte
	for i, c := range b.t.b[n*n:] {
		if pieces[c] == nil {
			order = append(order, c)
		}
		pieces[c] = append(pieces[c], i)
	}
	for _, c := range order {
		b.jigsaw = append(b.jigsaw, pieces[c])
	}
	for i, c := range b.t.b[:n*n] {
		if d := plainValue(c, n); d > 0 {
			b.grid[i] = d
		}
	}
	return nil
}
