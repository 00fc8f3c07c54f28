package logic

import (
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// rc returns the cell of row r, column c (from 1) on a 9×9 board.
func rc(r, c int) int { return (r-1)*9 + c - 1 }

func mask(ds ...int) uint64 {
	var m uint64
	for _, d := range ds {
		m |= bit(d)
	}
	return m
}

// empty9 returns the state of an empty 9×9 grid: every candidate open.
func empty9(t *testing.T) *State {
	t.Helper()
	g, err := satdoku.New(9)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(g)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// row, col and box return the cells of a unit of a 9×9 board, from 1.
func row(r int) []int {
	var cs []int
	for c := 1; c <= 9; c++ {
		cs = append(cs, rc(r, c))
	}
	return cs
}

func col(c int) []int {
	var cs []int
	for r := 1; r <= 9; r++ {
		cs = append(cs, rc(r, c))
	}
	return cs
}

func box(b int) []int {
	var cs []int
	for k := range 9 {
		cs = append(cs, rc((b-1)/3*3+k/3+1, (b-1)%3*3+k%3+1))
	}
	return cs
}

// only removes digit d from the cells of unit except keep.
func only(s *State, d int, unit []int, keep ...int) {
	for _, i := range unit {
		if !slices.Contains(keep, i) {
			s.cand[i] &^= bit(d)
		}
	}
}

// set sets the candidates of cell i.
func set(s *State, i int, ds ...int) { s.cand[i] = mask(ds...) }

// elims lists candidates: digit d in each cell.
func elims(d int, cells ...int) []Candidate {
	var cs []Candidate
	for _, i := range cells {
		cs = append(cs, Candidate{i, d})
	}
	return cs
}

func TestTechniques(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(s *State)
		find   func(s *State) (Step, bool)
		tech   string
		rating float64
		place  []Candidate
		elim   []Candidate // nil: any eliminations; checked when set
		none   bool        // the technique must not apply
	}{
		{
			name:  "hidden single in a box",
			setup: func(s *State) { only(s, 5, box(1), rc(2, 2)) },
			find:  func(s *State) (Step, bool) { return s.hiddenSingle(true) },
			tech:  "hidden single", rating: 1.2, place: []Candidate{{rc(2, 2), 5}},
		},
		{
			name:  "no hidden single with two places",
			setup: func(s *State) { only(s, 5, box(1), rc(2, 2), rc(3, 3)) },
			find:  func(s *State) (Step, bool) { return s.Next() },
			none:  true,
		},
		{
			name:  "hidden single in a row, by Next",
			setup: func(s *State) { only(s, 7, row(4), rc(4, 9)) },
			find:  func(s *State) (Step, bool) { return s.Next() },
			tech:  "hidden single", rating: 1.5, place: []Candidate{{rc(4, 9), 7}},
		},
		{
			name:  "naked single, by Next",
			setup: func(s *State) { set(s, rc(1, 1), 4) },
			find:  func(s *State) (Step, bool) { return s.Next() },
			tech:  "naked single", rating: 2.3, place: []Candidate{{rc(1, 1), 4}},
		},
		{
			name:  "pointing",
			setup: func(s *State) { only(s, 3, box(1), rc(1, 1), rc(1, 2), rc(1, 3)) },
			find:  func(s *State) (Step, bool) { return s.Next() },
			tech:  "pointing", rating: 2.6,
			elim: elims(3, rc(1, 4), rc(1, 5), rc(1, 6), rc(1, 7), rc(1, 8), rc(1, 9)),
		},
		{
			name:  "claiming",
			setup: func(s *State) { only(s, 3, row(1), rc(1, 1), rc(1, 2)) },
			find:  func(s *State) (Step, bool) { return s.Next() },
			tech:  "claiming", rating: 2.8,
			elim: elims(3, rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)),
		},
		{
			name:  "no locked candidates across two boxes",
			setup: func(s *State) { only(s, 3, row(1), rc(1, 1), rc(1, 5)) },
			find:  func(s *State) (Step, bool) { return s.Next() },
			none:  true,
		},
		{
			name: "naked pair",
			setup: func(s *State) {
				set(s, rc(1, 1), 1, 2)
				set(s, rc(1, 5), 1, 2)
			},
			find: func(s *State) (Step, bool) { return s.Next() },
			tech: "naked pair", rating: 3.0,
			elim: append(elims(1, rc(1, 2), rc(1, 3), rc(1, 4), rc(1, 6), rc(1, 7), rc(1, 8), rc(1, 9)),
				elims(2, rc(1, 2), rc(1, 3), rc(1, 4), rc(1, 6), rc(1, 7), rc(1, 8), rc(1, 9))...),
		},
		{
			name: "no naked pair of different pairs",
			setup: func(s *State) {
				set(s, rc(1, 1), 1, 2)
				set(s, rc(1, 5), 1, 3)
			},
			find: func(s *State) (Step, bool) { return s.Next() },
			none: true,
		},
		{
			name: "x-wing",
			setup: func(s *State) {
				only(s, 4, row(2), rc(2, 2), rc(2, 7))
				only(s, 4, row(6), rc(6, 2), rc(6, 7))
			},
			find: func(s *State) (Step, bool) { return s.Next() },
			tech: "x-wing", rating: 3.2,
			elim: elims(4, rc(1, 2), rc(1, 7), rc(3, 2), rc(3, 7), rc(4, 2), rc(4, 7), rc(5, 2), rc(5, 7), rc(7, 2), rc(7, 7), rc(8, 2), rc(8, 7), rc(9, 2), rc(9, 7)),
		},
		{
			name: "no x-wing on three columns",
			setup: func(s *State) {
				only(s, 4, row(2), rc(2, 2), rc(2, 7))
				only(s, 4, row(6), rc(6, 2), rc(6, 8))
			},
			find: func(s *State) (Step, bool) { return s.fish(2, RatingXWing) },
			none: true,
		},
		{
			name: "hidden pair",
			setup: func(s *State) {
				only(s, 1, row(1), rc(1, 1), rc(1, 5))
				only(s, 2, row(1), rc(1, 1), rc(1, 5))
			},
			find: func(s *State) (Step, bool) { return s.hiddenSubset(2, RatingHiddenPair) },
			tech: "hidden pair", rating: 3.4,
			elim: func() []Candidate {
				var el []Candidate
				for _, i := range []int{rc(1, 1), rc(1, 5)} {
					for d := 3; d <= 9; d++ {
						el = append(el, Candidate{i, d})
					}
				}
				return el
			}(),
		},
		{
			name: "naked triple",
			setup: func(s *State) {
				set(s, rc(1, 1), 1, 2)
				set(s, rc(1, 5), 2, 3)
				set(s, rc(1, 9), 1, 3)
			},
			find: func(s *State) (Step, bool) { return s.Next() },
			tech: "naked triple", rating: 3.6,
		},
		{
			name: "swordfish",
			setup: func(s *State) {
				only(s, 5, row(1), rc(1, 1), rc(1, 5))
				only(s, 5, row(5), rc(5, 5), rc(5, 9))
				only(s, 5, row(9), rc(9, 1), rc(9, 9))
			},
			find: func(s *State) (Step, bool) { return s.Next() },
			tech: "swordfish", rating: 3.8,
			elim: elims(5, rc(2, 1), rc(2, 5), rc(2, 9), rc(3, 1), rc(3, 5), rc(3, 9), rc(4, 1), rc(4, 5), rc(4, 9),
				rc(6, 1), rc(6, 5), rc(6, 9), rc(7, 1), rc(7, 5), rc(7, 9), rc(8, 1), rc(8, 5), rc(8, 9)),
		},
		{
			name: "hidden triple",
			setup: func(s *State) {
				only(s, 1, row(1), rc(1, 1), rc(1, 5))
				only(s, 2, row(1), rc(1, 5), rc(1, 9))
				only(s, 3, row(1), rc(1, 1), rc(1, 9))
			},
			find: func(s *State) (Step, bool) { return s.hiddenSubset(3, RatingHiddenTriple) },
			tech: "hidden triple", rating: 4.0,
		},
		{
			name: "xy-wing",
			setup: func(s *State) {
				set(s, rc(1, 1), 1, 2)
				set(s, rc(1, 5), 1, 3)
				set(s, rc(5, 1), 2, 3)
			},
			find: func(s *State) (Step, bool) { return s.Next() },
			tech: "xy-wing", rating: 4.2, elim: elims(3, rc(5, 5)),
		},
		{
			name: "no xy-wing without a common digit",
			setup: func(s *State) {
				set(s, rc(1, 1), 1, 2)
				set(s, rc(1, 5), 1, 3)
				set(s, rc(5, 1), 2, 4)
			},
			find: func(s *State) (Step, bool) { return s.xyWing(false) },
			none: true,
		},
		{
			name: "xyz-wing",
			setup: func(s *State) {
				set(s, rc(1, 1), 1, 2, 3)
				set(s, rc(1, 5), 1, 3)
				set(s, rc(2, 2), 2, 3)
			},
			find: func(s *State) (Step, bool) { return s.xyWing(true) },
			tech: "xyz-wing", rating: 4.4, elim: elims(3, rc(1, 2), rc(1, 3)),
		},
		{
			name: "naked quad",
			setup: func(s *State) {
				set(s, rc(1, 1), 1, 2)
				set(s, rc(1, 4), 2, 3)
				set(s, rc(1, 7), 3, 4)
				set(s, rc(1, 9), 1, 4)
			},
			find: func(s *State) (Step, bool) { return s.nakedSubset(4, RatingNakedQuad) },
			tech: "naked quad", rating: 5.0,
		},
		{
			name: "jellyfish",
			setup: func(s *State) {
				only(s, 6, row(1), rc(1, 1), rc(1, 4))
				only(s, 6, row(4), rc(4, 4), rc(4, 7))
				only(s, 6, row(7), rc(7, 7), rc(7, 9))
				only(s, 6, row(9), rc(9, 1), rc(9, 9))
			},
			find: func(s *State) (Step, bool) { return s.fish(4, RatingJellyfish) },
			tech: "jellyfish", rating: 5.2,
		},
		{
			name: "hidden quad",
			setup: func(s *State) {
				only(s, 1, col(1), rc(1, 1), rc(4, 1))
				only(s, 2, col(1), rc(4, 1), rc(7, 1))
				only(s, 3, col(1), rc(7, 1), rc(9, 1))
				only(s, 4, col(1), rc(1, 1), rc(9, 1))
			},
			find: func(s *State) (Step, bool) { return s.hiddenSubset(4, RatingHiddenQuad) },
			tech: "hidden quad", rating: 5.4,
		},
		{
			name: "x-chain (skyscraper)",
			setup: func(s *State) {
				only(s, 6, col(1), rc(1, 1), rc(7, 1))
				only(s, 6, col(5), rc(2, 5), rc(7, 5))
			},
			find: func(s *State) (Step, bool) { return s.chain(chainLinks(7)) },
			tech: "x-chain", rating: 6.6,
			elim: elims(6, rc(1, 4), rc(1, 6), rc(2, 2), rc(2, 3)),
		},
		{
			name: "xy-chain",
			setup: func(s *State) {
				set(s, rc(1, 1), 1, 2)
				set(s, rc(1, 5), 2, 3)
				set(s, rc(5, 5), 3, 4)
				set(s, rc(5, 9), 4, 1)
			},
			find: func(s *State) (Step, bool) { return s.chain(chainLinks(7)) },
			tech: "xy-chain", rating: 6.8,
			elim: elims(1, rc(1, 9), rc(5, 1)),
		},
		{
			name:  "no chain on an open board",
			setup: func(s *State) {},
			find:  func(s *State) (Step, bool) { return s.chain(chainLinks(7)) },
			none:  true,
		},
		{
			name:  "no contradiction on an open board",
			setup: func(s *State) {},
			find:  func(s *State) (Step, bool) { return s.forcing(9) },
			none:  true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := empty9(t)
			tt.setup(s)
			st, ok := tt.find(s)
			if tt.none {
				if ok {
					t.Fatalf("found %q", st.Text)
				}
				return
			}
			if !ok {
				t.Fatal("found nothing")
			}
			t.Log(st.Text)
			if st.Technique != tt.tech || st.Rating != tt.rating {
				t.Errorf("got %s %.1f, want %s %.1f", st.Technique, st.Rating, tt.tech, tt.rating)
			}
			if !strings.HasPrefix(st.Text, tt.tech+": ") {
				t.Errorf("text %q does not start with the technique", st.Text)
			}
			if !slices.Equal(st.Placements, tt.place) {
				t.Errorf("placements %v, want %v", st.Placements, tt.place)
			}
			if tt.elim != nil && !slices.Equal(sortCands(st.Eliminations), sortCands(tt.elim)) {
				t.Errorf("eliminations %v, want %v", sortCands(st.Eliminations), sortCands(tt.elim))
			}
			if tt.place == nil && len(st.Eliminations) == 0 {
				t.Error("no eliminations")
			}
			// With its family switched off, Next finds a step of another
			// family, or none.
			if fam := familyOf[tt.tech]; fam != 0 {
				s := empty9(t)
				tt.setup(s)
				if st, ok := s.NextWith(&Options{Disable: fam}); ok && familyOf[st.Technique]&fam != 0 {
					t.Errorf("with %v switched off: %s", fam, st.Text)
				}
			}
		})
	}
}

