package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestCorpus runs every bad or odd input in ../../testdata/corpus through
// the CLI and checks the exit status, the status of every JSON record (one
// per input puzzle, in order) and what standard error says.
func TestCorpus(t *testing.T) {
	const dir = "../../testdata/corpus"
	f, err := os.Open(filepath.Join(dir, "expect.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 5 {
			t.Fatalf("expect.txt: bad line %q", line)
		}
		name, args, wantStatuses, errRE := fields[0], strings.Fields(fields[1]), fields[3], regexp.MustCompile(fields[4])
		wantExit, err := strconv.Atoi(fields[2])
		if err != nil {
			t.Fatalf("expect.txt: %q: %v", line, err)
		}
		n++
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			// The file named on the command line.
			args := append(append(args, "--format", "json"), path)
			var stdout, stderr bytes.Buffer
			code := run(args, strings.NewReader(""), &stdout, &stderr)
			if code != wantExit {
				t.Errorf("exit status %d, want %d (stderr %q)", code, wantExit, stderr.String())
			}
			var got []string
			for i, l := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
				if l == "" {
					continue
				}
				var r jsonRecord
				if err := json.Unmarshal([]byte(l), &r); err != nil {
					t.Fatalf("record %d is not JSON: %q", i+1, l)
				}
				if r.File != path {
					t.Errorf("record %d: file %q, want %q", i+1, r.File, path)
				}
				got = append(got, r.Status)
			}
			gotStatuses := strings.Join(got, " ")
			if gotStatuses == "" {
				gotStatuses = "-"
			}
			if gotStatuses != wantStatuses {
				t.Errorf("statuses %q, want %q", gotStatuses, wantStatuses)
			}
			if !errRE.MatchString(stderr.String()) {
				t.Errorf("stderr %q does not match %q", stderr.String(), errRE)
			}
			if strings.Contains(stderr.String(), path+":") == false && errRE.String() != "^$" && strings.Contains(wantStatuses, "error") {
				t.Errorf("stderr %q does not name the file %s", stderr.String(), path)
			}

			// The same bytes on standard input give the same statuses.
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			stdout.Reset()
			stderr.Reset()
			args[len(args)-1] = "-"
			if code := run(args, bytes.NewReader(data), &stdout, &stderr); code != wantExit {
				t.Errorf("stdin: exit status %d, want %d", code, wantExit)
			}
			if c := strings.Count(stdout.String(), "\n"); c != len(got) {
				t.Errorf("stdin: %d records, want %d", c, len(got))
			}

			// Two workers: the same records, in the same order.
			if args[0] != "solve" {
				return
			}
			var stdout2 bytes.Buffer
			stderr.Reset()
			jargs := append([]string{args[0], "--jobs", "2"}, args[1:]...)
			if code := run(jargs, bytes.NewReader(data), &stdout2, &stderr); code != wantExit {
				t.Errorf("--jobs 2: exit status %d, want %d", code, wantExit)
			}
			if a, b := statusLines(stdout.String()), statusLines(stdout2.String()); a != b {
				t.Errorf("--jobs 2 gave\n%s\nwant\n%s", b, a)
			}

			// An external solver, with a timeout: again the same records.
			if _, err := exec.LookPath("minisat"); err != nil {
				return
			}
			stdout2.Reset()
			stderr.Reset()
			xargs := append([]string{args[0], "--solver", "minisat", "--timeout", "30s"}, args[1:]...)
			if code := run(xargs, bytes.NewReader(data), &stdout2, &stderr); code != wantExit {
				t.Errorf("--solver minisat: exit status %d, want %d (%s)", code, wantExit, stderr.String())
			}
			if a, b := statusLines(stdout.String()), statusLines(stdout2.String()); a != b {
				t.Errorf("--solver minisat gave\n%s\nwant\n%s", b, a)
			}
		})
	}
	if n < 40 {
		t.Errorf("the corpus has %d cases, want at least 40", n)
	}
}

// statusLines keeps the line and status of each JSON record: what must not
// depend on the number of workers.
func statusLines(out string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var r jsonRecord
		if json.Unmarshal([]byte(l), &r) == nil {
			fmt.Fprintf(&b, "%d %s\n", r.Line, r.Status)
		}
	}
	return b.String()
}
