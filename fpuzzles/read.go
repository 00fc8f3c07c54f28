package fpuzzles

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
)

// reader turns the JSON tree of a puzzle into rules and a grid.
type reader struct {
	text []byte // the JSON text, for error positions
	n    int

	base     *satdoku.Rules
	jigsaw   bool
	named    []string
	extras   []satdoku.ExtraUnit
	rels     []satdoku.Relation
	cons     []satdoku.Constraint
	tags     []string
	warnings []string
	// groups are the cells of each region, in reading order, when every
	// cell is in one (for disjoint groups); nil otherwise.
	groups [][]int
	// nonconsecutive is set by the global rule, applied once the dots
	// are known.
	nonconsecutive bool
	// marks holds the pairs of cells marked by dots and XV, by key, with
	// the values of the marks, for the negative rules.
	marks map[string]map[[2]int][]int
	// extremes holds the minimum and the maximum cells, by tag, compared
	// with their neighbours once all are known.
	extremes map[string][]int
}

// The keys that are not rules, skipped without a warning.
var metaKeys = []string{"size", "grid", "title", "author", "ruleset", "solution", "successMessage",
	"truecandidatesoptions", "disabledlogic", "activeConstraints"}

// The cosmetic keys, ignored with a warning ("cage" is handled apart). Fog
// of war hides cells from the player until revealed: no rule either.
var cosmeticKeys = []string{"line", "rectangle", "circle", "text", "fogofwar", "foglight"}

// The global rules and their names for satdoku.WithNamed.
var globals = []struct{ key, name string }{
	{"diagonal+", "diagonal+"}, {"diagonal-", "diagonal-"}, {"antiknight", "anti-knight"},
	{"antiking", "anti-king"}, {"disjointgroups", "disjoint"}, {"nonconsecutive", "nonconsecutive"},
}

// ruleKey is a list of clues and the method that reads one clue.
type ruleKey struct {
	key  string
	read func(r *reader, it *node, path string) error
}

// ruleKeys are the lists of clues, in the order they are read.
var ruleKeys = []ruleKey{
	{"extraregion", (*reader).extraRegion},
	{"killercage", (*reader).killerCage},
	{"cage", (*reader).cage},
	{"littlekillersum", (*reader).littleKiller},
	{"sandwichsum", (*reader).sandwich},
	{"thermometer", (*reader).thermometer},
	{"arrow", (*reader).arrow},
	{"palindrome", (*reader).palindrome},
	{"renban", (*reader).renban},
	{"whispers", (*reader).whispers},
	{"betweenline", (*reader).between},
	{"difference", (*reader).difference},
	{"ratio", (*reader).ratio},
	{"xv", (*reader).xv},
	{"clone", (*reader).clone},
	{"quadruple", (*reader).quadruple},
	{"odd", (*reader).odd},
	{"even", (*reader).even},
	{"minimum", (*reader).minimum},
	{"maximum", (*reader).maximum},
}

// The names of the rule families, used as tags and in relation and
// constraint names.
const (
	tagKiller     = "killer cage"
	tagLittle     = "little killer"
	tagSandwich   = "sandwich"
	tagThermo     = "thermometer"
	tagArrow      = "arrow"
	tagPalindrome = "palindrome"
	tagRenban     = "renban"
	tagWhispers   = "whispers"
	tagBetween    = "between"
	tagKropki     = "kropki"
	tagXV         = "xv"
	tagClone      = "clone"
	tagQuad       = "quadruple"
	tagOdd        = "odd"
	tagEven       = "even"
	tagMinimum    = "minimum"
	tagMaximum    = "maximum"
	tagExtra      = "extra region"
	tagJigsaw     = "jigsaw"
	tagPencil     = "given pencil marks"
)

func (r *reader) fail(nd *node, path string, kind error, format string, args ...any) error {
	off := 0
	if nd != nil {
		off = nd.off
	}
	return errAt(r.text, off, path, kind, format, args...)
}

func (r *reader) warn(format string, args ...any) {
	w := fmt.Sprintf(format, args...)
	if !slices.Contains(r.warnings, w) {
		r.warnings = append(r.warnings, w)
	}
}

func (r *reader) tag(t string) {
	if !slices.Contains(r.tags, t) {
		r.tags = append(r.tags, t)
	}
}

