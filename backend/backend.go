// Package backend holds what every solving back end shares: the Solver
// interface that the CLI holds one of per worker, the Result and Status of
// a call, and the errors that tell the caller what went wrong. It imports
// no SAT solver: package satsolve implements Solver with gini, package
// extsolve with an external program.
package backend

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/satdoku/satdoku"
)

// Status is the outcome of a call.
type Status uint8

// The statuses.
const (
	// StatusUnknown: the call ended without an answer; its error says why
	// (ErrTimeout, ErrFailed, or the context's error).
	StatusUnknown Status = iota
	// StatusNone: the puzzle has no solution.
	StatusNone
	// StatusSolved: a solution was found and uniqueness was not checked.
	StatusSolved
	// StatusUnique: the puzzle has exactly one solution.
	StatusUnique
	// StatusMultiple: the puzzle has at least two solutions.
	StatusMultiple
	// StatusInvalid: the puzzle's givens break a rule. Back ends never
	// answer it (such a puzzle is simply unsatisfiable to them); package
	// checked does, having screened the givens before asking.
	StatusInvalid
)

var statusNames = [...]string{"unknown", "none", "solved", "unique", "multiple", "invalid"}

// String returns the status's name: "unknown", "none", "solved", "unique",
// "multiple" or "invalid".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// Result is the answer to one call. A call that returns an error returns
// StatusUnknown with the solutions found before it stopped.
type Result struct {
	// Status is the outcome.
	Status Status
	// Solution is the first solution found, nil if none.
	Solution *satdoku.Grid
	// Second is a second, different solution, nil if none was found.
	Second *satdoku.Grid
	// Count is the number of solutions found.
	Count int
	// Certificate says how the call's claim of unsatisfiability was
	// checked, when the back end was asked to check it (see Certificate);
	// the zero Certificate when it was not, or the call made no such
	// claim.
	Certificate Certificate
	// By names the member of a portfolio that answered (package
	// portfolio: "gini", "gini/2", "cadical", …) when the call raced
	// several solvers; "" when one solver answered alone.
	By string
}

// Certificate says how a back end checked the one claim of
// unsatisfiability that a Result rests on: StatusNone (the puzzle's
// formula is unsatisfiable), StatusUnique (so is the formula with the
// solution blocked), or a Count below its limit (the formula with every
// solution found blocked). Solutions need no certificate: the caller
// checks them (package verify). A back end asked to certify sets the
// Certificate of every such Result, and when the check fails it returns
// no answer but an error wrapping ErrCertificate.
type Certificate struct {
	// Method is how the claim was checked: "drat" for a DRAT proof of
	// unsatisfiability written by the solver and checked by package drat
	// against the formula the solver was given; "" for not at all.
	Method string
	// By names the solver program that wrote the proof.
	By string
	// Proofs is the number of proofs checked; Check is the time the
	// checks took, reading the formula and the proof included.
	Proofs int
	Check  time.Duration
}

// String describes the certificate for a person: "DRAT proof by cadical,
// checked", or "" for the zero Certificate.
func (c Certificate) String() string {
	switch c.Method {
	case "":
		return ""
	case "drat":
		return "DRAT proof by " + c.By + ", checked"
	}
	return c.Method + " by " + c.By + ", checked"
}

// Errors shared by the back ends. A back end wraps them with details; test
// with errors.Is.
var (
	// ErrTimeout reports that the call ran out of time (the back end's
	// timeout, or the context's deadline).
	ErrTimeout = errors.New("timeout")
	// ErrGrid reports a nil grid or one without rules.
	ErrGrid = errors.New("invalid grid")
	// ErrLimit reports a Count limit below 1.
	ErrLimit = errors.New("count limit must be at least 1")
	// ErrFailed reports that the solver failed: a program that crashed, gave
	// up or printed an unreadable answer, or a model that does not decode.
	ErrFailed = errors.New("solver failed")
	// ErrCertificate reports that a claim of unsatisfiability failed its
	// check (a proof the checker rejected, or none at all): the call has
	// no answer, and the claim must not be reported as one.
	ErrCertificate = errors.New("certificate rejected")
)

// Solver answers puzzles. Every answer it returns is a claim that the caller
// checks (package verify); a Solver need not be safe for concurrent use:
// the CLI makes one per worker.
//
// A canceled context makes a call return soon with StatusUnknown and the
// context's error; a context deadline counts as a timeout (ErrTimeout).
type Solver interface {
	// Solve finds one solution of g: StatusSolved with the solution, or
	// StatusNone.
	Solve(ctx context.Context, g *satdoku.Grid) (Result, error)
	// Unique finds a solution of g and proves it unique: StatusUnique with
	// the solution, StatusMultiple with two different solutions, or
	// StatusNone.
	Unique(ctx context.Context, g *satdoku.Grid) (Result, error)
	// Count counts the solutions of g up to limit (at least 1): StatusNone,
	// StatusUnique (exactly one), StatusMultiple (two or more; Count =
	// limit means "limit or more"), or StatusSolved when limit is 1.
	Count(ctx context.Context, g *satdoku.Grid, limit int) (Result, error)
}

// StatusOf returns the status of a completed count: the number of
// solutions found under limit.
func StatusOf(count, limit int) Status {
	switch {
	case count == 0:
		return StatusNone
	case count >= 2:
		return StatusMultiple
	case limit == 1:
		return StatusSolved
	}
	return StatusUnique
}

// Candidater is a Solver that also finds true candidates: the digits each
// cell holds in at least one solution.
type Candidater interface {
	Solver
	// Candidates counts the solutions of g up to limit (at least 1), as
	// Count does, and then finds a solution for every candidate no
	// solution found so far holds, until each is found or ruled out. It
	// calls see with every solution it finds, before marking its digits;
	// an error from see stops the call and is returned (wrapped). The
	// Marks' Result is Count's.
	Candidates(ctx context.Context, g *satdoku.Grid, limit int, see func(*satdoku.Grid) error) (Marks, error)
}

// Enumerator is a Solver that shows every solution it counts.
type Enumerator interface {
	Solver
	// Solutions counts the solutions of g up to limit (at least 1), as
	// Count does, and calls see with every solution it finds, each once;
	// an error from see stops the call and is returned (wrapped).
	Solutions(ctx context.Context, g *satdoku.Grid, limit int, see func(*satdoku.Grid) error) (Result, error)
}

// Marks is the answer of Candidater.Candidates.
type Marks struct {
	// Result is the count of the solutions up to the limit, as Count
	// answers it.
	Result
	// Cands holds one mask per cell, row-major: bit d−1 is set when the
	// cell holds digit d in some solution found. Every mask is 0 when the
	// puzzle has no solution.
	Cands []uint64
}
