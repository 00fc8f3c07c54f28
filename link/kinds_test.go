package link_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/link"
	"github.com/satdoku/satdoku/textfmt"
)

// cells of a 9×9 board: c(r, c) with rows and columns from 1.
func c(r, col int) int { return (r-1)*9 + col - 1 }

// lessTable is the table of a < b on 9×9, a PairTable's.
func lessTable() string {
	var sb strings.Builder
	for a := 1; a <= 9; a++ {
		for b := 1; b <= 9; b++ {
			if a < b {
				sb.WriteByte('1')
			} else {
				sb.WriteByte('0')
			}
		}
	}
	return sb.String()
}

// anyDigit is an automaton that accepts any digits.
func anyDigit() *satdoku.NFA {
	a := &satdoku.NFA{States: 2, Start: []int{0}, Accept: []int{1}}
	for d := 1; d <= 9; d++ {
		a.Moves = append(a.Moves, satdoku.Move{From: 0, To: 1, Symbol: d}, satdoku.Move{From: 1, To: 1, Symbol: d})
	}
	return a
}

// samples holds a clue of every kind, on the 9×9 board of sampleGivens.
func samples() map[clue.Kind]clue.Clue {
	all := make([]int, 81)
	for i := range all {
		all[i] = i
	}
	line := [][]int{{c(5, 2), c(5, 3), c(5, 4)}}
	return map[clue.Kind]clue.Clue{
		clue.KillerCage:         {Kind: clue.KillerCage, Cells: []int{c(5, 5), c(5, 6)}, Value: 9},
		clue.ExtraRegion:        {Kind: clue.ExtraRegion, Cells: []int{c(5, 2), c(6, 5), c(8, 8)}},
		clue.LittleKiller:       {Kind: clue.LittleKiller, Row: -1, Col: 3, Direction: clue.DownLeft, Value: 15},
		clue.Sandwich:           {Kind: clue.Sandwich, Row: 5, Col: 9, Value: 10},
		clue.Thermometer:        {Kind: clue.Thermometer, Lines: line},
		clue.Arrow:              {Kind: clue.Arrow, Cells: []int{c(5, 2)}, Lines: [][]int{{c(5, 3), c(5, 4)}}},
		clue.Palindrome:         {Kind: clue.Palindrome, Lines: [][]int{{c(5, 2), c(6, 2), c(6, 3)}}},
		clue.Renban:             {Kind: clue.Renban, Lines: line},
		clue.Whispers:           {Kind: clue.Whispers, Lines: line},
		clue.Between:            {Kind: clue.Between, Lines: line},
		clue.Clone:              {Kind: clue.Clone, Lines: [][]int{{c(5, 2), c(5, 3)}, {c(6, 8), c(6, 9)}}},
		clue.Quadruple:          {Kind: clue.Quadruple, Cells: []int{c(5, 2), c(5, 3), c(6, 2), c(6, 3)}, Values: []int{1, 2}},
		clue.WhiteDot:           {Kind: clue.WhiteDot, Cells: []int{c(5, 2), c(5, 3)}},
		clue.BlackDot:           {Kind: clue.BlackDot, Cells: []int{c(5, 2), c(6, 2)}},
		clue.XV:                 {Kind: clue.XV, Cells: []int{c(5, 3), c(5, 4)}, Value: 10},
		clue.Odd:                {Kind: clue.Odd, Cells: []int{c(5, 2), c(7, 7)}},
		clue.Even:               {Kind: clue.Even, Cells: []int{c(5, 3)}},
		clue.Minimum:            {Kind: clue.Minimum, Cells: []int{c(5, 5)}},
		clue.Maximum:            {Kind: clue.Maximum, Cells: []int{c(7, 5)}},
		clue.PencilMarks:        {Kind: clue.PencilMarks, Cells: []int{c(5, 2)}, Values: []int{1, 2, 3}},
		clue.Nonconsecutive:     {Kind: clue.Nonconsecutive},
		clue.NegativeRatio:      {Kind: clue.NegativeRatio},
		clue.NegativeDifference: {Kind: clue.NegativeDifference},
		clue.NegativeXV:         {Kind: clue.NegativeXV},
		clue.RegionSumLine:      {Kind: clue.RegionSumLine, Lines: [][]int{{c(5, 2), c(5, 3), c(5, 4), c(5, 5)}}},
		clue.ZipperLine:         {Kind: clue.ZipperLine, Lines: line},
		clue.DoubleArrow:        {Kind: clue.DoubleArrow, Lines: [][]int{{c(5, 2), c(5, 3), c(5, 4), c(5, 5)}}},
		clue.Nabner:             {Kind: clue.Nabner, Lines: line},
		clue.EntropicLine:       {Kind: clue.EntropicLine, Lines: line},
		clue.ModularLine:        {Kind: clue.ModularLine, Lines: line},
		clue.ParityLine:         {Kind: clue.ParityLine, Lines: line},
		clue.SlowThermometer:    {Kind: clue.SlowThermometer, Lines: line},
		clue.XSum:               {Kind: clue.XSum, Row: 5, Col: -1, Value: 15},
		clue.Skyscraper:         {Kind: clue.Skyscraper, Row: -1, Col: 5, Value: 3},
		clue.TenLine:            {Kind: clue.TenLine, Lines: [][]int{{c(5, 2), c(5, 3), c(6, 3)}}},
		clue.SameDifference:     {Kind: clue.SameDifference, Lines: line},
		clue.RowIndexer:         {Kind: clue.RowIndexer, Cells: []int{c(5, 1)}},
		clue.ColumnIndexer:      {Kind: clue.ColumnIndexer, Cells: []int{c(1, 5)}},
		clue.BoxIndexer:         {Kind: clue.BoxIndexer, Cells: []int{c(5, 5)}},
		clue.NumberedRoom:       {Kind: clue.NumberedRoom, Row: 5, Col: -1, Value: 5},
		clue.LockoutLine:        {Kind: clue.LockoutLine, Lines: [][]int{{c(5, 2), c(5, 3), c(6, 3), c(6, 4)}}},
		clue.WeightedSum:        {Kind: clue.WeightedSum, Cells: []int{c(5, 2), c(5, 3)}, Coefs: []int{1, 2}, Value: 12},
		clue.EqualSums:          {Kind: clue.EqualSums, Lines: [][]int{{c(5, 2), c(5, 3)}, {c(6, 5), c(6, 6)}}},
		clue.ContainsExactly:    {Kind: clue.ContainsExactly, Cells: []int{c(5, 2), c(5, 3), c(6, 2)}, Values: []int{4}},
		clue.SameValues:         {Kind: clue.SameValues, Lines: [][]int{{c(5, 2), c(5, 3)}, {c(6, 5), c(6, 6)}}},
		clue.CountingCircles:    {Kind: clue.CountingCircles, Cells: []int{c(5, 2), c(6, 5), c(8, 8)}},
		clue.CountDistinct:      {Kind: clue.CountDistinct, Cells: []int{c(5, 2), c(5, 3), c(6, 3), c(6, 4)}},
		clue.SumLoop:            {Kind: clue.SumLoop, Lines: [][]int{{c(5, 2), c(5, 3), c(6, 3), c(6, 2)}}},
		clue.MultisumKillerCage: {Kind: clue.MultisumKillerCage, Cells: []int{c(5, 2), c(5, 3)}, Values: []int{5, 14}},
		clue.RellikCage:         {Kind: clue.RellikCage, Cells: []int{c(5, 2), c(5, 3)}, Value: 5},
		clue.ConnectedValues:    {Kind: clue.ConnectedValues, Cells: all, Values: []int{1, 2}},
		clue.Automaton:          {Kind: clue.Automaton, Lines: line, NFA: anyDigit(), Label: "any"},
		clue.Reach:              {Kind: clue.Reach, Cells: []int{c(5, 2)}, Lines: [][]int{{c(6, 3), c(6, 4)}, {c(6, 3), c(7, 3)}}, Label: "chaos arrow"},
		clue.PairTable:          {Kind: clue.PairTable, Lines: line, Table: lessTable(), Label: "a<b"},
		clue.AnyOf: {Kind: clue.AnyOf, Members: [][]clue.Clue{
			{{Kind: clue.WhiteDot, Cells: []int{c(5, 2), c(5, 3)}}},
			{{Kind: clue.BlackDot, Cells: []int{c(5, 2), c(5, 3)}}, {Kind: clue.Thermometer, Lines: [][]int{{c(5, 2), c(5, 3)}}}},
		}},
	}
}

