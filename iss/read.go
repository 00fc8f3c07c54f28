package iss

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/textfmt"
)

// Sentinel errors. Read fails with a *satdoku.ParseError whose Err is one
// of them; its Msg is more precise.
var (
	// ErrSyntax reports input that is not an ISS puzzle string: no leading
	// '.', an unknown constraint type, an unmatched .End, a killer string
	// whose arrows loop.
	ErrSyntax = errors.New("iss: syntax error")
	// ErrInvalid reports a constraint that ISS itself refuses: a cell off
	// the board, a value out of range, a dot between cells that are not
	// neighbours, a shape that is not a grid.
	ErrInvalid = errors.New("iss: invalid puzzle")
	// ErrUnsupported reports a constraint that satdoku cannot express: one
	// with no clue kind of its own (Lunchbox, chaos construction, …), or
	// one whose arguments go beyond satdoku's kind (a modular line of 4, a
	// sum loop of more than 63, a black dot on the values 0 to 8, a board
	// that is not square or has no rows and columns).
	ErrUnsupported = errors.New("iss: unsupported constraint")
)

// MaxLen bounds the length of one puzzle string, in bytes.
const MaxLen = 1 << 20

// Puzzle is a puzzle read from an ISS string.
type Puzzle struct {
	// Grid holds the givens (the cells given one value) under the
	// puzzle's rules.
	Grid *satdoku.Grid
	// Clues are the clues whose rules Grid's rules hold, for a renderer.
	Clues []clue.Clue
	// Warnings tell what was read and dropped (SearchPriority) or said
	// nothing (an arrow without a shaft).
	Warnings []string
}

// Read reads one ISS puzzle string (see the package documentation).
func Read(s string) (*Puzzle, error) {
	t, s, err := input(s)
	if err != nil {
		return nil, err
	}
	if len(t.b) == 0 {
		return nil, t.fail(0, ErrSyntax, "no ISS puzzle string")
	}
	if len(t.b) > MaxLen {
		return nil, t.fail(0, ErrSyntax, "a string of %d bytes (the limit is %d)", len(t.b), MaxLen)
	}
	b := &builder{t: &t, n: 9, grid: map[int]int{}, regionSumAt: -1, chaosAt: -1, chaosFrom: -1}
	// In the order of ISS's parser: the formats of one line of cells
	// first, the constraint strings last.
	switch oneWord := !strings.ContainsAny(strings.TrimSpace(s), " \t\r\n\v\f"); {
	case oneWord && isShortKiller(t.b):
		err = b.shortKiller()
	case oneWord && strings.HasPrefix(string(t.b), "3x3:"):
		err = b.longKiller()
	case oneWord && jigsawSide(t.b) > 0:
		err = b.jigsawFormat()
	case oneWord && isPencilmarks(t.b):
		err = b.pencilmarks()
	case t.b[0] == '.':
		err = b.constraints()
	default:
		return nil, t.fail(0, ErrSyntax, "not an ISS puzzle string (want '.' and a constraint, a killer string or pencil marks)")
	}
	if err != nil {
		return nil, err
	}
	return b.finish()
}

// Detect reports whether s (one line or argument) looks like an ISS
// puzzle string: a constraint string whose first item is a constraint
// type of ISS, or one word in one of its killer, jigsaw or pencil-mark
// formats. Read may still find it wrong.
func Detect(s string) bool {
	t, s, err := input(s)
	if err != nil {
		return true // a link to ISS's page: Read says what is wrong
	}
	if len(t.b) == 0 {
		return false
	}
	// The formats of one line of cells are one word: white space inside
	// is a text puzzle and its solution ("PUZZLE SOLUTION").
	if !strings.ContainsAny(strings.TrimSpace(s), " \t\r\n\v\f") &&
		(isShortKiller(t.b) || strings.HasPrefix(string(t.b), "3x3:") || jigsawSide(t.b) > 0 || isPencilmarks(t.b)) {
		return true
	}
	switch {
	case t.b[0] != '.':
		return false
	}
	rest := strings.TrimLeft(string(t.b), ".") // empty items say nothing
	end := strings.IndexAny(rest, ".~")
	typ := rest
	if end >= 0 {
		typ = rest[:end]
	}
	if typ == "" {
		// ".~R1C1_5", not ".1..7…"
		return end >= 0 && rest[end] == '~'
	}
	if !knownType(typ) {
		return false
	}
	// A type with arguments, or a bare one but X and V, which are digits
	// of text puzzles of 36×36 and more; and not a text puzzle after all.
	if (end < 0 || rest[end] == '.') && (typ == "X" || typ == "V") {
		return false
	}
	_, err = textfmt.Parse(s)
	return err != nil
}

