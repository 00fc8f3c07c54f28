package satsolve

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/verify"
)

// The families of this file write their puzzles as f-puzzles files, a
// global rule next to local clues, and read them back with package
// fpuzzles; each also states what its file means as rules it builds
// itself, pair by pair, from f-puzzles' conventions: all white dots are
// given under nonconsecutive, so a dotted pair, white or black, is exempt;
// the negative rule of black dots exempts any dotted pair, that of XV the
// pairs with an X or a V; a block of adjacent maximum (minimum) cells is
// compared only with the cells around it. TestVariantsDiff then checks the
// reader against that meaning: the same number of solutions, and every
// solution found obeys it.

// fpzGlobals are the global rules whose solutions a family finds first:
// the f-puzzles key and satdoku's name.
var fpzGlobals = [][2]string{{"diagonal+", "diagonal+"}, {"diagonal-", "diagonal-"},
	{"antiknight", "anti-knight"}, {"antiking", "anti-king"}, {"disjointgroups", "disjoint"}}

// fpzFile is an f-puzzles file being written, with its meaning.
type fpzFile struct {
	v    *variantGen
	tree map[string]any
	rel  []satdoku.Relation
	cons []satdoku.Constraint
	name string // the global rule's name for WithNamed, or ""
}

// newFile starts a file on v's board: with even odds, a global rule of
// fpzGlobals, for which the solution is replaced by one that keeps it
// (when one is found quickly); and a grid whose cells hold what a player
// leaves in a file (digits that are not givens, candidates, centre marks,
// colours) and, here and there, their default region written out.
func (v *variantGen) newFile() *fpzFile {
	f := &fpzFile{v: v, tree: map[string]any{"size": v.n}}
	if v.rng.IntN(2) == 0 {
		g := fpzGlobals[v.rng.IntN(len(fpzGlobals))]
		if v.globalSolution(g[1]) {
			f.tree[g[0]] = true
			f.name = g[1]
		}
	}
	n := v.n
	h, w := satdoku.BoxShape(n)
	grid := make([][]map[string]any, n)
	for r := range grid {
		grid[r] = make([]map[string]any, n)
		for c := range grid[r] {
			cell := map[string]any{}
			switch v.rng.IntN(8) {
			case 0:
				cell["value"] = 1 + v.rng.IntN(n) // a player's digit, right or wrong
			case 1:
				cell["candidates"] = []int{1 + v.rng.IntN(n), 1 + v.rng.IntN(n)}
			case 2:
				cell["centerPencilMarks"] = []int{1 + v.rng.IntN(n)}
				cell["highlight"] = "#ff0000"
			case 3:
				cell["region"] = r/h*(n/w) + c/w
			}
			grid[r][c] = cell
		}
	}
	f.tree["grid"] = grid
	return f
}

