// Package extsolve solves Sudoku puzzles with an external SAT solver
// program: it writes the puzzle's CNF to a temporary DIMACS file (see
// encode.WriteDIMACS), runs the program on it, reads its answer (see
// encode.ReadModel) and decodes the model into a grid.
//
// It knows how to run minisat (which writes its model to a result file),
// cadical, picosat, cryptominisat5, clasp, kissat and gini, and runs any
// other program as "PROGRAM FILE.cnf", expecting the SAT-competition
// conventions: exit status 10 or 20, and "s" and "v" lines on standard
// output. A missing program, a crash, a timeout or unreadable output is an
// error, never an answer; the caller must still check a solution against the
// puzzle (package verify).
//
// An UNSAT answer cannot be checked that way. With Options.Certify every
// UNSAT answer — the one that proves a solution unique, a puzzle without
// solution, or a count complete — comes with a DRAT proof written by the
// program (cadical only: "cadical -q FILE.cnf FILE.drat", binary DRAT),
// which package drat checks against the CNF file the program was given,
// read back, before the call returns: the Result's Certificate says so, and
// a proof that fails makes the call fail with ErrProof.
package extsolve
