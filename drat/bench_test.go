package drat_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/satdoku/satdoku/drat"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/solvertest"
)

// BenchmarkCheck checks CaDiCaL's binary proofs: per 9×9 uniqueness proof
// (magictour_top1465, moderately hard; the formula with the solution
// blocked), and for a 25×25 one. The proofs are made before the timing.
// With DRAT_BENCH_LONG=1 it also checks a long proof: the uniqueness of
// misc_25x25.txt:6 in the Minimal encoding, which CaDiCaL takes seconds to
// solve (half a million lemmas, a million deletions).
func BenchmarkCheck(b *testing.B) {
	cadical := solvertest.Need(b, "cadical")
	type job struct {
		f     *drat.Formula
		proof []byte
	}
	proofs := func(cases []puzzleCase) []job {
		var jobs []job
		for _, c := range cases {
			f, proof, _, err := cadicalProof(cadical, b.TempDir(), c, true)
			if err != nil {
				b.Fatal(err)
			}
			jobs = append(jobs, job{f, proof})
		}
		return jobs
	}
	run := func(b *testing.B, jobs []job) {
		b.ReportAllocs()
		lemmas, i := 0, 0
		for b.Loop() {
			j := jobs[i%len(jobs)]
			i++
			st, err := drat.Check(j.f, bytes.NewReader(j.proof))
			if err != nil {
				b.Fatal(err)
			}
			lemmas += st.Lemmas
		}
		b.ReportMetric(float64(lemmas)/float64(i), "lemmas/op")
	}
	b.Run("9x9", func(b *testing.B) {
		run(b, proofs(loadCases(b, "magictour_top1465.txt", true, 50)))
	})
	b.Run("25x25", func(b *testing.B) {
		run(b, proofs(cases25(b)[:1]))
	})
	b.Run("25x25-minimal", func(b *testing.B) {
		if os.Getenv("DRAT_BENCH_LONG") != "1" {
			b.Skip("set DRAT_BENCH_LONG=1 for this one")
		}
		c := cases25(b)[3]
		c.encoding = encode.Minimal
		run(b, proofs([]puzzleCase{c}))
	})
}
