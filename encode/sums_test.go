package encode

import (
	"fmt"
	"maps"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
)

// killerCase is a board with killer cages (and other sums) cut from a
// reference solution, and givens.
type killerCase struct {
	name     string
	b        board // the cages of two cells or more are its extra units
	sums     []satdoku.Constraint
	puzzle   string
	derived  int // the least number of derived sums the rules must imply
	combined int // the least number of combined sums the rules must imply
}

// cutCages cuts cages from the full grid sol of board b: grown from random
// cells over their orthogonal neighbours, up to size cells each, no digit
// twice, covering about cover of the board; a cage's sum is its digits'.
func cutCages(rng *rand.Rand, b board, sol string, size int, cover float64) ([][]int, []satdoku.Constraint) {
	n := b.n
	used := make([]bool, n*n)
	var cages [][]int
	var sums []satdoku.Constraint
	for _, start := range rng.Perm(n * n) {
		if used[start] || rng.Float64() > cover {
			continue
		}
		cage := []int{start}
		used[start] = true
		want := 1 + rng.IntN(size)
		for len(cage) < want {
			var next []int
			for _, i := range cage {
				for _, j := range []int{i - n, i + n, i - 1, i + 1} {
					if j < 0 || j >= n*n || (j%n != i%n && j/n != i/n) || used[j] {
						continue
					}
					if !slices.ContainsFunc(cage, func(k int) bool { return sol[k] == sol[j] }) {
						next = append(next, j)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			j := next[rng.IntN(len(next))]
			cage = append(cage, j)
			used[j] = true
		}
		v := 0
		for _, i := range cage {
			v += int(sol[i] - '0')
		}
		if len(cage) > 1 {
			cages = append(cages, cage)
		}
		sums = append(sums, satdoku.Constraint{Kind: satdoku.Total, Cells: cage, Value: v, Name: "killer cage"})
	}
	return cages, sums
}

// killerCases returns boards of cages cut from a 4×4 and a 6×6 solution,
// with a little killer diagonal and an arrow among them, and a few with a
// sum changed so that the cages have fewer solutions or none.
func killerCases(t *testing.T) []killerCase {
	t.Helper()
	sol4 := "1234341221434321"
	b6 := classic(6)
	var sol6 string
	var grids6 []string
	for k := range b6.solutions(append([]uint8{1, 2, 3, 4, 5, 6}, make([]uint8, 30)...), nil) {
		if sol6 == "" || k < sol6 {
			sol6 = k
		}
		grids6 = append(grids6, k)
	}
	sol6b := []byte(sol6)
	for i := range sol6b {
		sol6b[i] += '0'
	}
	sol6 = string(sol6b)
	rng := rand.New(rand.NewPCG(24, 1))
	var cs []killerCase
	for k := range 12 {
		b, sol, puzzle := classic(4), sol4, dots(16)
		if k%3 == 2 {
			b, sol, puzzle = b6, sol6, "123456"+dots(30)
		}
		cages, sums := cutCages(rng, b, sol, 3+k%2, 0.35+0.15*float64(k%4))
		b.extras = cages
		n := b.n
		switch k % 4 {
		case 1: // a little killer diagonal first, overlapping cages
			var diag []int
			v := 0
			for i := range n {
				diag = append(diag, i*n+i)
				v += int(sol[i*n+i] - '0')
			}
			sums = append([]satdoku.Constraint{{Kind: satdoku.Total, Cells: diag, Value: v}}, sums...)
		case 2: // an arrow, and a cage's sum raised by one
			a, c, d := 0, n+1, 2*n+2
			sums = append(sums, satdoku.Constraint{Kind: satdoku.Total, Cells: []int{a, c, d}, Coefs: []int{-1, 1, 1},
				Value: -int(sol[a]-'0') + int(sol[c]-'0') + int(sol[d]-'0')})
			sums[len(sums)/2].Value++
		}
		b.name = fmt.Sprintf("%dx%d cages %d", n, n, k)
		cs = append(cs, killerCase{name: b.name, b: b, sums: sums, puzzle: puzzle})
	}
	// Two little killers on the diagonals of a 6×6 board, from the grid
	// with 123456 on top of the least sum on them whose sums combine (see
	// combinedSums): added up, with the cells of both that share a row
	// counted distinct, they make a combined sum; and with the second row
	// given too.
	diag, anti := []int{0, 7, 14, 21, 28, 35}, []int{5, 10, 15, 20, 25, 30} // no cell in common
	diagSum := func(k string) int {
		v := 0
		for x := range diag {
			v += int(k[diag[x]]) + int(k[anti[x]])
		}
		return v
	}
	slices.SortFunc(grids6, func(x, y string) int {
		if c := diagSum(x) - diagSum(y); c != 0 {
			return c
		}
		return strings.Compare(x, y)
	})
	var lk []satdoku.Constraint
	var low6 string
	for _, k := range grids6[:200] {
		lk = lk[:0]
		for _, cells := range [][]int{diag, anti} {
			v := 0
			for _, i := range cells {
				v += int(k[i])
			}
			lk = append(lk, satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Value: v, Name: "little killer"})
		}
		r, err := b6.rules(t).WithConstraints(lk...)
		if err != nil {
			t.Fatal(err)
		}
		if len(combinedSums(r)) > 0 {
			low6 = k
			break
		}
	}
	if low6 == "" {
		t.Fatal("no 6×6 grid of the 200 with the least sums on the diagonals has a combined sum")
	}
	second := "123456"
	for _, c := range low6[6:12] {
		second += string(rune('0' + c))
	}
	cs = append(cs, killerCase{name: "6x6 two diagonals", b: b6, puzzle: "123456" + dots(30), sums: lk, combined: 1},
		killerCase{name: "6x6 two diagonals, two rows", b: b6, puzzle: second + dots(24), sums: lk, combined: 1})
	// A 4×4 killer whose innies are worked out by hand: the cages r1c1+r1c2
	// = 3 and r2c1+r2c2 = 7 lie in box 1 (sum 10), leaving no innie, and
	// with r1c3+r2c3 = 5 the rows 1-2 (sum 20) have r1c4+r2c4 = 5 as
	// innies.
	b := classic(4)
	b.extras = [][]int{{0, 1}, {4, 5}, {2, 6}}
	cs = append(cs, killerCase{name: "4x4 hand", b: b, puzzle: dots(16), derived: 1, sums: []satdoku.Constraint{
		{Kind: satdoku.Total, Cells: []int{0, 1}, Value: 3},
		{Kind: satdoku.Total, Cells: []int{4, 5}, Value: 7},
		{Kind: satdoku.Total, Cells: []int{2, 6}, Value: 5},
	}})
	return cs
}

// cellSolutions enumerates the models of clauses with gini, projected on
// the cell variables of an n×n board over domain d (nil: every cell open):
// each model's grid, then a clause that excludes that grid on the open
// cells. A model that sets no digit or two in an open cell is an error.
func cellSolutions(t *testing.T, clauses [][]int, n int, d *Domain) map[string]bool {
	t.Helper()
	sols := map[string]bool{}
	gi, ok := giniOf(clauses)
	if !ok {
		return sols
	}
	for gi.Solve() == 1 {
		grid := make([]uint8, n*n)
		var block []z.Lit
		for i := range grid {
			if d != nil && d.Val[i] != 0 {
				grid[i] = d.Val[i]
				continue
			}
			for dg := 1; dg <= n; dg++ {
				if gi.Value(z.Var(i*n + dg).Pos()) {
					if grid[i] != 0 {
						t.Fatalf("cell %d holds %d and %d", i, grid[i], dg)
					}
					grid[i] = uint8(dg)
					block = append(block, z.Var(i*n+dg).Neg())
				}
			}
			if grid[i] == 0 {
				t.Fatalf("cell %d holds no digit", i)
			}
		}
		sols[string(grid)] = true
		if len(sols) > 50000 {
			t.Fatal("too many solutions")
		}
		for _, l := range block {
			gi.Add(l)
		}
		gi.Add(0)
	}
	return sols
}

// TestKillerModels checks, on boards of killer cages with little killers
// and arrows among them, that the formula the encoder writes (the cages'
// digit sets, the derived sums, the diagrams) has exactly the solutions
// that a naive search finds under the plain meaning of the rules, over the
// whole domain and over the domain of the givens, in every encoding.
func TestKillerModels(t *testing.T) {
	for _, kc := range killerCases(t) {
		t.Run(kc.name, func(t *testing.T) {
			r, err := kc.b.rules(t).WithConstraints(kc.sums...)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(derivedSums(r)); got < kc.derived {
				t.Errorf("%d derived sums, want %d or more", got, kc.derived)
			}
			if got := len(combinedSums(r)); got < kc.combined {
				t.Errorf("%d combined sums, want %d or more", got, kc.combined)
			}
			g := gridUnder(t, r, kc.puzzle)
			n := kc.b.n
			want := map[string]bool{}
			for k := range kc.b.solutions(cells(g), nil) {
				ds := make([]int, n*n)
				for i := range ds {
					ds[i] = int(k[i])
				}
				if !slices.ContainsFunc(kc.sums, func(c satdoku.Constraint) bool {
					var cd []int
					for _, i := range c.Cells {
						cd = append(cd, ds[i])
					}
					return !meaning(c, n, cd)
				}) {
					want[k] = true
				}
			}
			t.Logf("%d solutions, %d derived sums", len(want), len(derivedSums(r)))
			for _, e := range []Encoding{Minimal, Extended, Sequential} {
				enc := NewEncoder(r, e)
				var plain, dom CNF
				if err := enc.Write(&plain, nil); err != nil {
					t.Fatal(err)
				}
				Givens(&plain, g)
				gd := GivensDomain(g)
				if err := enc.Write(&dom, gd); err != nil {
					t.Fatal(err)
				}
				for _, f := range []struct {
					name string
					cls  [][]int
					d    *Domain
				}{{"plain", plain.Clauses, nil}, {"over the givens", dom.Clauses, gd}} {
					got := cellSolutions(t, f.cls, n, f.d)
					if !maps.Equal(got, want) {
						t.Errorf("%v %s: %d solutions, the naive search %d", e, f.name, len(got), len(want))
					}
				}
			}
		})
	}
}

// TestDigitSets checks digitSets against a brute force over the digits
// the cells can hold: the sets are exactly the sets of digits of the
// assignments of distinct digits, one a cell from its candidates, that
// add up to the value. A cage on a 64×64 board whose sets would take too
// long to list gives up (ok false) at once.
func TestDigitSets(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for range 300 {
		k := 1 + rng.IntN(4)
		masks := make([]uint64, k)
		for i := range masks {
			masks[i] = rng.Uint64() & 0x1ff
		}
		v := k + rng.IntN(8*k)
		want := map[uint64]bool{}
		digits := make([]int, k)
		var rec func(c int)
		rec = func(c int) {
			if c == k {
				var set uint64
				sum := 0
				for _, d := range digits {
					set |= 1 << (d - 1)
					sum += d
				}
				if sum == v && bits.OnesCount64(set) == k {
					want[set] = true
				}
				return
			}
			for d := 1; d <= 9; d++ {
				if masks[c]>>(d-1)&1 != 0 {
					digits[c] = d
					rec(c + 1)
				}
			}
		}
		rec(0)
		sets, ok := digitSets(masks, v)
		got := map[uint64]bool{}
		for _, s := range sets {
			got[s] = true
		}
		if !ok || len(got) != len(sets) || !maps.Equal(got, want) {
			t.Fatalf("masks %#x sum %d: sets %#x (ok %v), want %v", masks, v, sets, ok, want)
		}
	}
	big := make([]uint64, 30)
	for i := range big {
		big[i] = fullMask(64)
	}
	if _, ok := digitSets(big, 30*31/2+40); ok {
		t.Error("30 cells of a 64×64 board: the sets were listed, want a give-up")
	}
}

// TestDerivedSumsHold checks, on 9×9 and 6×6 killers cut from random
// grids (a pattern grid with its digits relabelled and its rows and
// columns shuffled within their bands and stacks, checked valid here),
// that every sum derivedSums and combinedSums derive holds on the grid
// the cages were cut from: a derived sum with a wrong value, a wrong cell
// or a wrong sign fails on some grid. It also wants sums of more than
// maxDerived cells among them, the ones not written before.
func TestDerivedSumsHold(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 2))
	long := 0
	for trial := range 300 {
		b := classic(9)
		if trial%3 == 2 {
			b = classic(6)
		}
		n := b.n
		sol := randomGrid(t, rng, b)
		cages, sums := cutCages(rng, b, sol, 2+trial%5, 0.4+0.6*rng.Float64())
		b.extras = cages
		r, err := b.rules(t).WithConstraints(sums...)
		if err != nil {
			t.Fatal(err)
		}
		derived := derivedSums(r)
		for x, c := range append(derived, combinedSums(r)...) {
			digits := make([]int, len(c.Cells))
			for k, i := range c.Cells {
				digits[k] = int(sol[i] - '0')
			}
			if !meaning(c, n, digits) {
				t.Fatalf("trial %d, grid %s: %s %v (coefficients %v) = %d does not hold (digits %v)", trial, sol, c.Name, c.Cells, c.Coefs, c.Value, digits)
			}
			if x < len(derived) && len(c.Cells) > maxDerived {
				long++
			}
		}
	}
	if long == 0 {
		t.Error("no derived sum of more than maxDerived cells")
	}
}

