// Package checked keeps satdoku's promise for any back end: no answer
// leaves it unchecked by the independent validator (package verify).
//
// A Solver wraps a backend.Solver (gini's satsolve.Solver, an external
// program's extsolve.Solver, or any other) and answers the same questions,
// returning only what the validator passed:
//
//   - the givens are screened first (Screen): a puzzle whose givens break a
//     rule is answered StatusInvalid with its conflicts, and one with a clue
//     that cannot hold (a satdoku.Never constraint, as a killer cage whose
//     sum no distinct digits make) StatusNone with the clue and its reason;
//     neither reaches the back end;
//   - every solution the back end returns is checked against the puzzle and
//     its rules (verify.Solution), and a second solution must be a solution
//     too and differ from the first;
//   - with Options.Certify, every verdict that rests on a claim of
//     unsatisfiability (none, unique, a count below its limit) is checked
//     too: by the DRAT proof the back end checked (an extsolve.Solver with
//     Certify), or else by the validator's own count (verify.CountContext)
//     within Options.Budget;
//   - true candidates (Candidates) are marked from the solutions the
//     validator passed, never from the back end's own marks.
//
// A back end that lies — a wrong solution, the same solution twice, a
// status the question cannot have, "none" for a solvable puzzle under
// certification — gets an error wrapping ErrRejected (or
// backend.ErrCertificate for a failed certificate) and the lie never
// reaches the caller.
//
// Diagnose checks a solution that a user brings, and Describe phrases the
// conflicts of verify.Check as a person reads them.
package checked
