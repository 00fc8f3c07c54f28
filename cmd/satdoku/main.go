// Command satdoku solves Sudoku puzzles by SAT and proves its answers.
//
// Every puzzle is encoded as CNF (one boolean per row, column and digit),
// solved by the pure-Go SAT solver gini (or, with --solver, by an external
// SAT solver program such as minisat or cadical), decoded back to a grid and
// re-checked by an independent validator before it is printed. Uniqueness is
// proved by a second solve, with the first solution excluded, that must be
// unsatisfiable.
//
// Usage:
//
//	satdoku solve  [flags] [PUZZLE|FILE|-]...   solve each puzzle
//	satdoku check  [flags] [PUZZLE|FILE|-]...   report conflicts among the givens
//	satdoku unique [flags] [PUZZLE|FILE|-]...   unique, multiple or none
//	satdoku count  [flags] [PUZZLE|FILE|-]...   count solutions up to --limit
//	satdoku candidates [flags] [PUZZLE|FILE|-]... the digits each cell holds in some solution
//	satdoku dimacs [flags] [PUZZLE|FILE|-]...   write the CNF as DIMACS
//	satdoku decode [flags] [MODEL|-]            decode and check a SAT solver's answer
//	satdoku certify --cnf FILE --proof FILE     check a SAT solver's DRAT proof
//	satdoku generate [flags]                    make puzzles, each proven unique
//	satdoku minimize [flags] [PUZZLE|FILE|-]... take out clues until every one is needed
//	satdoku clues   [flags] [PUZZLE|FILE|-]...  which clues are needed, what would make it unique
//	satdoku rate    [flags] [PUZZLE|FILE|-]...  how hard each puzzle is for a person
//	satdoku hint    [flags] [PUZZLE|FILE|-]...  the next logical step
//	satdoku explain [flags] [PUZZLE|FILE|-]...  the logical path, or why a cell is forced
//	satdoku version                             print the version
//	satdoku help [COMMAND]                      show help
//
// An argument that parses as a puzzle is a puzzle, otherwise it names a file;
// "-" or no argument at all reads standard input. Input may be one puzzle per
// line (81 symbols for 9×9, `.` or `0` for a blank, `#` comments, a line
// `end` ends the stream), a multi-line grid with separators, or a LeetCode
// JSON board. Puzzles are answered one at a time, in input order, in constant
// memory.
//
// Every command that answers puzzles or seeds takes --jobs N (-j N): N workers, each with its own
// solver, answer the puzzles in parallel while the output stays in input
// order; at most 16·N answers wait behind a slow puzzle. A worker reads the
// next puzzle as soon as it is free, so a puzzle typed at a terminal is
// answered at once. The default is one worker (the machine's other cores
// stay free for the rest of a pipeline); --jobs 0 uses one per CPU. Which
// two solutions are shown for a puzzle with several may depend on the
// worker that answered it. --stats prints a summary on standard error at the
// end: the puzzles per status, the elapsed time, puzzles/s and the p50/p99
// time per puzzle. When standard error is a terminal, a progress line
// (puzzles, rate, and an ETA for files) is drawn there during the run; never
// in a pipe. Output to a pipe or a file is buffered, and flushed whenever no
// answer has come for a tenth of a second.
//
// With --format json each input puzzle gives exactly one JSON object on one
// line, with the fields line, file (the file's name, "-" for standard input;
// absent for an argument, whose line is its number), puzzle,
// rules, status (solved, unique, multiple, none, valid, invalid, error,
// timeout), certified, solution, second, differ, candidates, count, more,
// conflicts, error and ms.
//
// Certified verdicts: every solution printed is checked by the validator,
// but unique, none and a count below --limit rest on a formula being
// unsatisfiable. --certify (solve, unique, count) checks that claim before
// the answer is printed: with --solver cadical, a DRAT proof that the
// solver writes, checked by package drat against the file the solver read;
// with gini, which writes no proof, the validator's own count, within
// --certify-budget (default 1s) per puzzle. The record says how
// ("certified": "drat", "count", or false past the budget) and the text
// formats add a note after the status: "unique (certified: DRAT proof by
// cadical, checked)". A certificate that fails is an internal error (exit
// 3), never a verdict. certify checks a proof from any DRAT-producing
// solver, run by hand on the file of dimacs (--block for uniqueness): exit
// 0 when the proof is valid, 1 when it is not, 2 when the CNF or the proof
// cannot be read.
//
// Exit status:
//
//	0  every puzzle got a positive answer (solved, unique, valid, counted ≥ 1)
//	1  some puzzle has no solution, more than one where uniqueness was asked,
//	   conflicting givens, or ran out of time
//	2  usage error or unreadable input (the rest of the batch is still answered)
//	3  internal error, such as a solver answer that the validator rejected
//	130  interrupted (SIGINT or SIGTERM): the answers completed so far are
//	     written, in input order, and external solvers are stopped
package main

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/pflag"
)

