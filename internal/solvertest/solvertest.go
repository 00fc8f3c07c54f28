// Package solvertest finds the external SAT solvers that the round-trip
// tests run. It is for tests only.
package solvertest

import (
	"os"
	"os/exec"
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
