// Package encode turns Sudoku puzzles into CNF, the input of a SAT solver,
// and decodes a satisfying assignment back into a grid.
//
// # Variables
//
// An N×N board (4 ≤ N ≤ 64, see satdoku.Rules) uses the N³ Boolean
// variables 1..N³, one for each choice of a digit in a cell:
//
//	var(r, c, d) = (r·N + c)·N + d
//
// with the row r and the column c counted from 0 and the digit d from 1.
// A 9×9 board uses the variables 1..729; var(0, 0, 1) = 1 and
// var(8, 8, 9) = 729. Conversely, for a variable v,
//
//	d = (v−1) mod N + 1,  c = ⌊(v−1)/N⌋ mod N,  r = ⌊(v−1)/N²⌋
//
// which Var and Unpack compute.
//
// Rules whose cells hold more digits than N (satdoku.Rules.WithValues: V
// digits on an N×N board, 9 on a 6×6) number V variables per cell, N²·V in
// all, in the same order:
//
//	var(r, c, d) = (r·N + c)·V + d
//
// which CellVar computes for any rules (for V = N it is Var). The
// auxiliary variables of the constraints and of Sequential come after.
//
// # Literals and clauses
//
// Literals are DIMACS integers: the positive literal v means "cell (r, c)
// holds digit d" and −v means it does not. A clause is written to an Adder as
// its literals followed by 0, the way gini's inter.Adder takes z.Lit values,
// so the same code feeds a SAT solver, a DIMACS writer (WriteDIMACS), a
// recording CNF and a clause Counter.
//
// # The one encoder
//
// Every formula comes from one Encoder, which reads the rules of the board
// as data (satdoku.Rules: rows, columns, regions and extra units as cell
// lists) and writes, over a Domain (the candidates still open):
//
//   - for every open cell, at least one of its digits;
//   - for every unit and every digit, at most one of its places (pairwise);
//   - with Extended, at most one digit per cell (pairwise) and, in every unit
//     of N cells, at least one place per digit.
//
// The constraints (sums, lines, marks) come after, each exact on its own,
// and with them clauses that a setter's reasoning implies: a killer cage's
// digit sets, a renban's span, the innie and outie sums of the rows,
// columns and boxes, a little killer's or a long line's cells read as
// groups of distinct cells (a cage of unknown sum each), and the sums of
// two little killers or lines that bound each other tighter together.
// They are redundant: the solutions stay the same.
//
// Minimal writes the first two families (8,829 clauses for classic 9×9),
// Extended (the default, the zero Encoding) all four (11,988). Reduced is
// Kwon and Jain's optimised encoding: Extended over the domain of the givens
// (GivensDomain), so that the clauses the givens satisfy are dropped and the
// literals they falsify removed, keeping the numbering and the N³
// variables. The DIMACS files and external solvers get the formula over the
// whole domain (Rules, Puzzle, WriteDIMACS); package satsolve gets the same
// encoder's formula over the candidates its pre-pass leaves open, with
// Encoder.Dedup leaving out the pairs an earlier unit already holds. Givens
// writes one unit clause per filled cell, and Block and BlockOpen exclude
// one solution so that a solver can look for another. Rules with a relation
// or a constraint of a kind the encoder does not know are refused
// (ErrKind), never written without it.
//
// # Solvers' answers
//
// WriteDIMACS writes a formula for any SAT solver, with comments that
// ReadHeader reads back; ReadModel reads what the solvers print (the
// SAT-competition format, minisat's result file, clasp, z3, a bare list of
// literals) and DecodeModel turns a model into a grid. With Reduced (with or
// without the givens' unit clauses) the variables fixed by the givens occur
// in no clause, so DecodePuzzle supplies their values from the puzzle.
package encode
