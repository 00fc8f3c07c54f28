package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// outputFormat is the --format value: a grid format of textfmt (line,
// grid, compact and leetcode, written by printer.grid), or a record of
// each answer (json, one JSON object a line, which is not textfmt's JSON
// board; csv).
type outputFormat string

const (
	outAuto     outputFormat = "" // grid for one puzzle on a terminal, else line
	outLine     outputFormat = "line"
	outGrid     outputFormat = "grid"
	outJSON     outputFormat = "json"
	outLeetCode outputFormat = "leetcode"
	// outCompact is QQWing's --compact layout: a row of symbols a line,
	// no separators.
	outCompact outputFormat = "compact"
	// outCSV is a header, then one row per puzzle (see csvHeader).
	outCSV outputFormat = "csv"
)

// formatEntry is an output format in the registry: how it writes an
// answer, and the commands whose answers it cannot write.
type formatEntry struct {
	// write writes one answer; nil for the text formats, which the
	// command's own textFunc writes (see printer.emit).
	write func(p *printer, a *record)
	// refuses names the commands whose answers the format cannot write,
	// with why: asking for one is a usage error.
	refuses map[string]string
}

// outputFormats is the registry of output formats, in the order of the
// help; a format registers itself with registerFormat.
var (
	outputFormats     = map[outputFormat]formatEntry{}
	outputFormatNames []string
)

// registerFormat adds the format f to the registry.
func registerFormat(f outputFormat, e formatEntry) {
	outputFormats[f] = e
	outputFormatNames = append(outputFormatNames, string(f))
}

func init() {
	registerFormat(outLine, formatEntry{})
	registerFormat(outGrid, formatEntry{})
	registerFormat(outCompact, formatEntry{})
	registerFormat(outJSON, formatEntry{write: func(p *printer, a *record) {
		p.buf = append(appendRecord(p.buf[:0], a), '\n')
		p.w.Write(p.buf) // a failed write is in p.out
	}})
	registerFormat(outLeetCode, formatEntry{refuses: map[string]string{"generate": "a LeetCode board holds one grid, not a new puzzle with its rating and seed"}})
	registerFormat(outCSV, formatEntry{write: (*printer).csvRow})
	registerFormat(outSVG, formatEntry{write: (*printer).svg})
}

// parseOutputFormat reads --format: a registered format, or "" (chosen
// at the first answer).
func parseOutputFormat(s string) (outputFormat, error) {
	f := outputFormat(s)
	if _, ok := outputFormats[f]; ok || f == outAuto {
		return f, nil
	}
	return "", fmt.Errorf("invalid --format %q (want %s)", s, orList(outputFormatNames))
}

// formatFor reads --format for the command cmd: a format that cannot
// write cmd's answers is a usage error that says why.
func formatFor(cmd, s string) (outputFormat, error) {
	f, err := parseOutputFormat(s)
	if err != nil {
		return "", err
	}
	if why, ok := outputFormats[f].refuses[cmd]; ok {
		return "", fmt.Errorf("invalid --format %s for %s: %s", f, cmd, why)
	}
	return f, nil
}

// orList writes "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// outFlags are the flags every puzzle command shares: the output format and
// colour, and the global rules added to every puzzle read.
type outFlags struct {
	format string
	outDir string // --out-dir: where --format svg writes one file per puzzle
	color  string
	rules  string
	quiet  bool
	timer  bool
	// compose, when set, writes an answer's text in place of the
	// command's own (solve --show).
	compose func(p *printer, a *record)
	// columns are the CSV columns of the command's own fields, after
	// those of csvHeader (see extraColumns).
	columns []string
	// command is the command's name, for the formats that refuse it
	// (see formatFor).
	command string
}

func (o *outFlags) register(fs *pflag.FlagSet) {
	o.registerOutput(fs)
	registerRules(fs, &o.rules)
}

// registerOutput registers the flags of the output alone, for a command
// that reads no puzzles (generate).
func (o *outFlags) registerOutput(fs *pflag.FlagSet) {
	o.command = strings.TrimPrefix(fs.Name(), "satdoku ")
	fs.BoolVarP(&o.quiet, "quiet", "q", false, "no message on standard error for a puzzle with a negative answer (none, multiple, invalid, timeout); errors are still reported")
	fs.StringVar(&o.format, "format", "", "output `format`: "+orList(outputFormatNames)+" (default grid for one puzzle on a terminal, line otherwise)")
	fs.StringVar(&o.outDir, "out-dir", "", "with --format svg, write one file per puzzle, NNNN.svg, in this `directory` (default: one puzzle to standard output)")
	fs.BoolVar(&o.timer, "timer", false, "give the time each puzzle took: after the answer in the line formats, on a line \"time 0.062ms\" after it in the grid formats, in a column ms in CSV (JSON always has ms)")
	fs.StringVar(&o.color, "color", "auto", "color the digits the solver filled in: auto, always or never (auto: only on a terminal, and never when NO_COLOR is set)")
}

