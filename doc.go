// Package satdoku holds the Sudoku board, Grid, and reads and writes it in
// the common text formats. It imports nothing but the standard library;
// packages encode, satsolve and verify build on it.
//
// # Boards
//
// A board is N×N with N = B² for a box size B from 2 to 8: 4×4, 9×9, 16×16,
// 25×25, 36×36, 49×49 or 64×64. A cell is empty (0) or holds a digit 1..N.
//
// # Alphabet
//
// A blank is '.' or '0'. Digits are '1'-'9', then 'A'-'Z' for 10 to 35
// (lowercase is accepted too), so 16×16 boards use '1'-'9' and 'A'-'G' and
// 25×25 boards '1'-'9' and 'A'-'P' (10 = A, 16 = G, 25 = P). Boards larger
// than 25×25 write digits as decimal numbers separated by white space, with
// '.' or 0 for a blank: "1 . 36 12 …".
//
// A line is read in number mode if it splits, on white space, '|' and '+',
// into at least two fields that are each '.' or a decimal number 0..64
// without a leading zero, at least one of them of two digits ("1 16 . 3").
// Otherwise it is read in char mode: every rune other than white space and
// the separators '|', '+' and '-' is one cell ("530 070 000" is three
// cells, not three numbers).
//
// # Input formats
//
// Parse and Reader detect the format of each puzzle from its first line:
//
//   - One puzzle per line, N² cells in char or number mode, as in most
//     benchmark files: "53..7....6..195...". A line of 16 cells is a 4×4
//     puzzle unless Reader.Size is 16.
//   - A grid of N lines of N cells, with any of the usual separators: box
//     bars '|' and '+', border lines such as "------+-------+------",
//     "-------|-------|-------" or "+-------+-------+-------+", blank lines,
//     and '#' comments. This covers QQWing's readable output, Norvig's
//     display ("4 . . |. . . |8 . 5"), SadMan Sudoku .sdk files ('#'
//     metadata lines, an optional "[Puzzle]" header) and Simple Sudoku .ss
//     files ("..1|.2.|..."). A first line of N cells, N a board side,
//     starts a grid of N rows. Inside a grid, blank lines, '#' comments and
//     lines made only of '-', '+', '|', '=', '*' and spaces are skipped; a
//     grid with a bad row is still read to its end and reported as one
//     error, and a line holding a whole puzzle, a JSON board or "end" cuts
//     it short.
//   - A JSON board, possibly over many lines: LeetCode's
//     [["5","3",".",…],…], numbers with 0 for a blank ([[5,3,0,…],…], as
//     FormatJSON writes), rows as strings (["53..7....",…]) or a flat
//     array of N² cells. A line of letters in brackets, such as "[Puzzle]",
//     is a section header and is skipped.
//
// Between puzzles, blank lines and lines starting with '#' are skipped, and
// a line "end" (in any case) ends the input. A UTF-8 byte order mark at the
// start and carriage returns at line ends are ignored.
//
// Errors are *ParseError values with a 1-based line and column, wrapping a
// sentinel such as ErrBadCell or ErrLength; offending characters are quoted
// and escaped.
//
// # Output formats
//
// Grid.Format writes FormatLine, FormatGrid, FormatJSON and FormatLeetCode;
// each reads back with Parse to an Equal grid.
package satdoku