func (r *reader) read(root *node) (*Puzzle, error) {
	p := &Puzzle{}
	if err := r.size(root); err != nil {
		return nil, err
	}
	givens, err := r.grid(root)
	if err != nil {
		return nil, err
	}
	for _, g := range globals {
		v := root.get(g.key)
		if v.empty() {
			continue
		}
		if v.kind != 'b' {
			return nil, r.fail(v, g.key, ErrInvalid, "want true or false, found %s", v.kindName())
		}
		switch g.key {
		case "disjointgroups":
			if h, _ := r.base.BoxShape(); h == 0 {
				if err := r.disjoint(v); err != nil {
					return nil, err
				}
				continue
			}
		case "nonconsecutive":
			// Applied with the dots: a dotted pair is exempt.
			r.nonconsecutive = true
			r.tag(g.name)
			continue
		}
		r.named = append(r.named, g.name)
	}
	r.marks = map[string]map[[2]int][]int{}
	r.extremes = map[string][]int{}
	for _, k := range ruleKeys {
		if err := r.list(root, k.key, k.read); err != nil {
			return nil, err
		}
	}
	r.compareExtremes()
	if r.nonconsecutive {
		r.forbid("nonconsecutive", []satdoku.Relation{{Kind: satdoku.NotConsecutive}}, kropkiKeys)
	}
	if err := r.negative(root.get("negative")); err != nil {
		return nil, err
	}
	// Everything else: metadata, cosmetics, or a rule we cannot express.
	seen := map[string]bool{}
	for i, key := range root.keys {
		v := root.vals[i]
		if seen[key] {
			continue
		}
		seen[key] = true
		switch {
		case slices.Contains(metaKeys, key), key == "negative", key == "cage":
		case slices.ContainsFunc(globals, func(g struct{ key, name string }) bool { return g.key == key }):
		case slices.ContainsFunc(ruleKeys, func(k ruleKey) bool { return k.key == key }):
		case slices.Contains(cosmeticKeys, key):
			if !v.empty() {
				r.warn("ignored %q: cosmetic, no rule", key)
			}
		default:
			if !v.empty() {
				return nil, r.fail(v, key, ErrUnsupported, "unsupported rule %q", key)
			}
		}
	}
	for _, m := range []struct {
		key string
		dst *string
	}{{"title", &p.Title}, {"author", &p.Author}, {"ruleset", &p.Ruleset}} {
		v := root.get(m.key)
		if v == nil || v.kind == '0' {
			continue
		}
		if v.kind != 's' {
			return nil, r.fail(v, m.key, ErrInvalid, "want a string, found %s", v.kindName())
		}
		*m.dst = v.str
	}

	rules := r.base
	if r.jigsaw {
		rules = rules.WithTags(tagJigsaw)
	}
	if len(r.named) > 0 {
		if rules, err = rules.WithNamed(r.named...); err != nil {
			return nil, r.fail(root, "", ErrInvalid, "%v", err)
		}
	}
	if rules, err = rules.WithExtra(r.extras...); err != nil {
		return nil, r.fail(root, "", ErrInvalid, "%v", err)
	}
	if rules, err = rules.WithRelations(r.rels...); err != nil {
		return nil, r.fail(root, "", ErrInvalid, "%v", err)
	}
	if rules, err = rules.WithConstraints(r.cons...); err != nil {
		return nil, r.fail(root, "", ErrInvalid, "%v", err)
	}
	rules = rules.WithTags(r.tags...)

	p.Grid = satdoku.NewGrid(rules)
	for i, d := range givens {
		p.Grid.SetCell(i, d)
	}
	p.Solution = r.solution(root.get("solution"), rules)
	p.Warnings = r.warnings
	return p, nil
}

func (r *reader) size(root *node) error {
	v := root.get("size")
	if v == nil {
		return r.fail(root, "", ErrInvalid, `no "size"`)
	}
	n, ok, err := r.intValue(v, "size")
	if err != nil {
		return err
	}
	if !ok {
		return r.fail(v, "size", ErrInvalid, "no board size")
	}
	if n >= 1 && n < satdoku.MinN {
		return r.fail(v, "size", ErrUnsupported, "%d×%d boards are not supported (want %d to %d)", n, n, satdoku.MinN, satdoku.MaxN)
	}
	if n < satdoku.MinN || n > satdoku.MaxN {
		return r.fail(v, "size", ErrInvalid, "size %d is not a board side (want %d to %d)", n, satdoku.MinN, satdoku.MaxN)
	}
	r.n = n
	return nil
}

// The fields of a grid cell that are not rules, or read apart: the
// player's own marks ("candidates" among them) and colours are no rules.
var cellMeta = []string{"value", "given", "region", "givenPencilMarks", "centerPencilMarks",
	"cornerPencilMarks", "candidates", "highlight", "c", "cArray", "parity"}

// grid reads the givens, the regions, the cells' parity and the given
// pencil marks.
func (r *reader) grid(root *node) ([]int, error) {
	n := r.n
	g := root.get("grid")
	if g == nil {
		return nil, r.fail(root, "", ErrInvalid, `no "grid"`)
	}
	if g.kind != '[' || len(g.elems) != n {
		return nil, r.fail(g, "grid", ErrInvalid, "want %d rows, found %s", n, count(g))
	}
	givens := make([]int, n*n)
	region := make([]int, n*n)
	regionNode := make([]*node, n*n)
	h, w := satdoku.BoxShape(n)
	var masks, parity []satdoku.Constraint
	for row, rn := range g.elems {
		rp := index("grid", row)
		if rn.kind != '[' || len(rn.elems) != n {
			return nil, r.fail(rn, rp, ErrInvalid, "want %d cells, found %s", n, count(rn))
		}
		for col, cn := range rn.elems {
			i := row*n + col
			cp := index(rp, col)
			if cn.kind == '0' {
				cn = &node{off: cn.off, kind: '{'}
			}
			if cn.kind != '{' {
				return nil, r.fail(cn, cp, ErrInvalid, "want an object, found %s", cn.kindName())
			}
			for k, key := range cn.keys {
				if !slices.Contains(cellMeta, key) && !cn.vals[k].empty() {
					return nil, r.fail(cn.vals[k], field(cp, key), ErrUnsupported, "unsupported cell rule %q", key)
				}
			}
			if gv := cn.get("given"); gv != nil && gv.kind == 'b' && gv.b {
				d, ok, err := r.digit(cn.get("value"), field(cp, "value"))
				if err != nil {
					return nil, err
				}
				if ok {
					givens[i] = d
				}
			}
			// f-puzzles writes a cell's region only where it is not the
			// default: the box of the standard shape, or the row on a
			// board of prime size. null is no region.
			region[i] = row
			if h > 0 {
				region[i] = row/h*(n/w) + col/w
			}
			if rg := cn.get("region"); rg != nil {
				regionNode[i] = rg
				if rg.kind == '0' {
					region[i] = -1
				} else {
					x, ok, err := r.intValue(rg, field(cp, "region"))
					if err != nil {
						return nil, err
					}
					if !ok || x < 0 || x >= n {
						return nil, r.fail(rg, field(cp, "region"), ErrInvalid, "region %s is not in 0..%d", strings.TrimSpace(rg.str+rg.num.String()), n-1)
					}
					region[i] = x
				}
			}
			if pv := cn.get("parity"); !pv.empty() {
				c, err := r.cellParity(pv, field(cp, "parity"), i)
				if err != nil {
					return nil, err
				}
				parity = append(parity, c)
			}
			// Pencil marks in a given cell say nothing more.
			if pm := cn.get("givenPencilMarks"); !pm.empty() && givens[i] == 0 {
				ds, err := r.digits(pm, field(cp, "givenPencilMarks"))
				if err != nil {
					return nil, err
				}
				var mask uint64
				for _, d := range ds {
					mask |= 1 << (d - 1)
				}
				masks = append(masks, satdoku.Constraint{Kind: satdoku.OneOf, Cells: []int{i}, Mask: mask, Name: tagPencil})
			}
		}
	}
	if err := r.regions(g, region, regionNode); err != nil {
		return nil, err
	}
	r.cons = append(r.cons, parity...)
	if len(masks) > 0 {
		r.cons = append(r.cons, masks...)
		r.tag(tagPencil)
	}
	return givens, nil
}

