package generate

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strconv"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// checkPuzzle asserts what every generated puzzle must be, with verify's
// own counter as the judge of uniqueness and minimality.
func checkPuzzle(t *testing.T, p Puzzle, o Options) {
	t.Helper()
	g := p.Grid
	if k, _ := verify.Count(g, 2); k != 1 {
		t.Fatalf("seed %d: %d solutions:\n%v", p.Seed, k, g)
	}
	if err := verify.Solution(g, p.Solution); err != nil {
		t.Fatalf("seed %d: %v", p.Seed, err)
	}
	n := g.N()
	if !o.Symmetry.Holds(n, func(i int) bool { return g.Cell(i) != 0 }) {
		t.Fatalf("seed %d: not %v-symmetric:\n%v", p.Seed, o.Symmetry, g)
	}
	if o.Clues > 0 && g.Givens() > o.Clues {
		t.Fatalf("seed %d: %d clues, want at most %d", p.Seed, g.Givens(), o.Clues)
	}
	if o.Minimal || o.Symmetry == None && o.Clues == 0 {
		h := g.Clone()
		for i := range h.Len() {
			d := h.Cell(i)
			if d == 0 {
				continue
			}
			h.SetCell(i, 0)
			if k, _ := verify.Count(h, 2); k != 2 {
				t.Fatalf("seed %d: not minimal, r%dc%d can go:\n%v", p.Seed, i/n+1, i%n+1, g)
			}
			h.SetCell(i, d)
		}
	}
}