// text is an input with its white space taken out, as ISS takes it out,
// and the byte offset in the input of each byte kept, for errors.
type text struct {
	orig string
	b    []byte
	off  []int
}

func compact(s string) text {
	t := text{orig: s}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			continue
		}
		t.b = append(t.b, s[i])
		t.off = append(t.off, i)
	}
	return t
}

// fail returns the error of kind at byte i of the compacted text.
func (t *text) fail(i int, kind error, format string, args ...any) *satdoku.ParseError {
	o := len(t.orig)
	if i >= 0 && i < len(t.off) {
		o = t.off[i]
	}
	return t.failAt(o, kind, format, args...)
}

// builder gathers the rules of one puzzle.
type builder struct {
	t *text
	n int

	// ranks are the FullRank clues read, rankTies the FullRankTies mode
	// ("" when none) and where it was read (fullrank.go).
	ranks      []rankClue
	rankTies   string
	rankTiesAt int
	// doppel is the Doppelganger read, or nil (doppelganger.go).
	doppel *item
	// lunchboxWarned: the warning of a Lunchbox on values from 0 given.
	lunchboxWarned bool

	// grid holds the cells given one value, and the value.
	grid    map[int]int
	noBoxes bool
	// raw: the Shape's grid type is Raw (no rows, columns or boxes).
	raw bool
	// rows, cols: the Shape's rows and columns when they differ (a
	// window on the board of side n, see window); 0, 0 otherwise.
	rows, cols int
	// values and valueOffset are the Shape's: the cells hold the values
	// 1..values (0 for N), shifted by valueOffset (−1: from 0).
	values, valueOffset int
	// vars are the var cells by name ("VS1", or "VM" for a group of one),
	// numbered after the grid's cells; nvars is how many there are, and
	// groups the groups in order, laid out as ISS lays them out.
	vars   map[string]int
	nvars  int
	groups []varGroup
	// regionSize is a RegionSize other than N (0 for none), read at
	// regionSizeAt: the boxes are then ISS's boxes of that many cells.
	regionSize, regionSizeAt int
	jigsaw                   [][]int // the regions of a jigsaw layout, or nil
	// jigsawAt is the place of the jigsaw layout; regionSumAt that of the
	// first region sum line (−1 for none).
	jigsawAt, regionSumAt int
	// regionSameAt are the places of the RegionSameValues items.
	regionSameAt []int
	// chaosAt is the place of a ChaosConstruction (−1 for none), and
	// chaosFrom the first of the clues that say its rules (−1 for none):
	// they are left out of the puzzle's clues (see chaos).
	chaosAt, chaosFrom int
	clues              []clue.Clue
	at                 []int // the place of each clue, for errors
	// outsideAt holds, for each place of an outside clue (its type, line
	// and end), the clues it added, b.clues[from:to]; dropped the clues of
	// a place read again (ISS keeps one clue a place: the later).
	outsideAt map[string][2]int
	dropped   map[int]bool
	pairMarks []pairMark // the dots and marks read from Pairs
	named     []string
	namedAt   []int
	warnings  []string
	// inMember is set while the members of an Or are read: a given is a
	// pencil mark of the member, not a cell of the grid.
	inMember bool
}

// add records clue c, read at place at.
func (b *builder) add(at int, c clue.Clue) {
	b.clues = append(b.clues, c)
	b.at = append(b.at, at)
}

// global records a named rule of satdoku.Rules.WithNamed, read at place at.
func (b *builder) global(at int, name string) {
	b.named = append(b.named, name)
	b.namedAt = append(b.namedAt, at)
}

