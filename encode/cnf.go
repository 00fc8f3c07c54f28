package encode

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/textfmt"
)

// CNF is an Adder that records the clauses added to it, for tests and for
// callers that want the formula as data. The zero CNF is empty and ready.
type CNF struct {
	// Vars is the largest variable seen in any literal.
	Vars int
	// Clauses are the clauses completed so far, each without its final 0.
	Clauses [][]int

	cur []int // the clause being added
}

// Add implements Adder.
func (f *CNF) Add(lit int) {
	if lit == 0 {
		f.Clauses = append(f.Clauses, append([]int{}, f.cur...))
		f.cur = f.cur[:0]
		return
	}
	f.cur = append(f.cur, lit)
	if v := max(lit, -lit); v > f.Vars {
		f.Vars = v
	}
}

// Counter is an Adder that only counts. The zero Counter is ready.
type Counter struct {
	Clauses  int // clauses completed (calls of Add(0))
	Literals int // nonzero literals added
	Vars     int // the largest variable seen in any literal
}

// Add implements Adder.
func (k *Counter) Add(lit int) {
	if lit == 0 {
		k.Clauses++
		return
	}
	k.Literals++
	if v := max(lit, -lit); v > k.Vars {
		k.Vars = v
	}
}

// ErrGrid reports a nil grid or one whose size is not a board side.
var ErrGrid = errors.New("encode: invalid grid")

// GivensMode selects how WriteDIMACS writes the givens.
type GivensMode uint8

// The givens modes.
const (
	// GivensUnits writes one unit clause per given (the default).
	GivensUnits GivensMode = iota
	// GivensOmit leaves the givens out: the puzzle's rules alone, whose
	// models are all the full grids. With the Reduced encoding the
	// rules are still reduced by the givens, so its models, completed by
	// DecodePuzzle, are still the puzzle's solutions.
	GivensOmit
)

var givensNames = [...]string{GivensUnits: "units", GivensOmit: "omit"}

// String returns "units" or "omit".
func (m GivensMode) String() string {
	if int(m) < len(givensNames) {
		return givensNames[m]
	}
	return fmt.Sprintf("GivensMode(%d)", uint8(m))
}

// ErrGivensMode reports an unknown GivensMode.
var ErrGivensMode = errors.New("encode: unknown givens mode")

// ParseGivensMode returns the mode named s ("units" or "omit", case
// ignored). The error wraps ErrGivensMode.
func ParseGivensMode(s string) (GivensMode, error) {
	for m, name := range givensNames {
		if strings.EqualFold(s, name) {
			return GivensMode(m), nil
		}
	}
	return 0, fmt.Errorf("%w %q (want units or omit)", ErrGivensMode, s)
}

// DIMACSOptions configure WriteDIMACS. The zero value writes the Extended
// encoding with the givens as unit clauses.
type DIMACSOptions struct {
	// Encoding selects the rules' encoding.
	Encoding Encoding
	// Givens selects whether the givens are written as unit clauses.
	Givens GivensMode
	// Block, when not nil, is a solution of the puzzle to exclude: one more
	// clause (see Block), so that the formula is unsatisfiable exactly when
	// Block is the puzzle's only solution.
	Block *satdoku.Grid
	// Blocks are more solutions to exclude, one clause each, after Block.
	Blocks []*satdoku.Grid
	// Version follows the program name in the first comment line.
	Version string
	// ModelOnly writes a file for a SAT solver whose model the caller
	// decodes under the puzzle's own rules (as package extsolve does), not
	// one to be read back as a puzzle: puzzles that a file cannot carry
	// (see Carries: cells outside the grid, grids that are not square,
	// values other than 1..N) are written too, with no comments but the
	// first, what it cannot carry and the variable numbering:
	// var(i, d) = i·V + d for cell i (the grid's in reading order from 0,
	// then the cells outside it) and its d-th value of V (see CellVar).
	ModelOnly bool
}

