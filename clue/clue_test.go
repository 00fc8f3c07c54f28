package clue_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/verify"
)

// digits are the digits of the cells under test: d[i] for cell i.
type digits map[int]int

func abs(x int) int { return max(x, -x) }

// distinct reports whether the cells hold distinct digits.
func (d digits) distinct(cells ...int) bool {
	seen := map[int]bool{}
	for _, i := range cells {
		if seen[d[i]] {
			return false
		}
		seen[d[i]] = true
	}
	return true
}

func (d digits) sum(cells ...int) int {
	s := 0
	for _, i := range cells {
		s += d[i]
	}
	return s
}

// neighbours returns the pairs of orthogonal neighbours among cells, on
// an n×n board, each as (lower, higher).
func neighbours(n int, cells []int) [][2]int {
	var ps [][2]int
	for _, i := range cells {
		for _, j := range cells {
			if j == i+1 && j%n != 0 || j == i+n {
				ps = append(ps, [2]int{i, j})
			}
		}
	}
	return ps
}

// meaningCase is a list of clues on an n×n board and, written here from
// the rules as a setter states them, what the digits of cells must be for
// the clues to hold. Only the cells listed are filled; the rows, columns
// and boxes are not part of the clues' meaning (their conflicts are left
// out), so the clue alone decides.
type meaningCase struct {
	name  string
	n     int
	clues []clue.Clue
	cells []int
	holds func(d digits) bool
}

