package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// Statuses of a record.
const (
	statusSolved   = "solved"
	statusUnique   = "unique"
	statusMultiple = "multiple"
	statusNone     = "none"
	statusValid    = "valid"
	statusInvalid  = "invalid"
	statusError    = "error"
	statusTimeout  = "timeout"
)

// record is the JSON form of one answer: exactly one per input puzzle.
type record struct {
	Line      int      `json:"line"`
	File      string   `json:"file,omitempty"`
	Puzzle    string   `json:"puzzle,omitempty"`
	Status    string   `json:"status"`
	Solution  string   `json:"solution,omitempty"`
	Second    string   `json:"second,omitempty"`
	Differ    []string `json:"differ,omitempty"`
	Count     *int     `json:"count,omitempty"`
	Conflicts []string `json:"conflicts,omitempty"`
	Error     string   `json:"error,omitempty"`
	MS        float64  `json:"ms"`
}

// answer is a record plus what the text formats need.
type answer struct {
	record
	it             item
	solution       *satdoku.Grid
	second         *satdoku.Grid
	conflicts      []verify.Conflict
	limitHit       bool   // count: the count reached --limit
	diag           string // message for standard error, without position
	exit           int
	internal       bool // the error is an internal one (exit 3)
	internalDetail string
}

// outputFormat is the --format value.
type outputFormat string

const (
	outLine     outputFormat = "line"
	outGrid     outputFormat = "grid"
	outJSON     outputFormat = "json"
	outLeetCode outputFormat = "leetcode"
)

func parseOutputFormat(s string) (outputFormat, error) {
	switch f := outputFormat(s); f {
	case outLine, outGrid, outJSON, outLeetCode:
		return f, nil
	}
	return "", fmt.Errorf("invalid --format %q (want line, grid, json or leetcode)", s)
}

// outFlags are the output flags every puzzle command shares.
type outFlags struct {
	format string
	color  string
}

func (o *outFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&o.format, "format", "", "output `format`: line, grid, json or leetcode (default grid for one puzzle on a terminal, line otherwise)")
	fs.StringVar(&o.color, "color", "auto", "color the digits the solver filled in: auto, always or never (auto: only on a terminal, and never when NO_COLOR is set)")
}

// printer writes answers in one format through one buffered writer.
//
// It is safe for the interrupt handler to call stop while the main loop
// emits: both hold mu.
type printer struct {
	mu      sync.Mutex
	out     *errWriter
	w       *bufio.Writer
	stderr  io.Writer
	format  outputFormat
	color   bool
	tty     bool // standard output is a terminal: flush after every answer
	count   int
	exit    int
	stopped bool                        // interrupted
	text    func(p *printer, a *answer) // the command's text rendering
	buf     []byte
}

// newPrinter resolves the output flags against the inputs and the terminal.
func newPrinter(e *env, o *outFlags, in *inputs, text func(*printer, *answer)) (*printer, error) {
	tty := isTerminal(e.stdout)
	out := &errWriter{w: e.stdout}
	p := &printer{out: out, w: bufio.NewWriterSize(out, 64<<10), stderr: e.stderr, tty: tty, text: text}
	if o.format == "" {
		p.format = outLine
		// One puzzle on a terminal gets the readable grid. Looking ahead
		// must not wait on a person typing puzzles at the terminal.
		if tty && (!in.readsStdin() || !isTerminal(e.stdin)) && in.peek(2) == 1 {
			p.format = outGrid
		}
	} else {
		f, err := parseOutputFormat(o.format)
		if err != nil {
			return nil, err
		}
		p.format = f
	}
	switch o.color {
	case "always":
		p.color = true
	case "never":
	case "auto":
		p.color = tty && os.Getenv("NO_COLOR") == ""
	default:
		return nil, fmt.Errorf("invalid --color %q (want auto, always or never)", o.color)
	}
	return p, nil
}

func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// emit writes one answer and folds its exit status into the printer's. It
// reports false when the output cannot take more (a failed write, or an
// interrupt): the caller stops reading.
func (p *printer) emit(a *answer) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped || p.out.err != nil {
		return false
	}
	p.count++
	p.exit = max(p.exit, a.exit)
	if a.Status == statusError {
		fmt.Fprintf(p.stderr, "%s\n", position(a))
	} else if a.diag != "" {
		fmt.Fprintf(p.stderr, "%s: %s\n", where(a.it), a.diag)
	}
	if p.format == outJSON {
		p.buf = appendRecord(p.buf[:0], &a.record)
		p.buf = append(p.buf, '\n')
		p.w.Write(p.buf)
	} else {
		p.text(p, a)
	}
	if p.tty {
		p.w.Flush()
	}
	return p.out.err == nil
}

// grid writes g in the text format chosen, coloring filled-in cells.
func (p *printer) grid(g *satdoku.Grid, puzzle *satdoku.Grid) {
	p.buf = p.buf[:0]
	switch p.format {
	case outGrid:
		if p.color && puzzle != nil {
			p.buf = g.AppendColored(p.buf, puzzle, "\x1b[31m", "\x1b[0m")
		} else {
			p.buf = g.AppendFormat(p.buf, satdoku.FormatGrid)
		}
	case outLeetCode:
		p.buf = g.AppendFormat(p.buf, satdoku.FormatLeetCode)
	default:
		p.buf = g.AppendFormat(p.buf, satdoku.FormatLine)
	}
	p.buf = append(p.buf, '\n')
	p.w.Write(p.buf)
}