// WriteDIMACS writes the CNF of puzzle g to w in DIMACS format: comment
// lines naming the program, the puzzle, the encoding, the givens mode, the
// blocked solution if any, the variable numbering and the board size; the
// header "p cnf N³ C" with C the exact number of clauses; then one clause
// per line, ending in " 0". For a 9×9 puzzle with the default options:
//
//	c satdoku v1.0.0
//	c puzzle 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//	c encoding extended
//	c givens units
//	c var(r,c,d) = (r*N+c)*N+d, r,c from 0, d from 1
//	c size 9x9
//	p cnf 729 12018
//	1 2 3 4 5 6 7 8 9 0
//	…
//	729 0
//
// Rules other than the standard ones of the size (regions, extra units,
// relations, constraints, tags) follow the givens mode as comments too (see
// writeRules), and ReadHeader reads the puzzle back under the same rules.
// Errors from w are returned wrapped.
func WriteDIMACS(w io.Writer, g *satdoku.Grid, o DIMACSOptions) error {
	if g == nil || g.Rules() == nil {
		return ErrGrid
	}
	if !o.Encoding.Valid() {
		return fmt.Errorf("encode: write DIMACS: %w %d", ErrEncoding, uint8(o.Encoding))
	}
	if int(o.Givens) >= len(givensNames) {
		return fmt.Errorf("encode: write DIMACS: %w %d", ErrGivensMode, uint8(o.Givens))
	}
	carried := Carries(g.Rules())
	if carried != nil && !o.ModelOnly {
		return fmt.Errorf("encode: write DIMACS: %w: %w", ErrGrid, carried)
	}
	for _, b := range o.blocks() {
		if b == nil || b.N() != g.N() {
			return fmt.Errorf("encode: write DIMACS: %w: a blocked solution is not a %dx%d grid", ErrGrid, g.N(), g.N())
		}
	}
	if err := checkKinds(g.Rules()); err != nil {
		return fmt.Errorf("encode: write DIMACS: %w", err)
	}
	vars, clauses := Size(g, o)
	n := g.N()
	bw := bufio.NewWriterSize(w, 64<<10)
	prog := "satdoku"
	if o.Version != "" {
		prog += " " + o.Version
	}
	if carried != nil {
		fmt.Fprintf(bw, "c %s\nc not a puzzle file: %s\nc var(i,d) = i*%d+d, cell i from 0 (the grid's in reading order, then the cells outside it), its d-th value from 1\n",
			prog, carried, g.Rules().Values())
	} else {
		fmt.Fprintf(bw, "c %s\nc puzzle %s\nc encoding %s\nc givens %s\n", prog, g.String(), o.Encoding, o.Givens)
		writeRules(bw, g.Rules())
		for _, b := range o.blocks() {
			fmt.Fprintf(bw, "c block %s\n", b.String())
		}
		fmt.Fprintf(bw, "c %s\nc size %dx%d\n", numbering, n, n)
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", vars, clauses)
	dw := dimacsWriter{w: bw, buf: make([]byte, 0, 64)}
	// A writer that fails (a full disk, or an external solver's file whose
	// deadline passed) stops the encoder: a 64×64 formula is tens of
	// millions of clauses.
	writeFormula(&dw, g, o, func() bool { return dw.err != nil })
	if dw.err != nil {
		return fmt.Errorf("encode: write DIMACS: %w", dw.err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("encode: write DIMACS: %w", err)
	}
	return nil
}

// Size returns the header counts of the formula WriteDIMACS writes for g
// with options o: the number of variables (N³, and the auxiliary ones of the
// Sequential encoding and of the constraints) and of clauses.
func Size(g *satdoku.Grid, o DIMACSOptions) (vars, clauses int) {
	var k Counter
	writeFormula(&k, g, o, nil)
	return max(g.Rules().Cells()*g.Rules().Values(), k.Vars), k.Clauses
}

// Vars returns the number of variables of the formula WriteDIMACS writes
// for g with options o, as its header gives it: N³, and for the Sequential
// encoding or rules with constraints the auxiliary variables too (counted
// by writing the formula to a Counter; the others need no pass).
func Vars(g *satdoku.Grid, o DIMACSOptions) int {
	if o.Encoding != Sequential && len(g.Rules().Constraints()) == 0 {
		return g.Rules().Cells() * g.Rules().Values()
	}
	vars, _ := Size(g, o)
	return vars
}

// numbering is the comment line that states the variable numbering.
const numbering = "var(r,c,d) = (r*N+c)*N+d, r,c from 0, d from 1"

// writeFormula adds the clauses WriteDIMACS writes; stop, when not nil,
// is the encoder's Stop (see Encoder), and a formula it stops is left
// incomplete.
func writeFormula(a Adder, g *satdoku.Grid, o DIMACSOptions, stop func() bool) {
	enc := NewEncoder(g.Rules(), o.Encoding)
	enc.Stop = stop
	var d *Domain
	if o.Encoding == Reduced {
		d = GivensDomain(g)
	}
	if err := enc.Write(a, d); err != nil {
		return
	}
	if o.Givens == GivensUnits {
		Givens(a, g)
	}
	for _, b := range o.blocks() {
		Block(a, g, b)
	}
}

// blocks returns Block and Blocks as one list.
func (o *DIMACSOptions) blocks() []*satdoku.Grid {
	if o.Block == nil {
		return o.Blocks
	}
	return append([]*satdoku.Grid{o.Block}, o.Blocks...)
}

// Header is what ReadHeader finds in the comments and the header line of a
// file written by WriteDIMACS.
type Header struct {
	// Puzzle is the puzzle of the "c puzzle" comment, nil if absent.
	Puzzle *satdoku.Grid
	// Encoding is the encoding of the "c encoding" comment (Extended if
	// absent).
	Encoding Encoding
	// Givens is the mode of the "c givens" comment (GivensUnits if absent).
	Givens GivensMode
	// Block is the solution of the first "c block" comment, nil if absent.
	Block *satdoku.Grid
	// Blocks are the solutions of every "c block" comment, in order.
	Blocks []*satdoku.Grid
	// Vars and Clauses are the counts of the "p cnf" line.
	Vars, Clauses int

	rules headerRules // the "c region" and "c extra" comments
}

// writeRules writes the rules of a board that are not its standard ones as
// comments that ReadHeader reads back: "c grid raw" for a raw board (no
// rows, columns or regions: satdoku.Raw), else "c region CELLS" for each
// region when the regions are not the standard boxes ("c regions none" for
// none),
// "c extra CELLS NAME" for each extra unit, cells as comma-separated
// row-major indices; "c relation A,B KIND NAME" for each relation, KIND
// the kind's name (satdoku.RelationKind's String) followed by ":VALUE" when
// the Value is not 0 ("different", "sum:10"); "c constraint KIND CELLS
// FIELDS NAME" for each constraint, KIND the kind's name
// (satdoku.ConstraintKind's String) and FIELDS "value=V" (always
// for total and sandwich), "coefs=C,…", "digits=D,…" and "mask=0xM" (always
// for one-of) where set, NAME followed by ": REASON" for never; and "c rules TAG,TAG" for the tags (which must
// hold no comma).
func writeRules(w io.Writer, r *satdoku.Rules) {
	n := r.N()
	std, err := satdoku.Standard(n)
	if err != nil {
		return
	}
	var regions []satdoku.Unit
	for _, u := range r.Units() {
		if u.Kind == satdoku.Box {
			regions = append(regions, u)
		}
	}
	h, wd := r.BoxShape()
	sh, sw := std.BoxShape()
	if r.Raw() {
		fmt.Fprintf(w, "c grid raw\n")
	} else if h != sh || wd != sw {
		if len(regions) == 0 {
			fmt.Fprintf(w, "c regions none\n")
		}
		for _, u := range regions {
			fmt.Fprintf(w, "c region %s\n", cellList(u.Cells))
		}
	}
	for _, u := range r.Extras() {
		fmt.Fprintf(w, "c extra %s %s\n", cellList(u.Cells), u.Name)
	}
	for _, x := range r.Relations() {
		writeRelation(w, "relation", &x)
	}
	for _, c := range r.Constraints() {
		writeConstraint(w, "constraint", &c)
		writeMembers(w, &c, 1)
	}
	if tags := r.Tags(); len(tags) > 0 {
		fmt.Fprintf(w, "c rules %s\n", strings.Join(tags, ","))
	}
}

// writeMembers writes the members of an AnyOf c at depth d (1 for one of
// the rules, 2 for one inside a member, …) after it: "c or-member D", then
// the member's relations and constraints, "c or-relation D …" and "c
// or-constraint D …", each followed by its own members.
func writeMembers(w io.Writer, c *satdoku.Constraint, d int) {
	for _, m := range c.Members {
		fmt.Fprintf(w, "c or-member %d\n", d)
		for _, x := range m.Relations {
			writeRelation(w, "or-relation "+strconv.Itoa(d), &x)
		}
		for _, x := range m.Constraints {
			writeConstraint(w, "or-constraint "+strconv.Itoa(d), &x)
			writeMembers(w, &x, d+1)
		}
	}
}

// writeRelation writes "c KEY A,B KIND[:VALUE][:TABLE] NAME".
func writeRelation(w io.Writer, key string, x *satdoku.Relation) {
	word := x.Kind.String()
	if x.Value != 0 {
		word += ":" + strconv.Itoa(x.Value)
	}
	if x.Kind == satdoku.Table {
		word += ":" + x.Table
	}
	fmt.Fprintf(w, "c %s %d,%d %s %s\n", key, x.A, x.B, word, x.Name)
}

// writeConstraint writes "c KEY KIND CELLS [fields] NAME" (see
// addConstraint).
func writeConstraint(w io.Writer, key string, c *satdoku.Constraint) {
	fmt.Fprintf(w, "c %s %v %s", key, c.Kind, cellList(c.Cells))
	if c.Value != 0 || c.Kind == satdoku.Total || c.Kind == satdoku.Sandwich {
		fmt.Fprintf(w, " value=%d", c.Value)
	}
	if c.Coefs != nil {
		fmt.Fprintf(w, " coefs=%s", cellList(c.Coefs))
	}
	if c.Digits != nil {
		fmt.Fprintf(w, " digits=%s", cellList(c.Digits))
	}
	if c.Mask != 0 || c.Kind == satdoku.OneOf {
		fmt.Fprintf(w, " mask=%#x", c.Mask)
	}
	if c.NFA != nil {
		fmt.Fprintf(w, " nfa=%s", nfaText(c.NFA))
	}
	if c.Kind == satdoku.Never {
		fmt.Fprintf(w, " %s: %s\n", c.Name, c.Reason)
		return
	}
	fmt.Fprintf(w, " %s\n", c.Name)
}

func cellList(cells []int) string {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = strconv.Itoa(c)
	}
	return strings.Join(s, ",")
}

// headerRules gathers the rules comments of a DIMACS header.
type headerRules struct {
	regions     [][]int
	none        bool
	raw         bool // "c grid raw"
	extras      []satdoku.ExtraUnit
	relations   []satdoku.Relation
	constraints []satdoku.Constraint
	tags        []string
}

// addConstraint reads "KIND CELLS [value=V] [coefs=C,…] [digits=D,…]
// [mask=M] [nfa=A] NAME" (A as nfaText writes it), and for a Never constraint "NAME: REASON".
func (hr *headerRules) addConstraint(val string) error {
	c, err := parseConstraint(val)
	if err != nil {
		return err
	}
	hr.constraints = append(hr.constraints, c)
	return nil
}

// addMember reads the lines of an AnyOf's members (see writeMembers):
// "or-member D" starts a member of the AnyOf last read at depth D−1 (0:
// the rules' constraints), "or-relation D …" and "or-constraint D …" add
// to the last member at depth D.
func (hr *headerRules) addMember(key, val string) error {
	ds, rest, _ := strings.Cut(val, " ")
	depth, err := strconv.Atoi(ds)
	if err != nil || depth < 1 {
		return fmt.Errorf("%s: bad depth %q", key, ds)
	}
	// The AnyOf at depth depth−1 that the line belongs to.
	if len(hr.constraints) == 0 {
		return fmt.Errorf("%s after no any-of constraint", key)
	}
	c := &hr.constraints[len(hr.constraints)-1]
	for d := 1; d < depth; d++ {
		if c.Kind != satdoku.AnyOf || len(c.Members) == 0 {
			return fmt.Errorf("%s %d after no member at depth %d", key, depth, d)
		}
		m := &c.Members[len(c.Members)-1]
		if len(m.Constraints) == 0 {
			return fmt.Errorf("%s %d after no any-of at depth %d", key, depth, d)
		}
		c = &m.Constraints[len(m.Constraints)-1]
	}
	if c.Kind != satdoku.AnyOf {
		return fmt.Errorf("%s %d after no any-of constraint", key, depth)
	}
	if key == "or-member" {
		c.Members = append(c.Members, satdoku.Member{})
		return nil
	}
	if len(c.Members) == 0 {
		return fmt.Errorf("%s before or-member", key)
	}
	m := &c.Members[len(c.Members)-1]
	if key == "or-constraint" {
		x, err := parseConstraint(rest)
		m.Constraints = append(m.Constraints, x)
		return err
	}
	x, err := parseRelation(rest)
	m.Relations = append(m.Relations, x)
	return err
}

// parseRelation reads what writeRelation writes after the key.
func parseRelation(val string) (satdoku.Relation, error) {
	list, name, _ := strings.Cut(val, " ")
	word, rname, _ := strings.Cut(name, " ")
	x := satdoku.Relation{Name: strings.TrimSpace(rname)}
	if _, err := fmt.Sscanf(list, "%d,%d", &x.A, &x.B); err != nil {
		return x, fmt.Errorf("bad relation cells %q", list)
	}
	word, value, hasValue := strings.Cut(word, ":")
	if word == satdoku.Table.String() {
		// "table:TABLE" or "table:VALUE:TABLE"
		var ok bool
		if value, x.Table, ok = strings.Cut(value, ":"); !ok {
			value, x.Table, hasValue = "", value, false
		}
	}
	if hasValue {
		v, err := strconv.Atoi(value)
		if err != nil {
			return x, fmt.Errorf("bad relation value %q", value)
		}
		x.Value = v
	}
	if err := x.Kind.UnmarshalText([]byte(word)); err != nil {
		return x, fmt.Errorf("unknown relation %q", word)
	}
	return x, nil
}

// parseConstraint reads what writeConstraint writes after the key.
func parseConstraint(val string) (satdoku.Constraint, error) {
	f := strings.Fields(val)
	if len(f) < 2 {
		return satdoku.Constraint{}, errors.New("want KIND CELLS")
	}
	var c satdoku.Constraint
	if err := c.Kind.UnmarshalText([]byte(f[0])); err != nil {
		return satdoku.Constraint{}, fmt.Errorf("unknown constraint %q", f[0])
	}
	var err error
	if c.Cells, err = intList(f[1]); err != nil {
		return satdoku.Constraint{}, err
	}
	f = f[2:]
	for ; len(f) > 0; f = f[1:] {
		key, v, ok := strings.Cut(f[0], "=")
		if !ok {
			break
		}
		switch key {
		case "value":
			c.Value, err = strconv.Atoi(v)
		case "coefs":
			c.Coefs, err = intList(v)
		case "digits":
			c.Digits, err = intList(v)
		case "mask":
			c.Mask, err = strconv.ParseUint(v, 0, 64)
		case "nfa":
			c.NFA, err = parseNFA(v)
		default:
			err = fmt.Errorf("unknown field %q", key)
		}
		if err != nil {
			return satdoku.Constraint{}, fmt.Errorf("constraint %s: %w", key, err)
		}
	}
	c.Name = strings.Join(f, " ")
	if c.Kind == satdoku.Never {
		c.Name, c.Reason, _ = strings.Cut(c.Name, ": ")
	}
	return c, nil
}

// intList reads comma-separated integers.
func intList(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		x, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("bad number %q", f)
		}
		out = append(out, x)
	}
	return out, nil
}

