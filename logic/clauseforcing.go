package logic

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// RatingClueForcing is the shortest clue forcing step, whose branches are
// one step each; 0.1 more for every step more in its longest branch, at
// most maxRatingContradiction.
const RatingClueForcing = 8.2

// maxBranches is the most branches of a clue forcing step.
const maxBranches = 4

// clueForcingRating rates a clue forcing step whose longest branch has
// the given number of steps.
func clueForcingRating(steps int) float64 {
	return min(math.Round(10*RatingClueForcing+float64(max(steps, 1)-1))/10, maxRatingContradiction)
}

// forcingSet is a set of candidates one of which is true: the candidates
// of a cell, or the places of a digit in a unit of N cells.
type forcingSet struct {
	branches []Candidate
	what     string // "r4c5 holds 3 or 7", "5 goes in r1c1 or r1c4 in row 1"
}

// forcingSets returns the sets of 2 to maxBranches candidates, the cells
// first, fewest branches first.
func (s *State) forcingSets() []forcingSet {
	n := s.b.n
	var sets []forcingSet
	for k := 2; k <= maxBranches; k++ {
		for i, m := range s.cand {
			if s.value[i] != 0 || bits.OnesCount64(m) != k {
				continue
			}
			fs := forcingSet{what: cellName(n, i) + " holds " + orList(m)}
			for _, d := range digits(m) {
				fs.branches = append(fs.branches, Candidate{i, d})
			}
			sets = append(sets, fs)
		}
		for u, un := range s.b.units {
			if !s.b.full[u] {
				continue
			}
			for d := 1; d <= n; d++ {
				var places []int
				for _, i := range un.Cells {
					if int(s.value[i]) == d {
						places = nil
						break
					}
					if s.open(i, d) {
						places = append(places, i)
					}
				}
				if len(places) != k {
					continue
				}
				fs := forcingSet{what: strconv.Itoa(d) + " goes in " + orCells(n, places) + " in " + un.String()}
				for _, i := range places {
					fs.branches = append(fs.branches, Candidate{i, d})
				}
				sets = append(sets, fs)
			}
		}
	}
	return sets
}

// orCells returns "r1c1, r1c4 or r1c7".
func orCells(n int, cells []int) string {
	parts := make([]string, len(cells))
	for k, i := range cells {
		parts[k] = cellName(n, i)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// clueForcing finds a set of candidates one of which is true (a cell's,
// or a digit's places in a unit) whose every branch leads by propagation
// on the clauses of the rules to the same placement or elimination, each
// in at most s.chainSteps steps, and makes it, told branch by branch.
func (s *State) clueForcing(limit float64) (Step, bool) {
	f, e, maxSteps, ok := s.clauseSearch(limit, clueForcingRating)
	if !ok {
		return Step{}, false
	}
	n := s.b.n
	root := len(e.trail)
	// count[code(l)] is how many branches of the current set imply l,
	// seen[code(l)] the set it was counted for.
	count := make([]int32, 2*(f.nv+1))
	seen := make([]int32, 2*(f.nv+1))
	deep := make([]int32, 2*(f.nv+1)) // the deepest branch's depth of l
	type found struct {
		set    forcingSet
		target int32
		chains []*chain
		steps  int
	}
	var best *found
	for k, fs := range s.forcingSets() {
		if s.stopped() {
			return Step{}, false
		}
		stamp := int32(k + 1)
		ok := true
		for b, c := range fs.branches {
			e.set(int32(c.Cell*n+c.Digit), -1, 0)
			if e.propagate() >= 0 {
				ok = false // a contradiction: a clue chain's, longer than allowed
			} else {
				for _, l := range e.trail[root:] {
					x := code(l)
					switch {
					case b == 0:
						seen[x], count[x], deep[x] = stamp, 1, e.depth[max(l, -l)]
					case seen[x] == stamp && count[x] == int32(b):
						count[x]++
						deep[x] = max(deep[x], e.depth[max(l, -l)])
					}
				}
			}
			e.undo(root)
			if !ok {
				break
			}
		}
		if !ok {
			continue
		}
		// The target: a new placement or elimination that every branch
		// implies, the shallowest.
		target, depth := int32(0), int32(0)
		for v := int32(1); v <= int32(n*n*n); v++ {
			for _, l := range [2]int32{v, -v} {
				x := code(l)
				if seen[x] != stamp || count[x] != int32(len(fs.branches)) {
					continue
				}
				i, d, _ := f.cellVar(v)
				if s.value[i] != 0 || l < 0 && s.cand[i]&bit(d) == 0 {
					continue
				}
				if target == 0 || deep[x] < depth {
					target, depth = l, deep[x]
				}
			}
		}
		if target == 0 {
			continue
		}
		cand := &found{set: fs, target: target}
		for _, c := range fs.branches {
			e.set(int32(c.Cell*n+c.Digit), -1, 0)
			e.propagate()
			ch := e.trace(-1, max(target, -target))
			ch.assume = c
			cand.chains = append(cand.chains, ch)
			cand.steps = max(cand.steps, len(ch.groups))
			e.undo(root)
		}
		if cand.steps <= maxSteps && (best == nil || cand.steps < best.steps) {
			best = cand
			if best.steps <= 1 {
				break
			}
		}
	}
	if best == nil {
		return Step{}, false
	}
	i, d, _ := f.cellVar(max(best.target, -best.target))
	st := Step{Technique: "clue forcing", Rating: clueForcingRating(best.steps)}
	verdict := cellName(n, i) + " is not " + strconv.Itoa(d)
	if best.target > 0 {
		st.Placements = []Candidate{{i, d}}
		verdict = cellName(n, i) + " is " + strconv.Itoa(d)
	} else {
		st.Eliminations = []Candidate{{i, d}}
	}
	texts := make([]string, len(best.chains))
	for k, ch := range best.chains {
		t := s.branchText(f, ch)
		if len(ch.groups) == 0 {
			if best.target > 0 {
				t += ", " + cellName(n, i) + " would be " + strconv.Itoa(d) + " at once"
			} else {
				t += ", " + cellName(n, i) + " could not be " + strconv.Itoa(d) + " at once"
			}
		}
		texts[k] = "I" + t[1:]
	}
	st.Text = "clue forcing: " + best.set.what + ". " + strings.Join(texts, ". ") + ". Either way " + verdict
	return st, true
}
