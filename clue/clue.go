// Package clue is the one place that knows what the named clues of
// variant Sudoku mean: a killer cage, a thermometer, a Kropki dot, a
// little killer … Each is a Clue, plain data (its kind, its cells, lines
// and numbers) that any reader can make (the f-puzzles reader does; a
// SudokuPad reader, a browser's message or a renderer can use the same
// values), and Apply turns a list of clues into satdoku's rules as data:
// extra units, relations and constraints, with the conventions that join
// clues (the dots that exempt their pair from nonconsecutive and from the
// negative rules, minimum cells side by side, …).
//
// Cells are row-major indices r·N + c, from 0. The meaning of each kind is
// documented on its constant; the conventions are those of f-puzzles and
// of David Clamage's solvers, which most published puzzles follow.
package clue

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
)

// Kind is the kind of a clue.
type Kind uint8

// The kinds of clue. Value, Values, Cells and Lines are the fields of
// Clue; a kind ignores the fields it does not name. Digits are the board's
// values: under rules with a value offset (satdoku.Rules.WithValueOffset,
// the values 0 to 8 on 9×9) a cage's sum, an XV mark's, a quadruple's and
// pencil marks' digits and the parity of odd and even cells are the
// values', which Apply converts to the rules' digits; the kinds whose
// meaning it cannot carry over to other values (see OffsetKinds) are
// refused there.
const (
	// KillerCage: the Cells hold distinct digits that add up to Value; a
	// Value of 0 is no sum (a cage of distinct digits alone).
	KillerCage Kind = iota + 1
	// ExtraRegion: the Cells hold distinct digits.
	ExtraRegion
	// LittleKiller: the diagonal that starts beside the clue's place
	// outside the board (Row, Col) and goes in Direction adds up to
	// Value, digits repeating or not; a Value of 0 is no sum.
	LittleKiller
	// Sandwich: in the row or the column beside the clue's place outside
	// the board (Row, Col), the digits between the 1 and the N add up to
	// Value (0: the 1 and the N are neighbours).
	Sandwich
	// Thermometer: each line's digits strictly increase from its first
	// cell, the bulb.
	Thermometer
	// Arrow: the digits of each line (its cells outside the circle) add
	// up to the circle, the Cells: one cell, or a pill of 2 to 6 cells
	// read as a number in reading order (boards up to 9×9).
	Arrow
	// Palindrome: each line reads the same both ways.
	Palindrome
	// Renban: each line holds distinct digits that form a run, in any
	// order.
	Renban
	// Whispers: neighbours on each line (German whispers) differ by Value
	// or more; a Value of 0 is (N+1)/2, 5 on 9×9.
	Whispers
	// Between: the cells of each line lie strictly between the digits of
	// its two ends, the circles (lines of 3 cells or more).
	Between
	// Clone: the lines (two or more, of one length) hold the same digits,
	// cell by cell.
	Clone
	// Quadruple: each digit of Values appears among the Cells, a digit
	// listed k times in k cells.
	Quadruple
	// WhiteDot: the two Cells differ by Value; a Value of 0 is 1
	// (consecutive digits).
	WhiteDot
	// BlackDot: one of the two Cells is Value times the other; a Value of
	// 0 is 2.
	BlackDot
	// XV: the two Cells add up to Value, 10 (X) or 5 (V).
	XV
	// Odd: the Cells hold odd digits.
	Odd
	// Even: the Cells hold even digits.
	Even
	// Minimum: each of the Cells is smaller than each orthogonal
	// neighbour that is not a minimum cell itself.
	Minimum
	// Maximum: each of the Cells is larger than each orthogonal neighbour
	// that is not a maximum cell itself.
	Maximum
	// PencilMarks: each of the Cells holds one of the digits of Values.
	PencilMarks
	// Nonconsecutive: orthogonal neighbours do not hold consecutive
	// digits, except a pair joined by a Kropki dot of either colour (all
	// the white dots are given).
	Nonconsecutive
	// NegativeRatio: every pair of orthogonal neighbours without a Kropki
	// dot (of either colour) has none of the black dots' ratios (2 when
	// there are no black dots): all the black dots are given.
	NegativeRatio
	// NegativeDifference: every pair of orthogonal neighbours without a
	// Kropki dot (of either colour) differs by none of the white dots'
	// differences (1 when there are no white dots): all the white dots
	// are given.
	NegativeDifference
	// NegativeXV: every pair of orthogonal neighbours without an X or a V
	// adds up to neither 5 nor 10.
	NegativeXV
	// RegionSumLine: each line, cut where it passes from one region (a
	// box, or a jigsaw piece) into another, has segments of equal sums; a
	// line that comes back into a region starts a new segment there.
	RegionSumLine
	// ZipperLine: on each line, the cells equally far from its ends add
	// up to the same sum in pairs; on a line of odd length that sum is
	// the middle cell's digit.
	ZipperLine
	// DoubleArrow: on each line of 3 cells or more, the digits of its two
	// ends add up to the sum of the cells between them.
	DoubleArrow
	// Nabner: no two digits on each line are equal or consecutive.
	Nabner
	// EntropicLine: every three cells in a row on each line hold a low, a
	// middle and a high digit (1–3, 4–6, 7–9 on 9×9; on other boards the
	// thirds of satdoku.OtherThird).
	EntropicLine
	// ModularLine: every M cells in a row on each line hold digits with
	// different remainders divided by M, the modulus: Value, 3 when it is
	// 0 (ISS's Modular~M).
	ModularLine
	// ParityLine: neighbours on each line alternate odd and even digits.
	ParityLine
	// SlowThermometer: each line's digits increase or stay the same from
	// its first cell, the bulb.
	SlowThermometer
	// XSum: in the row or the column beside the clue's place outside the
	// board (Row, Col), read from the clue, the first X digits add up to
	// Value, X the digit next to the clue.
	XSum
	// Skyscraper: in the row or the column beside the clue's place outside
	// the board (Row, Col), read from the clue, Value digits are higher
	// than every digit before them (the buildings seen from the clue).
	Skyscraper
	// TenLine: each line splits into runs of cells next to each other on
	// it that each add up to Value; a Value of 0 is 10.
	TenLine
	// SameDifference: neighbours on each line all differ by the same
	// amount.
	SameDifference
	// RowIndexer: a digit d in one of the Cells, in row r and column c,
	// puts the digit r (from 1) in row d of column c.
	RowIndexer
	// ColumnIndexer: a digit d in one of the Cells, in row r and column
	// c, puts the digit c (from 1) in column d of row r.
	ColumnIndexer
	// BoxIndexer: a digit d in one of the Cells, the k-th cell of its box
	// (or region) in reading order, puts the digit k in the d-th cell of
	// that box.
	BoxIndexer
	// NumberedRoom: in the row or the column beside the clue's place
	// outside the board (Row, Col), read from the clue, the X-th cell
	// holds Value, X the digit next to the clue.
	NumberedRoom
	// LockoutLine: the two ends of each line (its diamonds) differ by
	// Value or more, ⌊N/2⌋ when Value is 0 (4 on 9×9), and every cell
	// between holds a digit outside the range of theirs, ends included.
	LockoutLine
	// WeightedSum: the digits of the Cells, each times its coefficient
	// (Coefs, every one 1 when nil), add up to Value; digits may repeat,
	// a cell listed twice counts twice (ISS's Sum).
	WeightedSum
	// EqualSums: the Lines (groups of cells, in any shape) all have the
	// same sum (ISS's EqualSum, dclamage's equal sum).
	EqualSums
	// ContainsExactly: each value of Values (a digit shifted by the
	// rules' value offset, as PencilMarks') appears among the Cells
	// exactly as many times as it is listed (ISS's ContainExact).
	ContainsExactly
	// SameValues: the Lines, sets of cells of one size, hold the same
	// digits, each as many times (ISS's SameValues). Sets may share
	// cells (".SameValues~2~R1C1~R1C1" says nothing).
	SameValues
	// CountingCircles: the digit in each of the Cells (the circles) is the
	// number of circles that hold it.
	CountingCircles
	// CountDistinct: the digit of the first of the Cells is the number of
	// distinct digits among the others, in which it may be listed again
	// to count itself (ISS's CountDistinct).
	CountDistinct
	// SumLoop: each line is a loop (its last cell next to its first) that
	// splits into runs of neighbours each adding up to Value, 10 when
	// Value is 0 (a 10-line that closes on itself).
	SumLoop
	// MultisumKillerCage: the Cells hold distinct digits that add up to
	// one of Values (a digital-root cage of dclamage's solver: f-puzzles'
	// "cage" with value "DR5", the sums 5, 14, 23 …); without Values, a
	// cage of distinct digits alone.
	MultisumKillerCage
	// RellikCage: the Cells hold distinct digits, and no one or more of
	// them add up to Value (ISS's RellikCage).
	RellikCage
	// ConnectedValues: the Cells holding one of the values of Values form
	// one non-empty region of orthogonal neighbours, the Cells laid out in
	// rows of Value cells in the order listed (N when Value is 0): ISS's
	// ConnectedValues on the grid or on a group of var cells.
	ConnectedValues
	// Automaton: the automaton NFA accepts the digits of the Lines, read
	// one after the other, reading satdoku.Break between two lines (the
	// segments of ISS's NFA lines; a line may be empty); its Breaks are
	// ignored. Label names it for pictures and messages ("row6-distance",
	// a regular expression).
	Automaton
	// PairTable: the relation given by Table (satdoku.Relation's Table: a
	// row of V characters, V the digits (Rules.Values), for each digit a
	// of the first cell, '1' where the digit b of the second may go with
	// it) holds on each two cells next to each other on each line, the
	// earlier cell first; with Value 1, on every two cells of each line
	// (ISS's Pair and PairX). Label names it.
	PairTable
	// AnyOf: at least one of the Members holds, each a list of clues that
	// hold together (ISS's Or, an And inside it one member; a member may
	// hold an AnyOf of its own). A member that says nothing makes the clue
	// say nothing.
	AnyOf
	// Reach: the value of the one cell of Cells plus Value is the number
	// of cells that hold the start's value and reach it along the Lines.
	// Every line begins at the start, the cell they share, which reaches
	// itself and counts once; a cell reaches it when it and every cell
	// before it on its line hold the start's value. ISS's ChaosArrow
	// (its arms) and ChaosCount (a line from the first cell to each
	// counted one) on the region labels of a chaos construction. Label
	// names it ("chaos arrow").
	Reach
)