func (hr *headerRules) add(key, val string) error {
	if key == "grid" {
		if val != "raw" {
			return errors.New(`want "c grid raw"`)
		}
		hr.raw = true
		return nil
	}
	if key == "regions" {
		if val != "none" {
			return errors.New(`want "c regions none"`)
		}
		hr.none = true
		return nil
	}
	list, name, _ := strings.Cut(val, " ")
	if key == "relation" {
		x, err := parseRelation(val)
		hr.relations = append(hr.relations, x)
		return err
	}
	if key == "or-member" || key == "or-relation" || key == "or-constraint" {
		return hr.addMember(key, val)
	}
	if key == "rules" {
		for _, t := range strings.Split(val, ",") {
			hr.tags = append(hr.tags, strings.TrimSpace(t))
		}
		return nil
	}
	if key == "constraint" {
		return hr.addConstraint(val)
	}
	var cells []int
	for _, f := range strings.Split(list, ",") {
		c, err := strconv.Atoi(f)
		if err != nil {
			return fmt.Errorf("bad cell %q", f)
		}
		cells = append(cells, c)
	}
	if key == "region" {
		hr.regions = append(hr.regions, cells)
	} else {
		hr.extras = append(hr.extras, satdoku.ExtraUnit{Name: strings.TrimSpace(name), Cells: cells})
	}
	return nil
}