// textFunc writes an answer in one of the text formats; each command has
// its own.
type textFunc func(p *printer, a *record)

// printer writes answers, in input order, through one buffered writer. It
// is used by one goroutine: the one that runs the command.
type printer struct {
	out    *errWriter
	w      *bufio.Writer
	stderr io.Writer
	format outputFormat
	color  bool
	tty    bool // standard output is a terminal: flush after every answer
	count  int  // answers written
	exit   int
	text   textFunc
	buf    []byte
	// quiet: the reasons of negative answers are not written on standard
	// error (--quiet, or when standard output and standard error are
	// both the terminal, where the answer itself shows the reason).
	quiet bool
	// clearLine, when set, is called before anything is written on
	// standard error: it wipes the progress line.
	clearLine func()

	timer   bool        // --timer: each answer's time
	csv     *csv.Writer // --format csv, over w
	columns []string    // the command's own CSV columns
	// compose, when set, writes the text of an answer in place of text
	// (solve --show).
	compose func(p *printer, a *record)
	// noSep: the answer's text is being captured; separate writes
	// nothing (emit separates the answer as a whole).
	noSep bool
	// numbers: the answer being written came as a JSON board in numbers,
	// and --format leetcode writes its grids in numbers too.
	numbers bool
	outDir  string // --out-dir of --format svg
	drawn   int    // pictures written (--format svg)
}

// newPrinter resolves the output flags against the terminal. With no
// --format the format is chosen at the first answer (see emit).
func newPrinter(e *env, o *outFlags, text textFunc) (*printer, error) {
	f, err := formatFor(o.command, o.format)
	if err != nil {
		return nil, err
	}
	tty := isTerminal(e.stdout)
	color, err := useColor(o.color, tty)
	if err != nil {
		return nil, err
	}
	if o.outDir != "" && f != outSVG {
		return nil, fmt.Errorf("--out-dir needs --format svg")
	}
	if f == outCompact || f == outCSV {
		color = false // compact is plain text, as QQWing writes it
	}
	out := &errWriter{w: e.stdout}
	p := &printer{out: out, w: bufio.NewWriterSize(out, 64<<10), stderr: e.stderr, format: f, color: color, tty: tty, text: text,
		quiet: o.quiet || tty && isTerminal(e.stderr), timer: o.timer, compose: o.compose, columns: o.columns, outDir: o.outDir}
	if f == outCSV {
		p.csv = csv.NewWriter(p.w)
	}
	return p, nil
}

// looksAhead reports whether the format depends on the input holding a
// single puzzle: no --format, standard output a terminal, and no person
// typing puzzles there (looking ahead must not wait on one).
func (p *printer) looksAhead(e *env, in source) bool {
	return p.format == outAuto && p.tty && (!in.readsStdin() || !isTerminal(e.stdin))
}

// emit writes one answer and folds its exit status into the printer's. It
// reports false when the output cannot take more: the caller stops.
func (p *printer) emit(a *record) bool {
	if p.out.err != nil {
		return false
	}
	if p.format == outAuto {
		// One puzzle on a terminal gets the readable grid.
		p.format = outLine
		if a.it.only && p.tty {
			p.format = outGrid
		}
	}
	p.count++
	p.exit = max(p.exit, a.exit)
	p.numbers = a.it.numbers
	diag := a.diag != "" && a.Status != statusError && !p.quiet
	if p.clearLine != nil && (len(a.it.warn) > 0 || a.Status == statusError || diag) {
		p.clearLine()
	}
	warnItem(p.stderr, a.it)
	a.Warnings = answerWarnings(a)
	if len(a.Warnings) > len(a.it.warn) {
		fmt.Fprintf(p.stderr, "%s: warning: %s\n", where(a.it), a.Warnings[len(a.Warnings)-1])
	}
	if a.Status == statusError {
		fmt.Fprintf(p.stderr, "%s\n", position(a))
	} else if diag {
		fmt.Fprintf(p.stderr, "%s: %s\n", where(a.it), a.diag)
	}
	switch write := outputFormats[p.format].write; {
	case write != nil:
		write(p, a)
	case p.timer || p.compose != nil:
		p.composed(a)
	default:
		p.text(p, a)
	}
	if p.tty {
		p.w.Flush()
	}
	return p.out.err == nil
}

// multiline reports whether the format writes grids over several lines
// (grid or compact).
func (p *printer) multiline() bool { return p.format == outGrid || p.format == outCompact }

