//go:build unix

package cube

import (
	"context"
	"errors"
	"flag"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/internal/cpubudget"
	"github.com/satdoku/satdoku/satsolve"
)

var (
	benchGroups = flag.String("cube.groups", "HARD_PENCILMARKS,HARD_RENBAN,MATHEMAGIC_KILLERS #1", "comma-separated names or name prefixes of bench/variants-hard.txt puzzles for BenchmarkHard")
	benchWith   = flag.String("cube.with", "whole,cube", "comma-separated solvers of BenchmarkHard: whole, cube, cages, probe (cube with probing)")
	benchCap    = flag.Duration("cube.cpu", 10*time.Second, "CPU time of the process after which BenchmarkHard gives a puzzle up (or 5 times that of wall time)")
)

// BenchmarkHard proves unique the hard puzzles named by -cube.groups,
// each with one gini on the whole puzzle ("whole"), and by cube and
// conquer with the default options on every core ("cube"), and with
// cages split first ("cages") or with probing ("probe"), those of
// -cube.with, interleaved puzzle by puzzle. It reports
// the CPU time (cpu-s/op) beside the wall time and fails on an answer
// that is not ISS's published one. A puzzle not answered within -cube.cpu
// of CPU time is skipped and says so. Run it once: -benchtime 1x.
func BenchmarkHard(b *testing.B) {
	ps := readPublished(b, true, strings.Split(*benchGroups, ",")...)
	solvers := []struct {
		name string
		new  func() backend.Solver
	}{
		{"whole", func() backend.Solver { return satsolve.New(satsolve.Options{Stoppable: true}) }},
		{"cube", func() backend.Solver { return New(Options{}) }},
		{"cages", func() backend.Solver { return New(Options{Cages: true}) }},
		{"probe", func() backend.Solver { return New(Options{Probe: true}) }},
	}
	with := strings.Split(*benchWith, ",")
	for _, p := range ps {
		for _, sv := range solvers {
			if !slices.Contains(with, sv.name) {
				continue
			}
			b.Run(sv.name+"/"+p.name, func(b *testing.B) {
				var cpu time.Duration
				for b.Loop() {
					s := sv.new()
					ctx, cancel := cpubudget.Context(*benchCap)
					start := cpubudget.Used()
					res, err := s.Unique(ctx, p.g)
					cpu += cpubudget.Used() - start
					cancel()
					if errors.Is(err, backend.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
						b.Skipf("no answer within %v of CPU time or 5 times that of wall time (%.2f s of CPU used)", *benchCap, cpu.Seconds())
					}
					if err != nil {
						b.Fatal(err)
					}
					if m := mismatch(p, res); m != "" {
						b.Fatal(m)
					}
				}
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
			})
		}
	}
}
