package iss

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/internal/ruleset"
	"github.com/satdoku/satdoku/link"
)

// FuzzWrite: for any ISS string Read reads, Write never panics, and
// either refuses the puzzle naming a rule (link.ErrUnsupported) or writes
// a string that Read reads back to the same board, givens and rules.
func FuzzWrite(f *testing.F) {
	data, _ := os.ReadFile("testdata/examples.txt")
	for _, l := range strings.Split(string(data), "\n") {
		if s, ok := strings.CutPrefix(l, "input: "); ok {
			f.Add(s)
		}
	}
	f.Add(".Shape~6x6~0-5.Var~S~~2x3.ConnectedValues~VS~0_1.~VS1_2.LittleKiller~12~R1C3.Sandwich~5~C2.XSum~R1~~20")
	f.Add(".Shape~10x10~0-9~Raw.ContainExact~0_0_9~R1C1~R1C2~R1C3~R1C4.Whisper~4~R5C5~R6C6.~R1C1_0")
	f.Add(".NFA~UgIT_EMhTHQn_hCEIQhCF_iEIShCE_xjGNYxjf5CEIwhCP8pSlaUpX-1rWta1r_Oc53HOd_oQhD0IQ_0pSmCUpgAX-pSlKUpT_Wta1rWt_sYxjGMY_zGMYxjGf7nOc5znP973ve97w~_row6-distance~R6C1~R6C2~R6C3~-~R6C4")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Read(s)
		if err != nil {
			return
		}
		out, err := Write(p.Grid, p.Clues)
		if err != nil {
			if !errors.Is(err, link.ErrUnsupported) {
				t.Fatalf("%q: %v, not a refusal", s, err)
			}
			return
		}
		back, err := Read(out)
		if err != nil {
			t.Fatalf("%q: wrote %q, which does not read back: %v", s, out, err)
		}
		if d := ruleset.Same(p.Grid, back.Grid); d != "" {
			t.Fatalf("%q: wrote %q, which reads back otherwise: %s", s, out, d)
		}
	})
}

// TestWriteExamples writes every ISS example that Read reads (ISS's own
// puzzles, testdata/examples.txt) and reads it back, as FuzzWrite's seeds.
func TestWriteExamples(t *testing.T) {
	data, err := os.ReadFile("testdata/examples.txt")
	if err != nil {
		t.Fatal(err)
	}
	held := 0
	for k, l := range strings.Split(string(data), "\n") {
		in, ok := strings.CutPrefix(l, "input: ")
		if !ok {
			continue
		}
		p, err := Read(in)
		if err != nil {
			continue
		}
		out, err := Write(p.Grid, p.Clues)
		if err != nil {
			if !errors.Is(err, link.ErrUnsupported) {
				t.Errorf("examples.txt:%d: %v", k+1, err)
			}
			continue
		}
		held++
		back, err := Read(out)
		if err != nil {
			t.Fatalf("examples.txt:%d: %q does not read back: %v", k+1, out, err)
		}
		if d := ruleset.Same(p.Grid, back.Grid); d != "" {
			t.Errorf("examples.txt:%d: reads back otherwise:\n%s", k+1, d)
		}
	}
	if held == 0 {
		t.Error("no example written")
	}
}

// TestWriteRaw writes puzzles on Raw grids (no rows, columns or boxes),
// of as many values as the side, fewer, more, from 0, with var cells, on
// grids that are not square, and Sudoku grids that satdoku reads as raw
// boards (2×3, 3×3), and reads each back as the same raw board, givens and
// rules.
func TestWriteRaw(t *testing.T) {
	for _, in := range []string{
		".Shape~9x9~~Raw.~R1C1_1~R9C9_9.AllDifferent~R1C1~R1C2~R1C3.Thermo~R5C5~R5C6~R6C6",
		".Shape~14x14~10~Raw.~R1C6_9~ReCe_10.Cage~12~ReCd~RdCd.Var~P~p~2.AllDifferent~VP1~VP2~R1C1",
		".Shape~4x4~0-7~Raw.~R1C1_0~R4C4_7.Whisper~3~R2C2~R2C3~R3C3.ContainExact~0_7~R1C1~R1C2~R1C3",
		".Shape~10x10~0-9~Raw.Arrow~R1C1~R1C2~R1C3.BlackDot~R2C2~R2C3",
		".Shape~4x6~8~Raw.AllDifferent~R1C1~R4C6.~R4C6_8.Var~X~~2.Cage~9~VX1~R4C1",
		".Shape~2x3.~R1C1_1",
		".Shape~3x3~9.Thermo~R1C1~R2C2",
	} {
		p, err := Read(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := Write(p.Grid, p.Clues)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		back, err := Read(out)
		if err != nil {
			t.Fatalf("%s: wrote %q, which does not read back: %v", in, out, err)
		}
		if !strings.Contains(out, "~Raw") || !back.Grid.Rules().Raw() {
			t.Errorf("%s: wrote %q, which reads back with rows and columns", in, out)
		}
		r1, c1 := p.Grid.Rules().Window()
		if r2, c2 := back.Grid.Rules().Window(); r1 != r2 || c1 != c2 {
			t.Errorf("%s: wrote %q, a %d×%d grid read back %d×%d", in, out, r1, c1, r2, c2)
		}
		if d := ruleset.Same(p.Grid, back.Grid); d != "" {
			t.Errorf("%s: wrote %q, which reads back otherwise: %s", in, out, d)
		}
	}
}

// TestWriteArrow: an arrow's shaft is its line's cells outside the circle
// (f-puzzles' lines start in the circle, and ISS's Arrow adds up every
// cell after the first): found by ISS's own solver, which answered "no
// solution" to arrows written with the circle in the shaft.
func TestWriteArrow(t *testing.T) {
	p, err := Read(".~R1C1_1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		c    clue.Clue
		want string
	}{
		{clue.Clue{Kind: clue.Arrow, Cells: []int{40}, Lines: [][]int{{40, 41, 42}}}, ".Arrow~R5C5~R5C6~R5C7"},
		{clue.Clue{Kind: clue.Arrow, Cells: []int{40, 41}, Lines: [][]int{{41, 50, 59}}}, ".PillArrow~2~R5C5~R5C6~R6C6~R7C6"},
	} {
		rules, _, err := clue.Apply(p.Grid.Rules(), tc.c)
		if err != nil {
			t.Fatal(err)
		}
		g := p.Grid.Clone()
		g.SetRules(rules)
		s, err := Write(g, []clue.Clue{tc.c})
		if err != nil || !strings.Contains(s, tc.want) || strings.Count(s, "R5C5") != 1 {
			t.Errorf("%v: %q, %v; want %q", tc.c, s, err, tc.want)
		}
	}
}
