// Package sudokupad reads puzzles shared as SudokuPad links
// (https://sudokupad.app) into satdoku's rules-as-data.
//
// # Links and payloads
//
// A SudokuPad puzzle travels as a payload, bare or inside a link:
// https://sudokupad.app/PAYLOAD, …/sudoku/PAYLOAD, …?puzzleid=PAYLOAD, the
// same on app.crackingthecryptic.com (and beta.sudokupad.app), or
// sudokupad://puzzle/PAYLOAD. The payload's prefix says what it holds, as
// SudokuPad's own loader reads it:
//
//   - "fpuzzles" or "fpuz" and an f-puzzles load string: the f-puzzles
//     puzzle, read by package fpuzzles exactly as an f-puzzles link;
//   - "scl" or "ctc" and an lz-string (Base64) text: SudokuPad's own JSON,
//     plain or shortened by SudokuPad's PuzzleZipper (keys as "ce" for
//     "cells", true as t, colours without quotes; see unzip);
//   - anything else is a short id (…/abc123): the puzzle is on SudokuPad's
//     server, and a Fetcher asks its puzzle service
//     (https://sudokupad.app/api/puzzle/ID, the URL SudokuPad's loader uses)
//     over HTTPS, within a timeout, unless it is Offline. A bare word is
//     never taken for a short id: only a link is.
//
// # What is read
//
// SudokuPad draws a puzzle; it does not know its rules. The board ("cells":
// its size, square, and the given "value" of each cell), the "regions"
// (the standard boxes when there are none) and the cages are read exactly:
// a cage with cells is a killer cage (distinct digits; its value, when a
// whole number, is the sum; "unique": false, a style other than killer, or
// a value that is not a number is refused), and a cage without cells whose
// value is "KEY: VALUE" is metadata: "title", "author", "rules" and
// "solution" (the digits of the solution, in reading order, two figures
// each on boards over 9×9; or "solution" in "metadata"), which is compared
// like any solution given with a puzzle. The hidden cage of cells in no region is read as f-puzzles
// writes it, and so are "antiknight" and "antiking" in "metadata".
//
// Lines, overlays, underlays and arrows carry no rule of their own: only
// the elements that SudokuPad's own f-puzzles import draws in its fixed
// style are read, as the rule that import drew (thermometers, palindromes,
// Kropki dots, XV marks, odd and even cells, sandwich sums, little killer
// sums, arrows with their circles — several arrows from one circle are one
// arrow of several lines —, between lines, quadruples, minimum and maximum
// cells by their chevrons, indexer cages, the two diagonals; cell colours
// are cosmetic, and warned about), and so are the line clues that
// f-puzzles' exports draw as lines in a fixed colour and width, which that
// import keeps (renban, whispers, entropic, modular, region sum, zipper,
// nabner and lockout lines, double arrows; X-sums and skyscrapers by their
// marks). Any other element is an error wrapping ErrUnsupported that names
// it: its kind, its cells and its colour. Nothing is guessed.
//
// The rules text ("rules") is read for the rules it names (package
// rulestext): SudokuPad's import drops nonconsecutive, disjoint groups,
// the negative constraints and the lines it does not know, and setters
// leave global rules to the text. A rule the text names and the drawing
// does not carry is not applied; it is in Puzzle.Unread, and a warning
// names it.
//
// Link goes the other way: a puzzle as a SudokuPad link in its f-puzzles
// form (https://sudokupad.app/fpuzzles and fpuzzles.Load's string), which
// SudokuPad converts as it opens it; it holds what f-puzzles holds, and
// refuses the rest by name.
//
// Importing the package registers the input format "sudokupad" of textfmt
// (see textfmt.Register): an argument that is a SudokuPad link or payload
// is a puzzle, and so is each line of an input whose first line (after
// blank lines and # comments) is one. The registered reader fetches short
// ids with Default.
package sudokupad
