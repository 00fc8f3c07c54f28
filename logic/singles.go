package logic

import (
	"math/bits"
	"strconv"

	"github.com/satdoku/satdoku"
)

// Ratings of the techniques, on the Sudoku Explainer scale where the
// technique exists there.
const (
	RatingHiddenSingleBox  = 1.2 // hidden single in a region
	RatingHiddenSingle     = 1.5 // hidden single in a row, column or extra unit
	RatingNakedSingle      = 2.3
	RatingPointing         = 2.6 // locked candidates from a region
	RatingClaiming         = 2.8 // locked candidates from a row, column or extra unit
	RatingNakedPair        = 3.0
	RatingXWing            = 3.2
	RatingHiddenPair       = 3.4
	RatingNakedTriple      = 3.6
	RatingSwordfish        = 3.8
	RatingHiddenTriple     = 4.0
	RatingXYWing           = 4.2
	RatingXYZWing          = 4.4
	RatingNakedQuad        = 5.0
	RatingJellyfish        = 5.2
	RatingHiddenQuad       = 5.4
	RatingXChain           = 6.6 // the shortest x-chains; longer ones up to 7.0
	RatingContradiction    = 8.0 // the shortest contradictions by singles; longer ones, or with locked candidates, up to 9.0
	RatingTrial            = 10.0
	maxRatingXChain        = 7.0
	maxRatingContradiction = 9.0
)

// unitMasks returns, over the empty cells of unit u, the digits that are
// candidates at least once and at least twice, and the digits placed in u.
func (s *State) unitMasks(cells []int) (once, twice, placed uint64) {
	for _, i := range cells {
		if s.value[i] != 0 {
			placed |= bit(int(s.value[i]))
			continue
		}
		m := s.cand[i]
		twice |= once & m
		once |= m
	}
	return once, twice, placed
}

// hiddenSingle finds a digit with one place in a full unit: in a region
// when boxes is set, in another unit otherwise.
func (s *State) hiddenSingle(boxes bool) (Step, bool) {
	for u, un := range s.b.units {
		if !s.b.full[u] || (un.Kind == satdoku.Box) != boxes {
			continue
		}
		once, twice, placed := s.unitMasks(un.Cells)
		single := once &^ twice &^ placed
		if single == 0 {
			continue
		}
		d := lowDigit(single)
		for _, i := range un.Cells {
			if s.open(i, d) {
				r := RatingHiddenSingle
				if boxes {
					r = RatingHiddenSingleBox
				}
				return Step{
					Technique:  "hidden single",
					Rating:     r,
					Text:       "hidden single: " + strconv.Itoa(d) + " can only go in " + cellName(s.b.n, i) + " in " + un.String(),
					Placements: []Candidate{{i, d}},
				}, true
			}
		}
	}
	return Step{}, false
}

// nakedSingle finds an empty cell with one candidate.
func (s *State) nakedSingle() (Step, bool) {
	for i, m := range s.cand {
		if s.value[i] == 0 && bits.OnesCount64(m) == 1 {
			d := lowDigit(m)
			return Step{
				Technique:  "naked single",
				Rating:     RatingNakedSingle,
				Text:       "naked single: " + cellName(s.b.n, i) + " can only hold " + strconv.Itoa(d),
				Placements: []Candidate{{i, d}},
			}, true
		}
	}
	return Step{}, false
}

// lockedCandidates finds a digit that a full unit has only in the cells it
// shares with another unit: the other unit has it nowhere else. With
// pointing it looks at regions as the first unit, otherwise at the others.
func (s *State) lockedCandidates(pointing bool) (Step, bool) {
	n := s.b.n
	for _, o := range s.b.overlaps {
		for side := range 2 {
			a, b, onlyA, onlyB := o.A, o.B, o.OnlyA, o.OnlyB
			if side == 1 {
				a, b, onlyA, onlyB = o.B, o.A, o.OnlyB, o.OnlyA
			}
			if !s.b.full[a] || (s.b.units[a].Kind == satdoku.Box) != pointing {
				continue
			}
			var sh, oa, ob uint64
			for _, i := range o.Shared {
				if s.value[i] == 0 {
					sh |= s.cand[i]
				}
			}
			for _, i := range onlyA {
				oa |= s.cand[i]
			}
			for _, i := range onlyB {
				if s.value[i] == 0 {
					ob |= s.cand[i]
				}
			}
			m := sh &^ oa & ob
			if m == 0 {
				continue
			}
			d := lowDigit(m)
			var el []Candidate
			for _, i := range onlyB {
				if s.open(i, d) {
					el = append(el, Candidate{i, d})
				}
			}
			tech, r := "claiming", RatingClaiming
			if pointing {
				tech, r = "pointing", RatingPointing
			}
			ua, ub := s.b.units[a], s.b.units[b]
			return Step{
				Technique:    tech,
				Rating:       r,
				Text:         tech + ": in " + ua.String() + ", " + strconv.Itoa(d) + " can only go in " + ub.String() + "; " + elimList(n, el),
				Eliminations: el,
			}, true
		}
	}
	return Step{}, false
}
