package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/drat"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// BenchmarkCertify measures `satdoku unique --format json --stats` in
// process on 9×9 sets, without and with --certify: with gini on the whole
// set, with --solver cadical on its first 300 puzzles (see benchCLI for
// the metrics; the CPU time, with cadical's, is the steadier one on a
// shared machine). With --certify it adds the time per certificate check
// of the --stats summary. The numbers are in bench/issue14.txt.
func BenchmarkCertify(b *testing.B) {
	tuneGC(os.Getenv, streamAfter)
	for _, set := range []string{"kaggle_9999.txt", "royle17_49158.txt", "magictour_top1465.txt"} {
		for _, solver := range []string{"gini", "cadical"} {
			for _, certify := range []bool{false, true} {
				name := fmt.Sprintf("%s/%s/certify=%v", strings.TrimSuffix(set, ".txt"), solver, certify)
				b.Run(name, func(b *testing.B) {
					lines := readLines(b, set)
					args := []string{"unique", "--format", "json", "--stats"}
					if solver == "cadical" {
						if _, err := exec.LookPath("cadical"); err != nil {
							b.Skip("no cadical")
						}
						lines = lines[:min(len(lines), 300)]
						args = append(args, "--solver", "cadical")
					}
					if certify {
						args = append(args, "--certify")
					}
					path := filepath.Join(b.TempDir(), "in.txt")
					if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o666); err != nil {
						b.Fatal(err)
					}
					stats := benchCLI(b, append(args, path), len(lines))
					if certify {
						b.ReportMetric(float64(perCheck(b, stats).Nanoseconds()), "ns/check")
					}
				})
			}
		}
	}
}

// perCheck reads the time per certificate check from a --stats summary.
func perCheck(b *testing.B, stats string) time.Duration {
	for _, l := range strings.Split(stats, "\n") {
		if _, rest, ok := strings.Cut(l, " in total, "); ok {
			d, err := time.ParseDuration(strings.Fields(rest)[0])
			if err != nil {
				b.Fatalf("%q: %v", l, err)
			}
			return d
		}
	}
	b.Fatalf("no certificate line in %q", stats)
	return 0
}

// BenchmarkCertify25 compares, for each 25×25 puzzle of misc_25x25 with a
// unique solution, what a uniqueness proof costs: cadical's own time on the
// formula with the solution blocked (satdoku dimacs --block), without and
// with a proof file, and the time package drat takes to check the proof
// (reading the CNF file included, as extsolve does), by CPU time.
func BenchmarkCertify25(b *testing.B) {
	if _, err := exec.LookPath("cadical"); err != nil {
		b.Skip("no cadical")
	}
	for i, line := range readLines(b, "misc_25x25.txt") {
		g, err := textfmt.Parse(line)
		if err != nil {
			b.Fatal(err)
		}
		if n, _ := verify.Count(g, 2); n != 1 {
			continue // several solutions: no uniqueness proof
		}
		b.Run(fmt.Sprintf("line%d", i+1), func(b *testing.B) {
			dir := b.TempDir()
			cnf, proof := filepath.Join(dir, "b.cnf"), filepath.Join(dir, "b.drat")
			if code := run([]string{"dimacs", "--block", "-o", cnf, line}, nil, io.Discard, io.Discard); code != exitOK {
				b.Fatalf("dimacs: exit %d", code)
			}
			var solve, withProof, check time.Duration
			for b.Loop() {
				solve += childCPU(func() { exec.Command("cadical", "-q", cnf).Run() })
				os.Remove(proof)
				withProof += childCPU(func() { exec.Command("cadical", "-q", cnf, proof).Run() })
				start := readCPU().self
				checkProof(b, cnf, proof)
				check += readCPU().self - start
			}
			st, _ := os.Stat(proof)
			n := float64(b.N)
			b.ReportMetric(solve.Seconds()/n, "cadical-s")
			b.ReportMetric(withProof.Seconds()/n, "cadical+proof-s")
			b.ReportMetric(check.Seconds()/n, "check-s")
			b.ReportMetric(float64(st.Size()), "proof-bytes")
		})
	}
}

// childCPU returns the CPU time of the child processes that f runs.
func childCPU(f func()) time.Duration {
	start := readCPU().children
	f()
	return readCPU().children - start
}

// checkProof reads the CNF file and checks the proof, as extsolve does.
func checkProof(b *testing.B, cnf, proof string) {
	cf, err := os.Open(cnf)
	if err != nil {
		b.Fatal(err)
	}
	defer cf.Close()
	f, err := drat.ReadCNF(bufio.NewReaderSize(cf, 64<<10))
	if err != nil {
		b.Fatal(err)
	}
	pf, err := os.Open(proof)
	if err != nil {
		b.Fatal(err)
	}
	defer pf.Close()
	if _, err := drat.Check(f, bufio.NewReaderSize(pf, 64<<10)); err != nil {
		b.Fatal(err)
	}
}
