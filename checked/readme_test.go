package checked_test

import (
	"testing"

	"github.com/satdoku/satdoku/internal/readme"
)

// TestREADMEExample: the Go code of the section "Package checked" of the
// manual (docs/library.md) is the body of Example, which the tests run.
func TestREADMEExample(t *testing.T) {
	readme.CheckExample(t, "../docs/library.md", "## Package checked", "example_test.go")
}