// given records that cell i holds one of the digits ds, as a given in the
// grid when it is one digit and the first for the cell, as given pencil
// marks otherwise (the givens of a cell hold together: ISS intersects
// them).
func (b *builder) given(at, i int, ds []int) {
	if len(ds) == 1 && !b.inMember {
		if d, ok := b.grid[i]; !ok {
			b.grid[i] = ds[0]
			return
		} else if d == ds[0] {
			return
		}
	}
	var mask uint64
	for _, v := range ds {
		mask |= 1 << (v - b.valueOffset - 1)
	}
	if mask == 1<<b.numValues()-1 {
		return // every digit: says nothing
	}
	b.add(at, clue.Clue{Kind: clue.PencilMarks, Cells: []int{i}, Values: ds})
}

// finish makes the rules and the grid.
func (b *builder) finish() (*Puzzle, error) {
	n := b.n
	full := len(b.jigsaw) == n
	for _, reg := range b.jigsaw {
		full = full && len(reg) == n
	}
	// A board without boxes (NoBoxes, or a prime side) takes the pieces
	// of a whole jigsaw layout as its regions; beside boxes they are
	// extra regions, as ISS keeps both.
	noBoxes := b.noBoxes
	if h, _ := satdoku.BoxShape(n); h == 0 {
		noBoxes = true
	}
	if b.regionSize != 0 {
		if err := b.sizedBoxes(noBoxes); err != nil {
			return nil, err
		}
		noBoxes = true
	}
	if k := slices.Index(b.named, "windoku"); k >= 0 && (n != 9 || b.numValues() != 9) {
		// satdoku's windoku is the 9×9 one; ISS sizes the windows on any
		// square grid by the boxes of its values' count.
		h, w := boxDims(n, n, b.numValues())
		for _, reg := range windows(n, h, w) {
			b.add(b.namedAt[k], clue.Clue{Kind: clue.ExtraRegion, Cells: reg, Label: "windoku"})
		}
		b.named = slices.Delete(b.named, k, k+1)
		b.namedAt = slices.Delete(b.namedAt, k, k+1)
	}
	var r *satdoku.Rules
	var err error
	switch {
	case b.raw || n < satdoku.MinN || b.rows != 0:
		r, err = satdoku.Raw(n)
		if err == nil && b.rows != 0 {
			r, err = r.WithWindow(b.rows, b.cols)
		}
	case full && noBoxes:
		r, err = satdoku.Regions(n, b.jigsaw)
	case noBoxes:
		r, err = satdoku.Regions(n, nil)
	default:
		r, err = satdoku.Standard(n)
	}
	if err == nil {
		r, err = r.WithValueOffset(b.valueOffset)
	}
	if err == nil && b.values != 0 && b.values != n {
		r, err = r.WithValues(b.values)
	}
	if err == nil && b.nvars > 0 {
		names := make([]string, b.nvars)
		for name, i := range b.vars {
			names[i-n*n] = name
		}
		r, err = r.WithNamedVarCells(names...)
	}
	if err != nil {
		return nil, b.t.fail(b.jigsawAt, ErrInvalid, "%v", err)
	}
	if !b.raw && (n < satdoku.MinN || b.rows != 0) {
		b.houses()
	}
	if !(full && noBoxes) {
		// Jigsaw pieces beside the boxes, or pieces of a partial layout,
		// are extra regions.
		for _, reg := range b.jigsaw {
			if len(reg) == n {
				b.add(b.jigsawAt, clue.Clue{Kind: clue.ExtraRegion, Cells: reg})
			}
		}
		if noBoxes && b.jigsaw != nil && b.regionSumAt >= 0 {
			return nil, b.t.fail(b.regionSumAt, ErrUnsupported, "RegionSumLine on the pieces of a partial jigsaw layout")
		}
	}
	if len(b.regionSameAt) > 0 && b.numValues() > n {
		if err := b.regionSameValues(r); err != nil {
			return nil, err
		}
	}
	if b.chaosAt >= 0 {
		if err := b.chaos(r); err != nil {
			return nil, err
		}
	}
	if err := b.checkPairMarks(); err != nil {
		return nil, err
	}
	for k, name := range b.named {
		if r, err = r.WithNamed(name); err != nil {
			return nil, b.t.fail(b.namedAt[k], ErrUnsupported, "%v", err)
		}
	}
	b.dropOutside()
	r, warns, err := clue.Apply(r, b.clues...)
	if err != nil {
		var ce *clue.Error
		at, msg := 0, err.Error()
		if errors.As(err, &ce) {
			// In the string's terms: its place, the rule and what is
			// wrong, not the clue's index and field in the list read.
			msg = fmt.Sprintf("%v: %s", ce.Kind, ce.Msg)
			if ce.Clue < len(b.at) {
				at = b.at[ce.Clue]
			}
		}
		kind := ErrInvalid
		if errors.Is(err, clue.ErrUnsupported) {
			kind = ErrUnsupported
		}
		return nil, b.t.fail(at, kind, "%s", msg)
	}
	for _, w := range warns {
		pos := satdoku.PositionAt([]byte(b.t.orig), b.t.off[min(b.at[w.Clue], len(b.t.off)-1)])
		b.warnings = append(b.warnings, fmt.Sprintf("%v: %v: %s", pos, b.clues[w.Clue].Kind, w.Msg))
	}
	g := satdoku.NewGrid(r)
	for i, v := range b.grid {
		d, _ := r.DigitOf(v) // digits checked the value
		g.SetCell(i, d)
	}
	clues := b.clues
	if b.chaosFrom >= 0 {
		// The regions are found, not drawn.
		clues = clues[:b.chaosFrom]
	}
	return &Puzzle{Grid: g, Clues: clues, Warnings: b.warnings}, nil
}

