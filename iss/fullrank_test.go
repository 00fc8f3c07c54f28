package iss

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/satsolve"
)

// rankNumbers returns the 4n entries of the n×n values vs read as numbers
// in base n+1: rows from the left, from the right, columns from the top,
// from the bottom.
func rankNumbers(n int, vs []int) [4][]int {
	var out [4][]int
	for kind := range 4 {
		for line := range n {
			x := 0
			for p := range n {
				var i int
				switch kind {
				case 0:
					i = line*n + p
				case 1:
					i = line*n + n - 1 - p
				case 2:
					i = p*n + line
				case 3:
					i = (n-1-p)*n + line
				}
				x = x*(n+1) + vs[i]
			}
			out[kind] = append(out[kind], x)
		}
	}
	return out
}

// TestFullRankCount reads random 4×4 ISS puzzles with one to three
// FullRank clues and a FullRankTies mode (or none), and checks the number
// of solutions against brute force over the 288 solved grids, each clue
// evaluated from ISS's words: the clued entry's rank is one more than the
// number of the 16 entries (rows and columns read both ways as numbers)
// smaller than it; unless the mode is any, no other entry equals it; with
// mode none, no two entries are equal. The validator's counter and gini
// must both find exactly that many.
func TestFullRankCount(t *testing.T) {
	grids := sudokus4(4)
	randomCounts(t, 2493, 120, 30, func(rng *rand.Rand, trial int) (string, [][]int, int, []valueRule) {
		lo := trial % 2
		text := fmt.Sprintf(".Shape~4x4~%d-%d", lo, lo+3)
		ties := []string{"", "only-unclued", "any", "none"}[rng.IntN(4)]
		if ties != "" {
			text += ".FullRankTies~" + ties
		}
		type rc struct{ kind, line, rank int }
		var clues []rc
		// Ranks at random, or (mostly) those of a solved grid so that
		// most puzzles have solutions, some of them with ties.
		es := rankNumbers(4, grids[rng.IntN(len(grids))])
		for range rng.IntN(4) {
			c := rc{rng.IntN(4), rng.IntN(4), 1 + rng.IntN(16)}
			if rng.IntN(4) > 0 {
				c.rank = 1
				for _, k := range es {
					for _, y := range k {
						if y < es[c.kind][c.line] {
							c.rank++
						}
					}
				}
			}
			// ISS keeps one clue a place (an end of a line), the later.
			if i := slices.IndexFunc(clues, func(d rc) bool { return d.kind == c.kind && d.line == c.line }); i >= 0 {
				clues[i] = c
			} else {
				clues = append(clues, c)
			}
			name := fmt.Sprintf("R%d", c.line+1)
			if c.kind >= 2 {
				name = fmt.Sprintf("C%d", c.line+1)
			}
			if c.kind%2 == 0 {
				text += fmt.Sprintf(".FullRank~%s~%d~", name, c.rank)
			} else {
				text += fmt.Sprintf(".FullRank~%s~~%d", name, c.rank)
			}
		}
		rules := []valueRule{{text, func(vs []int) bool {
			es := rankNumbers(4, vs)
			var all []int
			for _, k := range es {
				all = append(all, k...)
			}
			if ties == "none" {
				for i := range all {
					for j := range i {
						if all[i] == all[j] {
							return false
						}
					}
				}
			}
			for _, c := range clues {
				x := es[c.kind][c.line]
				less, equal := 0, 0
				for _, y := range all {
					if y < x {
						less++
					} else if y == x {
						equal++
					}
				}
				if less+1 != c.rank || ties != "any" && equal > 1 {
					return false
				}
			}
			return true
		}}}
		return text, grids, lo, rules
	})
}

// TestFullRankGrid solves an empty 9×9 grid under FullRank clues in each
// ties mode and checks each clue in the solution by its words.
func TestFullRankGrid(t *testing.T) {
	s := satsolve.New(satsolve.Options{})
	for _, ties := range []string{"", ".FullRankTies~any", ".FullRankTies~any.FullRankTies~none"} {
		text := ".FullRank~R1~3~.FullRank~C5~~20.FullRank~R9~~36.FullRank~C2~17~" + ties
		sol := solveText(t, s, text)
		vs := make([]int, 81)
		for i := range vs {
			vs[i] = sol.Cell(i)
		}
		es := rankNumbers(9, vs)
		for _, c := range []struct{ kind, line, rank int }{{0, 0, 3}, {3, 4, 20}, {1, 8, 36}, {2, 1, 17}} {
			rank := 1
			for _, k := range es {
				for _, y := range k {
					if y < es[c.kind][c.line] {
						rank++
					}
				}
			}
			if rank != c.rank {
				t.Errorf("%s: entry %d of kind %d ranks %d in %v, want %d", text, c.line, c.kind, rank, sol, c.rank)
			}
		}
	}
}

// TestFullRankErrors checks that a bad FullRank or FullRankTies is
// refused in the user's terms at its place.
func TestFullRankErrors(t *testing.T) {
	checkErrors(t, []errorCase{
		{".FullRank~R1~37~", "37~", ErrInvalid, "rank 37 (want 1 to 36"},
		{".FullRank~R1~0~", "0~", ErrInvalid, "rank 0"},
		{".FullRank~R1~x~", "x~", ErrInvalid, "rank"},
		{".FullRank~R10~3~", "R10", ErrInvalid, "not a row"},
		{".FullRank", ".FullRank", ErrInvalid, "no row or column"},
		{".FullRankTies~some", "some", ErrInvalid, "want none, only-unclued or any"},
		{".Shape~9x9~10.FullRank~R1~3~", ".FullRank", ErrInvalid, "10 values"},
		{".Or.FullRank~R1~3~.~R1C1_1.End", ".FullRank", ErrUnsupported, "inside an Or"},
	})
}

// TestFullRankReplaced: of two FullRank clues on one end of a line, the
// later holds, as ISS keeps one outside clue per place (ISS counts 1
// solution for the first, with its clue R4~~3, and none with R4~~11).
func TestFullRankReplaced(t *testing.T) {
	s := satsolve.New(satsolve.Options{})
	for text, want := range map[string]int{
		".Shape~4x4~1-4.FullRankTies~any.FullRank~R4~~11.FullRank~R3~2~.FullRank~R4~~3": 1,
		".Shape~4x4~1-4.FullRankTies~any.FullRank~R4~~3.FullRank~R3~2~.FullRank~R4~~11": 0,
	} {
		p, err := Read(text)
		if err != nil {
			t.Fatal(err)
		}
		countsAgree(t, s, text, p.Grid, want, 10)
	}
}