func count(nd *node) string {
	if nd.kind == '[' {
		return strconv.Itoa(len(nd.elems))
	}
	return nd.kindName()
}

// regions sets the base rules from the cells' regions (-1: none). A board
// whose regions are the standard boxes, or the rows on a board of prime
// size, is the standard board; other regions are a jigsaw. Cells may be
// in no region (f-puzzles' null): then each region must still be whole,
// and is added as an extra unit to a board without boxes.
func (r *reader) regions(g *node, region []int, regionNode []*node) error {
	n := r.n
	std, err := satdoku.Standard(n)
	if err != nil {
		return r.fail(g, "grid", ErrUnsupported, "%v", err)
	}
	groups := make([][]int, n)
	none := 0
	for i, x := range region {
		if x < 0 {
			none++
			continue
		}
		groups[x] = append(groups[x], i)
	}
	for i, x := range region {
		if x >= 0 && len(groups[x]) != n {
			path := index(index("grid", i/n), i%n) + ".region"
			return r.fail(nodeOr(regionNode[i], g), path, ErrInvalid, "region %d has %d cells, want %d", x, len(groups[x]), n)
		}
	}
	if none > 0 {
		if r.base, err = satdoku.Regions(n, nil); err != nil {
			return r.fail(g, "grid", ErrInvalid, "%v", err)
		}
		for x, grp := range groups {
			if len(grp) > 0 {
				r.extras = append(r.extras, satdoku.ExtraUnit{Name: "region " + strconv.Itoa(x+1), Cells: grp})
			}
		}
		if none < n*n {
			r.jigsaw = true
		}
		return nil
	}
	r.groups = groups
	h, _ := std.BoxShape()
	standard := true
	for _, grp := range groups {
		if h == 0 {
			// A board of prime size: the default regions are the rows.
			standard = standard && grp[0]%n == 0 && grp[n-1] == grp[0]+n-1
			continue
		}
		if !slices.ContainsFunc(std.Units(), func(u satdoku.Unit) bool {
			return u.Kind == satdoku.Box && slices.Equal(u.Cells, grp)
		}) {
			standard = false
			break
		}
	}
	if standard {
		r.base = std
		return nil
	}
	if r.base, err = satdoku.Regions(n, groups); err != nil {
		return r.fail(g, "grid", ErrInvalid, "%v", err)
	}
	r.jigsaw = true
	return nil
}

// disjoint adds disjoint groups on a board without rectangular boxes, as
// f-puzzles and SudokuSolver define them: the k-th cells, in reading
// order, of every region hold different digits.
func (r *reader) disjoint(v *node) error {
	if r.groups == nil {
		return r.fail(v, "disjointgroups", ErrUnsupported, "disjoint groups need every cell in a region")
	}
	for k := range r.n {
		cells := make([]int, r.n)
		for x, grp := range r.groups {
			cells[x] = grp[k]
		}
		r.extras = append(r.extras, satdoku.ExtraUnit{Name: "disjoint group " + strconv.Itoa(k+1), Cells: cells})
	}
	r.tag("disjoint")
	return nil
}

func nodeOr(a, b *node) *node {
	if a != nil {
		return a
	}
	return b
}

// list reads the array under key with read, one item at a time.
func (r *reader) list(root *node, key string, read func(r *reader, it *node, path string) error) error {
	v := root.get(key)
	if v.empty() {
		return nil
	}
	if v.kind != '[' {
		return r.fail(v, key, ErrInvalid, "want an array, found %s", v.kindName())
	}
	for i, it := range v.elems {
		p := index(key, i)
		if it.kind != '{' {
			return r.fail(it, p, ErrInvalid, "want an object, found %s", it.kindName())
		}
		if err := read(r, it, p); err != nil {
			return err
		}
	}
	return nil
}

// intValue reads an integer written as a number or a string. ok is false
// when there is none: the value is absent, null or an empty string.
func (r *reader) intValue(v *node, path string) (x int, ok bool, err error) {
	if v == nil {
		return 0, false, nil
	}
	var s string
	switch v.kind {
	case '0':
		return 0, false, nil
	case 'n':
		s = v.num.String()
	case 's':
		s = strings.TrimSpace(v.str)
		if s == "" {
			return 0, false, nil
		}
	default:
		return 0, false, r.fail(v, path, ErrInvalid, "want a number, found %s", v.kindName())
	}
	x, err = strconv.Atoi(s)
	if err != nil || x > 1<<40 || x < -1<<40 {
		if f, ferr := strconv.ParseFloat(s, 64); ferr == nil && f == float64(int64(f)) && f <= 1<<40 && f >= -1<<40 {
			return int(f), true, nil
		}
		return 0, false, r.fail(v, path, ErrInvalid, "%q is not a whole number", s)
	}
	return x, true, nil
}

