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
	cpu      cpuTime // at the start
	puzzles  int
	byStatus map[string]int
	order    []string
	hist     [64 * 16]int

	// With --certify (certify; proofs: by DRAT proofs, else by
	// independent counts): the verdicts per certMark (certNone: no claim
	// of unsatisfiability), and the checks of the certificates with the
	// time they took.
	certify bool
	proofs  bool
	byMark  [4]int
	checks  int
	check   time.Duration
	slowest time.Duration

	// The puzzles a portfolio raced (--portfolio), per solver that
	// answered, in the order they first answered.
	raced    int
	byMember map[string]int
	members  []string
}

// newStats starts the summary of a run, with --certify when certify is
// set, the certificates DRAT proofs when proofs is.
func newStats(certify, proofs bool) *stats {
	return &stats{start: time.Now(), cpu: readCPU(), byStatus: map[string]int{}, certify: certify, proofs: proofs, byMember: map[string]int{}}
}

// add counts one answer.
func (s *stats) add(a *record) {
	s.puzzles++
	if _, ok := s.byStatus[a.Status]; !ok {
		s.order = append(s.order, a.Status)
	}
	s.byStatus[a.Status]++
	if a.Solver != "" {
		s.raced++
		if _, ok := s.byMember[a.Solver]; !ok {
			s.members = append(s.members, a.Solver)
		}
		s.byMember[a.Solver]++
	}
	s.byMark[a.Certified]++
	s.checks += a.certChecks
	s.check += a.certTime
	s.slowest = max(s.slowest, a.certTime)
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

// write prints the summary (after an interrupt too: of the answers
// written); with no puzzles, "0 puzzles" and the elapsed time alone:
//
//	satdoku: 9999 puzzles: unique 9999
//	satdoku: elapsed 412ms, 24268 puzzles/s, 1 job
//	satdoku: per puzzle p50 31µs, p99 80µs
//
//	satdoku: cpu 405ms, child processes 0s (user+system)
//
// (the CPU line where the platform tells), with --portfolio the puzzles
// raced and which solver answered them,
//
//	satdoku: raced 1 puzzle, answered by cadical 1
//
// and with --certify the verdicts certified, and the time their
// certificates took to check (DRAT proofs, or with gini the independent
// counts, those that ran out of budget included):
//
//	satdoku: certified 9998 by DRAT proof, not certified 0
//	satdoku: proof checks 9998, 2.41s in total, 241µs per proof, slowest 3.1ms
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
	switch s.puzzles {
	case 0:
		// No answer to count or time: the run and its length alone.
		fmt.Fprintf(w, "satdoku: 0 puzzles\n")
	case 1:
		fmt.Fprintf(w, "satdoku: 1 puzzle: %s\n", strings.Join(parts, ", "))
	default:
		fmt.Fprintf(w, "satdoku: %d puzzles: %s\n", s.puzzles, strings.Join(parts, ", "))
	}
	fmt.Fprintf(w, "satdoku: elapsed %v, %.0f puzzles/s, %d %s\n", el.Round(time.Millisecond), rate, jobs, job)
	if s.puzzles > 0 {
		fmt.Fprintf(w, "satdoku: per puzzle p50 %v, p99 %v\n", roundDur(s.quantile(0.50)), roundDur(s.quantile(0.99)))
	}
	if cpu := readCPU(); cpu.ok && s.cpu.ok {
		fmt.Fprintf(w, "satdoku: cpu %v, child processes %v (user+system)\n",
			roundDur(cpu.self-s.cpu.self), roundDur(cpu.children-s.cpu.children))
	}
	if s.raced > 0 {
		parts := make([]string, 0, len(s.members))
		for _, m := range s.members {
			parts = append(parts, fmt.Sprintf("%s %d", m, s.byMember[m]))
		}
		puzzles := "puzzles"
		if s.raced == 1 {
			puzzles = "puzzle"
		}
		fmt.Fprintf(w, "satdoku: raced %d %s, answered by %s\n", s.raced, puzzles, strings.Join(parts, ", "))
	}
	if !s.certify {
		return
	}
	how, what, per := "independent count", "independent counts", "count"
	if s.proofs {
		how, what, per = "DRAT proof", "proof checks", "proof"
	}
	fmt.Fprintf(w, "satdoku: certified %d by %s, not certified %d\n", s.byMark[certDRAT]+s.byMark[certCount], how, s.byMark[certNot])
	each := time.Duration(0)
	if s.checks > 0 {
		each = s.check / time.Duration(s.checks)
	}
	fmt.Fprintf(w, "satdoku: %s %d, %v in total, %v per %s, slowest %v\n",
		what, s.checks, roundDur(s.check), roundDur(each), per, roundDur(s.slowest))
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
