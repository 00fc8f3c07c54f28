package sudokupad

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/rulestext"
)

// Puzzle is a SudokuPad puzzle in satdoku's terms.
type Puzzle struct {
	// Grid holds the givens, under the puzzle's rules.
	Grid *satdoku.Grid
	// Solution is the solution the puzzle carries, complete, under the
	// same rules; nil when it carries none.
	Solution *satdoku.Grid
	// Title, Author and Rules are the puzzle's metadata, if any; Rules is
	// the setter's text, which is not read as rules.
	Title, Author, Rules string
	// Clues are the clues read from the cages and the elements, in the
	// order read; the rules of Grid come from them, the regions and the
	// global rules.
	Clues []clue.Clue
	// Warnings tell what was ignored, as "ignored 3 cell colours:
	// cosmetic, no rule", and name each rule of Unread.
	Warnings []string
	// Unread are the global rules that the rules text names and the
	// drawing does not carry (see package rulestext): they are not
	// applied, and a verdict of none or multiple is for the rules as
	// drawn.
	Unread []rulestext.Rule
}

// MaxPayload is the longest payload Read accepts, in bytes, for the same
// reason as fpuzzles.MaxLoad: lz-string can expand its input
// quadratically.
const MaxPayload = fpuzzles.MaxLoad

// Read reads a SudokuPad link or bare payload with Default.
func Read(link string) (*Puzzle, error) { return Default.Read(context.Background(), link) }

// Read reads a SudokuPad link or bare payload (see the package comment),
// fetching a short id's puzzle unless f is Offline. Errors are
// *satdoku.ParseError values; an f-puzzles payload's are fpuzzles'.
func (f *Fetcher) Read(ctx context.Context, link string) (*Puzzle, error) {
	p, isLink, ok := payload(link)
	if !ok {
		return nil, fail("", ErrSyntax, "not a SudokuPad link or payload")
	}
	if len(p) > MaxPayload {
		return nil, fail("", ErrUnsupported, "a payload of %d bytes (the limit is %d)", len(p), MaxPayload)
	}
	prefix := prefixOf(p)
	if prefix == "" {
		if !isLink {
			return nil, fail("", ErrSyntax, "not a SudokuPad payload")
		}
		var err error
		if p, err = f.fetch(ctx, p); err != nil {
			return nil, err
		}
		if rest, ok := strings.CutPrefix(p, "json:"); ok {
			return readText(rest)
		}
		prefix = prefixOf(p)
	}
	body := p[len(prefix):]
	switch prefix {
	case "fpuzzles", "fpuz":
		fp, err := fpuzzles.Read([]byte(body))
		if err != nil {
			return nil, err
		}
		return &Puzzle{Grid: fp.Grid, Solution: fp.Solution, Title: fp.Title, Author: fp.Author,
			Rules: fp.Ruleset, Clues: fp.Clues, Warnings: fp.Warnings, Unread: fp.Unread}, nil
	case "scl", "ctc":
		text, ok := decompress(body)
		if !ok {
			return nil, fail("", ErrSyntax, "not a SudokuPad %s payload: it does not decompress", prefix)
		}
		return readText(text)
	}
	return nil, fail("", ErrUnsupported, "SudokuPad's %q payloads (classic compact) are not read", prefix)
}

// decompress decompresses an lz-string in the Base64 or URI-safe
// alphabet, as fpuzzles does; a panic of the library is a failure.
func decompress(s string) (text string, ok bool) {
	defer func() {
		if recover() != nil {
			text, ok = "", false
		}
	}()
	s = strings.ReplaceAll(s, " ", "+")
	var err error
	if strings.ContainsAny(s, "-$") {
		text, err = lzstring.DecompressFromEncodedURIComponent(s)
	} else {
		text, err = lzstring.DecompressFromBase64(s)
	}
	return text, err == nil && text != ""
}

// readText reads SudokuPad's JSON text, plain or shortened.
func readText(text string) (*Puzzle, error) {
	v, ok := decodeJSON(text)
	if !ok {
		if v, ok = unzip(text); !ok {
			return nil, fail("", ErrSyntax, "the payload is not SudokuPad JSON")
		}
	}
	root, ok := v.(map[string]any)
	if !ok {
		return nil, fail("", ErrSyntax, "the payload is not a JSON object")
	}
	r := &reader{root: root}
	return r.read()
}

