// Package satsolve solves Sudoku puzzles with the SAT solver gini. A native
// pre-pass over the units of the grid's rules (naked and hidden singles,
// which is what unit propagation does on the Extended encoding, then locked
// candidates on any two units that share two cells or more, and naked and
// hidden pairs) first fixes and removes what it can; gini then gets the
// residual formula that the one encoder of package encode writes over the
// candidates still open, one gini variable per candidate, numbered
// compactly. The solution is
// decoded from gini's model, in the numbering of package encode. To prove a
// solution unique, or to count solutions, each solution found is blocked
// and gini asked again.
//
// Only this package imports gini. A Solver holds the options and a few gini
// instances for small residual formulas, reused across puzzles: each call's
// clauses are added behind an activation literal and removed at the end of
// the call. A large residual formula gets an instance of its own. The
// package-level Solve, Unique and Count make a Solver for a single call.
package satsolve