// digit reads a digit 1..N; ok is false when there is none.
func (r *reader) digit(v *node, path string) (int, bool, error) {
	d, ok, err := r.intValue(v, path)
	if err != nil || !ok {
		return 0, false, err
	}
	if d < 1 || d > r.n {
		return 0, false, r.fail(v, path, ErrInvalid, "digit %d is not in 1..%d", d, r.n)
	}
	return d, true, nil
}

// digits reads an array of digits.
func (r *reader) digits(v *node, path string) ([]int, error) {
	if v.kind != '[' {
		return nil, r.fail(v, path, ErrInvalid, "want an array of digits, found %s", v.kindName())
	}
	var ds []int
	for i, e := range v.elems {
		d, ok, err := r.digit(e, index(path, i))
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, r.fail(e, index(path, i), ErrInvalid, "want a digit, found %s", e.kindName())
		}
		ds = append(ds, d)
	}
	return ds, nil
}

// ref reads a cell reference "RrCc" with 1-based numbers, which may be
// 0..N+1 when outside is set (clues around the board) and 1..N otherwise.
func (r *reader) ref(v *node, path string, outside bool) (row, col int, err error) {
	if v == nil {
		return 0, 0, r.fail(nil, path, ErrInvalid, "no cell")
	}
	if v.kind != 's' {
		return 0, 0, r.fail(v, path, ErrInvalid, "want a cell such as \"R1C1\", found %s", v.kindName())
	}
	s := strings.ToUpper(strings.TrimSpace(v.str))
	rs, cs, found := strings.Cut(strings.TrimPrefix(s, "R"), "C")
	row, err1 := strconv.Atoi(rs)
	col, err2 := strconv.Atoi(cs)
	if !strings.HasPrefix(s, "R") || !found || err1 != nil || err2 != nil || len(rs) > 4 || len(cs) > 4 ||
		strings.HasPrefix(rs, "+") || strings.HasPrefix(cs, "+") {
		return 0, 0, r.fail(v, path, ErrInvalid, "%q is not a cell such as \"R1C1\"", v.str)
	}
	lo, hi := 1, r.n
	if outside {
		lo, hi = 0, r.n+1
	}
	if row < lo || row > hi || col < lo || col > hi {
		return 0, 0, r.fail(v, path, ErrInvalid, "%q is off the %d×%d board", v.str, r.n, r.n)
	}
	return row, col, nil
}

// cell reads a cell of the board as a row-major index.
func (r *reader) cell(v *node, path string) (int, error) {
	row, col, err := r.ref(v, path, false)
	return (row-1)*r.n + col - 1, err
}

// cells reads an array of cells of the board; with distinct set, a cell
// listed twice is an error.
func (r *reader) cells(v *node, path string, distinct bool) ([]int, error) {
	if v == nil {
		return nil, r.fail(nil, path, ErrInvalid, "no cells")
	}
	if v.kind != '[' {
		return nil, r.fail(v, path, ErrInvalid, "want an array of cells, found %s", v.kindName())
	}
	cs := make([]int, 0, len(v.elems))
	for k, e := range v.elems {
		i, err := r.cell(e, index(path, k))
		if err != nil {
			return nil, err
		}
		if distinct && slices.Contains(cs, i) {
			return nil, r.fail(e, index(path, k), ErrInvalid, "%s is listed twice", e.str)
		}
		cs = append(cs, i)
	}
	return cs, nil
}

// lines reads the "lines" of an item: arrays of cells.
func (r *reader) lines(it *node, path string, distinct bool) ([][]int, error) {
	v := it.get("lines")
	path = field(path, "lines")
	if v.empty() {
		return nil, nil
	}
	if v.kind != '[' {
		return nil, r.fail(v, path, ErrInvalid, "want an array of lines, found %s", v.kindName())
	}
	var ls [][]int
	for k, e := range v.elems {
		cs, err := r.cells(e, index(path, k), distinct)
		if err != nil {
			return nil, err
		}
		ls = append(ls, cs)
	}
	return ls, nil
}

// total adds a Total constraint (cells with coefficients coefs, nil for
// all 1) after checking that some digits 1..N, repeated or not, can make
// it. It merges a cell listed twice.
func (r *reader) total(v *node, path, name string, cells, coefs []int, value int) error {
	var cs, ks []int
	for k, i := range cells {
		c := 1
		if coefs != nil {
			c = coefs[k]
		}
		if j := slices.Index(cs, i); j >= 0 {
			ks[j] += c
			continue
		}
		cs, ks = append(cs, i), append(ks, c)
	}
	lo, hi := 0, 0
	for _, c := range ks {
		lo += min(c, c*r.n)
		hi += max(c, c*r.n)
	}
	if value < lo || value > hi {
		return r.fail(v, path, ErrInvalid, "sum %d is impossible (want %d to %d)", value, lo, hi)
	}
	if coefs == nil && len(ks) == len(cells) {
		ks = nil
	}
	r.cons = append(r.cons, satdoku.Constraint{Kind: satdoku.Total, Cells: cs, Coefs: ks, Value: value, Name: name})
	return nil
}