// sampleGivens are the givens of the samples' puzzles: the first rows of a
// classic solution, so that most clues leave the puzzle solvable.
const sampleGivens = "123456789456789123789123456" + "......................................................"

// holds are the clue kinds each target holds; every other kind it
// refuses by name.
var holds = map[string][]clue.Kind{
	"fpuzzles-link": fpuzzlesKinds,
	// SudokuPad's import of f-puzzles draws these of f-puzzles' keys.
	"sudokupad-link": {clue.KillerCage, clue.ExtraRegion, clue.LittleKiller, clue.Sandwich, clue.Thermometer,
		clue.Arrow, clue.Palindrome, clue.Between, clue.Clone, clue.Quadruple, clue.WhiteDot, clue.BlackDot,
		clue.XV, clue.Odd, clue.Even, clue.Minimum, clue.Maximum},
	"iss-link": {clue.KillerCage, clue.ExtraRegion, clue.LittleKiller, clue.Sandwich, clue.Thermometer, clue.Arrow,
		clue.Palindrome, clue.Renban, clue.Whispers, clue.Between, clue.Clone, clue.Quadruple, clue.WhiteDot,
		clue.BlackDot, clue.XV, clue.Odd, clue.Even, clue.Minimum, clue.Maximum, clue.PencilMarks,
		clue.Nonconsecutive, clue.NegativeRatio, clue.NegativeDifference, clue.NegativeXV, clue.RegionSumLine, clue.ZipperLine, clue.DoubleArrow,
		clue.Nabner, clue.EntropicLine, clue.ModularLine, clue.ParityLine, clue.SlowThermometer, clue.XSum,
		clue.Skyscraper, clue.TenLine, clue.SameDifference, clue.RowIndexer, clue.ColumnIndexer,
		clue.NumberedRoom, clue.LockoutLine, clue.WeightedSum, clue.EqualSums, clue.ContainsExactly,
		clue.SameValues, clue.CountingCircles, clue.CountDistinct, clue.SumLoop, clue.RellikCage,
		clue.ConnectedValues, clue.Automaton, clue.PairTable, clue.AnyOf},
}

