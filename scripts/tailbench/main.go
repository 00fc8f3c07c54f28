// Command tailbench is the heavy-tail benchmark of issue 15: it writes the
// seeded big-board corpus of package internal/bigboard (16×16 to 64×64,
// 30–60 % blank) to a temporary directory and runs `satdoku solve --unique
// --format json --timeout T` on every puzzle with gini and, in the same run,
// with --solver cadical and --solver cryptominisat5, one puzzle at a time,
// the solvers interleaved puzzle by puzzle. It reads each answer's status
// and "ms" and prints, per board size, the median and worst time of each
// solver, how many puzzles it answered within the limit, and the ratio of
// satdoku's time to the faster external solver's, per puzzle (median and
// worst over the puzzles where some external solver answered).
//
//	go build -o /tmp/satdoku ./cmd/satdoku
//	go run ./scripts/tailbench -satdoku /tmp/satdoku -timeout 60s -sizes 16,25,36,49,64
//
// -satdoku takes a comma-separated list of binaries, each optionally named
// (before=/tmp/a,after=/tmp/b), to compare two builds side by side, each
// optionally with flags of its own after the path ('race=/tmp/b --jobs=2');
// -args
// adds flags to every satdoku run of gini, -extargs to every run of an
// external solver (default --encoding reduced: the formula without the
// clauses the givens satisfy, far smaller on big boards than the extended
// one, which cadical takes seconds just to read). -write DIR only writes the corpus
// (one file per puzzle, NAME.txt) and exits. -v prints every run.
//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/satdoku/satdoku/internal/bigboard"
)

type runner struct {
	name string
	args []string // after the binary
	bin  string
}

type result struct {
	status string
	ms     float64
	cpu    float64 // ms of CPU, user+system, of satdoku and its children
	by     string  // the portfolio's member that answered, if raced
	ok     bool    // answered (unique, multiple, none) within the limit
}

