package iss

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/verify"
)

// testKey writes the key of relation f on an n×n board as ISS's
// fnToBinaryKey does (js/sudoku_constraint.js): bit (a−1)·n + (b−1) for
// (a, b), six a character of the URL-safe base64 alphabet, trailing zeros
// left out. It is the test's own writing of the format, checked against
// keys ISS wrote (TestKeysOfISS).
func testKey(n int, f func(a, b int) bool) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	var vals []int
	for x := 0; x < n*n; x++ {
		if x%6 == 0 {
			vals = append(vals, 0)
		}
		if f(x/n+1, x%n+1) {
			vals[len(vals)-1] |= 1 << (x % 6)
		}
	}
	for len(vals) > 0 && vals[len(vals)-1] == 0 {
		vals = vals[:len(vals)-1]
	}
	var b strings.Builder
	for _, v := range vals {
		b.WriteByte(alphabet[v])
	}
	return b.String()
}

func abs(x int) int { return max(x, -x) }

// TestKeysOfISS: keys that ISS's own Pair.fnToKey and PairX.fnToKey wrote
// (node scripts/iss-pair-keys.mjs on ISS e373f98) are the test's keys of
// the same relations, and decode to the relations' tables.
func TestKeysOfISS(t *testing.T) {
	for _, c := range []struct {
		n   int
		f   func(a, b int) bool
		key string
	}{
		{4, func(a, b int) bool { return a <= b }, "vzI"},
		{4, func(a, b int) bool { return abs(a-b) == 1 }, "SpE"},
		{4, func(a, b int) bool { return abs(a-b) == 2 }, "EGC"},
		{4, func(a, b int) bool { return abs(a-b) == 3 }, "IAB"},
		{4, func(a, b int) bool { return abs(a-b) > 1 }, "MGD"},
		{9, func(a, b int) bool { return a <= b }, "_3_8H_wH8AHwAE"},
		{9, func(a, b int) bool { return abs(a-b) == 1 }, "CoAKgCoAKgCoAC"},
		{9, func(a, b int) bool { return abs(a-b) == 4 }, "QAEABQBUAEABQ"},
		{9, func(a, b int) bool { return abs(a-b) == 8 }, "AEAAAAAAAAAAB"},
		{9, func(a, b int) bool { return abs(a-b) > 1 }, "8H_xf8H_xf8H_B"},
	} {
		if got := testKey(c.n, c.f); got != c.key {
			t.Errorf("%d×%d: the test writes %q, ISS %q", c.n, c.n, got, c.key)
		}
		rel, err := decodeKey(c.key, c.n)
		if err != nil {
			t.Fatalf("%q: %v", c.key, err)
		}
		checkTable(t, c.key, rel, c.n, c.f)
	}
}

func checkTable(t *testing.T, key string, rel relation, n int, f func(a, b int) bool) {
	t.Helper()
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			if got := rel.allows(a, b); got != f(a, b) {
				t.Fatalf("key %q, (%d, %d): allows %v, want %v", key, a, b, got, f(a, b))
			}
		}
	}
}

// TestDecodeKey decodes the keys of many relations on every board size ISS
// has, against the relations themselves.
func TestDecodeKey(t *testing.T) {
	for n := 4; n <= 16; n++ {
		for k, f := range []func(a, b int) bool{
			func(a, b int) bool { return a < b },
			func(a, b int) bool { return a == n && b == n }, // the last bit alone
			func(a, b int) bool { return a == 1 && b == 1 },
			func(a, b int) bool { return false },
			func(a, b int) bool { return true },
			func(a, b int) bool { return (a*7+b*3)%5 < 2 },
			func(a, b int) bool { return (a+b)%2 == 1 },
		} {
			key := testKey(n, f)
			rel, err := decodeKey(key, n)
			if err != nil {
				t.Fatalf("%d×%d relation %d, key %q: %v", n, n, k, key, err)
			}
			checkTable(t, key, rel, n, f)
		}
	}
	for _, bad := range []string{"AB.C", "A=B", "é", strings.Repeat("A", 15)} {
		if _, err := decodeKey(bad, 9); err == nil {
			t.Errorf("key %q decoded", bad)
		}
	}
}

// meaning is true when the cells, filled with the digits, break no rule
// of the puzzle by the validator's own reading of them.
func meaning(t *testing.T, p *Puzzle, cells, digits []int) bool {
	t.Helper()
	g := p.Grid.Clone()
	for k, i := range cells {
		g.SetCell(i, digits[k])
	}
	return len(verify.Check(g)) == 0
}