// composed writes an answer whose text is put together from parts: the
// fields of solve --show, and the time of --timer. The parts are captured,
// then written on one line (the line formats: "PUZZLE SOLUTION 0.062ms")
// or one after the other with a blank line between (grid and compact,
// the time on a line "time 0.062ms" of its own).
func (p *printer) composed(a *record) {
	text := func() { p.text(p, a) }
	if p.compose != nil {
		text = func() { p.compose(p, a) }
	}
	out := p.capture(text)
	p.separate()
	if !p.timer {
		p.w.Write(out)
		return
	}
	ms := strconv.FormatFloat(a.MS, 'f', 3, 64) + "ms"
	if p.multiline() {
		p.w.Write(out)
		fmt.Fprintf(p.w, "time %s\n", ms)
		return
	}
	out = bytes.TrimRight(out, "\n")
	p.w.Write(out)
	fmt.Fprintf(p.w, " %s\n", ms)
}

// capture returns what fn writes to p.w, with separate silenced.
func (p *printer) capture(fn func()) []byte {
	var buf bytes.Buffer
	saved, sep := p.w, p.noSep
	p.w, p.noSep = bufio.NewWriter(&buf), true
	fn()
	p.w.Flush()
	p.w, p.noSep = saved, sep
	return buf.Bytes()
}

// csvHeader names the columns of --format csv, in order; with --timer a
// column ms follows.
var csvHeader = []string{"puzzle", "solution", "status", "second", "differ", "expected", "count", "more",
	"certified", "candidates", "conflicts", "error", "file", "line", "rules"}

// csvRow writes the answer as a CSV row, after the header if it is the
// first.
func (p *printer) csvRow(a *record) {
	if p.count == 1 {
		p.csvHead()
	}
	row := make([]string, 0, len(csvHeader)+1)
	grid := func(g *satdoku.Grid) string {
		if g == nil {
			return ""
		}
		return g.String()
	}
	count, more := "", ""
	if a.Count != nil {
		count = strconv.Itoa(*a.Count)
	}
	if a.More {
		more = "true"
	}
	certified := ""
	if a.Certified != certNone {
		certified = strings.Trim(a.Certified.jsonText(), `"`)
	}
	var cands []byte
	if a.Candidates.masks != nil && a.it.grid != nil {
		for i, m := range a.Candidates.masks {
			if i > 0 {
				cands = append(cands, ' ')
			}
			cands = appendDigits(cands, m, a.it.grid.Rules())
		}
	}
	row = append(row, a.Puzzle, grid(a.Solution.Grid), a.Status, grid(a.Second.Grid), strings.Join(a.Differ, " "),
		a.Expected, count, more, certified, string(cands), conflictText(a.Conflicts), a.Error, a.File, strconv.Itoa(a.Line),
		strings.Join(a.Rules, " "))
	for _, c := range p.columns {
		v := ""
		if f := extraColumns[c]; f != nil && a.extra != nil {
			v = f(a.extra)
		}
		row = append(row, v)
	}
	if p.timer {
		row = append(row, strconv.FormatFloat(a.MS, 'f', 3, 64))
	}
	p.csv.Write(row) // a failed write is in p.out
	p.csv.Flush()
}

// csvHead writes the CSV header.
func (p *printer) csvHead() {
	h := append(csvHeader[:len(csvHeader):len(csvHeader)], p.columns...)
	if p.timer {
		h = append(h, "ms")
	}
	p.csv.Write(h)
	p.csv.Flush()
}

// grid writes g in the text format chosen, coloring filled-in cells.
func (p *printer) grid(g *satdoku.Grid, puzzle *satdoku.Grid) {
	p.buf = p.buf[:0]
	switch p.format {
	case outCompact:
		p.buf = textfmt.Append(p.buf, g, textfmt.FormatCompact)
	case outGrid:
		if p.color && puzzle != nil {
			p.buf = textfmt.AppendColored(p.buf, g, puzzle, "\x1b[31m", "\x1b[0m")
		} else {
			p.buf = textfmt.Append(p.buf, g, textfmt.FormatGrid)
		}
	case outLeetCode:
		p.buf = textfmt.AppendLeetCode(p.buf, g, p.numbers)
	default:
		p.buf = textfmt.Append(p.buf, g, textfmt.FormatLine)
	}
	p.buf = append(p.buf, '\n')
	p.w.Write(p.buf)
}

// oneLine is a grid in the printer's single-line format (line or leetcode).
func (p *printer) oneLine(g *satdoku.Grid) string {
	if p.format == outLeetCode {
		return string(textfmt.AppendLeetCode(nil, g, p.numbers))
	}
	return g.String()
}

