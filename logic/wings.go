package logic

import (
	"math/bits"
	"strconv"
)

// cellCands returns "r1c1 {1,2}".
func (s *State) cellCands(i int) string {
	return cellName(s.b.n, i) + " {" + digitList(s.cand[i]) + "}"
}

// seenByAll returns the eliminations of digit d from the empty cells, other
// than the given ones, that see every one of them.
func (s *State) seenByAll(d int, cells ...int) []Candidate {
	var el []Candidate
	for _, j32 := range s.b.peers[cells[0]] {
		j := int(j32)
		if s.value[j] != 0 || s.cand[j]&bit(d) == 0 || contains(cells, j) {
			continue
		}
		all := true
		for _, c := range cells[1:] {
			if !s.b.sees(c, j) {
				all = false
				break
			}
		}
		if all {
			el = append(el, Candidate{j, d})
		}
	}
	return el
}

// xyWing finds a pivot {x,y} that sees pincers {x,z} and {y,z}: one of the
// pincers holds z, so no cell that sees both does. With xyz the pivot is
// {x,y,z}, and the cells must see the pivot too.
func (s *State) xyWing(xyz bool) (Step, bool) {
	n := s.b.n
	pivotSize := 2
	name, rating := "xy-wing", RatingXYWing
	if xyz {
		pivotSize, name, rating = 3, "xyz-wing", RatingXYZWing
	}
	for p := range s.cand {
		pm := s.cand[p]
		if s.value[p] != 0 || bits.OnesCount64(pm) != pivotSize {
			continue
		}
		peers := s.b.peers[p]
		for x, a32 := range peers {
			a := int(a32)
			am := s.cand[a]
			if s.value[a] != 0 || bits.OnesCount64(am) != 2 {
				continue
			}
			if xyz {
				if am&^pm != 0 {
					continue
				}
			} else if bits.OnesCount64(am&pm) != 1 {
				continue
			}
			for _, c32 := range peers[x+1:] {
				c := int(c32)
				cm := s.cand[c]
				if s.value[c] != 0 || bits.OnesCount64(cm) != 2 || cm == am {
					continue
				}
				var z uint64
				if xyz {
					if cm&^pm != 0 || am|cm != pm {
						continue
					}
					z = am & cm
				} else {
					if bits.OnesCount64(cm&pm) != 1 || cm&pm == am&pm {
						continue
					}
					z = am &^ pm
					if cm&^pm != z {
						continue
					}
				}
				if bits.OnesCount64(z) != 1 {
					continue
				}
				d := lowDigit(z)
				var el []Candidate
				if xyz {
					el = s.seenByAll(d, a, c, p)
				} else {
					el = s.seenByAll(d, a, c)
				}
				if len(el) == 0 {
					continue
				}
				el = sortCands(el)
				return Step{
					Technique:    name,
					Rating:       rating,
					Text:         name + ": pivot " + s.cellCands(p) + ", pincers " + s.cellCands(a) + " and " + s.cellCands(c) + ": one of them holds " + strconv.Itoa(d) + "; " + elimList(n, el),
					Eliminations: el,
				}, true
			}
		}
	}
	return Step{}, false
}
