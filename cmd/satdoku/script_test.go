package main

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var updateScripts = flag.Bool("update", false, "rewrite the scripts' golden output with what the command printed")

func TestMain(m *testing.M) {
	if os.Getenv("SATDOKU_TEST_MAIN") == "1" {
		// The test binary acts as satdoku: see startMain.
		main()
	}
	// A binary built with -race sleeps a second when it exits (GORACE
	// atexit_sleep_ms, for late reports); the scripts and the process
	// tests start it hundreds of times.
	os.Setenv("GORACE", noExitSleep(os.Getenv("GORACE")))
	testscript.Main(m, map[string]func(){
		"satdoku": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScript runs the CLI scripts in testdata/script: standard output,
// standard error and exit status of every subcommand.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *updateScripts,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"cmpjson": cmpJSON,
		},
		Setup: func(e *testscript.Env) error {
			e.Setenv("NO_COLOR", "")
			e.Setenv("GORACE", os.Getenv("GORACE"))
			return nil
		},
	})
}

// cmpJSON compares two files of JSON records line by line, ignoring the
// "ms" field, whose value is a measured time, and which two solutions a
// "multiple" record shows (they depend on the solver's history; the CLI has
// checked both with the validator): the fields must be there, not equal.
//
//	cmpjson stdout want.json
func cmpJSON(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: cmpjson file1 file2")
	}
	got := strings.Split(strings.TrimRight(ts.ReadFile(args[0]), "\n"), "\n")
	want := strings.Split(strings.TrimRight(ts.ReadFile(args[1]), "\n"), "\n")
	if len(got) != len(want) {
		ts.Fatalf("%s has %d lines, %s has %d", args[0], len(got), args[1], len(want))
	}
	for i := range got {
		g, w := stripMS(ts, got[i]), stripMS(ts, want[i])
		if g != w {
			ts.Fatalf("line %d differs:\n%s\n%s", i+1, g, w)
		}
	}
}

// stripMS re-encodes one JSON object without its "ms" field.
func stripMS(ts *testscript.TestScript, line string) string {
	var m map[string]any
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		ts.Fatalf("not a JSON object: %q: %v", line, err)
	}
	if _, ok := m["ms"]; !ok {
		ts.Fatalf("no ms field: %q", line)
	}
	delete(m, "ms")
	if m["status"] == "multiple" {
		for _, k := range []string{"solution", "second", "differ"} {
			if _, ok := m[k]; !ok {
				ts.Fatalf("multiple without %s: %q", k, line)
			}
			m[k] = "<any>"
		}
	}
	b, err := json.Marshal(m)
	ts.Check(err)
	return string(b)
}

// noExitSleep adds atexit_sleep_ms=0 to the GORACE options opts, unless
// they set it.
func noExitSleep(opts string) string {
	if strings.Contains(opts, "atexit_sleep_ms") {
		return opts
	}
	return strings.TrimSpace(opts + " atexit_sleep_ms=0")
}