// houses adds the houses of a Sudoku grid that satdoku makes a raw board
// (one smaller than 4×4, or not square): its rows and columns as extra
// regions, and the boxes ISS cuts (boxDimsForSize: boxes of V cells, h×w
// with h ≤ w as large as can be, tiling the grid either way round; the
// whole grid of a 3×3 of nine values, three 4×2 boxes on a 4×6 of eight)
// unless NoBoxes (see addBoxes). A row or column of one cell is none.
func (b *builder) houses() {
	n := b.n
	rows, cols := b.window()
	// line adds the k cells from start, step apart.
	line := func(start, step, k int) {
		cells := make([]int, k)
		for j := range k {
			cells[j] = start + j*step
		}
		b.add(0, clue.Clue{Kind: clue.ExtraRegion, Cells: cells, Label: "rows and columns", Global: true})
	}
	for r := range rows {
		if cols > 1 {
			line(r*n, 1, cols)
		}
	}
	for c := range cols {
		if rows > 1 {
			line(c, n, rows)
		}
	}
	if !b.noBoxes {
		b.addBoxes(0, rows, cols, b.numValues())
	}
}

// boxDims returns the boxes ISS cuts of size cells on a grid of rows and
// cols (its CellGeometry.boxDimsForSize): h×w = size, the smaller side as
// large as it can be, tiling the grid either way round; 0, 0 for none.
func boxDims(rows, cols, size int) (h, w int) {
	for small := isqrt(size); small >= 2; small-- {
		if size%small != 0 {
			continue
		}
		large := size / small
		switch {
		case rows%small == 0 && cols%large == 0:
			return small, large
		case rows%large == 0 && cols%small == 0:
			return large, small
		}
	}
	return 0, 0
}

// addBoxes adds ISS's boxes of size cells on the grid of rows and cols
// (see boxDims) as extra regions, read at place at; none when no box of
// that size tiles the grid.
func (b *builder) addBoxes(at, rows, cols, size int) {
	_, _, boxes := b.boxes(rows, cols, size)
	for _, cells := range boxes {
		b.add(at, clue.Clue{Kind: clue.ExtraRegion, Cells: cells})
	}
}