// reader reads one puzzle's JSON.
type reader struct {
	root  map[string]any
	n     int
	p     Puzzle
	named []string
	extra []satdoku.ExtraUnit
	base  *satdoku.Rules
	// used marks the elements read as part of another (a thermometer's
	// bulb, an arrow's circle, a little killer's number), by path.
	used map[string]bool
	// extreme holds the minimum and maximum cells read from their
	// chevrons: clue.Minimum or clue.Maximum by cell.
	extreme map[int]clue.Kind
	// ignored are the elements not read that may draw rules (a
	// background image): Unread names them after the rules text's.
	ignored []rulestext.Rule
}

func (r *reader) read() (*Puzzle, error) {
	r.used = map[string]bool{}
	r.extreme = map[int]clue.Kind{}
	if err := r.board(); err != nil {
		return nil, err
	}
	if err := r.regions(); err != nil {
		return nil, err
	}
	sol, err := r.cages()
	if err != nil {
		return nil, err
	}
	if ms := r.metadata(); sol == "" {
		sol = ms
	}
	if err := r.elements(); err != nil {
		return nil, err
	}
	r.p.Unread = rulestext.Unread(r.p.Rules, r.named, r.p.Clues)
	for _, u := range r.p.Unread {
		r.warn("%s", u.Warning())
	}
	r.p.Unread = append(r.p.Unread, r.ignored...)
	rules := r.base
	if len(r.named) > 0 {
		if rules, err = rules.WithNamed(r.named...); err != nil {
			return nil, fail("", ErrInvalid, "%v", err)
		}
	}
	if rules, err = rules.WithExtra(r.extra...); err != nil {
		return nil, fail("regions", ErrInvalid, "%v", err)
	}
	rules, warns, err := clue.Apply(rules, r.p.Clues...)
	var ce *clue.Error
	switch {
	case errors.As(err, &ce):
		return nil, fail("", ErrInvalid, "%v %s", ce.Kind, ce.Msg)
	case err != nil:
		return nil, fail("", ErrInvalid, "%v", err)
	}
	for _, w := range warns {
		r.warn("ignored %v: %s", r.p.Clues[w.Clue].Kind, w.Msg)
	}
	g := satdoku.NewGrid(rules)
	cells := r.root["cells"].([]any)
	for i := range r.n * r.n {
		cell, _ := cells[i/r.n].([]any)[i%r.n].(map[string]any)
		if d, err := r.given(cell, i); err != nil {
			return nil, err
		} else if d > 0 {
			g.SetCell(i, d)
		}
	}
	r.p.Grid = g
	if sol != "" {
		r.p.Solution = r.solution(sol, rules)
	}
	return &r.p, nil
}

func (r *reader) warn(format string, args ...any) {
	r.p.Warnings = append(r.p.Warnings, fmt.Sprintf(format, args...))
}

// path names the k-th element of list key.
func path(key string, k int) string { return key + "[" + strconv.Itoa(k) + "]" }

// board reads the size from "cells": n rows of n cells.
func (r *reader) board() error {
	rows, ok := r.root["cells"].([]any)
	if !ok || len(rows) == 0 {
		return fail("cells", ErrInvalid, `no "cells": want the rows of the board`)
	}
	n := len(rows)
	for k, row := range rows {
		cs, ok := row.([]any)
		if !ok {
			return fail(path("cells", k), ErrInvalid, "want a row of cells")
		}
		if len(cs) != n {
			return fail(path("cells", k), ErrUnsupported, "a row of %d cells on a board of %d rows: satdoku reads square boards", len(cs), n)
		}
		for c, x := range cs {
			if _, ok := x.(map[string]any); !ok && x != nil {
				return fail(path(path("cells", k), c), ErrInvalid, "want a cell object")
			}
		}
	}
	if !satdoku.IsSide(n) && (n < satdoku.MinN || n > satdoku.MaxN) {
		return fail("cells", ErrUnsupported, "%d×%d boards are not supported (want %d to %d)", n, n, satdoku.MinN, satdoku.MaxN)
	}
	r.n = n
	return nil
}

// given reads the given digit of a cell, 0 for none.
func (r *reader) given(cell map[string]any, i int) (int, error) {
	v, ok := cell["value"]
	if !ok || v == nil || v == "" {
		return 0, nil
	}
	d, ok := integer(v)
	if !ok || d < 1 || d > r.n {
		return 0, fail(path(path("cells", i/r.n), i%r.n)+".value", ErrInvalid, "given %v is not a digit 1 to %d", v, r.n)
	}
	return d, nil
}

// integer reads a whole number, written as a number or a string.
func integer(v any) (int, bool) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = strings.TrimSpace(x)
	default:
		return 0, false
	}
	d, err := strconv.Atoi(s)
	return d, err == nil
}

