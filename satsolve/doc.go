// Package satsolve solves Sudoku puzzles with the SAT solver gini. A native
// unit propagation (naked and hidden singles, which is what unit
// propagation does on the Extended encoding) first fixes what it can; gini
// then gets the residual formula over the candidates still open, in the
// numbering of package encode, with the fixed cells as assumptions. The
// solution is decoded from gini's model. To prove a solution unique, or to
// count solutions, each solution found is blocked and gini asked again.
//
// Only this package imports gini. A Solver holds the options and one gini
// instance per board size, reused across puzzles: each call's clauses are
// added behind an activation literal and removed at the end of the call.
// The package-level Solve, Unique and Count make a Solver for a single call.
package satsolve
