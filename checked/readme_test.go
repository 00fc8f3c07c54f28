package checked_test

import (
	"testing"

	"github.com/satdoku/satdoku/internal/readme"
)

// TestREADMEExample: the Go code of the README's "Package checked" section
// is the body of Example, which the tests run.
func TestREADMEExample(t *testing.T) {
	readme.CheckExample(t, "../README.md", "### Package checked", "example_test.go")
}