// cage reads a killer cage: distinct digits, adding up to value when ok.
func (r *reader) addCage(it *node, path string, cells []int, value int, ok bool) error {
	n, k := r.n, len(cells)
	if k > n {
		return r.fail(it.get("cells"), field(path, "cells"), ErrInvalid, "%d cells cannot hold distinct digits 1 to %d", k, n)
	}
	if k >= 2 {
		r.extras = append(r.extras, satdoku.ExtraUnit{Name: tagKiller, Cells: cells})
	}
	if ok {
		lo, hi := k*(k+1)/2, k*(2*n-k+1)/2
		if value < lo || value > hi {
			return r.fail(it.get("value"), field(path, "value"), ErrInvalid,
				"sum %d is impossible in %d cells of distinct digits (want %d to %d)", value, k, lo, hi)
		}
		r.cons = append(r.cons, satdoku.Constraint{Kind: satdoku.Total, Cells: cells, Value: value, Name: tagKiller})
	}
	r.tag(tagKiller)
	return nil
}

func (r *reader) killerCage(it *node, path string) error {
	cells, err := r.cells(it.get("cells"), field(path, "cells"), true)
	if err != nil {
		return err
	}
	if len(cells) == 0 {
		return r.fail(it, path, ErrInvalid, "a cage without cells")
	}
	v, ok, err := r.intValue(it.get("value"), field(path, "value"))
	if err != nil {
		return err
	}
	// A sum of 0 is no sum, as in f-puzzles and SudokuSolver.
	return r.addCage(it, path, cells, v, ok && v != 0)
}

// cage reads f-puzzles' cosmetic cage: a killer cage when its value is a
// number, nothing otherwise.
func (r *reader) cage(it *node, path string) error {
	if _, ok, err := r.intValue(it.get("value"), field(path, "value")); err == nil && ok {
		r.warn("ignored %q: cosmetic, no rule, as in f-puzzles (a killer cage with its sum is a %q)", "cage", "killercage")
		return nil
	}
	r.warn("ignored %q: cosmetic, no rule", "cage")
	return nil
}

func (r *reader) extraRegion(it *node, path string) error {
	cells, err := r.cells(it.get("cells"), field(path, "cells"), true)
	if err != nil {
		return err
	}
	if len(cells) > r.n {
		return r.fail(it.get("cells"), field(path, "cells"), ErrInvalid, "%d cells cannot hold distinct digits 1 to %d", len(cells), r.n)
	}
	if len(cells) >= 2 {
		r.extras = append(r.extras, satdoku.ExtraUnit{Name: tagExtra, Cells: cells})
		r.tag(tagExtra)
	}
	return nil
}

var directions = map[string][2]int{"UL": {-1, -1}, "UR": {-1, 1}, "DL": {1, -1}, "DR": {1, 1}}

func (r *reader) littleKiller(it *node, path string) error {
	cv := it.get("cell")
	row, col, err := r.ref(cv, field(path, "cell"), true)
	if err != nil {
		return err
	}
	dv := it.get("direction")
	var dir string
	if dv != nil && dv.kind == 's' {
		dir = strings.ToUpper(strings.TrimSpace(dv.str))
	}
	step, known := directions[dir]
	if !known {
		shown := dv.kindName()
		if dv != nil && dv.kind == 's' {
			shown = strconv.Quote(dv.str)
		}
		return r.fail(nodeOr(dv, it), field(path, "direction"), ErrInvalid, "unknown direction %s (want UL, UR, DL or DR)", shown)
	}
	n := r.n
	if row >= 1 && row <= n && col >= 1 && col <= n {
		return r.fail(cv, field(path, "cell"), ErrInvalid, "%q is on the board: a little killer clue is outside it", cv.str)
	}
	var cells []int
	for rr, cc := row+step[0], col+step[1]; rr >= 1 && rr <= n && cc >= 1 && cc <= n; rr, cc = rr+step[0], cc+step[1] {
		cells = append(cells, (rr-1)*n+cc-1)
	}
	if len(cells) == 0 {
		return r.fail(dv, field(path, "direction"), ErrInvalid, "the diagonal from %q going %s misses the board", cv.str, dir)
	}
	v, ok, err := r.intValue(it.get("value"), field(path, "value"))
	if err != nil || !ok || v == 0 {
		return err
	}
	if err := r.total(it.get("value"), field(path, "value"), tagLittle, cells, nil, v); err != nil {
		return err
	}
	r.tag(tagLittle)
	return nil
}

func (r *reader) sandwich(it *node, path string) error {
	cv := it.get("cell")
	row, col, err := r.ref(cv, field(path, "cell"), true)
	if err != nil {
		return err
	}
	n := r.n
	var cells []int
	switch {
	case (row == 0 || row == n+1) && col >= 1 && col <= n:
		for k := range n {
			cells = append(cells, k*n+col-1)
		}
	case (col == 0 || col == n+1) && row >= 1 && row <= n:
		for k := range n {
			cells = append(cells, (row-1)*n+k)
		}
	default:
		return r.fail(cv, field(path, "cell"), ErrInvalid, "%q is not beside a row or a column", cv.str)
	}
	v, ok, err := r.intValue(it.get("value"), field(path, "value"))
	if err != nil || !ok {
		return err
	}
	if hi := n*(n-1)/2 - 1; v < 0 || v > hi {
		return r.fail(it.get("value"), field(path, "value"), ErrInvalid, "sandwich sum %d is impossible (want 0 to %d)", v, hi)
	}
	r.cons = append(r.cons, satdoku.Constraint{Kind: satdoku.Sandwich, Cells: cells, Value: v, Name: tagSandwich})
	r.tag(tagSandwich)
	return nil
}

