// Package readme is for tests: it checks that a Go block of README.md is
// the body of a package's Example, which the tests run, so that the code
// the README shows is code that works.
package readme

import (
	"os"
	"strings"
	"testing"
)

// CheckExample fails t unless the first Go block after the line section
// of README.md (at readmePath) is the body of func Example in the file
// example (tabs of the body's indentation taken off).
func CheckExample(t *testing.T, readmePath, section, example string) {
	t.Helper()
	readme, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(readme), section+"\n")
	_, code, ok2 := strings.Cut(sec, "```go\n")
	code, _, ok3 := strings.Cut(code, "```\n")
	if !ok || !ok2 || !ok3 {
		t.Fatalf("%s: no Go block in a section %q", readmePath, section)
	}
	_, body, ok := strings.Cut(string(src), "func Example() {\n")
	body, _, ok2 = strings.Cut(body, "\n}\n")
	if !ok || !ok2 {
		t.Fatalf("%s: no func Example", example)
	}
	var lines []string
	for l := range strings.SplitSeq(body, "\n") {
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	if want := strings.Join(lines, "\n") + "\n"; code != want {
		t.Errorf("%s's example:\n%s\nExample in %s:\n%s", readmePath, code, example, want)
	}
}
