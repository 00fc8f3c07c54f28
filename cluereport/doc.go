// Package cluereport answers a setter's question about a puzzle: which of
// its clues are needed. Every given digit, every variant clue (a cage, a
// line, a dot…) and every global rule (anti-knight, a diagonal…) gets a
// switch, a selector literal that guards its clauses, on one incremental
// gini instance per puzzle; the questions are solves under assumptions:
// with the first solution blocked and one clue switched off, a model is a
// witness that the clue is needed (checked by the validator, package
// verify), and UNSAT proves it redundant. A puzzle with several solutions
// gets its count and suggestions, one with none the clues whose removal
// makes it solvable, from the solver's unsatisfiable cores.
package cluereport
