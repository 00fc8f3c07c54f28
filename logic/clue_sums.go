package logic

import (
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
)

// maxCombos bounds the combinations of a cage that are listed.
const maxCombos = 64

// combos returns the sets of digits a cage (see conSearch.cage) can hold
// with the candidates masks of its cells: sets of as many digits as
// cells that add up to its sum and that the cells can take, one digit
// each; nil when there are more than maxCombos.
func (cs *conSearch) combos(masks []uint64) []uint64 {
	var union uint64
	for _, m := range masks {
		union |= m
	}
	sets, all := sumSets(masks, union, cs.c.Value, maxCombos)
	if !all {
		return nil
	}
	return sets
}

// sumSets returns the sets of len(masks) digits of the mask from that add
// up to total and that the cells of masks can take, one digit each (see
// matches); all is false when there are more than limit, which it leaves
// out.
func sumSets(masks []uint64, from uint64, total, limit int) (sets []uint64, all bool) {
	ds := digits(from)
	var out []uint64
	over := false
	var rec func(at, left, sum int, set uint64)
	rec = func(at, left, sum int, set uint64) {
		if over {
			return
		}
		if left == 0 {
			if sum == total && matches(masks, set) {
				if len(out) == limit {
					over = true
					return
				}
				out = append(out, set)
			}
			return
		}
		for x := at; x+left <= len(ds); x++ {
			// The smallest sum still possible grows with x: stop when
			// it passes the total.
			low := 0
			for y := x; y < x+left; y++ {
				low += ds[y]
			}
			if sum+low > total {
				return
			}
			rec(x+1, left-1, sum+ds[x], set|bit(ds[x]))
		}
	}
	rec(0, len(masks), 0, 0)
	return out, !over
}

// sandwichSupport returns, for a sandwich whose cells all see each other
// (a row or a column), the candidates of each cell that some placement of
// its 1 and its N uses, with between them a set of digits that adds up to
// the sum and that the cells between can take: every digit of such a set
// is kept in each cell between that has it. It keeps more than an exact
// search, never less.
func sandwichSupport(n int, c *satdoku.Constraint, masks []uint64) []uint64 {
	L := len(masks)
	keep := make([]uint64, L)
	inner := (bit(n) - 1) &^ bit(1) // 2 .. N−1
	for p := range L {
		for q := range L {
			if p == q || masks[p]&bit(1) == 0 || masks[q]&bit(n) == 0 {
				continue
			}
			lo, hi := min(p, q), max(p, q)
			between := make([]uint64, hi-lo-1)
			for k := range between {
				between[k] = masks[lo+1+k] & inner
			}
			var digitsUsed uint64
			if len(between) == 0 {
				if c.Value != 0 {
					continue
				}
			} else {
				sets, all := sumSets(between, inner, c.Value, 1<<12)
				if all && len(sets) == 0 {
					continue
				}
				for _, set := range sets {
					digitsUsed |= set
				}
				if !all {
					digitsUsed = inner
				}
			}
			keep[p] |= bit(1)
			keep[q] |= bit(n)
			for k := range L {
				switch {
				case k == p || k == q:
				case k > lo && k < hi:
					keep[k] |= masks[k] & digitsUsed
				default:
					keep[k] |= masks[k] & inner
				}
			}
		}
	}
	return keep
}

// matches reports whether the cells of masks can each take a different
// digit of set, all of them (as many digits as cells): a perfect matching,
// by augmenting paths.
func matches(masks []uint64, set uint64) bool {
	owner := map[int]int{} // digit → cell
	var try func(k int, seen uint64) (uint64, bool)
	try = func(k int, seen uint64) (uint64, bool) {
		for x := masks[k] & set &^ seen; x != 0; x &= x - 1 {
			d := lowDigit(x)
			seen |= bit(d)
			o, taken := owner[d]
			if !taken {
				owner[d] = k
				return seen, true
			}
			var ok bool
			if seen, ok = try(o, seen); ok {
				owner[d] = k
				return seen, true
			}
		}
		return seen, false
	}
	for k := range masks {
		if _, ok := try(k, 0); !ok {
			return false
		}
	}
	return true
}

