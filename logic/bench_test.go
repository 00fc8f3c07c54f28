package logic

import (
	"testing"

	"github.com/satdoku/satdoku"
)

// benchSet rates the first k puzzles of a shared set, round robin.
func benchSet(b *testing.B, name string, k int) {
	ps, _ := readSet(b, name, k)
	gs := make([]*satdoku.Grid, len(ps))
	for i, p := range ps {
		gs[i] = mustParse(b, p)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := Rate(gs[i%len(gs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
}

func BenchmarkRateKaggle(b *testing.B)    { benchSet(b, "kaggle_9999", 1000) }
func BenchmarkRateRoyle17(b *testing.B)   { benchSet(b, "royle17_49158", 1000) }
func BenchmarkRateTop1465(b *testing.B)   { benchSet(b, "magictour_top1465", 1465) }
func BenchmarkRateForum1905(b *testing.B) { benchSet(b, "forum_hardest_1905_11plus", 200) }
