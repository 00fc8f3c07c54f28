package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/textfmt"
)

// TestProgressClearedBeforeMessage: a message on standard error starts on
// a clean line, not after the progress line (issue 13, defect 1).
func TestProgressClearedBeforeMessage(t *testing.T) {
	var stderr, stdout bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}
	in := newInputs([]string{"x"}, e.stdin)
	in.total = 1000
	in.nread.Store(1000)
	prog := &progress{w: &stderr, in: in, start: time.Now().Add(-time.Second)}
	p, err := newPrinter(e, &outFlags{format: "line", color: "never"}, solveText)
	if err != nil {
		t.Fatal(err)
	}
	p.clearLine = prog.clear
	g := textfmt.MustParse("1...........2...")
	a := newAnswer(item{name: "hard.txt", file: "hard.txt", line: 2102, grid: g})
	a.Status, a.exit, a.diag = statusMultiple, exitNegative, "more than one solution"
	prog.step()
	p.emit(a)
	got := stderr.String()
	if !strings.Contains(got, "\r\x1b[Khard.txt:2102: more than one solution\n") {
		t.Errorf("stderr %q: the message does not start on a cleared line", got)
	}
	if strings.Contains(got, "100%") {
		t.Errorf("stderr %q: 100%% with the answers still being written", got)
	}
	// --quiet: no message, and the line is left alone.
	stderr.Reset()
	p.quiet = true
	prog.step()
	p.emit(a)
	if strings.Contains(stderr.String(), "more than one") {
		t.Errorf("--quiet: stderr %q", stderr.String())
	}
}
