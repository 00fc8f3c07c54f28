// Package satsolve solves Sudoku puzzles with the SAT solver gini. A native
// unit propagation (naked and hidden singles, which is what unit
// propagation does on the Extended encoding) first fixes what it can; gini
// then gets the residual formula: one variable per candidate still open,
// numbered compactly, and the rules' clauses over them. The solution is
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
