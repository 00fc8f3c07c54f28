package checked_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
)

func Example() {
	// gini, in process, behind the validator; Certify has the validator
	// count the solutions itself before a "unique" is believed.
	s := checked.New(satsolve.New(satsolve.Options{}), checked.Options{Certify: true})
	g := textfmt.MustParse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	a, err := s.Unique(context.Background(), g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Status, a.Solution)
	fmt.Println(a.Certificate)
	// Output:
	// unique 534678912672195348198342567859761423426853791713924856961537284287419635345286179
	// certified: independent count
}

// lyingBackend answers every question with the same wrong grid.
type lyingBackend struct{}

func (lyingBackend) Solve(context.Context, *satdoku.Grid) (backend.Result, error) {
	wrong := textfmt.MustParse("534678912672195348198342567859761423426853791713924856961537284287419635345286197")
	return backend.Result{Status: backend.StatusSolved, Solution: wrong}, nil
}

func (l lyingBackend) Unique(ctx context.Context, g *satdoku.Grid) (backend.Result, error) {
	return l.Solve(ctx, g)
}

func (l lyingBackend) Count(ctx context.Context, g *satdoku.Grid, _ int) (backend.Result, error) {
	return l.Solve(ctx, g)
}

func Example_lyingBackend() {
	s := checked.New(lyingBackend{}, checked.Options{})
	g := textfmt.MustParse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	a, err := s.Solve(context.Background(), g)
	fmt.Println(errors.Is(err, checked.ErrRejected), a.Solution == nil)
	fmt.Println(err)
	// Output:
	// true true
	// checked: answer rejected by the validator: the solution: verify: r9c8 holds 9 but the puzzle gives 7
}
