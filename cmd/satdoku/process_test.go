package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/satdoku/satdoku/internal/solvertest"
	"github.com/satdoku/satdoku/textfmt"
)

const leet37 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// command returns the test binary set up to act as satdoku with args.
func selfCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "SATDOKU_TEST_MAIN=1")
	return cmd
}

func exitCode(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0
}

// TestWriteFailure: a failed write (a full disk) is reported, exit 2.
func TestWriteFailure(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	cmd := selfCommand(t, "solve", leet37)
	cmd.Stdout = full
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if code := exitCode(t, cmd.Run()); code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if want := "satdoku: write output: write /dev/stdout: no space left on device\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}

// TestWriteFailureStopsReading: after a failed write the batch stops
// instead of solving the rest for nobody.
func TestWriteFailureStopsReading(t *testing.T) {
	in := strings.Repeat(leet37+"\n", 100000)
	var stderr bytes.Buffer
	w := &failAfter{}
	code := run([]string{"solve"}, strings.NewReader(in), w, &stderr)
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if w.calls != 1 {
		t.Errorf("%d writes tried, want 1", w.calls)
	}
	if !strings.Contains(stderr.String(), "write output: disk on fire") {
		t.Errorf("stderr %q", stderr.String())
	}
}

type failAfter struct{ calls int }

func (w *failAfter) Write(b []byte) (int, error) {
	w.calls++
	return 0, errors.New("disk on fire")
}

// TestClosedPipe: "satdoku solve < big | head -1" ends quietly as soon as
// the reader goes away.
func TestClosedPipe(t *testing.T) {
	cmd := selfCommand(t, "solve")
	cmd.Stdin = strings.NewReader(strings.Repeat(leet37+"\n", 200000))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "534678912") {
		t.Fatalf("first line %q, %v", line, err)
	}
	out.Close()
	err = cmd.Wait()
	if stderr.Len() != 0 {
		t.Errorf("stderr %q, want nothing", stderr.String())
	}
	// Killed by SIGPIPE, as Go programs writing to a closed standard output
	// are, or exit 2: either way no error spew.
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGPIPE {
			return
		}
	}
	if code := exitCode(t, err); code != exitUsage {
		t.Errorf("exit %d, want SIGPIPE or %d", code, exitUsage)
	}
}

// TestInterrupt: on SIGINT while satdoku waits for more input from a pipe,
// the answers so far are written and the process exits 130 at once, with
// one worker or two.
func TestInterrupt(t *testing.T) {
	for _, jobs := range []string{"1", "2"} {
		t.Run("jobs="+jobs, func(t *testing.T) {
			cmd := selfCommand(t, "solve", "--jobs", jobs)
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			p := startLines(t, cmd)
			io.WriteString(stdin, leet37+"\n"+leet37+"\n"+leet37+"\n")
			// Standard output is a pipe: the answers come out once satdoku
			// has waited a little for a fourth puzzle.
			p.want(t, 3)
			// At once: nothing holds the run but the input.
			p.interrupt(t, os.Interrupt, 3, workerGrace)
		})
	}
}

// TestInterruptStats: --stats after SIGINT sums up the answers written
// (issue 13, defect 11).
func TestInterruptStats(t *testing.T) {
	cmd := selfCommand(t, "solve", "--stats")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	p := startLines(t, cmd)
	io.WriteString(stdin, leet37+"\n"+leet37+"\n"+leet37+"\n")
	p.want(t, 3)
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := p.wait(t, workerGrace+10*time.Second)
	if code != exitInterrupt {
		t.Errorf("exit %d, want %d", code, exitInterrupt)
	}
	for _, want := range []string{"satdoku: interrupted after 3 answers\n", "satdoku: 3 puzzles: solved 3\n", "satdoku: per puzzle p50 "} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr %q, want %q in it", stderr, want)
		}
	}
}

