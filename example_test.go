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
		fmt.Println(pe.Line, pe.Column, errors.Is(err, satdoku.ErrBadCell))
	}
	// Output:
	// line 1, column 81: invalid cell '?'
	// 1 81 true
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
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x
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
	// error: line 8, column 81: cell 'x' (33) out of range for 9×9
	// line 9: 4×4 1..4..3..4..2..1
}
