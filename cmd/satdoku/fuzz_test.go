package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/textfmt"
)

// FuzzSolveCLI feeds any bytes to "satdoku solve --unique --format json":
// it never panics, never reports an internal error, and writes exactly one
// JSON record per puzzle the reader finds, in order.
func FuzzSolveCLI(f *testing.F) {
	f.Add([]byte(leet37 + "\n" + leet37[:80] + "\n# c\n\n" + leet37 + "\nend\n" + leet37))
	f.Add([]byte("5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n"))
	f.Add([]byte(`[["5","3"],["6","."]]`))
	f.Add([]byte("1...\n.2..\n..3.\n...4\n\xff\x00"))
	f.Add([]byte(`{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"antiking":true}`))
	f.Add([]byte("# links\nN4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0Q2CAEM0AewB2mgDYBqBABcMAVxioN2/UYC05qzZCa9ZiAGs9ENAAWZi7WqB5e3hB6aCFuGmAAVjpRZpg6lgAOYLGoevoAxvpgMPmWXgBucPAW1kRAA==\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 4096 {
			return
		}
		// Count what the reader finds, independently of the CLI. Input
		// that reads as f-puzzles (a JSON object, or links) is one puzzle
		// per object or link: there, every record must still parse.
		_, kind := textfmt.Open(bytes.NewReader(in))
		fpz := kind != "text"
		r := textfmt.NewReader(bytes.NewReader(in))
		var lines []int
		for !fpz {
			if _, err := r.Read(); err == io.EOF {
				break
			}
			lines = append(lines, r.Line())
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"solve", "--unique", "--format", "json", "--timeout", "2s"}, bytes.NewReader(in), &stdout, &stderr)
		if code == exitInternal || code > exitUsage {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		out := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if stdout.Len() == 0 {
			out = nil
		}
		if !fpz && len(out) != len(lines) {
			t.Fatalf("%d records for %d puzzles", len(out), len(lines))
		}
		if kind == "f-puzzles" && len(out) != 1 {
			t.Fatalf("%d records for one f-puzzles JSON object", len(out))
		}
		for i, l := range out {
			var rec jsonRecord
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatalf("record %d: %v: %q", i+1, err, l)
			}
			if !fpz && rec.Line != lines[i] {
				t.Fatalf("record %d: line %d, want %d", i+1, rec.Line, lines[i])
			}
		}
	})
}
