package bigboard

import (
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

func TestSolvedIsValid(t *testing.T) {
	for b := 2; b <= 8; b++ {
		g, err := Solved(b, rand.New(rand.NewPCG(uint64(b), 7)))
		if err != nil {
			t.Fatal(err)
		}
		if !g.Full() {
			t.Fatalf("b=%d: grid not full", b)
		}
		if errs := verify.Check(g); len(errs) > 0 {
			t.Fatalf("b=%d: %v", b, errs[0])
		}
	}
}

func TestPuzzleDeterministic(t *testing.T) {
	for _, s := range Specs() {
		p, sol, err := Puzzle(s)
		if err != nil {
			t.Fatal(err)
		}
		q, _, _ := Puzzle(s)
		if !p.Equal(q) {
			t.Fatalf("%s: two puzzles from one seed differ", s.Name())
		}
		if err := verify.Solution(p, sol); err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		nn := p.Len()
		if want := nn - int(s.Blank*float64(nn)+0.5); p.Givens() != want {
			t.Errorf("%s: %d givens, want %d", s.Name(), p.Givens(), want)
		}
		for i := range nn {
			if d := p.Cell(i); d != 0 && d != sol.Cell(i) {
				t.Fatalf("%s: cell %d is %d, solution %d", s.Name(), i, d, sol.Cell(i))
			}
		}
		// The line format reads back as the same puzzle.
		back, err := textfmt.Parse(p.String())
		if err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		if !back.Equal(p) {
			t.Fatalf("%s: the line format does not read back", s.Name())
		}
	}
}
