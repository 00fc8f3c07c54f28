package logic

import (
	"math"
	"strings"
	"testing"
)

// TestNestedClassic: the nested contradiction is for rules with clues; a
// classic puzzle that needs more than the unit techniques gets none.
func TestNestedClassic(t *testing.T) {
	s, err := New(mustParse(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
	if err != nil {
		t.Fatal(err)
	}
	if st, ok := s.nested(math.Inf(1)); ok {
		t.Errorf("classic puzzle: nested step %q", st.Text)
	}
}

// TestNestedSound follows a published puzzle that needs a nested
// contradiction (Keep off the Border!, whose first step is one) until
// its first one, and checks it against the published solution: it
// removes a candidate the solution does not have, is rated in its range
// and tells its assumption and its steps.
func TestNestedSound(t *testing.T) {
	if testing.Short() {
		t.Skip("follows a whole path")
	}
	for _, pp := range readPublished(t) {
		if !strings.HasPrefix(pp.name, "Keep off the Border!") {
			continue
		}
		s, err := New(pp.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		for range 1000 {
			st, ok := s.Next()
			if !ok {
				break
			}
			soundStep(t, pp.name, st, pp.solution)
			if st.Technique == "nested contradiction" {
				if len(st.Eliminations) != 1 || len(st.Placements) != 0 {
					t.Fatalf("%q: %d eliminations, %d placements, want 1 and 0", st.Text, len(st.Eliminations), len(st.Placements))
				}
				if st.Rating < RatingNested || st.Rating > maxRatingNested {
					t.Errorf("%q rated %.1f, outside %.1f–%.1f", st.Text, st.Rating, RatingNested, maxRatingNested)
				}
				c := st.Eliminations[0]
				if want := "nested contradiction: if " + cellName(9, c.Cell) + " held "; !strings.HasPrefix(st.Text, want) {
					t.Errorf("text %q, want it to start %q", st.Text, want)
				}
				return
			}
			s.Apply(st)
		}
		t.Fatal("Keep off the Border!: no nested contradiction on its path")
	}
	t.Fatal("Keep off the Border! not among the published puzzles")
}
