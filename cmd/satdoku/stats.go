package main

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"
)

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

// add counts one answer.
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