// randomGrid returns a solution of classic board b (boxes boxH×boxW) as
// digits '1'.., from the pattern grid (r·boxW + r/boxH + c) mod n with its
// digits relabelled and its rows and columns shuffled within their bands
// and stacks; it fails the test if the grid breaks a unit.
func randomGrid(t *testing.T, rng *rand.Rand, b board) string {
	t.Helper()
	n, bh, bw := b.n, b.boxH, b.boxW
	label := rng.Perm(n)
	shuffle := func(size int) []int { // a permutation within blocks of size
		p := make([]int, n)
		for s := 0; s < n; s += size {
			for k, x := range rng.Perm(size) {
				p[s+k] = s + x
			}
		}
		return p
	}
	rows, cols := shuffle(bh), shuffle(bw)
	g := make([]byte, n*n)
	for r := range n {
		for c := range n {
			pr, pc := rows[r], cols[c]
			g[r*n+c] = byte('1' + label[(pr*bw+pr/bh+pc)%n])
		}
	}
	for _, u := range b.rules(t).Units() {
		seen := map[byte]bool{}
		for _, i := range u.Cells {
			if seen[g[i]] {
				t.Fatalf("grid %s breaks unit %v", g, u.Cells)
			}
			seen[g[i]] = true
		}
	}
	return string(g)
}
