package fpuzzles

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/link"
)

// LinkPrefix starts an f-puzzles link; the load string follows.
const LinkPrefix = "https://www.f-puzzles.com/?load="

// target names f-puzzles in the errors of the writer.
const target = "f-puzzles"

// MaxWriteN is the largest board f-puzzles draws, 16×16.
const MaxWriteN = 16

// The lists of clues the writer writes, by kind: the keys of ruleKeys
// whose items are "cells" (and a "value"), "lines" (and a "value") or one
// "cell", and those of the clues outside the board.
var (
	cellsKeys = map[clue.Kind]string{clue.ExtraRegion: "extraregion", clue.KillerCage: "killercage",
		clue.WhiteDot: "difference", clue.BlackDot: "ratio", clue.RowIndexer: "rowindexer",
		clue.ColumnIndexer: "columnindexer", clue.BoxIndexer: "boxindexer"}
	linesKeys = map[clue.Kind]string{clue.Thermometer: "thermometer", clue.Palindrome: "palindrome",
		clue.Renban: "renban", clue.Whispers: "whispers", clue.Between: "betweenline",
		clue.RegionSumLine: "regionsumline", clue.ZipperLine: "zipperline", clue.DoubleArrow: "doublearrow",
		clue.Nabner: "nabner", clue.EntropicLine: "entropicline", clue.ModularLine: "modularline",
		clue.SlowThermometer: "slowthermometer", clue.LockoutLine: "lockout"}
	cellKeys    = map[clue.Kind]string{clue.Odd: "odd", clue.Even: "even", clue.Minimum: "minimum", clue.Maximum: "maximum"}
	outsideKeys = map[clue.Kind]string{clue.LittleKiller: "littlekillersum", clue.Sandwich: "sandwichsum",
		clue.XSum: "xsum", clue.Skyscraper: "skyscraper"}
)

// Write returns the f-puzzles JSON of puzzle g, whose clues (as its
// reader read them; nil for none) made its rules with its global rules
// (see link.Of): the givens, the regions, the global rules and every clue
// as f-puzzles' element of its kind. A rule f-puzzles cannot hold is an
// error wrapping link.ErrUnsupported that names it ("f-puzzles has no
// automaton"); the JSON is read back before it is returned, and a
// difference in the rules or the givens is such an error too.
func Write(g *satdoku.Grid, clues []clue.Clue) ([]byte, error) {
	w := &writer{s: link.Of(g, clues), n: g.N(), root: map[string]any{}}
	if err := w.write(); err != nil {
		return nil, err
	}
	text, err := json.Marshal(w.root)
	if err != nil {
		return nil, fmt.Errorf("f-puzzles: %w", err)
	}
	back, err := readJSON(text)
	if err != nil {
		return nil, link.Unreadable(target, err)
	}
	if err := link.Check(target, g, back.Grid); err != nil {
		return nil, err
	}
	return text, nil
}

// Load returns the load string of puzzle g: its JSON (see Write)
// compressed by lz-string in its Base64 alphabet, as f-puzzles writes it.
func Load(g *satdoku.Grid, clues []clue.Clue) (string, error) {
	text, err := Write(g, clues)
	if err != nil {
		return "", err
	}
	s, err := lzstring.CompressToBase64(string(text))
	if err != nil {
		return "", fmt.Errorf("f-puzzles: compress: %w", err)
	}
	if back, ok := decompress(s); !ok || back != string(text) {
		return "", fmt.Errorf("f-puzzles: the load string does not decompress to the puzzle")
	}
	return s, nil
}

// Link returns the f-puzzles link of puzzle g, LinkPrefix and its load
// string (see Load and Write).
func Link(g *satdoku.Grid, clues []clue.Clue) (string, error) {
	s, err := Load(g, clues)
	if err != nil {
		return "", err
	}
	return LinkPrefix + s, nil
}

// writer builds the JSON object of one puzzle.
type writer struct {
	s     link.Spec
	n     int
	root  map[string]any
	cells [][]map[string]any
}

// ref writes the cell at row r, column c (from 0; −1 and N outside the
// board) as f-puzzles names it: "R1C1".
func ref(r, c int) string { return fmt.Sprintf("R%dC%d", r+1, c+1) }

func (w *writer) refs(cells []int) []string {
	out := make([]string, len(cells))
	for k, i := range cells {
		out[k] = ref(i/w.n, i%w.n)
	}
	return out
}

