package rulestext

import (
	"slices"
	"testing"

	"github.com/satdoku/satdoku/clue"
)

// TestUnread checks rules texts of published puzzles (fpuzzles/testdata/
// published.txt, from dclamage/SudokuSolver and SudokuVariantSolverJS)
// against the rules they state: each names its global rules, a rule read
// is not reported, and the phrasings that deny a rule ("not all dots are
// given", a little killer's "indicated diagonal") report none.
func TestUnread(t *testing.T) {
	names := func(rs []Rule) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Name)
		}
		return out
	}
	tests := []struct {
		text  string
		named []string
		clues []clue.Clue
		want  []string
	}{
		{"Normal Sudoku rules apply. Digits in adjacent cells cannot be consecutive.", nil, nil, []string{"nonconsecutive"}},
		{"Digits in adjacent cells cannot be consecutive.", []string{"nonconsecutive"}, nil, nil},
		{"Standard kropki rules apply. A black dot shows a ratio of 1:2 between two cells. A white dot between two cells means they are consecutive. All dots are given.\n\nAnti-knight rules apply. No digit can see itself in a chess knight’s move.",
			nil, []clue.Clue{{Kind: clue.WhiteDot}, {Kind: clue.BlackDot}}, []string{"negative Kropki dots (all the dots are given)", "anti-knight"}},
		{"Normal Kropki rules: white = consecutive, black = 1:2 ratio\nNot all possible dots are given.\n\nCells seperated\n- by an X sum to 10\n- by a V sum to 5\nAll possible Xs and Vs are given.",
			nil, []clue.Clue{{Kind: clue.WhiteDot}, {Kind: clue.XV}}, []string{"negative XV (all the X and V marks are given)"}},
		{"Normal Sudoku rules and both main diagonals contain 1-9 as well. Little Killer clues show the sum of the digits on the indicated diagonal.",
			nil, []clue.Clue{{Kind: clue.LittleKiller}}, []string{"the diagonals"}},
		{"Little Killer clues show the sum of the digits on the indicated diagonal.", nil, []clue.Clue{{Kind: clue.LittleKiller}}, nil},
		{"Normal sudoku rules apply. Also, the same digit may never appear in the same relative position in two different regions.", nil, nil, []string{"disjoint groups"}},
		{"Digits along a megenta renban form a set of consecutive non-repeating digits in any order.", nil, nil, []string{"renban lines"}},
		{"Digits along a megenta renban form a set of consecutive non-repeating digits in any order.", nil, []clue.Clue{{Kind: clue.Renban}}, nil},
		{"Normal sudoku rules apply. Along each line, adjacent digits must have a difference of at least 4.", nil, nil, []string{"lines"}},
		{"Normal sudoku rules apply.", nil, nil, nil},
		{"Normal sudoku rules apply. Normal Japanese Sums rules apply.", nil, nil, []string{"Japanese sums"}},
		{"Wheels: Digits in a grey circle have to be placed in the same circular order in the four cells that are touched by the circle.", nil, nil, []string{"wheels"}},
		{"No rules provided for this puzzle. Please check the related video or website for rules.", nil, nil, []string{`no rules (SudokuPad: "no rules provided for this puzzle")`}},
	}
	for _, tc := range tests {
		if got := names(Unread(tc.text, tc.named, tc.clues)); !slices.Equal(got, tc.want) {
			t.Errorf("%.60q: %q, want %q", tc.text, got, tc.want)
		}
	}
}
