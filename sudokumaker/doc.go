// Package sudokumaker reads puzzles shared as SudokuMaker links
// (https://sudokumaker.app/?puzzle=PAYLOAD) into satdoku's rules as data.
//
// The payload is SudokuMaker's puzzle JSON ({"formatVersion", "puzzle"}),
// compressed with lz-string in its URI-safe alphabet, and percent-encoded
// or not (a "+" in the query is a "+", never a space). The puzzle lists its
// cells (a given is {"given": true, "value": D}; a value that is not given
// is a digit of the solution) and its constraints, each with a numeric
// type. The constraint types and the numbering of cells, edges, corners
// and the cells outside the board are those of SudokuMaker's format as
// yusitnikov/puzzletv spells them out (src/types/SudokuMaker.ts and its
// importer; MIT).
//
// # What is read
//
// Every constraint that satdoku has a clue kind for is read as that clue
// (package clue): regions, the diagonals, anti-king, anti-knight, disjoint
// groups, nonconsecutive, odd and even cells, minimum and maximum cells,
// Kropki dots and XV marks with their negative constraints, thermometers
// (slow ones too), killer cages, clones, quadruples, extra regions,
// renban, whispers, palindromes, between lines, region sum lines, entropic
// lines (with the standard low, middle and high thirds), lockout lines,
// arrows, double arrows, little killers, sandwich sums, X-sums,
// skyscrapers, numbered rooms and row and column indexers. Cosmetic lines,
// cages and symbols, fog, and constraints marked "solverIgnored" carry no
// rule and are ignored with a warning; disabled ones are skipped. Any
// other constraint (global entropy, look-and-say cages, sequence lines,
// custom JavaScript constraints, a negative rule or a shape satdoku cannot
// express) is an error wrapping ErrUnsupported that names it. A rule that
// the puzzle's comment (its rules text) names and no constraint carries is
// warned about (package rulestext).
//
// Importing the package registers the input format "sudokumaker" of
// textfmt: an argument that is a SudokuMaker link is a puzzle, and so is
// each line of an input whose first line (after blank lines and #
// comments) is one.
package sudokumaker