// TestPairMeaning reads Pairs and PairXs of many relations and holds the
// rules read to the relation: the validator (which shares no code with
// clue or this package) accepts the digits a, b in two cells that share
// no unit exactly when the relation allows them, and the clue read is the
// one expected: one clue on the whole list where the kind relates the
// list as the constraint does, one a pair otherwise.
func TestPairMeaning(t *testing.T) {
	const n = 9
	type want struct {
		kind  clue.Kind
		value int
		whole bool // one clue on the list; else one a pair
		back  bool // the list reversed
	}
	for _, c := range []struct {
		name  string
		every bool
		f     func(a, b int) bool
		want  want
	}{
		{"a<=b", false, func(a, b int) bool { return a <= b }, want{clue.SlowThermometer, 0, true, false}},
		{"a>=b", false, func(a, b int) bool { return a >= b }, want{clue.SlowThermometer, 0, true, true}},
		{"a<b", false, func(a, b int) bool { return a < b }, want{clue.Thermometer, 0, true, false}},
		{"a>b", false, func(a, b int) bool { return a > b }, want{clue.Thermometer, 0, true, true}},
		{"a!=b", false, func(a, b int) bool { return a != b }, want{clue.Whispers, 1, true, false}},
		{"|a-b|>1", false, func(a, b int) bool { return abs(a-b) > 1 }, want{clue.Whispers, 2, true, false}},
		{"|a-b|>=4", false, func(a, b int) bool { return abs(a-b) >= 4 }, want{clue.Whispers, 4, true, false}},
		{"|a-b|>=5", false, func(a, b int) bool { return abs(a-b) >= 5 }, want{clue.Whispers, 5, true, false}},
		{"|a-b|>=8", false, func(a, b int) bool { return abs(a-b) >= 8 }, want{clue.Whispers, 8, true, false}},
		{"parity", false, func(a, b int) bool { return (a+b)%2 == 1 }, want{clue.ParityLine, 0, true, false}},
		{"a=b", false, func(a, b int) bool { return a == b }, want{clue.Palindrome, 0, false, false}},
		{"mod 3", false, func(a, b int) bool { return a%3 != b%3 }, want{clue.ModularLine, 0, false, false}},
		{"thirds", false, func(a, b int) bool { return (a-1)/3 != (b-1)/3 }, want{clue.EntropicLine, 0, false, false}},
		{"|a-b|=1", false, func(a, b int) bool { return abs(a-b) == 1 }, want{clue.WhiteDot, 1, false, false}},
		{"|a-b|=3", false, func(a, b int) bool { return abs(a-b) == 3 }, want{clue.WhiteDot, 3, false, false}},
		{"ratio 2", false, func(a, b int) bool { return a == 2*b || b == 2*a }, want{clue.BlackDot, 2, false, false}},
		{"ratio 3", false, func(a, b int) bool { return a == 3*b || b == 3*a }, want{clue.BlackDot, 3, false, false}},
		{"a+b=10", false, func(a, b int) bool { return a+b == 10 }, want{clue.XV, 10, false, false}},
		{"a+b=5", false, func(a, b int) bool { return a+b == 5 }, want{clue.XV, 5, false, false}},
		{"none", false, func(a, b int) bool { return false }, want{clue.Whispers, 9, false, false}},
		{"X |a-b|>1", true, func(a, b int) bool { return abs(a-b) > 1 }, want{clue.Nabner, 0, true, false}},
		{"X a!=b", true, func(a, b int) bool { return a != b }, want{clue.ExtraRegion, 0, true, false}},
		{"X |a-b|>=5", true, func(a, b int) bool { return abs(a-b) >= 5 }, want{clue.Whispers, 5, false, false}},
		{"X parity", true, func(a, b int) bool { return (a+b)%2 == 1 }, want{clue.ParityLine, 0, false, false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			typ := "Pair"
			if c.every {
				typ = "PairX"
			}
			key := testKey(n, c.f)
			// Two cells that share no unit: the relation alone.
			p, err := Read(fmt.Sprintf(".%s~%s~R1C1~R5C5", typ, key))
			if err != nil {
				t.Fatal(err)
			}
			for a := 1; a <= n; a++ {
				for b := 1; b <= n; b++ {
					if got := meaning(t, p, []int{0, 40}, []int{a, b}); got != c.f(a, b) {
						t.Fatalf("r1c1 = %d, r5c5 = %d: the rules read allow it %v, the relation %v", a, b, got, c.f(a, b))
					}
				}
			}
			// Three cells: the clues read.
			p, err = Read(fmt.Sprintf(".%s~%s~R1C1~R5C5~R9C9", typ, key))
			if err != nil {
				t.Fatal(err)
			}
			cells := []int{0, 40, 80}
			if c.want.back {
				slices.Reverse(cells)
			}
			var groups [][]int
			switch {
			case c.want.whole:
				groups = [][]int{cells}
			case c.every:
				groups = [][]int{{0, 40}, {0, 80}, {40, 80}}
			default:
				groups = [][]int{{0, 40}, {40, 80}}
			}
			if len(p.Clues) != len(groups) {
				t.Fatalf("clues %+v, want %d of kind %v", p.Clues, len(groups), c.want.kind)
			}
			for k, g := range groups {
				got := p.Clues[k]
				cs := got.Cells
				if len(got.Lines) == 1 {
					cs = got.Lines[0]
				}
				if got.Kind != c.want.kind || got.Value != c.want.value || !slices.Equal(cs, g) {
					t.Errorf("clue %d: %v %d on %v, want %v %d on %v", k, got.Kind, got.Value, cs, c.want.kind, c.want.value, g)
				}
			}
		})
	}
}

