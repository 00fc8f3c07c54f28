package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestExitStatuses: the exit status of each defect of issue 30 (the
// script answers.txtar checks the output): a puzzle with several
// solutions is negative (1) wherever it is asked, a cell off the board
// and a flag out of range are usage errors (2).
func TestExitStatuses(t *testing.T) {
	const (
		m = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
		w = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	)
	cases := []struct {
		args string
		want int
	}{
		{"minimize " + m, exitNegative},
		{"explain --cell r1c4 " + m, exitNegative},
		{"explain " + m, exitNegative},
		{"rate " + m, exitNegative},
		{"rate " + strings.Repeat(".", 81), exitNegative},
		{"hint " + m, exitNegative},
		{"explain --cell r10c1 " + w, exitUsage},
		{"explain --cell r5c5 " + w, exitOK},
		{"solve --jobs 99999999999 " + w, exitUsage},
		{"rate --jobs 1000000 " + w, exitUsage},
		{"generate --jobs 99999999999", exitUsage},
		{"listen --jobs 99999999999", exitUsage},
		{"rate --chain-steps -1 " + w, exitUsage},
		{"explain --candidates -1 " + w, exitUsage},
		{"count --limit 0 " + w, exitUsage},
		{"candidates --counts -1 " + w, exitUsage},
		{"solve --timeout -1s " + w, exitUsage},
		{"rate --timeout 1m " + w, exitOK},
		{"certify --timeout -1s --cnf a.cnf --proof a.drat", exitUsage},
		{"generate --timeout -1s", exitUsage},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		if got := run(strings.Fields(c.args), strings.NewReader(""), &out, &errOut); got != c.want {
			t.Errorf("satdoku %s: exit %d, want %d\n%s%s", c.args, got, c.want, out.String(), errOut.String())
		}
		for _, internal := range []string{"strconv.", "satsolve:", "encode:", "bufio.Scanner", ": generate:"} {
			if strings.Contains(errOut.String()+out.String(), internal) {
				t.Errorf("satdoku %s: %q reaches the user:\n%s%s", c.args, internal, out.String(), errOut.String())
			}
		}
	}
}

// TestUserText: the names of this program's packages and of Go's readers
// never reach the user.
func TestUserText(t *testing.T) {
	w := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	dir := t.TempDir()
	model := dir + "/model.txt"
	if err := os.WriteFile(model, []byte("s SATISFIABLE\nv 1 2 x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := dir + "/long.txt"
	if err := os.WriteFile(long, []byte("s SATISFIABLE\nv "+strings.Repeat("1 ", 1<<20)+"0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := [][]string{
		{"decode", "--puzzle", w, model},
		{"decode", "--puzzle", w, long},
		{"solve", "--solver", "/bin/true", w},
		{"solve", "--jobs", "x", w},
		{"solve", "--jobs", "99999999999999999999", w},
	}
	for _, args := range cases {
		var out, errOut bytes.Buffer
		run(args, strings.NewReader(""), &out, &errOut)
		text := out.String() + errOut.String()
		for _, internal := range []string{"strconv.", "satsolve:", "encode:", "extsolve:", "bufio.Scanner", "token too long"} {
			if strings.Contains(text, internal) {
				t.Errorf("satdoku %s: %q reaches the user:\n%s", strings.Join(args, " "), internal, text)
			}
		}
	}
}
