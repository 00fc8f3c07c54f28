package logic

import (
	"math/bits"
	"strconv"
)

var subsetNames = [...]string{2: "pair", 3: "triple", 4: "quad"}

// combos calls f with every increasing choice of k indices out of 0..m-1,
// until f returns true; it reports whether f did.
func combos(m, k int, f func(idx []int) bool) bool {
	idx := make([]int, k)
	var rec func(start, depth int) bool
	rec = func(start, depth int) bool {
		if depth == k {
			return f(idx)
		}
		for x := start; x <= m-(k-depth); x++ {
			idx[depth] = x
			if rec(x+1, depth+1) {
				return true
			}
		}
		return false
	}
	return k >= 1 && k <= m && rec(0, 0)
}

// nakedSubset finds k empty cells of a unit whose candidates are k digits
// between them: the unit's other cells cannot hold those digits. It holds
// in every unit, full or not, as each of the k cells takes one of them.
func (s *State) nakedSubset(k int, rating float64) (Step, bool) {
	n := s.b.n
	var cells []int
	for _, un := range s.b.units {
		cells = cells[:0]
		empty := 0
		for _, i := range un.Cells {
			if s.value[i] != 0 {
				continue
			}
			empty++
			if c := bits.OnesCount64(s.cand[i]); c >= 2 && c <= k {
				cells = append(cells, i)
			}
		}
		if empty <= k {
			continue
		}
		var st Step
		found := combos(len(cells), k, func(idx []int) bool {
			var m uint64
			for _, x := range idx {
				m |= s.cand[cells[x]]
			}
			if bits.OnesCount64(m) != k {
				return false
			}
			sub := make([]int, k)
			for j, x := range idx {
				sub[j] = cells[x]
			}
			var el []Candidate
			for _, i := range un.Cells {
				if s.value[i] != 0 || s.cand[i]&m == 0 || contains(sub, i) {
					continue
				}
				for _, d := range digits(s.cand[i] & m) {
					el = append(el, Candidate{i, d})
				}
			}
			if len(el) == 0 {
				return false
			}
			name := "naked " + subsetNames[k]
			st = Step{
				Technique:    name,
				Rating:       rating,
				Text:         name + ": " + cellList(n, sub) + " hold only " + digitList(m) + " in " + un.String() + "; " + elimList(n, el),
				Eliminations: el,
			}
			return true
		})
		if found {
			return st, true
		}
	}
	return Step{}, false
}

// hiddenSubset finds k digits that a full unit has only in k cells: those
// cells hold no other digit.
func (s *State) hiddenSubset(k int, rating float64) (Step, bool) {
	n := s.b.n
	var ds []int
	var where []uint64 // where[x] is the positions of ds[x] in the unit, as bits of indices into its cells
	for u, un := range s.b.units {
		if !s.b.full[u] || len(un.Cells) > 64 {
			continue
		}
		once, _, placed := s.unitMasks(un.Cells)
		ds, where = ds[:0], where[:0]
		empty := 0
		for _, i := range un.Cells {
			if s.value[i] == 0 {
				empty++
			}
		}
		if empty <= k {
			continue
		}
		for _, d := range digits(once &^ placed) {
			var w uint64
			for x, i := range un.Cells {
				if s.open(i, d) {
					w |= 1 << x
				}
			}
			if c := bits.OnesCount64(w); c >= 2 && c <= k {
				ds = append(ds, d)
				where = append(where, w)
			}
		}
		var st Step
		found := combos(len(ds), k, func(idx []int) bool {
			var w, m uint64
			for _, x := range idx {
				w |= where[x]
				m |= bit(ds[x])
			}
			if bits.OnesCount64(w) != k {
				return false
			}
			var sub []int
			var el []Candidate
			for x, i := range un.Cells {
				if w&(1<<x) == 0 {
					continue
				}
				sub = append(sub, i)
				for _, d := range digits(s.cand[i] &^ m) {
					el = append(el, Candidate{i, d})
				}
			}
			if len(el) == 0 {
				return false
			}
			name := "hidden " + subsetNames[k]
			st = Step{
				Technique:    name,
				Rating:       rating,
				Text:         name + ": " + digitList(m) + " can only go in " + cellList(n, sub) + " in " + un.String() + "; " + elimList(n, el),
				Eliminations: el,
			}
			return true
		})
		if found {
			return st, true
		}
	}
	return Step{}, false
}

var fishNames = [...]string{2: "x-wing", 3: "swordfish", 4: "jellyfish"}

// fish finds, for one digit, k rows (or columns) whose places for it lie
// in k columns (rows): those columns have it nowhere else. Rows and columns
// hold every digit whatever the regions, so it holds on every board.
func (s *State) fish(k int, rating float64) (Step, bool) {
	n := s.b.n
	if n > 64 || len(s.b.rows) != n || len(s.b.cols) != n {
		return Step{}, false
	}
	var base []int
	var where []uint64
	for d := 1; d <= n; d++ {
		for orient := range 2 {
			// cell(b, c) is the cell of base line b and cover line c.
			cell := func(b, c int) int { return b*n + c }
			baseName, coverName := "rows", "columns"
			if orient == 1 {
				cell = func(b, c int) int { return c*n + b }
				baseName, coverName = "columns", "rows"
			}
			base, where = base[:0], where[:0]
			for b := range n {
				var w uint64
				for c := range n {
					i := cell(b, c)
					if s.open(i, d) {
						w |= 1 << c
					}
				}
				if cnt := bits.OnesCount64(w); cnt >= 2 && cnt <= k {
					base = append(base, b)
					where = append(where, w)
				}
			}
			var st Step
			found := combos(len(base), k, func(idx []int) bool {
				var w uint64
				for _, x := range idx {
					w |= where[x]
				}
				if bits.OnesCount64(w) != k {
					return false
				}
				bs := make([]int, k)
				for j, x := range idx {
					bs[j] = base[x]
				}
				var el []Candidate
				for c := range n {
					if w&(1<<c) == 0 {
						continue
					}
					for b := range n {
						i := cell(b, c)
						if !contains(bs, b) && s.open(i, d) {
							el = append(el, Candidate{i, d})
						}
					}
				}
				if len(el) == 0 {
					return false
				}
				var cs []int
				for c := range n {
					if w&(1<<c) != 0 {
						cs = append(cs, c)
					}
				}
				el = sortCands(el)
				st = Step{
					Technique:    fishNames[k],
					Rating:       rating,
					Text:         fishNames[k] + ": " + strconv.Itoa(d) + " in " + baseName + " " + numList(bs) + " can only go in " + coverName + " " + numList(cs) + "; " + elimList(n, el),
					Eliminations: el,
				}
				return true
			})
			if found {
				return st, true
			}
		}
	}
	return Step{}, false
}

// numList returns "2, 6" for the 0-based numbers 1 and 5.
func numList(xs []int) string {
	s := ""
	for k, x := range xs {
		if k > 0 {
			s += ", "
		}
		s += strconv.Itoa(x + 1)
	}
	return s
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
