package textfmt_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

func ExampleParse() {
	// LeetCode problem 37, "Sudoku Solver".
	board := `[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]`
	g, err := textfmt.Parse(board)
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
	_, err := textfmt.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7?")
	fmt.Println(err)
	var pe *satdoku.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Pos.Line, pe.Pos.Column, pe.Msg, errors.Is(err, textfmt.ErrBadCell))
	}
	// Output:
	// 1:81: invalid cell '?'
	// 1 81 invalid cell '?' true
}

func ExampleString() {
	g := textfmt.MustParse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	fmt.Println(textfmt.String(g, textfmt.FormatGrid))
	fmt.Println(textfmt.String(textfmt.MustParse("1..4..3..4..2..1"), textfmt.FormatJSON))
	fmt.Println(textfmt.String(textfmt.MustParse("1..4..3..4..2..1"), textfmt.FormatLeetCode))
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
	r := textfmt.NewReader(strings.NewReader(input))
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
	g, err := textfmt.Parse("1.3|.5.\n.5.|1.3\n-------\n2..|.6.\n.6.|..1\n-------\n3.2|.4.\n.4.|3.2\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	h, w := g.Rules().BoxShape()
	fmt.Printf("%d×%d with %d×%d boxes: %s\n", g.N(), g.N(), h, w, g)
	fmt.Println(textfmt.String(g, textfmt.FormatGrid))
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