// separate writes a blank line between multi-line answers.
func (p *printer) separate() {
	if p.multiline() && p.count > 1 && !p.noSep {
		p.w.WriteByte('\n')
	}
}

// statusLine writes the one-line form of a negative or failed answer.
func (p *printer) statusLine(a *record) {
	if a.Status == statusInvalid || a.Status == statusNone && len(a.Conflicts) > 0 {
		p.invalid(a)
		return
	}
	p.separate()
	fmt.Fprintln(p.w, a.note(a.Status))
}

// invalid writes an invalid answer, or one with no solution for clues
// that cannot hold (see answer.setImpossible): on one line in the line formats; in the
// grid format one conflict a line, then the grid with the cells at fault
// marked (in reverse video with color, else a grid of those cells alone).
func (p *printer) invalid(a *record) {
	p.separate()
	g := a.faulty
	if !p.multiline() || g == nil {
		fmt.Fprintf(p.w, "%s: %s\n", a.Status, conflictText(a.Conflicts))
		return
	}
	fmt.Fprintf(p.w, "%s:\n", a.Status)
	for _, c := range a.Conflicts {
		fmt.Fprintf(p.w, "  %s\n", c)
	}
	if len(a.clash) == 0 {
		return
	}
	if p.color {
		rest := g.Clone() // blank at the cells to mark
		for _, i := range a.clash {
			rest.SetCell(i, 0)
		}
		p.buf = append(textfmt.AppendColored(p.buf[:0], g, rest, "\x1b[7m", "\x1b[0m"), '\n')
		p.w.Write(p.buf)
		return
	}
	only := satdoku.NewGrid(g.Rules())
	for _, i := range a.clash {
		only.SetCell(i, g.Cell(i))
	}
	fmt.Fprintf(p.w, "the cells at fault:\n")
	p.grid(only, nil)
}

// flush writes out the answers buffered so far.
func (p *printer) flush() { p.w.Flush() }

// finish flushes the output and returns the exit status of the run. A
// closed pipe (the reader went away, as in "satdoku solve | head -1") ends
// the run quietly; any other failed write is reported, with exit status 2.
// After an interrupt the status is exitInterrupt, and standard error says
// how many answers were written.
func (p *printer) finish(interrupted bool) int {
	if p.format == outCSV && p.count == 0 && !interrupted {
		p.csvHead() // no puzzles: the header alone
	}
	p.w.Flush()
	if err := p.out.err; err != nil {
		if !errors.Is(err, syscall.EPIPE) {
			if errors.Is(err, errPicture) {
				fmt.Fprintf(p.stderr, "satdoku: %v\n", err)
			} else {
				fmt.Fprintf(p.stderr, "satdoku: write output: %v\n", err)
			}
		}
		return max(p.exit, exitUsage)
	}
	if interrupted {
		fmt.Fprintf(p.stderr, "satdoku: interrupted after %d answers\n", p.count)
		return exitInterrupt
	}
	return p.exit
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

// answerWarnings returns the warnings of an answer: its reader's, and,
// when the verdict is none or multiple and the puzzle's text states rules
// that its data does not carry (or the reader ignored elements that may
// draw rules), a note that the verdict is for the rules as read.
func answerWarnings(a *record) []string {
	w := a.it.warn
	if len(a.it.unread) > 0 && (a.Status == statusNone || a.Status == statusMultiple) {
		note := fmt.Sprintf("%q is the verdict for the rules as drawn, without %s", a.Status, strings.Join(a.it.unread, " and "))
		w = append(slices.Clip(w), note)
	}
	return w
}

// warnItem writes the warnings of an item's reader on standard error.
func warnItem(w io.Writer, it item) {
	for _, msg := range it.warn {
		fmt.Fprintf(w, "%s: warning: %s\n", where(it), msg)
	}
}

// position formats an error answer for standard error: a bad item as
// readError has it, any other error after where(a.it).
func position(a *record) string {
	if a.it.err != nil {
		_, msg := readError(a.it)
		return msg
	}
	return fmt.Sprintf("%s: %s", where(a.it), a.Error)
}

// readError formats the error of a bad item, the one way for every reader
// (satdoku.ParseError): rec, for its record, is the error with its
// position in the item's file or argument, "3:17: invalid cell '?'"; msg,
// for standard error, puts the file's name before it,
// "puzzles.txt:3:17: invalid cell '?'". Any other error is as it is, after
// where(it) in msg.
func readError(it item) (rec, msg string) {
	var pe *satdoku.ParseError
	if !errors.As(it.err, &pe) || !pe.Pos.IsValid() {
		rec = it.err.Error()
		return rec, where(it) + ": " + rec
	}
	rec = pe.Error()
	return rec, it.name + ":" + rec
}
