package encode

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// counted is a puzzle, in the one-line form, and its number of solutions.
type counted struct {
	puzzle string
	want   int
}

// variant is a board with puzzles on it that have no, one and several
// solutions.
type variant struct {
	b       board
	puzzles []counted
}

func dots(k int) string { return strings.Repeat(".", k) }

// The boards of variants, by name.
var (
	boardX4 = board{name: "4x4 X", n: 4, boxH: 2, boxW: 2, extras: diagonals(4)}
	boardX6 = board{name: "6x6 X", n: 6, boxH: 2, boxW: 3, extras: diagonals(6)}
	// A 6×6 board with a window of 4 cells, r2c2 r2c3 r3c2 r3c3 (from 1),
	// over two boxes: an extra unit with fewer than N cells.
	boardWindow = board{name: "6x6 window", n: 6, boxH: 2, boxW: 3, extras: [][]int{{7, 8, 13, 14}}}
	// A 4×4 board with two extra units of 3 cells: r1c2 r2c3 r3c1, which
	// share no unit, and r1c1 r1c2 r2c2, which lie in box 1 and so add
	// nothing but clauses that Dedup leaves out.
	boardSmall  = board{name: "4x4 small extras", n: 4, boxH: 2, boxW: 2, extras: [][]int{{1, 6, 8}, {0, 1, 5}}}
	boardJigsaw = board{name: "6x6 jigsaw", n: 6, regions: layout(
		"AAABBB",
		"AACCBB",
		"ADCCEB",
		"DDCCEE",
		"DDFFEE",
		"DFFFFE",
	)}
	boardLatin = board{name: "4x4 Latin", n: 4}
)

// variants returns the boards of the semantic tests and their puzzles.
// The counts are the naive solver's; three are published: 288 4×4 grids,
// 576 4×4 Latin squares, and 28,200,960 6×6 grids, that is 28,200,960 / 6!
// = 39,168 with a given first row (relabelling the digits maps the grids
// of one first row onto those of another).
func variants() []variant {
	row6 := "123456" + dots(30)
	return []variant{
		{classic(4), []counted{
			{dots(16), 288},
			{".......3.3.2.2.1", 1},
			{".......3.3.2....", 6},
			{".12.4...3.......", 0}, // r1c1 has no candidate
			{"11..............", 0}, // conflicting givens
		}},
		{classic(6), []counted{
			{row6, 39168},
			{"...........3.1......62...51.3..3..41", 1},
			{"...........3.1......62...51.3..3....", 62},
			{"...........2.1......62...51.3..3..41", 0},
		}},
		{boardJigsaw, []counted{
			{row6, 534},
			{".................1.4...5...4....613.", 1},
			{".................1.4...5...4....6...", 164},
			{".................3.4...5...4....613.", 0},
			{"1....." + "1" + dots(29), 0}, // two 1s in region A only
		}},
		{boardX4, []counted{
			{dots(16), 48},
			{"...........3.342", 1},
			{"...........3.3..", 6},
			{"1..............1", 0}, // two 1s on the diagonal only
		}},
		{boardX6, []counted{
			{row6, 12},
			{".......................1..1..5.65.32", 1},
			{".......................1..1..5.65...", 6},
			{".......................3..1..5.65.32", 0},
			{"1" + dots(34) + "1", 0}, // two 1s on the diagonal only
		}},
		{boardWindow, []counted{
			{row6, 21696},
			{"...........3.1......62...5..3..3..41", 1},
			{"...........3.1......62...5..3..3..4.", 12},
			{"...........2.1......62...5..3..3..41", 0},
			{dots(8) + "1" + dots(4) + "1" + dots(22), 0}, // two 1s in the window only
		}},
		{boardSmall, []counted{
			{dots(16), 72},
			{"......3..2....4.", 1},
			{"......3..2......", 4},
			{".2....2.........", 0}, // two 2s in the first extra unit only
		}},
		{boardLatin, []counted{
			{dots(16), 576},
			{"1234" + dots(12), 24},
			{"12...3....4.....", 3},
			{"12...3....4.2.1.", 1},
			{".12.4...3.......", 0},
		}},
	}
}

// decoder reads the grid of a model of a formula (see models) as a key.
type decoder func(val []int8) (string, error)

// fullDecoder decodes the models of a formula over every variable of
// rules r with Decode, and checks that every variable 1..N³ occurs, so
// that no variable is left free to multiply the models; with aux, the
// formula may have more variables (Sequential's, above N³).
func fullDecoder(r *satdoku.Rules, aux bool) decoder {
	n := r.N()
	return func(val []int8) (string, error) {
		if len(val) != n*n*n+1 && !(aux && len(val) > n*n*n+1) {
			return "", fmt.Errorf("variables 1..%d occur, want 1..%d", len(val)-1, n*n*n)
		}
		if v := slices.Index(val[1:n*n*n+1], 0); v >= 0 {
			return "", fmt.Errorf("variable %d occurs in no clause", v+1)
		}
		g, err := Decode(r, func(v int) bool { return val[v] > 0 })
		if err != nil {
			return "", err
		}
		return key(g), nil
	}
}

// givensDecoder decodes the models of a formula over the domain of puzzle
// g with DecodePuzzle, and checks that the variables that occur in no
// clause do not matter: they are read as false, then as true.
func givensDecoder(g *satdoku.Grid) decoder {
	return func(val []int8) (string, error) {
		var grids [2]*satdoku.Grid
		for k, absent := range []bool{false, true} {
			sol, err := DecodePuzzle(g, func(v int) bool {
				if v >= len(val) || val[v] == 0 {
					return absent
				}
				return val[v] > 0
			})
			if err != nil {
				return "", fmt.Errorf("absent variables %v: %w", absent, err)
			}
			grids[k] = sol
		}
		if !grids[0].Equal(grids[1]) {
			return "", fmt.Errorf("the grid depends on a variable that occurs in no clause: %v or %v", grids[0], grids[1])
		}
		return key(grids[0]), nil
	}
}

