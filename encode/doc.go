// Package encode turns Sudoku puzzles into CNF, the input of a SAT solver,
// and decodes a satisfying assignment back into a grid.
//
// # Variables
//
// An N×N board (4×4 to 64×64, under its satdoku.Rules) uses the N³ Boolean
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
// # Literals and clauses
//
// Literals are DIMACS integers: the positive literal v means "cell (r, c)
// holds digit d" and −v means it does not. A clause is written to an Adder as
// its literals followed by 0, the way gini's inter.Adder takes z.Lit values,
// so the same code feeds a SAT solver, a DIMACS writer (WriteDIMACS), a
// recording CNF and a clause Counter.
//
// # Encodings
//
// Rules writes the rules of a board, read from its satdoku.Rules, in one of
// three encodings. Minimal states that every cell holds at least one digit
// and that every unit (row, column, box or region, extra unit) holds each
// digit at most once (pairwise); Extended (the default, the zero Encoding)
// adds that every cell holds at most one digit and that every unit of N
// cells holds each digit at least once. For classic 9×9 they have 8,829 and
// 11,988 clauses. Reduced is Kwon and Jain's optimised encoding: Extended
// with the clauses the givens satisfy dropped and the literals they falsify
// removed (Puzzle and WriteDIMACS reduce; Rules alone cannot, having no
// givens). Givens writes one unit clause per filled cell, and Block excludes
// one solution so that a solver can look for another.
//
// One Encoder writes all of them: the rules over a Domain, the cells fixed
// and the candidates still open (Reduced is Extended over GivensDomain),
// optionally without the pair clauses that two units share (Dedup).
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
