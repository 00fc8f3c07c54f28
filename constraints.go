package satdoku

import (
	"fmt"
	"slices"
	"strconv"
)

// ConstraintKind is what a Constraint says about the digits of its cells.
type ConstraintKind uint8

// The kinds of constraint.
const (
	// Total: the digits of the cells, each times its coefficient (Coefs,
	// every one 1 when nil), add up to Value. A killer cage's sum and a
	// little killer diagonal are Totals; so is an arrow, with the circle's
	// cells at −1 (a pill of two cells read as a number: −10 and −1) and
	// Value 0.
	Total ConstraintKind = iota
	// Run: the cells hold distinct digits that form a run of consecutive
	// digits, in any order (a renban line).
	Run
	// Within: every cell between the first and the last holds a digit
	// strictly between theirs (a between line: the first and last cells
	// are its circles).
	Within
	// Sandwich: the digits strictly between the 1 and the N of the cells
	// (a whole row or column, in order) add up to Value.
	Sandwich
	// Contains: every digit of Digits appears among the cells, a digit
	// listed k times in k cells or more (a quadruple clue).
	Contains
	// OneOf: every cell holds one of the digits of Mask (odd and even
	// cells, given pencil marks).
	OneOf
	// XSum: the first k cells add up to Value, k the digit of the first
	// cell (an X-sum clue: a row or a column read from the clue); a first
	// digit above the number of cells breaks it.
	XSum
	// Skyscraper: Value cells hold a digit higher than every digit before
	// them, the first cell among them (a skyscraper clue: the buildings
	// seen from it along a row or a column).
	Skyscraper
	// Segments: the cells, in order, split into runs of neighbours on the
	// list that each add up to Value (a 10-line: 10).
	Segments
	// SameGap: the digits of cells next to each other on the list all
	// differ by the same amount (a same-difference line).
	SameGap
	// Index: the digit d of the first cell picks the cells whose
	// coefficient (Coefs) is d, and they hold Value; a d that picks no
	// cell breaks it. A numbered room: the row from the clue, Coefs 1 to N;
	// a row indexer cell in row i: its column, each cell's coefficient its
	// row (from 1), Value i+1.
	Index
	// Outside: every cell between the first and the last holds a digit
	// outside the range of theirs, ends included: below both or above
	// both (a lockout line, whose ends, its diamonds, are also apart).
	Outside
	// Never: no digits satisfy it. It is a clue that cannot hold (a
	// killer cage's sum that no distinct digits make), kept in the rules
	// so that a puzzle with it is well formed and has no solution; Reason
	// says why, and Cells are the clue's cells.
	Never
	// Exactly: every digit of Digits appears among the cells exactly as
	// many times as it is listed; other digits are free (ISS's
	// ContainExact).
	Exactly
	// SameValues: the cells, cut in order into Value sets of equal size,
	// hold the same digits in every set, each as many times (ISS's
	// SameValues).
	SameValues
	// Circles: the digit of each cell is the number of the cells that hold
	// it (counting circles).
	Circles
	// Distinct: the digit of the first cell is the number of distinct
	// digits among the cells from the Value-th on: Value 1, the others;
	// Value 0, all of them, the first too (ISS's CountDistinct, whose
	// counting cell may count itself).
	Distinct
	// SegmentsLoop: the cells, in order, form a loop (the last next to
	// the first) that splits into runs of neighbours that each add up to
	// Value (a 10-line that closes on itself, ISS's SumLine with LOOP).
	SegmentsLoop
	// TotalIn: the digits of the cells add up to one of the numbers of
	// Digits, here totals, not digits (a multi-sum killer cage: one with a
	// digital root, dclamage's "DR" cages).
	TotalIn
	// NoSubsetSum: no digits that the cells hold, each taken once, add up
	// to Value (a rellik cage, whose cells are distinct: no cells add up
	// to it).
	NoSubsetSum
	// Connected: the cells whose digits are in Mask form one non-empty
	// region of orthogonal neighbours, the cells laid out in rows of
	// Value cells in the order listed (ISS's ConnectedValues: the grid's
	// cells, or a group of var cells, in rows). See Joined.
	Connected
	// Automaton: the automaton (Constraint.NFA) accepts the digits
	// of the cells, read in order (ISS's NFA and Regex lines). Its cells
	// may repeat (a line that loops back).
	Automaton
	// AnyOf: at least one of Members holds, all its relations and
	// constraints together (ISS's Or; an And inside it is one member).
	// Cells are the members' cells, each once, in increasing order; a
	// member may hold an AnyOf of its own.
	AnyOf
	// Reach: the digit of the first cell plus Value is the number of the
	// other cells that hold the second cell's digit and reach it. The
	// second cell is the start, which reaches itself; every cell after it
	// lies on an arm from the start, its coefficient (Coefs, one per
	// cell, the first two 0) the arm's number (from 1), in order along
	// the arm; a cell reaches the start when it and every cell before it
	// on its arm hold the start's digit. ISS's ChaosArrow (the arms from
	// the start's region cell) and ChaosCount (each counted cell an arm
	// of its own) on the region labels of a chaos construction. A cell
	// other than the first may lie on several arms, and counts once for
	// each.
	Reach
)

