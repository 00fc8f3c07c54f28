package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// BenchmarkSolveUnique runs `satdoku solve --unique --format json` in
// process over whole data sets (one run per iteration; absent sets skip) and
// reports puzzles/s, the CPU time (user and system, all goroutines) and the
// allocations per puzzle: the CLI's own cost (reading, records,
// verification of every answer) on top of the solver's. The CPU time is the
// steadier measure on a shared machine.
func BenchmarkSolveUnique(b *testing.B) {
	tuneGC(os.Getenv, streamAfter) // as main does
	for _, set := range []string{"kaggle_9999.txt", "royle17_49158.txt", "magictour_top1465.txt", "forum_hardest_1106.txt", "serg_benchmark.txt"} {
		b.Run(strings.TrimSuffix(set, ".txt"), func(b *testing.B) {
			path := filepath.Join(dataDir, set)
			data, err := os.ReadFile(path)
			if os.IsNotExist(err) {
				b.Skipf("%s not present", set)
			}
			if err != nil {
				b.Fatal(err)
			}
			benchCLI(b, []string{"solve", "--unique", "--format", "json", path}, bytes.Count(data, []byte("\n")))
		})
	}
}

// benchCLI runs the CLI in process with args, over n puzzles, once per
// iteration, and reports puzzles/s, the CPU time per puzzle (user and
// system, all goroutines, and the solver processes waited for) and the
// allocations per puzzle. It returns the last run's standard error.
func benchCLI(b *testing.B, args []string, n int) string {
	var stderr bytes.Buffer
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	cpu0 := readCPU().total()
	runs := 0
	for b.Loop() {
		stderr.Reset()
		run(args, nil, io.Discard, &stderr)
		runs++
	}
	cpu := readCPU().total() - cpu0
	runtime.ReadMemStats(&m1)
	puzzles := float64(runs * n)
	b.ReportMetric(puzzles/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(cpu.Nanoseconds())/puzzles, "cpu-ns/puzzle")
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/puzzles, "allocs/puzzle")
	b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/puzzles, "B/puzzle")
	return stderr.String()
}
