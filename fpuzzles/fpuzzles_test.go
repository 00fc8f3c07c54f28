package fpuzzles

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/verify"
)

// board returns the JSON of an empty n×n puzzle with more keys appended
// (extra is "" or starts with a comma).
func board(n int, extra string) string {
	row := "[" + strings.TrimSuffix(strings.Repeat("{},", n), ",") + "]"
	rows := strings.TrimSuffix(strings.Repeat(row+",", n), ",")
	return fmt.Sprintf(`{"size":%d,"grid":[%s]%s}`, n, rows, extra)
}

// rel and con shorten the expected values.
func rel(a, b int, k satdoku.RelationKind, v int, name string) satdoku.Relation {
	return satdoku.Relation{A: a, B: b, Kind: k, Value: v, Name: name}
}

func total(name string, v int, cells []int, coefs []int) satdoku.Constraint {
	return satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Coefs: coefs, Value: v, Name: name}
}

// want describes the rules a snippet should give.
type want struct {
	base     *satdoku.Rules // Standard(n) when nil
	named    []string
	extras   []satdoku.ExtraUnit
	rels     []satdoku.Relation
	cons     []satdoku.Constraint
	tags     []string // the tags after those of named
	warnings []string
}

func (w want) rules(t *testing.T, n int) *satdoku.Rules {
	t.Helper()
	r := w.base
	if r == nil {
		r = must(satdoku.Standard(n))
	}
	var err error
	if len(w.named) > 0 {
		if r, err = r.WithNamed(w.named...); err != nil {
			t.Fatal(err)
		}
	}
	if r, err = r.WithExtra(w.extras...); err != nil {
		t.Fatal(err)
	}
	if r, err = r.WithRelations(w.rels...); err != nil {
		t.Fatal(err)
	}
	if r, err = r.WithConstraints(w.cons...); err != nil {
		t.Fatal(err)
	}
	return r.WithTags(w.tags...)
}

func must[T any](x T, err error) T {
	if err != nil {
		panic(err)
	}
	return x
}

// sameRules reports how a and b differ, or "".
func sameRules(a, b *satdoku.Rules) string {
	switch {
	case a.N() != b.N():
		return fmt.Sprintf("N %d, want %d", a.N(), b.N())
	case !reflect.DeepEqual(a.Units(), b.Units()):
		return fmt.Sprintf("units\n%v\nwant\n%v", a.Units(), b.Units())
	case !reflect.DeepEqual(a.Relations(), b.Relations()):
		return fmt.Sprintf("relations\n%v\nwant\n%v", a.Relations(), b.Relations())
	case !reflect.DeepEqual(a.Constraints(), b.Constraints()):
		return fmt.Sprintf("constraints\n%#v\nwant\n%#v", a.Constraints(), b.Constraints())
	case !slices.Equal(a.Tags(), b.Tags()):
		return fmt.Sprintf("tags %q, want %q", a.Tags(), b.Tags())
	}
	ah, aw := a.BoxShape()
	bh, bw := b.BoxShape()
	if ah != bh || aw != bw {
		return fmt.Sprintf("box shape %d×%d, want %d×%d", ah, aw, bh, bw)
	}
	return ""
}

func allPairs(n int, except ...[2]int) [][2]int {
	var ps [][2]int
	for i := range n * n {
		for _, j := range []int{i + 1, i + n} {
			if j == i+1 && j%n == 0 || j >= n*n || slices.Contains(except, [2]int{i, j}) {
				continue
			}
			ps = append(ps, [2]int{i, j})
		}
	}
	return ps
}

