package answer_test

import (
	"testing"

	"github.com/satdoku/satdoku/internal/readme"
)

// TestREADMEExample: the first Go code of the manual's page "Use it from
// Go" (docs/library.md) is the body of Example, which the tests run.
func TestREADMEExample(t *testing.T) {
	readme.CheckExample(t, "../docs/library.md", "# Use it from Go", "example_test.go")
}
