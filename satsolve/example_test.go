package satsolve_test

import (
	"context"
	"fmt"

	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
)

func ExampleSolve() {
	const board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	g := textfmt.MustParse(board)
	r, err := satsolve.Solve(context.Background(), g, satsolve.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Status, r.Solution)
	// Output: solved 534678912672195348198342567859761423426853791713924856961537284287419635345286179
}
