package iss

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// ISS writes a rule it has no class for as a pairwise relation: ".Pair~KEY
// ~CELLS…" holds the relation on each two cells next to each other on the
// list (the first of them a, the second b), ".PairX~KEY~CELLS…" on every
// two of the cells (ISS makes its key symmetric and refuses one that is
// not), and the legacy ".Binary" and ".BinaryX" are the same with '-' and
// '_' swapped in the key. Several groups of cells may follow one key: an
// argument "_NAME" starts a named group, an empty argument a new group
// (js/sudoku_constraint.js, parseNamedCellGroups).
//
// The KEY is the relation's table, written by fnToBinaryKey
// (js/sudoku_constraint.js) and read by forBinaryKey
// (js/solver/lookup_tables.js): bit (a−1)·V + (b−1) is set when the pair
// (a, b) is allowed, a and b the cells' values less the value offset (the
// digits 1 to V, V the Shape's number of values, N unless it says more), six bits a character of the URL-safe base64 alphabet
// of Base64Codec (js/util.js: 'A'–'Z', 'a'–'z', '0'–'9', '-', '_' for 0 to
// 63), the lowest bit first, trailing zero characters left out. ISS reads
// at most ⌈V²/6⌉ characters and fails on more. On a board of the values 1
// to N the relation is read as the clue whose meaning it is, when there is
// one; on other values it stays a table.

// base64URL is the alphabet of the keys.
const base64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// relation is the table of the digit pairs a pairwise constraint allows:
// bit b−1 of relation[a−1] allows a in the first cell with b in the
// second.
type relation []uint64

// decodeKey reads a key of a board of n values.
func decodeKey(key string, n int) (relation, error) {
	if most := (n*n + 5) / 6; len(key) > most {
		return nil, fmt.Errorf("a key of %d characters (ISS reads at most %d on a board of %d values)", len(key), most, n)
	}
	rel := make(relation, n)
	for k := range len(key) {
		v := strings.IndexByte(base64URL, key[k])
		if v < 0 {
			return nil, fmt.Errorf("%q is not a character of a key (base64, URL-safe)", key[k])
		}
		for bit := range 6 {
			if x := 6*k + bit; v>>bit&1 == 1 && x < n*n {
				rel[x/n] |= 1 << (x % n)
			}
		}
	}
	return rel, nil
}

// allows reports whether the relation allows a in the first cell and b in
// the second.
func (r relation) allows(a, b int) bool { return r[a-1]>>(b-1)&1 == 1 }

// table returns the relation as satdoku.Relation's Table: a row of N
// characters for each digit a, '1' where b is allowed.
func (r relation) table() string {
	n := len(r)
	t := make([]byte, 0, n*n)
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			c := byte('0')
			if r.allows(a, b) {
				c = '1'
			}
			t = append(t, c)
		}
	}
	return string(t)
}

// transpose returns the relation with its cells swapped.
func (r relation) transpose() relation {
	n := len(r)
	t := make(relation, n)
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			if r.allows(a, b) {
				t[b-1] |= 1 << (a - 1)
			}
		}
	}
	return t
}

// full reports whether the relation allows every pair.
func (r relation) full() bool {
	return !slices.ContainsFunc(r, func(row uint64) bool { return row != 1<<len(r)-1 })
}

