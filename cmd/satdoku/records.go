package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/verify"
)

// Statuses of an answer: package answer's, as the strings of the
// record.
const (
	statusSolved   = string(answer.StatusSolved)
	statusUnique   = string(answer.StatusUnique)
	statusMultiple = string(answer.StatusMultiple)
	statusNone     = string(answer.StatusNone)
	statusValid    = string(answer.StatusValid)
	statusInvalid  = string(answer.StatusInvalid)
	statusError    = string(answer.StatusError)
	statusTimeout  = string(answer.StatusTimeout)
)

// answer is the answer to one input puzzle: exactly one per puzzle. Its
// exported fields are the record, in the order and under the names of the
// JSON format (--format json writes the answer as it is); the text formats
// read the same fields. The unexported ones are what the run needs besides.
type record struct {
	Line       int      `json:"line"`
	File       string   `json:"file,omitempty"`
	Puzzle     string   `json:"puzzle,omitempty"`
	Rules      []string `json:"rules,omitempty"` // the tags of the puzzle's rules
	Status     string   `json:"status"`
	Certified  certMark `json:"certified,omitzero"`
	Solution   shown    `json:"solution,omitzero"`
	Second     shown    `json:"second,omitzero"`
	Differ     []string `json:"differ,omitempty"`
	Expected   string   `json:"expected,omitempty"` // the solution given with the puzzle: same, differs or wrong
	Candidates marks    `json:"candidates,omitzero"`
	Count      *int     `json:"count,omitempty"`
	More       bool     `json:"more,omitempty"` // the count reached --limit: there may be more
	Conflicts  []string `json:"conflicts,omitempty"`
	*extra              // the fields of rate, hint, explain, minimize and generate
	Error      string   `json:"error,omitempty"`
	// Warnings are the reader's warnings (a rule the rules text names and
	// the data does not carry, cosmetic keys ignored), and the note that
	// a verdict of none or multiple is for the rules as read.
	Warnings []string `json:"warnings,omitempty"`
	// Solver names the solver that answered when a portfolio raced
	// several (--portfolio); CPU is then the process's CPU time, its child
	// processes' included, while the puzzle was answered.
	Solver string  `json:"solver,omitempty"`
	MS     float64 `json:"ms"`
	CPU    float64 `json:"cpu_ms,omitempty"`

	it       item
	diag     string // message for standard error, without position
	exit     int
	canceled bool          // the run was canceled before the answer was complete: not written
	clash    []int         // the cells at fault of an invalid answer, for the grid format to mark
	faulty   *satdoku.Grid // the grid they are in: the puzzle, or check's --solution

	// With --certify, for a verdict that rests on unsatisfiability (see
	// certifier): the note the text formats print after the status, the
	// time the certificate's checks took, and how many there were.
	certNote   string
	certTime   time.Duration
	certChecks int
}

// shown is a grid in an answer: in JSON, its one-line form (absent when
// nil).
type shown struct{ *satdoku.Grid }

// MarshalText returns the grid's one-line form.
func (g shown) MarshalText() ([]byte, error) {
	return g.AppendText(make([]byte, 0, g.Len()))
}

// marks are the true candidates of each cell, row-major, as bit masks (bit
// d−1 for digit d), with the puzzle's rules. In JSON
// they are lists of the values the digits stand for
// (satdoku.Rules.ValueOf): [[5],[1,2,8],…], [[4],[0,1,7],…] on a board of
// the values 0 to 8.
type marks struct {
	masks []uint64
	rules *satdoku.Rules // nil: the digits are the values
}

// IsZero reports whether there are no masks, so that the JSON record
// leaves them out (omitzero).
func (m marks) IsZero() bool { return len(m.masks) == 0 }

// MarshalJSON writes the lists of values.
func (m marks) MarshalJSON() ([]byte, error) { return m.appendJSON(nil), nil }

// appendJSON appends the lists of values to dst.
func (m marks) appendJSON(dst []byte) []byte {
	dst = append(dst, '[')
	for i, b := range m.masks {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '[')
		for d := 1; b != 0; d, b = d+1, b>>1 {
			if b&1 != 0 {
				if dst[len(dst)-1] != '[' {
					dst = append(dst, ',')
				}
				v := d
				if m.rules != nil {
					v = m.rules.ValueOf(d)
				}
				dst = strconv.AppendInt(dst, int64(v), 10)
			}
		}
		dst = append(dst, ']')
	}
	return append(dst, ']')
}

// newAnswer starts the answer for an item; a bad item is answered at once
// with status error and exit status 2.
func newAnswer(it item) *record {
	a := &record{it: it, Line: it.line, File: it.file}
	if it.grid != nil {
		a.Puzzle = it.grid.String()
		a.Rules = it.grid.Rules().Tags()
	} else {
		a.Puzzle = it.text
	}
	if it.err != nil {
		a.Status = statusError
		a.exit = exitUsage
		a.Error, _ = readError(it)
	}
	return a
}

// setInvalid marks the answer as having conflicting givens.
func (a *record) setInvalid(cs []verify.Conflict) {
	a.Status = statusInvalid
	a.exit = exitNegative
	a.describe(cs)
}