// domainDecoder decodes the models of a formula over domain d of an n×n
// board by itself: a fixed cell holds its value, and none of its
// variables occurs; an open cell holds the one digit whose variable is
// true.
func domainDecoder(n int, d *Domain) decoder {
	return func(val []int8) (string, error) {
		if len(val) > n*n*n+1 {
			return "", fmt.Errorf("variable %d is off the board", len(val)-1)
		}
		at := func(v int) int8 {
			if v < len(val) {
				return val[v]
			}
			return 0
		}
		out := make([]byte, n*n)
		for i := range out {
			for dg := 1; dg <= n; dg++ {
				switch v := i*n + dg; {
				case d.Val[i] != 0 && at(v) != 0:
					return "", fmt.Errorf("variable %d of fixed cell %d occurs", v, i)
				case at(v) > 0 && out[i] != 0:
					return "", fmt.Errorf("cell %d holds %d and %d", i, out[i], dg)
				case at(v) > 0:
					out[i] = byte(dg)
				}
			}
			switch {
			case d.Val[i] != 0:
				out[i] = d.Val[i]
			case out[i] == 0:
				return "", fmt.Errorf("cell %d holds no digit", i)
			}
		}
		return string(out), nil
	}
}

// checkModels checks that the models of clauses decode to exactly the
// grids of want, each from one model.
func checkModels(t *testing.T, clauses [][]int, want map[string]bool, decode decoder, aux bool) {
	t.Helper()
	got := map[string]bool{}
	count := 0
	var fail error
	models(clauses, func(val []int8) bool {
		count++
		if count <= 50 { // the enumerator's own check, on the first models
			for _, cl := range clauses {
				if !holds(val, cl) {
					fail = fmt.Errorf("enumerator: model %d breaks clause %v", count, cl)
					return false
				}
			}
		}
		k, err := decode(val)
		switch {
		case err != nil:
			fail = fmt.Errorf("model %d: %w", count, err)
		case got[k] && !aux:
			fail = fmt.Errorf("two models decode to %s", show(k))
		case !want[k]:
			fail = fmt.Errorf("model %d decodes to %s, no solution (of %d)", count, show(k), len(want))
		}
		got[k] = true
		return fail == nil
	})
	if fail != nil {
		t.Fatal(fail)
	}
	var missing []string
	for k := range want {
		if !got[k] {
			missing = append(missing, show(k))
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		t.Fatalf("%d models, %d solutions; %d solutions are no model: %.3q", count, len(want), len(missing), missing)
	}
}

// formula is a CNF for a puzzle, and how to read a grid from its models.
type formula struct {
	name    string
	clauses [][]int
	decode  decoder
	// aux: the formula has auxiliary variables, which a unit of fewer than
	// N cells leaves free when it holds none of a digit: a solution may be
	// several models.
	aux bool
}

// formulas returns every formula the encoder makes for puzzle g: the rules
// in each encoding with and without Dedup, then the givens; the rules over
// the givens' domain in each encoding, with and without Dedup, without the
// givens; and Puzzle with Reduced.
func formulas(t *testing.T, g *satdoku.Grid) []formula {
	t.Helper()
	r := g.Rules()
	var fs []formula
	for _, e := range []Encoding{Minimal, Extended, Sequential} {
		for _, dedup := range []bool{false, true} {
			name := e.String()
			if dedup {
				name += " dedup"
			}
			enc := NewEncoder(r, e)
			enc.Dedup = dedup
			var plain, dom CNF
			if err := enc.Write(&plain, nil); err != nil {
				t.Fatal(err)
			}
			Givens(&plain, g)
			if err := enc.Write(&dom, GivensDomain(g)); err != nil {
				t.Fatal(err)
			}
			aux := e == Sequential
			fs = append(fs,
				formula{name, plain.Clauses, fullDecoder(r, aux), aux},
				formula{name + " over the givens", dom.Clauses, givensDecoder(g), aux})
		}
	}
	var red CNF
	Puzzle(&red, g, Reduced)
	return append(fs, formula{"reduced", red.Clauses, givensDecoder(g), false})
}

// TestModels checks that every formula of a puzzle has exactly its
// solutions as models, on every variant: the models, enumerated by DPLL,
// decode to the solutions the naive solver finds, one model each.
func TestModels(t *testing.T) {
	for _, v := range variants() {
		r := v.b.rules(t)
		for _, p := range v.puzzles {
			t.Run(v.b.name+"/"+p.puzzle, func(t *testing.T) {
				if testing.Short() && p.want > 1000 {
					t.Skipf("%d solutions: not in short mode", p.want)
				}
				g := gridUnder(t, r, p.puzzle)
				want := v.b.solutions(cells(g), nil)
				if len(want) != p.want {
					t.Fatalf("naive solver: %d solutions, want %d", len(want), p.want)
				}
				for _, f := range formulas(t, g) {
					t.Run(f.name, func(t *testing.T) { checkModels(t, f.clauses, want, f.decode, f.aux) })
				}
			})
		}
	}
}

// dupPairs returns how many of the pairs of cells of the units an earlier
// unit already holds: the pairs of every unit counted, less the distinct
// pairs.
func dupPairs(units [][]int) int {
	seen := map[[2]int]bool{}
	dups := 0
	for _, u := range units {
		for x, i := range u {
			for _, j := range u[x+1:] {
				p := [2]int{min(i, j), max(i, j)}
				if seen[p] {
					dups++
				}
				seen[p] = true
			}
		}
	}
	return dups
}

// clauseSet returns how many times each clause occurs, its literals sorted.
func clauseSet(clauses [][]int) map[string]int {
	set := map[string]int{}
	for _, cl := range clauses {
		s := slices.Clone(cl)
		slices.Sort(s)
		set[fmt.Sprint(s)]++
	}
	return set
}

// sameClauses checks that dedup holds every clause of full and no other,
// and no pair clause ¬x ∨ ¬y twice. With once, it holds no clause twice at
// all (over a domain, two units can ask for one digit in the same cells,
// or a unit and a cell for the same variable: those clauses repeat).
func sameClauses(t *testing.T, full, dedup [][]int, once bool) {
	t.Helper()
	fs, ds := clauseSet(full), clauseSet(dedup)
	for cl, k := range ds {
		if fs[cl] == 0 {
			t.Fatalf("clause %s with Dedup only", cl)
		}
		if k > 1 && (once || strings.HasPrefix(cl, "[-")) {
			t.Fatalf("clause %s: %d times with Dedup, %d without", cl, k, fs[cl])
		}
	}
	if len(ds) != len(fs) {
		t.Fatalf("%d distinct clauses with Dedup, %d without", len(ds), len(fs))
	}
}

// TestDedup checks Encoder.Dedup: the same clauses, each once, so fewer
// by N clauses per pair of cells that two units hold. The models are
// checked by TestModels.
func TestDedup(t *testing.T) {
	// Classic 9×9: each box shares 3 cells with each of 3 rows and 3
	// columns, 3 pairs each: 18 pairs per box, and one clause per pair and
	// digit.
	if got := dupPairs(classic(9).units()); got != 9*18 {
		t.Errorf("9x9: %d pairs in two units, want %d", got, 9*18)
	}
	for _, tt := range []struct {
		e    Encoding
		want int
	}{{Extended, 11988 - 9*9*18}, {Minimal, 8829 - 9*9*18}} {
		enc := NewEncoder(std(t, 9), tt.e)
		enc.Dedup = true
		var k Counter
		if err := enc.Write(&k, nil); err != nil {
			t.Fatal(err)
		}
		if k.Clauses != tt.want || tt.e == Extended && k.Clauses != 10530 {
			t.Errorf("9x9 %v with Dedup: %d clauses, want %d", tt.e, k.Clauses, tt.want)
		}
	}
	cases := []struct {
		b       board
		puzzles []string
	}{{classic(9), []string{puzzle9}}, {classic(16), []string{sol16[:100] + dots(156)}}}
	for _, v := range variants() {
		var ps []string
		for _, p := range v.puzzles {
			ps = append(ps, p.puzzle)
		}
		cases = append(cases, struct {
			b       board
			puzzles []string
		}{v.b, ps})
	}
	for _, c := range cases {
		b := c.b
		r := b.rules(t)
		for _, e := range []Encoding{Minimal, Extended} {
			t.Run(b.name+"/"+e.String(), func(t *testing.T) {
				enc := NewEncoder(r, e)
				var full, dedup CNF
				if err := enc.Write(&full, nil); err != nil {
					t.Fatal(err)
				}
				enc.Dedup = true
				if err := enc.Write(&dedup, nil); err != nil {
					t.Fatal(err)
				}
				if want := clauseCount(r, e) - b.n*dupPairs(b.units()); len(dedup.Clauses) != want {
					t.Errorf("%d clauses with Dedup, want %d", len(dedup.Clauses), want)
				}
				sameClauses(t, full.Clauses, dedup.Clauses, true)
				// Over the domain of each puzzle.
				for _, p := range c.puzzles {
					d := GivensDomain(gridUnder(t, r, p))
					var full, dedup CNF
					enc.Dedup = false
					enc.Write(&full, d)
					enc.Dedup = true
					enc.Write(&dedup, d)
					sameClauses(t, full.Clauses, dedup.Clauses, false)
				}
			})
		}
	}
}

// TestClauses checks Clauses against the clauses Write adds for every side
// of satdoku.Sides and every variant, and both against a count made from
// the board's own units: N² cells with at least one digit and (Extended)
// C(N, 2) pairs of digits at most one; per unit of k cells and per digit,
// C(k, 2) pairs at most one and (Extended, when k = N) one clause at least
// one. With Dedup, N clauses fewer per pair of cells in two units.
func TestClauses(t *testing.T) {
	var boards []board
	for _, n := range satdoku.Sides() {
		boards = append(boards, classic(n))
	}
	for _, v := range variants() {
		boards = append(boards, v.b)
	}
	pairs := func(k int) int { return k * (k - 1) / 2 }
	for _, b := range boards {
		t.Run(b.name, func(t *testing.T) {
			if testing.Short() && b.n > 25 {
				t.Skip("large board: not in short mode")
			}
			r := b.rules(t)
			n := b.n
			// Sequential: a ladder of 3k−4 clauses and k−1 new variables
			// for an at-most-one of more than 5 literals.
			ladder := func(k int) (clauses, vars int) {
				if k > 5 {
					return 3*k - 4, k - 1
				}
				return pairs(k), 0
			}
			lc, lv := ladder(n)
			minimal, extended := n*n, n*n+n*n*pairs(n)
			sequential, seqVars := n*n+n*n*lc, n*n*n+n*n*lv
			for _, u := range b.units() {
				minimal += n * pairs(len(u))
				extended += n * pairs(len(u))
				uc, uv := ladder(len(u))
				sequential += n * uc
				seqVars += n * uv
				if len(u) == n {
					extended += n
					sequential += n
				}
			}
			shared := n * dupPairs(b.units())
			for _, tt := range []struct {
				e     Encoding
				dedup bool
				want  int
			}{
				{Minimal, false, minimal}, {Extended, false, extended}, {Reduced, false, extended},
				{Minimal, true, minimal - shared}, {Extended, true, extended - shared},
				{Sequential, false, sequential}, {Sequential, true, sequential},
			} {
				enc := NewEncoder(r, tt.e)
				enc.Dedup = tt.dedup
				var k Counter
				if err := enc.Write(&k, nil); err != nil {
					t.Fatal(err)
				}
				if tt.dedup {
					if k.Clauses != tt.want {
						t.Errorf("%v with Dedup: Write added %d clauses, want %d", tt.e, k.Clauses, tt.want)
					}
				} else if got := clauseCount(r, tt.e); got != tt.want || k.Clauses != tt.want {
					t.Errorf("%v: Clauses = %d, Write added %d, want %d", tt.e, got, k.Clauses, tt.want)
				}
				wantVars := n * n * n
				if tt.e == Sequential {
					wantVars = seqVars
				}
				if k.Vars != wantVars || enc.MaxVar() != wantVars {
					t.Errorf("%v: variables up to %d (MaxVar %d), want %d", tt.e, k.Vars, enc.MaxVar(), wantVars)
				}
			}
		})
	}
}

// TestStop checks that Write returns ErrStopped as soon as Stop reports
// true, whichever call it is, and asks no more.
func TestStop(t *testing.T) {
	for _, tt := range []struct {
		puzzle string
		calls  int // Stop's calls for the whole formula: every 64 cells, and per unit from 16×16 up
	}{
		{puzzle9, 1},
		{dots(81), 1},
		{sol16[:100] + dots(156), 4 + 48},
		{dots(256), 4 + 48},
		{"...........3.1......62...51.3..3..41", 0},
	} {
		g := grid(t, tt.puzzle)
		t.Run(fmt.Sprintf("%dx%d/%d givens", g.N(), g.N(), g.Givens()), func(t *testing.T) {
			var d *Domain
			if g.Givens() > 0 {
				d = GivensDomain(g)
			}
			enc := NewEncoder(g.Rules(), Extended)
			calls := 0
			enc.Stop = func() bool { calls++; return false }
			var whole CNF
			if err := enc.Write(&whole, d); err != nil {
				t.Fatal(err)
			}
			if calls != tt.calls {
				t.Errorf("Stop asked %d times, want %d", calls, tt.calls)
			}
			prev := -1
			for k := 1; k <= tt.calls; k++ {
				calls = 0
				enc.Stop = func() bool { calls++; return calls == k }
				var part Counter
				if err := enc.Write(&part, d); !errors.Is(err, ErrStopped) {
					t.Fatalf("stop at call %d: %v, want ErrStopped", k, err)
				}
				if calls != k {
					t.Errorf("stop at call %d: asked %d times", k, calls)
				}
				if part.Clauses < prev || part.Clauses >= len(whole.Clauses) {
					t.Errorf("stop at call %d: %d clauses (%d at the call before, %d in all)", k, part.Clauses, prev, len(whole.Clauses))
				}
				prev = part.Clauses
			}
			// A stopped encoder writes the whole formula again.
			enc.Stop = nil
			var again CNF
			if err := enc.Write(&again, d); err != nil || !slices.EqualFunc(again.Clauses, whole.Clauses, slices.Equal) {
				t.Errorf("after a stop: %d clauses, %v; want the %d of before", len(again.Clauses), err, len(whole.Clauses))
			}
		})
	}
}

// TestEncoderReuse checks that an Encoder written with over and over, on
// other domains and with Dedup switched, writes what a new one writes, and
// allocates nothing once warm.
func TestEncoderReuse(t *testing.T) {
	for _, v := range variants() {
		r := v.b.rules(t)
		enc := NewEncoder(r, Extended)
		for round := range 2 {
			for _, p := range v.puzzles {
				for _, d := range []*Domain{GivensDomain(gridUnder(t, r, p.puzzle)), nil} {
					enc.Dedup = round == 1
					fresh := NewEncoder(r, Extended)
					fresh.Dedup = enc.Dedup
					var got, want CNF
					if err := enc.Write(&got, d); err != nil {
						t.Fatal(err)
					}
					fresh.Write(&want, d)
					if !slices.EqualFunc(got.Clauses, want.Clauses, slices.Equal) {
						t.Fatalf("%s, %s, Dedup %v: a reused encoder writes another formula", v.b.name, p.puzzle, enc.Dedup)
					}
				}
			}
		}
		d := GivensDomain(gridUnder(t, r, v.puzzles[1].puzzle))
		var k Counter
		if allocs := testing.AllocsPerRun(5, func() { enc.Write(&k, d) }); allocs != 0 {
			t.Errorf("%s: Write allocates %v times per call", v.b.name, allocs)
		}
	}
}

// TestBlocks checks that blocking clauses exclude exactly the blocked
// solutions: DIMACSOptions.Block and Blocks in each encoding, BlockOpen
// over the givens' domain and over no domain, and Block.
func TestBlocks(t *testing.T) {
	for _, tt := range []struct {
		b      board
		puzzle string
	}{
		{classic(4), ".......3.3.2...."},
		{boardX4, "...........3.3.."},
		{boardSmall, "......3..2......"},
		{boardJigsaw, ".................1.4...5...4....6..."},
	} {
		t.Run(tt.b.name, func(t *testing.T) {
			r := tt.b.rules(t)
			g := gridUnder(t, r, tt.puzzle)
			want := tt.b.solutions(cells(g), nil)
			var keys []string
			for k := range want {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			sols := make([]*satdoku.Grid, len(keys))
			for i, k := range keys {
				sols[i] = gridUnder(t, r, show(k))
			}
			// left returns the solutions less the first k.
			left := func(k int) map[string]bool {
				m := map[string]bool{}
				for _, s := range keys[k:] {
					m[s] = true
				}
				return m
			}
			for _, o := range []DIMACSOptions{
				{Encoding: Extended},
				{Encoding: Minimal},
				{Encoding: Reduced},
				{Encoding: Reduced, Givens: GivensOmit},
			} {
				o.Block, o.Blocks = sols[0], sols[1:3]
				var buf bytes.Buffer
				if err := WriteDIMACS(&buf, g, o); err != nil {
					t.Fatal(err)
				}
				_, _, _, clauses := parseDIMACS(t, buf.String())
				decode := fullDecoder(r, false)
				if o.Encoding == Reduced {
					decode = givensDecoder(g)
				}
				checkModels(t, clauses, left(3), decode, false)
				if g.N() != 4 {
					continue // textfmt.Parse may not read other sides yet: see TestWriteDIMACS6x6
				}
				h, err := ReadHeader(&buf)
				if err != nil || !h.Block.Equal(sols[0]) || !slices.EqualFunc(h.Blocks, sols[:3], (*satdoku.Grid).Equal) {
					t.Errorf("%v: ReadHeader = %v, %v, %v; want the blocked %v", o.Encoding, h.Block, h.Blocks, err, sols[:3])
				}
			}
			// BlockOpen over the givens' domain, one solution after another,
			// down to none; Block on the whole formula likewise.
			d := GivensDomain(g)
			var dom, whole CNF
			NewEncoder(r, Extended).Write(&dom, d)
			Puzzle(&whole, g, Minimal)
			for k, s := range sols {
				BlockOpen(&dom, d, s)
				Block(&whole, g, s)
				if k < 3 || k == len(sols)-1 {
					checkModels(t, dom.Clauses, left(k+1), givensDecoder(g), false)
					checkModels(t, whole.Clauses, left(k+1), fullDecoder(r, false), false)
				}
			}
			// BlockOpen with no domain blocks a whole grid of the rules.
			if len(want) < 100 {
				var rules CNF
				Rules(&rules, r, Extended)
				BlockOpen(&rules, nil, sols[0])
				all := tt.b.solutions(make([]uint8, tt.b.n*tt.b.n), nil)
				delete(all, keys[0])
				checkModels(t, rules.Clauses, all, fullDecoder(r, false), false)
			}
		})
	}
}

// reducedCount counts the clauses of the Reduced encoding of puzzle on b,
// from b's own units: per empty cell with k candidates (the digits no
// given in its units holds), one clause and C(k, 2) pairs; per unit and
// per digit that no given in it holds, with m empty cells that have it as
// a candidate, C(m, 2) pairs and, in a unit of N cells, one clause.
func reducedCount(b board, puzzle []uint8) int {
	n := b.n
	units := b.units()
	cand := make([]uint64, n*n)
	for i := range cand {
		cand[i] = 1<<n - 1
	}
	for _, u := range units {
		for _, i := range u {
			for _, j := range u {
				if puzzle[j] != 0 {
					cand[i] &^= 1 << (puzzle[j] - 1)
				}
			}
		}
	}
	pairs := func(k int) int { return k * (k - 1) / 2 }
	count := 0
	for i, c := range cand {
		if puzzle[i] == 0 {
			k := 0
			for d := range n {
				k += int(c >> d & 1)
			}
			count += 1 + pairs(k)
		}
	}
	for _, u := range units {
		for d := 1; d <= n; d++ {
			m, placed := 0, false
			for _, i := range u {
				placed = placed || int(puzzle[i]) == d
				if puzzle[i] == 0 && cand[i]>>(d-1)&1 == 1 {
					m++
				}
			}
			if placed {
				continue
			}
			count += pairs(m)
			if len(u) == n {
				count++
			}
		}
	}
	return count
}

// TestWriteDIMACS6x6 checks a 6×6 DIMACS file: its header "p cnf 216 C"
// with C counted here, its models, which are the solution, and the header
// read back.
func TestWriteDIMACS6x6(t *testing.T) {
	// Extended: 36 cells, 36·C(6, 2) pairs of digits; 18 units of 6 cells,
	// each with 6·C(6, 2) pairs and 6 clauses: 2,304 clauses. Minimal:
	// 1,656.
	const extended, minimal = 36 + 36*15 + 18*(6*15+6), 36 + 18*6*15
	if c := clauseCount(std(t, 6), Extended); c != extended {
		t.Errorf("Clauses(6x6, Extended) = %d, want %d", c, extended)
	}
	const puzzle = "...........3.1......62...51.3..3..41"
	g := grid(t, puzzle)
	b := classic(6)
	sols := b.solutions(cells(g), nil)
	if len(sols) != 1 {
		t.Fatalf("%d solutions, want 1", len(sols))
	}
	red, givens := reducedCount(b, cells(g)), g.Givens()
	var sol *satdoku.Grid
	for k := range sols {
		sol = grid(t, show(k))
	}
	for _, tt := range []struct {
		o       DIMACSOptions
		clauses int
	}{
		{DIMACSOptions{}, extended + givens},
		{DIMACSOptions{Encoding: Minimal}, minimal + givens},
		{DIMACSOptions{Encoding: Reduced}, red + givens},
		{DIMACSOptions{Encoding: Reduced, Givens: GivensOmit}, red},
		{DIMACSOptions{Givens: GivensOmit, Block: sol}, extended + 1},
	} {
		t.Run(fmt.Sprintf("%v/%v", tt.o.Encoding, tt.o.Givens), func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteDIMACS(&buf, g, tt.o); err != nil {
				t.Fatal(err)
			}
			text := buf.String()
			if header := fmt.Sprintf("\np cnf 216 %d\n", tt.clauses); !strings.Contains(text, header) {
				t.Errorf("no line %q", header[1:len(header)-1])
			}
			comments, _, count, clauses := parseDIMACS(t, text)
			if len(clauses) != count {
				t.Errorf("%d clauses under the header's %d", len(clauses), count)
			}
			if !slices.Contains(comments, "c size 6x6") || !slices.Contains(comments, "c puzzle "+puzzle) {
				t.Errorf("comments %q", comments)
			}
			if tt.o.Givens == GivensUnits {
				decode := fullDecoder(g.Rules(), false)
				if tt.o.Encoding == Reduced {
					decode = givensDecoder(g)
				}
				checkModels(t, clauses, sols, decode, false)
			}
			if _, err := textfmt.Parse(puzzle); err != nil {
				t.Skipf("textfmt.Parse does not read a 6x6 line yet (%v): ReadHeader not checked", err)
			}
			h, err := ReadHeader(strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			if !h.Puzzle.Equal(g) || h.Encoding != tt.o.Encoding || h.Givens != tt.o.Givens || h.Vars != 216 || h.Clauses != count ||
				(h.Block == nil) != (tt.o.Block == nil) {
				t.Errorf("ReadHeader = %+v", h)
			}
		})
	}
}

// newDomain returns the domain of an n×n board with every cell open and
// every digit a candidate.
func newDomain(n int) *Domain {
	d := &Domain{Val: make([]uint8, n*n), Cand: make([]uint64, n*n)}
	for i := range d.Cand {
		d.Cand[i] = 1<<n - 1
	}
	return d
}

// checkDomain checks the formula that Write adds for domain d on board b
// in encoding e: it has exactly the completions of d as models, those the
// naive solver finds with the fixed cells as givens and each open cell
// limited to its candidates, and no more clauses than the rules.
func checkDomain(t *testing.T, b board, e Encoding, dedup bool, d *Domain) {
	t.Helper()
	r := b.rules(t)
	n := b.n
	enc := NewEncoder(r, e)
	enc.Dedup = dedup
	var f CNF
	if err := enc.Write(&f, d); err != nil {
		t.Fatalf("Write: %v", err)
	}
	if len(f.Clauses) > clauseCount(r, e) {
		t.Errorf("%d clauses, more than the %d of the rules", len(f.Clauses), clauseCount(r, e))
	}
	want := b.solutions(d.Val[:n*n], func(i, dg int) bool { return d.Cand[i]>>(dg-1)&1 == 1 })
	checkModels(t, f.Clauses, want, domainDecoder(n, d), false)
}

// TestWriteOddDomains checks the contract of Domain on values out of
// range: candidates beyond N are ignored, a cell fixed beyond N or with no
// candidate left gives the empty clause, and a domain with too few cells is
// an error.
func TestWriteOddDomains(t *testing.T) {
	r4 := std(t, 4)
	hasEmpty := func(f CNF) bool { return slices.ContainsFunc(f.Clauses, func(cl []int) bool { return len(cl) == 0 }) }
	write := func(t *testing.T, r *satdoku.Rules, d *Domain) CNF {
		t.Helper()
		var f CNF
		if err := NewEncoder(r, Extended).Write(&f, d); err != nil {
			t.Fatal(err)
		}
		return f
	}
	var plain CNF
	Rules(&plain, r4, Extended)

	t.Run("candidates beyond N", func(t *testing.T) {
		d := newDomain(4)
		for i := range d.Cand {
			d.Cand[i] = ^uint64(0)
		}
		if f := write(t, r4, d); !slices.EqualFunc(f.Clauses, plain.Clauses, slices.Equal) {
			t.Errorf("all 64 bits set: not the rules' formula")
		}
		d.Cand[5] = 0xf0 // digits 5..8 only: none
		if f := write(t, r4, d); !hasEmpty(f) {
			t.Errorf("a cell with candidates beyond N only: no empty clause")
		}
	})
	t.Run("no candidate", func(t *testing.T) {
		d := newDomain(4)
		d.Cand[10] = 0
		if f := write(t, r4, d); !hasEmpty(f) {
			t.Errorf("a cell without candidates: no empty clause")
		}
	})
	t.Run("no place", func(t *testing.T) {
		d := newDomain(4)
		for c := range 4 {
			d.Cand[4+c] &^= 1 << 2 // no 3 in row 2
		}
		if f := write(t, r4, d); !hasEmpty(f) {
			t.Errorf("a row without a place for 3: no empty clause")
		}
		checkDomain(t, classic(4), Minimal, false, d) // no model, with no empty clause
	})
	for _, v := range []uint8{5, 9, 64, 65, 255} {
		t.Run(fmt.Sprintf("fixed to %d", v), func(t *testing.T) {
			d := newDomain(4)
			d.Val[7] = v
			if f := write(t, r4, d); len(f.Clauses) != 1 || len(f.Clauses[0]) != 0 {
				t.Errorf("a cell fixed to %d: %d clauses, want the empty clause alone", v, len(f.Clauses))
			}
		})
	}
	t.Run("conflicting values", func(t *testing.T) {
		for _, pair := range [][3]int{{0, 3, 2}, {0, 12, 2}, {0, 5, 2}} { // row, column, box
			d := newDomain(4)
			d.Val[pair[0]], d.Val[pair[1]] = uint8(pair[2]), uint8(pair[2])
			if f := write(t, r4, d); len(f.Clauses) != 1 || len(f.Clauses[0]) != 0 {
				t.Errorf("cells %d and %d fixed to %d: %v, want the empty clause alone", pair[0], pair[1], pair[2], f.Clauses)
			}
		}
		// Two 1s on the diagonal of X-Sudoku, in no row, column or box
		// together.
		d := newDomain(4)
		d.Val[0], d.Val[15] = 1, 1
		if f := write(t, boardX4.rules(t), d); len(f.Clauses) != 1 || len(f.Clauses[0]) != 0 {
			t.Errorf("two 1s on a diagonal: %d clauses, want the empty clause alone", len(f.Clauses))
		}
	})
	t.Run("all fixed", func(t *testing.T) {
		d := newDomain(4)
		copy(d.Val, cells(grid(t, sol4)))
		if f := write(t, r4, d); len(f.Clauses) != 0 {
			t.Errorf("a full grid: %d clauses, want none", len(f.Clauses))
		}
		checkDomain(t, classic(4), Minimal, false, d)
	})
	t.Run("short", func(t *testing.T) {
		for _, d := range []*Domain{{}, {Val: make([]uint8, 16), Cand: make([]uint64, 15)}, {Val: make([]uint8, 9), Cand: make([]uint64, 16)}} {
			var k Counter
			if err := NewEncoder(r4, Extended).Write(&k, d); !errors.Is(err, ErrDomain) || k.Clauses+k.Literals != 0 {
				t.Errorf("%d values and %d candidate sets: %v and %d clauses, want ErrDomain and none", len(d.Val), len(d.Cand), err, k.Clauses)
			}
		}
	})
	t.Run("long", func(t *testing.T) {
		d := newDomain(9) // 81 cells for a 16-cell board: the rest is ignored
		d.Val[80], d.Cand[3] = 200, 0b0110
		long := write(t, r4, d)
		d.Val, d.Cand = d.Val[:16], d.Cand[:16]
		if f := write(t, r4, d); !slices.EqualFunc(f.Clauses, long.Clauses, slices.Equal) {
			t.Errorf("entries beyond the board change the formula")
		}
	})
	// The models of mixed domains: candidates removed, among them digits
	// fixed in the cell's units, and bits beyond N.
	for _, b := range []board{classic(4), boardX4, boardSmall, boardLatin} {
		for _, e := range []Encoding{Minimal, Extended} {
			t.Run(b.name+"/"+e.String(), func(t *testing.T) {
				d := newDomain(4)
				d.Val[0], d.Val[6] = 1, 4
				d.Cand[1] = 0b1011 | 1<<40 // 1, 2, 4: 1 is fixed in the row
				d.Cand[5] = 0b0110         // 2, 3
				d.Cand[15] = 0b1001 | 0xf0 // 1, 4
				checkDomain(t, b, e, false, d)
				checkDomain(t, b, e, true, d)
			})
		}
	}
}

// FuzzWrite checks that Write never panics on any domain of a 4×4 board,
// and that what it writes has exactly the completions of the domain as
// models. The first byte selects the board (bits 0-1), the encoding (bit
// 2), Dedup (bit 3) and a domain one cell short (bit 4); then each cell
// takes two bytes: its value (0..5, or 255; other bytes leave it open) and
// its candidates (the byte, repeated in bits 56..63). Missing cells are open
// with every candidate.
func FuzzWrite(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1, 1, 0, 0, 0xff, 0, 0x0f, 4, 0})
	f.Add([]byte{2, 6, 0xff, 0, 0x01, 0, 0x02, 0, 0x04, 0, 0x08})
	f.Add([]byte{13, 255, 0, 5, 0, 1, 0, 1, 0})
	f.Add([]byte{16})
	boards := []board{classic(4), boardX4, boardSmall, boardLatin}
	f.Fuzz(func(t *testing.T, data []byte) {
		var flags byte
		if len(data) > 0 {
			flags, data = data[0], data[1:]
		}
		b := boards[flags&3]
		e := Extended
		if flags&4 != 0 {
			e = Minimal
		}
		d := newDomain(4)
		for i := 0; i < 16 && 2*i+1 < len(data); i++ {
			if v := data[2*i]; v <= 5 || v == 255 {
				d.Val[i] = v
			}
			c := uint64(data[2*i+1])
			d.Cand[i] = c | c<<56
		}
		if flags&16 != 0 {
			d.Cand = d.Cand[:15]
			var k Counter
			if err := NewEncoder(b.rules(t), e).Write(&k, d); !errors.Is(err, ErrDomain) || k.Clauses+k.Literals != 0 {
				t.Fatalf("a domain one cell short: %v and %d clauses, want ErrDomain and none", err, k.Clauses)
			}
			return
		}
		checkDomain(t, b, e, flags&8 != 0, d)
	})
}

