package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/readme"
	"github.com/satdoku/satdoku/internal/solvertest"
	"github.com/satdoku/satdoku/listen"
	"github.com/satdoku/satdoku/textfmt"
)

// example is one "$ command" of a console block of a documentation
// page with the output printed under it.
type example struct {
	line int      // in the page
	args []string // the command, split as a shell would
	want []string // the lines of output
}

// pageExamples returns the examples of the ```console blocks of the page
// text (its path in messages).
func pageExamples(t *testing.T, path, text string) []example {
	t.Helper()
	var out []example
	for _, b := range readme.Blocks(text) {
		if b.Info != "console" {
			continue
		}
		start := len(out)
		for i, l := range b.Lines {
			switch {
			case strings.HasPrefix(l, "$ "):
				args, err := shellSplit(strings.TrimPrefix(l, "$ "))
				if err != nil {
					t.Fatalf("%s:%d: %v", path, b.Line+i, err)
				}
				out = append(out, example{line: b.Line + i, args: args})
			case len(out) > start:
				ex := &out[len(out)-1]
				ex.want = append(ex.want, l)
			default:
				t.Fatalf("%s:%d: output before any command", path, b.Line+i)
			}
		}
	}
	return out
}

// shellSplit splits a command line at spaces, as the README writes them:
// single quotes keep their text as it is, and |, > and < are words of
// their own when unquoted.
func shellSplit(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	word, quoted := false, false
	for _, r := range s {
		switch {
		case quoted && r == '\'':
			quoted = false
		case quoted:
			cur.WriteRune(r)
		case r == '\'':
			quoted, word = true, true
		case r == ' ':
			if word {
				args = append(args, cur.String())
				cur.Reset()
				word = false
			}
		default:
			cur.WriteRune(r)
			word = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("unclosed quote in %q", s)
	}
	if word {
		args = append(args, cur.String())
	}
	return args, nil
}

// msValue matches the time of a JSON record, which changes from run to
// run, and checkedIn the time a proof check took.
var (
	msValue   = regexp.MustCompile(`"ms":[0-9.e+-]+`)
	checkedIn = regexp.MustCompile(`checked in [0-9.]+(ns|µs|ms|s)\b`)
)

// externalSolvers are the programs other than satdoku that the examples
// run, when they are installed.
var externalSolvers = []string{"minisat", "cadical", "picosat", "cryptominisat5", "clasp"}

// TestREADME runs every "$ …" example of the console blocks of README.md
// and of every page of the manual (docs/*.md) and compares what it prints
// with the lines under it, times ("ms", "checked in …") aside; a line "…"
// stands for any number of lines. Each page's examples run in order in one
// temporary directory of their own, so that a file one example writes is
// there for the next. satdoku runs in-process, through run; "printf '…' >
// FILE" and "head -N FILE" in-process too; the SAT solvers of
// externalSolvers as programs, and "curl … localhost:4545/…" against the
// HTTP API of satdoku listen, served here; "A | B" feeds A's output to B.
// An example is skipped only when a solver it needs is not installed (as
// solvertest.Need says: under CI=true it fails), or when a file that a
// skipped example would have written is missing; any other command is an
// error: every example is run.
func TestREADME(t *testing.T) {
	pages := readme.ReadPages(t, "../..")
	total := 0
	for _, page := range pages {
		name := page.Name
		exs := pageExamples(t, name, page.Text)
		total += len(exs)
		t.Run(name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			skipped := false
			for _, ex := range exs {
				t.Run(strconv.Itoa(ex.line), func(t *testing.T) {
					defer func() {
						if t.Skipped() {
							skipped = true
						}
					}()
					got, skip, err := runExample(t, ex.args)
					switch {
					case err != nil:
						t.Fatalf("%s:%d: %v", name, ex.line, err)
					case skip != "" && skipped:
						t.Skipf("%s:%d: %s (an example before it was skipped)", name, ex.line, skip)
					case skip != "":
						t.Fatalf("%s:%d: not run: %s", name, ex.line, skip)
					}
					if !matchOutput(got, ex.want) {
						t.Errorf("%s:%d: $ %s\ngot:\n%s\nwant:\n%s", name, ex.line, strings.Join(ex.args, " "),
							strings.Join(got, "\n"), strings.Join(ex.want, "\n"))
					}
				})
			}
		})
	}
	if total < 40 {
		t.Errorf("only %d examples in %d pages", total, len(pages))
	}
}

