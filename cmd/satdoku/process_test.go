package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
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

// TestInterrupt: on SIGINT the answers so far are flushed and the process
// exits 130 at once, even while it waits for more input.
func TestInterrupt(t *testing.T) {
	cmd := selfCommand(t, "solve")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	io.WriteString(stdin, leet37+"\n"+leet37+"\n"+leet37+"\n")
	// Standard output is a pipe, so answers are buffered: nothing shows
	// until the end. Give the three puzzles ample time, then interrupt
	// while satdoku waits for a fourth.
	time.Sleep(2 * time.Second)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("satdoku did not stop on SIGINT")
	}
	if code := exitCode(t, err); code != exitInterrupt {
		t.Errorf("exit %d, want %d", code, exitInterrupt)
	}
	if got := strings.Count(stdout.String(), "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n"); got != 3 {
		t.Errorf("%d answers flushed, want 3; stdout %q", got, stdout.String())
	}
	if want := "satdoku: interrupted after 3 answers\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}
