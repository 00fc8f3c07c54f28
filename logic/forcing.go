package logic

import (
	"math"
	"math/bits"
	"strconv"
)

// A trial is a scratch copy of a state's candidates in which an assumption
// is followed by singles (and locked candidates) until a contradiction, or
// until nothing more follows.
type trial struct {
	s      *State
	cand   []uint64
	placed []bool
	steps  int    // deductions made
	locked bool   // whether locked candidates were needed
	why    string // the contradiction
}

func newTrial(s *State) *trial {
	return &trial{s: s, cand: make([]uint64, len(s.cand)), placed: make([]bool, len(s.cand))}
}

func (t *trial) reset() {
	copy(t.cand, t.s.cand)
	for i, v := range t.s.value {
		t.placed[i] = v != 0
	}
	t.steps, t.locked, t.why = 0, false, ""
}

// place puts d in cell i; it reports false on a contradiction.
func (t *trial) place(i, d int) bool {
	n := t.s.b.n
	if t.cand[i]&bit(d) == 0 {
		t.why = cellName(n, i) + " cannot hold " + strconv.Itoa(d)
		return false
	}
	t.cand[i] = bit(d)
	t.placed[i] = true
	t.steps++
	for _, j := range t.s.b.peers[i] {
		if t.placed[j] {
			continue
		}
		t.cand[j] &^= bit(d)
		if t.cand[j] == 0 {
			t.why = cellName(n, int(j)) + " has no candidate left"
			return false
		}
	}
	return true
}

// run follows singles, and locked candidates when singles run out, until a
// contradiction (it returns true) or a standstill, or more than bound
// deductions.
func (t *trial) run(bound int) bool {
	b := t.s.b
	n := b.n
	for t.steps <= bound {
		progress := false
		for i, m := range t.cand {
			if !t.placed[i] && bits.OnesCount64(m) == 1 {
				if !t.place(i, lowDigit(m)) {
					return true
				}
				progress = true
			}
		}
		for u, un := range b.units {
			if !b.full[u] {
				continue
			}
			var once, twice, placed uint64
			for _, i := range un.Cells {
				m := t.cand[i]
				if t.placed[i] {
					placed |= m
					continue
				}
				twice |= once & m
				once |= m
			}
			if miss := b.all &^ (once | placed); miss != 0 {
				t.why = strconv.Itoa(lowDigit(miss)) + " has no place in " + un.String()
				return true
			}
			for single := once &^ twice &^ placed; single != 0; single &= single - 1 {
				d := lowDigit(single)
				for _, i := range un.Cells {
					if !t.placed[i] && t.cand[i]&bit(d) != 0 {
						if !t.place(i, d) {
							return true
						}
						progress = true
						break
					}
				}
			}
		}
		if progress {
			continue
		}
		for _, o := range b.overlaps {
			for side := range 2 {
				a, onlyA, onlyB := o.A, o.OnlyA, o.OnlyB
				if side == 1 {
					a, onlyA, onlyB = o.B, o.OnlyB, o.OnlyA
				}
				if !b.full[a] {
					continue
				}
				var sh, oa uint64
				for _, i := range o.Shared {
					sh |= t.cand[i]
				}
				for _, i := range onlyA {
					oa |= t.cand[i]
				}
				m := sh &^ oa
				for _, i := range onlyB {
					if !t.placed[i] && t.cand[i]&m != 0 {
						t.cand[i] &^= m
						progress = true
						t.locked = true
						if t.cand[i] == 0 {
							t.why = cellName(n, i) + " has no candidate left"
							return true
						}
					}
				}
			}
			if progress {
				t.steps++
				break
			}
		}
		if !progress {
			return false
		}
	}
	return false
}

// contradictionRating rates a contradiction reached after the given number
// of deductions: 8.0 for a short one by singles, 0.1 more for every
// doubling of the length beyond four, 0.3 more when locked candidates were
// needed, at most 9.0.
func contradictionRating(steps int, locked bool) float64 {
	r := RatingContradiction
	for l := 4; l < steps; l *= 2 {
		r += 0.1
	}
	if locked {
		r += 0.3
	}
	return min(r, maxRatingContradiction)
}

// stepsWithin returns the most deductions of a contradiction by singles
// rated at most r.
func stepsWithin(r float64) int {
	steps := 4
	for contradictionRating(steps*2, false) <= r+1e-9 && steps < 1<<24 {
		steps *= 2
	}
	return steps
}

// forcing finds the candidates whose assumption leads by singles and
// locked candidates to a contradiction, and eliminates those of them with
// the lowest rating in one step.
func (s *State) forcing(limit float64) (Step, bool) {
	n := s.b.n
	t := newTrial(s)
	bestR := math.Inf(1)
	var el []Candidate
	var text string
	// Cells with few candidates first: their contradictions tend to be
	// short, and a short one bounds the trials that follow.
	for k := 2; k <= n; k++ {
		for i, m := range s.cand {
			if s.stopped() {
				return Step{}, false
			}
			if s.value[i] != 0 || bits.OnesCount64(m) != k {
				continue
			}
			for _, d := range digits(m) {
				t.reset()
				bound := 4 * n * n
				if !math.IsInf(bestR, 1) {
					bound = stepsWithin(bestR)
				}
				if t.place(i, d) && !t.run(bound) {
					continue
				}
				r := contradictionRating(t.steps, t.locked)
				if r > limit+1e-9 || r > bestR+1e-9 {
					continue
				}
				if r < bestR-1e-9 {
					bestR, el = r, el[:0]
					how := "singles"
					if t.locked {
						how = "singles and locked candidates"
					}
					text = "contradiction: if " + cellName(n, i) + " held " + strconv.Itoa(d) + ", " + how + " would lead in " + strconv.Itoa(t.steps) + " steps to: " + t.why
				}
				el = append(el, Candidate{i, d})
			}
		}
	}
	el = sortCands(el)
	if len(el) == 0 {
		return Step{}, false
	}
	text += "; " + elimList(n, el)
	return Step{
		Technique:    "contradiction",
		Rating:       bestR,
		Text:         text,
		Eliminations: el,
	}, true
}
