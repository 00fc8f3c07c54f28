// Package drat checks DRAT refutations: given a CNF formula and a proof
// that an external SAT solver wrote for it, it decides whether the proof
// shows the formula unsatisfiable. That is its one job. satdoku writes the
// formula, a solver such as CaDiCaL answers UNSAT and writes the proof
// (cadical F P), and Check makes the verdict certified instead of trusted.
//
// # Proofs
//
// A DRAT proof is a sequence of steps, each adding a clause (a lemma) to the
// clauses present or deleting one of them. The clauses present start as the
// formula. A lemma C is accepted when it is
//
//   - RUP (reverse unit propagation): assigning false to every literal of C
//     and running unit propagation over the clauses present ends in a
//     conflict, so C follows from them; or
//   - RAT (resolution asymmetric tautology) on its first literal p, the
//     pivot: for every clause D present that contains ¬p, the resolvent
//     C ∪ (D \ {¬p}) is RUP. Adding such a C may change the models but
//     keeps a satisfiable set satisfiable, which is enough for a
//     refutation; extended resolution's definitions of new variables are
//     the typical case.
//
// The proof refutes the formula when every lemma is accepted and the empty
// clause is derived: as a lemma, or because unit propagation over the
// clauses present reaches a conflict after some step (or over the formula
// alone). From then on the rest of the proof is read, so that a malformed
// proof is still reported, but its steps are no longer checked.
//
// Checking is forward: each lemma is checked when it is read, so the proof is
// a stream and memory follows the clauses present, not the proof's length
// (deleted clauses are compacted away). Unit propagation watches two
// literals per clause, and the top-level units (the literals that
// propagation fixes with no assumption) stay on a trail; a check assigns
// the negated lemma on top of them, propagates and undoes. The RAT check
// scans the clauses present until it has met all those with the negated
// pivot: nothing for a new variable, at most a pass over the clauses
// otherwise. CaDiCaL's proofs of Sudoku formulas need no RAT.
//
// # Deletions
//
// A deletion names a clause by its literals, in any order; it removes one
// clause present with that set of literals. Two kinds of deletion are
// ignored, as drat-trim does by default, and counted in Stats:
//
//   - a deletion of a clause that is the reason of a top-level unit
//     (solvers delete the clauses that a unit satisfies, including the one
//     that implied it): deleting it would take back the unit, and the
//     checker keeps its top-level trail instead; and
//   - a deletion of a clause that is not present.
//
// Ignoring a deletion keeps a clause that the proof gave up. That never makes
// an invalid refutation valid: every accepted step still keeps a satisfiable
// set of clauses satisfiable, so if the formula had a model the empty clause
// could not be reached. It can only make a RAT lemma fail that would pass
// without the kept clause.
//
// # Formats
//
// A text proof (DRAT as drat-trim reads it) is a sequence of clauses in
// DIMACS style: decimal literals ended by 0, a deletion starting with "d",
// any whitespace between tokens (a step may span lines), and comments from
// a "c" where a token would start to the end of its line. A binary proof
// is a sequence of steps, each the byte 'a' (add) or 'd' (delete), the
// literals, and a 0 byte; a literal l is the unsigned number 2·|l| + (1 if
// l < 0), written in little-endian groups of 7 bits, each byte but the last
// with its high bit set.
//
// Check tells the two apart by their first bytes: a proof is binary if its
// first byte is 'a' or if one of its first 64 bytes is NUL, 0x80 or above,
// or a control character other than whitespace; otherwise it is text. (So
// a text proof's comments in its first 64 bytes must be ASCII.) Every
// binary step ends with a NUL, which no text proof has, so a binary proof
// read as text fails with ErrSyntax rather than being accepted for a
// different proof.
//
// ReadCNF reads the formula in DIMACS CNF: comment lines starting with "c",
// the header "p cnf V C", then C clauses of literals in ±1..V, each ended by
// 0, possibly spanning lines.
package drat
