// Package answer is satdoku's questions and their checked answers, one
// function per question, for every surface to call: the command line, the
// HTTP API, the WebSocket protocol of listen and the WebAssembly page.
//
// Each function takes a context first (a canceled context stops the
// search it runs, whatever it is: gini, a count, the candidates, an
// estimate, the logic, a generation or a minimization), the puzzle parsed
// (a *satdoku.Grid, from package textfmt or another reader) and typed
// options, and returns a typed answer with a Status. Every grid in an
// answer has passed the independent validator (package verify, through
// package checked), and every logical step has been checked against the
// puzzle's one solution (checked.Step); an answer that fails a check is
// never returned: the function returns an error wrapping
// checked.ErrRejected instead.
//
// The error of a function is never the puzzle's fault: a puzzle with no
// solution, several, conflicting givens, or one that ran out of time is
// an answer with the Status that says so. An error is the context's
// (context.Canceled when the caller went away), a question that does not
// fit the puzzle (ErrQuestion: a cell off the board), or an internal
// failure (a back end that failed, an answer the validator rejected).
package answer

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// Status is the outcome of a question. Its text is the status of the
// JSON record (--format json) and the word the text formats print.
type Status string

// The statuses. Every function documents those it returns.
const (
	StatusSolved    Status = "solved"    // a solution (solve), or a position solved (hint, explain)
	StatusUnique    Status = "unique"    // exactly one solution
	StatusMultiple  Status = "multiple"  // more than one solution
	StatusNone      Status = "none"      // no solution (or a cell not forced)
	StatusValid     Status = "valid"     // givens (or a solution) that break no rule
	StatusInvalid   Status = "invalid"   // givens that break a rule: see Conflicts
	StatusTimeout   Status = "timeout"   // the time ran out first
	StatusError     Status = "error"     // no answer: input that cannot be read, or an internal error
	StatusRated     Status = "rated"     // rate: the puzzle's rating
	StatusHinted    Status = "hint"      // hint: the next step
	StatusTrial     Status = "trial"     // hint, explain: no technique gets further
	StatusForced    Status = "forced"    // explain a cell: the givens that force its digit
	StatusMinimal   Status = "minimal"   // minimize: every clue left is needed
	StatusGenerated Status = "generated" // generate: a puzzle proven unique
)

// Statuses lists every status.
var Statuses = []Status{StatusSolved, StatusUnique, StatusMultiple, StatusNone, StatusValid, StatusInvalid, StatusTimeout, StatusError, StatusRated, StatusHinted, StatusTrial, StatusForced, StatusMinimal, StatusGenerated}

// The exit statuses of the command line (see Status.Exit).
const (
	ExitOK       = 0 // every answer positive
	ExitNegative = 1 // none, multiple where uniqueness was asked, invalid, timeout
	ExitUsage    = 2 // a usage error, or input that cannot be read
	ExitInternal = 3 // an internal error
)

// Exit is the exit status an answer of status s gives: ExitOK for a
// positive answer, ExitNegative for none, invalid, timeout, and multiple
// unless counting (the question was how many: count, candidates, estimate,
// where several solutions are an answer), ExitInternal for Error (a
// surface that reads a puzzle and fails gives ExitUsage itself).
func (s Status) Exit(counting bool) int {
	switch s {
	case StatusNone, StatusInvalid, StatusTimeout:
		return ExitNegative
	case StatusMultiple:
		if counting {
			return ExitOK
		}
		return ExitNegative
	case StatusError:
		return ExitInternal
	}
	return ExitOK
}

// ErrQuestion reports a question that does not fit the puzzle, such as a
// cell off its board: the asker's mistake, a usage error.
var ErrQuestion = errors.New("the question does not fit the puzzle")

