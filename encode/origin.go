package encode

// OriginKind is the kind of rule a clause comes from (see Origin).
type OriginKind uint8

// The kinds of origin.
const (
	// FromCell: a cell holds one digit (at least one of its candidates
	// and, with Extended, at most one).
	FromCell OriginKind = iota
	// FromUnit: a unit holds each digit at most once (and, with
	// Extended in a unit of N cells, at least once).
	FromUnit
	// FromRelation: a relation of two cells (satdoku.Relation).
	FromRelation
	// FromConstraint: a constraint (satdoku.Constraint), auxiliary
	// variables included.
	FromConstraint
	// FromDerived: the sums the rules imply (innies and outies, two
	// sums added up), redundant clauses that hold only while every
	// constraint and unit they are derived from holds; Index is that of
	// the last constraint (a reader that names clauses by constraint
	// names them after it).
	FromDerived
)

// Origin names the rule a clause comes from: a cell, a unit, a relation
// or a constraint of the rules, by its index.
type Origin struct {
	Kind OriginKind
	// Index is the cell (row-major) of FromCell, and the index in
	// Rules.Units, Rules.Relations or Rules.Constraints of the others.
	Index int
}

// OriginAdder is an Adder that is told where the clauses come from:
// Encoder.Write calls SetOrigin before the clauses of each cell, unit,
// relation and constraint it writes, and the clauses that follow come from
// that origin until the next call. An Adder without the method costs
// Write nothing.
type OriginAdder interface {
	Adder
	SetOrigin(o Origin)
}
