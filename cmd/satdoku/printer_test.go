package main

import (
	"io"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// BenchmarkEmitJSON writes the records of a stream of 9,999 answers
// (kaggle_9999 with its solutions, as "solve --unique" answers them) with
// --format json: the cost of the encoder per stream.
func BenchmarkEmitJSON(b *testing.B) {
	puzzles := readLines(b, "kaggle_9999.txt")
	sols := readLines(b, "kaggle_9999.solutions.txt")
	answers := make([]*answer, len(puzzles))
	for i, s := range puzzles {
		g, err := satdoku.Parse(s)
		if err != nil {
			b.Fatal(err)
		}
		a := newAnswer(item{name: "kaggle_9999.txt", file: "kaggle_9999.txt", line: i + 1, grid: g})
		a.Status, a.Solution, a.MS = statusUnique, shown{satdoku.MustParse(sols[i])}, 0.031
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