var kindNames = [...]string{KillerCage: "killer cage", ExtraRegion: "extra region",
	LittleKiller: "little killer", Sandwich: "sandwich", Thermometer: "thermometer", Arrow: "arrow",
	Palindrome: "palindrome", Renban: "renban", Whispers: "whispers", Between: "between",
	Clone: "clone", Quadruple: "quadruple", WhiteDot: "white dot", BlackDot: "black dot", XV: "xv",
	Odd: "odd", Even: "even", Minimum: "minimum", Maximum: "maximum",
	PencilMarks: "given pencil marks", Nonconsecutive: "nonconsecutive",
	NegativeRatio: "negative ratio", NegativeDifference: "negative difference", NegativeXV: "negative xv",
	RegionSumLine: "region sum line", ZipperLine: "zipper line", DoubleArrow: "double arrow", Nabner: "nabner",
	EntropicLine: "entropic line", ModularLine: "modular line", ParityLine: "parity line",
	SlowThermometer: "slow thermometer", XSum: "x-sum", Skyscraper: "skyscraper",
	TenLine: "10-line", SameDifference: "same difference", RowIndexer: "row indexer",
	ColumnIndexer: "column indexer", BoxIndexer: "box indexer", NumberedRoom: "numbered room",
	LockoutLine: "lockout line", WeightedSum: "sum", EqualSums: "equal sums", ContainsExactly: "contains exactly",
	SameValues: "same values", CountingCircles: "counting circles", CountDistinct: "count distinct", SumLoop: "sum loop",
	MultisumKillerCage: "multisum killer cage", RellikCage: "rellik cage",
	ConnectedValues: "connected values",
	Automaton:       "automaton", PairTable: "pair table", AnyOf: "any of", Reach: "reach"}

