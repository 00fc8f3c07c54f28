package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestFormatsWalk walks every command that writes answers × every output
// format: each pair either writes something (exit 0 or 1, the status of
// the answer) or is refused with a usage error (exit 2) that names
// --format; never an internal error, never silence.
func TestFormatsWalk(t *testing.T) {
	const w = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	commands := [][]string{
		{"solve"}, {"solve", "--unique"}, {"check"}, {"unique"}, {"count"}, {"count", "--estimate"},
		{"candidates"}, {"candidates", "--counts", "2"}, {"rate"}, {"hint"}, {"explain"},
		{"explain", "--cell", "r5c5"}, {"minimize"}, {"generate", "--seed", "1"},
	}
	formats := []string{"line", "grid", "compact", "json", "csv", "leetcode", "svg", "fpuzzles-link", "sudokupad-link", "iss-link"}
	for _, cmd := range commands {
		for _, f := range formats {
			args := append(append([]string{}, cmd...), "--format", f)
			if cmd[0] != "generate" {
				args = append(args, w)
			}
			var out, errOut bytes.Buffer
			code := run(args, strings.NewReader(""), &out, &errOut)
			name := strings.Join(args[:len(args)-1], " ")
			switch {
			case code == exitUsage:
				if !strings.Contains(errOut.String(), "--format") {
					t.Errorf("satdoku %s: refused without naming --format: %s", name, errOut.String())
				}
			case code > exitUsage:
				t.Errorf("satdoku %s: exit %d: %s", name, code, errOut.String())
			case strings.TrimSpace(out.String()) == "":
				t.Errorf("satdoku %s: exit %d and nothing written (%s)", name, code, errOut.String())
			case f == "svg" && !strings.HasPrefix(out.String(), "<svg"):
				t.Errorf("satdoku %s: not a picture: %.60q", name, out.String())
			case f == "json" && !strings.HasPrefix(out.String(), "{"):
				t.Errorf("satdoku %s: not a record: %.60q", name, out.String())
			}
		}
	}
}