// alike reports whether two givens of puzzle on b are alike in a unit.
func alike(b board, puzzle []uint8) bool {
	for _, u := range b.units() {
		seen := map[uint8]bool{}
		for _, i := range u {
			if d := puzzle[i]; d != 0 {
				if seen[d] {
					return true
				}
				seen[d] = true
			}
		}
	}
	return false
}

// TestConflictingGivens checks that givens alike in a unit, whichever
// kind of unit, make the formula over their domain the empty clause alone,
// and that Fixed has no answer for them.
func TestConflictingGivens(t *testing.T) {
	found := 0
	for _, v := range variants() {
		r := v.b.rules(t)
		for _, p := range v.puzzles {
			g := gridUnder(t, r, p.puzzle)
			if !alike(v.b, cells(g)) {
				continue
			}
			found++
			var dom, red CNF
			if err := NewEncoder(r, Extended).Write(&dom, GivensDomain(g)); err != nil {
				t.Fatal(err)
			}
			if len(dom.Clauses) != 1 || len(dom.Clauses[0]) != 0 {
				t.Errorf("%s %s: %d clauses over the givens' domain, want the empty clause alone", v.b.name, p.puzzle, len(dom.Clauses))
			}
			Puzzle(&red, g, Reduced)
			if !slices.ContainsFunc(red.Clauses, func(cl []int) bool { return len(cl) == 0 }) {
				t.Errorf("%s %s: no empty clause in the Reduced formula", v.b.name, p.puzzle)
			}
			if Fixed(g) != nil {
				t.Errorf("%s %s: Fixed of conflicting givens is not nil", v.b.name, p.puzzle)
			}
		}
	}
	if found < 6 { // a row, a jigsaw region, two diagonals, a window, a small extra unit
		t.Errorf("%d puzzles with givens alike, want 6 or more", found)
	}
}