// setImpossible records the clues that cannot hold of a puzzle with no
// solution (see checked.Screen): its conflicts, which the text formats
// print after the status "none" and standard error after "no solution".
func (a *record) setImpossible(cs []verify.Conflict) { a.describe(cs) }

// describe records conflicts cs of the item's grid in words, with its
// cells and values as its rules name them (see checked.Describe), and the
// cells at fault.
func (a *record) describe(cs []verify.Conflict) {
	if a.it.grid == nil {
		return // no puzzle read: nothing to be at fault
	}
	a.Conflicts, a.clash = checked.Describe(a.it.grid.Rules(), cs)
	a.faulty = a.it.grid
}

// noSolution is the message of a puzzle with no solution, with the clues
// that cannot hold when there are (see setImpossible).
func (a *record) noSolution() string {
	if len(a.Conflicts) > 0 {
		return "no solution: " + conflictText(a.Conflicts)
	}
	return "no solution"
}

// takeAnswer records an answer of package answer to a SAT question, or
// its error: the solutions (which the validator passed), the cells where
// two differ, the certificate, and, for conflicting givens, the
// conflicts. It reports whether the call answered the question: the
// command then sets the status; otherwise the answer's status is set
// (invalid, timeout, error) or the run was canceled.
func (a *record) takeAnswer(s answer.Solution, err error) bool {
	if err != nil {
		a.setFailure(err)
		return false
	}
	switch s.Status {
	case answer.StatusInvalid:
		a.setInvalid(s.Conflicts)
		a.diag = s.Reason
		return false
	case answer.StatusTimeout:
		a.Status, a.exit, a.diag = statusTimeout, exitNegative, s.Reason
		return false
	case answer.StatusNone:
		if len(s.Conflicts) > 0 {
			a.setImpossible(s.Conflicts)
		}
	}
	a.Solution, a.Second = shown{s.Solution}, shown{s.Second}
	a.Solver = s.By
	if s.Second != nil {
		a.Differ = make([]string, len(s.Differ))
		for i, c := range s.Differ {
			a.Differ[i] = c.Name(s.Solution.Rules())
		}
	}
	a.certify(s.Certificate)
	return true
}

// settle records the part of an answer of package answer that settles
// it before the question asked: a status that says the puzzle is not
// unique (multiple, with its two solutions), has none, conflicting givens
// or ran out of time, with its reason for standard error and its exit
// status. It reports false then; true when the command fills the rest.
func (a *record) settle(s answer.Solution) bool {
	switch s.Status {
	case answer.StatusMultiple:
		a.Solution, a.Second = shown{s.Solution}, shown{s.Second}
		a.Differ = differ(s.Solution, s.Second)
	case answer.StatusInvalid:
		a.setInvalid(s.Conflicts)
	case answer.StatusNone:
		a.setImpossible(s.Conflicts)
	case answer.StatusTimeout:
	default:
		return true
	}
	a.Status, a.exit, a.diag = string(s.Status), s.Status.Exit(false), s.Reason
	return false
}

// setInternal marks the answer as an internal error (exit status 3).
func (a *record) setInternal(format string, args ...any) {
	a.Status = statusError
	a.exit = exitInternal
	a.Error = "internal error: " + fmt.Sprintf(format, args...)
}

// setFailure turns the error of a back end's call into the answer's
// status, the same whichever back end answered: a timeout is "timeout"
// (exit 1), a failed solver "error" with its message (exit 3), a failed
// certificate (--certify) and anything else an internal error, and a
// canceled run no answer at all.
func (a *record) setFailure(err error) {
	switch {
	case errors.Is(err, context.Canceled):
		a.canceled = true
	case errors.Is(err, backend.ErrTimeout):
		a.Status, a.exit, a.diag = statusTimeout, exitNegative, "timed out"
	case errors.Is(err, backend.ErrFailed):
		a.Status, a.exit = statusError, exitInternal
		a.Error = userText(err)
	case errors.Is(err, backend.ErrCertificate):
		// --certify: the claim of unsatisfiability failed its check.
		a.setInternal("certificate failed: %s", strings.TrimPrefix(userText(err), "certificate failed: "))
	case errors.Is(err, checked.ErrRejected):
		a.setInternal("solver answer rejected: %s", strings.TrimPrefix(userText(err), checked.ErrRejected.Error()+": "))
	default:
		a.setInternal("%s", userText(err))
	}
}

// differ lists the cells where two grids differ, named as g's rules name
// them (r1c1, a var cell's name).
func differ(g, h *satdoku.Grid) []string {
	var cells []int
	for i := range g.Len() {
		if g.Cell(i) != h.Cell(i) {
			cells = append(cells, i)
		}
	}
	return cellNames(g.Rules(), cells)
}

// cellNames names cells, given as indexes, as rules r name them (r1c1, a
// var cell's name: satdoku.Rules.CellName).
func cellNames(r *satdoku.Rules, cells []int) []string {
	out := make([]string, len(cells))
	for k, i := range cells {
		out[k] = r.CellName(i)
	}
	return out
}

// elapsed sets the answer's time from start, in milliseconds.
func (a *record) elapsed(start time.Time) {
	a.MS = float64(time.Since(start).Microseconds()) / 1000
}

// conflictText is the one-line list of conflicts.
func conflictText(cs []string) string { return strings.Join(cs, "; ") }
