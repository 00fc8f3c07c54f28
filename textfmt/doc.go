// Package textfmt reads and writes Sudoku boards (satdoku.Grid) in the
// common text formats, and keeps the registry of input formats through
// which a program reads puzzles of any registered format with one call.
//
// # Sides
//
// The text formats read the sides listed in satdoku.Sides, under the
// Standard rules of each: 4×4, 9×9, 16×16, 25×25, 36×36, 49×49 and 64×64
// with square boxes (2×2 to 8×8), and 6×6, 8×8, 10×10 and 12×12 with
// rectangular boxes of h rows by w columns: 2×3, 2×4, 2×5 and 3×4. Other
// rules are put on a parsed grid with Grid.SetRules.
//
// # Alphabet
//
// A blank is '.' or '0', or 'x', '*' or '_'. Digits are '1'-'9', then 'A'-'Z' for 10 to 35
// (lowercase is accepted too), so 10×10 and 12×12 boards use 'A' for 10,
// 'B' for 11 and 'C' for 12, 16×16 boards '1'-'9' and 'A'-'G', and 25×25
// boards '1'-'9' and 'A'-'P' (16 = G, 25 = P). Digits may also be written as
// decimal numbers separated by white space or commas, with '.' or 0 for a blank:
// "1 . 10 12 …". The formats write boards larger than 25×25 that way.
//
// A line is read in number mode if it splits, on white space, '|', '+' and ',',
// into at least two fields that are each '.' or a decimal number 0..64
// without a leading zero, at least one of them of two digits ("1 16 . 3").
// Otherwise it is read in char mode: every rune other than white space and
// the separators '|', '+', '-' and ',' is one cell ("530 070 000" is three
// cells, not three numbers; "5,3,0,0,7,…" one cell a digit).
//
// # Text formats
//
// Parse and Reader detect the format of each puzzle from its first line:
//
//   - One puzzle per line, N² cells in char or number mode, as in most
//     benchmark files: "53..7....6..195...".
//   - A puzzle line with more after it: its solution (a second field of
//     as many cells, after white space, ',', ';' or ':': Kaggle's
//     "quizzes,solutions" CSV, QQWing's --csv --solution, "PUZZLE
//     SOLUTION"), which Reader.Solution returns; or a name, a rating or a
//     '#' comment, which are dropped. The first field must be a whole
//     puzzle in char mode.
//   - A grid of N lines of N cells, with any of the usual separators: box
//     bars '|' and '+', border lines such as "------+-------+------",
//     "-------|-------|-------" or "+-------+-------+-------+", blank lines,
//     and '#' comments. This covers QQWing's readable output, Norvig's
//     display ("4 . . |. . . |8 . 5"), SadMan Sudoku .sdk files ('#'
//     metadata lines, an optional "[Puzzle]" header), Simple Sudoku .ss
//     files ("..1|.2.|...") and FormatGrid's output for every side ("1 2 3
//     | 4 5 6" on a 6×6 board). Inside a grid, blank lines, '#' comments
//     and lines made only of '-', '+', '|', '=', '*' and spaces are
//     skipped; a grid with a bad row is still read to its end and reported
//     as one error, and a line holding a whole puzzle, a JSON board or
//     "end" cuts it short.
//   - A JSON board, possibly over many lines: LeetCode's
//     [["5","3",".",…],…], numbers with 0 for a blank ([[5,3,0,…],…], as
//     FormatJSON writes), rows as strings (["53..7....",…]) or a flat
//     array of N² cells. The rows fix N. A line of letters in brackets,
//     such as "[Puzzle]", is a section header and is skipped.
//
// # Sizes
//
// A first line of k cells is a whole puzzle when k is N² for a side N (16,
// 36, 64, 81, 100, 144, 256 …) and the first row of a grid of k rows when k
// is a side (4, 6, 8, 9, 10, 12, 16, 25 …). The counts 16, 36 and 64 are
// both, and the mode decides:
//
//   - In char mode, a line of 16, 36 or 64 symbols is a whole 4×4, 6×6 or
//     8×8 puzzle.
//   - In number mode, a line of 16, 36 or 64 numbers is the first row of a
//     16×16, 36×36 or 64×64 grid: a 4×4, 6×6 or 8×8 puzzle has no number
//     of two digits.
//
// So a Reader reads a 16×16 grid written in symbols ("123456789ABCDEFG"),
// or a 36×36 or 64×64 grid whose first row holds no number above 9, as a
// run of small puzzles. Setting Reader.Size to N fixes the side and
// settles every case: then a line of N cells is a row and a line of N²
// cells a whole puzzle, and nothing else is read. Parse, which reads a
// single puzzle, tries the grid when such a line is not its whole input.
// A number-mode line of 100 or 144 fields is a 10×10 or 12×12 puzzle.
//
// A grid's first row fixes N, so a stray line of 6, 8, 10 or 12 cells (a
// title, say) takes the lines after it as rows. When rows 2 to 4 agree on
// another side, the first row is the one with the wrong length: the first
// row of a 9×9 grid or JSON board that lost a cell is reported ("8 cells,
// want 9"), and the board is not read as 8×8.
//
// # Streams and errors
//
// Between puzzles, blank lines and lines starting with '#' are skipped, and
// a line "end" (in any case) ends the input. So are a CSV header (words
// separated by commas, semicolons or tabs: "quizzes,solutions",
// "Puzzle,Solution,") and a program's report lines, as QQWing's --stats and
// --timer write them ("Number of Givens: 27", "Time: 5.7 milliseconds", "2
// puzzles generated in 0.01 seconds."). A UTF-8 byte order mark at the
// start and carriage returns at line ends are ignored; a carriage return
// alone (old Mac files) ends a line.
//
// Errors are *satdoku.ParseError values with a Position (a 1-based line and
// column) and a message, wrapping a sentinel such as ErrBadCell or
// ErrLength; offending characters are quoted and escaped. A line whose length fits no board is reported with the
// length it most likely meant: a count within a tenth of its own (80 or 82
// cells want 81, 35 or 37 want 36), or else the nearest square board by
// ratio (40 cells want 81, a 9×9 puzzle cut short).
//
// # Output formats
//
// Append and String write FormatLine (Grid.String's form), FormatGrid,
// FormatJSON, FormatLeetCode and FormatCompact; AppendLeetCode writes
// LeetCode boards in numbers, AppendColored a grid with the cells a solver
// filled in marked. FormatGrid draws the boxes of the grid's rules, h×w
// as Rules.BoxShape gives them, or the borders of irregular regions
// (jigsaw), and no separators when the rules have no regions (a Latin
// square). AppendMarks draws a grid of pencil marks with the same
// borders: one drawer draws every grid.
//
// For a side in Sides, each format reads back with Parse to an Equal grid.
// The rules are not written: a grid under other rules (Boxes of another
// shape, Regions, WithExtra) reads back as a grid of its side under
// Standard rules, with the same digits, and gets its rules back with
// Grid.SetRules.
//
// # Registered input formats
//
// Open reads an input (a file, standard input) in the input format that
// its start shows, and ReadArg reads a command-line argument as one
// puzzle. The formats are registered with Register, as image.RegisterFormat
// registers image formats: each has a name, a Detect over the start of
// the input (what its first read brought, so that a puzzle typed at a
// terminal is not held up), a PuzzleReader, and, for arguments, DetectArg
// and ReadArg. The format whose detection is Sure wins over one that
// would read anything (Maybe), the first registered on a tie. This
// package registers the text formats above as "text", the fallback;
// package fpuzzles registers f-puzzles JSON and links when it is imported
// (import _ "github.com/satdoku/satdoku/fpuzzles"), package sudokupad
// SudokuPad links and payloads, package sudokumaker SudokuMaker links (a
// format of links, one a line, is made by LinkInput), and package iss the
// puzzle strings of the Interactive Sudoku Solver. A PuzzleReader
// streams: it holds one puzzle at a time, and places its errors, as
// *satdoku.ParseError, at their line and column in the whole input.
package textfmt