// boxes returns ISS's boxes of size cells on the grid of rows and cols,
// h×w each (see boxDims), in reading order; none when no box of that size
// tiles the grid.
func (b *builder) boxes(rows, cols, size int) (h, w int, boxes [][]int) {
	h, w = boxDims(rows, cols, size)
	if h == 0 {
		return 0, 0, nil
	}
	for top := 0; top < rows; top += h {
		for left := 0; left < cols; left += w {
			cells := make([]int, 0, size)
			for i := range size {
				cells = append(cells, (top+i/w)*b.n+left+i%w)
			}
			boxes = append(boxes, cells)
		}
	}
	return h, w, boxes
}

// window returns the grid's rows and columns: the Shape's.
func (b *builder) window() (rows, cols int) {
	if b.rows == 0 {
		return b.n, b.n
	}
	return b.rows, b.cols
}

// cellChar returns the row or column index that an ISS cell id's
// character names (base 17, from 1, either case), or −1.
func cellChar(c byte) int {
	switch {
	case c >= '1' && c <= '9':
		return int(c - '1')
	case c >= 'a' && c <= 'g':
		return int(c-'a') + 9
	case c >= 'A' && c <= 'G':
		return int(c-'A') + 9
	}
	return -1
}

// cellID reads an ISS cell id, "R1C1" to "RgCg", on an n×n board.
func cellID(s string, n int) (int, bool) {
	if len(s) != 4 || s[0] != 'R' && s[0] != 'r' || s[2] != 'C' && s[2] != 'c' {
		return 0, false
	}
	r, c := cellChar(s[1]), cellChar(s[3])
	if r < 0 || c < 0 || r >= n || c >= n {
		return 0, false
	}
	return r*n + c, true
}

// number reads a whole number: decimal digits, with an optional '-'.
func number(s string) (int, bool) {
	if s == "" || s[0] == '+' || len(s) > 9 {
		return 0, false
	}
	v, err := strconv.Atoi(s)
	return v, err == nil
}

// sizedBoxes adds the boxes of a RegionSize other than N, as ISS's
// boxRegions cuts them (boxDimsForSize: h×w = size, the smaller side as
// large as it can be, tiling the grid), unless the grid has no boxes: as
// extra regions, the only boxes of the grid. The rules that read the boxes
// read these, as ISS's builder does: a region sum line is cut by them
// (read as equal sums of its segments; with no boxes it has no regions
// and says nothing, as in ISS), windoku's windows are h×w, one cell
// apart (see windows), and disjoint sets are the cells at one place in every box (both
// with or without boxes, as extra regions; none when no h×w box tiles the
// grid). A jigsaw beside them is refused.
func (b *builder) sizedBoxes(noBoxes bool) error {
	n, size := b.n, b.regionSize
	if b.jigsaw != nil {
		return b.t.fail(b.regionSizeAt, ErrUnsupported, "RegionSize: regions of %d cells beside a jigsaw", size)
	}
	h, w, boxes := b.boxes(n, n, size)
	for k := 0; k < len(b.named); k++ {
		var regs [][]int
		switch b.named[k] {
		case "windoku":
			regs = windows(n, h, w)
		case "disjoint":
			for i := 0; h > 0 && i < size; i++ {
				var cells []int
				for _, box := range boxes {
					cells = append(cells, box[i])
				}
				regs = append(regs, cells)
			}
		default:
			continue
		}
		for _, reg := range regs {
			b.add(b.namedAt[k], clue.Clue{Kind: clue.ExtraRegion, Cells: reg})
		}
		b.named = slices.Delete(b.named, k, k+1)
		b.namedAt = slices.Delete(b.namedAt, k, k+1)
		k--
	}
	if noBoxes {
		return nil
	}
	// The region sum lines, cut by the boxes.
	box := func(i int) int { // the box of cell i, −1 for a var cell
		if i >= n*n {
			return -1
		}
		return i/n/h*(n/w) + i%n/w
	}
	var cut func(cs []clue.Clue)
	cut = func(cs []clue.Clue) {
		for k := range cs {
			c := &cs[k]
			for _, m := range c.Members {
				cut(m)
			}
			// A region sum line is a clue of one line; one that stays in
			// one box says nothing, and stays as it is (the rules have no
			// regions to cut it).
			if c.Kind != clue.RegionSumLine || h == 0 || len(c.Lines) != 1 {
				continue
			}
			var segs [][]int
			for j, i := range c.Lines[0] {
				if j == 0 || box(i) != box(c.Lines[0][j-1]) {
					segs = append(segs, nil)
				}
				segs[len(segs)-1] = append(segs[len(segs)-1], i)
			}
			if len(segs) > 1 {
				*c = clue.Clue{Kind: clue.EqualSums, Lines: segs}
			}
		}
	}
	cut(b.clues)
	for _, cells := range boxes {
		b.add(b.regionSizeAt, clue.Clue{Kind: clue.ExtraRegion, Cells: cells})
	}
	return nil
}

