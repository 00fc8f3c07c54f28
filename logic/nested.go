package logic

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// Ratings of the nested contradiction (see doc.go).
const (
	// RatingNested is the shortest nested contradiction: an assumption
	// that the easy techniques, clue techniques among them, lead to a
	// contradiction; 0.1 more for every doubling of its steps beyond
	// four, at most maxRatingNested.
	RatingNested = 9.2
	// maxRatingNested is the longest nested contradiction's rating.
	maxRatingNested = 9.6
	// nestedInner is the hardest technique a nested contradiction uses
	// inside its assumption: singles, the clue techniques (one clue's own
	// step, clues together, cage and clue pointing, innies and outies,
	// equal cells) and locked candidates.
	nestedInner = RatingInnies
	// maxNestedSteps is the most steps a nested contradiction follows
	// inside its assumption.
	maxNestedSteps = 60
	// maxNestedWork is the most searches for a step a nested
	// contradiction makes in all its assumptions together (each one's
	// last, fruitless search counted too) before it gives up: it bounds
	// the time of the search where no contradiction is near (no step is
	// then found, never a wrong one).
	maxNestedWork = 800
)

// nestedRating rates a nested contradiction of the given number of steps.
func nestedRating(steps int) float64 {
	r := RatingNested
	for l := 4; l < steps; l *= 2 {
		r += 0.1
	}
	return min(math.Round(10*r)/10, maxRatingNested)
}

// nested finds a candidate whose assumption leads by the easy techniques
// (those rated at most nestedInner: singles, the clue techniques and
// locked candidates), applied one after another on a copy of the state,
// to a contradiction, and eliminates it, told step by step. It is the
// last resort before trial, for rules with clues only: unit propagation
// on the clauses (a clue chain) sees one clause at a time, the clue
// techniques see a clue whole. Cells with few candidates are tried first,
// and the first contradiction found is taken; the search gives up after
// maxNestedWork steps in all.
func (s *State) nested(limit float64) (Step, bool) {
	if RatingNested > limit+1e-9 {
		return Step{}, false
	}
	if f := clausesOf(s.b.rules); f == nil || f.empty || len(f.clues) == 0 {
		return Step{}, false
	}
	n := s.b.n
	bound := maxNestedSteps
	for bound > 4 && nestedRating(bound) > limit+1e-9 {
		bound /= 2
	}
	work := 0
	for k := 2; k <= n; k++ {
		for i, m := range s.cand {
			if s.stopped() {
				return Step{}, false
			}
			if s.value[i] != 0 || bits.OnesCount64(m) != k {
				continue
			}
			for _, d := range digits(m) {
				if work >= maxNestedWork {
					return Step{}, false
				}
				t := s.Clone()
				t.place(i, d)
				var inner []string
				why := t.contradiction()
				for why == "" && len(inner) < bound && work < maxNestedWork {
					work++ // a search for the next step, found or not
					st, ok := t.next(nestedInner)
					if !ok {
						break
					}
					t.Apply(st)
					inner = append(inner, st.Text)
					why = t.contradiction()
				}
				if why == "" {
					continue
				}
				if len(inner) == 0 {
					continue // a naked contradiction: a single's or a chain's to find
				}
				text := "nested contradiction: if " + cellName(n, i) + " held " + strconv.Itoa(d) + ": " +
					strings.Join(inner, "; ") + "; then " + why + ". So " + cellName(n, i) + " is not " + strconv.Itoa(d)
				return Step{
					Technique:    "nested contradiction",
					Rating:       nestedRating(len(inner)),
					Text:         text,
					Eliminations: []Candidate{{i, d}},
				}, true
			}
		}
	}
	return Step{}, false
}
