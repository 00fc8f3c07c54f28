//go:build unix

package cluereport

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/satdoku/satdoku/fpuzzles"
)

// BenchmarkPublishedFPuzzles: every published 9×9 f-puzzles puzzle of
// the repository (fpuzzles/testdata/published.txt, those satdoku reads),
// one report each per round, with the median, 90th percentile and worst
// of a report's wall time and of the process's CPU time over it (on a
// machine shared with other work the CPU time is the fairer measure).
func BenchmarkPublishedFPuzzles(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "fpuzzles", "testdata", "published.txt"))
	if err != nil {
		b.Fatal(err)
	}
	var puzzles []*fpuzzles.Puzzle
	for _, rec := range strings.Split(string(data), "\n\n") {
		var src string
		nine := false
		for _, l := range strings.Split(rec, "\n") {
			switch {
			case l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "refused "):
			case strings.HasPrefix(l, "solution "):
				nine = len(strings.TrimPrefix(l, "solution ")) == 81
			default:
				src = l
			}
		}
		if !nine || src == "" {
			continue
		}
		if p, err := fpuzzles.Read([]byte(src)); err == nil {
			puzzles = append(puzzles, p)
		}
	}
	var wall, cpu []time.Duration
	for b.Loop() {
		for _, p := range puzzles {
			start, c0 := time.Now(), cpuTime()
			if _, err := Make(context.Background(), p.Grid, Options{Clues: p.Clues}); err != nil {
				b.Fatal(err)
			}
			wall, cpu = append(wall, time.Since(start)), append(cpu, cpuTime()-c0)
		}
	}
	report := func(name string, ds []time.Duration) {
		slices.Sort(ds)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		b.ReportMetric(ms(ds[len(ds)/2]), name+"-median-ms")
		b.ReportMetric(ms(ds[len(ds)*9/10]), name+"-p90-ms")
		b.ReportMetric(ms(ds[len(ds)-1]), name+"-max-ms")
	}
	report("wall", wall)
	report("cpu", cpu)
	b.ReportMetric(float64(len(puzzles)), "puzzles")
	b.ReportMetric(0, "ns/op")
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
