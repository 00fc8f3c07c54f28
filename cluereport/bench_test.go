package cluereport

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/textfmt"
)

// BenchmarkClassic25: a 25-given classic puzzle (grid 3 of Peter Norvig's
// easy50, from Project Euler 96).
func BenchmarkClassic25(b *testing.B) {
	g := textfmt.MustParse(".......8.8..7.1.4..4..2..3.374...9......3......5...321.1..6..5..5.8.2..6.8.......")
	for b.Loop() {
		if rep, err := Make(context.Background(), g, Options{}); err != nil || rep.Status != Unique {
			b.Fatal(err)
		}
	}
}

// BenchmarkPublished: published variant puzzles of Cracking the Cryptic
// (the ISS index of /work/shared/data/ctc-iss, absent: skipped).
func BenchmarkPublished(b *testing.B) {
	dir := "/work/shared/data/ctc-iss"
	for _, name := range []string{"SrKbv0DhcA0", "B_vWnWInu5c", "x_LOhQo6lIg"} {
		text, err := os.ReadFile(filepath.Join(dir, name+".iss"))
		if err != nil {
			b.Skip(err)
		}
		p, err := iss.Read(strings.ReplaceAll(strings.TrimSpace(string(text)), "\n", ""))
		if err != nil {
			b.Logf("%s: %v", name, err)
			continue
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Make(context.Background(), p.Grid, Options{Clues: p.Clues}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