// TestPairGroups: named groups and empty arguments make several lists,
// each read on its own; the legacy Binary key is the base64 of Pair with
// '-' and '_' swapped; a key that allows every pair says nothing.
func TestPairGroups(t *testing.T) {
	key := testKey(9, func(a, b int) bool { return a <= b }) // "_3_8H_wH8AHwAE"
	p, err := Read(".Pair~" + key + "~_ramp~R1C1~R1C2~~R3C3~R3C4~_other%20one~R5C5~R6C5")
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]int
	for _, c := range p.Clues {
		if c.Kind != clue.SlowThermometer {
			t.Errorf("clue %v", c.Kind)
		}
		lines = append(lines, c.Lines...)
	}
	if want := [][]int{{0, 1}, {20, 21}, {40, 49}}; !slices.EqualFunc(lines, want, slices.Equal) {
		t.Errorf("lines %v, want %v", lines, want)
	}
	legacy := "-3-8H-wH8AHwAE" // key with '-' and '_' swapped
	q, err := Read(".Binary~" + legacy + "~R1C1~R1C2")
	if err != nil || len(q.Clues) != 1 || q.Clues[0].Kind != clue.SlowThermometer || !slices.Equal(q.Clues[0].Lines[0], []int{0, 1}) {
		t.Fatalf("Binary %q: %+v, %v", legacy, q, err)
	}
	q, err = Read(".BinaryX~8H-xf8H-xf8H-B~R1C1~R2C3~R5C5")
	if err != nil || len(q.Clues) != 1 || q.Clues[0].Kind != clue.Nabner {
		t.Fatalf("BinaryX: %+v, %v", q, err)
	}
	q, err = Read(".Pair~" + testKey(9, func(a, b int) bool { return true }) + "~R1C1~R1C2")
	if err != nil || len(q.Clues) != 0 || len(q.Grid.Rules().Relations()) != 0 {
		t.Fatalf("a key of every pair: %+v, %v", q, err)
	}
}

// TestSameDifference reads an Or of Pairs |a−b| = d, d from 1 to 8, on
// three cells that share no unit (one member on the list reversed, with
// ISS's names), and holds the rules read to the meaning, every digit of
// the three cells tried: the two differences are equal and not 0. With d
// from 0 to 8, they may be 0.
func TestSameDifference(t *testing.T) {
	const n = 9
	or := func(ds []int) string {
		s := ".Or"
		for k, d := range ds {
			cells := "R1C1~R5C5~R9C9"
			if k == 2 {
				cells = "R9C9~R5C5~R1C1"
			}
			s += fmt.Sprintf(".Pair~%s~_same%%20difference%%20%d~%s", testKey(n, func(a, b int) bool { return abs(a-b) == d }), d, cells)
		}
		return s + ".End"
	}
	for _, zero := range []bool{false, true} {
		ds := []int{1, 2, 3, 4, 5, 6, 7, 8}
		if zero {
			ds = append(ds, 0)
		}
		p, err := Read(or(ds))
		if err != nil {
			t.Fatal(err)
		}
		if p.Clues[0].Kind != clue.SameDifference || !slices.Equal(p.Clues[0].Lines[0], []int{0, 40, 80}) {
			t.Fatalf("clues %+v", p.Clues)
		}
		for a := 1; a <= n; a++ {
			for b := 1; b <= n; b++ {
				for c := 1; c <= n; c++ {
					want := abs(a-b) == abs(b-c) && (zero || a != b)
					if got := meaning(t, p, []int{0, 40, 80}, []int{a, b, c}); got != want {
						t.Fatalf("d's 1–8 (0 too: %v): %d %d %d allowed %v, want %v", zero, a, b, c, got, want)
					}
				}
			}
		}
	}
	// Two cells: differ (by some d from 1 to 8).
	p, err := Read(strings.ReplaceAll(or([]int{1, 2, 3, 4, 5, 6, 7, 8}), "~R9C9", ""))
	if err != nil {
		t.Fatal(err)
	}
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			if got := meaning(t, p, []int{0, 40}, []int{a, b}); got != (a != b) {
				t.Fatalf("two cells %d %d allowed %v", a, b, got)
			}
		}
	}
}