func TestGenerate(t *testing.T) {
	r4, _ := satdoku.Standard(4)
	r6, _ := satdoku.Standard(6)
	r9, _ := satdoku.Standard(9)
	x9, _ := r9.WithNamed("x")
	ak9, _ := r9.WithNamed("anti-knight")
	count := 30
	if testing.Short() {
		count = 1
	}
	tests := []struct {
		name string
		o    Options
	}{
		{"9x9", Options{}},
		{"9x9 rot180 minimal", Options{Symmetry: Rot180, Minimal: true}},
		{"9x9 rot90", Options{Symmetry: Rot90}},
		{"9x9 mirror", Options{Symmetry: Mirror}},
		{"9x9 diagonal", Options{Symmetry: Diagonal}},
		{"9x9 antidiagonal minimal", Options{Symmetry: Antidiagonal, Minimal: true}},
		{"9x9 clues 30", Options{Clues: 30}},
		{"4x4", Options{Rules: r4}},
		{"6x6 rot180", Options{Rules: r6, Symmetry: Rot180}},
		{"X", Options{Rules: x9, Minimal: true}},
		{"anti-knight", Options{Rules: ak9}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seen := map[string]bool{}
			for seed := range uint64(count) {
				p, err := Generate(context.Background(), seed, tt.o)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				checkPuzzle(t, p, tt.o)
				seen[p.Grid.String()] = true
			}
			if len(seen) < count*9/10 {
				t.Errorf("%d different puzzles from %d seeds", len(seen), count)
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	o := Options{Symmetry: Rot180}
	a, err := Generate(context.Background(), 42, o)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(context.Background(), 42, o)
	c, _ := Generate(context.Background(), 43, o)
	if !a.Grid.Equal(b.Grid) {
		t.Errorf("seed 42 gave two puzzles:\n%v\n%v", a.Grid, b.Grid)
	}
	if a.Grid.Equal(c.Grid) {
		t.Errorf("seeds 42 and 43 gave the same puzzle")
	}
	// A Generator that made other puzzles first makes the same one.
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(5) {
		if _, err := g.Generate(context.Background(), seed); err != nil {
			t.Fatal(err)
		}
	}
	d, err := g.Generate(context.Background(), 42)
	if err != nil || !d.Grid.Equal(a.Grid) {
		t.Errorf("a reused Generator, seed 42: %v\n%v\nwant\n%v", err, d.Grid, a.Grid)
	}
}

func TestAccept(t *testing.T) {
	// Accept only puzzles with a clue in r1c1: Generate keeps trying.
	o := Options{Accept: func(g *satdoku.Grid) bool { return g.Cell(0) != 0 }}
	p, err := Generate(context.Background(), 7, o)
	if err != nil || p.Grid.Cell(0) == 0 {
		t.Fatalf("err %v, r1c1 %d", err, p.Grid.Cell(0))
	}
	o = Options{Accept: func(*satdoku.Grid) bool { return false }, Tries: 3}
	if _, err := Generate(context.Background(), 7, o); !errors.Is(err, ErrTries) {
		t.Errorf("err = %v, want ErrTries", err)
	}
}

func TestOrbits(t *testing.T) {
	for _, s := range []Symmetry{None, Rot180, Rot90, Mirror, Diagonal, Antidiagonal} {
		for _, n := range []int{4, 9} {
			seen := make([]int, n*n)
			for _, o := range s.Orbits(n) {
				for _, i := range o {
					seen[i]++
				}
				pattern := func(i int) bool {
					for _, j := range o {
						if i == j {
							return true
						}
					}
					return false
				}
				if !s.Holds(n, pattern) {
					t.Errorf("%v %d×%d: orbit %v is not symmetric", s, n, n, o)
				}
			}
			for i, k := range seen {
				if k != 1 {
					t.Errorf("%v %d×%d: cell %d in %d orbits", s, n, n, i, k)
				}
			}
		}
	}
	if _, err := ParseSymmetry("ROT180"); err != nil {
		t.Error(err)
	}
	if _, err := ParseSymmetry("spiral"); err == nil {
		t.Error("ParseSymmetry(spiral): no error")
	}
}

// BenchmarkMinimal9 makes minimal classic 9×9 puzzles (no symmetry: one
// pass is minimal), the figure to set beside qqwing --generate.
func BenchmarkMinimal9(b *testing.B) {
	g, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		if _, err := g.Generate(context.Background(), uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkMinimal16 makes minimal 16×16 puzzles.
func BenchmarkMinimal16(b *testing.B) {
	r, _ := satdoku.Standard(16)
	g, err := New(Options{Rules: r})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		if _, err := g.Generate(context.Background(), uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

func TestMinimize(t *testing.T) {
	ctx := context.Background()
	// A puzzle with 36 clues (Wikipedia's example): minimized, it keeps its
	// solution, every clue left is needed, and verify agrees.
	p, _ := textfmt.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	min, sol, err := Minimize(ctx, p, 1)
	if err != nil {
		t.Fatal(err)
	}
	if min.Givens() >= p.Givens() {
		t.Errorf("%d clues left of %d", min.Givens(), p.Givens())
	}
	for i := range p.Len() {
		if d := min.Cell(i); d != 0 && d != p.Cell(i) {
			t.Fatalf("r%dc%d: %d, the puzzle has %d", i/9+1, i%9+1, d, p.Cell(i))
		}
	}
	checkPuzzle(t, Puzzle{Grid: min, Solution: sol}, Options{Minimal: true})
	multi, _ := textfmt.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8...9")
	multi.SetCell(80, 0)
	multi.SetCell(79, 0)
	if _, _, err := Minimize(ctx, multi, 1); !errors.Is(err, ErrNotUnique) {
		t.Errorf("a puzzle with several solutions: err = %v", err)
	}
}

// TestGenerateMany makes thousands of puzzles, in several sizes and
// symmetries, and has verify's own counter find each unique; the symmetry
// is checked exactly. (Minimality is checked on fewer, in TestGenerate.)
func TestGenerateMany(t *testing.T) {
	if testing.Short() {
		t.Skip("thousands of puzzles")
	}
	r4, _ := satdoku.Standard(4)
	r6, _ := satdoku.Standard(6)
	cases := []struct {
		o     Options
		count int
	}{
		{Options{}, 1000},
		{Options{Symmetry: Rot180}, 500},
		{Options{Symmetry: Mirror}, 200},
		{Options{Rules: r4, Symmetry: Rot90}, 300},
		{Options{Rules: r6, Symmetry: Diagonal}, 300},
	}
	total := 0
	for _, c := range cases {
		g, err := New(c.o)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(c.count) {
			p, err := g.Generate(context.Background(), 1000+seed)
			if err != nil {
				t.Fatalf("%v seed %d: %v", c.o.Symmetry, seed, err)
			}
			n := p.Grid.N()
			if k, _ := verify.Count(p.Grid, 2); k != 1 {
				t.Fatalf("%d×%d %v seed %d: %d solutions", n, n, c.o.Symmetry, seed, k)
			}
			if !c.o.Symmetry.Holds(n, func(i int) bool { return p.Grid.Cell(i) != 0 }) {
				t.Fatalf("%d×%d seed %d: not %v-symmetric", n, n, seed, c.o.Symmetry)
			}
			total++
		}
	}
	t.Logf("%d puzzles, each unique by verify's count", total)
}

// BenchmarkQQWing runs Debian's qqwing on as many puzzles, for the figure
// beside BenchmarkMinimal9 in the same run (skipped when qqwing is not
// installed).
func BenchmarkQQWing(b *testing.B) {
	path, err := exec.LookPath("qqwing")
	if err != nil {
		b.Skip("qqwing not installed")
	}
	b.ResetTimer()
	out, err := exec.Command(path, "--generate", strconv.Itoa(b.N), "--one-line").Output()
	if err != nil {
		b.Fatal(err)
	}
	if k := bytes.Count(out, []byte("\n")); k != b.N {
		b.Fatalf("%d puzzles, want %d", k, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}
