// Package solvertest finds the external SAT solvers that the round-trip
// tests run, and writes fake ones. It is for tests only.
package solvertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Need returns the path of the solver program name. A missing program skips
// the test, except under CI=true, where .ci/run installs the solvers and a
// missing one fails the test.
func Need(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed, and CI=true requires it: %v", name, err)
		}
		t.Skipf("%s is not installed (apt-get install minisat picosat cadical cryptominisat clasp): %v", name, err)
	}
	return p
}

// Script writes a fake solver, a shell script named name with the given
// body, into a directory of its own, and returns its path. Without sh the
// test is skipped.
func Script(t testing.TB, name, body string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}
