package checked_test

import (
	"os"
	"strings"
	"testing"
)

// TestREADMEExample: the Go code of the README's "Use it from Go" section is
// the body of Example, which the tests run.
func TestREADMEExample(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(readme), "## Use it from Go\n")
	_, code, ok2 := strings.Cut(sec, "```go\n")
	code, _, ok3 := strings.Cut(code, "```\n")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md: no Go block in a section \"Use it from Go\"")
	}
	_, body, ok := strings.Cut(string(src), "func Example() {\n")
	body, _, ok2 = strings.Cut(body, "\n}\n")
	if !ok || !ok2 {
		t.Fatal("example_test.go: no func Example")
	}
	var lines []string
	for l := range strings.SplitSeq(body, "\n") {
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	if want := strings.Join(lines, "\n") + "\n"; code != want {
		t.Errorf("README.md's example:\n%s\nExample in example_test.go:\n%s", code, want)
	}
}
