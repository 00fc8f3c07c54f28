package answer_test

import (
	"context"
	"fmt"

	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/textfmt"
)

func Example() {
	ctx := context.Background()
	g := textfmt.MustParse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")

	u, err := answer.Unique(ctx, g, answer.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Status, u.Solution)

	h, err := answer.Hint(ctx, g, answer.LogicOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.Status, h.Step.Text)

	r, _ := answer.Rate(ctx, g, answer.LogicOptions{})
	fmt.Println(r.Status, r.Rating)

	// A puzzle with 872 solutions is neither rated nor explained.
	m := textfmt.MustParse("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	r, _ = answer.Rate(ctx, m, answer.LogicOptions{})
	fmt.Println(r.Status, r.Status.Exit(false))
	// Output:
	// unique 534678912672195348198342567859761423426853791713924856961537284287419635345286179
	// hint hidden single: 8 can only go in r1c6 in box 2
	// rated 1.2 easy (hidden single)
	// multiple 1
}