var constraintNames = [...]string{Total: "total", Run: "run", Within: "within",
	Sandwich: "sandwich", Contains: "contains", OneOf: "one-of", XSum: "x-sum", Skyscraper: "skyscraper",
	Segments: "segments", SameGap: "same-gap", Index: "index",
	Outside: "outside", Never: "never", Exactly: "exactly", SameValues: "same-values",
	Circles: "circles", Distinct: "distinct", SegmentsLoop: "segments-loop", TotalIn: "total-in",
	NoSubsetSum: "no-subset-sum", Connected: "connected", Automaton: "automaton", AnyOf: "any-of",
	Reach: "reach"}

// String returns the kind's name, one word that every layer uses (DIMACS
// comments included): "total", "run", "within", "sandwich", "contains",
// "one-of", "x-sum", "skyscraper", "segments", "same-gap", "index",
// "outside", "never", "exactly", "same-values", "circles", "distinct",
// "segments-loop", "total-in", "no-subset-sum", "connected", "automaton",
// "any-of" or "reach"; and "ConstraintKind(N)" for a value that is not a kind.
func (k ConstraintKind) String() string {
	if int(k) < len(constraintNames) {
		return constraintNames[k]
	}
	return "ConstraintKind(" + strconv.Itoa(int(k)) + ")"
}

// Constraint is a rule on the digits of a list of cells that is neither a
// unit nor a relation of two cells: a sum, a line, a mark. Like Relation it
// is data: the encoder writes its clauses and the validator checks it,
// each with code of its own.
type Constraint struct {
	Kind ConstraintKind
	// Cells are the cells, row-major indices, in the order that matters:
	// the coefficients' order for Total, the circles first and last for
	// Within, the line's order for Sandwich, from the clue for XSum and
	// Skyscraper.
	Cells []int
	// Coefs are Total's coefficients, one per cell; nil means every
	// coefficient is 1. Index reads them as the digits that pick each
	// cell.
	Coefs []int
	// Value is the total (Total), the sandwiched sum (Sandwich), the
	// X-sum (XSum), the number of cells seen (Skyscraper), each
	// segment's sum (Segments, SegmentsLoop) or the number of sets
	// (SameValues).
	Value int
	// Digits are the digits that Contains and Exactly require, each from
	// 1 to N; for TotalIn, the totals it allows.
	Digits []int
	// Mask holds the digits OneOf allows: bit d−1 for digit d.
	Mask uint64
	// Name is the rule the constraint comes from, for messages ("killer
	// cage", "arrow", "little killer").
	Name string
	// Reason says why a Never constraint cannot hold, for messages: "18
	// is impossible in 2 cells". Other kinds ignore it.
	Reason string
	// NFA is the automaton of an Automaton constraint.
	NFA *NFA
	// Members are the alternatives of an AnyOf constraint.
	Members []Member
}

// Member is one alternative of an AnyOf constraint: relations and
// constraints that hold together.
type Member struct {
	Relations   []Relation
	Constraints []Constraint
}

// MemberCells returns the cells of the members, each once, in increasing
// order: the Cells of an AnyOf constraint.
func MemberCells(members []Member) []int {
	var cs []int
	for _, m := range members {
		for _, x := range m.Relations {
			cs = append(cs, x.A, x.B)
		}
		for _, c := range m.Constraints {
			cs = append(cs, c.Cells...)
		}
	}
	slices.Sort(cs)
	return slices.Compact(cs)
}

