package fpuzzles

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// TestClues checks the clues Read exposes: the JSON mapped onto the clue
// package's values, outside places from 0 (R0C2 is row −1, column 1), X as
// 10, in the order read; and that they make the puzzle's rules.
func TestClues(t *testing.T) {
	js := board(4, `,"nonconsecutive":true,"negative":["xv"],"xv":[{"cells":["R1C1","R1C2"],"value":"v"}],`+
		`"littlekillersum":[{"cell":"R0C2","direction":"dr","value":"5"}],"sandwichsum":[{"cell":"R3C5","value":2}],`+
		`"arrow":[{"cells":["R2C2"],"lines":[["R2C2","R3C3"]]}],"clone":[{"cells":["R1C1"],"cloneCells":["R4C4"]}]`)
	p, err := Read([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	want := []clue.Clue{
		{Kind: clue.Nonconsecutive},
		{Kind: clue.LittleKiller, Row: -1, Col: 1, Direction: clue.DownRight, Value: 5},
		{Kind: clue.Sandwich, Row: 2, Col: 4, Value: 2},
		{Kind: clue.Arrow, Cells: []int{5}, Lines: [][]int{{5, 10}}},
		{Kind: clue.XV, Cells: []int{0, 1}, Value: 5},
		{Kind: clue.Clone, Lines: [][]int{{0}, {15}}},
		{Kind: clue.NegativeXV},
	}
	if !reflect.DeepEqual(p.Clues, want) {
		t.Errorf("clues\n%+v\nwant\n%+v", p.Clues, want)
	}
	r, _, err := clue.Apply(must(satdoku.Standard(4)), want...)
	if err != nil {
		t.Fatal(err)
	}
	if d := sameRules(p.Grid.Rules(), r); d != "" {
		t.Error(d)
	}
}

// TestClueErrors checks that an error of the clue package points at the
// JSON value at fault, with its path.
func TestClueErrors(t *testing.T) {
	tests := []struct {
		in   string
		at   string // the text the error's column points at
		kind error
		msg  string
	}{
		{board(9, `,"thermometer":[{"lines":[["R1C1","R1C2","r1c1"]]}]`), `"r1c1"`, ErrInvalid, `thermometer[0].lines[0][2]: R1C1 is listed twice`},
		{board(9, `,"whispers":[{"lines":[["R1C1","R1C2","R1C2"]]}]`), `"R1C2"]`, ErrInvalid, `whispers[0].lines[0][2]: a cell next to itself`},
		{board(9, `,"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R9C9"]}]`), `["R9C9"]`, ErrInvalid, `clone[0].cloneCells: 1 clone cells for 2 cells`},
		{board(9, `,"arrow":[{"lines":[["R1C1","R1C2"]],"cells":[]}]`), `{"lines"`, ErrInvalid, `arrow[0]: an arrow without a circle`},
		{board(9, `,"arrow":[{"lines":[["R1C1","R1C2"]],"cells":["R1C1","R1C3","R1C4","R1C5","R1C6","R1C7","R1C8"]}]`), `["R1C1","R1C3"`, ErrUnsupported, `arrow[0].cells: a circle of 7 cells (the limit is 6)`},
		{board(9, `,"littlekillersum":[{"cell":"R0C1","direction":7,"value":"5"}]`), `7`, ErrInvalid, `littlekillersum[0].direction: unknown direction a number (want UL, UR, DL or DR)`},
	}
	for _, tc := range tests {
		_, err := Read([]byte(tc.in))
		var e *satdoku.ParseError
		if !errors.As(err, &e) || !errors.Is(err, tc.kind) || !strings.HasSuffix(err.Error(), tc.msg) {
			t.Errorf("%s: error %v, want …%s wrapping %v", tc.msg, err, tc.msg, tc.kind)
			continue
		}
		if got := tc.in[e.Pos.Column-1:]; e.Pos.Line != 1 || !strings.HasPrefix(got, tc.at) {
			t.Errorf("%s: column %d points at %.20q, want %q", tc.msg, e.Pos.Column, got, tc.at)
		}
	}
}