// separate writes a blank line between multi-line answers.
func (p *printer) separate() {
	if p.format == outGrid && p.count > 1 {
		p.w.WriteByte('\n')
	}
}

// finish flushes the output and returns the exit status of the run. A
// closed pipe (the reader went away, as in "satdoku solve | head -1") ends
// the run quietly; any other failed write is reported, with exit status 2.
func (p *printer) finish() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.finishLocked()
}

func (p *printer) finishLocked() int {
	p.w.Flush()
	if err := p.out.err; err != nil {
		if errors.Is(err, syscall.EPIPE) {
			return max(p.exit, exitUsage)
		}
		fmt.Fprintf(p.stderr, "satdoku: write output: %v\n", err)
		return max(p.exit, exitUsage)
	}
	if p.stopped {
		fmt.Fprintf(p.stderr, "satdoku: interrupted after %d answers\n", p.count)
		return exitInterrupt
	}
	return p.exit
}

// interrupt stops the run on the first SIGINT or SIGTERM: the answers so far
// are flushed and the process exits with status 130, without waiting for the
// puzzle being solved. A second signal is not caught. The returned function
// releases the handler.
func (p *printer) interrupt(exit func(int)) (release func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
			signal.Stop(ch)
			p.mu.Lock()
			p.stopped = true
			code := p.finishLocked()
			exit(code)
			p.mu.Unlock()
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// errWriter remembers the first write error; later writes are not tried.
type errWriter struct {
	w   io.Writer
	err error
}

func (w *errWriter) Write(b []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(b)
	if err != nil {
		w.err = err
	}
	return n, err
}

// where names an item's position for messages: FILE:LINE.
func where(it item) string {
	if it.line == 0 || it.arg {
		return it.name
	}
	return fmt.Sprintf("%s:%d", it.name, it.line)
}

// position formats an error answer for standard error: FILE:LINE:COL: msg.
func position(a *answer) string {
	var pe *satdoku.ParseError
	if errors.As(a.it.err, &pe) {
		return fmt.Sprintf("%s:%d:%d: %v", a.it.name, pe.Line, pe.Column, pe.Err)
	}
	if a.internal {
		return fmt.Sprintf("%s: internal error: %s", where(a.it), a.internalDetail)
	}
	return fmt.Sprintf("%s: %s", where(a.it), a.Error)
}

// newAnswer starts the answer for an item; a bad item is answered at once
// with status error and exit status 2.
func newAnswer(it item) *answer {
	a := &answer{it: it}
	a.Line = it.line
	a.File = it.file
	if it.grid != nil {
		a.Puzzle = it.grid.String()
	} else {
		a.Puzzle = it.text
	}
	if it.err != nil {
		a.Status = statusError
		a.exit = exitUsage
		var pe *satdoku.ParseError
		if errors.As(it.err, &pe) {
			a.Error = fmt.Sprintf("%d:%d: %v", pe.Line, pe.Column, pe.Err)
		} else {
			a.Error = it.err.Error()
		}
	}
	return a
}

// setInvalid marks the answer as having conflicting givens.
func (a *answer) setInvalid(cs []verify.Conflict) {
	a.Status = statusInvalid
	a.exit = exitNegative
	a.conflicts = cs
	a.Conflicts = make([]string, len(cs))
	for i, c := range cs {
		a.Conflicts[i] = c.String()
	}
}

// setInternal marks the answer as an internal error.
func (a *answer) setInternal(format string, args ...any) {
	a.Status = statusError
	a.exit = exitInternal
	a.internal = true
	a.internalDetail = fmt.Sprintf(format, args...)
	a.Error = "internal error: " + a.internalDetail
}

// setSolution records a solution after the validator has accepted it.
func (a *answer) setSolution(puzzle, sol *satdoku.Grid) bool {
	if err := verify.Solution(puzzle, sol); err != nil {
		a.setInternal("solver answer rejected: %v", err)
		return false
	}
	a.solution = sol
	a.Solution = sol.String()
	return true
}

// setSecond records a second, different solution after validation.
func (a *answer) setSecond(puzzle, sol *satdoku.Grid) bool {
	if err := verify.Solution(puzzle, sol); err != nil {
		a.setInternal("solver's second answer rejected: %v", err)
		return false
	}
	if a.solution != nil && a.solution.Equal(sol) {
		a.setInternal("solver returned the same solution twice")
		return false
	}
	a.second = sol
	a.Second = sol.String()
	if a.solution != nil {
		a.Differ = differ(a.solution, sol)
	}
	return true
}

// differ lists the cells, as r1c1, where two grids differ.
func differ(g, h *satdoku.Grid) []string {
	var out []string
	n := g.N()
	for i := 0; i < g.Len(); i++ {
		if g.Cell(i) != h.Cell(i) {
			out = append(out, verify.Cell{Row: i / n, Col: i % n}.String())
		}
	}
	return out
}

func (a *answer) elapsed(start time.Time) {
	a.MS = float64(time.Since(start).Microseconds()) / 1000
}

// conflictText is the one-line list of conflicts.
func conflictText(cs []string) string { return strings.Join(cs, "; ") }