// String writes the relation as ISS's binaryKeyToFnString lists it: each
// a with the b's it allows, "{1:[2,3],2:[…]}" (a the first cell, b the
// second), "{}" when it allows none.
func (r relation) String() string {
	var parts []string
	for a := 1; a <= len(r); a++ {
		var bs []string
		for b := 1; b <= len(r); b++ {
			if r.allows(a, b) {
				bs = append(bs, strconv.Itoa(b))
			}
		}
		if bs != nil {
			parts = append(parts, strconv.Itoa(a)+":["+strings.Join(bs, ",")+"]")
		}
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// reading is a clue of package clue that says, of two cells, exactly what
// a relation says: the relation is the clue's own meaning, found by
// applying the clue (see readings).
type reading struct {
	kind  clue.Kind
	value int
	cells bool // the clue takes its cells as Cells (a dot, a region), not as a line
	// reversed: the clue's line runs from the second cell to the first.
	reversed bool
	rel      relation
	// line: the clue on a list of cells relates each two next to each
	// other as rel and no others (a thermometer); all: it relates every
	// two of them as rel (a Nabner line).
	line, all bool
}

// clue returns the clue of r on the cells (in the order of the relation).
func (r *reading) clue(cells []int) clue.Clue {
	cs := slices.Clone(cells)
	if r.reversed {
		slices.Reverse(cs)
	}
	if r.cells {
		return clue.Clue{Kind: r.kind, Cells: cs, Value: r.value}
	}
	return clue.Clue{Kind: r.kind, Lines: [][]int{cs}, Value: r.value}
}

// readings returns the readings of the relations of an n×n board, in the
// order they are preferred: the lines first (thermometers, whispers from
// the smallest difference), then the other kinds, the dots and XV last
// (their pairs escape the negative rules).
func readings(n int) []reading {
	if rs, ok := readingCache.Load(n); ok {
		return rs.([]reading)
	}
	rs, _ := readingCache.LoadOrStore(n, makeReadings(n))
	return rs.([]reading)
}

// readingCache holds the readings of each board size met.
var readingCache sync.Map

// makeReadings finds the readings of an n×n board by applying each clue
// kind that can join two cells to the cells r1c1 and r2c2 (in both orders)
// of a board with rows and columns alone, and keeping those whose rules
// are relations between them (or a unit of them): their table is the
// clue's meaning, computed by satdoku.RelationKind.Holds. The same kind on
// four cells of the diagonal tells whether one clue can hold a whole list.
func makeReadings(n int) []reading {
	type cand struct {
		kind   clue.Kind
		values []int
		cells  bool
	}
	span := func(lo, hi int) []int {
		var vs []int
		for v := lo; v <= hi; v++ {
			vs = append(vs, v)
		}
		return vs
	}
	cands := []cand{
		{clue.Thermometer, []int{0}, false}, {clue.SlowThermometer, []int{0}, false},
		{clue.Whispers, span(1, n), false}, {clue.ParityLine, []int{0}, false},
		{clue.Nabner, []int{0}, false}, {clue.ExtraRegion, []int{0}, true},
		{clue.Palindrome, []int{0}, false}, {clue.ModularLine, []int{0}, false},
		{clue.EntropicLine, []int{0}, false},
		{clue.WhiteDot, span(1, n-1), true}, {clue.BlackDot, span(2, n), true},
		{clue.XV, []int{5, 10}, true},
	}
	diag := []int{0, n + 1, 2*n + 2, 3*n + 3}
	var rs []reading
	for _, c := range cands {
		for _, v := range c.values {
			r := reading{kind: c.kind, value: v, cells: c.cells}
			two, ok := pairTables(n, r.clue(diag[:2]), diag[:2])
			if !ok {
				continue
			}
			r.rel = two[[2]int{0, 1}]
			if four, ok := pairTables(n, r.clue(diag), diag); ok {
				r.line, r.all = true, true
				for p := range diag {
					for q := p + 1; q < len(diag); q++ {
						t := four[[2]int{p, q}]
						r.all = r.all && slices.Equal(t, r.rel)
						r.line = r.line && (q == p+1 && slices.Equal(t, r.rel) || q > p+1 && t.full())
					}
				}
			}
			rs = append(rs, r)
			if back := r.rel.transpose(); !slices.Equal(back, r.rel) {
				r.reversed, r.rel = true, back
				rs = append(rs, r)
			}
		}
	}
	return rs
}

// pairTables applies clue c to a board of n×n with rows and columns alone
// and returns the table of each two of cells (by their places p < q in
// the list: a the digit of cells[p], b of cells[q]), if c's rules are
// relations between the cells, units of them or a Never constraint (which
// allows nothing); ok is false for any other rule or an error.
func pairTables(n int, c clue.Clue, cells []int) (map[[2]int]relation, bool) {
	base, err := satdoku.Regions(n, nil)
	if err != nil {
		return nil, false
	}
	rs, _, err := clue.Apply(base, c)
	if err != nil {
		return nil, false
	}
	tables := map[[2]int]relation{}
	each := func(f func(p, q int, t relation)) {
		for p := range cells {
			for q := p + 1; q < len(cells); q++ {
				f(p, q, tables[[2]int{p, q}])
			}
		}
	}
	all := uint64(1)<<n - 1
	for p := range cells {
		for q := p + 1; q < len(cells); q++ {
			t := make(relation, n)
			for a := range t {
				t[a] = all
			}
			tables[[2]int{p, q}] = t
		}
	}
	// keep removes from t the pairs that f forbids.
	keep := func(t relation, f func(a, b int) bool) {
		for a := 1; a <= n; a++ {
			for b := 1; b <= n; b++ {
				if !f(a, b) {
					t[a-1] &^= 1 << (b - 1)
				}
			}
		}
	}
	for _, x := range rs.Relations() {
		p, q := slices.Index(cells, x.A), slices.Index(cells, x.B)
		if p < 0 || q < 0 {
			return nil, false
		}
		if p < q {
			keep(tables[[2]int{p, q}], x.Holds)
		} else {
			keep(tables[[2]int{q, p}], func(a, b int) bool { return x.Holds(b, a) })
		}
	}
	for _, u := range rs.Extras() {
		for _, i := range u.Cells {
			if !slices.Contains(cells, i) {
				return nil, false
			}
		}
		each(func(p, q int, t relation) {
			if slices.Contains(u.Cells, cells[p]) && slices.Contains(u.Cells, cells[q]) {
				keep(t, func(a, b int) bool { return satdoku.Different.Holds(0, a, b) })
			}
		})
	}
	for _, k := range rs.Constraints() {
		if k.Kind != satdoku.Never {
			return nil, false
		}
		each(func(_, _ int, t relation) { clear(t) })
	}
	return tables, true
}

// pairMark is a Kropki dot or an XV mark read from a pairwise constraint,
// which ISS does not exempt from its strict rules (see finish).
type pairMark struct {
	clue int    // its index in builder.clues
	typ  string // the constraint's type
}

// key reads argument 0 of a Pair, PairX, Binary or BinaryX as its
// relation.
func (b *builder) key(it *item) (relation, int, error) {
	key, at, err := b.arg(it, 0)
	if err != nil {
		return nil, 0, err
	}
	if strings.HasPrefix(it.typ, "Binary") {
		// The legacy key: base64 with '-' and '_' swapped.
		key = strings.Map(func(r rune) rune {
			switch r {
			case '-':
				return '_'
			case '_':
				return '-'
			}
			return r
		}, key)
	}
	rel, err := decodeKey(key, b.numValues())
	if err != nil {
		return nil, 0, b.t.fail(at, ErrInvalid, "%s: %v", it.typ, err)
	}
	return rel, at, nil
}

// cellGroups reads the arguments of it from k on as groups of cells: an
// argument "_NAME" starts a named group, an empty one a new group; ats
// are the places of the cells.
func (b *builder) cellGroups(it *item, k int) (groups, ats [][]int, err error) {
	open := false
	for ; k < len(it.args); k++ {
		s := it.args[k]
		if s == "" || s[0] == '_' {
			open = false
			continue
		}
		i, ok := b.cell(s)
		if !ok {
			return nil, nil, b.t.fail(it.argAt[k], ErrInvalid, "%s: %q is not a cell of the %d×%d board", it.typ, s, b.n, b.n)
		}
		if !open {
			groups, ats, open = append(groups, nil), append(ats, nil), true
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], i)
		ats[len(ats)-1] = append(ats[len(ats)-1], it.argAt[k])
	}
	if len(groups) == 0 {
		return nil, nil, b.t.fail(it.at, ErrInvalid, "%s: no cells", it.typ)
	}
	return groups, ats, nil
}

// splitRepeats cuts a list of cells where a cell is next to itself, and
// returns the lists and the cells so related to themselves, each once.
func splitRepeats(cells []int) (parts [][]int, self []int) {
	from := 0
	for j := 1; j <= len(cells); j++ {
		if j == len(cells) || cells[j] == cells[j-1] {
			parts = append(parts, cells[from:j])
			if j < len(cells) && !slices.Contains(self, cells[j]) {
				self = append(self, cells[j])
			}
			from = j
		}
	}
	return parts, self
}

// checkRepeats fails for a cell next to itself on a list (every: for a
// cell listed twice).
func (b *builder) checkRepeats(it *item, cells, ats []int, every bool) error {
	for j := 1; j < len(cells); j++ {
		if cells[j] == cells[j-1] {
			return b.t.fail(ats[j], ErrInvalid, "%s: %s next to itself", it.typ, b.cellText(cells[j]))
		}
		if every && slices.Contains(cells[:j], cells[j]) {
			return b.t.fail(ats[j], ErrInvalid, "%s: %s listed twice", it.typ, b.cellText(cells[j]))
		}
	}
	return nil
}

// cellText names cell i as the puzzle string does: R1C1 for a grid cell,
// a var cell by its name (VA1, see varCells).
func (b *builder) cellText(i int) string {
	for name, j := range b.vars {
		if j == i {
			return name
		}
	}
	return fmt.Sprintf("R%dC%d", i/b.n+1, i%b.n+1)
}

// pair reads a Pair, PairX, Binary or BinaryX as the clue of package clue
// whose meaning is its relation (see readings): one clue on each group of
// cells when the clue's kind relates the whole list as the constraint
// does (a Pair a ≤ b is a slow thermometer, a PairX |a−b| > 1 a Nabner
// line), a clue on each two cells it relates otherwise. A relation that no
// clue has is a clue.PairTable: the relation by its table.
func (b *builder) pair(it *item) error {
	every := strings.HasSuffix(it.typ, "X")
	rel, keyAt, err := b.key(it)
	if err != nil {
		return err
	}
	groups, ats, err := b.cellGroups(it, 1)
	if err != nil {
		return err
	}
	if every && !slices.Equal(rel, rel.transpose()) {
		return b.t.fail(keyAt, ErrInvalid, "%s: key %q: the relation %v is not symmetric (ISS refuses it on every two cells)", it.typ, it.args[0], rel)
	}
	if every {
		// ISS's handler of every two cells is not read on a cell listed
		// twice.
		for k, cells := range groups {
			if err := b.checkRepeats(it, cells, ats[k], every); err != nil {
				return err
			}
		}
	}
	if rel.full() {
		return nil // every pair of digits: says nothing
	}
	// A cell next to itself on a Pair's list holds a value the relation
	// allows with itself, as ISS's handler of the two, which narrows each
	// cell by the relation with the other, leaves it; the list goes on
	// from it.
	var parts [][]int
	for _, cells := range groups {
		ps, self := splitRepeats(cells) // a PairX repeats none (see checkRepeats)
		parts = append(parts, ps...)
		for _, i := range self {
			var vs []int
			for a := 1; a <= len(rel); a++ {
				if rel.allows(a, a) {
					vs = append(vs, a+b.valueOffset)
				}
			}
			if len(vs) == 0 {
				return b.t.fail(it.at, ErrInvalid, "%s: %s is related to itself, and the key allows no value with itself", it.typ, b.cellText(i))
			}
			b.add(it.at, clue.Clue{Kind: clue.PencilMarks, Cells: []int{i}, Values: vs})
		}
	}
	groups = parts
	var pick, whole *reading
	var rs []reading
	if b.valueOffset == 0 && b.numValues() == b.n {
		// The named clues are matched on the digits 1..N; on other
		// values the relation stays a table.
		rs = readings(b.n)
	}
	for k := range rs {
		r := &rs[k]
		if !slices.Equal(r.rel, rel) {
			continue
		}
		if pick == nil {
			pick = r
		}
		if whole == nil && (every && r.all || !every && r.line) {
			whole = r
		}
	}
	if pick == nil {
		// No named clue: the relation by its table.
		v := 0
		if every {
			v = 1
		}
		for _, cells := range groups {
			if len(cells) >= 2 {
				b.add(it.at, clue.Clue{Kind: clue.PairTable, Lines: [][]int{cells}, Value: v, Table: rel.table(), Label: it.typ})
			}
		}
		return nil
	}
	for _, cells := range groups {
		if len(cells) < 2 {
			continue
		}
		distinct := len(slices.Compact(slices.Sorted(slices.Values(cells)))) == len(cells)
		if whole != nil && distinct {
			b.pairClue(it, whole.clue(cells))
			continue
		}
		for p := range cells {
			for q := p + 1; q < len(cells) && (every || q == p+1); q++ {
				b.pairClue(it, pick.clue([]int{cells[p], cells[q]}))
			}
		}
	}
	return nil
}

// pairClue adds clue c read from the pairwise constraint it.
func (b *builder) pairClue(it *item, c clue.Clue) {
	if c.Kind == clue.WhiteDot || c.Kind == clue.BlackDot || c.Kind == clue.XV {
		b.pairMarks = append(b.pairMarks, pairMark{clue: len(b.clues), typ: it.typ})
	}
	b.add(it.at, c)
}

// checkPairMarks fails for a Kropki dot or an XV mark read from a pairwise
// constraint between orthogonal neighbours of a puzzle with the negative
// rule of its kind (StrictKropki, StrictXV): a dot exempts its cells from
// the rule, a Pair in ISS does not.
func (b *builder) checkPairMarks() error {
	n := b.n
	for _, m := range b.pairMarks {
		c := b.clues[m.clue]
		i, j := min(c.Cells[0], c.Cells[1]), max(c.Cells[0], c.Cells[1])
		if j != i+n && (j != i+1 || j%n == 0) {
			continue
		}
		for _, other := range b.clues {
			strict := other.Kind == clue.NegativeXV
			if c.Kind != clue.XV {
				strict = other.Kind == clue.NegativeRatio || other.Kind == clue.NegativeDifference
			}
			if strict {
				return b.t.fail(b.at[m.clue], ErrUnsupported, "%s: read as a %v of %s and %s, which would exempt them from the %v rule, as ISS does not",
					m.typ, c.Kind, b.cellText(i), b.cellText(j), other.Kind)
			}
		}
	}
	return nil
}

// or reads ".Or … .End", whose members are items: as a same-difference
// line when it is an Or of Pairs on one list of cells (or its reverse)
// with keys |a−b| = d, the d's together 1 to N−1 (each two cells next to
// each other differ, and all by the same amount), or 0 to N−1 (the amount
// may be 0); any other Or as a clue.AnyOf of its members (see anyOf).
func (b *builder) or(it *item, members []item) error {
	n := b.n
	if len(members) == 0 {
		return b.t.fail(it.at, ErrUnsupported, "Or: no members")
	}
	if b.valueOffset != 0 || b.numValues() != n {
		// The same-difference line is matched on the digits 1..N.
		return b.anyOf(it, members)
	}
	// Anything but a same-difference line: the members as they are.
	refuse := func(string, ...any) error { return b.anyOf(it, members) }
	var line, lineAts []int
	var ds uint64 // bit d: a member |a−b| = d
	for k := range members {
		m := &members[k]
		if m.typ != "Pair" && m.typ != "Binary" {
			return refuse("member %d (%s at %v) is not a Pair", k+1, m.typ, b.pos(m.at))
		}
		rel, _, err := b.key(m)
		if err != nil {
			return err
		}
		groups, ats, err := b.cellGroups(m, 1)
		if err != nil {
			return refuse("") // a variable cell, say: the member's own reading says
		}
		if len(groups) != 1 {
			return refuse("member %d (%s at %v) has %d groups of cells", k+1, m.typ, b.pos(m.at), len(groups))
		}
		cells := groups[0]
		if k == 0 {
			line, lineAts = cells, ats[0]
		} else if back := slices.Clone(line); !slices.Equal(cells, line) && !slices.Equal(cells, reversed(back)) {
			return refuse("member %d (%s at %v) is on other cells than member 1", k+1, m.typ, b.pos(m.at))
		}
		d := -1
		for x := range n {
			if slices.Equal(rel, difference(n, x)) {
				d = x
			}
		}
		if d < 0 {
			return refuse("member %d (%s at %v) relates %v (a the first cell, b the second), not |a−b| = d", k+1, m.typ, b.pos(m.at), rel)
		}
		ds |= 1 << d
	}
	nonzero := uint64(1)<<n - 2
	if ds != nonzero && ds != nonzero|1 {
		var got []string
		for d := range n {
			if ds>>d&1 == 1 {
				got = append(got, strconv.Itoa(d))
			}
		}
		return refuse("the differences are %s", strings.Join(got, ", "))
	}
	if err := b.checkRepeats(&members[0], line, lineAts, false); err != nil {
		return err
	}
	if len(line) < 2 {
		return nil
	}
	b.add(it.at, clue.Clue{Kind: clue.SameDifference, Lines: [][]int{line}})
	if ds == nonzero {
		// Not 0: neighbours on the line differ.
		b.add(it.at, clue.Clue{Kind: clue.Whispers, Lines: [][]int{line}, Value: 1})
	}
	return nil
}

// pos returns the position of byte at of the compacted text in the input.
func (b *builder) pos(at int) satdoku.Position { return b.t.fail(at, nil, "").Pos }

// difference returns the relation |a−b| = d of an n×n board, by
// satdoku.Difference's meaning.
func difference(n, d int) relation {
	rel := make(relation, n)
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			if satdoku.Difference.Holds(d, a, b) {
				rel[a-1] |= 1 << (b - 1)
			}
		}
	}
	return rel
}

// reversed reverses s in place and returns it.
func reversed(s []int) []int {
	slices.Reverse(s)
	return s
}