// clone returns a deep copy of c.
func (c Constraint) clone() Constraint {
	c.Cells = slices.Clone(c.Cells)
	c.Coefs = slices.Clone(c.Coefs)
	c.Digits = slices.Clone(c.Digits)
	c.NFA = c.NFA.Clone()
	if c.Members != nil {
		ms := make([]Member, len(c.Members))
		for k, m := range c.Members {
			ms[k].Relations = slices.Clone(m.Relations)
			for _, x := range m.Constraints {
				ms[k].Constraints = append(ms[k].Constraints, x.clone())
			}
		}
		c.Members = ms
	}
	return c
}

// Coef returns the coefficient of the k-th cell of a Total: Coefs[k], or
// 1 when Coefs is nil.
func (c *Constraint) Coef(k int) int {
	if c.Coefs == nil {
		return 1
	}
	return c.Coefs[k]
}

// String describes the constraint for messages: its name (or kind) and
// its numbers, as "killer cage (total 10)" or "odd (one of [1 3 5 7 9])",
// in digits; Text says them in a board's values.
func (c Constraint) String() string { return c.Text(nil) }

// Text describes the constraint as String does, in the values of rules r
// (see ValueOf): a total as the values of its cells add up (ValueTotal: a
// cage of two cells is "total 1" on a board of the values 0 to 3 when its
// digits add up to 3), and digits as the values they stand for. A nil r
// gives String.
func (c Constraint) Text(r *Rules) string {
	name := c.Name
	if name == "" {
		name = c.Kind.String()
	}
	values := func(ds []int) []int {
		if r == nil {
			return ds
		}
		vs := make([]int, len(ds))
		for k, d := range ds {
			vs[k] = r.ValueOf(d)
		}
		return vs
	}
	total := func(t int) int {
		if r == nil {
			return t
		}
		return r.ValueTotal(&c, t)
	}
	switch c.Kind {
	case Total:
		return fmt.Sprintf("%s (total %d)", name, total(c.Value))
	case Sandwich, XSum, Skyscraper, Segments, Index, SegmentsLoop, NoSubsetSum:
		return fmt.Sprintf("%s (%v %d)", name, c.Kind, c.Value)
	case SameValues:
		return fmt.Sprintf("%s (%d sets)", name, c.Value)
	case Contains, Exactly:
		return fmt.Sprintf("%s (%v %v)", name, c.Kind, values(c.Digits))
	case TotalIn:
		ts := make([]int, len(c.Digits))
		for k, t := range c.Digits {
			ts[k] = total(t)
		}
		return fmt.Sprintf("%s (%v %v)", name, c.Kind, ts)
	case OneOf:
		return fmt.Sprintf("%s (one of %v)", name, values(maskDigits(c.Mask)))
	case Connected:
		return fmt.Sprintf("%s (connected %v)", name, values(maskDigits(c.Mask)))
	case Never:
		return fmt.Sprintf("%s (never: %s)", name, c.Reason)
	}
	return name
}

// ValueTotal returns the total, in values, of constraint c's cells whose
// digits make total t: t + ValueOffset × the sum of c's coefficients
// (Coef), as each digit d is the value d + ValueOffset. A Total's Value
// and a TotalIn's totals are digits' totals; messages say them in values
// (a cage whose two digits add up to 3 adds up to 1 on a board of the
// values 0 to 3).
func (r *Rules) ValueTotal(c *Constraint, t int) int {
	coefs := 0
	for k := range c.Cells {
		coefs += c.Coef(k)
	}
	return t + r.valueOffset*coefs
}

func maskDigits(m uint64) []int {
	var ds []int
	for d := 1; m != 0; d++ {
		if m&1 != 0 {
			ds = append(ds, d)
		}
		m >>= 1
	}
	return ds
}