// Options are what every search takes.
type Options struct {
	// Solver answers the SAT questions, with its back end (gini, an
	// external solver, a portfolio) and its options (Certify). It is for
	// one goroutine at a time; nil means a new one with gini in this
	// process for each call.
	Solver *checked.Solver
	// Timeout, when positive, bounds the call: past it the answer is
	// Timeout. Zero leaves it to ctx (and to the back end's own timeout).
	Timeout time.Duration
}

// solver returns o's Solver, or a new one with gini that stops when its
// context is canceled.
func (o Options) solver() *checked.Solver {
	if o.Solver != nil {
		return o.Solver
	}
	return checked.New(satsolve.New(satsolve.Options{Stoppable: true}), checked.Options{})
}

// bound returns ctx bounded by o.Timeout.
func (o Options) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if o.Timeout > 0 {
		return context.WithTimeout(ctx, o.Timeout)
	}
	return ctx, func() {}
}

// Common is what every answer has.
type Common struct {
	// Status is the outcome.
	Status Status
	// Conflicts are the rules the givens break (StatusInvalid), or the clues
	// that cannot hold (StatusNone), when they are known.
	Conflicts []verify.Conflict
	// Reason says in words why the answer is negative: "no solution: …",
	// "conflicting givens: …", "multiple solutions (…)", "timed out"; empty
	// for a positive answer.
	Reason string
}

// ConflictLines returns the conflicts in words, one a line, with the
// cells and values named as the puzzle's rules r name them (see
// checked.Describe), and the cells at fault, as indexes.
func (c *Common) ConflictLines(r *satdoku.Rules) ([]string, []int) {
	return checked.Describe(r, c.Conflicts)
}

// stopped turns the error of a search under ctx (bounded by the caller's
// parent) into a status: Timeout for a deadline (the caller's or the back
// end's), with a nil error; the error itself for the rest (the parent
// canceled, a failure).
func stopped(parent context.Context, err error) (Status, error) {
	if perr := parent.Err(); perr != nil && !errors.Is(perr, context.DeadlineExceeded) {
		return StatusError, perr
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, backend.ErrTimeout) {
		return StatusTimeout, nil
	}
	return StatusError, err
}

// stop sets c's status from the error of a search under ctx (see
// stopped): StatusTimeout, with its reason and a nil error, or
// StatusError and the error.
func (c *Common) stop(ctx context.Context, err error) error {
	c.Status, err = stopped(ctx, err)
	if c.Status == StatusTimeout {
		c.Reason = "timed out"
	}
	return err
}

// screened fills c from a checked answer whose status settles the
// question before any search: Invalid (conflicting givens) or None (a clue
// that cannot hold). It reports whether it did.
func (c *Common) screened(g *satdoku.Grid, ca checked.Answer) bool {
	switch ca.Status {
	case backend.StatusInvalid:
		c.Status, c.Conflicts = StatusInvalid, ca.Conflicts
		lines, _ := checked.Describe(g.Rules(), ca.Conflicts)
		c.Reason = "conflicting givens: " + join(lines)
		return true
	case backend.StatusNone:
		c.Status, c.Conflicts = StatusNone, ca.Conflicts
		c.Reason = "no solution"
		if len(ca.Conflicts) > 0 {
			lines, _ := checked.Describe(g.Rules(), ca.Conflicts)
			c.Reason += ": " + join(lines)
		}
		return true
	}
	return false
}

// join is the one-line list of conflicts.
func join(lines []string) string { return strings.Join(lines, "; ") }

// Cells returns the cells of indexes on an n×n board.
func Cells(n int, idx []int) []verify.Cell {
	out := make([]verify.Cell, len(idx))
	for k, i := range idx {
		out[k] = verify.Cell{Row: i / n, Col: i % n}
	}
	return out
}

// noGrid is the error of a nil puzzle.
func noGrid(g *satdoku.Grid) error {
	if g == nil || g.Rules() == nil || g.N() == 0 {
		return fmt.Errorf("%w: no puzzle", ErrQuestion)
	}
	return nil
}