// TestPairErrors: relations without a clue, keys ISS refuses, Ors that are
// not same-difference lines, and dots that would escape a strict rule are
// errors at the item at fault, naming what is wrong.
func TestPairErrors(t *testing.T) {
	le := testKey(9, func(a, b int) bool { return a <= b })
	d1 := testKey(9, func(a, b int) bool { return abs(a-b) == 1 })
	diffs := func(to int) string {
		s := ""
		for d := 1; d <= to; d++ {
			s += ".Pair~" + testKey(9, func(a, b int) bool { return abs(a-b) == d }) + "~R1C1~R1C2~R1C3"
		}
		return s
	}
	sum7 := testKey(9, func(a, b int) bool { return a+b == 7 })
	checkErrors(t, []errorCase{
		{".PairX~" + sum7 + "~R1C1~R1C2~R1C1", "$R1C1", ErrInvalid, "listed twice"},
		{".PairX~" + le + "~R1C1~R1C2", le, ErrInvalid, "not symmetric"},
		{".Pair~AB*C~R1C1~R1C2", "AB*C", ErrInvalid, "'*' is not a character"},
		{".Pair~A=B~R1C1~R1C2", "A=B", ErrInvalid, "not a character"},
		{".Pair~" + strings.Repeat("B", 15) + "~R1C1~R1C2", "BBB", ErrInvalid, "at most 14"},
		{".Pair", ".Pair", ErrInvalid, "missing argument"},
		{".Pair~" + le + "~_name", ".Pair", ErrInvalid, "no cells"},
		{".Pair~" + testKey(9, func(a, b int) bool { return a != b }) + "~R1C1~R1C2~R1C2", ".Pair", ErrInvalid, "R1C2 is related to itself, and the key allows no value with itself"},
		{".PairX~" + d1 + "~R1C1~R1C2~R1C1", "$R1C1", ErrInvalid, "listed twice"},
		{".Var~A~a~2.PairX~" + d1 + "~VA1~R1C2~VA1", "$VA1", ErrInvalid, "PairX: VA1 listed twice"},
		{".Pair~" + le + "~R1C1~R0C1", "R0C1", ErrInvalid, "R0C1"},
		{".Or.End", ".Or", ErrUnsupported, "no members"},
		{".Or" + diffs(8), "", ErrSyntax, "Or without End"},
		{".Or.Thermo~R1C1~R1C2.AntiKnight.End", ".AntiKnight", ErrUnsupported, "AntiKnight inside an Or"},
		{".Pair~" + d1 + "~R1C1~R1C2.StrictKropki", ".Pair", ErrUnsupported, "white dot of R1C1 and R1C2, which would exempt them from the negative"},
		{".Pair~" + testKey(9, func(a, b int) bool { return a+b == 10 }) + "~R1C1~R2C1.StrictXV", ".Pair", ErrUnsupported, "xv of R1C1 and R2C1"},
		// Not neighbours, or no strict rule: no exemption to fear.
		{".Pair~" + d1 + "~R1C1~R3C3.StrictKropki", "", nil, ""},
		{".Or" + diffs(8) + ".End", "", nil, ""},
		{".Replicate~D.Thermo~R1C1~R1C2", "", ErrSyntax, "Replicate without End"},
		{".Replicate~D~R9C9.Thermo~R1C1~R1C2.End", "D~R9C9", ErrInvalid, "not in its cell group"},
	})
}