func (r *reader) thermometer(it *node, path string) error {
	ls, err := r.lines(it, path, true)
	if err != nil {
		return err
	}
	for k, l := range ls {
		if len(l) > r.n {
			return r.fail(it.get("lines").elems[k], index(field(path, "lines"), k), ErrInvalid,
				"a thermometer of %d cells cannot rise with digits 1 to %d", len(l), r.n)
		}
		for j := 1; j < len(l); j++ {
			r.rels = append(r.rels, satdoku.Relation{A: l[j-1], B: l[j], Kind: satdoku.Less, Name: tagThermo})
		}
		if len(l) >= 2 {
			r.tag(tagThermo)
		}
	}
	return nil
}

// maxPill is the most cells an arrow's circle may have.
const maxPill = 6

func (r *reader) arrow(it *node, path string) error {
	cv := it.get("cells")
	circle, err := r.cells(cv, field(path, "cells"), true)
	if err != nil {
		return err
	}
	if len(circle) == 0 {
		return r.fail(it, path, ErrInvalid, "an arrow without a circle")
	}
	if len(circle) > maxPill {
		return r.fail(cv, field(path, "cells"), ErrUnsupported, "a circle of %d cells (the limit is %d)", len(circle), maxPill)
	}
	if len(circle) > 1 && r.n > 9 {
		// f-puzzles writes the digits side by side, 10 and over with two
		// figures: not a sum with fixed coefficients.
		return r.fail(cv, field(path, "cells"), ErrUnsupported, "a circle of %d cells on a %d×%d board", len(circle), r.n, r.n)
	}
	circle = slices.Clone(circle)
	slices.Sort(circle) // reading order
	ls, err := r.lines(it, path, false)
	if err != nil {
		return err
	}
	shafts := 0
	for k, l := range ls {
		var cells, coefs []int
		for _, i := range l {
			if !slices.Contains(circle, i) {
				cells, coefs = append(cells, i), append(coefs, 1)
			}
		}
		if len(cells) == 0 {
			continue
		}
		p := 1
		for j := len(circle) - 1; j >= 0; j-- {
			cells, coefs = append(cells, circle[j]), append(coefs, -p)
			p *= 10
		}
		if err := r.total(it.get("lines").elems[k], index(field(path, "lines"), k), tagArrow, cells, coefs, 0); err != nil {
			return err
		}
		shafts++
	}
	if shafts == 0 {
		r.warn("ignored %q: a circle without an arrow", path)
		return nil
	}
	r.tag(tagArrow)
	return nil
}

func (r *reader) palindrome(it *node, path string) error {
	ls, err := r.lines(it, path, false)
	if err != nil {
		return err
	}
	for _, l := range ls {
		for j := 0; j < len(l)/2; j++ {
			if a, b := l[j], l[len(l)-1-j]; a != b {
				r.rels = append(r.rels, satdoku.Relation{A: a, B: b, Kind: satdoku.Equal, Name: tagPalindrome})
				r.tag(tagPalindrome)
			}
		}
	}
	return nil
}

func (r *reader) renban(it *node, path string) error {
	ls, err := r.lines(it, path, true)
	if err != nil {
		return err
	}
	for k, l := range ls {
		if len(l) > r.n {
			return r.fail(it.get("lines").elems[k], index(field(path, "lines"), k), ErrInvalid,
				"a renban line of %d cells cannot hold distinct digits 1 to %d", len(l), r.n)
		}
		if len(l) >= 2 {
			r.cons = append(r.cons, satdoku.Constraint{Kind: satdoku.Run, Cells: l, Name: tagRenban})
			r.tag(tagRenban)
		}
	}
	return nil
}

func (r *reader) whispers(it *node, path string) error {
	d := (r.n + 1) / 2
	v, ok, err := r.intValue(it.get("value"), field(path, "value"))
	if err != nil {
		return err
	}
	if ok {
		if v < 1 || v >= r.n {
			return r.fail(it.get("value"), field(path, "value"), ErrInvalid, "no two digits 1 to %d differ by %d or more", r.n, v)
		}
		d = v
	}
	ls, err := r.lines(it, path, false)
	if err != nil {
		return err
	}
	for k, l := range ls {
		for j := 1; j < len(l); j++ {
			if l[j-1] == l[j] {
				return r.fail(it.get("lines").elems[k].elems[j], index(index(field(path, "lines"), k), j), ErrInvalid, "a cell next to itself")
			}
			r.rels = append(r.rels, satdoku.Relation{A: l[j-1], B: l[j], Kind: satdoku.Apart, Value: d, Name: tagWhispers})
			r.tag(tagWhispers)
		}
	}
	return nil
}

func (r *reader) between(it *node, path string) error {
	ls, err := r.lines(it, path, true)
	if err != nil {
		return err
	}
	for _, l := range ls {
		if len(l) >= 3 {
			r.cons = append(r.cons, satdoku.Constraint{Kind: satdoku.Within, Cells: l, Name: tagBetween})
			r.tag(tagBetween)
		}
	}
	return nil
}

// pair reads the two cells of a dot or an XV mark.
func (r *reader) pair(it *node, path string) (a, b int, err error) {
	cv := it.get("cells")
	cells, err := r.cells(cv, field(path, "cells"), true)
	if err != nil {
		return 0, 0, err
	}
	if len(cells) != 2 {
		return 0, 0, r.fail(cv, field(path, "cells"), ErrInvalid, "want 2 cells, found %d", len(cells))
	}
	return cells[0], cells[1], nil
}

func (r *reader) mark(key string, a, b, v int) {
	m := r.marks[key]
	if m == nil {
		m = map[[2]int][]int{}
		r.marks[key] = m
	}
	p := [2]int{min(a, b), max(a, b)}
	m[p] = append(m[p], v)
}

// A kropkiDot describes one colour of Kropki dot: its key, the value of a
// dot without one, the range of values it can take (lo to N+top), and the
// relations it makes (the default value's kind, and the general one with a
// Value).
type kropkiDot struct {
	key, name   string
	def, lo     int
	top         int
	plain, kind satdoku.RelationKind
	bad         string // the message for a value out of range, with N and the value
}

