package generate

import (
	"fmt"
	"slices"
	"strings"
)

// Symmetry is a symmetry of the clue pattern: a puzzle with symmetry S has
// a clue at a cell exactly when it has one at every image of that cell.
type Symmetry uint8

// The symmetries.
const (
	None         Symmetry = iota // no symmetry
	Rot180                       // half-turn: r,c ↔ N−1−r,N−1−c
	Rot90                        // quarter-turn: r,c → c,N−1−r, four times
	Mirror                       // left-right mirror: r,c ↔ r,N−1−c
	Diagonal                     // about the main diagonal: r,c ↔ c,r
	Antidiagonal                 // about the other diagonal: r,c ↔ N−1−c,N−1−r
)

var symmetryNames = [...]string{None: "none", Rot180: "rot180", Rot90: "rot90", Mirror: "mirror",
	Diagonal: "diagonal", Antidiagonal: "antidiagonal"}

// String returns the symmetry's name, as ParseSymmetry reads it.
func (s Symmetry) String() string {
	if int(s) < len(symmetryNames) {
		return symmetryNames[s]
	}
	return fmt.Sprintf("Symmetry(%d)", uint8(s))
}

// Symmetries returns the names of the symmetries, in order.
func Symmetries() []string { return append([]string(nil), symmetryNames[:]...) }

// ParseSymmetry returns the symmetry of the given name (case-insensitive).
func ParseSymmetry(name string) (Symmetry, error) {
	for s, x := range symmetryNames {
		if strings.EqualFold(name, x) {
			return Symmetry(s), nil
		}
	}
	return 0, fmt.Errorf("generate: unknown symmetry %q (want %s)", name, strings.Join(symmetryNames[:], ", "))
}

// image returns the image of cell (r, c) of an n×n board under one step of s.
func (s Symmetry) image(n, r, c int) (int, int) {
	switch s {
	case Rot180:
		return n - 1 - r, n - 1 - c
	case Rot90:
		return c, n - 1 - r
	case Mirror:
		return r, n - 1 - c
	case Diagonal:
		return c, r
	case Antidiagonal:
		return n - 1 - c, n - 1 - r
	}
	return r, c
}

// Orbits returns the cells of an n×n board (row-major indices) grouped in
// the orbits of s: every group holds a cell and all its images, in
// increasing order, and the groups come in the order of their first cells.
func (s Symmetry) Orbits(n int) [][]int {
	seen := make([]bool, n*n)
	var orbits [][]int
	for i := range n * n {
		if seen[i] {
			continue
		}
		var orbit []int
		r, c := i/n, i%n
		for {
			j := r*n + c
			if seen[j] {
				break
			}
			seen[j] = true
			orbit = append(orbit, j)
			r, c = s.image(n, r, c)
		}
		slices.Sort(orbit)
		orbits = append(orbits, orbit)
	}
	return orbits
}

// Holds reports whether the clue pattern of cells (non-zero entries are
// clues) has symmetry s on an n×n board.
func (s Symmetry) Holds(n int, clue func(i int) bool) bool {
	for i := range n * n {
		r, c := s.image(n, i/n, i%n)
		if clue(i) != clue(r*n+c) {
			return false
		}
	}
	return true
}