// add appends item to the list under key.
func (w *writer) add(key string, item map[string]any) {
	list, _ := w.root[key].([]map[string]any)
	w.root[key] = append(list, item)
}

func (w *writer) write() error {
	g, n := w.s.Grid, w.n
	r := g.Rules()
	switch {
	case n > MaxWriteN:
		return link.Refusef(target, fmt.Sprintf("%d×%d board", n, n), "it draws boards up to %d×%d", MaxWriteN, MaxWriteN)
	case r.ValueOffset() != 0 || r.Values() != n:
		return link.Refusef(target, fmt.Sprintf("%d×%d board of the values %d to %d", n, n, r.ValueOf(1), r.ValueOf(r.Values())), "its cells hold 1 to %d", n)
	case r.VarCells() > 0:
		return link.Refuse(target, "variable cells")
	case r.Raw():
		return link.Refusef(target, "raw grid (no rows, columns or boxes)", "its grids have rows and columns")
	}
	w.root["size"] = n
	w.cells = make([][]map[string]any, n)
	for row := range n {
		w.cells[row] = make([]map[string]any, n)
		for col := range n {
			cell := map[string]any{}
			if d := g.Get(row, col); d != 0 {
				cell["value"], cell["given"] = d, true
			}
			w.cells[row][col] = cell
		}
	}
	w.root["grid"] = w.cells
	w.regions(r)
	if err := w.named(r); err != nil {
		return err
	}
	for k := range w.s.Clues {
		if err := w.clue(&w.s.Clues[k]); err != nil {
			return err
		}
	}
	return nil
}

// regions writes each cell's region where it is not f-puzzles' default
// (see the package documentation), null in every cell of a board
// without regions but for the prime sizes, whose default is none.
func (w *writer) regions(r *satdoku.Rules) {
	n := w.n
	h, bw := satdoku.BoxShape(n)
	reg := r.CellRegions()
	for i, x := range reg[:n*n] {
		row, col := i/n, i%n
		switch {
		case x < 0 && h > 0:
			w.cells[row][col]["region"] = nil
		case x < 0:
			// A prime side: rows by default, which the reader takes as
			// no regions.
		case h > 0 && x != row/h*(n/bw)+col/bw, h == 0:
			w.cells[row][col]["region"] = x
		}
	}
}

// named writes the global rules: f-puzzles' own, and windoku as its four
// windows, extra regions.
func (w *writer) named(r *satdoku.Rules) error {
	keys := map[string]string{"diagonal+": "diagonal+", "diagonal-": "diagonal-", "anti-knight": "antiknight",
		"anti-king": "antiking", "disjoint": "disjointgroups"}
	for _, name := range w.s.Named {
		switch name {
		case "x":
			w.root["diagonal+"], w.root["diagonal-"] = true, true
		case "nonconsecutive":
			// Between every two neighbours (ISS's AntiConsecutive), with
			// Kropki dots: f-puzzles' rule exempts their pairs.
			return link.Refusef(target, "nonconsecutive rule between the cells of Kropki dots", "its nonconsecutive exempts the pairs of Kropki dots")
		case "windoku":
			for _, u := range r.Extras() {
				if strings.HasPrefix(u.Name, "window ") {
					w.add("extraregion", map[string]any{"cells": w.refs(u.Cells)})
				}
			}
		default:
			key, ok := keys[name]
			if !ok {
				return link.Refuse(target, name+" rule")
			}
			w.root[key] = true
		}
	}
	return nil
}