var (
	whiteDot = kropkiDot{key: "difference", name: "white dot", def: 1, lo: 1, top: -1,
		plain: satdoku.Consecutive, kind: satdoku.Difference, bad: "no two digits 1 to %d differ by %d"}
	blackDot = kropkiDot{key: "ratio", name: "black dot", def: 2, lo: 2,
		plain: satdoku.Double, kind: satdoku.Ratio, bad: "no two distinct digits 1 to %d have ratio %d"}
)

func (r *reader) difference(it *node, path string) error { return r.dot(it, path, &whiteDot) }

func (r *reader) ratio(it *node, path string) error { return r.dot(it, path, &blackDot) }

// dot reads a Kropki dot of colour k.
func (r *reader) dot(it *node, path string, k *kropkiDot) error {
	a, b, err := r.pair(it, path)
	if err != nil {
		return err
	}
	v, ok, err := r.intValue(it.get("value"), field(path, "value"))
	if err != nil {
		return err
	}
	if !ok {
		v = k.def
	}
	if v < k.lo || v > r.n+k.top {
		return r.fail(it.get("value"), field(path, "value"), ErrInvalid, k.bad, r.n, v)
	}
	rel := satdoku.Relation{A: a, B: b, Kind: k.plain, Name: k.name}
	if v != k.def {
		rel.Kind, rel.Value = k.kind, v
	}
	r.rels = append(r.rels, rel)
	r.mark(k.key, a, b, v)
	r.tag(tagKropki)
	return nil
}

func (r *reader) xv(it *node, path string) error {
	a, b, err := r.pair(it, path)
	if err != nil {
		return err
	}
	vv := it.get("value")
	if vv.empty() {
		return nil // no mark, as in f-puzzles and SudokuSolver
	}
	var s string
	if vv.kind == 's' {
		s = strings.ToUpper(strings.TrimSpace(vv.str))
	}
	var sum int
	switch s {
	case "X":
		sum = 10
	case "V":
		sum = 5
	default:
		return r.fail(nodeOr(vv, it), field(path, "value"), ErrInvalid, `want "X" or "V"`)
	}
	if sum > 2*r.n {
		return r.fail(vv, field(path, "value"), ErrInvalid, "two digits 1 to %d cannot add up to %d", r.n, sum)
	}
	r.rels = append(r.rels, satdoku.Relation{A: a, B: b, Kind: satdoku.Sum, Value: sum, Name: tagXV})
	r.mark("xv", a, b, sum)
	r.tag(tagXV)
	return nil
}

// The marks that exempt a pair from a negative rule: any Kropki dot, white
// or black, from nonconsecutive and the negative rules of either colour
// (f-puzzles, and SudokuSolver's DifferenceConstraint and RatioConstraint,
// whose dots override each other's negative rule); XV marks from the
// negative rule of XV.
var (
	kropkiKeys = []string{"difference", "ratio"}
	xvKeys     = []string{"xv"}
)

// forbid adds the relations rels (kinds and values) between every pair of
// orthogonal neighbours that no mark of keys joins, named name.
func (r *reader) forbid(name string, rels []satdoku.Relation, keys []string) {
	n := r.n
	for i := range n * n {
		for _, j := range []int{i + 1, i + n} {
			if j == i+1 && j%n == 0 || j >= n*n {
				continue
			}
			if slices.ContainsFunc(keys, func(k string) bool { return r.marks[k][[2]int{i, j}] != nil }) {
				continue
			}
			for _, rel := range rels {
				rel.A, rel.B, rel.Name = i, j, name
				r.rels = append(r.rels, rel)
			}
		}
	}
}

// negative reads the "negative" list: every pair of orthogonal neighbours
// without a mark lacks the marks' relation. For "ratio" (f-puzzles' "all
// black dots are given"), its digits have none of the ratios of the black
// dots (2 when there are none); for "difference", none of the differences
// of the white dots (1 when there are none); for "xv", they add up to
// neither 5 nor 10. A Kropki dot of either colour exempts its pair from
// the negative rules of both.
func (r *reader) negative(v *node) error {
	if v.empty() {
		return nil
	}
	if v.kind != '[' {
		return r.fail(v, "negative", ErrInvalid, "want an array, found %s", v.kindName())
	}
	for k, e := range v.elems {
		p := index("negative", k)
		if e.kind != 's' {
			return r.fail(e, p, ErrInvalid, "want a string, found %s", e.kindName())
		}
		key := e.str
		var rels []satdoku.Relation
		values := func(def int) []int {
			var vs []int
			for _, x := range r.marks[key] {
				vs = append(vs, x...)
			}
			if len(vs) == 0 {
				vs = []int{def}
			}
			slices.Sort(vs)
			return slices.Compact(vs)
		}
		keys := kropkiKeys
		switch key {
		case "ratio":
			for _, x := range values(2) {
				if x == 2 {
					rels = append(rels, satdoku.Relation{Kind: satdoku.NotDouble})
				} else {
					rels = append(rels, satdoku.Relation{Kind: satdoku.NotRatio, Value: x})
				}
			}
		case "difference":
			for _, x := range values(1) {
				if x == 1 {
					rels = append(rels, satdoku.Relation{Kind: satdoku.NotConsecutive})
				} else {
					rels = append(rels, satdoku.Relation{Kind: satdoku.NotDifference, Value: x})
				}
			}
		case "xv":
			rels = []satdoku.Relation{{Kind: satdoku.NotSum, Value: 5}, {Kind: satdoku.NotSum, Value: 10}}
			keys = xvKeys
		default:
			return r.fail(e, p, ErrUnsupported, "unsupported negative rule %q", key)
		}
		name := "negative " + key
		r.forbid(name, rels, keys)
		r.tag(name)
	}
	return nil
}