// applyRules puts the puzzle and the blocked solutions of h under the rules
// of its comments.
func (h *Header) applyRules() error {
	hr := &h.rules
	if h.Puzzle == nil || hr.regions == nil && !hr.none && !hr.raw && hr.extras == nil && hr.relations == nil &&
		hr.constraints == nil && hr.tags == nil {
		return nil
	}
	n := h.Puzzle.N()
	r := h.Puzzle.Rules()
	var err error
	switch {
	case hr.raw && (hr.regions != nil || hr.none):
		return errors.New(`"c grid raw" beside "c region" or "c regions"`)
	case hr.raw:
		if r, err = satdoku.Raw(n); err != nil {
			return err
		}
	case hr.regions != nil || hr.none:
		if r, err = satdoku.Regions(n, hr.regions); err != nil {
			return err
		}
	}
	if r, err = r.WithExtra(hr.extras...); err != nil {
		return err
	}
	if r, err = r.WithRelations(hr.relations...); err != nil {
		return err
	}
	if r, err = r.WithConstraints(hr.constraints...); err != nil {
		return err
	}
	r = r.WithTags(hr.tags...)
	for _, g := range append([]*satdoku.Grid{h.Puzzle}, h.Blocks...) {
		if err := g.SetRules(r); err != nil {
			return err
		}
	}
	return nil
}