// number reads a number, or false.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil
	}
	return 0, false
}

var reRC = regexp.MustCompile(`^[rR](\d+)[cC](\d+)$`)

// cell reads a cell reference, [r, c] from 0 or "R1C1", at path.
func (r *reader) cell(v any, at string) (int, error) {
	var row, col int
	switch x := v.(type) {
	case []any:
		if len(x) != 2 {
			return 0, fail(at, ErrInvalid, "want a cell [row, column]")
		}
		a, ok1 := integer(x[0])
		b, ok2 := integer(x[1])
		if !ok1 || !ok2 {
			return 0, fail(at, ErrInvalid, "want a cell [row, column] of whole numbers")
		}
		row, col = a, b
	case string:
		m := reRC.FindStringSubmatch(strings.TrimSpace(x))
		if m == nil {
			return 0, fail(at, ErrInvalid, "%q is not a cell such as \"R1C1\"", x)
		}
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		row, col = a-1, b-1
	default:
		return 0, fail(at, ErrInvalid, "want a cell")
	}
	if row < 0 || row >= r.n || col < 0 || col >= r.n {
		return 0, fail(at, ErrInvalid, "cell r%dc%d is off the %d×%d board", row+1, col+1, r.n, r.n)
	}
	return row*r.n + col, nil
}

// cellList reads a list of cells.
func (r *reader) cellList(v any, at string) ([]int, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, fail(at, ErrInvalid, "want a list of cells")
	}
	out := make([]int, 0, len(list))
	for k, x := range list {
		i, err := r.cell(x, path(at, k))
		if err != nil {
			return nil, err
		}
		out = append(out, i)
	}
	return out, nil
}

// regions reads "regions": the standard boxes when there are none; else
// regions of n cells, a jigsaw unless they are the boxes; cells in no
// region (f-puzzles' null region) leave a board without boxes whose
// regions are extra units.
func (r *reader) regions() error {
	n := r.n
	std, err := satdoku.Standard(n)
	if err != nil {
		return fail("cells", ErrUnsupported, "%v", err)
	}
	list, _ := r.root["regions"].([]any)
	if len(list) == 0 {
		r.base = std
		return nil
	}
	var groups [][]int
	seen := make([]bool, n*n)
	for k, x := range list {
		cells, err := r.cellList(x, path("regions", k))
		if err != nil {
			return err
		}
		if len(cells) != n {
			return fail(path("regions", k), ErrInvalid, "region %d has %d cells, want %d", k+1, len(cells), n)
		}
		for _, i := range cells {
			if seen[i] {
				return fail(path("regions", k), ErrInvalid, "r%dc%d is in two regions", i/n+1, i%n+1)
			}
			seen[i] = true
		}
		groups = append(groups, slices.Sorted(slices.Values(cells)))
	}
	if len(groups) < n {
		r.base, _ = satdoku.Regions(n, nil)
		for k, g := range groups {
			r.extra = append(r.extra, satdoku.ExtraUnit{Name: "region " + strconv.Itoa(k+1), Cells: g})
		}
		r.base = r.base.WithTags("jigsaw")
		return nil
	}
	standard := true
	for _, g := range groups {
		if !slices.ContainsFunc(std.Units(), func(u satdoku.Unit) bool { return u.Kind == satdoku.Box && slices.Equal(u.Cells, g) }) {
			standard = false
		}
	}
	if standard {
		r.base = std
		return nil
	}
	if r.base, err = satdoku.Regions(n, groups); err != nil {
		return fail("regions", ErrInvalid, "%v", err)
	}
	r.base = r.base.WithTags("jigsaw")
	return nil
}

// indexers are the styles of the cages in which SudokuPad's f-puzzles
// import draws f-puzzles' indexer cells (a cage "fromConstraint" an
// indexer), by the clue they are.
var indexers = map[string]clue.Kind{"fpRowIndexer": clue.RowIndexer, "fpColumnIndexer": clue.ColumnIndexer, "fpBoxIndexer": clue.BoxIndexer}

var reMeta = regexp.MustCompile(`^([^: ]+):\s*([\s\S]+)`)

