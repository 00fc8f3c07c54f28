package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/textfmt"
)

// example is one "$ command" of a console block of README.md with the
// output printed under it.
type example struct {
	line int      // in README.md
	args []string // the command, split as a shell would
	want []string // the lines of output
}

// readmeExamples returns the examples of the ```console blocks of text.
func readmeExamples(t *testing.T, text string) []example {
	t.Helper()
	var out []example
	in := false
	for i, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "```console"):
			in = true
		case in && strings.HasPrefix(l, "```"):
			in = false
		case in && strings.HasPrefix(l, "$ "):
			args, err := shellSplit(strings.TrimPrefix(l, "$ "))
			if err != nil {
				t.Fatalf("README.md:%d: %v", i+1, err)
			}
			out = append(out, example{line: i + 1, args: args})
		case in && len(out) > 0:
			ex := &out[len(out)-1]
			ex.want = append(ex.want, l)
		case in:
			t.Fatalf("README.md:%d: output before any command", i+1)
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

// msValue matches the time of a JSON record, which changes from run to run.
var msValue = regexp.MustCompile(`"ms":[0-9.e+-]+`)

// TestREADME runs every "$ satdoku …" example of README.md's console
// blocks in-process, through run, in one temporary directory (so that a
// file one example writes is there for the next), and compares what it
// prints with the lines under it, "ms" values aside; a line "…" in the
// README stands for any number of lines. Besides satdoku, "printf '…' >
// FILE" and "head -N FILE" are run in-process; other programs (minisat,
// cadical) and pipes are not, and an example that needs a file they would
// have written, or a --solver that is not installed, is skipped.
func TestREADME(t *testing.T) {
	text, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	exs := readmeExamples(t, string(text))
	if len(exs) < 20 {
		t.Fatalf("only %d examples in README.md", len(exs))
	}
	t.Chdir(t.TempDir())
	for _, ex := range exs {
		t.Run(strconv.Itoa(ex.line), func(t *testing.T) {
			got, skip := runExample(t, ex.args)
			if skip != "" {
				t.Skipf("README.md:%d: %s", ex.line, skip)
			}
			if !matchOutput(got, ex.want) {
				t.Errorf("README.md:%d: $ %s\ngot:\n%s\nwant:\n%s", ex.line, strings.Join(ex.args, " "),
					strings.Join(got, "\n"), strings.Join(ex.want, "\n"))
			}
		})
	}
}

// runExample runs one command and returns its output lines, or why it was
// skipped.
func runExample(t *testing.T, args []string) (out []string, skip string) {
	for _, a := range args {
		if a == "|" || a == "<" {
			return nil, "a pipe"
		}
	}
	var stdout bytes.Buffer
	switch args[0] {
	case "printf":
		if len(args) != 4 || args[2] != ">" {
			t.Fatalf("printf: want printf 'TEXT' > FILE, got %q", args)
		}
		s := strings.ReplaceAll(args[1], `\n`, "\n")
		if err := os.WriteFile(args[3], []byte(s), 0o666); err != nil {
			t.Fatal(err)
		}
	case "head":
		n, err := strconv.Atoi(strings.TrimPrefix(args[1], "-"))
		if err != nil || len(args) != 3 {
			t.Fatalf("head: want head -N FILE, got %q", args)
		}
		b, err := os.ReadFile(args[2])
		if err != nil {
			return nil, args[2] + " is not there"
		}
		lines := strings.SplitAfter(string(b), "\n")
		stdout.WriteString(strings.Join(lines[:min(n, len(lines))], ""))
	case "satdoku":
		for i, a := range args[1:] {
			if i > 0 && (args[i] == "-o" || args[i] == "--out-dir") {
				continue // written, not read
			}
			if i > 0 && args[i] == "--solver" {
				if _, err := exec.LookPath(a); err != nil {
					return nil, a + " is not installed"
				}
			}
			if isFileArg(a) {
				if _, err := os.Stat(a); err != nil {
					return nil, a + " is not there"
				}
			}
		}
		run(args[1:], strings.NewReader(""), &stdout, io.Discard)
	default:
		return nil, args[0] + " is another program"
	}
	s := strings.TrimSuffix(stdout.String(), "\n")
	if s == "" {
		return nil, ""
	}
	return strings.Split(s, "\n"), ""
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
			out[i] = msValue.ReplaceAllString(s, `"ms":0`)
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
