package fpuzzles

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/rulestext"
)

// reader turns the JSON tree of a puzzle into rules and a grid: it maps
// the JSON onto the board's regions, the global rules and clue.Clue
// values, which the clue package turns into rules.
type reader struct {
	text []byte // the JSON text, for error positions
	n    int

	base     *satdoku.Rules
	jigsaw   bool
	named    []string
	extras   []satdoku.ExtraUnit
	tags     []string
	warnings []string
	// groups are the cells of each region, in reading order, when every
	// cell is in one (for disjoint groups); nil otherwise.
	groups [][]int
	// clues are the clues read, and srcs where each comes from.
	clues []clue.Clue
	srcs  []source
}

// source is where a clue comes from, for errors: the JSON object of the
// item and its path; or, for a clue of a grid cell (parity, pencil marks),
// the value itself (self).
type source struct {
	it   *node
	path string
	self bool
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
	{"extraregion", cellsClue(clue.ExtraRegion)},
	{"killercage", cellsClue(clue.KillerCage)},
	{"cage", (*reader).cage},
	{"littlekillersum", outsideClue(clue.LittleKiller)},
	{"sandwichsum", outsideClue(clue.Sandwich)},
	{"xsum", outsideClue(clue.XSum)},
	{"skyscraper", outsideClue(clue.Skyscraper)},
	{"thermometer", linesClue(clue.Thermometer)},
	{"arrow", (*reader).arrow},
	{"palindrome", linesClue(clue.Palindrome)},
	{"renban", linesClue(clue.Renban)},
	{"whispers", linesClue(clue.Whispers)},
	{"betweenline", linesClue(clue.Between)},
	{"difference", cellsClue(clue.WhiteDot)},
	{"ratio", cellsClue(clue.BlackDot)},
	{"xv", (*reader).xv},
	{"clone", (*reader).clone},
	{"quadruple", (*reader).quadruple},
	{"odd", cellClue(clue.Odd)},
	{"even", cellClue(clue.Even)},
	{"minimum", cellClue(clue.Minimum)},
	{"maximum", cellClue(clue.Maximum)},
	{"regionsumline", linesClue(clue.RegionSumLine)},
	{"zipperline", linesClue(clue.ZipperLine)},
	{"doublearrow", linesClue(clue.DoubleArrow)},
	{"nabner", linesClue(clue.Nabner)},
	{"entropicline", linesClue(clue.EntropicLine)},
	{"modularline", linesClue(clue.ModularLine)},
	{"slowthermometer", linesClue(clue.SlowThermometer)},
	{"rowindexer", cellsClue(clue.RowIndexer)},
	{"columnindexer", cellsClue(clue.ColumnIndexer)},
	{"boxindexer", cellsClue(clue.BoxIndexer)},
	{"lockout", linesClue(clue.LockoutLine)},
}

// negatives are the clues of the "negative" list, by name.
var negatives = map[string]clue.Kind{"ratio": clue.NegativeRatio, "difference": clue.NegativeDifference, "xv": clue.NegativeXV}

// tagJigsaw tags irregular regions.
const tagJigsaw = "jigsaw"

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
			// A clue: the dots exempt their pairs from it.
			r.add(clue.Clue{Kind: clue.Nonconsecutive}, source{it: v, path: g.key, self: true})
			continue
		}
		r.named = append(r.named, g.name)
	}
	for _, k := range ruleKeys {
		if err := r.list(root, k.key, k.read); err != nil {
			return nil, err
		}
	}
	if err := r.negative(root.get("negative")); err != nil {
		return nil, err
	}
	rules, err := r.rules(root)
	if err != nil {
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

	p.Clues = r.clues
	p.Grid = satdoku.NewGrid(rules)
	for i, d := range givens {
		p.Grid.SetCell(i, d)
	}
	p.Solution = r.solution(root.get("solution"), rules)
	p.Cosmetics = r.cosmetics(root)
	p.Warnings = r.warnings
	p.Unread = rulestext.Unread(p.Ruleset, rules.Tags(), p.Clues)
	for _, u := range p.Unread {
		p.Warnings = append(p.Warnings, u.Warning())
	}
	if u, ok := cosmeticRules(p.Cosmetics); ok {
		p.Unread = append(p.Unread, u) // each mark has its warning
	}
	return p, nil
}