// WithConstraints returns rules that add the constraints to r. A
// constraint with no cells, a cell off the board or listed twice, Coefs of
// the wrong length, a Within, Sandwich or Outside of fewer than two cells, a Run of
// more than N cells, or a Contains with more digits than cells or a digit
// outside 1..N, an Exactly with a digit outside 1..N, a SameValues whose
// cells do not cut into Value sets of one size, a Distinct of Value
// other than 0 and 1, a Distinct or a SegmentsLoop of fewer than two
// cells, a SegmentsLoop of Value outside 1..63, a TotalIn without totals, an Index without a
// coefficient per cell, or a Reach of fewer than two cells, without a
// coefficient per cell or with arms that are not numbered from 1, is an
// error wrapping ErrRules.
func (r *Rules) WithConstraints(cons ...Constraint) (*Rules, error) {
	rs := *r
	rs.newTables()
	rs.constraints = slices.Clone(r.constraints)
	for _, c := range cons {
		if err := r.checkConstraint(&c); err != nil {
			return nil, fmt.Errorf("%w: %s %q: %s", ErrRules, c.Kind, c.Name, err)
		}
		rs.constraints = append(rs.constraints, c.clone())
	}
	return &rs, nil
}

func (r *Rules) checkConstraint(c *Constraint) error {
	n := r.n
	if !c.Kind.Valid() {
		return fmt.Errorf("unknown kind")
	}
	if len(c.Cells) == 0 {
		return fmt.Errorf("no cells")
	}
	seen := map[int]bool{}
	for _, i := range c.Cells {
		if i < 0 || i >= r.Cells() {
			return fmt.Errorf("cell %d is off the %d×%d board", i, n, n)
		}
		if seen[i] && c.Kind != Automaton && c.Kind != Reach {
			return fmt.Errorf("%s listed twice", r.CellName(i))
		}
		if r.Hole(i) {
			return fmt.Errorf("%s is outside the %d×%d grid", r.CellName(i), r.rows, r.cols)
		}
		seen[i] = true
	}
	switch c.Kind {
	case Index:
		if len(c.Coefs) != len(c.Cells) {
			return fmt.Errorf("%d coefficients for %d cells", len(c.Coefs), len(c.Cells))
		}
	case Total:
		if c.Coefs != nil && len(c.Coefs) != len(c.Cells) {
			return fmt.Errorf("%d coefficients for %d cells", len(c.Coefs), len(c.Cells))
		}
	case Run:
		if v := r.Values(); len(c.Cells) > v {
			return fmt.Errorf("%d cells cannot hold distinct digits 1 to %d", len(c.Cells), v)
		}
	case Connected:
		if c.Value < 1 || c.Mask == 0 {
			return fmt.Errorf("rows of %d cells, digits %v", c.Value, maskDigits(c.Mask))
		}
	case Distinct:
		if c.Value != 0 && c.Value != 1 || len(c.Cells) < 2 {
			return fmt.Errorf("value %d and %d cells, want 0 or 1 and 2 cells or more", c.Value, len(c.Cells))
		}
	case SegmentsLoop:
		if c.Value < 1 || c.Value > 63 || len(c.Cells) < 2 {
			return fmt.Errorf("value %d and %d cells, want 1 to 63 and 2 cells or more", c.Value, len(c.Cells))
		}
	case Within, Sandwich, Outside:
		if len(c.Cells) < 2 {
			return fmt.Errorf("%d cells, want 2 or more", len(c.Cells))
		}
	case TotalIn:
		if len(c.Digits) == 0 {
			return fmt.Errorf("no totals")
		}
	case SameValues:
		if c.Value < 1 || len(c.Cells)%c.Value != 0 {
			return fmt.Errorf("%d cells do not cut into %d sets of one size", len(c.Cells), c.Value)
		}
	case Automaton:
		return c.NFA.check(r.Values(), len(c.Cells))
	case Reach:
		return checkArms(c)
	case AnyOf:
		return r.checkMembers(c)
	case Contains, Exactly:
		if c.Kind == Contains && len(c.Digits) == 0 || len(c.Digits) > len(c.Cells) {
			return fmt.Errorf("%d digits in %d cells", len(c.Digits), len(c.Cells))
		}
		for _, d := range c.Digits {
			if v := r.Values(); d < 1 || d > v {
				return fmt.Errorf("digit %d is not in 1..%d", d, v)
			}
		}
	}
	return nil
}

// checkArms checks the cells and coefficients of a Reach c.
func checkArms(c *Constraint) error {
	if len(c.Cells) < 2 || len(c.Coefs) != len(c.Cells) {
		return fmt.Errorf("%d cells and %d coefficients, want 2 cells or more and a coefficient each", len(c.Cells), len(c.Coefs))
	}
	if slices.Contains(c.Cells[1:], c.Cells[0]) {
		return fmt.Errorf("the counting cell is counted")
	}
	for k, a := range c.Coefs {
		switch {
		case k < 2 && a != 0:
			return fmt.Errorf("coefficient %d on the %s cell, want 0", a, [2]string{"counting", "start"}[k])
		case k >= 2 && (a < 1 || a > len(c.Cells)):
			return fmt.Errorf("arm %d, want 1 to %d", a, len(c.Cells)-2)
		}
	}
	return nil
}

// Arms returns the arms of a Reach c by arm number, each the positions
// in c.Cells of its cells, in order from the start on.
func (c *Constraint) Arms() [][]int {
	var arms [][]int
	for k := 2; k < len(c.Cells) && k < len(c.Coefs); k++ {
		a := c.Coefs[k]
		if a < 1 {
			continue
		}
		for len(arms) < a {
			arms = append(arms, nil)
		}
		arms[a-1] = append(arms[a-1], k)
	}
	return slices.DeleteFunc(arms, func(arm []int) bool { return arm == nil })
}

// Constraints returns the constraints of r, in the order they were added.
// The slice is shared: callers must not modify it.
func (r *Rules) Constraints() []Constraint { return r.constraints }

// WithTags returns rules that also carry the tags: the names of the rules
// a puzzle was set with ("x", "killer cage", "thermometer"), listed once
// each in the order first given, for output and DIMACS comments. Tags say
// nothing to the solver or the validator: the units, relations and
// constraints are the rules.
func (r *Rules) WithTags(tags ...string) *Rules {
	rs := *r
	rs.newTables()
	rs.tags = slices.Clone(r.tags)
	for _, t := range tags {
		if t != "" && !slices.Contains(rs.tags, t) {
			rs.tags = append(rs.tags, t)
		}
	}
	return &rs
}

// Tags returns the names of the rules r was made with (see WithTags). The
// slice is shared: callers must not modify it.
func (r *Rules) Tags() []string { return r.tags }

// Joined reports whether the cells of a Connected constraint whose digits
// (digit(k) for its k-th cell, 0 for none) are in Mask form one non-empty
// region of orthogonal neighbours, cell k at row k / Value and column
// k mod Value. It is the statement of the kind's meaning that the human
// techniques share with the readers (the validator keeps its own); for
// other kinds it reports false.
func (c *Constraint) Joined(digit func(k int) int) bool {
	if c.Kind != Connected || c.Value < 1 {
		return false
	}
	in := func(k int) bool {
		d := digit(k)
		return d >= 1 && d <= 64 && c.Mask>>(d-1)&1 == 1
	}
	cols, n := c.Value, len(c.Cells)
	seen := make([]bool, n)
	var stack []int
	total := 0
	for k := range n {
		if in(k) {
			total++
			if stack == nil {
				stack, seen[k] = []int{k}, true
			}
		}
	}
	reached := 0
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached++
		for dir, j := range [4]int{k - cols, k + cols, k - 1, k + 1} {
			if j < 0 || j >= n || seen[j] || dir >= 2 && j/cols != k/cols || !in(j) {
				continue
			}
			seen[j] = true
			stack = append(stack, j)
		}
	}
	return total > 0 && reached == total
}

// checkMembers checks the members of an AnyOf constraint c: one or more,
// each relation and constraint as WithRelations and WithConstraints would,
// and Cells their cells.
func (r *Rules) checkMembers(c *Constraint) error {
	if len(c.Members) == 0 {
		return fmt.Errorf("no members")
	}
	for k, m := range c.Members {
		if len(m.Relations) == 0 && len(m.Constraints) == 0 {
			return fmt.Errorf("member %d says nothing", k+1)
		}
		if _, err := r.WithRelations(m.Relations...); err != nil {
			return fmt.Errorf("member %d: %w", k+1, err)
		}
		for _, x := range m.Constraints {
			if err := r.checkConstraint(&x); err != nil {
				return fmt.Errorf("member %d: %s: %w", k+1, x.Kind, err)
			}
		}
	}
	if !slices.Equal(c.Cells, MemberCells(c.Members)) {
		return fmt.Errorf("cells %v, want the members' %v", c.Cells, MemberCells(c.Members))
	}
	return nil
}
