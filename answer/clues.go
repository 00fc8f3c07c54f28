package answer

import (
	"context"
	"fmt"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/cluereport"
)

// ClueOptions configure Clues.
type ClueOptions struct {
	// Options: Timeout bounds the call. The questions run on one gini
	// instance in this process whatever Solver says (they are solves
	// under assumptions on one incremental formula).
	Options
	// Limit bounds the count of a puzzle with several solutions and of
	// each suggestion (0: cluereport.DefaultLimit).
	Limit int
	// Clues are the puzzle's clues as read, when the reader has them
	// (textfmt.Puzzle.Clues): each is then one clue of the report, so
	// that two lines that touch stay two.
	Clues []clue.Clue
}

// ClueReport answers Clues: the puzzle's clues with their verdicts (see
// cluereport.Report).
type ClueReport struct {
	Common
	// Report holds the clues and the verdicts; its Status is Common's in
	// the package's terms.
	Report cluereport.Report
}

// Clues answers which clues of g are needed: Unique with every clue's
// verdict (needed, with a witness the validator checked, or redundant,
// proved by UNSAT) and a greedy set of clues that can go together;
// Multiple with the count, the cells that differ and suggestions; None
// with clues whose removal makes it solvable; or Timeout.
func Clues(ctx context.Context, g *satdoku.Grid, o ClueOptions) (ClueReport, error) {
	var a ClueReport
	if err := noGrid(g); err != nil {
		return a, err
	}
	bctx, cancel := o.bound(ctx)
	defer cancel()
	rep, err := cluereport.Make(bctx, g, cluereport.Options{Limit: o.Limit, Clues: o.Clues})
	if err != nil {
		return a, a.stop(ctx, err)
	}
	a.Report = *rep
	switch rep.Status {
	case cluereport.Unique:
		a.Status = StatusUnique
	case cluereport.Multiple:
		a.Status = StatusMultiple
		more := ""
		if rep.CountAtLeast {
			more = " or more"
		}
		a.Reason = fmt.Sprintf("multiple solutions: %d%s", rep.Count, more)
	case cluereport.None:
		a.Status = StatusNone
		a.Reason = fmt.Sprintf("no solution: %d clues conflict", len(rep.Conflict))
	}
	return a, nil
}