func ExampleEncoder() {
	r, _ := satdoku.Standard(9)
	enc := NewEncoder(r, Extended)
	var all, dedup, reduced Counter
	enc.Write(&all, nil)
	enc.Dedup = true // no pair of cells twice: a box's pairs in a row or a column go
	enc.Write(&dedup, nil)
	enc.Dedup = false
	g := textfmt.MustParse(puzzle9)
	enc.Write(&reduced, GivensDomain(g)) // the Reduced encoding, without the givens
	fmt.Println(all.Clauses, dedup.Clauses, reduced.Clauses)
	// Output: 11988 10530 990
}

// TestHeaderRules writes puzzles under rules other than the standard ones
// and reads the header back: the puzzle comes back under the same units.
func TestHeaderRules(t *testing.T) {
	std9, _ := satdoku.Standard(9)
	x9, err := std9.WithNamed("x")
	if err != nil {
		t.Fatal(err)
	}
	jig, err := satdoku.Regions(4, [][]int{{0, 1, 2, 4}, {3, 6, 7, 11}, {5, 8, 9, 12}, {10, 13, 14, 15}})
	if err != nil {
		t.Fatal(err)
	}
	latin, _ := satdoku.Regions(4, nil) // (a 5×5 line would read as a 25×25 row)
	jigX, err := jig.WithExtra(satdoku.ExtraUnit{Name: "corners", Cells: []int{0, 3, 12, 15}})
	if err != nil {
		t.Fatal(err)
	}
	knight, err := x9.WithNamed("anti-knight", "nonconsecutive")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*satdoku.Rules{std9, x9, jig, latin, jigX, knight} {
		g := satdoku.NewGrid(r)
		g.SetCell(0, 1)
		sol := satdoku.NewGrid(r)
		sol.SetCell(1, 2)
		var buf strings.Builder
		if err := WriteDIMACS(&buf, g, DIMACSOptions{Block: sol}); err != nil {
			t.Fatal(err)
		}
		h, err := ReadHeader(strings.NewReader(buf.String()))
		if err != nil {
			t.Fatalf("%d units: %v\n%s", len(r.Units()), err, buf.String()[:300])
		}
		for _, got := range []*satdoku.Grid{h.Puzzle, h.Block} {
			gu, wu := got.Rules().Units(), r.Units()
			if len(gu) != len(wu) {
				t.Fatalf("%d units read back, want %d", len(gu), len(wu))
			}
			for k := range wu {
				if !slices.Equal(gu[k].Cells, wu[k].Cells) || gu[k].Kind != wu[k].Kind || gu[k].Name != wu[k].Name {
					t.Errorf("unit %d read back as %v %v, want %v %v", k, gu[k], gu[k].Cells, wu[k], wu[k].Cells)
				}
			}
			if !slices.Equal(got.Rules().Relations(), r.Relations()) {
				t.Errorf("%d relations read back, want %d", len(got.Rules().Relations()), len(r.Relations()))
			}
		}
	}
}