// Exit statuses.
const (
	exitOK       = 0 // every answer positive
	exitNegative = 1 // none, multiple, invalid or timeout
	exitUsage    = 2 // usage error or unreadable input
	exitInternal = 3 // internal error
	// exitInterrupt is the status after SIGINT or SIGTERM, as shells report
	// a process killed by SIGINT.
	exitInterrupt = 130
)

// version is stamped by the linker: -ldflags "-X main.version=v1.2.3".
var version = ""

// The GC for streams. A stream of puzzles keeps almost nothing alive (a
// few MiB) while every hard puzzle allocates a gini instance of its own, so
// at the default GOGC the collector runs many times a second, and with
// --jobs 2 the workers spend their time helping it. At streamGOGC the heap
// grows larger before a collection, which makes the hard sets faster; but
// growing the heap costs page faults, more than a short run gains, so the
// setting changes only once the process has run for streamAfter. The
// measurements are in bench/cli-gc.txt.
const (
	streamGOGC  = 400
	streamAfter = 100 * time.Millisecond
)

// tuneGC sets the GC percentage to streamGOGC after the delay, unless
// getenv reports a GOGC or GOMEMLIMIT of the user's, in which case it
// reports false and leaves the GC alone.
func tuneGC(getenv func(string) string, after time.Duration) bool {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return false
	}
	time.AfterFunc(after, func() { debug.SetGCPercent(streamGOGC) })
	return true
}

// command is one subcommand, in the style of cmd/go's base.Command.
type command struct {
	name  string
	short string // one line for the command list
	usage string // the usage line after "satdoku "
	long  string // the help text
	// setup registers the command's flags and returns the function that runs
	// it on the remaining arguments.
	setup func(fs *pflag.FlagSet, env *env) func(args []string) int
}

// env is what a command runs with.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

var commands []*command

func init() {
	commands = []*command{cmdSolve, cmdCheck, cmdUnique, cmdCount, cmdCandidates, cmdDIMACS, cmdDecode, cmdCertify, cmdGenerate, cmdMinimize, cmdClues, cmdRate, cmdHint, cmdExplain, cmdListen, cmdServe, cmdVersion}
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// run is the whole program: it parses args (without the program name), runs
// the command and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "--help":
		if len(args) > 1 && name == "help" {
			if args[1] == "help" {
				usage(stdout)
				return exitOK
			}
			c := lookup(args[1])
			if c == nil {
				fmt.Fprintf(stderr, "satdoku help %s: unknown command%s\n", args[1], didYouMean(args[1], commandNames()))
				return exitUsage
			}
			fs := newFlagSet(c, e)
			c.setup(fs, e)
			printHelp(stdout, c, fs)
			return exitOK
		}
		usage(stdout)
		return exitOK
	case "--version":
		name = "version"
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "satdoku: unknown command %q%s\n", name, didYouMean(name, commandNames()))
		fmt.Fprintf(stderr, "Run 'satdoku help' for usage.\n")
		return exitUsage
	}
	fs := newFlagSet(c, e)
	runFn := c.setup(fs, e)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			printHelp(stdout, c, fs)
			return exitOK
		}
		fmt.Fprintf(stderr, "satdoku %s: %v%s\n", c.name, flagError(err), flagSuggestion(err, fs))
		fmt.Fprintf(stderr, "Run 'satdoku help %s' for usage.\n", c.name)
		return exitUsage
	}
	if err := checkFlags(fs); err != nil {
		fmt.Fprintf(stderr, "satdoku %s: %v\n", c.name, err)
		return exitUsage
	}
	return runFn(fs.Args())
}