func (r *reader) clone(it *node, path string) error {
	a, err := r.cells(it.get("cells"), field(path, "cells"), true)
	if err != nil {
		return err
	}
	bv := it.get("cloneCells")
	b, err := r.cells(bv, field(path, "cloneCells"), true)
	if err != nil {
		return err
	}
	if len(a) != len(b) {
		return r.fail(bv, field(path, "cloneCells"), ErrInvalid, "%d clone cells for %d cells", len(b), len(a))
	}
	for k := range a {
		if a[k] != b[k] {
			r.rels = append(r.rels, satdoku.Relation{A: a[k], B: b[k], Kind: satdoku.Equal, Name: tagClone})
			r.tag(tagClone)
		}
	}
	return nil
}

func (r *reader) quadruple(it *node, path string) error {
	cells, err := r.cells(it.get("cells"), field(path, "cells"), true)
	if err != nil {
		return err
	}
	vv := it.get("values")
	if vv.empty() {
		return nil
	}
	ds, err := r.digits(vv, field(path, "values"))
	if err != nil {
		return err
	}
	if len(ds) > len(cells) {
		return r.fail(vv, field(path, "values"), ErrInvalid, "%d digits in %d cells", len(ds), len(cells))
	}
	r.cons = append(r.cons, satdoku.Constraint{Kind: satdoku.Contains, Cells: cells, Digits: ds, Name: tagQuad})
	r.tag(tagQuad)
	return nil
}

func (r *reader) parity(it *node, path string, rem int, name string) error {
	i, err := r.cell(it.get("cell"), field(path, "cell"))
	if err != nil {
		return err
	}
	r.cons = append(r.cons, satdoku.Constraint{Kind: satdoku.OneOf, Cells: []int{i}, Mask: parityMask(r.n, rem), Name: name})
	r.tag(name)
	return nil
}

// cellParity reads a cell's "parity", an older form of odd and even
// cells: "odd" or "even", in any case.
func (r *reader) cellParity(v *node, path string, i int) (satdoku.Constraint, error) {
	if v.kind != 's' {
		return satdoku.Constraint{}, r.fail(v, path, ErrInvalid, `want "odd" or "even", found %s`, v.kindName())
	}
	rem, name := 1, tagOdd
	switch w := strings.TrimSpace(v.str); {
	case strings.EqualFold(w, "odd"):
	case strings.EqualFold(w, "even"):
		rem, name = 0, tagEven
	default:
		return satdoku.Constraint{}, r.fail(v, path, ErrInvalid, `want "odd" or "even", found %q`, v.str)
	}
	r.tag(name)
	return satdoku.Constraint{Kind: satdoku.OneOf, Cells: []int{i}, Mask: parityMask(r.n, rem), Name: name}, nil
}

// parityMask returns the digits 1..n of parity rem (1 odd, 0 even).
func parityMask(n, rem int) uint64 {
	var mask uint64
	for d := 1; d <= n; d++ {
		if d%2 == rem {
			mask |= 1 << (d - 1)
		}
	}
	return mask
}

func (r *reader) odd(it *node, path string) error  { return r.parity(it, path, 1, tagOdd) }
func (r *reader) even(it *node, path string) error { return r.parity(it, path, 0, tagEven) }

// extreme reads a minimum or a maximum cell, compared with its
// neighbours by compareExtremes once all are known.
func (r *reader) extreme(it *node, path string, name string) error {
	i, err := r.cell(it.get("cell"), field(path, "cell"))
	if err != nil {
		return err
	}
	if !slices.Contains(r.extremes[name], i) {
		r.extremes[name] = append(r.extremes[name], i)
	}
	r.tag(name)
	return nil
}

// compareExtremes makes each minimum cell smaller, and each maximum cell
// larger, than each orthogonal neighbour that is not a minimum (maximum)
// cell itself: f-puzzles' and SudokuSolver's rule, by which a block of
// maximum cells is larger than the cells around it.
func (r *reader) compareExtremes() {
	n := r.n
	for _, name := range []string{tagMinimum, tagMaximum} {
		cells := r.extremes[name]
		for _, i := range cells {
			row, col := i/n, i%n
			for _, d := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
				rr, cc := row+d[0], col+d[1]
				j := rr*n + cc
				if rr < 0 || rr >= n || cc < 0 || cc >= n || slices.Contains(cells, j) {
					continue
				}
				rel := satdoku.Relation{A: i, B: j, Kind: satdoku.Less, Name: name}
				if name == tagMaximum {
					rel.A, rel.B = j, i
				}
				r.rels = append(r.rels, rel)
			}
		}
	}
}

func (r *reader) minimum(it *node, path string) error { return r.extreme(it, path, tagMinimum) }
func (r *reader) maximum(it *node, path string) error { return r.extreme(it, path, tagMaximum) }

// solution reads the "solution" array: a grid when complete, else nil
// with a warning.
func (r *reader) solution(v *node, rules *satdoku.Rules) *satdoku.Grid {
	if v.empty() {
		return nil
	}
	n := r.n
	if v.kind != '[' || len(v.elems) != n*n {
		r.warn("ignored %q: not %d digits", "solution", n*n)
		return nil
	}
	g := satdoku.NewGrid(rules)
	for i, e := range v.elems {
		d, ok, err := r.digit(e, "")
		if err != nil || !ok {
			r.warn("ignored %q: incomplete", "solution")
			return nil
		}
		g.SetCell(i, d)
	}
	return g
}
