package verify_test

import (
	"slices"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// fuzzGrid turns fuzz input into a 9×9 grid (81 bytes or more) or a 4×4
// grid (16 to 80 bytes): '1' to '9' are digits (up to N), anything else is
// a blank.
func fuzzGrid(s string) *satdoku.Grid {
	n := 4
	if len(s) >= 81 {
		n = 9
	} else if len(s) < 16 {
		return nil
	}
	g, err := satdoku.New(n)
	if err != nil {
		return nil
	}
	for i := range n * n {
		if d := int(s[i] - '0'); d >= 1 && d <= n {
			g.SetCell(i, d)
		}
	}
	return g
}

// FuzzVerify checks that Check, Solution and Count never panic and agree:
// Check matches the brute-force reference, Count's answer passes Solution,
// a grid with clashing givens has no solution, and a grid is a solution of
// itself exactly when it is full and valid.
func FuzzVerify(f *testing.F) {
	for _, s := range []string{leet1, leet2, top1, top1Sol, "1234341221434321", "1..1............", "................", "2....2..........",
		"................12..3..4..5....1...6....7.....54...8...9.3..4...8.....7.1...2....",
		"................12..3..4..5....1........7.....54...8.....3..4...8.....7.1...2...."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g := fuzzGrid(s)
		if g == nil {
			return
		}
		cs := verify.Check(g)
		if ref := naiveCheck(g); !slices.Equal(cs, ref) {
			t.Fatalf("%s: Check = %v, reference %v", line(g), cs, ref)
		}
		const limit = 3
		n, sol := verify.Count(g, limit)
		switch {
		case n < 0 || n > limit:
			t.Fatalf("%s: Count = %d, limit %d", line(g), n, limit)
		case (n == 0) != (sol == nil):
			t.Fatalf("%s: Count = %d with solution %s", line(g), n, line(sol))
		case cs != nil && n != 0:
			t.Fatalf("%s: clashing givens %v but Count = %d", line(g), cs, n)
		}
		if sol != nil {
			if err := verify.Solution(g, sol); err != nil {
				t.Fatalf("%s: Count's solution %s: %v", line(g), line(sol), err)
			}
		}
		if err := verify.Solution(g, g); (err == nil) != (g.Full() && cs == nil) {
			t.Fatalf("%s: Solution(g, g) = %v, full %v, Check %v", line(g), err, g.Full(), cs)
		}
	})
}

// FuzzRules checks Check, Solution and Count under the rule sets of
// ruleSets up to 6×6 (extra units, jigsaw regions, Latin squares): the
// first byte picks the rules and the next N² bytes the digits ('1' to N,
// anything else a blank). Count must agree with brute force.
func FuzzRules(f *testing.F) {
	for _, s := range []string{
		"\x00" + "1..1............",
		"\x02" + "1....1..........",
		"\x05" + "12..............",
		"\x06" + "123456............................6.",
		"\x0b" + "........3.............................",
		"\x0c" + "12.......1..........................",
	} {
		f.Add(s)
	}
	var sets []ruleSet
	for _, rs := range ruleSets(f) {
		if rs.r.N() <= 6 {
			sets = append(sets, rs)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) == 0 {
			return
		}
		rs := sets[int(s[0])%len(sets)]
		n := rs.r.N()
		s = s[1:]
		if len(s) < n*n {
			return
		}
		g := satdoku.NewGrid(rs.r)
		for i := range n * n {
			if d := int(s[i] - '0'); d >= 1 && d <= n {
				g.SetCell(i, d)
			}
		}
		cs := verify.Check(g)
		if ref := naiveCheck(g); !slices.Equal(cs, ref) {
			t.Fatalf("%s %s: Check = %v, reference %v", rs.name, line(g), cs, ref)
		}
		const limit = 3
		count, sol := verify.Count(g, limit)
		if n == 4 || 3*g.Givens() >= n*n { // brute force is quick enough
			if want, _ := brute(g, limit); count != want {
				t.Fatalf("%s %s: Count = %d, brute force %d", rs.name, line(g), count, want)
			}
		}
		if (count == 0) != (sol == nil) || count > 0 && !valid(rs.r, g, sol) {
			t.Fatalf("%s %s: Count = %d with solution %s", rs.name, line(g), count, line(sol))
		}
		if sol != nil {
			if err := verify.Solution(g, sol); err != nil {
				t.Fatalf("%s %s: Count's solution %s: %v", rs.name, line(g), line(sol), err)
			}
		}
		if err := verify.Solution(g, g); (err == nil) != (g.Full() && cs == nil) {
			t.Fatalf("%s %s: Solution(g, g) = %v, full %v, Check %v", rs.name, line(g), err, g.Full(), cs)
		}
	})
}