// cages reads "cages": killer cages and metadata. It returns the
// solution's digits, if any.
func (r *reader) cages() (string, error) {
	list, _ := r.root["cages"].([]any)
	sol := ""
	for k, x := range list {
		at := path("cages", k)
		cage, ok := x.(map[string]any)
		if !ok {
			return "", fail(at, ErrInvalid, "want a cage object")
		}
		cellsV, hasCells := cage["cells"]
		if list, ok := cellsV.([]any); !ok || len(list) == 0 {
			hasCells = false
		}
		value, hasValue := cage["value"]
		if s, ok := value.(string); ok {
			if m := reMeta.FindStringSubmatch(s); m != nil && (!hasCells || cage["hidden"] == true) {
				switch strings.ToLower(m[1]) {
				case "title":
					r.p.Title = m[2]
				case "author":
					r.p.Author = m[2]
				case "rules":
					r.p.Rules = m[2]
				case "solution":
					sol = strings.TrimSpace(m[2])
				default:
					r.warn("ignored metadata %q", m[1])
				}
				continue
			}
		}
		if !hasCells {
			if hasValue {
				return "", fail(at, ErrUnsupported, "a cage without cells whose value %v is not metadata", value)
			}
			continue
		}
		cells, err := r.cellList(cellsV, at+".cells")
		if err != nil {
			return "", err
		}
		if k, ok := indexers[fmt.Sprint(cage["style"])]; ok {
			r.p.Clues = append(r.p.Clues, clue.Clue{Kind: k, Cells: cells})
			continue
		}
		unique := cage["unique"] != false
		if !unique && cage["hidden"] == true && !hasValue {
			continue // the cells in no region, as f-puzzles' import writes them
		}
		if !unique {
			return "", fail(at, ErrUnsupported, "cage %s: a cage whose digits may repeat", cellNames(r.n, cells))
		}
		if st, ok := cage["style"]; ok && st != "killer" {
			return "", fail(at, ErrUnsupported, "cage %s: style %v", cellNames(r.n, cells), st)
		}
		c := clue.Clue{Kind: clue.KillerCage, Cells: cells}
		if hasValue && value != "" && value != nil {
			v, ok := integer(value)
			if !ok {
				return "", fail(at+".value", ErrUnsupported, "cage %s: value %v is not a sum", cellNames(r.n, cells), value)
			}
			c.Value = v
		}
		r.p.Clues = append(r.p.Clues, c)
	}
	return sol, nil
}

// metadata reads "metadata" (or f-puzzles' import's "metaData"): the
// global rules anti-knight and anti-king, and the texts. It returns the
// solution's digits, if any.
func (r *reader) metadata() string {
	sol := ""
	for _, key := range []string{"metadata", "metaData"} {
		m, _ := r.root[key].(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(m)) {
			v := m[k]
			switch strings.ToLower(k) {
			case "antiknight", "antiking":
				if v == true {
					r.named = append(r.named, map[string]string{"antiknight": "anti-knight", "antiking": "anti-king"}[strings.ToLower(k)])
				}
			case "title":
				r.p.Title, _ = v.(string)
			case "author":
				r.p.Author, _ = v.(string)
			case "rules":
				r.p.Rules, _ = v.(string)
			case "solution":
				sol, _ = v.(string)
				sol = strings.TrimSpace(sol)
			case "bgimage":
				// Setters draw clues in a background image, out of reach.
				r.warn("ignored the background image (metadata %q): clues drawn in it are not read", k)
				r.ignored = append(r.ignored, rulestext.Rule{Name: "what its background image draws"})
			default:
				r.warn("ignored metadata %q", k)
			}
		}
	}
	slices.Sort(r.named)
	r.named = slices.Compact(r.named)
	return sol
}

// solution reads the solution's digits: one figure a cell, or two on
// boards over 9×9; nil, with a warning, when they do not fill the board.
func (r *reader) solution(s string, rules *satdoku.Rules) *satdoku.Grid {
	n := r.n
	w := 1
	if len(s) == 2*n*n {
		w = 2
	}
	if len(s) != w*n*n {
		r.warn("ignored the solution: %d figures for %d cells", len(s), n*n)
		return nil
	}
	g := satdoku.NewGrid(rules)
	for i := range n * n {
		d, err := strconv.Atoi(s[i*w : i*w+w])
		if err != nil || d < 1 || d > n {
			r.warn("ignored the solution: incomplete")
			return nil
		}
		g.SetCell(i, d)
	}
	return g
}

// cellNames names cells as r1c1,r1c2.
func cellNames(n int, cells []int) string {
	s := make([]string, len(cells))
	for k, i := range cells {
		s[k] = fmt.Sprintf("r%dc%d", i/n+1, i%n+1)
	}
	return strings.Join(s, ",")
}

// near reports whether a and b are equal within rounding.
func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }
