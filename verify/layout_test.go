package verify

import (
	"fmt"
	"sync"
	"testing"

	"github.com/satdoku/satdoku"
)

// TestLayoutCache checks that Count computes the layout of a set of rules
// once, and that other rules have their own (how long a layout lives is
// the rules' cache's: see satdoku's TestCachedDiesWithRules).
func TestLayoutCache(t *testing.T) {
	r, _ := satdoku.Standard(9)
	first := layoutOf(r)
	if second := layoutOf(r); first != second {
		t.Error("the layout of the same rules was computed twice")
	}
	latin, err := satdoku.Regions(9, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := Count(satdoku.NewGrid(latin), 1); n != 1 {
		t.Fatalf("Count = %d, want 1", n)
	}
	if l := layoutOf(latin); l == first || len(l.units) != 18 || l != layoutOf(latin) {
		t.Errorf("the layout of a latin square: %d units, shared %v", len(l.units), l == first)
	}
}

// TestCountConcurrent runs Count from several goroutines on shared and on
// fresh rules (run it with -race).
func TestCountConcurrent(t *testing.T) {
	std, _ := satdoku.Standard(6)
	var wg sync.WaitGroup
	for k := range 4 {
		wg.Go(func() {
			for range 20 {
				r := std
				if k%2 == 1 {
					r, _ = satdoku.Boxes(6, 3, 2)
				}
				if n, _ := Count(satdoku.NewGrid(r), 3); n != 3 {
					t.Errorf("Count = %d, want 3", n)
				}
			}
		})
	}
	wg.Wait()
}

// BenchmarkLayout compares computing the layout of the standard rules with
// finding it in the cache, which Count does on every call.
func BenchmarkLayout(b *testing.B) {
	for _, n := range []int{9, 16, 25} {
		r, _ := satdoku.Standard(n)
		b.Run(fmt.Sprintf("new/%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				newLayout(r)
			}
		})
		b.Run(fmt.Sprintf("cached/%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				layoutOf(r)
			}
		})
	}
}