// ErrHeader reports a DIMACS file whose comments or header do not parse.
var ErrHeader = errors.New("encode: bad DIMACS header")

// ReadHeader reads the comment lines and the "p cnf V C" line at the start
// of a DIMACS file, as WriteDIMACS writes them, and stops there. Unknown
// comments are skipped; a known one that does not parse, a missing or bad
// header line, or a puzzle whose size disagrees with V is an error wrapping
// ErrHeader.
func ReadHeader(r io.Reader) (Header, error) {
	var h Header
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" {
			continue
		}
		bad := func(err error) (Header, error) {
			return Header{}, fmt.Errorf("%w: line %d: %q: %w", ErrHeader, line, clipText(s), err)
		}
		if s == "c" || strings.HasPrefix(s, "c ") {
			key, val, _ := strings.Cut(strings.TrimSpace(s[1:]), " ")
			val = strings.TrimSpace(val)
			var err error
			switch key {
			case "puzzle":
				h.Puzzle, err = textfmt.Parse(val)
			case "block":
				var b *satdoku.Grid
				if b, err = textfmt.Parse(val); err == nil {
					h.Blocks = append(h.Blocks, b)
					if h.Block == nil {
						h.Block = b
					}
				}
			case "encoding":
				h.Encoding, err = ParseEncoding(val)
			case "givens":
				h.Givens, err = ParseGivensMode(val)
			case "grid", "region", "regions", "extra", "relation", "constraint", "rules", "or-member", "or-relation", "or-constraint":
				err = h.rules.add(key, val)
			}
			if err != nil {
				return bad(err)
			}
			continue
		}
		f := strings.Fields(s)
		if len(f) != 4 || f[0] != "p" || f[1] != "cnf" {
			return bad(errors.New("want \"p cnf VARS CLAUSES\""))
		}
		var err1, err2 error
		h.Vars, err1 = strconv.Atoi(f[2])
		h.Clauses, err2 = strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || h.Vars < 0 || h.Clauses < 0 {
			return bad(errors.New("bad counts"))
		}
		if h.Puzzle != nil {
			n := h.Puzzle.N()
			aux := h.Encoding == Sequential || h.rules.constraints != nil
			if h.Vars < n*n*n || h.Vars > n*n*n && !aux {
				return bad(fmt.Errorf("%d variables for a %dx%d puzzle in the %v encoding, want %d", h.Vars, n, n, h.Encoding, n*n*n))
			}
			for _, b := range h.Blocks {
				if b.N() != h.Puzzle.N() {
					return bad(errors.New("blocked solution and puzzle differ in size"))
				}
			}
		}
		if err := h.applyRules(); err != nil {
			return bad(err)
		}
		return h, nil
	}
	if err := sc.Err(); err != nil {
		return Header{}, fmt.Errorf("%w: %w", ErrHeader, err)
	}
	return Header{}, fmt.Errorf("%w: no \"p cnf\" line", ErrHeader)
}

