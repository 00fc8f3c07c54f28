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

// benchOptions are the truecandidatesoptions of the benchmarks: plain
// true candidates (cap 1, what every userscript sends with colouring
// off) and counts capped at 8 (1.3.3's form; 0.4.2 sends "colored").
var benchOptions = []struct {
	name string
	opts []string
}{{"cap1", []string{}}, {"cap8", []string{"truecandidatesnumsolutions=8"}}}

// benchTrueCandidates asks truecandidates through the WebSocket for each
// puzzle (an f-puzzles JSON) in turn, b.N rounds, with each option set
// of benchOptions, and reports the median and worst time of an answer in
// ms.
func benchTrueCandidates(b *testing.B, puzzles []string) {
	addr, _ := startServer(b, listen.Options{Jobs: 1})
	cl := mustDial(b, addr)
	for _, o := range benchOptions {
		b.Run(o.name, func(b *testing.B) {
			msgs := make([]string, len(puzzles))
			for i, js := range puzzles {
				msgs[i] = withOptions(b, js, o.opts...)
			}
			var times []time.Duration
			b.ResetTimer()
			for range b.N {
				for _, js := range msgs {
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
		})
	}
}

// BenchmarkTrueCandidatesVariants: the published 9×9 puzzles of every
// family (fpuzzles/testdata/published.txt).
func BenchmarkTrueCandidatesVariants(b *testing.B) {
	var puzzles []string
	for _, p := range readPublished(b) {
		if len(p.solution) == 81 {
			puzzles = append(puzzles, p.json)
		}
	}
	benchTrueCandidates(b, puzzles)
}

// BenchmarkTrueCandidatesNearEmpty: classic puzzles of 16 givens with
// several solutions (shared/data/derived_multi_16clue.txt, the first 20).
func BenchmarkTrueCandidatesNearEmpty(b *testing.B) {
	// The shared data beside the main checkout, or beside a worktree's.
	f, err := os.Open(filepath.Join("..", "..", "shared", "data", "derived_multi_16clue.txt"))
	if err != nil {
		f, err = os.Open(filepath.Join("..", "..", "..", "shared", "data", "derived_multi_16clue.txt"))
	}
	if err != nil {
		b.Skip(err)
	}
	defer f.Close()
	var puzzles []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(puzzles) < 20 {
		if l := sc.Text(); len(l) == 81 {
			puzzles = append(puzzles, fpz(l, nil))
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