func meaningCases() []meaningCase {
	ratio := func(a, b, v int) bool { return a == v*b || b == v*a }
	block4 := []int{0, 1, 2, 4, 5, 6}  // r1c1–r2c3 of a 4×4 board
	block6 := []int{0, 1, 2, 6, 7, 8}  // r1c1–r2c3 of a 6×6 board
	cross := []int{1, 4, 5, 6, 9}      // r2c2 and its neighbours, 4×4
	pair := []int{1, 2, 4, 5, 6, 7, 9} // r2c2, r2c3 and their neighbours but r3c3, 4×4
	return []meaningCase{
		{"killer cage", 9, []clue.Clue{{Kind: clue.KillerCage, Cells: []int{0, 1, 2}, Value: 10}}, []int{0, 1, 2},
			func(d digits) bool { return d.distinct(0, 1, 2) && d.sum(0, 1, 2) == 10 }},
		{"killer cage without a sum", 9, []clue.Clue{{Kind: clue.KillerCage, Cells: []int{0, 10, 20}}}, []int{0, 10, 20},
			func(d digits) bool { return d.distinct(0, 10, 20) }},
		{"killer cage without a sum, 4×4", 4, []clue.Clue{{Kind: clue.KillerCage, Cells: []int{0, 5, 10}}}, []int{0, 5, 10},
			func(d digits) bool { return d.distinct(0, 5, 10) }},
		{"killer cage without a sum, 16×16", 16, []clue.Clue{{Kind: clue.KillerCage, Cells: []int{0, 17}}}, []int{0, 17},
			func(d digits) bool { return d.distinct(0, 17) }},
		// The 2×2 block r1c1, r1c2, r2c1, r2c2 in rows of 2: its 1s and 2s
		// are one region, not none and not only a diagonal pair.
		{"connected values", 4, []clue.Clue{{Kind: clue.ConnectedValues, Cells: []int{0, 1, 4, 5}, Value: 2, Values: []int{1, 2}}}, []int{0, 1, 4, 5},
			func(d digits) bool {
				in := [4]bool{d[0] <= 2, d[1] <= 2, d[4] <= 2, d[5] <= 2}
				k := b2i(in[0]) + b2i(in[1]) + b2i(in[2]) + b2i(in[3])
				return k > 0 && !(k == 2 && (in[0] && in[3] || in[1] && in[2]))
			}},
		{"extra region", 4, []clue.Clue{{Kind: clue.ExtraRegion, Cells: []int{0, 5, 10, 15}}}, []int{0, 5, 10, 15},
			func(d digits) bool { return d.distinct(0, 5, 10, 15) }},
		// From above r1c2 going down-right: r1c3, r2c4, r3c5, r4c6.
		{"little killer DR", 6, []clue.Clue{{Kind: clue.LittleKiller, Row: -1, Col: 1, Direction: clue.DownRight, Value: 12}}, []int{2, 9, 16, 23},
			func(d digits) bool { return d.sum(2, 9, 16, 23) == 12 }},
		// From right of r2 going down-left: r3c4, r4c3.
		{"little killer DL", 4, []clue.Clue{{Kind: clue.LittleKiller, Row: 1, Col: 4, Direction: clue.DownLeft, Value: 5}}, []int{11, 14},
			func(d digits) bool { return d[11]+d[14] == 5 }},
		// From below the corner r5c5 going up-left: the whole diagonal.
		{"little killer UL", 4, []clue.Clue{{Kind: clue.LittleKiller, Row: 4, Col: 4, Direction: clue.UpLeft, Value: 9}}, []int{0, 5, 10, 15},
			func(d digits) bool { return d.sum(0, 5, 10, 15) == 9 }},
		{"little killer without a sum", 4, []clue.Clue{{Kind: clue.LittleKiller, Row: -1, Col: -1, Direction: clue.DownRight}}, []int{0, 5},
			func(d digits) bool { return true }},
		{"sandwich in a row", 6, []clue.Clue{{Kind: clue.Sandwich, Row: 0, Col: -1, Value: 5}}, []int{0, 1, 2, 3, 4, 5},
			func(d digits) bool { return sandwich(d, []int{0, 1, 2, 3, 4, 5}, 6) == 5 }},
		{"sandwich in a column", 4, []clue.Clue{{Kind: clue.Sandwich, Row: 4, Col: 2, Value: 0}}, []int{2, 6, 10, 14},
			func(d digits) bool { return sandwich(d, []int{2, 6, 10, 14}, 4) == 0 }},
		{"thermometer", 6, []clue.Clue{{Kind: clue.Thermometer, Lines: [][]int{{0, 1, 7, 13}}}}, []int{0, 1, 7, 13},
			func(d digits) bool { return d[0] < d[1] && d[1] < d[7] && d[7] < d[13] }},
		{"arrow", 9, []clue.Clue{{Kind: clue.Arrow, Cells: []int{40}, Lines: [][]int{{40, 41, 42}}}}, []int{40, 41, 42},
			func(d digits) bool { return d[41]+d[42] == d[40] }},
		{"arrow with a pill", 9, []clue.Clue{{Kind: clue.Arrow, Cells: []int{1, 0}, Lines: [][]int{{0, 9, 18}}}}, []int{0, 1, 9, 18},
			func(d digits) bool { return 10*d[0]+d[1] == d[9]+d[18] }},
		{"palindrome", 4, []clue.Clue{{Kind: clue.Palindrome, Lines: [][]int{{0, 1, 2, 6, 10}}}}, []int{0, 1, 2, 6, 10},
			func(d digits) bool { return d[0] == d[10] && d[1] == d[6] }},
		{"renban", 6, []clue.Clue{{Kind: clue.Renban, Lines: [][]int{{0, 1, 2, 8}}}}, []int{0, 1, 2, 8},
			func(d digits) bool {
				ds := []int{d[0], d[1], d[2], d[8]}
				return d.distinct(0, 1, 2, 8) && slices.Max(ds)-slices.Min(ds) == 3
			}},
		{"whispers, 5 on 9×9", 9, []clue.Clue{{Kind: clue.Whispers, Lines: [][]int{{0, 1, 2}}}}, []int{0, 1, 2},
			func(d digits) bool { return abs(d[0]-d[1]) >= 5 && abs(d[1]-d[2]) >= 5 }},
		{"whispers 3", 6, []clue.Clue{{Kind: clue.Whispers, Lines: [][]int{{0, 7}}, Value: 3}}, []int{0, 7},
			func(d digits) bool { return abs(d[0]-d[7]) >= 3 }},
		{"between", 6, []clue.Clue{{Kind: clue.Between, Lines: [][]int{{0, 1, 2, 3}}}}, []int{0, 1, 2, 3},
			func(d digits) bool {
				lo, hi := min(d[0], d[3]), max(d[0], d[3])
				return lo < d[1] && d[1] < hi && lo < d[2] && d[2] < hi
			}},
		{"clone", 4, []clue.Clue{{Kind: clue.Clone, Lines: [][]int{{0, 1}, {10, 11}}}}, []int{0, 1, 10, 11},
			func(d digits) bool { return d[0] == d[10] && d[1] == d[11] }},
		{"quadruple", 4, []clue.Clue{{Kind: clue.Quadruple, Cells: []int{0, 1, 4, 5}, Values: []int{1, 2, 1}}}, []int{0, 1, 4, 5},
			func(d digits) bool {
				ones, twos := 0, 0
				for _, i := range []int{0, 1, 4, 5} {
					ones += b2i(d[i] == 1)
					twos += b2i(d[i] == 2)
				}
				return ones >= 2 && twos >= 1
			}},
		{"white dot", 9, []clue.Clue{{Kind: clue.WhiteDot, Cells: []int{0, 1}}}, []int{0, 1},
			func(d digits) bool { return abs(d[0]-d[1]) == 1 }},
		{"white dot 3", 9, []clue.Clue{{Kind: clue.WhiteDot, Cells: []int{1, 0}, Value: 3}}, []int{0, 1},
			func(d digits) bool { return abs(d[0]-d[1]) == 3 }},
		{"black dot", 9, []clue.Clue{{Kind: clue.BlackDot, Cells: []int{0, 9}}}, []int{0, 9},
			func(d digits) bool { return ratio(d[0], d[9], 2) }},
		{"black dot 3", 9, []clue.Clue{{Kind: clue.BlackDot, Cells: []int{0, 9}, Value: 3}}, []int{0, 9},
			func(d digits) bool { return ratio(d[0], d[9], 3) }},
		{"X", 9, []clue.Clue{{Kind: clue.XV, Cells: []int{0, 9}, Value: 10}}, []int{0, 9},
			func(d digits) bool { return d[0]+d[9] == 10 }},
		{"V", 6, []clue.Clue{{Kind: clue.XV, Cells: []int{0, 1}, Value: 5}}, []int{0, 1},
			func(d digits) bool { return d[0]+d[1] == 5 }},
		{"odd", 6, []clue.Clue{{Kind: clue.Odd, Cells: []int{0, 7}}}, []int{0, 7},
			func(d digits) bool { return d[0]%2 == 1 && d[7]%2 == 1 }},
		{"even", 6, []clue.Clue{{Kind: clue.Even, Cells: []int{0}}}, []int{0, 7},
			func(d digits) bool { return d[0]%2 == 0 }},
		{"minimum", 4, []clue.Clue{{Kind: clue.Minimum, Cells: []int{5}}}, cross,
			func(d digits) bool { return d[5] < d[1] && d[5] < d[4] && d[5] < d[6] && d[5] < d[9] }},
		{"maximum", 4, []clue.Clue{{Kind: clue.Maximum, Cells: []int{5}}}, cross,
			func(d digits) bool { return d[5] > d[1] && d[5] > d[4] && d[5] > d[6] && d[5] > d[9] }},
		// Side by side, two minimum cells are not compared with each other.
		{"adjacent minimum cells", 4, []clue.Clue{{Kind: clue.Minimum, Cells: []int{5}}, {Kind: clue.Minimum, Cells: []int{6, 5}}}, pair,
			func(d digits) bool {
				return d[5] < d[1] && d[5] < d[4] && d[5] < d[9] && d[6] < d[2] && d[6] < d[7]
			}},
		{"adjacent maximum cells", 4, []clue.Clue{{Kind: clue.Maximum, Cells: []int{5, 6}}}, pair,
			func(d digits) bool {
				return d[5] > d[1] && d[5] > d[4] && d[5] > d[9] && d[6] > d[2] && d[6] > d[7]
			}},
		{"given pencil marks", 4, []clue.Clue{{Kind: clue.PencilMarks, Cells: []int{0}, Values: []int{3, 1}}}, []int{0},
			func(d digits) bool { return d[0] == 1 || d[0] == 3 }},
		{"nonconsecutive", 4, []clue.Clue{{Kind: clue.Nonconsecutive}}, block4,
			func(d digits) bool { return allPairs(4, block4, nil, func(a, b int) bool { return abs(a-b) != 1 })(d) }},
		// A dot of either colour exempts its pair from nonconsecutive.
		{"nonconsecutive with dots", 4, []clue.Clue{{Kind: clue.Nonconsecutive}, {Kind: clue.WhiteDot, Cells: []int{0, 1}, Value: 2},
			{Kind: clue.BlackDot, Cells: []int{5, 1}}}, block4,
			func(d digits) bool {
				return abs(d[0]-d[1]) == 2 && ratio(d[1], d[5], 2) &&
					allPairs(4, block4, [][2]int{{0, 1}, {1, 5}}, func(a, b int) bool { return abs(a-b) != 1 })(d)
			}},
		{"negative ratio", 4, []clue.Clue{{Kind: clue.NegativeRatio}}, block4,
			func(d digits) bool {
				return allPairs(4, block4, nil, func(a, b int) bool { return !ratio(a, b, 2) })(d)
			}},
		// The black dots' ratio, 3, is the one forbidden; the white dot
		// exempts its pair too.
		{"negative ratio with dots", 4, []clue.Clue{{Kind: clue.BlackDot, Cells: []int{0, 1}, Value: 3}, {Kind: clue.WhiteDot, Cells: []int{4, 5}},
			{Kind: clue.NegativeRatio}}, block4,
			func(d digits) bool {
				return ratio(d[0], d[1], 3) && abs(d[4]-d[5]) == 1 &&
					allPairs(4, block4, [][2]int{{0, 1}, {4, 5}}, func(a, b int) bool { return !ratio(a, b, 3) })(d)
			}},
		{"negative difference", 4, []clue.Clue{{Kind: clue.NegativeDifference}}, block4,
			func(d digits) bool { return allPairs(4, block4, nil, func(a, b int) bool { return abs(a-b) != 1 })(d) }},
		// Both white dots' differences, 1 and 2, are forbidden elsewhere;
		// the black dot exempts its pair.
		{"negative difference with dots", 6, []clue.Clue{{Kind: clue.NegativeDifference}, {Kind: clue.WhiteDot, Cells: []int{0, 1}, Value: 2},
			{Kind: clue.WhiteDot, Cells: []int{1, 2}}, {Kind: clue.BlackDot, Cells: []int{6, 7}}}, block6,
			func(d digits) bool {
				return abs(d[0]-d[1]) == 2 && abs(d[1]-d[2]) == 1 && ratio(d[6], d[7], 2) &&
					allPairs(6, block6, [][2]int{{0, 1}, {1, 2}, {6, 7}}, func(a, b int) bool { return abs(a-b) != 1 && abs(a-b) != 2 })(d)
			}},
		// XV marks exempt their pairs from the negative rule of XV; the
		// Kropki dot does not.
		// r1c1 r1c2 | r1c3 r2c3 | r3c3: three boxes of the 4×4 board.
		{"region sum line", 4, []clue.Clue{{Kind: clue.RegionSumLine, Lines: [][]int{{0, 1, 2, 6, 10}}}}, []int{0, 1, 2, 6, 10},
			func(d digits) bool { return d[0]+d[1] == d[2]+d[6] && d[2]+d[6] == d[10] }},
		// r1c1 | r1c3 | r1c2: back in the first box, a new segment.
		{"region sum line coming back", 4, []clue.Clue{{Kind: clue.RegionSumLine, Lines: [][]int{{0, 2, 1}}}}, []int{0, 1, 2},
			func(d digits) bool { return d[0] == d[2] && d[2] == d[1] }},
		// r1c3 | r1c4 r2c4: boxes of 2×3 on 6×6.
		{"region sum line 6×6", 6, []clue.Clue{{Kind: clue.RegionSumLine, Lines: [][]int{{2, 3, 9}}}}, []int{2, 3, 9},
			func(d digits) bool { return d[2] == d[3]+d[9] }},
		{"zipper line, odd", 6, []clue.Clue{{Kind: clue.ZipperLine, Lines: [][]int{{0, 1, 2, 8, 14}}}}, []int{0, 1, 2, 8, 14},
			func(d digits) bool { return d[0]+d[14] == d[2] && d[1]+d[8] == d[2] }},
		{"zipper line, even", 4, []clue.Clue{{Kind: clue.ZipperLine, Lines: [][]int{{0, 1, 5, 4}}}}, []int{0, 1, 4, 5},
			func(d digits) bool { return d[0]+d[4] == d[1]+d[5] }},
		{"double arrow", 6, []clue.Clue{{Kind: clue.DoubleArrow, Lines: [][]int{{0, 1, 2, 3}}}}, []int{0, 1, 2, 3},
			func(d digits) bool { return d[0]+d[3] == d[1]+d[2] }},
		{"nabner", 9, []clue.Clue{{Kind: clue.Nabner, Lines: [][]int{{0, 1, 10}}}}, []int{0, 1, 10},
			func(d digits) bool {
				for _, p := range [][2]int{{0, 1}, {0, 10}, {1, 10}} {
					if abs(d[p[0]]-d[p[1]]) <= 1 {
						return false
					}
				}
				return true
			}},
		// Every window of three holds a low, a middle and a high digit.
		{"entropic line", 9, []clue.Clue{{Kind: clue.EntropicLine, Lines: [][]int{{0, 1, 2, 3}}}}, []int{0, 1, 2, 3},
			func(d digits) bool {
				band := func(x int) int { return map[bool]int{true: 1}[x >= 4] + map[bool]int{true: 1}[x >= 7] }
				for j := 0; j+2 < 4; j++ {
					seen := map[int]bool{band(d[j]): true, band(d[j+1]): true, band(d[j+2]): true}
					if len(seen) != 3 {
						return false
					}
				}
				return true
			}},
		// On 4×4 the thirds are 1, 2–3 and 4.
		{"entropic line 4×4", 4, []clue.Clue{{Kind: clue.EntropicLine, Lines: [][]int{{0, 1, 5, 6}}}}, []int{0, 1, 5, 6},
			func(d digits) bool {
				band := map[int]string{1: "low", 2: "mid", 3: "mid", 4: "high"}
				l := []int{0, 1, 5, 6}
				for j := 0; j+2 < len(l); j++ {
					if band[d[l[j]]] == band[d[l[j+1]]] || band[d[l[j]]] == band[d[l[j+2]]] || band[d[l[j+1]]] == band[d[l[j+2]]] {
						return false
					}
				}
				return true
			}},
		{"modular line", 6, []clue.Clue{{Kind: clue.ModularLine, Lines: [][]int{{0, 1, 2, 8}}}}, []int{0, 1, 2, 8},
			func(d digits) bool {
				l := []int{0, 1, 2, 8}
				for j := 0; j+2 < len(l); j++ {
					m := map[int]bool{d[l[j]] % 3: true, d[l[j+1]] % 3: true, d[l[j+2]] % 3: true}
					if len(m) != 3 {
						return false
					}
				}
				return true
			}},
		{"parity line", 6, []clue.Clue{{Kind: clue.ParityLine, Lines: [][]int{{0, 1, 7}}}}, []int{0, 1, 7},
			func(d digits) bool { return (d[0]+d[1])%2 == 1 && (d[1]+d[7])%2 == 1 }},
		// From the right of row 1, read right to left: r1c4 first.
		{"x-sum", 4, []clue.Clue{{Kind: clue.XSum, Row: 0, Col: 4, Value: 6}}, []int{0, 1, 2, 3},
			func(d digits) bool {
				line := []int{d[3], d[2], d[1], d[0]}
				s := 0
				for _, x := range line[:min(line[0], 4)] {
					s += x
				}
				return s == 6
			}},
		// From above column 2, read downwards.
		{"skyscraper", 4, []clue.Clue{{Kind: clue.Skyscraper, Row: -1, Col: 1, Value: 2}}, []int{1, 5, 9, 13},
			func(d digits) bool {
				seen, top := 0, 0
				for _, i := range []int{1, 5, 9, 13} {
					if d[i] > top {
						seen, top = seen+1, d[i]
					}
				}
				return seen == 2
			}},
		{"skyscraper from below", 4, []clue.Clue{{Kind: clue.Skyscraper, Row: 4, Col: 0, Value: 3}}, []int{0, 4, 8, 12},
			func(d digits) bool {
				seen, top := 0, 0
				for _, i := range []int{12, 8, 4, 0} {
					if d[i] > top {
						seen, top = seen+1, d[i]
					}
				}
				return seen == 3
			}},
		{"10-line", 6, []clue.Clue{{Kind: clue.TenLine, Lines: [][]int{{0, 1, 2, 8}}}}, []int{0, 1, 2, 8},
			func(d digits) bool {
				a, b, c, e := d[0], d[1], d[2], d[8]
				return a+b+c+e == 10 || a+b+c == 10 && e == 10 || a+b == 10 && c+e == 10 || a == 10 && b+c+e == 10
			}},
		{"10-line of 5s", 6, []clue.Clue{{Kind: clue.TenLine, Lines: [][]int{{0, 7, 14}}, Value: 5}}, []int{0, 7, 14},
			func(d digits) bool {
				a, b, c := d[0], d[7], d[14]
				return a+b+c == 5 || a+b == 5 && c == 5 || a == 5 && b+c == 5 || a == 5 && b == 5 && c == 5
			}},
		{"same difference", 6, []clue.Clue{{Kind: clue.SameDifference, Lines: [][]int{{0, 1, 2, 8}}}}, []int{0, 1, 2, 8},
			func(d digits) bool {
				return abs(d[0]-d[1]) == abs(d[1]-d[2]) && abs(d[1]-d[2]) == abs(d[2]-d[8])
			}},
		// r1c1 holding d puts 1 in row d of column 1.
		{"row indexer", 4, []clue.Clue{{Kind: clue.RowIndexer, Cells: []int{0}}}, []int{0, 4, 8, 12},
			func(d digits) bool { return d[[]int{0, 4, 8, 12}[d[0]-1]] == 1 }},
		// r2c3 holding d puts 3 in column d of row 2.
		{"column indexer", 4, []clue.Clue{{Kind: clue.ColumnIndexer, Cells: []int{6}}}, []int{4, 5, 6, 7},
			func(d digits) bool { return d[4+d[6]-1] == 3 }},
		// r2c2, the 4th cell of box 1, holding d puts 4 in its d-th cell.
		{"box indexer", 4, []clue.Clue{{Kind: clue.BoxIndexer, Cells: []int{5}}}, []int{0, 1, 4, 5},
			func(d digits) bool { return d[[]int{0, 1, 4, 5}[d[5]-1]] == 4 }},
		// Right of row 2, read leftwards: r2c4 holds X, the X-th cell from
		// the right holds 2.
		{"numbered room", 4, []clue.Clue{{Kind: clue.NumberedRoom, Row: 1, Col: 4, Value: 2}}, []int{4, 5, 6, 7},
			func(d digits) bool { return d[7-(d[7]-1)] == 2 }},
		{"pair table on neighbours", 4, []clue.Clue{{Kind: clue.PairTable, Lines: [][]int{{0, 1, 5}}, Table: "0111" + "0011" + "0001" + "1000"}}, []int{0, 1, 5},
			func(d digits) bool {
				lt := func(a, b int) bool { return a < b || a == 4 && b == 1 }
				return lt(d[0], d[1]) && lt(d[1], d[5])
			}},
		{"pair table on every two", 4, []clue.Clue{{Kind: clue.PairTable, Lines: [][]int{{0, 6, 9}}, Value: 1, Table: "1110" + "1101" + "1011" + "0111"}}, []int{0, 6, 9},
			func(d digits) bool { return d[0]+d[6] != 5 && d[0]+d[9] != 5 && d[6]+d[9] != 5 }},
		{"any of a cage and a thermometer", 4, []clue.Clue{{Kind: clue.AnyOf, Members: [][]clue.Clue{
			{{Kind: clue.KillerCage, Cells: []int{0, 6}, Value: 5}, {Kind: clue.Odd, Cells: []int{0}}},
			{{Kind: clue.Thermometer, Lines: [][]int{{0, 9}}}}}}}, []int{0, 6, 9},
			func(d digits) bool { return d[0]+d[6] == 5 && d[0] != d[6] && d[0]%2 == 1 || d[0] < d[9] }},
		// r1c1 counts r2c3 and the runs from it that hold its digit along
		// r3c2, r4c4 and along r1c4.
		{"reach along arms", 4, []clue.Clue{{Kind: clue.Reach, Cells: []int{0}, Lines: [][]int{{6, 9, 15}, {6, 3}}}}, []int{0, 6, 9, 15, 3},
			func(d digits) bool {
				k := 1 + b2i(d[9] == d[6]) + b2i(d[9] == d[6] && d[15] == d[6]) + b2i(d[3] == d[6])
				return d[0] == k
			}},
		// r4c4 less 1 counts r2c2 and those of r1c2, r2c1, r3c3 that hold
		// its digit (ISS's ChaosCount: a line to each).
		{"reach as a count", 4, []clue.Clue{{Kind: clue.Reach, Cells: []int{15}, Lines: [][]int{{5, 1}, {5, 4}, {5, 10}}, Value: -1}}, []int{15, 5, 1, 4, 10},
			func(d digits) bool {
				return d[15]-1 == 1+b2i(d[1] == d[5])+b2i(d[4] == d[5])+b2i(d[10] == d[5])
			}},
		// Sets that share cells: the
		// multisets of their digits are equal.
		{"same values, sets sharing cells", 4, []clue.Clue{{Kind: clue.SameValues, Lines: [][]int{{0, 1, 6}, {1, 6, 9}, {6, 9, 0}}}}, []int{0, 1, 6, 9},
			func(d digits) bool {
				set := func(cs ...int) []int {
					var ds []int
					for _, i := range cs {
						ds = append(ds, d[i])
					}
					return slices.Sorted(slices.Values(ds))
				}
				return slices.Equal(set(0, 1, 6), set(1, 6, 9)) && slices.Equal(set(0, 1, 6), set(6, 9, 0))
			}},
		{"automaton, two segments", 4, []clue.Clue{{Kind: clue.Automaton, Lines: [][]int{{0, 1}, {2}}, NFA: parityNFA()}}, []int{0, 1, 2},
			func(d digits) bool { return (d[0]+d[1])%2 == d[2]%2 }},
		{"lockout line", 9, []clue.Clue{{Kind: clue.LockoutLine, Lines: [][]int{{0, 1, 2}}}}, []int{0, 1, 2},
			func(d digits) bool {
				lo, hi := min(d[0], d[2]), max(d[0], d[2])
				return hi-lo >= 4 && (d[1] < lo || d[1] > hi)
			}},
		{"lockout line 6×6, 2 apart", 6, []clue.Clue{{Kind: clue.LockoutLine, Lines: [][]int{{0, 1, 7, 8}}, Value: 2}}, []int{0, 1, 7, 8},
			func(d digits) bool {
				lo, hi := min(d[0], d[8]), max(d[0], d[8])
				return hi-lo >= 2 && (d[1] < lo || d[1] > hi) && (d[7] < lo || d[7] > hi)
			}},
		// 3·r1c1 − r1c2 = 4: r1c1 listed twice, its coefficients added.
		{"sum", 4, []clue.Clue{{Kind: clue.WeightedSum, Cells: []int{0, 1, 0}, Coefs: []int{2, -1, 1}, Value: 4}}, []int{0, 1},
			func(d digits) bool { return 3*d[0]-d[1] == 4 }},
		{"equal sums", 4, []clue.Clue{{Kind: clue.EqualSums, Lines: [][]int{{0, 1}, {5}, {10, 15}}}}, []int{0, 1, 5, 10, 15},
			func(d digits) bool { return d[0]+d[1] == d[5] && d[5] == d[10]+d[15] }},
		{"contains exactly", 4, []clue.Clue{{Kind: clue.ContainsExactly, Cells: []int{0, 1, 4, 5}, Values: []int{1, 2, 1}}}, []int{0, 1, 4, 5},
			func(d digits) bool {
				ones, twos := 0, 0
				for _, i := range []int{0, 1, 4, 5} {
					ones, twos = ones+b2i(d[i] == 1), twos+b2i(d[i] == 2)
				}
				return ones == 2 && twos == 1
			}},
		{"same values", 4, []clue.Clue{{Kind: clue.SameValues, Lines: [][]int{{0, 1}, {6, 7}}}}, []int{0, 1, 6, 7},
			func(d digits) bool {
				return d[0] == d[6] && d[1] == d[7] || d[0] == d[7] && d[1] == d[6]
			}},
		{"counting circles", 4, []clue.Clue{{Kind: clue.CountingCircles, Cells: []int{0, 1, 2, 3, 4}}}, []int{0, 1, 2, 3, 4},
			func(d digits) bool {
				for _, i := range []int{0, 1, 2, 3, 4} {
					k := 0
					for _, j := range []int{0, 1, 2, 3, 4} {
						k += b2i(d[j] == d[i])
					}
					if k != d[i] {
						return false
					}
				}
				return true
			}},
		{"count distinct", 4, []clue.Clue{{Kind: clue.CountDistinct, Cells: []int{0, 1, 2, 3}}}, []int{0, 1, 2, 3},
			func(d digits) bool {
				k := 1 + b2i(d[2] != d[1]) + b2i(d[3] != d[1] && d[3] != d[2])
				return d[0] == k
			}},
		// No digit is 6, nor two digits add up to 6, nor three.
		{"rellik cage", 4, []clue.Clue{{Kind: clue.RellikCage, Cells: []int{0, 1, 5}, Value: 6}}, []int{0, 1, 5},
			func(d digits) bool {
				a, b, c := d[0], d[1], d[5]
				return a != b && a != c && b != c && a+b != 6 && a+c != 6 && b+c != 6 && a+b+c != 6
			}},
		{"multisum killer cage", 4, []clue.Clue{{Kind: clue.MultisumKillerCage, Cells: []int{0, 1, 5}, Values: []int{6, 9, 30}}}, []int{0, 1, 5},
			func(d digits) bool {
				s := d[0] + d[1] + d[5]
				return d[0] != d[1] && d[0] != d[5] && d[1] != d[5] && (s == 6 || s == 9)
			}},
		// r1c1 counts itself, and r1c2 listed twice counts once.
		{"count distinct, counting itself", 4, []clue.Clue{{Kind: clue.CountDistinct, Cells: []int{0, 1, 0, 2, 1}}}, []int{0, 1, 2},
			func(d digits) bool {
				k := 1 + b2i(d[1] != d[0]) + b2i(d[2] != d[0] && d[2] != d[1])
				return d[0] == k
			}},
		// Some non-empty set of the loop's places starts the segments, each
		// running to the next start round the loop and adding up to 5.
		{"sum loop", 4, []clue.Clue{{Kind: clue.SumLoop, Lines: [][]int{{0, 1, 5, 4}}, Value: 5}}, []int{0, 1, 4, 5},
			func(d digits) bool {
				loop := []int{d[0], d[1], d[5], d[4]}
			next:
				for starts := 1; starts < 16; starts++ {
					for p := range 4 {
						if starts>>p&1 == 0 {
							continue
						}
						sum := 0
						for q := p; ; q = (q + 1) % 4 {
							sum += loop[q]
							if starts>>((q+1)%4)&1 != 0 {
								break
							}
						}
						if sum != 5 {
							continue next
						}
					}
					return true
				}
				return false
			}},
		{"slow thermometer", 4, []clue.Clue{{Kind: clue.SlowThermometer, Lines: [][]int{{0, 1, 5, 4}}}}, []int{0, 1, 4, 5},
			func(d digits) bool { return d[0] <= d[1] && d[1] <= d[5] && d[5] <= d[4] }},
		{"negative xv", 6, []clue.Clue{{Kind: clue.XV, Cells: []int{0, 1}, Value: 5}, {Kind: clue.NegativeXV},
			{Kind: clue.WhiteDot, Cells: []int{6, 7}}}, block6,
			func(d digits) bool {
				return d[0]+d[1] == 5 && abs(d[6]-d[7]) == 1 &&
					allPairs(6, block6, [][2]int{{0, 1}}, func(a, b int) bool { return a+b != 5 && a+b != 10 })(d)
			}},
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// allPairs returns a test that every pair of orthogonal neighbours among
// cells, but the pairs except, holds digits that ok accepts.
func allPairs(n int, cells []int, except [][2]int, ok func(a, b int) bool) func(d digits) bool {
	return func(d digits) bool {
		for _, p := range neighbours(n, cells) {
			if !slices.Contains(except, p) && !ok(d[p[0]], d[p[1]]) {
				return false
			}
		}
		return true
	}
}

// sandwich returns the sum between the 1 and the n of the line, or −1
// unless the line holds exactly one of each.
func sandwich(d digits, line []int, n int) int {
	p, q := -1, -1
	for k, i := range line {
		switch {
		case d[i] == 1 && p >= 0, d[i] == n && q >= 0:
			return -1
		case d[i] == 1:
			p = k
		case d[i] == n:
			q = k
		}
	}
	if p < 0 || q < 0 {
		return -1
	}
	s := 0
	for _, i := range line[min(p, q)+1 : max(p, q)] {
		s += d[i]
	}
	return s
}

// TestMeaning checks each kind of clue against its meaning, by brute
// force: for every assignment of digits to the cells of a case, the
// validator finds no conflict of the clues' rules (those of rows, columns
// and boxes left out) exactly when the meaning written in the case holds;
// and some assignments hold and some do not. Every kind has a case.
func TestMeaning(t *testing.T) {
	covered := map[clue.Kind]bool{}
	for _, tc := range meaningCases() {
		t.Run(tc.name, func(t *testing.T) {
			std, err := satdoku.Standard(tc.n)
			if err != nil {
				t.Fatal(err)
			}
			r, _, err := clue.Apply(std, tc.clues...)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range tc.clues {
				covered[c.Kind] = true
			}
			holds, total := 0, 0
			d := digits{}
			var walk func(k int)
			walk = func(k int) {
				if t.Failed() {
					return
				}
				if k < len(tc.cells) {
					for x := 1; x <= tc.n; x++ {
						d[tc.cells[k]] = x
						walk(k + 1)
					}
					return
				}
				g := satdoku.NewGrid(r)
				for i, x := range d {
					g.SetCell(i, x)
				}
				var broken []string
				for _, c := range verify.Check(g) {
					if c.Relation || c.Constraint != nil || c.Kind == satdoku.Extra {
						broken = append(broken, c.String())
					}
				}
				want := tc.holds(d)
				if got := len(broken) == 0; got != want {
					t.Errorf("digits %v: the rules hold: %v %q, the meaning: %v", d, got, broken, want)
				}
				holds += b2i(want)
				total++
			}
			walk(0)
			if tc.name != "little killer without a sum" && (holds == 0 || holds == total) {
				t.Errorf("%d of %d assignments hold: the case tests nothing", holds, total)
			}
		})
	}
	for _, k := range clue.Kinds() {
		if !covered[k] {
			t.Errorf("no case for kind %v", k)
		}
	}
}

// TestErrors checks that malformed clues are refused, naming the clue
// and the field at fault.
func TestErrors(t *testing.T) {
	tests := []struct {
		n     int
		c     clue.Clue
		field string
		line  int
		item  int
		msg   string
		err   error
	}{
		{9, clue.Clue{Kind: clue.KillerCage, Cells: []int{0, 0}}, "cells", -1, 1, "R1C1 is listed twice", clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.KillerCage}, "", -1, -1, "a cage without cells", clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.ExtraRegion, Cells: []int{0, 81}}, "cells", -1, 1, "cell 81 is off the 9×9 board", clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.LittleKiller, Row: -1, Col: 0, Direction: clue.UpRight, Value: 5}, "direction", -1, -1, `the diagonal from "R0C1" going UR misses the board`, clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.LittleKiller, Row: -1, Col: 0, Value: 5}, "direction", -1, -1, "unknown direction Direction(0) (want UL, UR, DL or DR)", clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.LittleKiller, Row: 0, Col: 0, Direction: clue.DownRight, Value: 9}, "place", -1, -1, `"R1C1" is on the board: a little killer clue is outside it`, clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.LittleKiller, Row: -2, Col: 0, Direction: clue.DownRight, Value: 9}, "place", -1, -1, `"R-1C1" is off the 9×9 board`, clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.Sandwich, Row: -1, Col: -1, Value: 5}, "place", -1, -1, `"R0C0" is not beside a row or a column`, clue.ErrInvalid},
		{4, clue.Clue{Kind: clue.Thermometer, Lines: [][]int{{0, 1, 0}}}, "lines", 0, 2, "R1C1 is listed twice", clue.ErrInvalid},
		{4, clue.Clue{Kind: clue.Arrow, Lines: [][]int{{0, 1}}}, "", -1, -1, "an arrow without a circle", clue.ErrInvalid},
		{16, clue.Clue{Kind: clue.Arrow, Cells: []int{0, 16}, Lines: [][]int{{0, 1, 2}}}, "cells", -1, -1, "a circle of 2 cells on a 16×16 board", clue.ErrUnsupported},
		{9, clue.Clue{Kind: clue.Arrow, Cells: []int{0, 1, 2, 3, 4, 5, 6}, Lines: [][]int{{0, 9}}}, "cells", -1, -1, "a circle of 7 cells (the limit is 6)", clue.ErrUnsupported},
		{9, clue.Clue{Kind: clue.Whispers, Lines: [][]int{{0, 1, 1}}}, "lines", 0, 2, "a cell next to itself", clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.Clone, Lines: [][]int{{0, 1}, {2}}}, "lines", 1, -1, "1 clone cells for 2 cells", clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.WhiteDot, Cells: []int{0}}, "cells", -1, -1, "want 2 cells, found 1", clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.XV, Cells: []int{0, 1}, Value: 7}, "value", -1, -1, "an XV mark is 10 (X) or 5 (V), not 7", clue.ErrInvalid},
		{4, clue.Clue{Kind: clue.PencilMarks, Cells: []int{0}}, "values", -1, -1, "no digits", clue.ErrInvalid},
		{4, clue.Clue{Kind: clue.Odd, Cells: []int{-1}}, "cells", -1, 0, "cell -1 is off the 4×4 board", clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.Nabner, Lines: [][]int{{0, 1, 0}}}, "lines", 0, 2, "R1C1 is listed twice", clue.ErrInvalid},
		{4, clue.Clue{Kind: clue.RegionSumLine, Lines: [][]int{{0, 16}}}, "lines", 0, 1, "cell 16 is off the 4×4 board", clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.EntropicLine, Lines: [][]int{{0, 1, 0}}}, "lines", 0, 2, "R1C1 is listed twice within 2 cells", clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.XSum, Row: -1, Col: 0, Value: 0}, "value", -1, -1, "x-sum 0 is not a positive number", clue.ErrInvalid},
		{9, clue.Clue{Kind: clue.Skyscraper, Row: 9, Col: 9, Value: 2}, "place", -1, -1, `"R10C10" is not beside a row or a column`, clue.ErrInvalid},
		{6, clue.Clue{Kind: clue.Skyscraper, Row: 2, Col: -1, Value: -1}, "value", -1, -1, "skyscraper -1 is not a positive number", clue.ErrInvalid},
		{4, clue.Clue{Kind: clue.RowIndexer, Cells: []int{1, 1}}, "cells", -1, 1, "R1C2 is listed twice", clue.ErrInvalid},
		{4, clue.Clue{Kind: clue.LockoutLine, Lines: [][]int{{0, 1, 2}}, Value: -2}, "value", -1, -1, "difference -2 is not a positive number", clue.ErrInvalid},
		{4, clue.Clue{}, "", -1, -1, "unknown kind Kind(0)", clue.ErrInvalid},
	}
	for _, tc := range tests {
		std, err := satdoku.Standard(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		ok := clue.Clue{Kind: clue.Odd, Cells: []int{0}}
		_, _, err = clue.Apply(std, ok, tc.c)
		var e *clue.Error
		if !errors.As(err, &e) {
			t.Errorf("%+v: error %v, want a *clue.Error", tc.c, err)
			continue
		}
		if !errors.Is(err, tc.err) || e.Clue != 1 || e.Kind != tc.c.Kind || e.Field != tc.field || e.Line != tc.line || e.Item != tc.item || e.Msg != tc.msg {
			t.Errorf("%+v: error %+v (%v), want %s [%d][%d] %q", tc.c, e, err, tc.field, tc.line, tc.item, tc.msg)
		}
	}
}

