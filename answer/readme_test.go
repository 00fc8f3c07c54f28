package answer_test

import (
	"testing"

	"github.com/satdoku/satdoku/internal/readme"
)

// TestREADMEExample: the first Go code of the README's "Use it from Go"
// section is the body of Example, which the tests run.
func TestREADMEExample(t *testing.T) {
	readme.CheckExample(t, "../README.md", "## Use it from Go", "example_test.go")
}