// TestExamplesRun: a command the documentation shows is in a console
// block, as "$ COMMAND", so that TestREADME runs it: a block of another
// kind (sh, text, none) holds no "$ " line and no line that starts with
// satdoku.
func TestExamplesRun(t *testing.T) {
	for _, page := range readme.ReadPages(t, "../..") {
		for _, b := range readme.Blocks(page.Text) {
			if b.Info == "console" {
				continue
			}
			for i, l := range b.Lines {
				if strings.HasPrefix(l, "$ ") || strings.HasPrefix(l, "satdoku ") {
					t.Errorf("%s:%d: a command in a ```%s block, which the tests do not run: write it as \"$ %s\" in a ```console block, with its output",
						page.Name, b.Line+i, b.Info, strings.TrimPrefix(l, "$ "))
				}
			}
		}
	}
}

// runExample runs one command line and returns its output lines, or why
// it was skipped.
func runExample(t *testing.T, args []string) (out []string, skip string, err error) {
	var in []byte
	for len(args) > 0 {
		stage := args
		if k := slices.Index(args, "|"); k >= 0 {
			stage, args = args[:k], args[k+1:]
		} else {
			args = nil
		}
		if len(stage) == 0 {
			return nil, "", errors.New("an empty command")
		}
		in, skip, err = runStage(t, stage, in)
		if skip != "" || err != nil {
			return nil, skip, err
		}
	}
	s := strings.TrimSuffix(string(in), "\n")
	if s == "" {
		return nil, "", nil
	}
	return strings.Split(s, "\n"), "", nil
}

// runStage runs one command of a pipe with standard input in and returns
// its standard output.
func runStage(t *testing.T, args []string, in []byte) (out []byte, skip string, err error) {
	var stdout bytes.Buffer
	switch args[0] {
	case "printf":
		if len(args) != 4 || args[2] != ">" {
			return nil, "", fmt.Errorf("printf: want printf 'TEXT' > FILE, got %q", args)
		}
		s := strings.ReplaceAll(args[1], `\n`, "\n")
		if err := os.WriteFile(args[3], []byte(s), 0o666); err != nil {
			return nil, "", err
		}
	case "head":
		n, err := strconv.Atoi(strings.TrimPrefix(args[1], "-"))
		if err != nil || len(args) != 3 {
			return nil, "", fmt.Errorf("head: want head -N FILE, got %q", args)
		}
		b, err := os.ReadFile(args[2])
		if err != nil {
			return nil, args[2] + " is not there", nil
		}
		lines := strings.SplitAfter(string(b), "\n")
		stdout.WriteString(strings.Join(lines[:min(n, len(lines))], ""))
	case "curl":
		return curl(t, args[1:], in)
	case "satdoku":
		for i, a := range args[1:] {
			if i > 0 && (args[i] == "-o" || args[i] == "--out-dir") {
				continue // written, not read
			}
			if i > 0 && args[i] == "--solver" {
				solvertest.Need(t, a)
			}
			if isFileArg(a) {
				if _, err := os.Stat(a); err != nil {
					return nil, a + " is not there", nil
				}
			}
		}
		run(args[1:], bytes.NewReader(in), &stdout, io.Discard)
	default:
		if !slices.Contains(externalSolvers, args[0]) {
			return nil, "", fmt.Errorf("%s: a program the tests do not run (they run satdoku, printf, head, curl and %s)",
				args[0], strings.Join(externalSolvers, ", "))
		}
		solvertest.Need(t, args[0])
		for _, a := range args[1:] {
			if isFileArg(a) && !strings.HasSuffix(a, ".out") && !strings.HasSuffix(a, ".drat") {
				if _, err := os.Stat(a); err != nil {
					return nil, a + " is not there", nil
				}
			}
		}
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Stdin = bytes.NewReader(in)
		cmd.Stdout = &stdout
		err := cmd.Run()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			return nil, "", err // a SAT solver exits 10 or 20
		}
	}
	return stdout.Bytes(), "", nil
}

