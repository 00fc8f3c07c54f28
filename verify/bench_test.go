package verify_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// loadSet reads up to max puzzles of a data set and their solutions, or
// skips the benchmark when the files are absent.
func loadSet(b *testing.B, name string, max int) (puzzles, sols []*satdoku.Grid) {
	for _, p := range readLines(b, dataPath(name+".txt"), max) {
		puzzles = append(puzzles, grid(b, p))
	}
	for _, s := range readLines(b, dataPath(name+".solutions.txt"), max) {
		sols = append(sols, grid(b, s))
	}
	return puzzles, sols
}

func BenchmarkCheck(b *testing.B) {
	puzzles, sols := loadSet(b, "norvig_top95", 0)
	bad := sols[0].Clone()
	bad.Set(0, 0, bad.Get(0, 1))
	for _, bc := range []struct {
		name string
		gs   []*satdoku.Grid
	}{
		{"top95/puzzle", puzzles},
		{"top95/solution", sols},
		{"conflict", []*satdoku.Grid{bad}},
		{"64x64", []*satdoku.Grid{square(b, 64)}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				verify.Check(bc.gs[i%len(bc.gs)])
				i++
			}
		})
	}
}

func BenchmarkSolution(b *testing.B) {
	puzzles, sols := loadSet(b, "norvig_top95", 0)
	p16, s16 := loadSet(b, "vu_kr_16x16", 0)
	for _, bc := range []struct {
		name          string
		puzzles, sols []*satdoku.Grid
	}{
		{"top95", puzzles, sols},
		{"vu_kr_16x16", p16, s16},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				k := i % len(bc.puzzles)
				if err := verify.Solution(bc.puzzles[k], bc.sols[k]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

func BenchmarkCount(b *testing.B) {
	for _, bc := range []struct {
		set   string
		limit int
	}{
		{"kaggle_9999", 2},
		{"norvig_top95", 1},
		{"norvig_top95", 2},
		{"forum_hardest_1106", 1},
		{"forum_hardest_1106", 2},
		{"vu_kr_16x16", 2},
	} {
		name := bc.set
		if bc.limit == 1 {
			name += "/solve"
		} else {
			name += "/unique"
		}
		b.Run(name, func(b *testing.B) {
			puzzles, _ := loadSet(b, bc.set, 400)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if n, _ := verify.Count(puzzles[i%len(puzzles)], bc.limit); n != 1 {
					b.Fatalf("puzzle %d: %d solutions", i%len(puzzles)+1, n)
				}
				i++
			}
		})
		// CountContext looks at its context at every branching: this is
		// what that costs.
		b.Run(name+"/context", func(b *testing.B) {
			puzzles, _ := loadSet(b, bc.set, 400)
			ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
			defer cancel()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if n, _, err := verify.CountContext(ctx, puzzles[i%len(puzzles)], bc.limit); n != 1 || err != nil {
					b.Fatalf("puzzle %d: %d solutions, %v", i%len(puzzles)+1, n, err)
				}
				i++
			}
		})
	}
}

// BenchmarkCountKiller counts (limit 2) a 9×9 killer made from the
// solution of top95 #1: cages of three cells, the thirds of every row of
// the left and right stacks and the vertical thirds of the middle stack's
// columns, each with its sum and no repeated digit: with no givens and
// with every fifth cell given.
func BenchmarkCountKiller(b *testing.B) {
	sol := grid(b, top1Sol)
	std, _ := satdoku.Standard(9)
	var cons []satdoku.Constraint
	var extra []satdoku.ExtraUnit
	add := func(cells []int) {
		sum := 0
		for _, i := range cells {
			sum += sol.Cell(i)
		}
		cons = append(cons, satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Value: sum, Name: "killer cage"})
		extra = append(extra, satdoku.ExtraUnit{Name: "cage", Cells: cells})
	}
	for r := range 9 {
		add([]int{9 * r, 9*r + 1, 9*r + 2})
		add([]int{9*r + 6, 9*r + 7, 9*r + 8})
	}
	for c := 3; c < 6; c++ {
		for r := 0; r < 9; r += 3 {
			add([]int{9*r + c, 9*(r+1) + c, 9*(r+2) + c})
		}
	}
	r, err := std.WithConstraints(cons...)
	if err != nil {
		b.Fatal(err)
	}
	if r, err = r.WithExtra(extra...); err != nil {
		b.Fatal(err)
	}
	for _, every := range []int{0, 5} {
		g := satdoku.NewGrid(r)
		givens := 0
		for i := 0; every > 0 && i < 81; i += every {
			g.SetCell(i, sol.Cell(i))
			givens++
		}
		b.Run(fmt.Sprintf("givens=%d", givens), func(b *testing.B) {
			for b.Loop() {
				if n, _ := verify.Count(g, 2); n == 0 {
					b.Fatal("no solution")
				}
			}
		})
	}
}