func TestKeys(t *testing.T) {
	jig := [][]int{
		{0, 1, 4, 8}, {2, 3, 6, 7}, {5, 9, 12, 13}, {10, 11, 14, 15},
	}
	var negRatio, negDiff, negXV []satdoku.Relation
	negRatio = append(negRatio, rel(0, 1, satdoku.Double, 0, "black dot"))
	for _, p := range allPairs(4, [2]int{0, 1}) {
		negRatio = append(negRatio, rel(p[0], p[1], satdoku.NotDouble, 0, "negative ratio"))
	}
	negDiff = append(negDiff, rel(0, 4, satdoku.Difference, 2, "white dot"))
	for _, p := range allPairs(4, [2]int{0, 4}) {
		negDiff = append(negDiff, rel(p[0], p[1], satdoku.NotDifference, 2, "negative difference"))
	}
	for _, p := range allPairs(4) {
		negXV = append(negXV, rel(p[0], p[1], satdoku.NotSum, 5, "negative xv"), rel(p[0], p[1], satdoku.NotSum, 10, "negative xv"))
	}
	// A dot of either colour exempts its pair from nonconsecutive and
	// from the negative rules of both colours.
	dots := []satdoku.Relation{rel(0, 1, satdoku.Consecutive, 0, "white dot"), rel(4, 8, satdoku.Double, 0, "black dot")}
	nonConsec, negRatioWhite, negDiffBlack := slices.Clone(dots), slices.Clone(dots), slices.Clone(dots)
	for _, p := range allPairs(4, [2]int{0, 1}, [2]int{4, 8}) {
		nonConsec = append(nonConsec, rel(p[0], p[1], satdoku.NotConsecutive, 0, "nonconsecutive"))
		negRatioWhite = append(negRatioWhite, rel(p[0], p[1], satdoku.NotDouble, 0, "negative ratio"))
		negDiffBlack = append(negDiffBlack, rel(p[0], p[1], satdoku.NotConsecutive, 0, "negative difference"))
	}
	const dotsJSON = `,"difference":[{"cells":["R1C1","R1C2"]}],"ratio":[{"cells":["R2C1","R3C1"]}]`
	// A 5×5 jigsaw: R1C5 and R2C1 trade rows; the other cells keep their
	// default region, their row.
	jig5 := [][]int{{0, 1, 2, 3, 5}, {4, 6, 7, 8, 9}, {10, 11, 12, 13, 14}, {15, 16, 17, 18, 19}, {20, 21, 22, 23, 24}}
	jig5JSON := `{"size":5,"grid":[[{},{},{},{},{"region":1}],[{"region":0},{},{},{},{}],[{},{},{},{},{}],[{},{},{},{},{}],[{},{},{},{},{}]]}`
	// A 4×4 board whose first box is in no region.
	partial := `{"size":4,"grid":[[{"region":null},{"region":null},{},{}],[{"region":null},{"region":null},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
	jigJSON := `{"size":4,"grid":[[{"region":0},{"region":0},{"region":1},{"region":1}],[{"region":0},{"region":2},{"region":1},{"region":1}],[{"region":0},{"region":2},{"region":3},{"region":3}],[{"region":2},{"region":2},{"region":3},{"region":3}]]`
	tests := []struct {
		name string
		n    int
		json string
		want want
	}{
		{"plain", 9, board(9, ""), want{}},
		{"globals", 9, board(9, `,"diagonal+":true,"diagonal-":true,"antiknight":true,"antiking":true,"disjointgroups":true,"nonconsecutive":true`),
			want{named: []string{"diagonal+", "diagonal-", "anti-knight", "anti-king", "disjoint", "nonconsecutive"}}},
		{"false globals", 9, board(9, `,"diagonal+":false,"antiknight":null`), want{}},
		{"killer cage", 9, board(9, `,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R9C9","R9C8","R8C9"],"value":24},{"cells":["R5C5","R5C6"]},{"cells":["R2C2"],"value":""}]`),
			want{extras: []satdoku.ExtraUnit{{Name: "killer cage", Cells: []int{0, 1}}, {Name: "killer cage", Cells: []int{80, 79, 71}}, {Name: "killer cage", Cells: []int{40, 41}}},
				cons: []satdoku.Constraint{total("killer cage", 3, []int{0, 1}, nil), total("killer cage", 24, []int{80, 79, 71}, nil)},
				tags: []string{"killer cage"}}},
		// dclamage's digital-root cages: two cells make 3 to 17, so DR5 is
		// 5 or 14; a cage of all 9 cells keeps its digits distinct alone.
		{"digital-root cage", 9, board(9, `,"cage":[{"cells":["R1C1","R1C2"],"value":"DR5"},{"cells":["R9C1","R9C2","R9C3","R9C4","R9C5","R9C6","R9C7","R9C8","R9C9"],"value":"DR4"}]`),
			want{extras: []satdoku.ExtraUnit{{Name: "killer cage", Cells: []int{0, 1}}, {Name: "killer cage", Cells: []int{72, 73, 74, 75, 76, 77, 78, 79, 80}}},
				cons: []satdoku.Constraint{{Kind: satdoku.TotalIn, Cells: []int{0, 1}, Digits: []int{5, 14}, Name: "multisum killer cage"}},
				tags: []string{"multisum killer cage"}}},
		{"cosmetic cage with a number", 4, board(4, `,"cage":[{"cells":["R1C1","R1C2"],"value":"7","outlineC":"#000000"}]`),
			want{warnings: []string{`ignored "cage": cosmetic, no rule, as in f-puzzles (a killer cage with its sum is a "killercage")`}}},
		{"cosmetic cage", 4, board(4, `,"cage":[{"cells":["R1C1","R1C2"],"value":"A"},{"cells":["R3C3"]}]`),
			want{warnings: []string{`ignored "cage": cosmetic, no rule`}}},
		{"cosmetics", 4, board(4, `,"title":"T","author":"A","ruleset":"R","line":[{"lines":[["R1C1","R1C2"]]}],"text":[{"cells":["R1C1"],"value":"hi"}],"circle":[],"rectangle":[{"cells":["R2C2"]}],"truecandidatesoptions":["colored"],"disabledlogic":["tuples"]`),
			want{warnings: []string{`ignored "line": cosmetic, no rule`, `ignored "text": cosmetic, no rule`, `ignored "rectangle": cosmetic, no rule`}}},
		{"extra region", 4, board(4, `,"extraregion":[{"cells":["R1C1","R2C2","R3C3"]}]`),
			want{extras: []satdoku.ExtraUnit{{Name: "extra region", Cells: []int{0, 5, 10}}}, tags: []string{"extra region"}}},
		{"little killer", 4, board(4, `,"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"9"},{"cell":"R5C1","direction":"UR","value":10},{"cell":"R0C4","direction":"DL","value":""},{"cell":"R2C5","direction":"ul","value":"0"}]`),
			want{cons: []satdoku.Constraint{total("little killer", 9, []int{1, 6, 11}, nil), total("little killer", 10, []int{13, 10, 7}, nil)},
				tags: []string{"little killer"}}},
		{"sandwich", 4, board(4, `,"sandwichsum":[{"cell":"R0C2","value":"3"},{"cell":"R3C5","value":0},{"cell":"R5C1","value":""}]`),
			want{cons: []satdoku.Constraint{{Kind: satdoku.Sandwich, Cells: []int{1, 5, 9, 13}, Value: 3, Name: "sandwich"},
				{Kind: satdoku.Sandwich, Cells: []int{8, 9, 10, 11}, Value: 0, Name: "sandwich"}},
				tags: []string{"sandwich"}}},
		{"thermometer", 4, board(4, `,"thermometer":[{"lines":[["R1C1","R1C2","R2C2"],["R1C1","R2C1"]]}]`),
			want{rels: []satdoku.Relation{rel(0, 1, satdoku.Less, 0, "thermometer"), rel(1, 5, satdoku.Less, 0, "thermometer"), rel(0, 4, satdoku.Less, 0, "thermometer")},
				tags: []string{"thermometer"}}},
		{"arrow", 9, board(9, `,"arrow":[{"lines":[["R1C1","R1C2","R1C3"]],"cells":["R1C1"]},{"lines":[["R2C2","R3C2","R4C2"]],"cells":["R2C2","R2C1"]}]`),
			want{cons: []satdoku.Constraint{total("arrow", 0, []int{1, 2, 0}, []int{1, 1, -1}), total("arrow", 0, []int{19, 28, 10, 9}, []int{1, 1, -1, -10})},
				tags: []string{"arrow"}}},
		{"palindrome", 4, board(4, `,"palindrome":[{"lines":[["R1C1","R1C2","R1C3"]]}]`),
			want{rels: []satdoku.Relation{rel(0, 2, satdoku.Equal, 0, "palindrome")}, tags: []string{"palindrome"}}},
		{"renban", 4, board(4, `,"renban":[{"lines":[["R1C1","R1C2","R2C2"]]}]`),
			want{cons: []satdoku.Constraint{{Kind: satdoku.Run, Cells: []int{0, 1, 5}, Name: "renban"}}, tags: []string{"renban"}}},
		{"whispers", 9, board(9, `,"whispers":[{"lines":[["R1C1","R1C2"]]},{"lines":[["R2C1","R2C2"]],"value":"4"}]`),
			want{rels: []satdoku.Relation{rel(0, 1, satdoku.Apart, 5, "whispers"), rel(9, 10, satdoku.Apart, 4, "whispers")}, tags: []string{"whispers"}}},
		{"whispers 6×6", 6, board(6, `,"whispers":[{"lines":[["R1C1","R1C2"]]}]`),
			want{rels: []satdoku.Relation{rel(0, 1, satdoku.Apart, 3, "whispers")}, tags: []string{"whispers"}}},
		{"dutch whispers", 9, board(9, `,"whispers":[{"lines":[["R1C1","R1C2","R1C3"]],"value":4}]`),
			want{rels: []satdoku.Relation{rel(0, 1, satdoku.Apart, 4, "whispers"), rel(1, 2, satdoku.Apart, 4, "whispers")}, tags: []string{"whispers"}}},
		// R1C1 R1C2 | R1C3 R2C3 | R3C3: the boxes' sums are equal in a row.
		{"region sum line", 4, board(4, `,"regionsumline":[{"lines":[["R1C1","R1C2","R1C3","R2C3","R3C3"]]}]`),
			want{cons: []satdoku.Constraint{total("region sum line", 0, []int{0, 1, 2, 6}, []int{1, 1, -1, -1}),
				total("region sum line", 0, []int{2, 6, 10}, []int{1, 1, -1})}, tags: []string{"region sum line"}}},
		{"zipper line", 6, board(6, `,"zipperline":[{"lines":[["R1C1","R1C2","R1C3","R2C3","R3C3"]]}]`),
			want{cons: []satdoku.Constraint{total("zipper line", 0, []int{0, 14, 1, 8}, []int{1, 1, -1, -1}),
				total("zipper line", 0, []int{1, 8, 2}, []int{1, 1, -1})}, tags: []string{"zipper line"}}},
		{"double arrow", 6, board(6, `,"doublearrow":[{"lines":[["R1C1","R1C2","R1C3","R2C3"]]}]`),
			want{cons: []satdoku.Constraint{total("double arrow", 0, []int{0, 8, 1, 2}, []int{1, 1, -1, -1})}, tags: []string{"double arrow"}}},
		{"nabner", 4, board(4, `,"nabner":[{"lines":[["R1C1","R2C2","R3C3"]]}]`),
			want{rels: []satdoku.Relation{rel(0, 5, satdoku.Different, 0, "nabner"), rel(0, 5, satdoku.NotConsecutive, 0, "nabner"),
				rel(0, 10, satdoku.Different, 0, "nabner"), rel(0, 10, satdoku.NotConsecutive, 0, "nabner"),
				rel(5, 10, satdoku.Different, 0, "nabner"), rel(5, 10, satdoku.NotConsecutive, 0, "nabner")}, tags: []string{"nabner"}}},
		{"entropic and modular lines", 4, board(4, `,"entropicline":[{"lines":[["R1C1","R2C2","R3C3"]]}],"modularline":[{"lines":[["R4C1","R4C2"]]}]`),
			want{rels: []satdoku.Relation{rel(0, 5, satdoku.OtherThird, 4, "entropic line"), rel(0, 10, satdoku.OtherThird, 4, "entropic line"),
				rel(5, 10, satdoku.OtherThird, 4, "entropic line"), rel(12, 13, satdoku.OtherResidue, 3, "modular line")},
				tags: []string{"entropic line", "modular line"}}},
		// Read from the clue: from below and from the right, reversed.
		{"x-sum and skyscraper", 4, board(4, `,"xsum":[{"cell":"R5C2","value":"6"},{"cell":"R1C0","value":""}],"skyscraper":[{"cell":"R2C5","value":2}]`),
			want{cons: []satdoku.Constraint{{Kind: satdoku.XSum, Cells: []int{13, 9, 5, 1}, Value: 6, Name: "x-sum"},
				{Kind: satdoku.Skyscraper, Cells: []int{7, 6, 5, 4}, Value: 2, Name: "skyscraper"}}, tags: []string{"x-sum", "skyscraper"}}},
		// R1C1 = d puts 1 in row d of column 1; R2C3 = d puts 3 in column d
		// of row 2; R2C2, the 4th cell of its box, puts 4 in its d-th cell.
		{"indexers", 4, board(4, `,"rowindexer":[{"cells":["R1C1"]}],"columnindexer":[{"cells":["R2C3"]}],"boxindexer":[{"cells":["R2C2"]}]`),
			want{cons: []satdoku.Constraint{{Kind: satdoku.Index, Cells: []int{0, 4, 8, 12}, Coefs: []int{1, 2, 3, 4}, Value: 1, Name: "row indexer"},
				{Kind: satdoku.Index, Cells: []int{6, 4, 5, 7}, Coefs: []int{3, 1, 2, 4}, Value: 3, Name: "column indexer"},
				{Kind: satdoku.Index, Cells: []int{5, 0, 1, 4}, Coefs: []int{4, 1, 2, 3}, Value: 4, Name: "box indexer"}},
				tags: []string{"row indexer", "column indexer", "box indexer"}}},
		{"lockout", 9, board(9, `,"lockout":[{"lines":[["R1C1","R1C2","R1C3"]]}]`),
			want{rels: []satdoku.Relation{rel(0, 2, satdoku.Apart, 4, "lockout line")},
				cons: []satdoku.Constraint{{Kind: satdoku.Outside, Cells: []int{0, 1, 2}, Name: "lockout line"}}, tags: []string{"lockout line"}}},
		{"slow thermometer", 4, board(4, `,"slowthermometer":[{"lines":[["R2C2","R1C1","R1C2"]]}]`),
			want{rels: []satdoku.Relation{rel(5, 0, satdoku.NotGreater, 0, "slow thermometer"), rel(0, 1, satdoku.NotGreater, 0, "slow thermometer")},
				tags: []string{"slow thermometer"}}},
		{"between", 4, board(4, `,"betweenline":[{"lines":[["R1C1","R1C2","R1C3"]]}]`),
			want{cons: []satdoku.Constraint{{Kind: satdoku.Within, Cells: []int{0, 1, 2}, Name: "between"}}, tags: []string{"between"}}},
		{"kropki", 9, board(9, `,"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"],"value":"3"}],"ratio":[{"cells":["R3C1","R3C2"],"value":""},{"cells":["R4C1","R4C2"],"value":3}]`),
			want{rels: []satdoku.Relation{rel(0, 1, satdoku.Consecutive, 0, "white dot"), rel(9, 10, satdoku.Difference, 3, "white dot"),
				rel(18, 19, satdoku.Double, 0, "black dot"), rel(27, 28, satdoku.Ratio, 3, "black dot")},
				tags: []string{"kropki"}}},
		{"xv", 9, board(9, `,"xv":[{"cells":["R1C1","R1C2"],"value":"X"},{"cells":["R2C1","R3C1"],"value":"v"}]`),
			want{rels: []satdoku.Relation{rel(0, 1, satdoku.Sum, 10, "xv"), rel(9, 18, satdoku.Sum, 5, "xv")}, tags: []string{"xv"}}},
		{"negative ratio", 4, board(4, `,"ratio":[{"cells":["R1C2","R1C1"]}],"negative":["ratio"]`),
			want{rels: negRatio, tags: []string{"kropki", "negative ratio"}}},
		{"negative difference", 4, board(4, `,"difference":[{"cells":["R1C1","R2C1"],"value":2}],"negative":["difference"]`),
			want{rels: negDiff, tags: []string{"kropki", "negative difference"}}},
		{"negative xv", 4, board(4, `,"negative":["xv"]`), want{rels: negXV, tags: []string{"negative xv"}}},
		{"clone", 4, board(4, `,"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R3C3","R3C4"]}]`),
			want{rels: []satdoku.Relation{rel(0, 10, satdoku.Equal, 0, "clone"), rel(1, 11, satdoku.Equal, 0, "clone")}, tags: []string{"clone"}}},
		{"quadruple", 4, board(4, `,"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,"2",2]}]`),
			want{cons: []satdoku.Constraint{{Kind: satdoku.Contains, Cells: []int{0, 1, 4, 5}, Digits: []int{1, 2, 2}, Name: "quadruple"}}, tags: []string{"quadruple"}}},
		{"odd even", 6, board(6, `,"odd":[{"cell":"R1C1"}],"even":[{"cell":"R6C6"}]`),
			want{cons: []satdoku.Constraint{{Kind: satdoku.OneOf, Cells: []int{0}, Mask: 0b10101, Name: "odd"}, {Kind: satdoku.OneOf, Cells: []int{35}, Mask: 0b101010, Name: "even"}},
				tags: []string{"odd", "even"}}},
		{"nonconsecutive spares dotted pairs", 4, board(4, `,"nonconsecutive":true`+dotsJSON),
			want{rels: nonConsec, tags: []string{"nonconsecutive", "kropki"}}},
		{"negative ratio spares white dots", 4, board(4, dotsJSON+`,"negative":["ratio"]`),
			want{rels: negRatioWhite, tags: []string{"kropki", "negative ratio"}}},
		{"negative difference spares black dots", 4, board(4, dotsJSON+`,"negative":["difference"]`),
			want{rels: negDiffBlack, tags: []string{"kropki", "negative difference"}}},
		{"adjacent extremes", 4, board(4, `,"maximum":[{"cell":"R1C1"},{"cell":"R1C2"},{"cell":"R1C1"}],"minimum":[{"cell":"R4C4"}]`),
			want{rels: []satdoku.Relation{rel(15, 11, satdoku.Less, 0, "minimum"), rel(15, 14, satdoku.Less, 0, "minimum"),
				rel(4, 0, satdoku.Less, 0, "maximum"), rel(2, 1, satdoku.Less, 0, "maximum"), rel(5, 1, satdoku.Less, 0, "maximum")},
				tags: []string{"minimum", "maximum"}}},
		{"xv without a value", 4, board(4, `,"xv":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"],"value":""}]`), want{}},
		{"killer cage of sum 0", 4, board(4, `,"killercage":[{"cells":["R1C1","R1C2"],"value":"0"}]`),
			want{extras: []satdoku.ExtraUnit{{Name: "killer cage", Cells: []int{0, 1}}}, tags: []string{"killer cage"}}},
		{"no rules", 4, board(4, `,"successMessage":"Well done","fogofwar":["R1C1"]`),
			want{warnings: []string{`ignored "fogofwar": cosmetic, no rule`}}},
		{"parity and player's marks", 6, `{"size":6,"grid":[[{"parity":"Odd","candidates":[1,2]},{"parity":"even"},{},{},{},{}],` +
			`[{"value":3,"candidates":[3]},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],` +
			`[{},{},{},{},{},{"value":1,"given":true,"givenPencilMarks":[2,3]}]]}`,
			want{cons: []satdoku.Constraint{{Kind: satdoku.OneOf, Cells: []int{0}, Mask: 0b10101, Name: "odd"}, {Kind: satdoku.OneOf, Cells: []int{1}, Mask: 0b101010, Name: "even"}},
				tags: []string{"odd", "even"}}},
		{"5×5 rows", 5, `{"size":5,"grid":[[{"region":0},{},{},{},{}],[{},{},{},{},{}],[{},{},{},{},{}],[{},{},{},{},{}],[{},{},{},{},{"region":4}]]}`, want{}},
		{"5×5 jigsaw", 5, jig5JSON, want{base: must(satdoku.Regions(5, jig5)), tags: []string{"jigsaw"}}},
		{"cells in no region", 4, partial, want{base: must(satdoku.Regions(4, nil)),
			extras: []satdoku.ExtraUnit{{Name: "region 2", Cells: []int{2, 3, 6, 7}}, {Name: "region 3", Cells: []int{8, 9, 12, 13}}, {Name: "region 4", Cells: []int{10, 11, 14, 15}}},
			tags:   []string{"jigsaw"}}},
		{"no regions", 4, strings.ReplaceAll(board(4, ""), "{}", `{"region":null}`), want{base: must(satdoku.Regions(4, nil))}},
		{"jigsaw disjoint groups", 4, jigJSON + `,"disjointgroups":true}`, want{base: must(satdoku.Regions(4, jig)),
			extras: []satdoku.ExtraUnit{{Name: "disjoint group 1", Cells: []int{0, 2, 5, 10}}, {Name: "disjoint group 2", Cells: []int{1, 3, 9, 11}},
				{Name: "disjoint group 3", Cells: []int{4, 6, 12, 14}}, {Name: "disjoint group 4", Cells: []int{8, 7, 13, 15}}},
			tags: []string{"jigsaw", "disjoint"}}},
		{"minimum maximum", 4, board(4, `,"minimum":[{"cell":"R1C1"}],"maximum":[{"cell":"R2C2"}]`),
			want{rels: []satdoku.Relation{rel(0, 1, satdoku.Less, 0, "minimum"), rel(0, 4, satdoku.Less, 0, "minimum"),
				rel(1, 5, satdoku.Less, 0, "maximum"), rel(4, 5, satdoku.Less, 0, "maximum"), rel(6, 5, satdoku.Less, 0, "maximum"), rel(9, 5, satdoku.Less, 0, "maximum")},
				tags: []string{"minimum", "maximum"}}},
		{"given pencil marks", 4, `{"size":4,"grid":[[{"givenPencilMarks":[1,3]},{"givenPencilMarks":[]},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"givenPencilMarks":["4"]}]]}`,
			want{cons: []satdoku.Constraint{{Kind: satdoku.OneOf, Cells: []int{0}, Mask: 0b101, Name: "given pencil marks"}, {Kind: satdoku.OneOf, Cells: []int{15}, Mask: 0b1000, Name: "given pencil marks"}},
				tags: []string{"given pencil marks"}}},
		{"jigsaw", 4, jigJSON + "}",
			want{base: must(satdoku.Regions(4, jig)), tags: []string{"jigsaw"}}},
		{"standard regions", 4, `{"size":4,"grid":[[{"region":0},{"region":0},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"region":3}]]}`, want{}},
		{"latin square", 5, board(5, ""), want{}},
		{"empty unsupported", 9, board(9, `,"skyscraper":[],"xsum":null,"activeConstraints":["Killer Cage"]`), want{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Read([]byte(tc.json))
			if err != nil {
				t.Fatal(err)
			}
			if d := sameRules(p.Grid.Rules(), tc.want.rules(t, tc.n)); d != "" {
				t.Error(d)
			}
			if !slices.Equal(p.Warnings, tc.want.warnings) {
				t.Errorf("warnings %q, want %q", p.Warnings, tc.want.warnings)
			}
		})
	}
}