func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// varCells reads the Var items of a constraint string, as ISS's Var and
// its cell registry mean them: ".Var~PREFIX~LABEL~SIZE", PREFIX upper-case
// letters, SIZE a count or R×C (1 when absent or neither), a group of
// SIZE cells outside the grid named "V" PREFIX and their number from 1
// ("VS1" … "VS81"), or "V" PREFIX alone for a group of one. The groups
// are numbered after the grid's cells in the order of their names ("VA"
// before "VB"), and hold the grid's values.
func (b *builder) varCells(its []item) error {
	var groups []varGroup
	for k := range its {
		it := &its[k]
		if it.typ != "Var" {
			continue
		}
		prefix, at, err := b.arg(it, 0)
		if err != nil {
			return err
		}
		if prefix == "" || strings.Trim(prefix, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
			return b.t.fail(at, ErrInvalid, "Var: prefix %q (want upper-case letters A-Z)", prefix)
		}
		count, columns := 1, 0
		if len(it.args) > 2 {
			size := it.args[2]
			rows, cols, dims := strings.Cut(size, "x")
			if !dims {
				rows, cols = "1", size
			}
			r, okR := number(rows)
			c, okC := number(cols)
			if okR && okC && r >= 1 && c >= 1 && rows[0] != '0' && cols[0] != '0' {
				if dims && c > 16 {
					return b.t.fail(it.argAt[2], ErrInvalid, "Var: %d columns (the limit is 16)", c)
				}
				count = r * c
				if dims {
					columns = c
				}
			}
		}
		for _, g := range groups {
			if g.name == "V"+prefix {
				return b.t.fail(it.at, ErrInvalid, "Var: prefix %s twice", prefix)
			}
		}
		groups = append(groups, varGroup{name: "V" + prefix, count: count, columns: columns})
		if b.nvars += count; b.n*b.n+b.nvars > satdoku.MaxCells || b.nvars > 1000 {
			return b.t.fail(it.at, ErrInvalid, "Var: %d var cells (the limit is 1000)", b.nvars)
		}
	}
	for k := range its {
		if its[k].typ == "ChaosConstruction" {
			// ISS's group of region cells, one per grid cell (see chaos).
			if b.chaosAt < 0 {
				groups = append(groups, varGroup{name: chaosGroup, count: b.n * b.n, columns: b.n})
				b.nvars += b.n * b.n
			}
			b.chaosAt = its[k].at
		}
	}
	if slices.ContainsFunc(its, func(it item) bool { return it.typ == "Doppelganger" }) {
		// ISS's var cells of the missing digits (see doppelganger).
		for _, g := range doppelGroups(b.n) {
			groups = append(groups, g)
			b.nvars += g.count
		}
	}
	slices.SortFunc(groups, func(x, y varGroup) int { return strings.Compare(x.name, y.name) })
	next := b.n * b.n
	for k := range groups {
		g := &groups[k]
		g.start = next
		if g.columns == 0 {
			_, g.columns = b.window() // ISS lays a group out in rows of the grid's width
		}
		if b.vars == nil {
			b.vars = map[string]int{}
		}
		for k := range g.count {
			name := g.name
			if g.count > 1 {
				name += strconv.Itoa(k + 1)
			}
			b.vars[name] = next
			next++
		}
	}
	b.groups = groups
	return nil
}

// varGroup is a group of var cells: its name ("VS"), its first cell, how
// many cells it has and how many a row of its layout (for Replicate).
type varGroup struct {
	name                  string
	start, count, columns int
}