// globalSolution replaces v's solution by a random one that keeps the
// named global rule: found by verify.Count from a few random digits in the
// first row, then with its digits renamed (which keeps every rule of
// fpzGlobals). It reports whether it found one.
func (v *variantGen) globalSolution(name string) bool {
	n := v.n
	r, err := standard(n).WithNamed(name)
	if err != nil {
		return false
	}
	for range 6 {
		g := satdoku.NewGrid(r)
		for c, d := range v.rng.Perm(n)[:1+v.rng.IntN(n/2)] {
			g.Set(0, c, d+1)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		k, sol, err := verify.CountContext(ctx, g, 1)
		cancel()
		if err != nil || k == 0 {
			continue
		}
		rename := v.rng.Perm(n)
		out := satdoku.NewGrid(standard(n))
		for i := range n * n {
			out.SetCell(i, rename[sol.Cell(i)-1]+1)
		}
		v.sol = out
		return true
	}
	return false
}

// pair adds the item of a mark on cells a and b to the list key.
func (f *fpzFile) pair(key string, a, b int, value any) {
	n := f.v.n
	it := map[string]any{"cells": []string{fmt.Sprintf("R%dC%d", a/n+1, a%n+1), fmt.Sprintf("R%dC%d", b/n+1, b%n+1)}}
	if value != nil {
		it["value"] = value
	}
	l, _ := f.tree[key].([]any)
	f.tree[key] = append(l, it)
}

// cell adds the item of a clue in cell i to the list key.
func (f *fpzFile) cell(key string, i int) {
	n := f.v.n
	l, _ := f.tree[key].([]any)
	f.tree[key] = append(l, map[string]any{"cell": fmt.Sprintf("R%dC%d", i/n+1, i%n+1)})
}

func (f *fpzFile) relate(a, b int, k satdoku.RelationKind, value int) {
	f.rel = append(f.rel, satdoku.Relation{A: a, B: b, Kind: k, Value: value, Name: k.String()})
}

// read writes the file, reads it with package fpuzzles and returns the
// rules read, after setting v's meaning from what the family stated.
func (f *fpzFile) read() (*satdoku.Rules, error) {
	js, err := json.Marshal(f.tree)
	if err != nil {
		return nil, err
	}
	f.v.source = string(js)
	p, err := fpuzzles.Read(js)
	if err != nil {
		return nil, fmt.Errorf("%w\n%s", err, js)
	}
	m := standard(f.v.n)
	if f.name != "" {
		if m, err = m.WithNamed(f.name); err != nil {
			return nil, err
		}
	}
	if m, err = m.WithRelations(f.rel...); err != nil {
		return nil, err
	}
	if f.v.meaning, err = m.WithConstraints(f.cons...); err != nil {
		return nil, err
	}
	return p.Grid.Rules(), nil
}

// markedFile starts a file with, at even odds, nonconsecutive and the
// negative rule of the marks of key.
func (v *variantGen) markedFile(key string) (f *fpzFile, nonconsecutive, negative bool) {
	f = v.newFile()
	nonconsecutive, negative = v.rng.IntN(2) == 0, v.rng.IntN(2) == 0
	if nonconsecutive {
		f.tree["nonconsecutive"] = true
	}
	if negative {
		f.tree["negative"] = []string{key}
	}
	return f, nonconsecutive, negative
}

// fpzKropki: Kropki dots, with nonconsecutive (all white dots given) or
// the negative rule of black dots (all black dots given) or both, and
// white dots with a difference written on them.
func fpzKropki(v *variantGen) (*satdoku.Rules, error) {
	f, nonconsecutive, negative := v.markedFile("ratio")
	v.pairs(func(a, b int) {
		lo, hi := min(v.d(a), v.d(b)), max(v.d(a), v.d(b))
		cons, double := hi-lo == 1, hi == 2*lo
		switch {
		case cons && double && (nonconsecutive || negative || v.rng.IntN(2) == 0):
			// 1 and 2: either colour.
			if v.rng.IntN(2) == 0 {
				f.pair("difference", a, b, nil)
				f.relate(a, b, satdoku.Consecutive, 0)
			} else {
				f.pair("ratio", a, b, nil)
				f.relate(a, b, satdoku.Double, 0)
			}
		case cons && (nonconsecutive || v.rng.IntN(2) == 0):
			f.pair("difference", a, b, nil)
			f.relate(a, b, satdoku.Consecutive, 0)
		case double && (negative || v.rng.IntN(2) == 0):
			f.pair("ratio", a, b, nil)
			f.relate(a, b, satdoku.Double, 0)
		case hi-lo > 1 && v.rng.IntN(4) == 0:
			f.pair("difference", a, b, hi-lo)
			f.relate(a, b, satdoku.Difference, hi-lo)
		default:
			if nonconsecutive {
				f.relate(a, b, satdoku.NotConsecutive, 0)
			}
			if negative {
				f.relate(a, b, satdoku.NotDouble, 0)
			}
		}
	})
	return f.read()
}

// fpzXV: X and V, with or without their negative rule, and with or
// without nonconsecutive, whose white dots an X or a V does not replace.
func fpzXV(v *variantGen) (*satdoku.Rules, error) {
	f, nonconsecutive, negative := v.markedFile("xv")
	v.pairs(func(a, b int) {
		s, diff := v.d(a)+v.d(b), v.d(a)-v.d(b)
		if (s == 5 || s == 10) && (negative || v.rng.IntN(2) == 0) {
			f.pair("xv", a, b, map[int]string{5: "V", 10: "x"}[s])
			f.relate(a, b, satdoku.Sum, s)
		} else if negative {
			f.relate(a, b, satdoku.NotSum, 5)
			f.relate(a, b, satdoku.NotSum, 10)
		}
		if nonconsecutive {
			if diff == 1 || diff == -1 {
				f.pair("difference", a, b, nil)
				f.relate(a, b, satdoku.Consecutive, 0)
			} else {
				f.relate(a, b, satdoku.NotConsecutive, 0)
			}
		}
	})
	return f.read()
}

// fpzExtremes: minimum and maximum cells, alone or in blocks, and odd and
// even cells given in the grid's older "parity" field.
func fpzExtremes(v *variantGen) (*satdoku.Rules, error) {
	f := v.newFile()
	n := v.n
	sets := map[string][]int{"minimum": nil, "maximum": nil}
	// holds reports whether every cell of set is smaller (minimum) or
	// larger (maximum) than each neighbour outside set.
	holds := func(key string, set []int) bool {
		for _, i := range set {
			for _, j := range v.neighbours(i, false) {
				if !slices.Contains(set, j) && (key == "maximum") != (v.d(i) > v.d(j)) {
					return false
				}
			}
		}
		return true
	}
	for range 3 * n {
		key := []string{"minimum", "maximum"}[v.rng.IntN(2)]
		block := v.path(v.rng.IntN(n*n), 1+v.rng.IntN(3), false, nil, func([]int, int) bool { return true })
		set := sets[key]
		for _, i := range block {
			if !slices.Contains(set, i) {
				set = append(set, i)
			}
		}
		if holds(key, set) {
			sets[key] = set
		}
	}
	for _, key := range []string{"minimum", "maximum"} {
		for _, i := range sets[key] {
			f.cell(key, i)
			for _, j := range v.neighbours(i, false) {
				switch {
				case slices.Contains(sets[key], j):
				case key == "minimum":
					f.relate(i, j, satdoku.Less, 0)
				default:
					f.relate(j, i, satdoku.Less, 0)
				}
			}
		}
	}
	grid := f.tree["grid"].([][]map[string]any)
	for _, i := range v.rng.Perm(n * n)[:n] {
		word, mask := "Odd", uint64(0)
		if v.d(i)%2 == 0 {
			word = "even"
		}
		for d := 1; d <= n; d++ {
			if d%2 == v.d(i)%2 {
				mask |= 1 << (d - 1)
			}
		}
		grid[i/n][i%n]["parity"] = word
		f.cons = append(f.cons, satdoku.Constraint{Kind: satdoku.OneOf, Cells: []int{i}, Mask: mask, Name: "parity"})
	}
	return f.read()
}

// withRules returns g's digits under rules r.
func withRules(g *satdoku.Grid, r *satdoku.Rules) *satdoku.Grid {
	h := g.Clone()
	if err := h.SetRules(r); err != nil {
		panic(err) // the same board side
	}
	return h
}

// checkMeaning compares what verify.Count found under the rules read, vc
// solutions and the first, vsol, with the count under the family's
// meaning: the planted solution must obey the meaning, the counts must
// agree, and so must the solutions.
func checkMeaning(ctx context.Context, t *testing.T, where string, v *variantGen, puzzle *satdoku.Grid, vc int, vsol *satdoku.Grid) {
	t.Helper()
	m := withRules(puzzle, v.meaning)
	if err := verify.Solution(m, withRules(v.sol, v.meaning)); err != nil {
		t.Fatalf("%s: the generator's meaning breaks its own solution: %v\n%s", where, err, v.source)
	}
	mc, msol, err := verify.CountContext(ctx, m, 2)
	if err != nil {
		t.Logf("%s: verify.Count gave up on the meaning: %v", where, err)
		return
	}
	switch {
	case mc != vc:
		t.Errorf("%s: %d solutions under the rules read, %d under their meaning\n%s", where, vc, mc, v.source)
	case vsol != nil && verify.Solution(m, withRules(vsol, v.meaning)) != nil:
		t.Errorf("%s: %s obeys the rules read, not their meaning: %v\n%s", where, line(vsol), verify.Solution(m, withRules(vsol, v.meaning)), v.source)
	case mc == 1 && line(msol) != line(vsol):
		t.Errorf("%s: solution %s under the rules read, %s under their meaning\n%s", where, line(vsol), line(msol), v.source)
	}
}

// lines adds the item of one line of cells to the list key.
func (f *fpzFile) line(key string, cells []int) {
	n := f.v.n
	var l []string
	for _, i := range cells {
		l = append(l, fmt.Sprintf("R%dC%d", i/n+1, i%n+1))
	}
	items, _ := f.tree[key].([]any)
	f.tree[key] = append(items, map[string]any{"lines": [][]string{l}})
}

// equalTo states that the cells of a add up to those of b, as a Total of
// 0 with the coefficients +1 and −1 (a cell in both cancels out).
func (f *fpzFile) equalTo(a, b []int) {
	coef := map[int]int{}
	for _, i := range a {
		coef[i]++
	}
	for _, i := range b {
		coef[i]--
	}
	var cells, coefs []int
	for _, i := range slices.Sorted(maps.Keys(coef)) {
		if coef[i] != 0 {
			cells, coefs = append(cells, i), append(coefs, coef[i])
		}
	}
	if len(cells) > 0 {
		f.cons = append(f.cons, satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Coefs: coefs, Name: "equal sums"})
	}
}

