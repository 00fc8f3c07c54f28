package fpuzzles

import (
	"errors"
	"testing"

	"github.com/satdoku/satdoku/internal/ruleset"
	"github.com/satdoku/satdoku/link"
)

// FuzzWrite: for any f-puzzles JSON Read reads, Link never panics, and
// either refuses the puzzle naming a rule (link.ErrUnsupported) or writes
// a link that Read reads back to the same board, givens and rules.
func FuzzWrite(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Read(data)
		if err != nil {
			return
		}
		out, err := Link(p.Grid, p.Clues)
		if err != nil {
			if !errors.Is(err, link.ErrUnsupported) {
				t.Fatalf("%v, not a refusal", err)
			}
			return
		}
		back, err := Read([]byte(out))
		if err != nil {
			t.Fatalf("wrote %q, which does not read back: %v", out, err)
		}
		if d := ruleset.Same(p.Grid, back.Grid); d != "" {
			t.Fatalf("wrote %q, which reads back otherwise: %s", out, d)
		}
	})
}

// TestWriteSeeds writes FuzzWrite's seeds, puzzles with every key of
// f-puzzles that the reader reads: each that Read reads is written and
// read back the same, or refused by name.
func TestWriteSeeds(t *testing.T) {
	held := 0
	for k, s := range fuzzSeeds() {
		p, err := Read([]byte(s))
		if err != nil {
			continue
		}
		out, err := Link(p.Grid, p.Clues)
		if err != nil {
			if !errors.Is(err, link.ErrUnsupported) {
				t.Errorf("seed %d: %v", k, err)
			}
			t.Logf("seed %d: %v", k, err)
			continue
		}
		held++
		back, err := Read([]byte(out))
		if err != nil {
			t.Fatalf("seed %d: %q does not read back: %v", k, out, err)
		}
		if d := ruleset.Same(p.Grid, back.Grid); d != "" {
			t.Errorf("seed %d: reads back otherwise:\n%s", k, d)
		}
	}
	if held == 0 {
		t.Error("no seed written")
	}
}
