package satsolve

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/bigboard"
)

// BenchmarkBig proves puzzles of the big-board corpus (package
// internal/bigboard) unique or not, one sub-benchmark per puzzle, under a
// timeout of 30 s each (a timeout is reported, not failed). SATDOKU_BIG
// selects puzzles by name prefix, comma-separated (default: the 16×16 to
// 36×36 ones that are not near-instant, and the 49×49 and 64×64 at 30 %
// blank). SATDOKU_BIG_ENC names the encoding (default extended). (The
// race of several Solvers is package portfolio's, measured through the
// CLI: bench/issue24-portfolio.txt.)
func BenchmarkBig(b *testing.B) {
	o := Options{Timeout: 30 * time.Second}
	if e := os.Getenv("SATDOKU_BIG_ENC"); e != "" {
		enc, err := encode.ParseEncoding(e)
		if err != nil {
			b.Fatal(err)
		}
		o.Encoding = enc
	}
	sel := os.Getenv("SATDOKU_BIG")
	if sel == "" {
		sel = "n16-b60,n25-b60,n36-b45,n36-b60,n49-b30,n64-b30"
	}
	for _, s := range bigboard.Specs() {
		if !hasAnyPrefix(s.Name(), strings.Split(sel, ",")) {
			continue
		}
		b.Run(s.Name(), func(b *testing.B) {
			p, _, err := bigboard.Puzzle(s)
			if err != nil {
				b.Fatal(err)
			}
			var sv backend.Solver = New(o)
			if d, err := time.ParseDuration(os.Getenv("SATDOKU_BIG_PORTFOLIO")); err == nil {
				sv = &portfolio{first: d, o: o}
			}
			for b.Loop() {
				if _, err := sv.Unique(context.Background(), p); err != nil {
					b.Log(err)
				}
			}
		})
	}
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if p != "" && strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// TestOrderSpread logs the time of Unique on one big puzzle under several
// variable orders (SATDOKU_SPREAD=NAME; skipped otherwise).
func TestOrderSpread(t *testing.T) {
	name := os.Getenv("SATDOKU_SPREAD")
	if name == "" {
		t.Skip("SATDOKU_SPREAD not set")
	}
	for _, s := range bigboard.Specs() {
		if s.Name() != name {
			continue
		}
		p, _, _ := bigboard.Puzzle(s)
		for seed := range uint64(12) {
			sv := New(Options{Timeout: 20 * time.Second})
			sv.order = seed
			start := time.Now()
			res, err := sv.Unique(context.Background(), p)
			t.Logf("order %2d: %v %v %v", seed, time.Since(start).Round(time.Millisecond), res.Status, err)
		}
	}
}

// portfolio is the lever of a restart portfolio on one core, measured and
// dropped (see bench/issue15.txt): Unique under a budget, first, then again
// from scratch with another variable order and twice the budget, and so on
// until the timeout.
type portfolio struct {
	backend.Solver
	first time.Duration
	o     Options
}

func (p *portfolio) Unique(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	deadline := time.Now().Add(p.o.Timeout)
	budget := p.first
	for order := uint64(0); ; order++ {
		o := p.o
		o.Timeout = min(budget, time.Until(deadline))
		s := New(o)
		s.order = order
		res, err := s.Unique(ctx, g)
		if !errors.Is(err, backend.ErrTimeout) || time.Until(deadline) <= 0 {
			return res, err
		}
		budget *= 2
	}
}
