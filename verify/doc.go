// Package verify is satdoku's independent checker: it decides, by counting
// digits in the units of a grid's rules, whether a grid breaks a rule
// (Check), whether a grid is a correct answer to a puzzle (Solution), and
// how many solutions a puzzle has (Count, and CountContext, which gives up
// when its context ends).
//
// Its one job is to give a second opinion that does not trust the SAT path.
// It imports only the root package satdoku and the standard library and
// shares no code with package encode (which turns a puzzle into clauses) or
// package satsolve (which runs the SAT solver): no variable numbering, no
// clauses, no decoding. A bug in the encoding or in the solver therefore
// cannot hide itself by being repeated here. Count is a plain bitmask
// backtracking search (fewest candidates first, with naked and hidden
// singles and locked candidates), written independently of the SAT solver
// so the two can be compared puzzle by puzzle.
//
// The rules are data: the functions read the units of satdoku.Rules (rows,
// columns, boxes or jigsaw regions, extra units such as the diagonals of
// X-Sudoku) and their overlaps, the relations of two cells (anti-knight,
// Kropki dots, thermometer steps) and the constraints of the rules
// (killer cages, arrows, renban and between lines, sandwiches,
// quadruples, odd and even cells), each checked by code of this package,
// and know no geometry of their own. A relation or a constraint of a kind
// this package does not know is broken, whatever the digits: the validator
// never passes what it cannot check. A unit
// of N cells holds every digit once; a smaller unit holds each digit at
// most once. Every board side from 4×4 to 64×64 is accepted; digit sets
// are held as uint64 bitmasks, bit d-1 for digit d. No function panics,
// whatever the input, including nil grids and grids without rules.
package verify