// fpzLines: region sum lines, zipper lines, double arrows, Nabner,
// entropic and modular lines, slow thermometers, random paths kept when the solution obeys them. The meaning is
// stated apart: a region sum line's segments (cut by the standard boxes,
// found here from the box shape) each add up to the first; a zipper
// line's pairs each add up to its first pair (or to its middle cell); a
// double arrow's ends to the cells between; a Nabner line's digits are 2
// or more apart, pair by pair; entropic and modular lines (their thirds
// written here as (3d−1)/N, 6×6 and 9×9 only) keep the classes of cells
// one and two steps apart different; a slow thermometer's digits never
// fall; a lockout line's ends are ⌊N/2⌋ apart and the cells between
// outside them.
func fpzLines(v *variantGen) (*satdoku.Rules, error) {
	f := v.newFile()
	n := v.n
	h, w := satdoku.BoxShape(n)
	box := func(i int) int { return i/n/h*(n/w) + i%n/w }
	sum := func(cells []int) int {
		s := 0
		for _, i := range cells {
			s += v.d(i)
		}
		return s
	}
	keys := []string{"regionsumline", "zipperline", "doublearrow", "nabner", "entropicline", "modularline", "slowthermometer", "lockout"}
	third := func(d int) int { return (3*d - 1) / n } // 9×9, 6×6: 1–3, 4–6, 7–9 and 1–2, 3–4, 5–6
	kept := 0
	for try := 0; try < 60*n && kept < n; try++ {
		key := keys[try%len(keys)]
		p := v.path(v.rng.IntN(n*n), 2+v.rng.IntN(4), true, nil, func([]int, int) bool { return true })
		var groups [][]int // groups of equal sums
		switch key {
		case "regionsumline":
			for k, i := range p {
				if k == 0 || box(i) != box(p[k-1]) {
					groups = append(groups, nil)
				}
				groups[len(groups)-1] = append(groups[len(groups)-1], i)
			}
		case "zipperline":
			for a, b := 0, len(p)-1; a <= b; a, b = a+1, b-1 {
				if a == b {
					groups = append(groups, []int{p[a]})
				} else {
					groups = append(groups, []int{p[a], p[b]})
				}
			}
		case "doublearrow":
			if len(p) < 3 {
				continue
			}
			groups = [][]int{{p[0], p[len(p)-1]}, p[1 : len(p)-1]}
		}
		if key == "lockout" {
			a, b := v.d(p[0]), v.d(p[len(p)-1])
			lo, hi := min(a, b), max(a, b)
			if hi-lo < n/2 || slices.ContainsFunc(p[1:len(p)-1], func(i int) bool { return v.d(i) >= lo && v.d(i) <= hi }) {
				continue
			}
			// Apart by the least gap: every digit between the ends is barred.
			f.relate(p[0], p[len(p)-1], satdoku.Apart, n/2)
			if len(p) > 2 {
				f.cons = append(f.cons, satdoku.Constraint{Kind: satdoku.Outside, Cells: slices.Clone(p), Name: "lockout"})
			}
		} else if key == "slowthermometer" {
			if slices.ContainsFunc(p[1:], func(i int) bool { return v.d(i) < v.d(p[slices.Index(p, i)-1]) }) {
				continue
			}
			for j := 1; j < len(p); j++ {
				f.relate(p[j-1], p[j], satdoku.NotGreater, 0)
			}
		} else if key == "entropicline" || key == "modularline" {
			// Every window of three cells holds three classes.
			class, kind, val := third, satdoku.OtherThird, n
			if key == "modularline" {
				class, kind, val = func(d int) int { return d % 3 }, satdoku.OtherResidue, 3
			}
			if n == 4 && key == "entropicline" {
				continue // thirds of 4 are uneven: left to the clue tests
			}
			ok := true
			for j := 0; j+2 < len(p); j++ {
				a, b, c := class(v.d(p[j])), class(v.d(p[j+1])), class(v.d(p[j+2]))
				ok = ok && a != b && b != c && a != c
			}
			if len(p) < 2 || len(p) == 2 && class(v.d(p[0])) == class(v.d(p[1])) || !ok {
				continue
			}
			for j := range p {
				for s := 1; s <= 2 && j+s < len(p); s++ {
					f.relate(p[j], p[j+s], kind, val)
				}
			}
		} else if key == "nabner" {
			ok := true
			for a := range p {
				for b := a + 1; b < len(p); b++ {
					ok = ok && (v.d(p[a])-v.d(p[b]) >= 2 || v.d(p[b])-v.d(p[a]) >= 2)
				}
			}
			if !ok {
				continue
			}
			for a := range p {
				for b := a + 1; b < len(p); b++ {
					f.relate(p[a], p[b], satdoku.Apart, 2)
				}
			}
		} else {
			if len(groups) < 2 || slices.ContainsFunc(groups, func(g []int) bool { return sum(g) != sum(groups[0]) }) {
				continue
			}
			for _, g := range groups[1:] {
				f.equalTo(groups[0], g)
			}
		}
		f.line(key, p)
		kept++
	}
	return f.read()
}

