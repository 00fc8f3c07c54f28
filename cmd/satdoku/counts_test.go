package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// TestCandidatesCounts: the counts of candidates --counts are, for every
// candidate, the validator's count of the puzzle with that digit placed,
// up to the cap, in every output form that carries them.
func TestCandidatesCounts(t *testing.T) {
	for _, p := range []string{
		"8.........59.......76.........832765...476198...951243....9.516...6.4982......437", // 9 solutions
		"1....2..........", // 24
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", // unique
	} {
		g, err := textfmt.Parse(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"--counts", "8"}, {"--counts", "3", "--limit", "1"}} {
			perCand := 8
			if args[1] == "3" {
				perCand = 3
			}
			var stdout, stderr bytes.Buffer
			if code := run(append(append([]string{"candidates", "--format", "json"}, args...), p), nil, &stdout, &stderr); code != exitOK {
				t.Fatalf("%s: exit %d: %s", p, code, stderr.String())
			}
			var rec struct {
				Candidates [][]int `json:"candidates"`
				Counts     [][]int `json:"counts"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &rec); err != nil {
				t.Fatalf("%s: %v", stdout.String(), err)
			}
			if len(rec.Counts) != g.Len() || len(rec.Candidates) != g.Len() {
				t.Fatalf("%s: %d cells of counts", p, len(rec.Counts))
			}
			for i := range g.Len() {
				got := map[int]int{}
				for k, d := range rec.Candidates[i] {
					got[d] = rec.Counts[i][k]
				}
				for d := 1; d <= g.N(); d++ {
					h := g.Clone()
					if g.Cell(i) != 0 && g.Cell(i) != d {
						continue
					}
					h.SetCell(i, d)
					want, _ := verify.Count(h, perCand)
					if got[d] != want {
						t.Errorf("%s %v: r%dc%d digit %d: %d, want %d", p, args, i/g.N()+1, i%g.N()+1, d, got[d], want)
					}
				}
			}
		}
	}
}
