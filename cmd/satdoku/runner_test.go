package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/internal/race"
)

func TestStatsQuantile(t *testing.T) {
	s := newStats(false, false)
	for i := 1; i <= 100; i++ {
		s.add(&record{Status: statusUnique, MS: float64(i) / 10}) // 0.1ms..10ms
	}
	s.add(&record{Status: statusNone, MS: 0})
	for _, c := range []struct {
		q        float64
		lo, high time.Duration
	}{
		{0.5, 4800 * time.Microsecond, 5300 * time.Microsecond},
		{0.99, 9500 * time.Microsecond, 10600 * time.Microsecond},
	} {
		if got := s.quantile(c.q); got < c.lo || got > c.high {
			t.Errorf("quantile(%v) = %v, want in [%v, %v]", c.q, got, c.lo, c.high)
		}
	}
	var b bytes.Buffer
	s.write(&b, 3)
	out := b.String()
	for _, re := range []string{
		`(?m)^satdoku: 101 puzzles: unique 100, none 1$`,
		`(?m)^satdoku: elapsed \S+, \d+ puzzles/s, 3 jobs$`,
		`(?m)^satdoku: per puzzle p50 \S+, p99 \S+$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("summary %q does not match %s", out, re)
		}
	}
}

func TestProgress(t *testing.T) {
	var b bytes.Buffer
	in := newInputs(nil, strings.NewReader(""))
	in.total = 1000
	in.nread.Store(250)
	p := &progress{w: &b, in: in, start: time.Now().Add(-time.Second)}
	p.step()
	if !regexp.MustCompile(`^\r1 puzzle, \d+/s,  25%, ETA \d+s\x1b\[K$`).MatchString(b.String()) {
		t.Errorf("progress line %q", b.String())
	}
	b.Reset()
	p.step() // within 100ms of the last line: nothing drawn
	if b.Len() != 0 {
		t.Errorf("progress redrawn at once: %q", b.String())
	}
	p.finish()
	if b.String() != "\r\x1b[K" {
		t.Errorf("finish wrote %q", b.String())
	}
	var none *progress // not a terminal: every method is a no-op
	none.step()
	none.finish()
}

// TestTuneGC checks that tuneGC sets streamGOGC after the delay, and
// leaves the setting alone when the user's environment has GOGC or
// GOMEMLIMIT.
func TestTuneGC(t *testing.T) {
	percent := func() int { p := debug.SetGCPercent(100); debug.SetGCPercent(p); return p }
	prev := debug.SetGCPercent(100)
	defer debug.SetGCPercent(prev)
	for _, env := range []map[string]string{{"GOGC": "50"}, {"GOMEMLIMIT": "1GiB"}} {
		if tuneGC(func(k string) string { return env[k] }, 0) {
			t.Errorf("env %v: tuneGC reports a change", env)
		}
	}
	time.Sleep(50 * time.Millisecond)
	if p := percent(); p != 100 {
		t.Fatalf("GC percent %d with the user's settings, want 100 left alone", p)
	}
	if !tuneGC(func(string) string { return "" }, time.Millisecond) {
		t.Fatal("tuneGC reports no change without the user's settings")
	}
	for start := time.Now(); percent() != streamGOGC; time.Sleep(time.Millisecond) {
		if time.Since(start) > 5*time.Second {
			t.Fatalf("GC percent %d, want %d", percent(), streamGOGC)
		}
	}
}

// TestStreamStaysFlat runs streams of hard puzzles (the 9×9, 16×16 and
// 25×25 sets) with two workers and a timeout so short that many puzzles run
// out of time, in process: first one pass over the sets, then several. The
// goroutines and the live heap (after a GC) must stay flat:
//
//   - after each run, once the searches abandoned at their deadline have
//     ended, they are what they were after the first run, within a small
//     constant: nothing is left behind per puzzle;
//   - during the long run, sampled on a clock, their medians over the last
//     pass's share of the time stay within a constant of their medians
//     over the first pass's: nothing grows with the stream. (Sampled on a clock, not at the writes of the
//     output: the output is buffered, and a short stream of short records
//     is written in one or two writes.) (The live heap in flight
//     depends on which 25×25 searches are running, hence the larger
//     constant.)
func TestStreamStaysFlat(t *testing.T) {
	var set []string
	for _, name := range []string{"forum_hardest_1106.txt", "vu_kr_16x16.txt", "psp_16x16.txt", "misc_25x25.txt"} {
		if b, err := os.ReadFile(filepath.Join(dataDir, name)); err == nil {
			set = append(set, strings.Split(strings.TrimSpace(string(b)), "\n")...)
		}
	}
	if len(set) < 200 {
		t.Skipf("%d puzzles in the hard sets present, want 200", len(set))
	}
	passes := 3
	if testing.Short() {
		set = set[:200]
		if race.Enabled {
			// make test under the race detector: fewer puzzles, more
			// passes, for enough samples on a loaded machine
			set, passes = set[:60], 8
		}
	}
	dir := t.TempDir()
	stream := func(passes int, w io.Writer) time.Duration {
		t.Helper()
		start := time.Now()
		path := filepath.Join(dir, fmt.Sprintf("stream%d.txt", passes))
		if err := os.WriteFile(path, []byte(strings.Repeat(strings.Join(set, "\n")+"\n", passes)), 0o666); err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		code := run([]string{"solve", "--jobs", "2", "--timeout", "5ms", "--format", "json", path}, nil, w, &stderr)
		if code != exitOK && code != exitNegative {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		t.Logf("%d passes: %d timeouts", passes, strings.Count(stderr.String(), "timed out"))
		return time.Since(start)
	}

	// A first run starts what lives on for good (the signal watcher) and
	// fills the caches of the rules of each size.
	onePass := stream(1, io.Discard)
	first := settle(t)
	var w counter
	s := startSampler(onePass / 64)
	stream(passes, &w)
	s.stop()
	last := settle(t)
	t.Logf("after one pass: %d goroutines, live heap %d KiB; after %d: %d, %d KiB", first.goroutines, first.heap>>10, passes, last.goroutines, last.heap>>10)
	if int(w) != passes*len(set) {
		t.Fatalf("%d records for %d puzzles", int(w), passes*len(set))
	}
	if last.goroutines > first.goroutines {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after %d passes, %d after one:\n%s", last.goroutines, passes, first.goroutines, buf[:runtime.Stack(buf, true)])
	}
	const heapSlack = 256 << 10
	if last.heap > first.heap+heapSlack {
		t.Errorf("live heap %d KiB after %d passes, %d KiB after one", last.heap>>10, passes, first.heap>>10)
	}

	// The first pass's window against the last's, each a passes-th of the
	// run (the passes take the same time); the medians, not the largest
	// values, which depend on which big searches a sample caught.
	end := s.samples[len(s.samples)-1].at
	pass := end / time.Duration(passes)
	firstMedian, firstMost, nFirst := s.window(0, pass)
	lastMedian, lastMost, nLast := s.window(end-pass, end+1)
	if nFirst < 3 || nLast < 3 {
		t.Fatalf("%d and %d samples in the first and last %v: too few to compare", nFirst, nLast, pass)
	}
	t.Logf("during the run, in the first %v: median %d goroutines and live heap %d KiB (at most %d, %d KiB) in %d samples; in the last: %d, %d KiB (at most %d, %d KiB) in %d",
		pass, firstMedian.goroutines, firstMedian.heap>>10, firstMost.goroutines, firstMost.heap>>10, nFirst,
		lastMedian.goroutines, lastMedian.heap>>10, lastMost.goroutines, lastMost.heap>>10, nLast)
	const goroutineSlack, inFlightSlack = 2, 4 << 20
	if lastMedian.goroutines > firstMedian.goroutines+goroutineSlack {
		t.Errorf("goroutines during the run: median %d in the first %v, %d in the last", firstMedian.goroutines, pass, lastMedian.goroutines)
	}
	if lastMedian.heap > firstMedian.heap+inFlightSlack {
		t.Errorf("live heap during the run: median %d KiB in the first %v, %d KiB in the last", firstMedian.heap>>10, pass, lastMedian.heap>>10)
	}
}

// settle waits for the goroutines to stop decreasing (a search abandoned at
// its deadline ends at gini's next look at the clock), then samples them
// and the live heap.
func settle(t *testing.T) sample {
	t.Helper()
	n := runtime.NumGoroutine()
	for stable := 0; stable < 10; time.Sleep(10 * time.Millisecond) {
		stable++
		if m := runtime.NumGoroutine(); m != n {
			n, stable = m, 0
		}
	}
	return heapSample()
}

// heapSample returns the goroutines and the live heap, after a GC.
func heapSample() sample {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return sample{runtime.NumGoroutine(), m.HeapAlloc}
}

// counter is an output that counts the records written.
type counter int

func (c *counter) Write(b []byte) (int, error) {
	*c += counter(bytes.Count(b, []byte("\n")))
	return len(b), nil
}

// sampler samples the goroutines and the live heap every interval until
// stopped, each sample with its time since the start. Its own goroutine is
// not counted.
type sampler struct {
	done    chan struct{}
	ended   chan struct{}
	samples []timedSample
}

type sample struct {
	goroutines int
	heap       uint64
}

type timedSample struct {
	at time.Duration
	sample
}

// startSampler starts a sampler.
func startSampler(interval time.Duration) *sampler {
	s := &sampler{done: make(chan struct{}), ended: make(chan struct{})}
	go func() {
		defer close(s.ended)
		start := time.Now()
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			now := heapSample()
			now.goroutines-- // the sampler's own
			s.samples = append(s.samples, timedSample{time.Since(start), now})
			select {
			case <-tick.C:
			case <-s.done:
				return
			}
		}
	}()
	return s
}

// window returns the medians and the largest values of the samples taken
// from one time to another, and how many there are.
func (s *sampler) window(from, to time.Duration) (median, most sample, n int) {
	var gs []int
	var hs []uint64
	for _, x := range s.samples {
		if x.at >= from && x.at < to {
			gs, hs = append(gs, x.goroutines), append(hs, x.heap)
			most = sample{max(most.goroutines, x.goroutines), max(most.heap, x.heap)}
		}
	}
	if len(gs) == 0 {
		return sample{}, sample{}, 0
	}
	slices.Sort(gs)
	slices.Sort(hs)
	return sample{gs[len(gs)/2], hs[len(hs)/2]}, most, len(gs)
}

// stop stops the sampler and waits for its goroutine to end.
func (s *sampler) stop() {
	close(s.done)
	<-s.ended
}