// fpzOutside: X-sums and skyscrapers around the board, with the numbers
// of the solution. The meaning is stated as the constraint on the row or
// column read from the clue, the order worked out here from the clue's
// side.
func fpzOutside(v *variantGen) (*satdoku.Rules, error) {
	f := v.newFile()
	n := v.n
	for range n {
		x, side := v.rng.IntN(n), v.rng.IntN(4)
		var cells []int
		var row, col int // the clue's place, from 1 as f-puzzles writes it: 0 or N+1 outside
		for k := range n {
			switch side {
			case 0: // above column x, reading down
				cells, row, col = append(cells, k*n+x), 0, x+1
			case 1: // below, reading up
				cells, row, col = append(cells, (n-1-k)*n+x), n+1, x+1
			case 2: // left of row x, reading right
				cells, row, col = append(cells, x*n+k), x+1, 0
			default: // right, reading left
				cells, row, col = append(cells, x*n+n-1-k), x+1, n+1
			}
		}
		kind, key, value := satdoku.Skyscraper, "skyscraper", 0
		if v.rng.IntN(2) == 0 {
			kind, key = satdoku.XSum, "xsum"
			for _, i := range cells[:v.d(cells[0])] {
				value += v.d(i)
			}
		} else {
			top := 0
			for _, i := range cells {
				if v.d(i) > top {
					value, top = value+1, v.d(i)
				}
			}
		}
		items, _ := f.tree[key].([]any)
		f.tree[key] = append(items, map[string]any{"cell": fmt.Sprintf("R%dC%d", row, col), "value": strconv.Itoa(value)})
		f.cons = append(f.cons, satdoku.Constraint{Kind: kind, Cells: cells, Value: value, Name: key})
	}
	return f.read()
}

