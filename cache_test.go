package satdoku

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"weak"
)

type testKey struct{ name string }

// TestCachedOnce asks many goroutines at once for the tables of shared
// rules (run it with -race): each table is built once per Rules value and
// every caller gets that one.
func TestCachedOnce(t *testing.T) {
	std := must(Boxes(9, 3, 3)) // new rules: Standard(9) is shared by the tests
	derived := std.WithTags("x")
	var builds [2][2]atomic.Int32
	var got [2][2]sync.Map // the values seen, by pointer
	var wg sync.WaitGroup
	start := make(chan struct{})
	for g := range 16 {
		wg.Go(func() {
			<-start
			for k := range 50 {
				ri, ki := (g+k)%2, k%2
				r := []*Rules{std, derived}[ri]
				key := testKey{[]string{"a", "b"}[ki]}
				v := r.Cached(key, func() any {
					builds[ri][ki].Add(1)
					time.Sleep(time.Millisecond) // let the others arrive meanwhile
					return &[]int{ri, ki}
				}).(*[]int)
				if (*v)[0] != ri || (*v)[1] != ki {
					t.Errorf("rules %d key %d: got the table of rules %d key %d", ri, ki, (*v)[0], (*v)[1])
				}
				got[ri][ki].Store(v, true)
			}
		})
	}
	close(start)
	wg.Wait()
	for ri := range 2 {
		for ki := range 2 {
			if n := builds[ri][ki].Load(); n != 1 {
				t.Errorf("rules %d key %d: built %d times, want 1", ri, ki, n)
			}
			n := 0
			got[ri][ki].Range(func(any, any) bool { n++; return true })
			if n != 1 {
				t.Errorf("rules %d key %d: %d different values, want 1", ri, ki, n)
			}
		}
	}
}

// TestCachedPerRules checks that rules derived from others, and rules
// built alike, have tables of their own, and that a copy of a Rules struct
// does not take its original's.
func TestCachedPerRules(t *testing.T) {
	base := must(Standard(4))
	rel, err := base.WithRelations(Relation{A: 0, B: 5, Kind: Different})
	if err != nil {
		t.Fatal(err)
	}
	cons, err := base.WithConstraints(Constraint{Kind: Total, Cells: []int{0, 1}, Value: 3})
	if err != nil {
		t.Fatal(err)
	}
	all := []*Rules{base, rel, cons, base.WithTags("t"), must(Regions(4, nil)), must(Boxes(4, 2, 2))}
	key := testKey{"per rules"}
	for i, r := range all {
		r.Cached(key, func() any { return i })
	}
	for i, r := range all {
		if v := r.Cached(key, func() any { return -1 }); v != i {
			t.Errorf("rules %d: cached %v, want %d", i, v, i)
		}
	}
	c := *base
	if v := c.Cached(key, func() any { return "copy" }); v != "copy" {
		t.Errorf("a copy of a Rules struct got its original's table %v", v)
	}
	var zero Rules
	if v := zero.Cached(key, func() any { return "zero" }); v != "zero" {
		t.Errorf("the zero Rules gave %v", v)
	}
}

// TestCachedDiesWithRules checks that a table goes when its rules do.
func TestCachedDiesWithRules(t *testing.T) {
	var tabs []weak.Pointer[[]int]
	for range 10 {
		r := must(Regions(5, nil)) // new rules every time
		v := r.Cached(testKey{"gc"}, func() any { return &[]int{1} }).(*[]int)
		tabs = append(tabs, weak.Make(v))
	}
	alive := func() int {
		k := 0
		for _, p := range tabs {
			if p.Value() != nil {
				k++
			}
		}
		return k
	}
	for deadline := time.Now().Add(10 * time.Second); alive() > 0 && time.Now().Before(deadline); {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if k := alive(); k > 0 {
		t.Errorf("%d tables of collected rules are still alive", k)
	}
}