func newFlagSet(c *command, e *env) *pflag.FlagSet {
	fs := pflag.NewFlagSet("satdoku "+c.name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are printed by run
	fs.SortFlags = false
	return fs
}

func printHelp(w io.Writer, c *command, fs *pflag.FlagSet) {
	fmt.Fprintf(w, "usage: satdoku %s\n\n%s\n", c.usage, strings.TrimSpace(c.long))
	if fs.HasFlags() {
		fmt.Fprintf(w, "\nFlags:\n%s", fs.FlagUsages())
	}
	fmt.Fprintf(w, "\n%s", exitHelp)
}

const exitHelp = `Exit status:
  0  every puzzle got a positive answer (solved, unique, valid, counted)
  1  some puzzle has no solution, more than one where uniqueness was asked,
     conflicting givens, or ran out of time
  2  usage error or unreadable input (the rest of the batch is still answered)
  3  internal error, such as a solver answer that the validator rejected
  130  interrupted; the answers so far are written
`

func usage(w io.Writer) {
	fmt.Fprintf(w, "satdoku solves Sudoku puzzles by SAT and proves its answers.\n\nUsage:\n\n\tsatdoku <command> [flags] [PUZZLE|FILE|-]...\n\nCommands:\n\n")
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-10s %s\n", c.name, c.short)
	}
	fmt.Fprintf(w, "\t%-10s %s\n", "help", "show help for a command")
	fmt.Fprintf(w, "\nRun 'satdoku help <command>' for more about a command.\n\n%s", exitHelp)
}

var cmdVersion = &command{
	name:  "version",
	short: "print the version",
	usage: "version",
	long:  "Version prints the version of satdoku (stamped by -ldflags \"-X main.version=...\", else the module's), the commit it was built from, with \"(modified)\" when the tree had changes, and the version of the Go toolchain that built it.",
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		return func(args []string) int {
			if len(args) > 0 {
				fmt.Fprintf(e.stderr, "satdoku version: unexpected argument %q\n", args[0])
				return exitUsage
			}
			fmt.Fprintf(e.stdout, "satdoku %s\n", versionString())
			return exitOK
		}
	},
}

// versionString is the version line: the version stamped by the linker,
// or else the module's version from the build information, followed by
// the commit (and "modified" when the tree had changes) and the Go
// version that built it.
func versionString() string {
	bi, _ := debug.ReadBuildInfo()
	return formatVersion(version, bi)
}

// moduleVersion is the version alone (as the DIMACS files name it): the
// linker's, else the module's, else "devel".
func moduleVersion(stamped string, bi *debug.BuildInfo) string {
	v := stamped
	if v == "" && bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = bi.Main.Version
	}
	if v == "" {
		v = "devel"
	}
	return v
}

// formatVersion builds the version line from the linker's version (may be
// empty) and the build information (may be nil).
func formatVersion(stamped string, bi *debug.BuildInfo) string {
	v := moduleVersion(stamped, bi)
	if bi == nil {
		return v
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" {
		v += " " + rev[:min(len(rev), 12)]
		if modified == "true" {
			v += " (modified)"
		}
	}
	if bi.GoVersion != "" {
		v += " " + bi.GoVersion
	}
	return v
}

// shortVersion is the version without the commit and the Go version.
func shortVersion() string {
	bi, _ := debug.ReadBuildInfo()
	return moduleVersion(version, bi)
}