// tenAndGap: 10-lines (segments of 10, or of another sum on small boards)
// and same-difference lines, random paths kept when the solution obeys
// them, built as constraints directly (no f-puzzles key for them).
func tenAndGap(v *variantGen) (*satdoku.Rules, error) {
	n := v.n
	var cons []satdoku.Constraint
	for try := 0; try < 40*n && len(cons) < n; try++ {
		p := v.path(v.rng.IntN(n*n), 2+v.rng.IntN(4), true, nil, func([]int, int) bool { return true })
		if try%2 == 0 {
			// Cut where the running sum first reaches the first cell's
			// segment sum: keep the path if every segment matches.
			target := 10
			if n < 9 {
				target = v.d(p[0]) + v.d(p[1])
			}
			sum, ok := 0, true
			for _, i := range p {
				if sum += v.d(i); sum == target {
					sum = 0
				}
				ok = ok && sum < target
			}
			if ok && sum == 0 {
				cons = append(cons, satdoku.Constraint{Kind: satdoku.Segments, Cells: p, Value: target, Name: "10-line"})
			}
			continue
		}
		gap := v.d(p[0]) - v.d(p[1])
		ok := len(p) >= 3
		for j := 1; j < len(p); j++ {
			g := v.d(p[j-1]) - v.d(p[j])
			ok = ok && (g == gap || g == -gap)
		}
		if ok {
			cons = append(cons, satdoku.Constraint{Kind: satdoku.SameGap, Cells: p, Name: "same difference"})
		}
	}
	return v.withConstraints("lines", cons)
}

