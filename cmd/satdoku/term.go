package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mattn/go-isatty"
)

// isTerminal reports whether v is a file open on a terminal.
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// useColor resolves --color: always, never, or auto (on a terminal, unless
// NO_COLOR is set).
func useColor(flag string, tty bool) (bool, error) {
	switch flag {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		return tty && os.Getenv("NO_COLOR") == "", nil
	}
	return false, fmt.Errorf("invalid --color %q (want auto, always or never)", flag)
}

// progress draws a one-line progress indicator on standard error (only
// when it is a terminal): puzzles done, rate, and an ETA when the input
// size is known (regular files), at most ten times a second.
type progress struct {
	w     io.Writer
	in    *inputs
	start time.Time
	last  time.Time
	done  int
	drawn bool
}

// The progress line appears after progressDelay and is redrawn at most
// every progressEvery.
const (
	progressDelay = time.Second
	progressEvery = 100 * time.Millisecond
)

// newProgress returns the progress line for a run over in, or nil when
// there is none to draw: only when standard error is a terminal and
// standard output is not (as in "satdoku solve big.txt > out.json"). On a
// terminal the answers themselves show the progress, and a progress line
// would land in them.
func newProgress(e *env, src source) *progress {
	if !isTerminal(e.stderr) || isTerminal(e.stdout) {
		return nil
	}
	in, _ := src.(*inputs) // the files' sizes give an ETA
	if in != nil {
		in.sizeInputs()
	}
	now := time.Now()
	// Nothing is drawn in the first second: short runs stay quiet.
	return &progress{w: e.stderr, in: in, start: now, last: now.Add(progressDelay - progressEvery)}
}

// step counts one answer and redraws the line when it is due.
func (p *progress) step() {
	if p == nil {
		return
	}
	p.done++
	now := time.Now()
	if now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	p.drawn = true
	el := now.Sub(p.start).Seconds()
	rate := float64(p.done) / max(el, 1e-9)
	noun := "puzzles"
	if p.done == 1 {
		noun = "puzzle"
	}
	line := fmt.Sprintf("\r%d %s, %.0f/s", p.done, noun, rate)
	if p.in != nil && p.in.total > 0 && p.in.nread.Load() > 0 {
		total, read := p.in.total, p.in.nread.Load()
		// The reader runs ahead of the answers (a buffer, the
		// window of --jobs): the input read whole is not the run done.
		frac := min(float64(read)/float64(total), 0.99)
		eta := time.Duration(el * (1/frac - 1) * float64(time.Second))
		line += fmt.Sprintf(", %3.0f%%, ETA %v", 100*frac, eta.Round(time.Second))
	}
	fmt.Fprintf(p.w, "%s\x1b[K", line)
}

// clear wipes the line, if one is drawn, before a message on standard
// error; the next step draws it again.
func (p *progress) clear() {
	if p != nil && p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

// finish clears the line, if one was drawn.
func (p *progress) finish() {
	if p != nil && p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