// rules returns the rules of the puzzle: the board's regions, the global
// rules, then the clues, applied by the clue package.
func (r *reader) rules(root *node) (*satdoku.Rules, error) {
	rules := r.base
	if r.jigsaw {
		rules = rules.WithTags(tagJigsaw)
	}
	var err error
	if len(r.named) > 0 {
		if rules, err = rules.WithNamed(r.named...); err != nil {
			return nil, r.fail(root, "", ErrInvalid, "%v", err)
		}
	}
	if rules, err = rules.WithExtra(r.extras...); err != nil {
		return nil, r.fail(root, "", ErrInvalid, "%v", err)
	}
	rules = rules.WithTags(r.tags...)
	rules, warnings, err := clue.Apply(rules, r.clues...)
	var ce *clue.Error
	switch {
	case errors.As(err, &ce):
		return nil, r.clueError(ce)
	case err != nil:
		return nil, r.fail(root, "", ErrInvalid, "%v", err)
	}
	for _, w := range warnings {
		r.warn("ignored %q: %s", r.srcs[w.Clue].path, w.Msg)
	}
	return rules, nil
}

// add adds clue c, read from src.
func (r *reader) add(c clue.Clue, src source) {
	r.clues = append(r.clues, c)
	r.srcs = append(r.srcs, src)
}

// clueError places the error of the clue package at the JSON value of the
// field at fault.
func (r *reader) clueError(e *clue.Error) error {
	src := r.srcs[e.Clue]
	nd, path := src.it, src.path
	line := e.Line
	key := e.Field
	switch {
	case src.self:
		key = ""
	case e.Field == "place":
		key = "cell"
	case e.Kind == clue.Clone && e.Field == "lines":
		// A clone's two lines are "cells" and "cloneCells".
		key, line = "cells", -1
		if e.Line == 1 {
			key = "cloneCells"
		}
	}
	step := func(next *node, p string) {
		path = p
		if next != nil {
			nd = next
		}
	}
	elem := func(v *node, k int) *node {
		if v != nil && v.kind == '[' && k < len(v.elems) {
			return v.elems[k]
		}
		return nil
	}
	if key != "" {
		step(nd.get(key), field(path, key))
	}
	if line >= 0 {
		step(elem(nd, line), index(path, line))
	}
	if e.Item >= 0 {
		step(elem(nd, e.Item), index(path, e.Item))
	}
	kind := ErrInvalid
	if errors.Is(e, clue.ErrUnsupported) {
		kind = ErrUnsupported
	}
	return r.fail(nd, path, kind, "%s", e.Msg)
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
	var marks []clue.Clue // given pencil marks, after the cells' parity
	var markSrcs []source
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
				if err := r.cellParity(pv, field(cp, "parity"), i); err != nil {
					return nil, err
				}
			}
			// Pencil marks in a given cell say nothing more.
			if pm := cn.get("givenPencilMarks"); !pm.empty() && givens[i] == 0 {
				ds, err := r.digits(pm, field(cp, "givenPencilMarks"))
				if err != nil {
					return nil, err
				}
				marks = append(marks, clue.Clue{Kind: clue.PencilMarks, Cells: []int{i}, Values: ds})
				markSrcs = append(markSrcs, source{it: pm, path: field(cp, "givenPencilMarks"), self: true})
			}
		}
	}
	if err := r.regions(g, region, regionNode); err != nil {
		return nil, err
	}
	for k, c := range marks {
		r.add(c, markSrcs[k])
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

// cells reads an array of cells of the board.
func (r *reader) cells(v *node, path string) ([]int, error) {
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
		cs = append(cs, i)
	}
	return cs, nil
}

// lines reads the "lines" of an item: arrays of cells.
func (r *reader) lines(it *node, path string) ([][]int, error) {
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
		cs, err := r.cells(e, index(path, k))
		if err != nil {
			return nil, err
		}
		ls = append(ls, cs)
	}
	return ls, nil
}

// valued are the kinds of clue whose "value" is read by cellsClue and
// linesClue; the others have none.
var valued = []clue.Kind{clue.KillerCage, clue.WhiteDot, clue.BlackDot, clue.Whispers}

// value reads the "value" of item it, a clue of kind k: 0 when it is
// absent or empty, or when the kind has no value.
func (r *reader) value(k clue.Kind, it *node, path string) (int, error) {
	if !slices.Contains(valued, k) {
		return 0, nil
	}
	v, _, err := r.intValue(it.get("value"), field(path, "value"))
	return v, err
}