// fpzIndexers: row, column and box indexer cells, wherever the solution's
// digits index that way (a digit d in the cell at place p of its column,
// row or box puts p in its d-th cell). The meaning is an Index per cell, its group listed
// here from the far end.
func fpzIndexers(v *variantGen) (*satdoku.Rules, error) {
	f := v.newFile()
	n := v.n
	h, w := satdoku.BoxShape(n)
	keys := []string{"rowindexer", "columnindexer", "boxindexer"}
	for _, x := range v.rng.Perm(n * n) {
		key := keys[v.rng.IntN(3)]
		r, c := x/n, x%n
		var group []int // in place order
		switch key {
		case "rowindexer":
			for k := range n {
				group = append(group, k*n+c)
			}
		case "columnindexer":
			for k := range n {
				group = append(group, r*n+k)
			}
		default:
			br, bc := r/h*h, c/w*w
			for k := range n {
				group = append(group, (br+k/w)*n+bc+k%w)
			}
		}
		self := slices.Index(group, x) + 1
		if v.d(group[v.d(x)-1]) != self {
			continue // the solution's digits do not index this way
		}
		cells, coefs := []int{x}, []int{self}
		for k := n - 1; k >= 0; k-- {
			if group[k] != x {
				cells, coefs = append(cells, group[k]), append(coefs, k+1)
			}
		}
		items, _ := f.tree[key].([]any)
		f.tree[key] = append(items, map[string]any{"cells": []string{fmt.Sprintf("R%dC%d", r+1, c+1)}})
		f.cons = append(f.cons, satdoku.Constraint{Kind: satdoku.Index, Cells: cells, Coefs: coefs, Value: self, Name: key})
	}
	return f.read()
}
