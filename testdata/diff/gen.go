//go:build ignore

// Gen writes puzzles.txt, the self-made set of the differential tests of
// package satsolve: 4×4, 9×9 and 16×16 puzzles with no, one and several
// solutions, each line "count:puzzle" with the exact number of solutions.
// It uses its own backtracking counter, independent of satsolve and verify,
// and a fixed seed, so
//
//	go run gen.go > puzzles.txt
//
// reproduces the file.
package main

import (
	"bufio"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
)

const alphabet = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

type board struct {
	n, b  int
	cells []int
}

func (p board) clone() board {
	p.cells = append([]int(nil), p.cells...)
	return p
}

func (p board) String() string {
	s := make([]byte, len(p.cells))
	for i, d := range p.cells {
		s[i] = alphabet[d]
	}
	return string(s)
}

// count returns the number of solutions of p, up to limit, by backtracking
// on the empty cell with the fewest candidates. It returns 0 when two givens
// clash. first, if not nil, receives the first solution.
func count(p board, limit int, first []int) int {
	n, b := p.n, p.b
	rows, cols, boxes := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	cells := append([]int(nil), p.cells...)
	for i, d := range cells {
		if d == 0 {
			continue
		}
		r, c := i/n, i%n
		x, bit := r/b*b+c/b, uint64(1)<<d
		if (rows[r]|cols[c]|boxes[x])&bit != 0 {
			return 0
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[x] |= bit
	}
	all := (uint64(1)<<(n+1) - 1) &^ 1
	found := 0
	var rec func()
	rec = func() {
		best, bestMask, bestN := -1, uint64(0), n+1
		for i, d := range cells {
			if d != 0 {
				continue
			}
			r, c := i/n, i%n
			m := all &^ (rows[r] | cols[c] | boxes[r/b*b+c/b])
			if k := bits.OnesCount64(m); k < bestN {
				best, bestMask, bestN = i, m, k
				if k <= 1 {
					break
				}
			}
		}
		if best < 0 {
			if found == 0 && first != nil {
				copy(first, cells)
			}
			found++
			return
		}
		r, c := best/n, best%n
		x := r/b*b + c/b
		for m := bestMask; m != 0 && found < limit; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			bit := uint64(1) << d
			cells[best] = d
			rows[r] |= bit
			cols[c] |= bit
			boxes[x] |= bit
			rec()
			rows[r] &^= bit
			cols[c] &^= bit
			boxes[x] &^= bit
		}
		cells[best] = 0
	}
	rec()
	return found
}

// random returns a random solved n×n grid: the solution of an empty grid
// whose first row and first column are shuffled, then with digits relabeled.
func random(rng *rand.Rand, b int) board {
	n := b * b
	for {
		p := board{n, b, make([]int, n*n)}
		perm := rng.Perm(n)
		for c := range n {
			p.cells[c] = perm[c] + 1
		}
		sol := make([]int, n*n)
		if count(p, 1, sol) == 1 {
			relabel := rng.Perm(n)
			for i := range sol {
				sol[i] = relabel[sol[i]-1] + 1
			}
			// Shuffle rows within bands and bands, to vary the grid.
			q := board{n, b, make([]int, n*n)}
			bands := rng.Perm(b)
			for r := range n {
				within := r % b
				src := bands[r/b]*b + within
				copy(q.cells[r*n:(r+1)*n], sol[src*n:(src+1)*n])
			}
			return q
		}
	}
}

// reduce empties cells of the solution sol in random order while the puzzle
// stays unique, keeping at least minGivens givens.
func reduce(rng *rand.Rand, sol board, minGivens int) board {
	p := sol.clone()
	givens := len(p.cells)
	for _, i := range rng.Perm(len(p.cells)) {
		if givens <= minGivens {
			break
		}
		d := p.cells[i]
		p.cells[i] = 0
		if count(p, 2, nil) != 1 {
			p.cells[i] = d
			continue
		}
		givens--
	}
	return p
}

// loosen empties k more givens of p, returning the puzzle and whether it
// has between lo and hi solutions.
func loosen(rng *rand.Rand, p board, k, lo, hi int) (board, bool) {
	q := p.clone()
	for _, i := range rng.Perm(len(q.cells)) {
		if k == 0 {
			break
		}
		if q.cells[i] != 0 {
			q.cells[i] = 0
			k--
		}
	}
	c := count(q, hi+1, nil)
	return q, lo <= c && c <= hi
}

// contradict sets one empty cell of the unique puzzle p, with solution sol,
// to a digit other than its solution's that clashes with no given: the
// result has no solution, though no two givens clash.
func contradict(rng *rand.Rand, p, sol board) (board, bool) {
	n, b := p.n, p.b
	for _, i := range rng.Perm(len(p.cells)) {
		if p.cells[i] != 0 {
			continue
		}
		r, c := i/n, i%n
		for _, d0 := range rng.Perm(n) {
			d := d0 + 1
			if d == sol.cells[i] {
				continue
			}
			ok := true
			for j, e := range p.cells {
				rj, cj := j/n, j%n
				if e == d && (rj == r || cj == c || rj/b == r/b && cj/b == c/b) {
					ok = false
					break
				}
			}
			if ok {
				q := p.clone()
				q.cells[i] = d
				return q, true
			}
		}
	}
	return p, false
}

// clash copies a given digit of p into another cell of its row, so that two
// givens clash.
func clash(rng *rand.Rand, p board) board {
	q := p.clone()
	n := q.n
	for _, i := range rng.Perm(len(q.cells)) {
		if q.cells[i] == 0 {
			continue
		}
		r, c := i/n, i%n
		j := r*n + (c+1+rng.IntN(n-1))%n
		q.cells[j] = q.cells[i]
		return q
	}
	return q
}

func main() {
	rng := rand.New(rand.NewPCG(2024, 37))
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	emit := func(p board) {
		fmt.Fprintf(w, "%d:%s\n", count(p, 1<<30, nil), p)
	}
	fmt.Fprintln(w, "# Self-made differential test set (go run gen.go > puzzles.txt).")
	fmt.Fprintln(w, "# count:puzzle, with count the exact number of solutions.")
	sets := []struct {
		b                        int
		unique, multi, none      int
		minGivens, loosenBy, max int
	}{
		{2, 12, 12, 8, 0, 2, 1000},
		{3, 50, 50, 30, 0, 3, 2000},
		{4, 6, 6, 4, 136, 4, 5000},
	}
	for _, set := range sets {
		n := set.b * set.b
		fmt.Fprintf(w, "# %dx%d\n", n, n)
		empty := board{n, set.b, make([]int, n*n)}
		if n <= 4 {
			emit(empty) // 288 solutions
		}
		for k := 0; k < set.unique || k < set.multi || k < set.none; k++ {
			sol := random(rng, set.b)
			p := reduce(rng, sol, set.minGivens)
			if k == 0 {
				emit(sol) // a full grid: one solution
				emit(clash(rng, sol))
			}
			if k < set.unique {
				emit(p)
			}
			if k < set.multi {
				// Every other puzzle has exactly two solutions, the case
				// that tells a unique puzzle from a multiple one.
				lo, hi, by := 2, set.max, 1+rng.IntN(set.loosenBy)
				if k%2 == 0 {
					hi, by = 2, 1
				}
				for try := 0; try < 200; try++ {
					if q, ok := loosen(rng, p, by, lo, hi); ok {
						emit(q)
						break
					}
				}
			}
			if k < set.none {
				if k%4 == 3 {
					emit(clash(rng, p))
				} else if q, ok := contradict(rng, p, sol); ok {
					emit(q)
				}
			}
		}
	}
}