// cellsClue reads a clue of kind k with "cells" and, for some kinds, a
// "value" (a killer cage, an extra region, a Kropki dot). A value that is
// absent or empty is 0: no sum, or the default.
func cellsClue(k clue.Kind) func(r *reader, it *node, path string) error {
	return func(r *reader, it *node, path string) error {
		cells, err := r.cells(it.get("cells"), field(path, "cells"))
		if err != nil {
			return err
		}
		v, err := r.value(k, it, path)
		if err != nil {
			return err
		}
		r.add(clue.Clue{Kind: k, Cells: cells, Value: v}, source{it: it, path: path})
		return nil
	}
}

// cellClue reads a clue of kind k on one "cell" (odd, even, minimum,
// maximum).
func cellClue(k clue.Kind) func(r *reader, it *node, path string) error {
	return func(r *reader, it *node, path string) error {
		i, err := r.cell(it.get("cell"), field(path, "cell"))
		if err != nil {
			return err
		}
		r.add(clue.Clue{Kind: k, Cells: []int{i}}, source{it: it, path: path})
		return nil
	}
}

// linesClue reads a clue of kind k with "lines" and, for whispers, a
// "value" (thermometer, palindrome, renban, whispers, between line, region
// sum line, zipper line, double arrow, Nabner line, entropic and modular
// lines, slow thermometer).
func linesClue(k clue.Kind) func(r *reader, it *node, path string) error {
	return func(r *reader, it *node, path string) error {
		v, err := r.value(k, it, path)
		if err != nil {
			return err
		}
		ls, err := r.lines(it, path)
		if err != nil {
			return err
		}
		r.add(clue.Clue{Kind: k, Lines: ls, Value: v}, source{it: it, path: path})
		return nil
	}
}

// outsideClue reads a clue of kind k outside the board: a little killer
// (with its "direction"), a sandwich, an X-sum or a skyscraper. A clue
// other than a little killer without a value is no clue.
func outsideClue(k clue.Kind) func(r *reader, it *node, path string) error {
	return func(r *reader, it *node, path string) error {
		row, col, err := r.ref(it.get("cell"), field(path, "cell"), true)
		if err != nil {
			return err
		}
		c := clue.Clue{Kind: k, Row: row - 1, Col: col - 1}
		if k == clue.LittleKiller {
			dv := it.get("direction")
			if dv == nil || dv.kind != 's' {
				return r.fail(nodeOr(dv, it), field(path, "direction"), ErrInvalid, "unknown direction %s (want UL, UR, DL or DR)", dv.kindName())
			}
			if err := c.Direction.UnmarshalText([]byte(dv.str)); err != nil {
				return r.fail(dv, field(path, "direction"), ErrInvalid, "unknown direction %q (want UL, UR, DL or DR)", dv.str)
			}
		}
		v, ok, err := r.intValue(it.get("value"), field(path, "value"))
		if err != nil {
			return err
		}
		if !ok && k != clue.LittleKiller {
			return nil
		}
		c.Value = v
		r.add(c, source{it: it, path: path})
		return nil
	}
}

// digitalRoot finds a digital-root cage's value, "DR5", as dclamage's
// solver does (anywhere in the value).
var digitalRoot = regexp.MustCompile(`DR(\d+)`)