// Kinds returns every kind of clue, in order.
func Kinds() []Kind {
	ks := make([]Kind, 0, len(kindNames)-1)
	for k := KillerCage; int(k) < len(kindNames); k++ {
		ks = append(ks, k)
	}
	return ks
}

// Valid reports whether k is one of Kinds.
func (k Kind) Valid() bool { return k >= KillerCage && int(k) < len(kindNames) }

// String returns the kind's name: "killer cage", "extra region", "little
// killer", "sandwich", "thermometer", "arrow", "palindrome", "renban",
// "whispers", "between", "clone", "quadruple", "white dot", "black dot",
// "xv", "odd", "even", "minimum", "maximum", "given pencil marks",
// "nonconsecutive", "negative ratio", "negative difference", "negative
// xv", "region sum line", "zipper line", "double arrow", "nabner",
// "entropic line", "modular line", "parity line", "slow thermometer",
// "x-sum", "skyscraper", "10-line", "same difference", "row indexer",
// "column indexer", "box indexer", "numbered room", "lockout line",
// "sum", "equal sums", "contains exactly", "same values", "counting
// circles", "count distinct", "sum loop", "multisum killer cage",
// "rellik cage", "connected values", "automaton", "pair table", "any of" or "reach";
// "Kind(N)" for a value that is not a kind. The names are also the
// names of the rules made, and of the tags (but for the two dots, tagged
// "kropki").
func (k Kind) String() string {
	if k.Valid() {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText returns the kind's name; a value that is not a kind is an
// error wrapping ErrInvalid.
func (k Kind) MarshalText() ([]byte, error) {
	if !k.Valid() {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, k)
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind's name; any other text is an error wrapping
// ErrInvalid.
func (k *Kind) UnmarshalText(text []byte) error {
	for x := KillerCage; x.Valid(); x++ {
		if kindNames[x] == string(text) {
			*k = x
			return nil
		}
	}
	return fmt.Errorf("%w: unknown kind %q", ErrInvalid, text)
}

// tag is the tag of the rules a clue of kind k makes.
func (k Kind) tag() string {
	if k == WhiteDot || k == BlackDot {
		return "kropki"
	}
	return k.String()
}

// Direction is the way a little killer's diagonal goes from its clue.
type Direction uint8

// The directions: up or down the rows, left or right along the columns.
const (
	UpLeft Direction = iota + 1
	UpRight
	DownLeft
	DownRight
)

var directions = [...]struct {
	name   string
	dr, dc int
}{UpLeft: {"UL", -1, -1}, UpRight: {"UR", -1, 1}, DownLeft: {"DL", 1, -1}, DownRight: {"DR", 1, 1}}

// Valid reports whether d is one of the four directions.
func (d Direction) Valid() bool { return d >= UpLeft && int(d) < len(directions) }

// String returns "UL", "UR", "DL" or "DR" (f-puzzles' names), or
// "Direction(N)" for a value that is not a direction.
func (d Direction) String() string {
	if d.Valid() {
		return directions[d].name
	}
	return "Direction(" + strconv.Itoa(int(d)) + ")"
}

// MarshalText returns the direction's name; a value that is not a
// direction is an error wrapping ErrInvalid.
func (d Direction) MarshalText() ([]byte, error) {
	if !d.Valid() {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, d)
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads "UL", "UR", "DL" or "DR", in any case, around
// spaces; any other text is an error wrapping ErrInvalid.
func (d *Direction) UnmarshalText(text []byte) error {
	s := strings.ToUpper(strings.TrimSpace(string(text)))
	for x := UpLeft; x.Valid(); x++ {
		if directions[x].name == s {
			*d = x
			return nil
		}
	}
	return fmt.Errorf("%w: unknown direction %q (want UL, UR, DL or DR)", ErrInvalid, text)
}

// ParseXV reads an XV mark, "X" or "V" in any case around spaces, as its
// sum: 10 or 5. Any other text is an error wrapping ErrInvalid.
func ParseXV(s string) (int, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "X":
		return 10, nil
	case "V":
		return 5, nil
	}
	return 0, fmt.Errorf(`%w: want "X" or "V"`, ErrInvalid)
}

// Clue is one clue of a puzzle, as plain data: its kind and the fields
// that kind reads (see the kinds). Apply checks them.
type Clue struct {
	Kind Kind `json:"kind"`
	// Cells are the clue's cells, row-major indices: a cage, a circle,
	// the two cells of a dot, marked cells.
	Cells []int `json:"cells,omitempty"`
	// Lines are the clue's lines, each a list of cells in order.
	Lines [][]int `json:"lines,omitempty"`
	// Row and Col are the place of a clue outside the board (little
	// killer, sandwich, X-sum, skyscraper), from 0 like the cells: row −1 is above the
	// board and row N below it, column −1 left of it and column N right.
	Row int `json:"row,omitempty"`
	Col int `json:"col,omitempty"`
	// Direction is the way a little killer's diagonal goes.
	Direction Direction `json:"direction,omitempty"`
	// Value is the clue's number: a sum, a difference, a ratio; 0 is no
	// sum or the default, as each kind says.
	Value int `json:"value,omitempty"`
	// Values are the digits (values, see the kinds) of a quadruple or of
	// pencil marks, or the sums of a multisum killer cage.
	Values []int `json:"values,omitempty"`
	// Coefs are a weighted sum's coefficients, one per cell.
	Coefs []int `json:"coefs,omitempty"`
	// NFA is the automaton of an Automaton clue.
	NFA *satdoku.NFA `json:"nfa,omitempty"`
	// Label names an Automaton or a PairTable clue, or a Global one.
	Label string `json:"label,omitempty"`
	// Global marks a clue that states a rule of the whole board (ISS's
	// AntiTaxicab, GlobalEntropy: a table on thousands of pairs, an
	// automaton on every 2×2 square): it means what its kind says, and
	// pictures name it (its Label) under the board instead of drawing it on
	// every cell.
	Global bool `json:"global,omitempty"`
	// Table is the table of a PairTable clue.
	Table string `json:"table,omitempty"`
	// Members are the alternatives of an AnyOf clue.
	Members [][]Clue `json:"members,omitempty"`
}

// Errors of Apply, wrapped by its *Error values.
var (
	// ErrInvalid reports a clue that is malformed: a cell off the board,
	// a cell listed twice, a dot with three cells, an unknown direction.
	// A well-formed clue that no digits satisfy is no error (see Apply).
	ErrInvalid = errors.New("clue: invalid clue")
	// ErrUnsupported reports a clue that satdoku cannot express (an
	// arrow's circle of many cells, or of several cells on a board over
	// 9×9).
	ErrUnsupported = errors.New("clue: unsupported clue")
)

// Error is a clue that Apply refuses: which clue, the field at fault and
// where in it, so that a reader can point at its own source.
type Error struct {
	Clue int  // the index of the clue in Apply's list
	Kind Kind // its kind
	// Field is the field at fault: "cells", "lines", "value", "values",
	// "coefs", "place" (Row and Col) or "direction"; "" for the clue as a
	// whole.
	Field string
	// Line is the index of the line in Lines, Item the index of the cell
	// in Cells, Values or that line; −1 when the error is not about one.
	Line, Item int
	Msg        string // what is wrong, as "cell 81 is off the 9×9 board"
	Err        error  // ErrInvalid or ErrUnsupported
}

// Error returns "clue: clue 3 (killer cage) value: MSG", the field with
// its line and item, as "lines[0][2]", when there is one.
func (e *Error) Error() string {
	where := e.Field
	if e.Line >= 0 {
		where += "[" + strconv.Itoa(e.Line) + "]"
	}
	if e.Item >= 0 {
		where += "[" + strconv.Itoa(e.Item) + "]"
	}
	if where != "" {
		where = " " + where
	}
	return fmt.Sprintf("clue: clue %d (%v)%s: %s", e.Clue, e.Kind, where, e.Msg)
}

// Unwrap returns ErrInvalid or ErrUnsupported.
func (e *Error) Unwrap() error { return e.Err }

// Warning is a clue that Apply accepts but that says nothing, as an
// arrow's circle without an arrow.
type Warning struct {
	Clue int    // the index of the clue in Apply's list
	Msg  string // what was ignored
}
