package answer_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/generate"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// many is the README's puzzle with 872 solutions (verify's own count).
const many = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"

// wiki is Wikipedia's puzzle, with its published solution.
const (
	wiki    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	wikiSol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// twoSolutions checks a Multiple answer against the validator: two
// different solutions of g.
func twoSolutions(t *testing.T, g *satdoku.Grid, a answer.Solution) {
	t.Helper()
	if a.Status != answer.StatusMultiple || a.Status.Exit(false) != answer.ExitNegative {
		t.Fatalf("status %q (exit %d), want multiple (exit 1)", a.Status, a.Status.Exit(false))
	}
	if a.Solution == nil || a.Second == nil || a.Solution.Equal(a.Second) {
		t.Fatalf("want two different solutions, got %v and %v", a.Solution, a.Second)
	}
	for _, s := range []*satdoku.Grid{a.Solution, a.Second} {
		if err := verify.Solution(g, s); err != nil {
			t.Fatal(err)
		}
	}
	if len(a.Differ) == 0 || !strings.Contains(a.Reason, "multiple") {
		t.Errorf("differ %v, reason %q", a.Differ, a.Reason)
	}
}

// TestNotUnique: a puzzle with several solutions (872 by verify's count)
// is multiple wherever it is asked, never rated, hinted, explained or
// minimized as if unique.
func TestNotUnique(t *testing.T) {
	ctx := context.Background()
	g := textfmt.MustParse(many)
	if n, _ := verify.Count(g, 1000); n != 872 {
		t.Fatalf("verify counts %d solutions, want 872", n)
	}
	lo := answer.LogicOptions{}
	r, err := answer.Rate(ctx, g, lo)
	if err != nil {
		t.Fatal(err)
	}
	twoSolutions(t, g, r.Solution)
	if r.Score != 0 {
		t.Errorf("rated %v", r.Rating)
	}
	h, err := answer.Hint(ctx, g, lo)
	if err != nil {
		t.Fatal(err)
	}
	twoSolutions(t, g, h.Solution)
	e, err := answer.Explain(ctx, g, lo)
	if err != nil {
		t.Fatal(err)
	}
	twoSolutions(t, g, e.Solution)
	if len(e.Steps) != 0 {
		t.Errorf("explained %d steps", len(e.Steps))
	}
	m, err := answer.Minimize(ctx, g, answer.MinimizeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	twoSolutions(t, g, m.Solution)
	f, err := answer.ExplainCell(ctx, g, verify.Cell{Row: 0, Col: 3}, answer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	twoSolutions(t, g, f.Solution)

	// The empty grid too.
	empty := textfmt.MustParse(strings.Repeat(".", 81))
	r, err = answer.Rate(ctx, empty, lo)
	if err != nil {
		t.Fatal(err)
	}
	twoSolutions(t, empty, r.Solution)
}

// TestUniqueAnswers checks the answers of a unique puzzle against its
// published solution.
func TestUniqueAnswers(t *testing.T) {
	ctx := context.Background()
	g, want := textfmt.MustParse(wiki), textfmt.MustParse(wikiSol)
	e, err := answer.Explain(ctx, g, answer.LogicOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if e.Status != answer.StatusSolved || !e.End.Grid().Equal(want) {
		t.Fatalf("explain: %q, end %v", e.Status, e.End.Grid())
	}
	for _, st := range e.Steps {
		for _, p := range st.Placements {
			if want.Cell(p.Cell) != p.Digit {
				t.Errorf("step %q places %d, the published solution has %d", st.Text, p.Digit, want.Cell(p.Cell))
			}
		}
		for _, x := range st.Eliminations {
			if want.Cell(x.Cell) == x.Digit {
				t.Errorf("step %q removes the published solution's digit", st.Text)
			}
		}
	}
	f, err := answer.ExplainCell(ctx, g, verify.Cell{Row: 4, Col: 4}, answer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Status != answer.StatusForced || f.Digit != want.Cell(4*9+4) || len(f.Givens) == 0 {
		t.Fatalf("explain r5c5: %+v", f)
	}
	// The givens alone force the digit: verify's own count of the puzzle
	// of those givens with the cell forced otherwise finds no solution.
	h := satdoku.NewGrid(g.Rules())
	for _, c := range f.Givens {
		h.SetCell(c.Row*9+c.Col, g.Cell(c.Row*9+c.Col))
	}
	for d := 1; d <= 9; d++ {
		if d == f.Digit {
			continue
		}
		h.SetCell(4*9+4, d)
		if n, _ := verify.Count(h, 1); n != 0 {
			t.Errorf("r5c5 = %d is possible with the givens %v", d, f.Givens)
		}
	}
	m, err := answer.Minimize(ctx, g, answer.MinimizeOptions{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != answer.StatusMinimal {
		t.Fatalf("minimize: %q", m.Status)
	}
	if n, _ := verify.Count(m.Puzzle, 2); n != 1 {
		t.Errorf("minimized puzzle has %d solutions by verify's count", n)
	}
	if m.Puzzle.Givens() >= g.Givens() {
		t.Errorf("minimize kept %d of %d clues", m.Puzzle.Givens(), g.Givens())
	}
}

func TestExplainCellOffBoard(t *testing.T) {
	g := textfmt.MustParse(wiki)
	_, err := answer.ExplainCell(context.Background(), g, verify.Cell{Row: 9, Col: 0}, answer.Options{})
	if !errors.Is(err, answer.ErrQuestion) || !strings.Contains(err.Error(), "r10c1 is off the 9×9 board") {
		t.Fatalf("err = %v, want ErrQuestion naming r10c1", err)
	}
}

// TestNextFromPosition: a step from a position of a puzzle with several
// solutions is checked against the true candidates, which verify's own
// count confirms: no solution holds a removed digit.
func TestNextFromPosition(t *testing.T) {
	g := textfmt.MustParse(many)
	st, err := logic.New(g)
	if err != nil {
		t.Fatal(err)
	}
	a, err := answer.PathFrom(context.Background(), answer.Position{Grid: g, State: st}, answer.LogicOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != answer.StatusTrial || len(a.Steps) == 0 {
		t.Fatalf("path: %q with %d steps", a.Status, len(a.Steps))
	}
	for _, s := range a.Steps {
		for _, x := range s.Eliminations {
			h := g.Clone()
			h.SetCell(x.Cell, x.Digit)
			if n, _ := verify.Count(h, 1); n != 0 {
				t.Errorf("step %q removes %d from cell %d, which a solution holds", s.Text, x.Digit, x.Cell)
			}
		}
	}
}

// TestStepChecker: a step that contradicts the solution is rejected.
func TestStepChecker(t *testing.T) {
	sol := textfmt.MustParse(wikiSol)
	truth := checked.SolutionMarks(sol)
	bad := []logic.Step{
		{Text: "wrong place", Placements: []logic.Candidate{{Cell: 0, Digit: 4}}},
		{Text: "wrong removal", Eliminations: []logic.Candidate{{Cell: 0, Digit: 5}}},
		{Text: "off board", Placements: []logic.Candidate{{Cell: 81, Digit: 1}}},
	}
	for _, st := range bad {
		if err := checked.Step(9, truth, st); !errors.Is(err, checked.ErrRejected) {
			t.Errorf("%s: err = %v, want ErrRejected", st.Text, err)
		}
	}
	good := logic.Step{Text: "right", Placements: []logic.Candidate{{Cell: 0, Digit: 5}}, Eliminations: []logic.Candidate{{Cell: 1, Digit: 5}}}
	if err := checked.Step(9, truth, good); err != nil {
		t.Error(err)
	}
}

// TestCancel: a canceled context stops every search soon.
func TestCancel(t *testing.T) {
	empty := textfmt.MustParse(strings.Repeat(".", 81))
	gen, err := generate.New(generate.Options{Minimal: true, Tries: 1 << 20, Accept: func(*satdoku.Grid) bool { return false }})
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]func(ctx context.Context) error{
		"count": func(ctx context.Context) error {
			_, err := answer.Count(ctx, empty, answer.CountOptions{Limit: 1 << 30})
			return err
		},
		"candidate counts": func(ctx context.Context) error {
			_, err := answer.Candidates(ctx, empty, answer.CandidateOptions{Limit: 1 << 30, PerCandidate: 1 << 20})
			return err
		},
		"estimate": func(ctx context.Context) error {
			o := answer.EstimateOptions{}
			o.MinPaths, o.MaxPaths, o.RelErr, o.Time = 1<<30, 1<<30, 1e-9, time.Hour
			_, err := answer.Estimate(ctx, empty, o)
			return err
		},
		"generate": func(ctx context.Context) error {
			_, err := answer.Generate(ctx, 1, answer.GenerateOptions{Generator: gen})
			return err
		},
	}
	for name, fn := range cases {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- fn(ctx) }()
			time.Sleep(50 * time.Millisecond)
			cancel()
			select {
			case err := <-done:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("err = %v, want context.Canceled", err)
				}
			case <-time.After(2 * time.Second):
				t.Fatal("still searching 2s after the cancel")
			}
		})
	}
}

// TestCanceledLogic: the logic under a canceled context takes no step.
func TestCanceledLogic(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := textfmt.MustParse(many)
	st, err := logic.New(g)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := st.NextContext(ctx, nil); ok || !errors.Is(err, context.Canceled) {
		t.Fatalf("NextContext: %v, %v", ok, err)
	}
	if _, err := answer.PathFrom(ctx, answer.Position{Grid: g, State: st}, answer.LogicOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("PathFrom: %v", err)
	}
	if _, err := answer.Explain(ctx, textfmt.MustParse(wiki), answer.LogicOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Explain: %v", err)
	}
}

// TestTimeout: Options.Timeout gives status timeout, exit 1.
func TestTimeout(t *testing.T) {
	empty := textfmt.MustParse(strings.Repeat(".", 81))
	a, err := answer.Count(context.Background(), empty, answer.CountOptions{Options: answer.Options{Timeout: 50 * time.Millisecond}, Limit: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != answer.StatusTimeout || a.Status.Exit(true) != answer.ExitNegative {
		t.Fatalf("status %q", a.Status)
	}
}
