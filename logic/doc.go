// Package logic solves Sudoku the way a person does, one deduction at a
// time, and rates puzzles by the hardest deduction they need.
//
// The techniques are written once over the rules as data of a
// satdoku.Rules value, so that they work on boards of every size, on
// jigsaw boards and with every rule: the unit techniques over the units
// (rows, columns, regions and extra units, killer cages among them) and
// the Different relations between cells; the clue techniques over the
// other relations and the constraints (satdoku.Relations and
// satdoku.Constraints), whatever clue made them. A clue technique removes
// the candidates of a clue's cells that no digits satisfying the clue
// use, given the candidates of its other cells and with the cells that
// see each other holding different digits: a relation of two cells, or a
// line of relations of one rule (a thermometer, a whispers line, a chain
// of dots) taken whole; a constraint by a bounded search of its digits
// (a constraint whose search goes over its bound is left alone: no step,
// never a wrong one). Steps are named after the clue, with its cells:
// "thermometer r1c1–r1c4: r1c2 is at least 3", "killer cage r4c4,r4c5
// (3): only 1+2; …".
//
// Beyond them, the clause steps reach every rule the encoder knows: they
// reason on the clauses that package encode writes for the rules, each
// clause tagged with the rule it comes from (encode.OriginAdder). A clue's
// own step propagates the clauses of one clue (and tries each candidate of
// a small clue), a clue chain follows an assumption by unit propagation on
// every clause to a contradiction, and a clue forcing step follows every
// candidate of a cell (or every place of a digit in a unit) to one
// conclusion. Last, a nested contradiction follows an assumption by the
// easy techniques themselves, each clue taken whole (what unit
// propagation, one clause at a time, misses), and tells every step of it. Chains are told clue by clue in cells and digits (the
// auxiliary variables of sums and lines are propagated through, never
// shown), each at most DefaultChainSteps steps unless Options.ChainSteps
// says otherwise. At equal rating a hand-written clue technique comes
// before the clause step. The clue and clause steps apply only to rules
// with such clues, so classic paths do not change.
//
// A State holds the placed digits and the candidates of every cell. Next
// returns the easiest step that applies; Apply makes it; Solve repeats the
// two; Rate rates a puzzle by its hardest step. The techniques, with their
// ratings on the Sudoku Explainer scale (SE's published values where the
// technique exists there):
//
//	1.0  odd, even, pencil marks      a cell's allowed digits (OneOf constraints)
//	1.2  hidden single (in a region)  a digit with one place in a region
//	1.5  hidden single                a digit with one place in a row, column or extra unit of N cells
//	2.0  clue relations               a relation of two cells, or a line of them: thermometers, slow thermometers, whispers, Kropki dots, XV, clones, palindromes, nonconsecutive and negative rules, parity, modular and entropic lines, minimum and maximum cells
//	2.2  sums                         a sum (Total): killer cages (with their combinations), arrows and pills, little killers, region sum lines, zipper lines, double arrows
//	2.3  naked single                 a cell with one candidate
//	2.4  clues together               the relations of several clues that share cells, taken together (a white and a black dot on one cell)
//	2.5  other clues                  renban, between and lockout lines, quadruples, sandwiches, x-sums, skyscrapers, 10-lines, same-difference lines, indexers and numbered rooms
//	2.5  clue                         what one clue's clauses (a relation or a constraint) rules out or places on its own
//	2.6  pointing                     a region has a digit only where it meets another unit
//	2.7  cage pointing, clue pointing every combination of a cage (every assignment of another clue) holds a digit: cells that see all its places in the clue lose it
//	2.8  claiming                     a row, column or extra unit has a digit only where it meets another unit
//	2.9  innies and outies            the 45 rule: a row, column, region or band of 2–3 rows or columns covered by sums but for at most four cells in or out
//	2.9  equal cells                  cells made equal (clones, palindromes) cannot hold a digit when, between them, they see its every place in a unit
//	3.0  naked pair                   two cells of a unit with the same two candidates
//	3.2  x-wing                       fish of two rows (columns) on two columns (rows)
//	3.4  hidden pair                  two digits with the same two places in a unit
//	3.6  naked triple
//	3.8  swordfish                    fish of three
//	4.0  hidden triple
//	4.2  xy-wing                      pivot {x,y}, pincers {x,z} and {y,z}
//	4.4  xyz-wing                     pivot {x,y,z}, pincers {x,z} and {y,z}
//	5.0  naked quad
//	5.2  jellyfish                    fish of four
//	5.4  hidden quad
//	6.6–7.0  x-chain, xy-chain        alternating chains of strong and weak links, 0.1 more for every two more links than three
//	7.5–9.0  clue chain               a candidate whose assumption leads by propagation on the clauses to a contradiction, 0.1 more for every step after the first (8.0 at 6 steps, 8.6 at 12)
//	8.0–9.0  contradiction            a candidate whose assumption leads by singles (and locked candidates) to a contradiction
//	8.2–9.0  clue forcing             every candidate of a cell, or every place of a digit in a unit (2 to 4), leads by propagation on the clauses to the same placement or elimination; 0.1 more for every step of the longest branch after the first
//	9.2–9.6  nested contradiction     a candidate whose assumption leads by the techniques up to 2.9 (singles, the clue techniques, locked candidates), step after step, to a contradiction; 0.1 more for every doubling of its steps beyond four (rules with clues only)
//	10.0 trial                        none of the above applies (Rate only)
//
// A clue step's technique is the name of the rule it comes from ("killer
// cage", "thermometer", "white dot"; the kind's name for a relation or a
// constraint without one), but for "clues together", "cage pointing",
// "clue pointing", "innies and outies" and "equal cells".
//
// Naked subsets hold in every unit, killer cages included (the rules make
// a cage an extra unit: its cells differ); hidden singles, hidden subsets
// and locked candidates need units of N cells, which hold every digit (a
// cage of N cells among them). Fish take rows and columns only, whatever
// the regions. A cell "sees" the cells it shares a unit with and its
// partners in Different relations (anti-knight, anti-king).
//
// Cells are named from 1 in texts ("r3c5"), and units as
// satdoku.Unit.String names them ("box 2", "row 3").
package logic
