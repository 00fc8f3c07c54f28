package satdoku_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/satdoku/satdoku"
)

func ExampleParse() {
	// LeetCode problem 37, "Sudoku Solver".
	board := `[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]`
	g, err := satdoku.Parse(board)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d×%d, %d givens\n", g.N(), g.N(), g.Givens())
	fmt.Println(g)
	// Output:
	// 9×9, 30 givens
	// 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
}

func ExampleParse_error() {
	_, err := satdoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7?")
	fmt.Println(err)
	var pe *satdoku.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Pos.Line, pe.Pos.Column, pe.Msg, errors.Is(err, satdoku.ErrBadCell))
	}
	// Output:
	// 1:81: invalid cell '?'
	// 1 81 invalid cell '?' true
}

func ExampleGrid_Format() {
	g := satdoku.MustParse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	fmt.Println(g.Format(satdoku.FormatGrid))
	fmt.Println(satdoku.MustParse("1..4..3..4..2..1").Format(satdoku.FormatJSON))
	fmt.Println(satdoku.MustParse("1..4..3..4..2..1").Format(satdoku.FormatLeetCode))
	// Output:
	// 5 3 4 | 6 7 8 | 9 1 2
	// 6 7 2 | 1 9 5 | 3 4 8
	// 1 9 8 | 3 4 2 | 5 6 7
	// ------+-------+------
	// 8 5 9 | 7 6 1 | 4 2 3
	// 4 2 6 | 8 5 3 | 7 9 1
	// 7 1 3 | 9 2 4 | 8 5 6
	// ------+-------+------
	// 9 6 1 | 5 3 7 | 2 8 4
	// 2 8 7 | 4 1 9 | 6 3 5
	// 3 4 5 | 2 8 6 | 1 7 9
	// [[1,0,0,4],[0,0,3,0],[0,4,0,0],[2,0,0,1]]
	// [["1",".",".","4"],[".",".","3","."],[".","4",".","."],["2",".",".","1"]]
}

func ExampleReader() {
	input := `# puzzles in three formats
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
1 . | . 4
. . | 3 .
----+----
. 4 | . .
2 . | . 1
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7z
[["1",".",".","4"],[".",".","3","."],
 [".","4",".","."],["2",".",".","1"]]
end
`
	r := satdoku.NewReader(strings.NewReader(input))
	for {
		g, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("line %d: %d×%d %s\n", r.Line(), g.N(), g.N(), g)
	}
	// Output:
	// line 2: 9×9 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
	// line 3: 4×4 1..4..3..4..2..1
	// error: 8:81: cell 'z' (35) out of range for 9×9
	// line 9: 4×4 1..4..3..4..2..1
}

func ExampleParse_sixBySix() {
	// A 6×6 board has boxes of 2 rows by 3 columns. A grid in the style
	// of Simple Sudoku reads as well as a line of 36 symbols.
	g, err := satdoku.Parse("1.3|.5.\n.5.|1.3\n-------\n2..|.6.\n.6.|..1\n-------\n3.2|.4.\n.4.|3.2\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	h, w := g.Rules().BoxShape()
	fmt.Printf("%d×%d with %d×%d boxes: %s\n", g.N(), g.N(), h, w, g)
	fmt.Println(g.Format(satdoku.FormatGrid))
	// Output:
	// 6×6 with 2×3 boxes: 1.3.5..5.1.32...6..6...13.2.4..4.3.2
	// 1 . 3 | . 5 .
	// . 5 . | 1 . 3
	// ------+------
	// 2 . . | . 6 .
	// . 6 . | . . 1
	// ------+------
	// 3 . 2 | . 4 .
	// . 4 . | 3 . 2
}

func ExampleRules_WithExtra() {
	// X-Sudoku: the classic rules and the two main diagonals, as data.
	std, _ := satdoku.Standard(9)
	var down, up []int
	for i := range 9 {
		down = append(down, i*9+i)
		up = append(up, i*9+8-i)
	}
	x, err := std.WithExtra(
		satdoku.ExtraUnit{Name: "diagonal ↘", Cells: down},
		satdoku.ExtraUnit{Name: "diagonal ↗", Cells: up},
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(x.Units()), "units,", len(x.Overlaps()), "overlaps, classic:", x.Classic())
	var names []string
	for _, u := range x.UnitsOf(4*9 + 4) {
		names = append(names, x.Units()[u].String())
	}
	fmt.Println("r5c5:", strings.Join(names, ", "))
	// A diagonal shares three cells with each box it crosses.
	for _, o := range x.Overlaps() {
		if b := x.Units()[o.B]; b.Kind == satdoku.Extra {
			fmt.Println(x.Units()[o.A], "and", b, "share", o.Shared)
		}
	}
	// A puzzle is read under the standard rules and then put under these.
	g := satdoku.MustParse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	fmt.Println(g.SetRules(x), g.Rules() == x)
	// Output:
	// 29 units, 60 overlaps, classic: false
	// r5c5: row 5, column 5, box 5, diagonal ↘, diagonal ↗
	// box 1 and diagonal ↘ share [0 10 20]
	// box 3 and diagonal ↗ share [8 16 24]
	// box 5 and diagonal ↘ share [30 40 50]
	// box 5 and diagonal ↗ share [32 40 48]
	// box 7 and diagonal ↗ share [56 64 72]
	// box 9 and diagonal ↘ share [60 70 80]
	// <nil> true
}
