package cluereport

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/verify"
)

// The variant test: random 6×6 puzzles made of clues read off a solution
// (clue.Clue data, applied by package clue) and givens added until
// verify's counter says unique. Each clue's verdict must be what the
// counter says of the puzzle rebuilt from the clue list without it, and
// every kind must show up both needed and redundant.

// puzzleGen builds clues consistent with a solution.
type puzzleGen struct {
	rng  *rand.Rand
	n    int
	sol  *satdoku.Grid
	used map[int]bool
}

func (p *puzzleGen) d(i int) int { return p.sol.Cell(i) }

// adjacent returns the free orthogonal neighbours of i in random order.
func (p *puzzleGen) adjacent(i int) []int {
	n := p.n
	var out []int
	for _, o := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		r, c := i/n+o[0], i%n+o[1]
		if j := r*n + c; r >= 0 && r < n && c >= 0 && c < n && !p.used[j] {
			out = append(out, j)
		}
	}
	p.rng.Shuffle(len(out), func(a, b int) { out[a], out[b] = out[b], out[a] })
	return out
}

// path grows a path of free cells from a random free cell, each step
// accepted by ok(previous cells, next), up to max cells.
func (p *puzzleGen) path(maxLen int, ok func(path []int, j int) bool) []int {
	start := p.rng.IntN(p.n * p.n)
	if p.used[start] {
		return nil
	}
	path := []int{start}
	for len(path) < maxLen {
		grown := false
		for _, j := range p.adjacent(path[len(path)-1]) {
			if !slices.Contains(path, j) && ok(path, j) {
				path, grown = append(path, j), true
				break
			}
		}
		if !grown {
			break
		}
	}
	return path
}

// pair returns two adjacent free cells whose digits satisfy ok.
func (p *puzzleGen) pair(ok func(a, b int) bool) []int {
	for range 50 {
		i := p.rng.IntN(p.n * p.n)
		if p.used[i] {
			continue
		}
		for _, j := range p.adjacent(i) {
			if ok(p.d(i), p.d(j)) {
				return []int{i, j}
			}
		}
	}
	return nil
}

// make returns a clue of kind k true of the solution, or false.
func (p *puzzleGen) make(k clue.Kind) (clue.Clue, bool) {
	c := clue.Clue{Kind: k}
	var cells []int
	distinct := func(path []int, j int) bool {
		return !slices.ContainsFunc(path, func(i int) bool { return p.d(i) == p.d(j) })
	}
	switch k {
	case clue.KillerCage, clue.ExtraRegion:
		size := 2 + p.rng.IntN(2)
		if k == clue.ExtraRegion {
			size = 4 + p.rng.IntN(2) // fewer than N cells: never a unit of the board
		}
		cells = p.path(size, distinct)
		if len(cells) < 2 {
			return c, false
		}
		c.Cells = cells
		if k == clue.KillerCage {
			for _, i := range cells {
				c.Value += p.d(i)
			}
		}
	case clue.Thermometer:
		cells = p.path(4, func(path []int, j int) bool { return p.d(j) > p.d(path[len(path)-1]) })
		if len(cells) < 2 {
			return c, false
		}
		c.Lines = [][]int{cells}
	case clue.Whispers:
		cells = p.path(4, func(path []int, j int) bool {
			a, b := p.d(j), p.d(path[len(path)-1])
			return max(a-b, b-a) >= 3
		})
		if len(cells) < 2 {
			return c, false
		}
		c.Lines = [][]int{cells}
	case clue.Renban:
		cells = p.path(3, distinct)
		if len(cells) < 2 {
			return c, false
		}
		ds := []int{}
		for _, i := range cells {
			ds = append(ds, p.d(i))
		}
		if slices.Max(ds)-slices.Min(ds) != len(ds)-1 {
			return c, false
		}
		c.Lines = [][]int{cells}
	case clue.Arrow:
		cells = p.path(3, func(path []int, j int) bool {
			s := p.d(j)
			for _, i := range path[1:] {
				s += p.d(i)
			}
			return s <= p.d(path[0])
		})
		if len(cells) < 2 {
			return c, false
		}
		s := 0
		for _, i := range cells[1:] {
			s += p.d(i)
		}
		if s != p.d(cells[0]) {
			return c, false
		}
		c.Cells, c.Lines = cells[:1], [][]int{cells[1:]}
	case clue.WhiteDot:
		cells = p.pair(func(a, b int) bool { return a-b == 1 || b-a == 1 })
		c.Cells = cells
	case clue.BlackDot:
		cells = p.pair(func(a, b int) bool { return a == 2*b || b == 2*a })
		c.Cells = cells
	case clue.XV:
		cells = p.pair(func(a, b int) bool { return a+b == 5 || a+b == 10 })
		if cells != nil {
			c.Value = p.d(cells[0]) + p.d(cells[1])
		}
		c.Cells = cells
	case clue.Odd, clue.Even:
		i := p.rng.IntN(p.n * p.n)
		if p.used[i] || (p.d(i)%2 == 1) != (k == clue.Odd) {
			return c, false
		}
		cells = []int{i}
		c.Cells = cells
	}
	if cells == nil {
		return c, false
	}
	for _, i := range cells {
		p.used[i] = true
	}
	return c, true
}

