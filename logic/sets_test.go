package logic

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// sets are the shared data sets in the order their mean rating must rise,
// with how many puzzles to check in full and under -short.
var sets = []struct {
	name        string
	full, short int
}{
	{"kaggle_9999", 9999, 200},
	{"royle17_49158", 10000, 200},
	{"magictour_top1465", 1465, 100},
	{"forum_hardest_1905_11plus", 2000, 30},
}

// checkPath solves puzzle p step by step and checks every placement and
// elimination against the solution sol; it returns the puzzle's rating.
func checkPath(t *testing.T, p, sol string) Rating {
	t.Helper()
	g := mustParse(t, p)
	want := mustParse(t, sol)
	s, err := New(g)
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	r := Rating{}
	for {
		st, ok := s.Next()
		if !ok {
			break
		}
		for _, c := range st.Placements {
			if want.Cell(c.Cell) != c.Digit {
				t.Fatalf("%s: unsound placement %v in %q", p, c, st.Text)
			}
		}
		for _, c := range st.Eliminations {
			if want.Cell(c.Cell) == c.Digit {
				t.Fatalf("%s: unsound elimination %v in %q", p, c, st.Text)
			}
		}
		if len(st.Placements)+len(st.Eliminations) == 0 {
			t.Fatalf("%s: empty step %q", p, st.Text)
		}
		if st.Rating > r.Score {
			r.Score, r.Technique = st.Rating, st.Technique
		}
		s.Apply(st)
		r.Steps++
	}
	if s.Solved() {
		if !s.Grid().Equal(want) {
			t.Fatalf("%s: solved to a wrong grid", p)
		}
	} else {
		r.Score, r.Technique = RatingTrial, "trial"
	}
	r.Level = Level(r.Score)
	return r
}

// TestSets checks the soundness of every step over the shared data sets,
// and that the mean rating rises from the easy sets to the hard ones.
func TestSets(t *testing.T) {
	prev := 0.0
	for _, set := range sets {
		k := set.full
		if testing.Short() {
			k = set.short
		}
		ps, sols := readSet(t, set.name, k)
		levels := map[string]int{}
		techs := map[string]int{}
		sum := 0.0
		for i, p := range ps {
			r := checkPath(t, p, sols[i])
			sum += r.Score
			levels[r.Level]++
			techs[r.Technique]++
		}
		mean := sum / float64(len(ps))
		t.Logf("%s: %d puzzles, mean rating %.2f, levels %s, hardest %s", set.name, len(ps), mean, distribution(levels), distribution(techs))
		if mean <= prev {
			t.Errorf("%s: mean rating %.2f is not above the previous set's %.2f", set.name, mean, prev)
		}
		prev = mean
		if strings.HasPrefix(set.name, "forum_hardest") && levels[LevelDiabolical] != len(ps) {
			t.Errorf("%s: %d of %d puzzles diabolical, want all", set.name, levels[LevelDiabolical], len(ps))
		}
	}
}

func distribution(m map[string]int) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}