// numValues is the number of values a cell may hold: the Shape's, or N.
func (b *builder) numValues() int {
	if b.values != 0 {
		return b.values
	}
	return b.n
}

// cell reads a cell id: a grid cell "R1C1" (see cellID) or a var cell's
// name (see varCells).
func (b *builder) cell(s string) (int, bool) {
	if i, ok := cellID(s, b.n); ok {
		rows, cols := b.window()
		return i, i/b.n < rows && i%b.n < cols
	}
	i, ok := b.vars[s]
	return i, ok
}

// gridOnly fails for a var cell among cells cs of it, a constraint whose
// cells are placed on the grid (neighbours, a pill).
func (b *builder) gridOnly(it *item, cs []int) error {
	for _, i := range cs {
		if i >= b.n*b.n {
			return b.t.fail(it.at, ErrUnsupported, "%s: on cells outside the grid (Var), which have no neighbours in satdoku", it.typ)
		}
	}
	return nil
}

// maxItems bounds the constraints of a string once Replicates are
// expanded.
const maxItems = 1 << 16

// replicate returns the copies of children, the items of a
// ".Replicate~TARGETS~ORIGIN … .End" (ORIGIN R1C1 when absent), as ISS's
// Replicate makes them: TARGETS is a bit set, six bits a character of
// URL-safe base64, whose bit i names the cell i after ORIGIN in its layer
// (the grid, or a group of var cells laid out in rows); for each target,
// every cell of every child moves by the offset, in rows and columns of
// the layer, from ORIGIN to the target. A cell that leaves the layer, or
// a child cell or a target in another layer than ORIGIN, is an error, as in
// ISS.
func (b *builder) replicate(it *item, children []item) ([]item, error) {
	bitset, at, err := b.arg(it, 0)
	if err != nil || len(children) == 0 || bitset == "" {
		return nil, nil // no targets or no children: nothing
	}
	origin, originAt := "R1C1", it.at
	if len(it.args) > 1 {
		origin, originAt = it.args[1], it.argAt[1]
	}
	o, ok := b.cell(origin)
	if !ok {
		return nil, b.t.fail(originAt, ErrInvalid, "Replicate: origin %q is not a cell", origin)
	}
	layer, or, oc := b.place(o)
	var copies []item
	for k := range len(bitset) {
		v := strings.IndexByte(base64URL, bitset[k])
		if v < 0 {
			return nil, b.t.fail(at, ErrInvalid, "Replicate: %q is not a character of a bit set (base64, URL-safe)", bitset[k])
		}
		for bit := range 6 {
			if v>>bit&1 == 0 {
				continue
			}
			target := o + 6*k + bit
			if rows, cols := b.window(); layer == 0 && cols != b.n {
				// ISS numbers the cells of a grid of C columns r·C + c.
				t := or*cols + oc + 6*k + bit
				if t >= rows*cols {
					return nil, b.t.fail(at, ErrInvalid, "Replicate: target %d after %s is not in its cell group", 6*k+bit, origin)
				}
				target = t/cols*b.n + t%cols
			}
			tl, tr, tc := b.place(target)
			if target >= b.n*b.n+b.nvars || tl != layer {
				return nil, b.t.fail(at, ErrInvalid, "Replicate: target %d after %s is not in its cell group", 6*k+bit, origin)
			}
			for _, c := range children {
				c.args = slices.Clone(c.args)
				for j, a := range c.args {
					id, rest, _ := strings.Cut(a, "_")
					i, ok := b.cell(id)
					if !ok || id == "" {
						continue
					}
					l, r, col := b.place(i)
					if l != layer {
						return nil, b.t.fail(c.argAt[j], ErrInvalid, "Replicate: %s is not in the cell group of %s", id, origin)
					}
					s, ok := b.cellAt(layer, r+tr-or, col+tc-oc)
					if !ok {
						return nil, b.t.fail(c.argAt[j], ErrInvalid, "Replicate: %s shifted onto the target leaves its cell group", id)
					}
					if rest != "" || strings.Contains(a, "_") {
						s += "_" + rest
					}
					c.args[j] = s
				}
				copies = append(copies, c)
				if len(copies) > maxItems {
					return nil, b.t.fail(it.at, ErrInvalid, "Replicate: more than %d constraints in all", maxItems)
				}
			}
		}
	}
	return copies, nil
}