// cage reads f-puzzles' cosmetic cage: no rule, whatever its value, but
// for a value "DRn" (dclamage's solver): a digital-root cage, a multisum
// killer cage whose sums are n, n+9, n+18 … that its cells can make, when
// it has cells and no more than N (with N cells, or no sum possible, its
// digits are distinct and their sum free, as in that solver).
func (r *reader) cage(it *node, path string) error {
	if v := it.get("value"); v != nil && v.kind == 's' {
		if m := digitalRoot.FindStringSubmatch(strings.TrimSpace(v.str)); m != nil {
			cells, err := r.cells(it.get("cells"), field(path, "cells"))
			if err != nil {
				return err
			}
			root, err := strconv.Atoi(m[1])
			if err != nil || root > 1<<20 {
				return r.fail(v, field(path, "value"), ErrInvalid, "digital root %q is not a whole number", m[1])
			}
			if k := len(cells); k >= 1 && k <= r.n {
				// As dclamage's solver: from the least to the greatest sum
				// of k distinct digits.
				lo, hi := k*(k+1)/2, r.n*(r.n+1)/2-(r.n-k)*(r.n-k+1)/2
				var sums []int
				for s := root; s <= hi && k < r.n; s += 9 {
					if s >= lo {
						sums = append(sums, s)
					}
				}
				// No sum (none possible, or N cells): distinct digits
				// alone, as that solver reads it.
				r.add(clue.Clue{Kind: clue.MultisumKillerCage, Cells: cells, Values: sums}, source{it: it, path: path})
				return nil
			}
		}
	}
	if _, ok, err := r.intValue(it.get("value"), field(path, "value")); err == nil && ok {
		r.warn("ignored %q: cosmetic, no rule, as in f-puzzles (a killer cage with its sum is a %q)", "cage", "killercage")
		return nil
	}
	r.warn("ignored %q: cosmetic, no rule", "cage")
	return nil
}

// arrow reads an arrow: its circle, "cells", and its "lines".
func (r *reader) arrow(it *node, path string) error {
	circle, err := r.cells(it.get("cells"), field(path, "cells"))
	if err != nil {
		return err
	}
	ls, err := r.lines(it, path)
	if err != nil {
		return err
	}
	r.add(clue.Clue{Kind: clue.Arrow, Cells: circle, Lines: ls}, source{it: it, path: path})
	return nil
}

// xv reads an XV mark; one without a value is no mark, as in f-puzzles
// and SudokuSolver.
func (r *reader) xv(it *node, path string) error {
	cells, err := r.cells(it.get("cells"), field(path, "cells"))
	if err != nil {
		return err
	}
	vv := it.get("value")
	if vv.empty() {
		return nil
	}
	var s string
	if vv.kind == 's' {
		s = vv.str
	}
	sum, err := clue.ParseXV(s)
	if err != nil {
		return r.fail(vv, field(path, "value"), ErrInvalid, `want "X" or "V"`)
	}
	r.add(clue.Clue{Kind: clue.XV, Cells: cells, Value: sum}, source{it: it, path: path})
	return nil
}

// clone reads a clone: "cells" and "cloneCells", its two lines.
func (r *reader) clone(it *node, path string) error {
	a, err := r.cells(it.get("cells"), field(path, "cells"))
	if err != nil {
		return err
	}
	b, err := r.cells(it.get("cloneCells"), field(path, "cloneCells"))
	if err != nil {
		return err
	}
	r.add(clue.Clue{Kind: clue.Clone, Lines: [][]int{a, b}}, source{it: it, path: path})
	return nil
}

// quadruple reads a quadruple: "cells" and the digits of "values".
func (r *reader) quadruple(it *node, path string) error {
	cells, err := r.cells(it.get("cells"), field(path, "cells"))
	if err != nil {
		return err
	}
	c := clue.Clue{Kind: clue.Quadruple, Cells: cells}
	if vv := it.get("values"); !vv.empty() {
		if c.Values, err = r.digits(vv, field(path, "values")); err != nil {
			return err
		}
	}
	r.add(c, source{it: it, path: path})
	return nil
}

// negative reads the "negative" list: the marks whose absence is a clue.
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
		kind, ok := negatives[e.str]
		if !ok {
			return r.fail(e, p, ErrUnsupported, "unsupported negative rule %q", e.str)
		}
		r.add(clue.Clue{Kind: kind}, source{it: e, path: p, self: true})
	}
	return nil
}

// cellParity reads a cell's "parity", an older form of odd and even
// cells: "odd" or "even", in any case.
func (r *reader) cellParity(v *node, path string, i int) error {
	if v.kind != 's' {
		return r.fail(v, path, ErrInvalid, `want "odd" or "even", found %s`, v.kindName())
	}
	var k clue.Kind
	switch w := strings.TrimSpace(v.str); {
	case strings.EqualFold(w, "odd"):
		k = clue.Odd
	case strings.EqualFold(w, "even"):
		k = clue.Even
	default:
		return r.fail(v, path, ErrInvalid, `want "odd" or "even", found %q`, v.str)
	}
	r.add(clue.Clue{Kind: k, Cells: []int{i}}, source{it: v, path: path, self: true})
	return nil
}

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