// clue writes one clue.
func (w *writer) clue(c *clue.Clue) error {
	n := w.n
	if key, ok := cellsKeys[c.Kind]; ok {
		item := map[string]any{"cells": w.refs(c.Cells)}
		if c.Value != 0 {
			item["value"] = c.Value
		}
		if c.Kind == clue.ExtraRegion || c.Kind == clue.RowIndexer || c.Kind == clue.ColumnIndexer || c.Kind == clue.BoxIndexer {
			delete(item, "value")
		}
		w.add(key, item)
		return nil
	}
	if key, ok := linesKeys[c.Kind]; ok {
		var lines [][]string
		for _, l := range c.Lines {
			lines = append(lines, w.refs(l))
		}
		item := map[string]any{"lines": lines}
		switch {
		case c.Kind == clue.Whispers && c.Value != 0:
			item["value"] = c.Value
		case c.Kind == clue.LockoutLine && c.Value != 0 && c.Value != n/2:
			return link.Refusef(target, fmt.Sprintf("lockout line of difference %d", c.Value), "its lockout lines differ by %d", n/2)
		}
		w.add(key, item)
		return nil
	}
	if key, ok := cellKeys[c.Kind]; ok {
		for _, i := range c.Cells {
			w.add(key, map[string]any{"cell": ref(i/n, i%n)})
		}
		return nil
	}
	if key, ok := outsideKeys[c.Kind]; ok {
		item := map[string]any{"cell": ref(c.Row, c.Col), "value": c.Value}
		if c.Kind == clue.LittleKiller {
			item["direction"] = c.Direction.String()
		}
		w.add(key, item)
		return nil
	}
	switch c.Kind {
	case clue.Arrow:
		var lines [][]string
		for _, l := range c.Lines {
			lines = append(lines, w.refs(w.fromCircle(c.Cells, l)))
		}
		w.add("arrow", map[string]any{"cells": w.refs(c.Cells), "lines": lines})
	case clue.XV:
		mark := map[int]string{5: "V", 10: "X"}[c.Value]
		if mark == "" {
			return link.Refusef(target, fmt.Sprintf("XV mark of sum %d", c.Value), "its marks are X (10) and V (5)")
		}
		w.add("xv", map[string]any{"cells": w.refs(c.Cells), "value": mark})
	case clue.Clone:
		for a := range c.Lines {
			for b := a + 1; b < len(c.Lines); b++ {
				w.add("clone", map[string]any{"cells": w.refs(c.Lines[a]), "cloneCells": w.refs(c.Lines[b])})
			}
		}
	case clue.Quadruple:
		w.add("quadruple", map[string]any{"cells": w.refs(c.Cells), "values": c.Values})
	case clue.PencilMarks:
		for _, i := range c.Cells {
			if i < 0 || i >= n*n {
				return link.Refuse(target, fmt.Sprintf("cell %d off the %d×%d board", i, n, n))
			}
			cell := w.cells[i/n][i%n]
			if _, ok := cell["givenPencilMarks"]; ok {
				return link.Refuse(target, "second list of given pencil marks in "+ref(i/n, i%n))
			}
			cell["givenPencilMarks"] = slices.Sorted(slices.Values(c.Values))
		}
	case clue.Nonconsecutive:
		w.root["nonconsecutive"] = true
	case clue.NegativeRatio, clue.NegativeDifference, clue.NegativeXV:
		neg := map[clue.Kind]string{clue.NegativeRatio: "ratio", clue.NegativeDifference: "difference", clue.NegativeXV: "xv"}[c.Kind]
		list, _ := w.root["negative"].([]string)
		if !slices.Contains(list, neg) {
			w.root["negative"] = append(list, neg)
		}
	default:
		return link.Refuse(target, c.Kind.String())
	}
	return nil
}

// fromCircle returns an arrow's line as f-puzzles draws it, from the
// circle: a line (as ISS writes it, the shaft alone) whose first cell is
// not in the circle starts at the circle's cell next to it, which adds
// nothing to the sum (the cells of the circle are not the shaft's).
func (w *writer) fromCircle(circle, line []int) []int {
	n := w.n
	if len(line) == 0 || slices.Contains(circle, line[0]) {
		return line
	}
	for _, i := range circle {
		if dr, dc := i/n-line[0]/n, i%n-line[0]%n; dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1 {
			return append([]int{i}, line...)
		}
	}
	return line
}

// KeyRule names the rule that the f-puzzles key writes as satdoku names
// it: a clue kind ("xsum": "x-sum", "betweenline": "between"), a global
// rule ("disjointgroups": "disjoint", "negative": "negative rules",
// "givenPencilMarks": "given pencil marks"), or the key itself.
func KeyRule(key string) string {
	for _, m := range []map[clue.Kind]string{cellsKeys, linesKeys, cellKeys, outsideKeys} {
		for k, v := range m {
			if v == key {
				return k.String()
			}
		}
	}
	switch key {
	case "disjointgroups":
		return "disjoint groups"
	case "negative":
		return "negative rules"
	case "givenPencilMarks":
		return clue.PencilMarks.String()
	}
	return key
}