// place returns the layer of cell i (0 the grid, k the k-th var group)
// and its row and column in the layer.
func (b *builder) place(i int) (layer, row, col int) {
	if i < b.n*b.n {
		return 0, i / b.n, i % b.n
	}
	for k, g := range b.groups {
		if i < g.start+g.count {
			j := i - g.start
			return k + 1, j / g.columns, j % g.columns
		}
	}
	return -1, 0, 0
}

// cellAt returns the name of the cell at row r, column c of a layer (see
// place), if there is one.
func (b *builder) cellAt(layer, r, c int) (string, bool) {
	if layer == 0 {
		if rows, cols := b.window(); r < 0 || c < 0 || r >= rows || c >= cols {
			return "", false
		}
		return "R" + strings.ToUpper(strconv.FormatInt(int64(r+1), 17)) + "C" + strings.ToUpper(strconv.FormatInt(int64(c+1), 17)), true
	}
	g := b.groups[layer-1]
	j := r*g.columns + c
	if r < 0 || c < 0 || c >= g.columns || j >= g.count {
		return "", false
	}
	if g.count == 1 {
		return g.name, true
	}
	return g.name + strconv.Itoa(j+1), true
}

// regionSameValues adds RegionSameValues on a board of more values than its
// side, as ISS's builder reads it: the rows, the columns, the boxes (or
// the regions) and the pieces of a jigsaw layout, those of the largest
// size (N cells), hold the same values, each as many times. satdoku's
// sets of values are apart, and a row crosses every column; but each
// family of these regions tiles the grid, so the rows holding the same
// values M each, the grid holds N·M, and so must every other family's
// regions: a SameValues for each family says it all. A family that does
// not tile the grid (the pieces of a partial jigsaw layout) is refused.
func (b *builder) regionSameValues(r *satdoku.Rules) error {
	families := map[satdoku.Kind][][]int{}
	for _, u := range r.Units() {
		if u.Kind != satdoku.Extra && len(u.Cells) == b.n {
			families[u.Kind] = append(families[u.Kind], u.Cells)
		}
	}
	var pieces [][]int
	for _, c := range b.clues {
		if c.Kind == clue.ExtraRegion && len(c.Cells) == b.n {
			pieces = append(pieces, c.Cells)
		}
	}
	if len(pieces) > 0 && len(pieces) != b.n {
		return b.t.fail(b.regionSameAt[0], ErrUnsupported, "RegionSameValues: %d regions of %d cells that do not tile the grid, beside its rows", len(pieces), b.n)
	}
	for _, lines := range [][][]int{families[satdoku.Row], families[satdoku.Column], families[satdoku.Box], pieces} {
		if len(lines) >= 2 {
			b.add(b.regionSameAt[0], clue.Clue{Kind: clue.SameValues, Lines: lines})
		}
	}
	return nil
}

// dropOutside takes out of the clues those of an outside clue whose place
// a later one of its type took (see outsideClues).
func (b *builder) dropOutside() {
	if len(b.dropped) == 0 {
		return
	}
	clues, at := b.clues[:0], b.at[:0]
	for k := range b.clues {
		if !b.dropped[k] {
			clues, at = append(clues, b.clues[k]), append(at, b.at[k])
		}
	}
	b.clues, b.at, b.dropped = clues, at, nil
}

// windows returns the windoku windows of an n×n grid with boxes of h rows
// and w columns, as ISS lays them out: boxes one cell apart from the
// second row and column on, as many as fit inside the grid's edges (none
// when h is 0: no box tiles the grid).
func windows(n, h, w int) [][]int {
	var regs [][]int
	for left := 1; h > 0 && left+w < n; left += w + 1 {
		for top := 1; top+h < n; top += h + 1 {
			var cells []int
			for i := range h * w {
				cells = append(cells, (top+i/w)*n+left+i%w)
			}
			regs = append(regs, cells)
		}
	}
	return regs
}
