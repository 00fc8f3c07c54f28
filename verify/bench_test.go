package verify_test

import (
	"context"
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
