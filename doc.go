// Package satdoku holds the Sudoku board, Grid, and its Rules: the model
// that every other package of the module builds on. It imports nothing but
// the standard library. Package textfmt reads and writes boards in the
// common text formats (Grid.String is its one-line form), fpuzzles reads
// f-puzzles puzzles, encode turns a puzzle into CNF, satsolve solves it
// and verify checks every answer.
//
// # Boards
//
// A board is N×N, and a cell is empty (0) or holds a digit 1..N. Its Rules
// list the units in which no digit repeats: rows, columns, regions (boxes,
// or the irregular regions of jigsaw Sudoku) and extra units (the
// diagonals of X-Sudoku, say), and the relations and constraints of
// variant clues, as data. Rules can be made for any N from MinN to MaxN
// (4 to 64); Standard gives the classic rules of the sides in Sides: 4×4,
// 9×9, 16×16, 25×25, 36×36, 49×49 and 64×64 with square boxes, and 6×6,
// 8×8, 10×10 and 12×12 with rectangular boxes of h rows by w columns (2×3,
// 2×4, 2×5 and 3×4; see BoxShape).
//
// # Errors of readers
//
// Every reader of the module (textfmt's Parse and Reader, the f-puzzles
// reader) reports input it cannot read as a *ParseError: a Position (a
// 1-based line and column, and for JSON the path of the value at fault), a
// message for people, and a sentinel error of the reader saying what kind
// of problem it is.
package satdoku
