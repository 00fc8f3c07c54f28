// Package iss reads the puzzle strings of sigh's Interactive Sudoku Solver
// (ISS, https://github.com/sigh/Interactive-Sudoku-Solver), the setters'
// web solver, into satdoku's rules-as-data: a grid of givens under the
// rules of the puzzle, and the clues (package clue) that carry them.
//
// # Formats
//
// Read takes one puzzle in any of ISS's string formats that satdoku's own
// text formats do not already read:
//
//   - a constraint string: items that each start with '.', a type and its
//     arguments separated by '~', as ".~R1C1_5~R1C2_3.Cage~15~R1C3~R1C4
//     .Thermo~R9C4~R8C3". White space anywhere is ignored, as ISS ignores
//     it. Cells are "R1C1" to "RgCg" (rows and columns in base 17, either
//     case), values decimal;
//   - SudoCue's long killer format, "3x3::k:…" (with "3x3:d:k:…", the two
//     diagonals as well): per cell, 256·sum + cage id;
//   - the short killer format: 81 characters, each an arrow towards the
//     cell that holds its cage's sum (< > ^ v, and ` ' , . for the
//     diagonals) or that sum itself (0–9, A–Z for 10–35, a–j for 36–45);
//   - pencil marks: N³ characters (729 on 9×9), the N candidates of each
//     cell in turn, '.' for a candidate crossed out;
//   - a jigsaw: 2·N² characters, the givens (digits, letters from A for 1
//     over 9×9, one other character for the blanks) and then the layout,
//     a character per cell naming its piece (N pieces of N cells), the
//     pieces taking the place of the boxes.
//
// A link to ISS's page (https://sigh.github.io/Interactive-Sudoku-Solver/,
// or a copy served under the project's name) is read as the puzzle string
// of its query parameter q, form-encoded as the page writes it; its other
// parameters only choose what the page shows. An error in it is placed at
// the byte of the link it comes from.
//
// # Meaning
//
// Every ISS constraint that has an equivalent among satdoku's clue kinds
// is read as that clue, so that its meaning is package clue's (see
// Kinds for the table); the global rules are satdoku.Rules.WithNamed's.
// Givens of one value fill the grid, givens of several values (and a
// second given of a cell) are given pencil marks, so that the givens of
// one cell intersect, as in ISS. NFA lines (ISS's serialized automata)
// and Regex lines (compiled here) are clue.Automaton clues, read in
// nfa.go and regex.go; an Or is a same-difference line when it is one and
// a clue.AnyOf of its members otherwise (or.go). Any other constraint —
// one that satdoku cannot express (a Replicate or a whole-grid rule inside an Or, …) — is an error naming its type and position:
// dropping a rule would turn "unique" into a wrong "multiple". The only
// constraint read and dropped is SearchPriority,
// which tells ISS's search where to look first and says nothing about the
// solutions (a warning says so).
//
// A Shape's values (0-8, 1-12, or V values on an N×N grid) become the
// rules' value offset and number of values (satdoku.Rules.WithValueOffset,
// WithValues), and a clue's numbers stay values, which package clue
// converts; Var groups become var cells (satdoku.Rules.WithVarCells),
// named as ISS names them ("VS1", or "VM" for a group of one) and numbered
// after the grid's cells in the order of their names. A Replicate is its
// constraints copied onto its targets, shifted as ISS shifts them.
//
// Rules that ISS has no class for, it writes as pairwise relations: Pair
// (the relation on each two cells next to each other on a list), PairX (on
// every two of the cells) and the legacy Binary and BinaryX, each with a
// key that is the relation's table of digit pairs (ISS's fnToBinaryKey:
// bit (a−1)·N + (b−1) for the pair (a, b), six bits a character of
// URL-safe base64). A relation is read as the clue whose meaning it is: the reader
// applies each clue kind that can join two cells (package clue's own
// expansion, judged by satdoku.RelationKind.Holds) and takes the first
// whose table is the key's, one clue on the whole list when the kind
// relates a list as the constraint does (a Pair a ≤ b is a slow
// thermometer, a Pair |a−b| ≥ k whispers of k, a PairX |a−b| > 1 a Nabner
// line), one on each two cells otherwise (|a−b| = k a white dot, a + b =
// 10 an X). A relation that no clue has is a clue.PairTable: the relation
// by its table. An Or whose members are Pairs |a−b| = d on one list of
// cells, the d's 1 to N−1, is a same-difference line (whose neighbours
// differ).
//
// Errors are *satdoku.ParseError values placed at the line and column of
// the item at fault, wrapping ErrSyntax, ErrInvalid or ErrUnsupported.
//
// Write and Link go the other way: a puzzle (a grid under its rules, and
// the clues it was read with) as an ISS constraint string, or a link to
// ISS's page. Each clue is written as the constraint this package reads as
// that clue (the relations ISS has no class for as Pairs of their tables,
// automata as NFA or Regex constraints, var cells as Var groups); a rule
// ISS cannot hold is an error wrapping link.ErrUnsupported that names it,
// and every string written is read back by Read and compared with the
// puzzle's rules (see package link).
//
// Importing the package registers the format with textfmt (see
// textfmt.Register) as "iss": an argument, or an input whose first line
// (after blank lines and # comments) is an ISS string, with one string a
// line, or one puzzle over many lines that each hold one constraint (as
// the ISS puzzle index stores them; a line of several constraints is a
// puzzle of its own), so that every command of satdoku reads it.
package iss
