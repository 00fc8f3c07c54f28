// Package satsolve solves Sudoku puzzles with the SAT solver gini: it encodes
// a puzzle with package encode, asks gini for a model, decodes the model into
// a solution, and, to prove a solution unique or to count solutions, blocks
// each solution found and asks again.
//
// Only this package imports gini. A Solver holds the options and is reused
// across puzzles; the package-level Solve, Unique and Count make one for a
// single call.
package satsolve
