package listen_test

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/satdoku/satdoku/listen"
)

// benchTrueCandidates asks truecandidates with counts (capped at 8)
// through the WebSocket for each puzzle in turn, b.N rounds, and reports
// the median and worst time of an answer in ms.
func benchTrueCandidates(b *testing.B, puzzles []string) {
	addr, _ := startServer(b, listen.Options{Jobs: 1})
	cl := mustDial(b, addr)
	var times []time.Duration
	b.ResetTimer()
	for range b.N {
		for _, js := range puzzles {
			start := time.Now()
			if r := cl.ask("truecandidates", js); r.Type != "truecandidates" {
				b.Fatalf("%s %q", r.Type, r.Message)
			}
			times = append(times, time.Since(start))
		}
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "worst-ms")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkTrueCandidatesVariants: the published 9×9 puzzles of every
// family (fpuzzles/testdata/published.txt).
func BenchmarkTrueCandidatesVariants(b *testing.B) {
	var puzzles []string
	for _, p := range readPublished(b) {
		if len(p.solution) == 81 {
			puzzles = append(puzzles, withOptions(b, p.json, "colored"))
		}
	}
	benchTrueCandidates(b, puzzles)
}

// BenchmarkTrueCandidatesNearEmpty: classic puzzles of 16 givens with
// several solutions (../shared/data/derived_multi_16clue.txt, the first
// 20).
func BenchmarkTrueCandidatesNearEmpty(b *testing.B) {
	f, err := os.Open(filepath.Join("..", "..", "shared", "data", "derived_multi_16clue.txt"))
	if err != nil {
		b.Skip(err)
	}
	defer f.Close()
	var puzzles []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(puzzles) < 20 {
		if l := sc.Text(); len(l) == 81 {
			puzzles = append(puzzles, withOptions(b, fpz(l, nil), "colored"))
		}
	}
	benchTrueCandidates(b, puzzles)
}

// BenchmarkSupersede: the time from a new message, sent while a count of
// the empty grid runs, to its answer (a check of a unique puzzle, which
// alone takes well under a millisecond).
func BenchmarkSupersede(b *testing.B) {
	addr, _ := startServer(b, listen.Options{Jobs: 1})
	cl := mustDial(b, addr)
	var times []time.Duration
	for range b.N {
		b.StopTimer()
		first := cl.send("count", fpz(empty, nil))
		time.Sleep(20 * time.Millisecond)
		b.StartTimer()
		start := time.Now()
		second := cl.send("check", fpz(leet, nil))
		for {
			r := cl.recv()
			if r.Nonce == second {
				break
			}
			if r.Nonce != first {
				b.Fatalf("%+v", r)
			}
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "worst-ms")
}