func main() {
	log.SetFlags(0)
	bins := flag.String("satdoku", "satdoku", "satdoku binaries, comma-separated, each optionally NAME=PATH")
	sizes := flag.String("sizes", "16,25,36,49,64", "board sides")
	timeout := flag.Duration("timeout", time.Minute, "--timeout of every run")
	ext := flag.String("ext", "cadical,cryptominisat5", "external solvers run through --solver, comma-separated (empty: none)")
	extra := flag.String("args", "", "extra flags for the gini runs, space-separated")
	extArgs := flag.String("extargs", "--encoding reduced", "extra flags for the external solvers' runs, space-separated")
	write := flag.String("write", "", "write the corpus to this directory and exit")
	verbose := flag.Bool("v", false, "print every run")
	fileList := flag.String("files", "", "run the puzzles of these files, comma-separated, one puzzle a line, instead of the corpus")
	repeat := flag.Int("repeat", 1, "runs of every puzzle with every runner, interleaved; the medians are kept")
	instances := flag.Bool("instances", false, "print a table per puzzle")
	flag.Parse()

	var bs []int
	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			log.Fatalf("bad -sizes %q", *sizes)
		}
		b := 1
		for b*b < n {
			b++
		}
		if b*b != n {
			log.Fatalf("board side %d is not a square", n)
		}
		bs = append(bs, b)
	}
	specs := bigboard.Specs(bs...)
	var names []string
	var sides []int
	for _, s := range specs {
		names, sides = append(names, s.Name()), append(sides, s.N())
	}
	dir := *write
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "tailbench"); err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(dir)
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	files := make([]string, len(specs))
	for i, s := range specs {
		p, _, err := bigboard.Puzzle(s)
		if err != nil {
			log.Fatal(err)
		}
		files[i] = filepath.Join(dir, s.Name()+".txt")
		if err := os.WriteFile(files[i], []byte(p.String()+"\n"), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	if *fileList != "" {
		names, sides, files = nil, nil, nil
		for _, f := range strings.Split(*fileList, ",") {
			b, err := os.ReadFile(f)
			if err != nil {
				log.Fatal(err)
			}
			for k, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				line = strings.TrimSpace(line)
				n := 0
				for n*n < len(line) {
					n++
				}
				if n*n != len(line) || !slices.ContainsFunc(bs, func(b int) bool { return b*b == n }) {
					continue
				}
				name := fmt.Sprintf("%s:%d", strings.TrimSuffix(filepath.Base(f), ".txt"), k+1)
				path := filepath.Join(dir, strings.ReplaceAll(name, ":", "_")+".txt")
				if err := os.WriteFile(path, []byte(line+"\n"), 0o644); err != nil {
					log.Fatal(err)
				}
				names, sides, files = append(names, name), append(sides, n), append(files, path)
			}
		}
	}
	if *write != "" {
		fmt.Printf("%d puzzles written to %s\n", len(specs), dir)
		return
	}

	var runners []runner
	var gini []string
	to := "--timeout=" + timeout.String()
	base := []string{"solve", "--unique", "--format", "json", to}
	first := ""
	for _, b := range strings.Split(*bins, ",") {
		name, cmd, ok := strings.Cut(b, "=")
		if !ok {
			name, cmd = "satdoku", b
		}
		f := strings.Fields(cmd)
		path := f[0]
		if first == "" {
			first = path
		}
		args := append(slices.Clone(base), strings.Fields(*extra)...)
		args = append(args, f[1:]...)
		runners = append(runners, runner{name: name, bin: path, args: args})
		gini = append(gini, name)
	}
	var exts []string
	if *ext != "" {
		for _, e := range strings.Split(*ext, ",") {
			runners = append(runners, runner{name: e, bin: first, args: append(append(slices.Clone(base), "--solver", e), strings.Fields(*extArgs)...)})
			exts = append(exts, e)
		}
	}

	// results[size][runner] lists one result per puzzle, in spec order.
	results := map[int]map[string][]result{}
	for i, name := range names {
		n := sides[i]
		if results[n] == nil {
			results[n] = map[string][]result{}
		}
		runs := map[string][]result{}
		for range max(*repeat, 1) {
			for _, r := range runners {
				res := run(r, files[i], *timeout)
				runs[r.name] = append(runs[r.name], res)
				if *verbose {
					fmt.Fprintf(os.Stderr, "%-16s %-14s %-9s %10.1f ms %10.1f ms cpu %s\n", name, r.name, res.status, res.ms, res.cpu, res.by)
				}
			}
		}
		for _, r := range runners {
			results[n][r.name] = append(results[n][r.name], median(runs[r.name]))
		}
	}

	host, _ := os.Hostname()
	fmt.Printf("tailbench %s, timeout %v, %s, %s\n", time.Now().Format("2006-01-02 15:04"), *timeout, host, strings.Join(os.Args[1:], " "))
	fmt.Println()
	head := "| size | puzzles | unique |"
	rule := "|---|---:|---:|"
	for _, r := range runners {
		head += fmt.Sprintf(" %s median / worst (solved) |", r.name)
		rule += "---:|"
	}
	for _, g := range gini {
		if len(exts) > 0 {
			head += fmt.Sprintf(" %s / faster: median, worst |", g)
			rule += "---:|"
		}
	}
	fmt.Println(head)
	fmt.Println(rule)
	var ns []int
	for n := range results {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	for _, n := range ns {
		rs := results[n]
		np := len(rs[runners[0].name])
		uniq := 0
		for i := range np {
			for _, r := range runners {
				if rs[r.name][i].status == "unique" {
					uniq++
					break
				}
			}
		}
		line := fmt.Sprintf("| %d×%d | %d | %d |", n, n, np, uniq)
		for _, r := range runners {
			med, worst, solved := summary(rs[r.name], *timeout)
			line += fmt.Sprintf(" %s / %s (%d) |", fmtMs(med), fmtMs(worst), solved)
		}
		for _, g := range gini {
			if len(exts) == 0 {
				continue
			}
			var ratios []float64
			for i := range np {
				best := -1.0
				for _, e := range exts {
					if x := rs[e][i]; x.ok && (best < 0 || x.ms < best) {
						best = x.ms
					}
				}
				if best < 0 {
					continue
				}
				ms := rs[g][i].ms
				if !rs[g][i].ok {
					ms = float64(timeout.Milliseconds())
				}
				ratios = append(ratios, ms/max(best, 0.001))
			}
			if len(ratios) == 0 {
				line += " – |"
				continue
			}
			sort.Float64s(ratios)
			line += fmt.Sprintf(" %.2f×, %.2f× |", ratios[(len(ratios)-1)/2], ratios[len(ratios)-1])
		}
		fmt.Println(line)
	}
	if *instances {
		printInstances(names, sides, results, runners, gini, exts, *timeout)
	}
}

// median returns the run of median wall time, with the median CPU time of
// the runs, and the status of the first run (a run past the limit counts
// as the limit).
func median(rs []result) result {
	byMs := slices.Clone(rs)
	sort.Slice(byMs, func(i, j int) bool { return byMs[i].ms < byMs[j].ms })
	m := byMs[(len(byMs)-1)/2]
	cpus := make([]float64, len(rs))
	for i, r := range rs {
		cpus[i] = r.cpu
	}
	sort.Float64s(cpus)
	m.cpu = cpus[(len(cpus)-1)/2]
	return m
}

// printInstances prints a table with a row per puzzle: each runner's
// median wall and CPU time, and each satdoku runner's wall time over the
// faster external solver's.
func printInstances(names []string, sides []int, results map[int]map[string][]result, runners []runner, gini, exts []string, limit time.Duration) {
	fmt.Println()
	head, rule := "| puzzle | status |", "|---|---|"
	for _, r := range runners {
		head += fmt.Sprintf(" %s wall / cpu |", r.name)
		rule += "---:|"
	}
	if len(exts) > 0 {
		for _, g := range gini {
			head += fmt.Sprintf(" %s / faster |", g)
			rule += "---:|"
		}
	}
	fmt.Println(head)
	fmt.Println(rule)
	seen := map[int]int{}
	for i, name := range names {
		n := sides[i]
		k := seen[n]
		seen[n]++
		rs := results[n]
		line := fmt.Sprintf("| %s | %s |", name, rs[runners[0].name][k].status)
		for _, r := range runners {
			x := rs[r.name][k]
			by := ""
			if x.by != "" {
				by = " (" + x.by + ")"
			}
			line += fmt.Sprintf(" %s / %s%s |", fmtMs(x.ms), fmtMs(x.cpu), by)
		}
		best := -1.0
		for _, e := range exts {
			if x := rs[e][k]; x.ok && (best < 0 || x.ms < best) {
				best = x.ms
			}
		}
		for _, g := range gini {
			if len(exts) == 0 {
				continue
			}
			if best < 0 {
				line += " – |"
				continue
			}
			line += fmt.Sprintf(" %.2f× |", rs[g][k].ms/max(best, 0.001))
		}
		fmt.Println(line)
	}
}

// summary returns the median and worst time of rs (a run past the limit
// counts as the limit) and the number answered.
func summary(rs []result, limit time.Duration) (med, worst float64, solved int) {
	var ts []float64
	for _, r := range rs {
		t := r.ms
		if !r.ok {
			t = float64(limit.Milliseconds())
		} else {
			solved++
		}
		ts = append(ts, t)
	}
	sort.Float64s(ts)
	return ts[(len(ts)-1)/2], ts[len(ts)-1], solved
}

func fmtMs(ms float64) string {
	if ms >= 1000 {
		return fmt.Sprintf("%.2f s", ms/1000)
	}
	return fmt.Sprintf("%.1f ms", ms)
}

// run runs r on file and reads its one JSON record.
func run(r runner, file string, limit time.Duration) result {
	cmd := exec.Command(r.bin, append(slices.Clone(r.args), file)...)
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	cpu0 := childCPU()
	_ = cmd.Run() // the exit status is 1 for multiple or timeout
	wall := time.Since(start)
	cpu := float64(childCPU()-cpu0) / float64(time.Millisecond)
	var rec struct {
		Status string  `json:"status"`
		Ms     float64 `json:"ms"`
		Solver string  `json:"solver"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(out.Bytes()), &rec); err != nil {
		return result{status: "error", ms: float64(wall.Milliseconds()), cpu: cpu}
	}
	ok := rec.Status == "unique" || rec.Status == "multiple" || rec.Status == "none"
	if !ok {
		rec.Ms = float64(limit.Milliseconds())
	}
	return result{status: rec.Status, ms: rec.Ms, cpu: cpu, by: rec.Solver, ok: ok}
}

// childCPU is the user and system time of the child processes waited for
// so far, and of theirs.
func childCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
