//go:build unix

package satsolve_test

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/internal/cpubudget"
	_ "github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
)

var hardCPU = flag.Duration("hard.cpu", 10*time.Second, "CPU time for each puzzle of BenchmarkHardVariants, after which it gives up (wall time: 5 times that); issue 24 measures with 60s")

// hardPuzzle is one puzzle of bench/variants-hard.txt.
type hardPuzzle struct {
	name     string
	solution string // the published solution, "none", "multiple" or "unknown"
	grid     *satdoku.Grid
}

// readHard reads bench/variants-hard.txt: "# puzzle: NAME" and
// "# solution: …" comments, then the puzzle string on a line.
func readHard(tb testing.TB, path string) []hardPuzzle {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("no hard set: %v", err)
	}
	defer f.Close()
	var out []hardPuzzle
	var cur hardPuzzle
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(l, "# puzzle: "):
			cur = hardPuzzle{name: strings.TrimSpace(strings.TrimPrefix(l, "# puzzle: "))}
		case strings.HasPrefix(l, "# solution: "):
			cur.solution = strings.TrimPrefix(l, "# solution: ")
		case l == "" || l[0] == '#':
		default:
			p, ok, err := textfmt.ReadArg(l)
			if !ok || err != nil {
				tb.Fatalf("%s:%d: %v (read: %v)", path, n, err, ok)
			}
			cur.grid = p.Grid
			out = append(out, cur)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// BenchmarkHardVariants proves unique, one sub-benchmark a puzzle, the
// hard 9×9 variant puzzles of ISS's test sets (bench/variants-hard.txt,
// issue 24), through the checked gini path of solve --unique: each answer
// must be the published solution, none for ISS's zero-solution puzzles,
// multiple for the three of its slow cases that its own solver finds two
// solutions of. A puzzle that takes more than -hard.cpu of CPU time is skipped
// and says so. It reports the CPU time of each puzzle (cpu-s/op) beside
// the wall time. Run it once: -bench HardVariants -benchtime 1x.
func BenchmarkHardVariants(b *testing.B) {
	puzzles := readHard(b, "../bench/variants-hard.txt")
	for _, p := range puzzles {
		b.Run(p.name, func(b *testing.B) {
			s := checked.New(satsolve.New(satsolve.Options{Probe: *hardProbe}), checked.Options{})
			var cpu time.Duration
			for b.Loop() {
				ctx, cancel := cpubudget.Context(*hardCPU)
				start := cpubudget.Used()
				a, err := s.Unique(ctx, p.grid)
				cpu += cpubudget.Used() - start
				cancel()
				if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, backend.ErrTimeout) {
					b.Skipf("no answer within %v of CPU time", *hardCPU)
				}
				if err != nil {
					b.Fatal(err)
				}
				switch p.solution {
				case "none":
					if a.Status != backend.StatusNone {
						b.Fatalf("%v, want none", a.Status)
					}
				case "multiple":
					if a.Status != backend.StatusMultiple {
						b.Fatalf("%v, want multiple", a.Status)
					}
				case "unknown": // any answer the validator passed
				default:
					if a.Status != backend.StatusUnique || a.Solution.String() != p.solution {
						b.Fatalf("%v %v, want unique %s", a.Status, a.Solution, p.solution)
					}
				}
			}
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}
