package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/textfmt"
)

// goldenAnswers are answers of every status with every field that status
// sets, and strings that need escaping in JSON.
func goldenAnswers() []*record {
	three, zero := 3, 0
	g := textfmt.MustParse("1342423131242413")
	h := textfmt.MustParse("2431312442131342")
	it := item{name: "x", line: 1}
	return []*record{
		{Line: 1, File: "batch.txt", Puzzle: ".34..2.........3", Status: statusSolved, Solution: shown{g}, MS: 0.031, it: it},
		{Line: 2, Puzzle: ".34..2.........3", Status: statusUnique, Solution: shown{g}, MS: 4.21, it: it},
		{Line: 3, Puzzle: "1...........4...", Status: statusMultiple, Solution: shown{g}, Second: shown{h}, Differ: []string{"r1c1", "r1c2"}, MS: 1234567.5, it: it},
		{Line: 4, Puzzle: "1...........4...", Status: statusMultiple, Solution: shown{g}, Second: shown{h}, Differ: []string{"r1c1"}, Count: &three, MS: 1e-7, it: it},
		{Line: 5, Puzzle: ".34..2........23", Status: statusNone, Count: &zero, MS: 1e22, it: it},
		{Line: 6, Puzzle: "11..............", Status: statusInvalid, Conflicts: []string{"r1c1 and r1c2 both hold 1 (row 1)", "<x> & \"y\""}, MS: 12.5, it: it},
		{Line: 7, Status: statusValid, Puzzle: "1342423131242413", Solution: shown{g}, MS: 0, it: it},
		{Line: 0, File: "a b\t\"c\"<&>\\é\u2028\x00\x1f.txt", Puzzle: "x\xffy", Status: statusError, Error: "1:2: invalid cell 'x'", MS: 0.001, it: it},
		{Line: -1, Puzzle: "日本", Status: statusTimeout, Differ: []string{}, Conflicts: []string{""}, MS: 100, it: it},
	}
}

// goldenJSON is what the JSON format writes for goldenAnswers: the bytes
// of the hand-written encoder that came before encoding/json (checked then
// to equal json.Marshal's), so that the records stay byte for byte the
// same.
const goldenJSON = `{"line":1,"file":"batch.txt","puzzle":".34..2.........3","status":"solved","solution":"1342423131242413","ms":0.031}
{"line":2,"puzzle":".34..2.........3","status":"unique","solution":"1342423131242413","ms":4.21}
{"line":3,"puzzle":"1...........4...","status":"multiple","solution":"1342423131242413","second":"2431312442131342","differ":["r1c1","r1c2"],"ms":1234567.5}
{"line":4,"puzzle":"1...........4...","status":"multiple","solution":"1342423131242413","second":"2431312442131342","differ":["r1c1"],"count":3,"ms":1e-7}
{"line":5,"puzzle":".34..2........23","status":"none","count":0,"ms":1e+22}
{"line":6,"puzzle":"11..............","status":"invalid","conflicts":["r1c1 and r1c2 both hold 1 (row 1)","\u003cx\u003e \u0026 \"y\""],"ms":12.5}
{"line":7,"puzzle":"1342423131242413","status":"valid","solution":"1342423131242413","ms":0}
{"line":0,"file":"a b\t\"c\"\u003c\u0026\u003e\\é\u2028\u0000\u001f.txt","puzzle":"x\ufffdy","status":"error","error":"1:2: invalid cell 'x'","ms":0.001}
{"line":-1,"puzzle":"日本","status":"timeout","conflicts":[""],"ms":100}
`

// TestRecordJSON: the JSON format writes every field of every status, and
// odd strings (quotes, control characters, <>&, non-ASCII, invalid UTF-8),
// byte for byte as before.
func TestRecordJSON(t *testing.T) {
	var out bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: io.Discard}
	p, err := newPrinter(e, &outFlags{format: "json", color: "never"}, solveText)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range goldenAnswers() {
		p.emit(a)
	}
	p.finish(false)
	got, want := strings.SplitAfter(out.String(), "\n"), strings.SplitAfter(goldenJSON, "\n")
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(got), len(want), out.String())
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("record %d:\n got %s\nwant %s", i+1, got[i], want[i])
		}
	}
}

// BenchmarkEmitJSON writes the records of a stream of 9,999 answers
// (kaggle_9999 with its solutions, as "solve --unique" answers them) with
// --format json: the cost of the encoder per stream.
func BenchmarkEmitJSON(b *testing.B) {
	puzzles := readLines(b, "kaggle_9999.txt")
	sols := readLines(b, "kaggle_9999.solutions.txt")
	answers := make([]*record, len(puzzles))
	for i, s := range puzzles {
		g, err := textfmt.Parse(s)
		if err != nil {
			b.Fatal(err)
		}
		a := newAnswer(item{name: "kaggle_9999.txt", file: "kaggle_9999.txt", line: i + 1, grid: g})
		a.Status, a.Solution, a.MS = statusUnique, shown{textfmt.MustParse(sols[i])}, 0.031
		answers[i] = a
	}
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	b.ReportAllocs()
	for b.Loop() {
		p, err := newPrinter(e, &outFlags{format: "json", color: "never"}, solveText)
		if err != nil {
			b.Fatal(err)
		}
		for _, a := range answers {
			p.emit(a)
		}
		p.finish(false)
	}
}