// TestImpossible checks that a well-formed clue that no digits satisfy is
// no error but a puzzle with no solution: the rules hold a Never
// constraint on the clue's cells, named after its kind, with the reason;
// the validator finds no solution of the empty grid and names the clue and
// the reason; and the clue's own digits, tried one by one, never satisfy it.
func TestImpossible(t *testing.T) {
	tests := []struct {
		n      int
		c      clue.Clue
		cells  []int
		reason string
		// holds is the clue's plain meaning on the digits of cells, for the
		// brute force (nil: too many cells to try).
		holds func(d []int) bool
	}{
		{9, clue.Clue{Kind: clue.KillerCage, Cells: []int{0, 1}, Value: 18}, []int{0, 1}, "18 is impossible in 2 cells (want 3 to 17)",
			func(d []int) bool { return d[0] != d[1] && d[0]+d[1] == 18 }},
		{9, clue.Clue{Kind: clue.KillerCage, Cells: []int{0, 1}, Value: 1}, []int{0, 1}, "1 is impossible in 2 cells (want 3 to 17)",
			func(d []int) bool { return d[0] != d[1] && d[0]+d[1] == 1 }},
		{4, clue.Clue{Kind: clue.KillerCage, Cells: []int{0, 1, 2, 3, 4}}, []int{0, 1, 2, 3, 4}, "5 cells cannot hold distinct digits 1 to 4",
			func(d []int) bool { return len(slices.Compact(slices.Sorted(slices.Values(d)))) == 5 }},
		{4, clue.Clue{Kind: clue.ExtraRegion, Cells: []int{0, 1, 2, 3, 4}}, []int{0, 1, 2, 3, 4}, "5 cells cannot hold distinct digits 1 to 4",
			func(d []int) bool { return len(slices.Compact(slices.Sorted(slices.Values(d)))) == 5 }},
		{9, clue.Clue{Kind: clue.LittleKiller, Row: -1, Col: 0, Direction: clue.DownRight, Value: 90}, []int{1, 11, 21, 31, 41, 51, 61, 71}, "sum 90 is impossible (want 8 to 72)", nil},
		{4, clue.Clue{Kind: clue.LittleKiller, Row: -1, Col: 1, Direction: clue.DownRight, Value: 1}, []int{2, 7}, "sum 1 is impossible (want 2 to 8)",
			func(d []int) bool { return d[0]+d[1] == 1 }},
		{9, clue.Clue{Kind: clue.Sandwich, Row: -1, Col: 0, Value: 36}, []int{0, 9, 18, 27, 36, 45, 54, 63, 72}, "sandwich sum 36 is impossible (want 0 to 35)", nil},
		{4, clue.Clue{Kind: clue.Thermometer, Lines: [][]int{{0, 1}, {0, 1, 2, 3, 7}}}, []int{0, 1, 2, 3, 7}, "5 cells cannot rise with digits 1 to 4",
			func(d []int) bool { return slices.IsSorted(d) && len(slices.Compact(slices.Clone(d))) == 5 }},
		{4, clue.Clue{Kind: clue.Arrow, Cells: []int{0}, Lines: [][]int{{0, 1, 2, 3, 7, 11}}}, []int{1, 2, 3, 7, 11, 0}, "total 0 is impossible (want 1 to 19)",
			func(d []int) bool { return d[0]+d[1]+d[2]+d[3]+d[4] == d[5] }},
		{9, clue.Clue{Kind: clue.Renban, Lines: [][]int{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}}, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, "10 cells cannot hold distinct digits 1 to 9", nil},
		{9, clue.Clue{Kind: clue.Whispers, Lines: [][]int{{0, 1}}, Value: 9}, []int{0, 1}, "no two digits 1 to 9 differ by 9 or more",
			func(d []int) bool { return abs(d[0]-d[1]) >= 9 }},
		{4, clue.Clue{Kind: clue.Quadruple, Cells: []int{0, 1}, Values: []int{1, 2, 3}}, []int{0, 1}, "3 digits cannot fit in 2 cells",
			func(d []int) bool { return slices.Contains(d, 1) && slices.Contains(d, 2) && slices.Contains(d, 3) }},
		{4, clue.Clue{Kind: clue.Quadruple, Cells: []int{0, 1}, Values: []int{5}}, []int{0, 1}, "digit 5 is not in 1..4",
			func(d []int) bool { return slices.Contains(d, 5) }},
		{9, clue.Clue{Kind: clue.WhiteDot, Cells: []int{0, 1}, Value: 9}, []int{0, 1}, "no two digits 1 to 9 differ by 9",
			func(d []int) bool { return abs(d[0]-d[1]) == 9 }},
		{9, clue.Clue{Kind: clue.BlackDot, Cells: []int{0, 1}, Value: 10}, []int{0, 1}, "no two distinct digits 1 to 9 have ratio 10",
			func(d []int) bool { return d[0] == 10*d[1] || d[1] == 10*d[0] }},
		{4, clue.Clue{Kind: clue.XV, Cells: []int{0, 1}, Value: 10}, []int{0, 1}, "two digits 1 to 4 cannot add up to 10",
			func(d []int) bool { return d[0]+d[1] == 10 }},
		{9, clue.Clue{Kind: clue.XSum, Row: -1, Col: 0, Value: 46}, []int{0, 9, 18, 27, 36, 45, 54, 63, 72}, "x-sum 46 is impossible (want 1 to 45)", nil},
		{6, clue.Clue{Kind: clue.Skyscraper, Row: 2, Col: -1, Value: 7}, []int{12, 13, 14, 15, 16, 17}, "skyscraper 7 is impossible (want 1 to 6)", nil},
		{4, clue.Clue{Kind: clue.NumberedRoom, Row: -1, Col: 0, Value: 5}, []int{0, 4, 8, 12}, "numbered room 5 is impossible (want 1 to 4)", nil},
		{9, clue.Clue{Kind: clue.LockoutLine, Lines: [][]int{{0, 1, 2}}, Value: 9}, []int{0, 2}, "no two digits 1 to 9 differ by 9 or more",
			func(d []int) bool { return abs(d[0]-d[1]) >= 9 }},
	}
	for _, tc := range tests {
		std, err := satdoku.Standard(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		r, _, err := clue.Apply(std, tc.c)
		if err != nil {
			t.Errorf("%v: %v", tc.c.Kind, err)
			continue
		}
		var nevers []satdoku.Constraint
		for _, c := range r.Constraints() {
			if c.Kind == satdoku.Never {
				nevers = append(nevers, c)
			}
		}
		if len(nevers) != 1 || nevers[0].Name != tc.c.Kind.String() || nevers[0].Reason != tc.reason || !slices.Equal(nevers[0].Cells, tc.cells) {
			t.Errorf("%v: Never constraints %+v, want one on %v: %q", tc.c.Kind, nevers, tc.cells, tc.reason)
			continue
		}
		g := satdoku.NewGrid(r)
		if n, _ := verify.Count(g, 1); n != 0 {
			t.Errorf("%v: verify counts %d solutions, want 0", tc.c.Kind, n)
		}
		cs := verify.Check(g)
		want := tc.c.Kind.String() + " " + cellNames(tc.n, tc.cells) + ": " + tc.reason
		if len(cs) != 1 || cs[0].String() != want {
			t.Errorf("%v: verify.Check = %v, want %q", tc.c.Kind, cs, want)
		}
		if tc.holds != nil {
			d := make([]int, len(tc.cells))
			for k := range d {
				d[k] = 1
			}
			for more := true; more; more = next(d, tc.n) {
				if tc.holds(d) {
					t.Errorf("%v: digits %v satisfy it: the clue is possible", tc.c.Kind, d)
					break
				}
			}
		}
	}
}

// cellNames names cells of an n×n board as verify does: r1c1,r1c2.
func cellNames(n int, cells []int) string {
	var s []string
	for _, i := range cells {
		s = append(s, verify.Cell{Row: i / n, Col: i % n}.String())
	}
	return strings.Join(s, ",")
}

// next steps d through every assignment of digits 1..n, from all ones;
// it reports false after the last.
func next(d []int, n int) bool {
	for k := range d {
		if d[k] < n {
			d[k]++
			return true
		}
		d[k] = 1
	}
	return false
}

// TestApply checks what Apply makes besides the rules' meaning: the
// names of the rules and the tags, in the order of the clues, the
// warnings, and that the rules of a clue with nothing to say are none.
func TestApply(t *testing.T) {
	std, _ := satdoku.Standard(4)
	r, warns, err := clue.Apply(std,
		clue.Clue{Kind: clue.Arrow, Cells: []int{0}, Lines: [][]int{{0}}},
		clue.Clue{Kind: clue.WhiteDot, Cells: []int{0, 1}},
		clue.Clue{Kind: clue.Thermometer, Lines: [][]int{{5}}},
		clue.Clue{Kind: clue.BlackDot, Cells: []int{2, 3}},
		clue.Clue{Kind: clue.KillerCage, Cells: []int{8, 9}, Value: 3},
		clue.Clue{Kind: clue.Quadruple, Cells: []int{10, 11}},
	)
	if err != nil {
		t.Fatal(err)
	}
	if want := []clue.Warning{{Clue: 0, Msg: "a circle without an arrow"}}; !reflect.DeepEqual(warns, want) {
		t.Errorf("warnings %v, want %v", warns, want)
	}
	if want := []string{"kropki", "killer cage"}; !slices.Equal(r.Tags(), want) {
		t.Errorf("tags %q, want %q", r.Tags(), want)
	}
	wantRels := []satdoku.Relation{{A: 0, B: 1, Kind: satdoku.Consecutive, Name: "white dot"}, {A: 2, B: 3, Kind: satdoku.Double, Name: "black dot"}}
	if !reflect.DeepEqual(r.Relations(), wantRels) {
		t.Errorf("relations %v, want %v", r.Relations(), wantRels)
	}
	wantCons := []satdoku.Constraint{{Kind: satdoku.Total, Cells: []int{8, 9}, Value: 3, Name: "killer cage"}}
	if !reflect.DeepEqual(r.Constraints(), wantCons) {
		t.Errorf("constraints %v, want %v", r.Constraints(), wantCons)
	}
	if ex := r.Extras(); len(ex) != 1 || ex[0].Name != "killer cage" || !slices.Equal(ex[0].Cells, []int{8, 9}) {
		t.Errorf("extra units %v", ex)
	}
}

// TestNames checks that every kind has one name that reads back, that
// the directions do, and that a clue is plain data: JSON in and out.
func TestNames(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range clue.Kinds() {
		b, err := k.MarshalText()
		if err != nil || string(b) != k.String() || seen[string(b)] {
			t.Errorf("kind %d: %q %v", k, b, err)
		}
		seen[string(b)] = true
		var back clue.Kind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("%q reads back as %v %v", b, back, err)
		}
	}
	if _, err := clue.Kind(0).MarshalText(); !errors.Is(err, clue.ErrInvalid) {
		t.Errorf("Kind(0) marshals: %v", err)
	}
	var k clue.Kind
	if err := k.UnmarshalText([]byte("sudoku")); !errors.Is(err, clue.ErrInvalid) {
		t.Errorf("unknown kind: %v", err)
	}
	for in, want := range map[string]clue.Direction{"UL": clue.UpLeft, "ur": clue.UpRight, " DL ": clue.DownLeft, "Dr": clue.DownRight} {
		var d clue.Direction
		if err := d.UnmarshalText([]byte(in)); err != nil || d != want {
			t.Errorf("direction %q: %v %v", in, d, err)
		}
	}
	var d clue.Direction
	if err := d.UnmarshalText([]byte("DD")); err == nil || err.Error() != `clue: invalid clue: unknown direction "DD" (want UL, UR, DL or DR)` {
		t.Errorf("direction DD: %v", err)
	}
	for in, want := range map[string]int{"X": 10, "v": 5, " x ": 10, "W": 0, "": 0} {
		if got, err := clue.ParseXV(in); got != want || (err != nil) != (want == 0) {
			t.Errorf("ParseXV(%q) = %d, %v", in, got, err)
		}
	}
	clues := []clue.Clue{
		{Kind: clue.LittleKiller, Row: -1, Col: 3, Direction: clue.DownLeft, Value: 12},
		{Kind: clue.Sandwich, Row: 2, Col: 9},
		{Kind: clue.Arrow, Cells: []int{0, 1}, Lines: [][]int{{0, 9, 18}}},
		{Kind: clue.Quadruple, Cells: []int{0, 1, 9, 10}, Values: []int{1, 2}},
		{Kind: clue.NegativeXV},
	}
	js, err := json.Marshal(clues)
	if err != nil {
		t.Fatal(err)
	}
	const want = `[{"kind":"little killer","row":-1,"col":3,"direction":"DL","value":12},{"kind":"sandwich","row":2,"col":9},` +
		`{"kind":"arrow","cells":[0,1],"lines":[[0,9,18]]},{"kind":"quadruple","cells":[0,1,9,10],"values":[1,2]},{"kind":"negative xv"}]`
	if string(js) != want {
		t.Errorf("JSON\n%s\nwant\n%s", js, want)
	}
	var back []clue.Clue
	if err := json.Unmarshal(js, &back); err != nil || !reflect.DeepEqual(back, clues) {
		t.Errorf("JSON reads back as %+v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`[{"kind":"indexer"}]`), &back); !errors.Is(err, clue.ErrInvalid) {
		t.Errorf("unknown kind in JSON: %v", err)
	}
	e := &clue.Error{Clue: 2, Kind: clue.Thermometer, Field: "lines", Line: 0, Item: 3, Msg: "R1C1 is listed twice", Err: clue.ErrInvalid}
	if got := e.Error(); got != "clue: clue 2 (thermometer) lines[0][3]: R1C1 is listed twice" {
		t.Errorf("Error() = %q", got)
	}
}

// parityNFA reads a segment, a break and one digit, and accepts when the
// digit has the parity of the segment's sum: states 0 and 1 are the
// parity so far, 2 and 3 after the break, 4 the end.
func parityNFA() *satdoku.NFA {
	a := &satdoku.NFA{States: 5, Start: []int{0}, Accept: []int{4}}
	for d := 1; d <= 4; d++ {
		for q := range 2 {
			a.Moves = append(a.Moves, satdoku.Move{From: q, To: q ^ d%2, Symbol: d})
		}
		a.Moves = append(a.Moves, satdoku.Move{From: 2 + d%2, To: 4, Symbol: d})
	}
	a.Moves = append(a.Moves, satdoku.Move{From: 0, To: 2, Symbol: satdoku.Break}, satdoku.Move{From: 1, To: 3, Symbol: satdoku.Break})
	return a
}

// TestErrorsNameVarCells: a clue that lists a var cell twice, or puts it
// where no box is, names it as the rules do (VA), not as a grid cell past
// the board (R5C1); the grid's cells keep their R1C1.
func TestErrorsNameVarCells(t *testing.T) {
	r, _ := satdoku.Standard(4)
	r, err := r.WithNamedVarCells("VA", "VB")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		c    clue.Clue
		want string
	}{
		{clue.Clue{Kind: clue.KillerCage, Cells: []int{0, 16, 16}}, "VA is listed twice"},
		{clue.Clue{Kind: clue.Thermometer, Lines: [][]int{{17, 1, 17}}}, "VB is listed twice"},
		{clue.Clue{Kind: clue.KillerCage, Cells: []int{0, 1, 0}}, "R1C1 is listed twice"},
	} {
		_, _, err := clue.Apply(r, tt.c)
		var ce *clue.Error
		if !errors.As(err, &ce) || ce.Msg != tt.want {
			t.Errorf("%v %v: %v, want %q", tt.c.Kind, tt.c.Cells, err, tt.want)
		}
	}
}

// TestImpossibleValues: a clue that cannot hold on a board of the values 0
// to 3 says why in those values (five cells cannot hold distinct digits 0
// to 3, not 1 to 4).
func TestImpossibleValues(t *testing.T) {
	r, _ := satdoku.Raw(5)
	r, err := r.WithValues(4)
	if err == nil {
		r, err = r.WithValueOffset(-1)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		c    clue.Clue
		want string
	}{
		{clue.Clue{Kind: clue.KillerCage, Cells: []int{0, 1, 2, 3, 4}, Value: 5}, "5 cells cannot hold distinct digits 0 to 3"},
		{clue.Clue{Kind: clue.Thermometer, Lines: [][]int{{0, 1, 2, 3, 4}}}, "5 cells cannot rise with digits 0 to 3"},
	} {
		rs, _, err := clue.Apply(r, tt.c)
		if err != nil {
			t.Fatal(err)
		}
		cs := rs.Constraints()
		if len(cs) != 1 || cs[0].Kind != satdoku.Never || cs[0].Reason != tt.want {
			t.Errorf("%v: %v, want %q", tt.c.Kind, cs, tt.want)
		}
	}
}
