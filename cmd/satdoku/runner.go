package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/satsolve"
)

// answerFunc answers one puzzle with the worker's own solver.
type answerFunc func(*satsolve.Solver, *satdoku.Grid, *answer)

// batch is a run of consecutive puzzles in flight: a worker answers them
// all, then closes done. Handing puzzles over in batches keeps the cost of
// the channels and goroutine wake-ups off easy puzzles, which take tens of
// microseconds each.
type batch struct {
	items   []item
	answers []*answer
	done    chan struct{}
}

// batchSize is the number of puzzles per batch.
const batchSize = 8

// answerItem answers one item, timing it.
func answerItem(s *satsolve.Solver, it item, fn answerFunc) *answer {
	start := time.Now()
	a := newAnswer(it)
	if it.err == nil {
		fn(s, it.grid, a)
	}
	a.elapsed(start)
	return a
}

// runParallel answers the items of in with jobs workers, each with its own
// solver from newSolver, and emits the answers in input order. Puzzles go
// to the workers in batches of batchSize, and at most 2·jobs batches are in
// flight, so memory stays bounded whatever the length of the stream. (A
// batch waits for its batchSize puzzles, or the end of the input, before a
// worker starts on it.)
//
// When emit reports false (the output failed or the run was interrupted), no
// more input is read and the puzzles in flight are finished unwritten.
func runParallel(in *inputs, jobs int, newSolver func() *satsolve.Solver, fn answerFunc, emit func(*answer) bool) {
	var stop atomic.Bool
	window := make(chan *batch, 2*jobs) // in input order
	work := make(chan *batch, 2*jobs)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newSolver()
			for b := range work {
				b.answers = make([]*answer, len(b.items))
				for i, it := range b.items {
					b.answers[i] = answerItem(s, it, fn)
				}
				close(b.done)
			}
		}()
	}
	go func() {
		for !stop.Load() {
			b := &batch{items: make([]item, 0, batchSize), done: make(chan struct{})}
			for len(b.items) < batchSize {
				it, ok := in.next()
				if !ok {
					break
				}
				b.items = append(b.items, it)
			}
			if len(b.items) == 0 {
				break
			}
			window <- b // blocks while the window is full
			work <- b
		}
		close(work)
		close(window)
	}()
	for b := range window {
		<-b.done
		for _, a := range b.answers {
			if !stop.Load() && !emit(a) {
				stop.Store(true)
			}
		}
	}
	wg.Wait()
}

// stats accumulates the --stats summary: counts per status and a
// logarithmic histogram of the time per puzzle (16 buckets per doubling, so
// the percentiles are within about 4.5%), in constant memory.
type stats struct {
	start    time.Time
	puzzles  int
	byStatus map[string]int
	order    []string
	hist     [64 * 16]int
}

func newStats() *stats { return &stats{start: time.Now(), byStatus: map[string]int{}} }

func (s *stats) add(a *answer) {
	s.puzzles++
	if _, ok := s.byStatus[a.Status]; !ok {
		s.order = append(s.order, a.Status)
	}
	s.byStatus[a.Status]++
	us := a.MS*1000 + 1
	b := int(math.Log2(us) * 16)
	s.hist[min(max(b, 0), len(s.hist)-1)]++
}

// quantile returns the time per puzzle below which a fraction q of the
// puzzles fall (the upper edge of the histogram bucket).
func (s *stats) quantile(q float64) time.Duration {
	want := int(math.Ceil(q * float64(s.puzzles)))
	seen := 0
	for b, k := range s.hist {
		seen += k
		if seen >= want && seen > 0 {
			us := math.Exp2(float64(b+1)/16) - 1
			return time.Duration(us * float64(time.Microsecond))
		}
	}
	return 0
}

// write prints the summary:
//
//	satdoku: 9999 puzzles: unique 9999
//	satdoku: elapsed 412ms, 24268 puzzles/s, 1 job
//	satdoku: per puzzle p50 31µs, p99 80µs
func (s *stats) write(w io.Writer, jobs int) {
	el := time.Since(s.start)
	parts := make([]string, 0, len(s.order))
	for _, st := range s.order {
		parts = append(parts, fmt.Sprintf("%s %d", st, s.byStatus[st]))
	}
	rate := 0.0
	if el > 0 {
		rate = float64(s.puzzles) / el.Seconds()
	}
	job := "jobs"
	if jobs == 1 {
		job = "job"
	}
	fmt.Fprintf(w, "satdoku: %d puzzles: %s\n", s.puzzles, strings.Join(parts, ", "))
	fmt.Fprintf(w, "satdoku: elapsed %v, %.0f puzzles/s, %d %s\n", el.Round(time.Millisecond), rate, jobs, job)
	fmt.Fprintf(w, "satdoku: per puzzle p50 %v, p99 %v\n", roundDur(s.quantile(0.50)), roundDur(s.quantile(0.99)))
}

func roundDur(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}

// progress draws a one-line progress indicator on standard error (only
// when it is a terminal): puzzles done, rate, and an ETA when the input
// size is known (regular files), at most ten times a second.
type progress struct {
	w     io.Writer
	in    *inputs
	start time.Time
	last  time.Time
	done  int
	drawn bool
}

func newProgress(e *env, in *inputs) *progress {
	// Only when standard error is a terminal and standard output is not
	// (as in "satdoku solve big.txt > out.json"): on a terminal the answers
	// themselves show the progress, and a progress line would land in them.
	f, ok := e.stderr.(*os.File)
	if !ok || !isTerminal(f) || isTerminal(e.stdout) {
		return nil
	}
	in.sizeInputs()
	now := time.Now()
	// Nothing is drawn in the first second: short runs stay quiet.
	return &progress{w: e.stderr, in: in, start: now, last: now.Add(progressDelay - progressEvery)}
}

func (p *progress) step() {
	if p == nil {
		return
	}
	p.done++
	now := time.Now()
	if now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	p.drawn = true
	el := now.Sub(p.start).Seconds()
	rate := float64(p.done) / max(el, 1e-9)
	line := fmt.Sprintf("\r%d puzzles, %.0f/s", p.done, rate)
	if total, read := p.in.total, p.in.nread.Load(); total > 0 && read > 0 {
		frac := min(float64(read)/float64(total), 1)
		eta := time.Duration(el * (1/frac - 1) * float64(time.Second))
		line += fmt.Sprintf(", %3.0f%%, ETA %v", 100*frac, eta.Round(time.Second))
	}
	fmt.Fprintf(p.w, "%s\x1b[K", line)
}

func (p *progress) finish() {
	if p != nil && p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// The progress line appears after progressDelay and is redrawn at most
// every progressEvery.
const (
	progressDelay = time.Second
	progressEvery = 100 * time.Millisecond
)

// defaultJobs is the --jobs default: one worker. The throughput targets are
// per worker, and one worker leaves the other cores to the rest of a
// pipeline; --jobs 0 means runtime.NumCPU().
const defaultJobs = 1

func resolveJobs(j int) (int, error) {
	switch {
	case j < 0:
		return 0, fmt.Errorf("invalid --jobs %d: must not be negative", j)
	case j == 0:
		return runtime.NumCPU(), nil
	}
	return j, nil
}