// combosText says which combinations are left: "only 1+2", "1+2+6 or
// 1+3+5"; "" for more than four.
func combosText(sets []uint64) string {
	if len(sets) == 0 || len(sets) > 4 {
		return ""
	}
	parts := make([]string, len(sets))
	for k, m := range sets {
		ds := digits(m)
		ss := make([]string, len(ds))
		for x, d := range ds {
			ss[x] = strconv.Itoa(d)
		}
		parts[k] = strings.Join(ss, "+")
	}
	if len(parts) == 1 {
		return "only " + parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// cagePointing finds a digit that every combination of a cage holds (or
// that every assignment of another clue's digits uses): the clue holds it
// in one of the cells that still have it, so a cell outside the clue that
// sees all of them cannot.
func (s *State) cagePointing() (Step, bool) {
	cl := cluesOf(s.b)
	for _, list := range [][]*conSearch{cl.sums, cl.lines, cl.lineGroups} {
		for _, cs := range list {
			if st, ok := s.pointingOf(cs); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

func (s *State) pointingOf(cs *conSearch) (Step, bool) {
	n := s.b.n
	masks := make([]uint64, len(cs.cells))
	for k, i := range cs.cells {
		masks[k] = s.cand[i]
	}
	var sets []uint64
	var need uint64
	if cs.cage() {
		if sets = cs.combos(masks); len(sets) == 0 {
			return Step{}, false
		}
		need = s.b.all
		for _, m := range sets {
			need &= m
		}
	} else {
		need = cs.required(masks)
	}
	for ; need != 0; need &= need - 1 {
		d := lowDigit(need)
		var places []int
		done := false
		for _, i := range cs.cells {
			if int(s.value[i]) == d {
				done = true
			}
			if s.open(i, d) {
				places = append(places, i)
			}
		}
		if done || len(places) == 0 {
			continue
		}
		var el []Candidate
		for _, j := range s.b.peers[places[0]] {
			i := int(j)
			if !s.open(i, d) || slices.Contains(cs.cells, i) {
				continue
			}
			all := true
			for _, p := range places[1:] {
				all = all && s.b.sees(i, p)
			}
			if all {
				el = append(el, Candidate{i, d})
			}
		}
		if len(el) == 0 {
			continue
		}
		tech, what := "clue pointing", ""
		if cs.cage() {
			tech = "cage pointing"
			if t := combosText(sets); t != "" {
				what = " (" + strings.TrimPrefix(t, "only ") + ")"
			}
		}
		return Step{
			Technique:    tech,
			Rating:       RatingCagePointing,
			Text:         cs.label + ": always holds " + strconv.Itoa(d) + what + ", in " + joinCells(n, places, ",") + "; " + elimList(n, el),
			Eliminations: sortCands(el),
		}, true
	}
	return Step{}, false
}

// maxInnies is the most cells the 45 rule leaves in or out.
const maxInnies = 4

// inniesOf returns the totals the 45 rule finds on the rows, columns and
// regions of the board and on bands of two or three rows or columns: a
// set of N cells holds every digit once and adds up to N(N+1)/2, so when
// the sums (of coefficients 1, with no cell in two) cover it but for a few
// cells (the innies), and stick out of it by a few (the outies), the
// innies less the outies add up to what the covering sums leave.
func inniesOf(b *board, sums []*conSearch) []*conSearch {
	n := b.n
	var cages []*conSearch
	for _, cs := range sums {
		if cs.c.Kind == satdoku.Total && unitCoefs(cs.c) {
			cages = append(cages, cs)
		}
	}
	if len(cages) == 0 {
		return nil
	}
	// Cages first: their cells see each other, and they tile units.
	slices.SortStableFunc(cages, func(x, y *conSearch) int {
		return boolInt(y.cage()) - boolInt(x.cage())
	})
	type area struct {
		name  string
		cells []int
		times int // how many times every digit
	}
	var areas []area
	band := func(kind string, k, size int, cell func(line, pos int) int) {
		cells := []int{}
		for l := k; l < k+size; l++ {
			for p := range n {
				cells = append(cells, cell(l, p))
			}
		}
		name := kind + " " + strconv.Itoa(k+1)
		if size > 1 {
			name = kind + "s " + strconv.Itoa(k+1) + "–" + strconv.Itoa(k+size)
		}
		areas = append(areas, area{name, cells, size})
	}
	for size := 1; size <= 3 && size < n; size++ {
		for k := 0; k+size <= n; k++ {
			band("row", k, size, func(l, p int) int { return l*n + p })
			band("column", k, size, func(l, p int) int { return p*n + l })
		}
	}
	for u, un := range b.units {
		if un.Kind == satdoku.Box && b.full[u] {
			areas = append(areas, area{un.String(), un.Cells, 1})
		}
	}
	var out []*conSearch
	seen := map[string]bool{}
	for _, a := range areas {
		in := make(map[int]bool, len(a.cells))
		for _, i := range a.cells {
			in[i] = true
		}
		for _, outies := range [2]bool{false, true} {
			used := map[int]bool{}
			var chosen []*conSearch
			for _, cs := range cages {
				inside, clash := 0, false
				for _, i := range cs.c.Cells {
					if in[i] {
						inside++
					}
					clash = clash || used[i]
				}
				if clash || inside == 0 || (!outies && inside < len(cs.c.Cells)) {
					continue
				}
				chosen = append(chosen, cs)
				for _, i := range cs.c.Cells {
					used[i] = true
				}
			}
			if len(chosen) == 0 {
				continue
			}
			var cells, coefs []int
			value := a.times * n * (n + 1) / 2
			for _, i := range a.cells {
				if !used[i] {
					cells, coefs = append(cells, i), append(coefs, 1)
				}
			}
			for _, cs := range chosen {
				value -= cs.c.Value
				for _, i := range cs.c.Cells {
					if !in[i] {
						cells, coefs = append(cells, i), append(coefs, -1)
					}
				}
			}
			if len(cells) == 0 || len(cells) > maxInnies {
				continue
			}
			key := totalText(n, cells, func(k int) int { return coefs[k] }, value)
			if seen[key] {
				continue
			}
			seen[key] = true
			c := &satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Coefs: coefs, Value: value, Name: "innies and outies"}
			sum, word := 0, "cages'"
			for _, cs := range chosen {
				sum += cs.c.Value
				if !cs.cage() {
					word = "sums'"
				}
			}
			cs := newConSearch(b, c, "innies and outies of "+a.name)
			cs.what = key + " (" + strconv.Itoa(a.times*n*(n+1)/2) + " less the " + word + " " + strconv.Itoa(sum) + ")"
			out = append(out, cs)
		}
	}
	return out
}

// unitCoefs reports whether every coefficient of a Total is 1.
func unitCoefs(c *satdoku.Constraint) bool {
	for k := range c.Cells {
		if c.Coef(k) != 1 {
			return false
		}
	}
	return true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// innies applies the 45 rule (see inniesOf).
func (s *State) innies() (Step, bool) {
	for _, cs := range cluesOf(s.b).innies {
		if st, ok := s.conStep(cs, RatingInnies, ""); ok {
			return st, true
		}
	}
	return Step{}, false
}