// familyOf is the family of each technique that one can switch off, as
// dclamage's solver groups them (written here, not read from the code).
var familyOf = map[string]Families{
	"pointing": Pointing, "claiming": Pointing,
	"naked pair": Tuples, "naked triple": Tuples, "naked quad": Tuples,
	"hidden pair": Tuples, "hidden triple": Tuples, "hidden quad": Tuples,
	"x-wing": Fishes, "swordfish": Fishes, "jellyfish": Fishes,
	"xy-wing": Wings, "xyz-wing": Wings,
	"x-chain": AIC, "xy-chain": AIC, "clue chain": AIC,
	"contradiction": Contradictions, "clue forcing": Contradictions, "nested contradiction": Contradictions,
}

// TestParseFamily: the names the f-puzzles userscript sends in
// "disabledlogic", in any case; another name is an error naming it.
func TestParseFamily(t *testing.T) {
	for name, want := range map[string]Families{"tuples": Tuples, "Pointing": Pointing, "FISHES": Fishes,
		"wings": Wings, "aic": AIC, "contradictions": Contradictions} {
		if got, err := ParseFamily(name); err != nil || got != want {
			t.Errorf("%s: %v %v, want %v", name, got, err, want)
		}
	}
	if _, err := ParseFamily("bifurcation"); err == nil || !strings.Contains(err.Error(), `"bifurcation"`) {
		t.Errorf("bifurcation: %v", err)
	}
	if got := (Tuples | AIC).String(); got != "tuples+aic" {
		t.Errorf("String: %q", got)
	}
}
