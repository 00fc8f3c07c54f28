package answer

import (
	"context"
	"fmt"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/checked"
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
	// QueryBudget bounds each clue's question (see
	// cluereport.Options.QueryBudget).
	QueryBudget time.Duration
	// Clues are the puzzle's clues as read, when the reader has them
	// (textfmt.Puzzle.Clues): each is then one clue of the report, so
	// that two lines that touch stay two.
	Clues []clue.Clue
	// Certify checks each redundant verdict, and the removable set, with
	// verify's own counter within CertifyBudget (see
	// cluereport.Report.Certify); past the budget the rest stay
	// uncertified.
	Certify       bool
	CertifyBudget time.Duration
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
	rep, err := cluereport.Make(bctx, g, cluereport.Options{Limit: o.Limit, Clues: o.Clues, QueryBudget: o.QueryBudget})
	if err != nil {
		return a, a.stop(ctx, err)
	}
	if o.Certify && o.CertifyBudget > 0 {
		cctx, cancel := context.WithTimeout(bctx, o.CertifyBudget)
		err := rep.Certify(cctx)
		cancel()
		if err != nil {
			return a, fmt.Errorf("%w: %w", checked.ErrRejected, err)
		}
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