var fpuzzlesKinds = []clue.Kind{clue.KillerCage, clue.ExtraRegion, clue.LittleKiller, clue.Sandwich, clue.Thermometer,
	clue.Arrow, clue.Palindrome, clue.Renban, clue.Whispers, clue.Between, clue.Clone, clue.Quadruple,
	clue.WhiteDot, clue.BlackDot, clue.XV, clue.Odd, clue.Even, clue.Minimum, clue.Maximum, clue.PencilMarks,
	clue.Nonconsecutive, clue.NegativeRatio, clue.NegativeDifference, clue.NegativeXV, clue.RegionSumLine,
	clue.ZipperLine, clue.DoubleArrow, clue.Nabner, clue.EntropicLine, clue.ModularLine, clue.SlowThermometer,
	clue.XSum, clue.Skyscraper, clue.RowIndexer, clue.ColumnIndexer, clue.BoxIndexer, clue.LockoutLine}

// TestKinds writes a puzzle with one clue of each kind (package clue's
// Kinds: a kind without a sample fails) as each target's link: a kind the
// target holds (holds) reads back with the same rules as data, givens and
// answers on the checked path; any other is refused with an error that
// names the target and the kind.
func TestKinds(t *testing.T) {
	base := textfmt.MustParse(sampleGivens)
	ss := samples()
	for _, k := range clue.Kinds() {
		s, ok := ss[k]
		if !ok {
			t.Errorf("%v: no sample clue", k)
			continue
		}
		rules, _, err := clue.Apply(base.Rules(), s)
		if err != nil {
			t.Fatalf("%v: %v", k, err)
		}
		g := base.Clone()
		if err := g.SetRules(rules); err != nil {
			t.Fatal(err)
		}
		p := textfmt.Puzzle{Grid: g, Clues: []clue.Clue{s}}
		for _, tg := range targets {
			name := k.String()
			back := roundTrip(t, name, p, tg)
			switch held := slices.Contains(holds[tg.name], k); {
			case held && back != nil:
				if a, ok := answer(t, name, g, 10*time.Second); ok {
					sameAnswer(t, name, tg, g, back, a, 10*time.Second)
				}
			case held:
				t.Errorf("%v: %s refused it", k, tg.name)
			default:
				_, err := tg.write(g, p.Clues)
				var le *link.Error
				if back != nil || !errors.As(err, &le) || !strings.Contains(err.Error(), k.String()) {
					t.Errorf("%v: %s: want a refusal naming the kind, got %v", k, tg.name, err)
				}
			}
		}
	}
}