// variantKinds are the kinds of clue the test draws.
var variantKinds = []clue.Kind{clue.KillerCage, clue.ExtraRegion, clue.Thermometer, clue.Whispers,
	clue.Renban, clue.Arrow, clue.WhiteDot, clue.BlackDot, clue.XV, clue.Odd, clue.Even}

// namedRules maps a global rule's name in a report to its name for
// Rules.WithNamed.
var namedRules = map[string]string{"anti-knight": "anti-knight", "anti-king": "anti-king",
	"nonconsecutive": "nonconsecutive", "diagonal ↘": "diagonal-", "diagonal ↗": "diagonal+"}

// sameCells reports whether a and b hold the same cells.
func sameCells(a, b []int) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

func TestVariantsAgainstCounter(t *testing.T) {
	const n = 6
	base, err := satdoku.Boxes(n, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string][2]int{} // kind → needed, redundant verdicts
	globals := [][]string{nil, {"anti-king"}, {"anti-knight"}, {"diagonal-"}, {"diagonal+"}, {"nonconsecutive"}}
	trials := 120
	if testing.Short() {
		trials = 60
	}
	rng := rand.New(rand.NewPCG(33, 1))
	// missing returns the kinds of clue and the global rules not yet seen
	// both needed and redundant.
	missing := func() (kinds []clue.Kind, named [][]string) {
		for _, k := range variantKinds {
			if v := seen[k.String()]; v[0] == 0 || v[1] == 0 {
				kinds = append(kinds, k)
			}
		}
		for _, nm := range globals[1:] {
			if v := seen[nm[0]]; v[0] == 0 || v[1] == 0 {
				named = append(named, nm)
			}
		}
		return kinds, named
	}
	for trial := 0; trial < 20*trials; trial++ {
		named, kinds := globals[trial%len(globals)], variantKinds
		if trial >= trials {
			// Then only the kinds still missing a verdict.
			mk, mn := missing()
			if len(mk) == 0 && len(mn) == 0 {
				break
			}
			kinds, named = mk, nil
			if len(mk) == 0 {
				kinds = variantKinds
			}
			if len(mn) > 0 {
				named = mn[trial%len(mn)]
			}
		}
		rules, err := base.WithNamed(named...)
		if err != nil {
			t.Fatal(err)
		}
		// A solution: the first of the board with a few random givens.
		var sol *satdoku.Grid
		for sol == nil {
			g := satdoku.NewGrid(rules)
			for range 3 {
				g.SetCell(rng.IntN(n*n), 1+rng.IntN(n))
			}
			if len(verify.Check(g)) == 0 {
				_, sol = verify.Count(g, 1)
			}
		}
		p := &puzzleGen{rng: rng, n: n, sol: sol, used: map[int]bool{}}
		var clues []clue.Clue
		for range 6 {
			if c, ok := p.make(kinds[rng.IntN(len(kinds))]); ok {
				clues = append(clues, c)
			}
		}
		build := func(cs []clue.Clue, named []string) *satdoku.Rules {
			r, err := base.WithNamed(named...)
			if err != nil {
				t.Fatal(err)
			}
			r, _, err = clue.Apply(r, cs...)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		g := satdoku.NewGrid(build(clues, named))
		for order := rng.Perm(n * n); ; order = order[1:] {
			if c, _ := verify.Count(g, 2); c == 1 {
				break
			}
			g.SetCell(order[0], sol.Cell(order[0]))
		}
		switch trial % 3 {
		case 1: // every given needed: the clues matter more
			for _, i := range rng.Perm(n * n) {
				if d := g.Cell(i); d != 0 {
					g.SetCell(i, 0)
					if c, _ := verify.Count(g, 2); c != 1 {
						g.SetCell(i, d)
					}
				}
			}
		case 2: // more givens than needed: the clues matter less
			for _, i := range rng.Perm(n * n)[:2*n] {
				g.SetCell(i, sol.Cell(i))
			}
		}
		var from []clue.Clue
		if trial%2 == 1 {
			from = clues // the clues as read: each one clue of the report
		}
		rep, err := Make(context.Background(), g, Options{Clues: from})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Status != Unique || !rep.Solution.Equal(sol) {
			t.Fatalf("trial %d: status %v", trial, rep.Status)
		}
		if want := g.Givens() + len(clues) + len(named); len(rep.Clues) != want {
			t.Fatalf("trial %d: %d clues, want %d: %+v", trial, len(rep.Clues), want, clues)
		}
		for _, c := range rep.Clues {
			// The puzzle without c, rebuilt from the clue list.
			q := g.Clone()
			cs, nm := clues, named
			switch {
			case c.Kind == "given":
				q.SetCell(c.Cells[0], 0)
			case c.Global:
				nm = slices.DeleteFunc(slices.Clone(named), func(s string) bool { return s == namedRules[c.Kind] })
				if len(nm) != len(named)-1 {
					t.Fatalf("global rule %q not among %v", c.Kind, named)
				}
			default:
				k := slices.IndexFunc(clues, func(x clue.Clue) bool {
					return x.Kind.String() == c.Kind && sameCells(clueCells(x), c.Cells)
				})
				if k < 0 {
					t.Fatalf("trial %d: %v matches no clue of %v", trial, c.String(), clues)
				}
				cs = slices.Delete(slices.Clone(clues), k, k+1)
			}
			if err := q.SetRules(build(cs, nm)); err != nil {
				t.Fatal(err)
			}
			cnt, _ := verify.Count(q, 2)
			if c.Needed != (cnt > 1) {
				t.Errorf("trial %d: %v: needed %v, the counter counts %d without it", trial, c.String(), c.Needed, cnt)
			}
			if c.Needed {
				if err := verify.Solution(q, c.Witness); err != nil {
					t.Errorf("trial %d: %v: witness: %v", trial, c.String(), err)
				}
			}
			key := c.Kind
			if c.Global {
				key = namedRules[c.Kind]
			}
			v := seen[key]
			if c.Needed {
				v[0]++
			} else {
				v[1]++
			}
			seen[key] = v
		}
	}
	for _, k := range variantKinds {
		if v := seen[k.String()]; v[0] == 0 || v[1] == 0 {
			t.Errorf("%v: %d needed, %d redundant verdicts: want both", k, v[0], v[1])
		}
	}
	for _, nm := range globals[1:] {
		if v := seen[nm[0]]; v[0] == 0 || v[1] == 0 {
			t.Errorf("%v: %d needed, %d redundant verdicts: want both", nm[0], v[0], v[1])
		}
	}
	t.Log(fmt.Sprint(seen))
}

// TestSplitTouchingLines: two thermometers from one bulb are one run of
// relations; with the clues as read they are two clues, each with its
// cells.
func TestSplitTouchingLines(t *testing.T) {
	std, _ := satdoku.Standard(9)
	thermos := []clue.Clue{
		{Kind: clue.Thermometer, Lines: [][]int{{0, 1, 2}}},
		{Kind: clue.Thermometer, Lines: [][]int{{0, 9, 18}}},
	}
	r, _, err := clue.Apply(std, thermos...)
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	if cl := Split(g, nil); len(cl) != 1 || len(cl[0].Cells) != 5 {
		t.Errorf("from the rules alone: %d clues, want one of 5 cells", len(cl))
	}
	cl := Split(g, thermos)
	if len(cl) != 2 || !slices.Equal(cl[0].Cells, []int{0, 1, 2}) || !slices.Equal(cl[1].Cells, []int{0, 9, 18}) {
		t.Errorf("from the clues: %+v", cl)
	}
}