func clipText(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// dimacsWriter is an Adder that writes each clause as a DIMACS line. Write
// errors stay in bw, which reports them on Flush.
type dimacsWriter struct {
	w   *bufio.Writer
	buf []byte
	err error // the first write error: the encoder stops at it
}

func (d *dimacsWriter) Add(lit int) {
	if lit == 0 {
		d.buf = append(d.buf, '0', '\n')
		if _, err := d.w.Write(d.buf); err != nil && d.err == nil {
			d.err = err
		}
		d.buf = d.buf[:0]
		return
	}
	d.buf = strconv.AppendInt(d.buf, int64(lit), 10)
	d.buf = append(d.buf, ' ')
}

// nfaText writes an automaton as one word: "STATES:START:ACCEPT:MOVES:BREAKS",
// the lists comma-separated, each move "FROM.SYMBOL.TO".
func nfaText(a *satdoku.NFA) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d:%s:%s:", a.States, cellList(a.Start), cellList(a.Accept))
	for k, m := range a.Moves {
		if k > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%d.%d.%d", m.From, m.Symbol, m.To)
	}
	fmt.Fprintf(&b, ":%s", cellList(a.Breaks))
	return b.String()
}

// parseNFA reads what nfaText writes.
func parseNFA(s string) (*satdoku.NFA, error) {
	f := strings.Split(s, ":")
	if len(f) != 5 {
		return nil, errors.New("want STATES:START:ACCEPT:MOVES:BREAKS")
	}
	list := func(s string) ([]int, error) {
		if s == "" {
			return nil, nil
		}
		return intList(s)
	}
	a := &satdoku.NFA{}
	var err error
	if a.States, err = strconv.Atoi(f[0]); err != nil {
		return nil, fmt.Errorf("bad number of states %q", f[0])
	}
	if a.Start, err = list(f[1]); err != nil {
		return nil, err
	}
	if a.Accept, err = list(f[2]); err != nil {
		return nil, err
	}
	if f[3] != "" {
		for _, m := range strings.Split(f[3], ",") {
			var mv satdoku.Move
			x, err := intList(strings.ReplaceAll(m, ".", ","))
			if err != nil || len(x) != 3 {
				return nil, fmt.Errorf("bad move %q", m)
			}
			mv.From, mv.Symbol, mv.To = x[0], x[1], x[2]
			a.Moves = append(a.Moves, mv)
		}
	}
	if a.Breaks, err = list(f[4]); err != nil {
		return nil, err
	}
	return a, nil
}

// Carries reports whether a DIMACS file carries puzzles under rules r: an
// error wrapping ErrGrid says why not (cells outside the grid, a grid that
// is not square, values other than 1 to N), in the user's terms.
func Carries(r *satdoku.Rules) error {
	switch {
	case r.VarCells() != 0:
		return carryError(fmt.Sprintf("%d cells outside the %dx%d grid (DIMACS files carry the grid's cells)", r.VarCells(), r.N(), r.N()))
	case r.Hole(r.N()*r.N() - 1):
		rows, cols := r.Window()
		return carryError(fmt.Sprintf("a %dx%d grid (DIMACS files carry square grids)", rows, cols))
	case r.Values() != r.N() || r.ValueOffset() != 0:
		// The header's comments read back as digits 1..N.
		return carryError(fmt.Sprintf("values %d to %d on a %dx%d board (DIMACS files carry the digits 1 to N)",
			r.ValueOf(1), r.ValueOf(r.Values()), r.N(), r.N()))
	}
	return nil
}

// carryError is what Carries returns: what a DIMACS file cannot carry; it
// wraps ErrGrid.
type carryError string

func (e carryError) Error() string { return string(e) }
func (e carryError) Unwrap() error { return ErrGrid }