// TestRelationClauses counts the clauses of relations: N for a pair of
// cells that must differ, 2(N−1) for a pair that must not be consecutive,
// whatever the encoding; over a domain, a relation with a fixed cell
// removes the forbidden digits from the other cell.
func TestRelationClauses(t *testing.T) {
	std9, _ := satdoku.Standard(9)
	for _, names := range [][]string{{"anti-knight"}, {"anti-king"}, {"nonconsecutive"}, {"anti-knight", "nonconsecutive"}} {
		r, err := std9.WithNamed(names...)
		if err != nil {
			t.Fatal(err)
		}
		extra := 0
		for _, x := range r.Relations() {
			if x.Kind == satdoku.Different {
				extra += 9
			} else {
				extra += 16
			}
		}
		for _, e := range []Encoding{Extended, Minimal, Sequential} {
			var k Counter
			if err := NewEncoder(r, e).Write(&k, nil); err != nil {
				t.Fatal(err)
			}
			if want := clauseCount(std9, e) + extra; k.Clauses != want || clauseCount(r, e) != want {
				t.Errorf("%v %v: Write %d clauses, Clauses %d, want %d", names, e, k.Clauses, clauseCount(r, e), want)
			}
		}
	}
	// Over the givens' domain: a 5 at r1c1 under nonconsecutive leaves
	// r1c2 without 4 and 6, as unit clauses.
	r, _ := std9.WithNamed("nonconsecutive")
	g := satdoku.NewGrid(r)
	g.Set(0, 0, 5)
	var f CNF
	if err := NewEncoder(r, Extended).Write(&f, GivensDomain(g)); err != nil {
		t.Fatal(err)
	}
	units := map[int]bool{}
	for _, cl := range f.Clauses {
		if len(cl) == 1 {
			units[cl[0]] = true
		}
	}
	for _, want := range []int{-Var(9, 0, 1, 4), -Var(9, 0, 1, 6), -Var(9, 1, 0, 4), -Var(9, 1, 0, 6)} {
		if !units[want] {
			t.Errorf("no unit clause %d over the domain", want)
		}
	}
}

// TestVars checks that Vars, which skips the counting pass outside the
// Sequential encoding, gives the header's count in every encoding.
func TestVars(t *testing.T) {
	g := textfmt.MustParse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	for _, e := range []Encoding{Extended, Minimal, Reduced, Sequential} {
		o := DIMACSOptions{Encoding: e}
		want, _ := Size(g, o)
		if got := Vars(g, o); got != want {
			t.Errorf("%v: Vars = %d, Size says %d", e, got, want)
		}
	}
}
