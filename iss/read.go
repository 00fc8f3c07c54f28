package iss

import (
	"errors"
	"fmt"
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
	// with no clue kind of its own (Replicate, Sum, a variable cell, …), or
	// one whose arguments go beyond satdoku's kind (a modular line of 4, a
	// sum line that loops, a value range other than 1 to N, a board that is
	// not square).
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
	b := &builder{t: &t, n: 9, grid: map[int]int{}, regionSumAt: -1}
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

	// grid holds the cells given one value.
	grid    map[int]int
	noBoxes bool
	jigsaw  [][]int // the regions of a jigsaw layout, or nil
	// jigsawAt is the place of the jigsaw layout; regionSumAt that of the
	// first region sum line (−1 for none).
	jigsawAt, regionSumAt int
	clues                 []clue.Clue
	at                    []int      // the place of each clue, for errors
	pairMarks             []pairMark // the dots and marks read from Pairs
	named                 []string
	namedAt               []int
	warnings              []string
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
	for _, d := range ds {
		mask |= 1 << (d - 1)
	}
	if mask == 1<<b.n-1 {
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
	var r *satdoku.Rules
	var err error
	switch {
	case full && noBoxes:
		r, err = satdoku.Regions(n, b.jigsaw)
	case noBoxes:
		r, err = satdoku.Regions(n, nil)
	default:
		r, err = satdoku.Standard(n)
	}
	if err != nil {
		return nil, b.t.fail(b.jigsawAt, ErrInvalid, "%v", err)
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
	if err := b.checkPairMarks(); err != nil {
		return nil, err
	}
	for k, name := range b.named {
		if r, err = r.WithNamed(name); err != nil {
			return nil, b.t.fail(b.namedAt[k], ErrUnsupported, "%v", err)
		}
	}
	r, warns, err := clue.Apply(r, b.clues...)
	if err != nil {
		var ce *clue.Error
		at := 0
		if errors.As(err, &ce) && ce.Clue < len(b.at) {
			at = b.at[ce.Clue]
		}
		kind := ErrInvalid
		if errors.Is(err, clue.ErrUnsupported) {
			kind = ErrUnsupported
		}
		return nil, b.t.fail(at, kind, "%v", err)
	}
	for _, w := range warns {
		pos := satdoku.PositionAt([]byte(b.t.orig), b.t.off[min(b.at[w.Clue], len(b.t.off)-1)])
		b.warnings = append(b.warnings, fmt.Sprintf("%v: %v: %s", pos, b.clues[w.Clue].Kind, w.Msg))
	}
	g := satdoku.NewGrid(r)
	for i, d := range b.grid {
		g.SetCell(i, d)
	}
	return &Puzzle{Grid: g, Clues: b.clues, Warnings: b.warnings}, nil
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