// TestPairTable reads relations that no named clue has (ISS's "one of the
// two is 7", "same parity", a + b = 7) as their tables: the validator
// accepts the digits a, b in two cells that share no unit exactly when the
// relation allows them, on every two cells of a PairX and on neighbours of
// a Pair, and the clue read is a pair table.
func TestPairTable(t *testing.T) {
	const n = 9
	for _, c := range []struct {
		name  string
		every bool
		rel   func(a, b int) bool
	}{
		{"one of them 7", true, func(a, b int) bool { return a == 7 || b == 7 }},
		{"same parity", true, func(a, b int) bool { return (a-b)%2 == 0 }},
		{"a + b = 7", false, func(a, b int) bool { return a+b == 7 }},
		{"b = a + 2 or a = 9", false, func(a, b int) bool { return b == a+2 || a == 9 }},
	} {
		typ := "Pair"
		if c.every {
			typ = "PairX"
		}
		// r1c1, r5c5, r9c9 share no unit.
		p, err := Read("." + typ + "~" + testKey(n, c.rel) + "~R1C1~R5C5~R9C9")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(p.Clues) != 1 || p.Clues[0].Kind != clue.PairTable {
			t.Fatalf("%s: clues %v, want one pair table", c.name, p.Clues)
		}
		for a := 1; a <= n; a++ {
			for b := 1; b <= n; b++ {
				if got := meaning(t, p, []int{0, 40}, []int{a, b}); got != c.rel(a, b) {
					t.Fatalf("%s: r1c1 %d, r5c5 %d: allowed %v", c.name, a, b, got)
				}
				if got := meaning(t, p, []int{0, 80}, []int{a, b}); got != (!c.every || c.rel(a, b)) {
					t.Fatalf("%s: r1c1 %d, r9c9 %d (not neighbours on the list): allowed %v", c.name, a, b, got)
				}
			}
		}
	}
}

// TestOrMeaning reads Ors that are no same-difference line as any-of
// clues, and holds the rules to their meaning through the validator:
// Four At A Time's slow thermometer that may rise either way, an Or of a
// cage and an And of a thermometer and a given, members with differences
// 1 to 7 only, an Or inside an And inside an Or.
func TestOrMeaning(t *testing.T) {
	le := testKey(9, func(a, b int) bool { return a <= b })
	diffs := ""
	for d := 1; d <= 7; d++ {
		diffs += ".Pair~" + testKey(9, func(a, b int) bool { return abs(a-b) == d }) + "~R1C1~R1C2~R1C3"
	}
	for _, c := range []struct {
		in    string
		cells []int
		holds func(d []int) bool
	}{
		{".Or.Pair~" + le + "~R1C1~R1C2~R1C3.Pair~" + le + "~R1C3~R1C2~R1C1.End", []int{0, 1, 2},
			func(d []int) bool { return d[0] <= d[1] && d[1] <= d[2] || d[2] <= d[1] && d[1] <= d[0] }},
		{".Or.Cage~10~R1C1~R2C2.And.Thermo~R1C1~R2C2.~R1C1_3.End.End", []int{0, 10},
			func(d []int) bool { return d[0]+d[1] == 10 || d[0] < d[1] && d[0] == 3 }},
		{".Or.Cage~10~R1C1~R2C2.And.Thermo~R2C2~R1C1.Or.~R1C1_9.~R2C2_1.End.End.End", []int{0, 10},
			func(d []int) bool { return d[0]+d[1] == 10 || d[1] < d[0] && (d[0] == 9 || d[1] == 1) }},
		{".Or" + diffs + ".End", []int{0, 1, 2},
			func(d []int) bool { return abs(d[0]-d[1]) == abs(d[1]-d[2]) && abs(d[0]-d[1]) <= 7 }},
	} {
		p, err := Read(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if len(p.Clues) != 1 || p.Clues[0].Kind != clue.AnyOf {
			t.Fatalf("%s: clues %v, want one any of", c.in, p.Clues)
		}
		some, all := 0, 0
		ds := make([]int, len(c.cells))
		var walk func(k int)
		walk = func(k int) {
			if k == len(ds) {
				if slices.Contains(ds[:len(ds)-1], ds[len(ds)-1]) || len(ds) == 3 && ds[0] == ds[1] {
					return // the cells share a row or a box
				}
				want := c.holds(ds)
				if got := meaning(t, p, c.cells, ds); got != want {
					t.Fatalf("%s: digits %v allowed %v, want %v", c.in, ds, got, want)
				}
				all++
				if want {
					some++
				}
				return
			}
			for d := 1; d <= 9; d++ {
				ds[k] = d
				walk(k + 1)
			}
		}
		walk(0)
		if some == 0 || some == all {
			t.Errorf("%s: %d of %d hold: the case tests nothing", c.in, some, all)
		}
	}
}