// curl answers "curl -s --data BODY localhost:4545/PATH", the HTTP API
// of satdoku listen on its default address, from a listen server started
// here as serveListen starts it.
func curl(t *testing.T, args []string, in []byte) ([]byte, string, error) {
	var body, url string
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "-s":
		case args[i] == "--data" && i+1 < len(args):
			body = args[i+1]
			i++
		case strings.HasPrefix(args[i], "localhost:4545/"):
			url = strings.TrimPrefix(args[i], "localhost:4545")
		default:
			return nil, "", fmt.Errorf("curl: want curl -s --data BODY localhost:4545/PATH, got %q", args)
		}
	}
	if url == "" {
		return nil, "", fmt.Errorf("curl: no URL on localhost:4545 in %q", args)
	}
	as, err := newAPIServer("", apiTimeout)
	if err != nil {
		return nil, "", err
	}
	srv := listen.New(listen.Options{Jobs: 1, API: apiHandler(as, false)})
	ts := httptest.NewServer(srv)
	defer func() {
		ts.Close()
		srv.Close()
	}()
	resp, err := http.Post(ts.URL+url, "text/plain", strings.NewReader(body))
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return b, "", err
}

// isFileArg reports whether a command-line argument names a file: a word
// with an extension that is neither a flag nor a puzzle.
func isFileArg(a string) bool {
	if strings.HasPrefix(a, "-") || strings.ContainsAny(a, "/:[") {
		return false
	}
	if _, err := textfmt.Parse(a); err == nil {
		return false
	}
	if _, ok, _ := textfmt.ReadArg(a); ok {
		return false // a puzzle of a registered format (an ISS string)
	}
	dot := strings.LastIndexByte(a, '.')
	return dot > 0 && dot < len(a)-1 && !strings.Contains(a[dot:], "..")
}

// matchOutput compares output lines with the README's, "ms" values aside;
// a README line "…" matches any number of lines.
func matchOutput(got, want []string) bool {
	norm := func(l []string) []string {
		out := make([]string, len(l))
		for i, s := range l {
			out[i] = checkedIn.ReplaceAllString(msValue.ReplaceAllString(s, `"ms":0`), "checked in 0s")
		}
		return out
	}
	got, want = norm(got), norm(want)
	if len(want) == 0 {
		return len(got) == 0
	}
	// Segments between the "…" lines must appear in order, the first at
	// the start and the last at the end.
	var segs [][]string
	seg := []string{}
	for _, w := range want {
		if w == "…" {
			segs = append(segs, seg)
			seg = []string{}
			continue
		}
		seg = append(seg, w)
	}
	segs = append(segs, seg)
	equal := func(a, b []string) bool { return strings.Join(a, "\n") == strings.Join(b, "\n") }
	first, last := segs[0], segs[len(segs)-1]
	if len(segs) == 1 {
		return equal(got, first)
	}
	if len(got) < len(first)+len(last) || !equal(got[:len(first)], first) || !equal(got[len(got)-len(last):], last) {
		return false
	}
	rest := got[len(first) : len(got)-len(last)]
	for _, s := range segs[1 : len(segs)-1] {
		k := 0
		for ; k+len(s) <= len(rest); k++ {
			if equal(rest[k:k+len(s)], s) {
				break
			}
		}
		if k+len(s) > len(rest) {
			return false
		}
		rest = rest[k+len(s):]
	}
	return true
}
