package logic

import (
	"slices"
	"strconv"

	"github.com/satdoku/satdoku"
)

// RatingEqualCells rates a digit that cells made equal (clones,
// palindromes) cannot hold because, between them, they would see every
// place of it in a unit.
const RatingEqualCells = 2.9

// equalClasses returns the classes of cells that Equal relations make
// equal, of two cells or more, each with the names of its rules.
func equalClasses(b *board) (classes [][]int, names []string) {
	parent := cellSets{}
	find := parent.find
	var order []int
	name := map[int]string{}
	for _, r := range b.rules.Relations() {
		if r.Kind != satdoku.Equal {
			continue
		}
		for _, c := range [2]int{r.A, r.B} {
			if _, ok := parent[c]; !ok {
				order = append(order, c)
			}
		}
		parent[find(r.A)] = find(r.B)
		if name[r.A] == "" {
			name[r.A] = r.Name
		}
	}
	at := map[int]int{}
	for _, c := range order {
		root := find(c)
		x, ok := at[root]
		if !ok {
			x = len(classes)
			at[root] = x
			classes = append(classes, nil)
			names = append(names, "")
		}
		classes[x] = append(classes[x], c)
		if names[x] == "" {
			names[x] = name[c]
		}
	}
	for x := range classes {
		slices.Sort(classes[x])
		if names[x] == "" {
			names[x] = satdoku.Equal.String()
		}
	}
	return classes, names
}

// equalCells finds a digit that a class of equal cells cannot hold: were
// it theirs, every place of it in a unit of N cells that holds none of
// them would see one of them.
func (s *State) equalCells() (Step, bool) {
	n := s.b.n
	cl := cluesOf(s.b)
	for x, class := range cl.equal {
		var common uint64 = s.b.all
		for _, i := range class {
			if s.value[i] != 0 {
				common = 0
				break
			}
			common &= s.cand[i]
		}
		for ; common != 0; common &= common - 1 {
			d := lowDigit(common)
			for u, un := range s.b.units {
				if !s.b.full[u] {
					continue
				}
				blocked, inside := true, false
				for _, i := range un.Cells {
					if slices.Contains(class, i) || int(s.value[i]) == d {
						inside = true
						break
					}
					if !s.open(i, d) {
						continue
					}
					seen := false
					for _, k := range class {
						if s.b.sees(i, k) {
							seen = true
							break
						}
					}
					if !seen {
						blocked = false
						break
					}
				}
				if inside || !blocked {
					continue
				}
				var el []Candidate
				for _, i := range class {
					el = append(el, Candidate{i, d})
				}
				return Step{
					Technique:    "equal cells",
					Rating:       RatingEqualCells,
					Text:         "equal cells " + joinCells(n, class, ",") + " (" + cl.equalNames[x] + "): with " + strconv.Itoa(d) + " they would see every place of " + strconv.Itoa(d) + " in " + un.String() + "; " + elimList(n, el),
					Eliminations: el,
				}, true
			}
		}
	}
	return Step{}, false
}