// TestGlobals writes the global rules of satdoku.Rules.WithNamed, each on
// a puzzle of its own, as each target's link: each reads back the same,
// but for the two that SudokuPad's import drops, refused.
func TestGlobals(t *testing.T) {
	for _, name := range satdoku.RuleNames() {
		base := textfmt.MustParse(sampleGivens)
		rules, err := base.Rules().WithNamed(name)
		if err != nil {
			t.Fatal(err)
		}
		g := base.Clone()
		if err := g.SetRules(rules); err != nil {
			t.Fatal(err)
		}
		for _, tg := range targets {
			// SudokuPad's import drops disjoint groups and nonconsecutive.
			dropped := tg.name == "sudokupad-link" && (name == "disjoint" || name == "nonconsecutive")
			if back := roundTrip(t, name, textfmt.Puzzle{Grid: g}, tg); (back == nil) != dropped {
				t.Errorf("%s: %s: held %v, want %v", name, tg.name, back != nil, !dropped)
			}
		}
	}
}

// TestNonconsecutive: the two meanings of nonconsecutive beside a Kropki
// dot. f-puzzles' (the clue: the dot's pair exempt) goes to every target,
// to ISS as the Pairs of its relations (SudokuPad's import drops it);
// ISS's AntiConsecutive (every pair
// of neighbours, the dot's too) goes to ISS as itself and is refused by
// f-puzzles and SudokuPad, whose rule exempts the pair.
func TestNonconsecutive(t *testing.T) {
	base := textfmt.MustParse(sampleGivens)
	dot := clue.Clue{Kind: clue.WhiteDot, Cells: []int{c(5, 2), c(5, 3)}}
	exempt, _, err := clue.Apply(base.Rules(), dot, clue.Clue{Kind: clue.Nonconsecutive})
	if err != nil {
		t.Fatal(err)
	}
	every, err := base.Rules().WithNamed("nonconsecutive")
	if err == nil {
		every, _, err = clue.Apply(every, dot)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		rules *satdoku.Rules
		clues []clue.Clue
		held  []string
	}{
		{"the clue", exempt, []clue.Clue{dot, {Kind: clue.Nonconsecutive}}, []string{"fpuzzles-link", "iss-link"}},
		{"every pair", every, []clue.Clue{dot}, []string{"iss-link"}},
	} {
		g := base.Clone()
		if err := g.SetRules(tc.rules); err != nil {
			t.Fatal(err)
		}
		for _, tg := range targets {
			back, err := roundTripErr(t, tc.name, textfmt.Puzzle{Grid: g, Clues: tc.clues}, tg)
			if held := slices.Contains(tc.held, tg.name); held != (back != nil) {
				t.Errorf("%s: %s: held %v, want %v (%v)", tc.name, tg.name, back != nil, held, err)
			}
			if back == nil && (err == nil || !strings.Contains(err.Error(), "nonconsecutive")) {
				t.Errorf("%s: %s: refused without naming nonconsecutive: %v", tc.name, tg.name, err)
			}
		}
	}
}

// TestCheckNamesVarCell: a link that reads back with another given in a
// var cell names that cell as the puzzle does (VA), not as a grid cell
// past the board nor by its number.
func TestCheckNamesVarCell(t *testing.T) {
	r, _ := satdoku.Standard(4)
	r, err := r.WithNamedVarCells("VA")
	if err != nil {
		t.Fatal(err)
	}
	want, got := satdoku.NewGrid(r), satdoku.NewGrid(r)
	want.SetCell(16, 2)
	err = link.Check("x", want, got)
	var le *link.Error
	if !errors.As(err, &le) || le.Rule != "given in VA" {
		t.Errorf("Check: %v", err)
	}
}
