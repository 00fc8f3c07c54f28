package satsolve

import (
	"testing"

	"github.com/satdoku/satdoku"
)

// benchSets are the shared data sets benchmarked, each read up to max
// puzzles (0: all).
var benchSets = []struct {
	name string
	max  int
}{
	{"kaggle_9999.txt", 1000},
	{"royle17_49158.txt", 1000},
	{"magictour_top1465.txt", 1000},
	{"forum_hardest_1905_11plus.txt", 1000},
	{"forum_hardest_1106.txt", 0},
	{"serg_benchmark.txt", 1000},
	{"derived_multi_16clue.txt", 1000},
	{"derived_nosol_17plus1.txt", 1000},
	{"norvig_top95.txt", 0},
	{"tdoku_test_puzzles.txt", 0},
	{"vu_kr_16x16.txt", 0},
	{"misc_25x25.txt", 0},
}

// BenchmarkUnique proves each puzzle of a set unique (or not), one puzzle
// per iteration, cycling through the set, and reports puzzles per second.
func BenchmarkUnique(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			lines, ok := readLines(b, dataFile(set.name), set.max)
			if !ok {
				b.Skipf("%s not found", set.name)
			}
			puzzles := make([]*satdoku.Grid, 0, len(lines))
			for _, l := range lines {
				if g, ok := parseLine(l); ok {
					puzzles = append(puzzles, g)
				}
			}
			benchUnique(b, puzzles, false)
		})
	}
}

// BenchmarkRulesSwitch proves kaggle puzzles unique with one Solver whose
// rules change at every call: each puzzle is solved in turn under the
// standard rules and under two other Rules values of the same standard
// units (as puzzles of a stream with rules of their own, or with --rules,
// come). What it measures beyond BenchmarkUnique is the Solver taking up
// rules it has seen before.
func BenchmarkRulesSwitch(b *testing.B) {
	lines, ok := readLines(b, dataFile("kaggle_9999.txt"), 300)
	if !ok {
		b.Skip("kaggle_9999.txt not found")
	}
	std, _ := satdoku.Standard(9)
	other := []*satdoku.Rules{std, std.WithTags("a"), std.WithTags("b")}
	var puzzles []*satdoku.Grid
	for k, l := range lines {
		g, ok := parseLine(l)
		if !ok {
			continue
		}
		if err := g.SetRules(other[k%len(other)]); err != nil {
			b.Fatal(err)
		}
		puzzles = append(puzzles, g)
	}
	benchUnique(b, puzzles, false)
}