func TestGivens(t *testing.T) {
	js := `{"size":4,"title":"Tiny","author":"Me","ruleset":"Normal rules.",
	"grid":[[{"value":1,"given":true},{"value":"2","given":true},{"value":3},{"value":4,"given":false}],
	[{},{},{},{"value":"","given":true}],[{},{},{},{}],[{},{},{},{"value":4,"given":true,"highlight":"#ff0000","centerPencilMarks":[1],"cornerPencilMarks":[2]}]],
	"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]}`
	p, err := Read([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Grid.String(); got != "12.............4" {
		t.Errorf("givens %q", got)
	}
	if p.Grid.Givens() != 3 || p.Grid.Cell(0) != 1 || p.Grid.Cell(1) != 2 || p.Grid.Cell(15) != 4 {
		t.Errorf("givens %v", p.Grid)
	}
	if p.Title != "Tiny" || p.Author != "Me" || p.Ruleset != "Normal rules." {
		t.Errorf("title %q author %q ruleset %q", p.Title, p.Author, p.Ruleset)
	}
	if p.Solution == nil || p.Solution.String() != "1234341221434321" || p.Solution.Rules() != p.Grid.Rules() {
		t.Errorf("solution %v", p.Solution)
	}
	if len(p.Warnings) != 0 {
		t.Errorf("warnings %q", p.Warnings)
	}
	p, err = Read([]byte(board(4, `,"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,0]`)))
	if err != nil || p.Solution != nil || !slices.Equal(p.Warnings, []string{`ignored "solution": incomplete`}) {
		t.Errorf("incomplete solution: %v %v %q", err, p.Solution, p.Warnings)
	}
}

// TestImpossible checks that well-formed clues that no digits satisfy
// make a puzzle, with no solution: the validator names the clue and why.
func TestImpossible(t *testing.T) {
	tests := []struct{ in, want string }{
		{board(9, `,"killercage":[{"cells":["R1C1","R1C2"],"value":"1"}]`), `killer cage r1c1,r1c2: 1 is impossible in 2 cells (want 3 to 17)`},
		{board(9, `,"killercage":[{"cells":["R1C1","R1C2"],"value":18}]`), `killer cage r1c1,r1c2: 18 is impossible in 2 cells (want 3 to 17)`},
		{board(9, `,"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"90"}]`), `little killer r1c2,r2c3,r3c4,r4c5,r5c6,r6c7,r7c8,r8c9: sum 90 is impossible (want 8 to 72)`},
		{board(9, `,"sandwichsum":[{"cell":"R0C1","value":"36"}]`), `sandwich r1c1,r2c1,r3c1,r4c1,r5c1,r6c1,r7c1,r8c1,r9c1: sandwich sum 36 is impossible (want 0 to 35)`},
		{board(4, `,"thermometer":[{"lines":[["R1C1","R1C2","R1C3","R1C4","R2C4"]]}]`), `thermometer r1c1,r1c2,r1c3,r1c4,r2c4: 5 cells cannot rise with digits 1 to 4`},
		{board(4, `,"arrow":[{"lines":[["R1C1","R1C2","R1C3","R1C4","R2C4","R3C4"]],"cells":["R1C1"]}]`), `arrow r1c2,r1c3,r1c4,r2c4,r3c4,r1c1: total 0 is impossible (want 1 to 19)`},
		{board(9, `,"ratio":[{"cells":["R1C1","R1C2"],"value":"10"}]`), `black dot r1c1,r1c2: no two distinct digits 1 to 9 have ratio 10`},
		{board(9, `,"quadruple":[{"cells":["R1C1","R1C2"],"values":[1,2,3]}]`), `quadruple r1c1,r1c2: 3 digits cannot fit in 2 cells`},
		{board(4, `,"xv":[{"cells":["R1C1","R1C2"],"value":"X"}]`), `xv r1c1,r1c2: two digits 1 to 4 cannot add up to 10`},
	}
	for _, tc := range tests {
		p, err := Read([]byte(tc.in))
		if err != nil {
			t.Errorf("%s: %v", tc.want, err)
			continue
		}
		if n, _ := verify.Count(p.Grid, 1); n != 0 {
			t.Errorf("%s: verify counts %d solutions", tc.want, n)
		}
		cs := verify.Check(p.Grid)
		if len(cs) != 1 || cs[0].String() != tc.want {
			t.Errorf("verify.Check = %v, want %s", cs, tc.want)
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		in   string
		kind error
		msg  string
	}{
		{board(9, `,
"killercage":[{"cells":["R1C1"]},{"cells":["R1C2"]},
  {"cells":["R2C1", "R10C1"],"value":"5"}]`), ErrInvalid, `3:21: killercage[2].cells[1]: "R10C1" is off the 9×9 board`},
		{board(9, `,"killercage":[{"cells":["R1C1","R1C1"]}]`), ErrInvalid, `killercage[0].cells[1]: R1C1 is listed twice`},
		{board(9, `,"killercage":[{"cells":["R1C1"],"value":"x"}]`), ErrInvalid, `killercage[0].value: "x" is not a whole number`},
		{board(9, `,"littlekillersum":[{"cell":"R0C1","direction":"DD","value":"5"}]`), ErrInvalid, `littlekillersum[0].direction: unknown direction "DD" (want UL, UR, DL or DR)`},
		{board(9, `,"littlekillersum":[{"cell":"R0C1","direction":"UR","value":"5"}]`), ErrInvalid, `littlekillersum[0].direction: the diagonal from "R0C1" going UR misses the board`},
		{board(9, `,"littlekillersum":[{"cell":"R1C1","direction":"DR","value":"9"}]`), ErrInvalid, `littlekillersum[0].cell: "R1C1" is on the board: a little killer clue is outside it`},
		{board(9, `,"sandwichsum":[{"cell":"R0C0","value":"5"}]`), ErrInvalid, `sandwichsum[0].cell: "R0C0" is not beside a row or a column`},
		{board(9, `,"xv":[{"cells":["R1C1","R1C2"],"value":"W"}]`), ErrInvalid, `xv[0].value: want "X" or "V"`},
		{board(9, `,"difference":[{"cells":["R1C1"]}]`), ErrInvalid, `difference[0].cells: want 2 cells, found 1`},
		{board(9, `,"negative":["skyscraper"]`), ErrUnsupported, `negative[0]: unsupported negative rule "skyscraper"`},
		{board(9, `,"sumline":[{"lines":[["R1C1"]]}]`), ErrUnsupported, `sumline: unsupported rule "sumline"`},
		{board(9, `,"numberedroom":[{"cell":"R0C1","value":"3"}]`), ErrUnsupported, `numberedroom: unsupported rule "numberedroom"`},
		{board(9, `,"thermometer":{"lines":[]}`), ErrInvalid, `thermometer: want an array, found an object`},
		{board(9, `,"odd":[{"cell":7}]`), ErrInvalid, `odd[0].cell: want a cell such as "R1C1", found a number`},
		{board(9, `,"odd":[{"cell":"X1"}]`), ErrInvalid, `odd[0].cell: "X1" is not a cell such as "R1C1"`},
		{`{"size":3,"grid":[]}`, ErrUnsupported, `1:9: size: 3×3 boards are not supported (want 4 to 64)`},
		{`{"size":9,"grid":[[]]}`, ErrInvalid, `1:18: grid: want 9 rows, found 1`},
		{`{"grid":[]}`, ErrInvalid, `1:1: no "size"`},
		{`{"size":4,"grid":[[{"value":5,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, ErrInvalid, `1:29: grid[0][0].value: digit 5 is not in 1..4`},
		{`{"size":4,"grid":[[{"foo":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, ErrUnsupported, `grid[0][0].foo: unsupported cell rule "foo"`},
		{`{"size":4,"grid":[[{"region":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, ErrInvalid, `grid[0][0].region: region 1 has 5 cells, want 4`},
		{`{"size":4,"grid":[[{"parity":"prime"},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, ErrInvalid, `grid[0][0].parity: want "odd" or "even", found "prime"`},
		{`{"size":4,"grid":[[{"region":null},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"disjointgroups":true}`, ErrInvalid, `grid[0][1].region: region 0 has 3 cells, want 4`},
		{`{"size":5,"grid":[[{"region":null},{"region":null},{"region":null},{"region":null},{"region":null}],[{},{},{},{},{}],[{},{},{},{},{}],[{},{},{},{},{}],[{},{},{},{},{}]],"disjointgroups":true}`,
			ErrUnsupported, `disjointgroups: disjoint groups need every cell in a region`},
		{board(16, `,"arrow":[{"lines":[["R1C1","R1C2","R1C3"]],"cells":["R1C1","R2C1"]}]`), ErrUnsupported, `arrow[0].cells: a circle of 2 cells on a 16×16 board`},
		{`{"size":9,"grid":[}`, ErrSyntax, `1:19: invalid character '}' looking for beginning of value`},
		{"{\"size\":9,\n\"grid\":[", ErrSyntax, `2:9: unexpected end of JSON input`},
		{`{"size":4} x`, ErrSyntax, `1:12: extra data after the JSON object`},
		{`[1,2]`, ErrSyntax, `1:1: want a JSON object, found an array`},
		{``, ErrSyntax, `1:1: no puzzle`},
		{`https://www.f-puzzles.com/?load=`, ErrSyntax, `1:33: empty load string`},
		{`https://www.f-puzzles.com/?load=N4Ig!!`, ErrSyntax, `1:33: '!' is not a character of a load string`},
		{`https://www.f-puzzles.com/?id=7`, ErrSyntax, `1:1: a link without an f-puzzles load string`},
		{`N4IgzglgXgpiBcBOANCA5gJwgEwQbT1AD`, ErrSyntax, `1:1: not an f-puzzles load string: it does not decompress to JSON`},
		{"N4Ig" + strings.Repeat("A", MaxLoad), ErrUnsupported, `1:1: a load string of 16388 bytes (the limit is 16384)`},
		{`hello`, ErrSyntax, `1:1: not an f-puzzles load string: it does not decompress to JSON`},
	}
	for _, tc := range tests {
		_, err := Read([]byte(tc.in))
		var e *satdoku.ParseError
		if !errors.As(err, &e) {
			t.Errorf("%.60q (%s): error %v, want a *satdoku.ParseError", tc.in, tc.msg, err)
			continue
		}
		if !errors.Is(err, tc.kind) {
			t.Errorf("%.60q: error %v does not wrap %v", tc.in, err, tc.kind)
		}
		if got := err.Error(); !strings.HasSuffix(got, tc.msg) {
			t.Errorf("%.60q:\n got %s\nwant …%s", tc.in, got, tc.msg)
		}
	}
}

// TestErrorPosition checks that Line and Column point at the value.
func TestErrorPosition(t *testing.T) {
	js := board(9, ",\n  \"thermometer\": [ {\"lines\": [[\"R1C1\", \"R0C2\"]]} ]")
	_, err := Read([]byte(js))
	var e *satdoku.ParseError
	if !errors.As(err, &e) {
		t.Fatal(err)
	}
	if want := (satdoku.Position{Line: 2, Column: 40, Path: "thermometer[0].lines[0][1]"}); e.Pos != want {
		t.Errorf("got %+v, want %+v (%v)", e.Pos, want, err)
	}
	line := strings.Split(js, "\n")[e.Pos.Line-1]
	if got := []rune(line)[e.Pos.Column-1:]; !strings.HasPrefix(string(got), `"R0C2"`) {
		t.Errorf("column %d points at %q", e.Pos.Column, string(got))
	}
}

// TestLinkErrorPosition checks that an error inside the JSON of a link is
// placed in the input read, at the start of its load string, with the path
// of the value at fault; the position of the same error in plain JSON is
// in that JSON.
func TestLinkErrorPosition(t *testing.T) {
	js := board(9, `,"killercage":[{"cells":["R1C1","R10C1"],"value":"5"}]`)
	uri, err := lzstring.CompressToEncodedURIComponent(js)
	if err != nil {
		t.Fatal(err)
	}
	const path = "killercage[0].cells[1]"
	for _, tc := range []struct {
		in   string
		want satdoku.Position
	}{
		{js, satdoku.Position{Line: 1, Column: strings.Index(js, `"R10C1"`) + 1, Path: path}},
		{"  https://www.f-puzzles.com/?load=" + uri, satdoku.Position{Line: 1, Column: 35, Path: path}},
		{"\n" + uri, satdoku.Position{Line: 2, Column: 1, Path: path}},
	} {
		_, err := Read([]byte(tc.in))
		var e *satdoku.ParseError
		if !errors.As(err, &e) || !errors.Is(err, ErrInvalid) {
			t.Fatalf("%.40q: error %v, want a *satdoku.ParseError wrapping ErrInvalid", tc.in, err)
		}
		if e.Pos != tc.want || e.Msg != `"R10C1" is off the 9×9 board` {
			t.Errorf("%.40q: error at %+v (%q), want %+v", tc.in, e.Pos, e.Msg, tc.want)
		}
	}
}

// TestRoundTrip compresses JSON as f-puzzles does and reads it back as a
// link, a bare string and a SudokuPad link.
func TestRoundTrip(t *testing.T) {
	js := board(9, `,"title":"Round trip","killercage":[{"cells":["R1C1","R1C2"],"value":"10"}],"arrow":[{"lines":[["R5C5","R5C6","R5C7"]],"cells":["R5C5"]}],"diagonal-":true,"xv":[{"cells":["R9C9","R9C8"],"value":"X"}],"negative":["xv"],"text":[{"cells":["R1C1"],"value":"é✓"}]`)
	want, err := Read([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	b64, err := lzstring.CompressToBase64(js)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b64, "N4Ig") {
		t.Errorf("compressed JSON starts %.8q", b64)
	}
	uri, err := lzstring.CompressToEncodedURIComponent(js)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{
		b64,
		"https://www.f-puzzles.com/?load=" + b64,
		"  https://f-puzzles.com/?load=" + b64 + "&foo=1\n",
		"https://www.f-puzzles.com/?load=" + strings.NewReplacer("+", "%2B", "/", "%2F", "=", "%3D").Replace(b64),
		"https://www.f-puzzles.com/?load=" + strings.ReplaceAll(b64, "+", " "),
		"https://sudokupad.app/fpuzzles" + b64,
		"https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles" + b64,
		uri,
	} {
		if !Detect([]byte(in)) {
			t.Errorf("Detect(%.50q) = false", in)
		}
		p, err := Read([]byte(in))
		if err != nil {
			t.Errorf("%.50q: %v", in, err)
			continue
		}
		if d := sameRules(p.Grid.Rules(), want.Grid.Rules()); d != "" || !p.Grid.Equal(want.Grid) || p.Title != want.Title ||
			!slices.Equal(p.Warnings, want.Warnings) {
			t.Errorf("%.50q: read %+v, want %+v (%s)", in, p, want, d)
		}
	}
}

func TestDetect(t *testing.T) {
	for in, want := range map[string]bool{
		`{"size":9,"grid":[]}`: true,
		" \n{\"grid\":[]}":     true,
		`{"foo":1}`:            false,
		`https://www.f-puzzles.com/?load=N4IgzglgX`:                                         true,
		`N4IgzglgXgpiBcBOANCA5gJwgEwQbT1AD`:                                                 true,
		`N4IgzglgX gpiBcBOANCA5g`:                                                           false,
		`530070000600195000098000060800060003400803001700020006060000280000419005000080079`: false,
		``:   false,
		`[]`: false,
	} {
		if got := Detect([]byte(in)); got != want {
			t.Errorf("Detect(%q) = %v, want %v", in, got, want)
		}
	}
}

// rowsOf writes the givens row by row with '-' for an empty cell, as the
// SudokuSolver tests that published the links do.
func rowsOf(g *satdoku.Grid) string {
	var b strings.Builder
	for r := range g.N() {
		for c := range g.N() {
			if d := g.Get(r, c); d == 0 {
				b.WriteByte('-')
			} else {
				fmt.Fprint(&b, d)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestPublished reads links published with their contents (in the tests
// of other f-puzzles importers).
func TestPublished(t *testing.T) {
	tests := []struct {
		file   string
		givens string
		tags   []string
		cons   int
		rels   int
	}{
		{"xsudoku.txt", "--7----35\n8-----9--\n-2-67----\n-----356-\n----1---3\n--2-8--4-\n---19--5-\n----5--7-\n--------4\n",
			[]string{"diagonal+", "diagonal-"}, 0, 0},
		{"gridwide.txt", strings.Repeat("---------\n", 9),
			[]string{"diagonal+", "diagonal-", "anti-knight", "anti-king", "disjoint", "nonconsecutive"}, 0, 496},
		{"innie.txt", strings.Repeat("---------\n", 9), []string{"killer cage"}, 2, 0},
		{"small1.txt", "1--------\n" + strings.Repeat("---------\n", 8), nil, 0, 0},
		{"small2.txt", strings.Repeat("---------\n", 2) + "--1------\n" + strings.Repeat("---------\n", 3) + "------2--\n" + strings.Repeat("---------\n", 2), nil, 0, 0},
	}
	for _, tc := range tests {
		data, err := os.ReadFile(filepath.Join("testdata", "fpuzzles", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		if !Detect(data) {
			t.Errorf("%s: not detected", tc.file)
		}
		p, err := Read(data)
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		rs := p.Grid.Rules()
		if p.Grid.N() != 9 || rowsOf(p.Grid) != tc.givens || !slices.Equal(rs.Tags(), tc.tags) ||
			len(rs.Constraints()) != tc.cons || len(rs.Relations()) != tc.rels {
			t.Errorf("%s: %d×%d\n%stags %q, %d constraints, %d relations", tc.file, p.Grid.N(), p.Grid.N(), rowsOf(p.Grid),
				rs.Tags(), len(rs.Constraints()), len(rs.Relations()))
		}
	}
}