// TestInterruptExternalSolver: SIGINT while an external solver works on a
// hard puzzle kills the solver, removes its temporary directory, writes the
// answers so far and exits 130.
func TestInterruptExternalSolver(t *testing.T) {
	solvertest.Need(t, "cadical")
	tmp := t.TempDir()
	hard := filepath.Join(t.TempDir(), "hard.txt")
	if err := os.WriteFile(hard, []byte(hardBoard(t, 7, 1)), 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := selfCommand(t, "solve", "--solver", "cadical", "--encoding", "reduced", leet37, leet37, leet37, hard)
	cmd.Env = append(cmd.Env, "TMPDIR="+tmp)
	p := startLines(t, cmd)
	p.want(t, 3)
	child := waitChild(t, cmd.Process.Pid, "cadical", 60*time.Second)
	if dirs, _ := filepath.Glob(filepath.Join(tmp, "satdoku-*")); len(dirs) != 1 {
		t.Fatalf("temporary directories %v while cadical runs, want one", dirs)
	}
	// Killing cadical takes no time; the grace period is for gini.
	p.interrupt(t, os.Interrupt, 3, workerGrace)
	if dirs, _ := filepath.Glob(filepath.Join(tmp, "*")); len(dirs) != 0 {
		t.Errorf("left behind in TMPDIR: %v", dirs)
	}
	if alive(child, "cadical") {
		t.Errorf("cadical (pid %d) still runs", child)
	}
}

// TestInterruptGini: gini does not look at the context during a search
// without a deadline, so on SIGINT satdoku waits for it a bounded time
// (workerGrace), then writes the answers so far and exits 130.
func TestInterruptGini(t *testing.T) {
	hard := filepath.Join(t.TempDir(), "hard.txt")
	if err := os.WriteFile(hard, []byte(hardBoard(t, 7, 1)), 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := selfCommand(t, "solve", leet37, leet37, hard)
	p := startLines(t, cmd)
	p.want(t, 2)
	p.interrupt(t, syscall.SIGTERM, 2, workerGrace+3*time.Second)
}

const leet37Solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// lineProc is a started satdoku process whose standard output is read line
// by line as it comes.
type lineProc struct {
	cmd    *exec.Cmd
	lines  chan string // closed at the end of standard output
	got    []string
	stderr bytes.Buffer
}

// startLines starts cmd, reading its standard output line by line.
func startLines(t *testing.T, cmd *exec.Cmd) *lineProc {
	t.Helper()
	p := &lineProc{cmd: cmd, lines: make(chan string, 1000)}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = &p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	go func() {
		defer close(p.lines)
		r := bufio.NewReader(out)
		for {
			l, err := r.ReadString('\n')
			if l != "" {
				p.lines <- l
			}
			if err != nil {
				return
			}
		}
	}()
	return p
}

// interrupt sends sig to the process and checks that it ends within d
// with exit status 130, having written n answers to leet37 and said so.
func (p *lineProc) interrupt(t *testing.T, sig os.Signal, n int, d time.Duration) {
	t.Helper()
	start := time.Now()
	if err := p.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := p.wait(t, d+10*time.Second)
	if code != exitInterrupt {
		t.Errorf("exit %d, want %d (stderr %q)", code, exitInterrupt, stderr)
	}
	if el := time.Since(start); el > d {
		t.Errorf("ended %v after the signal, want %v at most", el, d)
	}
	if want := strings.Repeat(leet37Solution+"\n", n); stdout != want {
		t.Errorf("stdout %q, want %d answers", stdout, n)
	}
	if want := fmt.Sprintf("satdoku: interrupted after %d answers\n", n); stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
}

// want waits for n lines in all on standard output.
func (p *lineProc) want(t *testing.T, n int) {
	t.Helper()
	timeout := time.After(60 * time.Second)
	for len(p.got) < n {
		select {
		case l, ok := <-p.lines:
			if !ok {
				t.Fatalf("standard output ended after %q; stderr %q", p.got, p.stderr.String())
			}
			p.got = append(p.got, l)
		case <-timeout:
			t.Fatalf("%d lines on standard output after a minute, want %d: %q", len(p.got), n, p.got)
		}
	}
}

// wait reads the rest of standard output and waits for the process to end,
// at most d; it returns the exit status, all of standard output and
// standard error.
func (p *lineProc) wait(t *testing.T, d time.Duration) (int, string, string) {
	t.Helper()
	timeout := time.After(d)
	for done := false; !done; {
		select {
		case l, ok := <-p.lines:
			if !ok {
				done = true
				break
			}
			p.got = append(p.got, l)
		case <-timeout:
			p.cmd.Process.Kill()
			t.Fatalf("satdoku did not end within %v of the signal", d)
		}
	}
	code := exitCode(t, p.cmd.Wait())
	return code, strings.Join(p.got, ""), p.stderr.String()
}

// waitChild waits for a child process of ppid named comm to run, at most
// d, and returns its pid.
func waitChild(t *testing.T, ppid int, comm string, d time.Duration) int {
	t.Helper()
	for start := time.Now(); time.Since(start) < d; time.Sleep(10 * time.Millisecond) {
		stats, _ := filepath.Glob("/proc/[0-9]*/stat")
		for _, f := range stats {
			pid, name, parent, ok := procStat(f)
			if ok && parent == ppid && name == comm {
				return pid
			}
		}
	}
	t.Fatalf("no child process %s of %d after %v", comm, ppid, d)
	return 0
}

// alive reports whether the process pid runs, under the name comm (and is
// not a zombie).
func alive(pid int, comm string) bool {
	_, name, _, ok := procStat(fmt.Sprintf("/proc/%d/stat", pid))
	if !ok || name != comm {
		return false
	}
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	return len(f) > 0 && f[0] != "Z"
}

// procStat reads a /proc/PID/stat file: the pid, the command name and the
// parent's pid.
func procStat(path string) (pid int, comm string, ppid int, ok bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, "", 0, false
	}
	open, end := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if open < 0 || end < open {
		return 0, "", 0, false
	}
	f := strings.Fields(string(b[end+1:])) // state, ppid, ...
	if len(f) < 2 {
		return 0, "", 0, false
	}
	pid, err1 := strconv.Atoi(strings.TrimSpace(string(b[:open])))
	ppid, err2 := strconv.Atoi(f[1])
	return pid, string(b[open+1 : end]), ppid, err1 == nil && err2 == nil
}

// hardBoard returns a puzzle, b²×b² cells, that takes a SAT solver a long
// time (cadical and gini run for minutes on 49×49): a solved grid of the
// "shifted" pattern, value(r, c) = (r mod b · b + r div b + c) mod b² + 1,
// with half its cells blanked by a random generator seeded with seed. It
// is written as rows of numbers, "." for a blank.
func hardBoard(t testing.TB, b int, seed uint64) string {
	n := b * b
	rng := rand.New(rand.NewPCG(seed, 0))
	blank := rng.Perm(n * n)[:n*n/2]
	cells := make([]int, n*n)
	for r := range n {
		for c := range n {
			cells[r*n+c] = (r%b*b+r/b+c)%n + 1
		}
	}
	for _, i := range blank {
		cells[i] = 0
	}
	var sb strings.Builder
	for i, v := range cells {
		switch {
		case v == 0:
			sb.WriteByte('.')
		default:
			sb.WriteString(strconv.Itoa(v))
		}
		if i%n == n-1 {
			sb.WriteByte('\n')
		} else {
			sb.WriteByte(' ')
		}
	}
	g, err := textfmt.Parse(sb.String())
	if err != nil {
		t.Fatalf("hard board: %v", err)
	}
	if g.N() != n || g.Givens() != n*n-len(blank) {
		t.Fatalf("hard board: %d×%d with %d givens", g.N(), g.N(), g.Givens())
	}
	return sb.String()
}
