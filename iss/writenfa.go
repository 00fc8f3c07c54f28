package iss

import (
	"encoding/base64"
	"fmt"
	"reflect"
	"strconv"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/link"
)

// bitWriter writes bits into bytes, the highest bit of each byte first,
// as bitReader reads them.
type bitWriter struct {
	b   []byte
	off int
}

// write writes the k lowest bits of v, the highest first.
func (w *bitWriter) write(v, k int) {
	for bit := k - 1; bit >= 0; bit-- {
		if w.off>>3 == len(w.b) {
			w.b = append(w.b, 0)
		}
		if v>>bit&1 == 1 {
			w.b[w.off>>3] |= 1 << (7 - w.off&7)
		}
		w.off++
	}
}

// encodeNFA writes automaton a, on the digits 1 to n and, when breaks is
// set, the segment break as symbol n+1, as decodeNFA reads it (ISS's
// NFASerializer, plain format): its states renumbered start states first,
// then the other accepting states, then the rest, each in its order. ok
// is false when ISS's format cannot hold it (more than 16 symbols).
func encodeNFA(a *satdoku.NFA, n int, breaks bool) (string, bool) {
	symbols := n
	if breaks {
		symbols = n + 1
	}
	if symbols > 16 || len(a.Start) == 0 || a.States < 1 || a.States > satdoku.MaxNFAStates {
		return "", false
	}
	for _, m := range a.Moves {
		if m.From < 0 || m.From >= a.States || m.To < 0 || m.To >= a.States || m.Symbol < 0 || m.Symbol > n {
			return "", false
		}
	}
	// The new number of each state: start states first, then the other
	// accepting states, then the rest.
	num := make([]int, a.States)
	placed := make([]bool, a.States)
	accepting := make([]bool, a.States)
	next := 0
	place := func(s int) {
		if s >= 0 && s < a.States && !placed[s] {
			placed[s], num[s] = true, next
			next++
		}
	}
	for _, s := range a.Start {
		place(s)
	}
	starts := next
	for _, s := range a.Accept {
		if s >= 0 && s < a.States {
			accepting[s] = true
		}
		place(s)
	}
	accepts := next - starts
	for s := range a.States {
		place(s)
	}
	// order[k] is the state numbered k.
	order := make([]int, a.States)
	for s, k := range num {
		order[k] = s
	}
	stateBits := max(bitLen(a.States-1), bitLen(starts), bitLen(accepts), 1)
	if stateBits > 16 {
		return "", false
	}
	moves := make([][]satdoku.Move, a.States)
	most := 0
	for _, m := range a.Moves {
		sym := m.Symbol
		if sym == satdoku.Break {
			if !breaks {
				continue
			}
			sym = n + 1
		}
		k := num[m.From]
		moves[k] = append(moves[k], satdoku.Move{To: num[m.To], Symbol: sym})
		most = max(most, len(moves[k]))
	}
	// Eight bits a count or more, so that the padding of the last byte
	// (seven bits at most) reads as no state.
	countBits := max(bitLen(most), 8)
	if countBits > 15 {
		return "", false
	}
	w := &bitWriter{}
	w.write(0, 2) // plain
	w.write(stateBits-1, 4)
	w.write(symbols-1, 4)
	w.write(starts, stateBits)
	w.write(accepts, stateBits)
	for k := range starts {
		accept := 0
		if accepting[order[starts-1-k]] {
			accept = 1
		}
		w.write(accept, 1)
	}
	w.write(countBits, 4)
	symbolBits := bitLen(symbols - 1)
	for _, ms := range moves {
		w.write(len(ms), countBits)
		for _, m := range ms {
			w.write(m.Symbol-1, symbolBits)
			w.write(m.To, stateBits)
		}
	}
	return base64.RawURLEncoding.EncodeToString(w.b), true
}

// automaton writes an automaton clue: ISS's NFA on its lines, one group
// of cells split into segments by "-".
func (w *writer) automaton(c *clue.Clue) error {
	if c.NFA == nil || w.r.ValueOffset() != 0 {
		return link.Refuse(target, "automaton on these values")
	}
	if len(c.Lines) == 1 && c.Label != "" {
		// A regular expression's automaton (the Label its pattern, as
		// the reader keeps it), when the pattern compiles to it.
		if a, err := compileRegex(c.Label, w.r.Values(), 0); err == nil && reflect.DeepEqual(a, c.NFA) {
			w.item("Regex", append([]string{base64.RawURLEncoding.EncodeToString([]byte(c.Label))}, w.ids(c.Lines[0])...)...)
			return nil
		}
	}
	key, ok := encodeNFA(c.NFA, w.r.Values(), len(c.Lines) > 1)
	if !ok {
		return link.Refusef(target, "automaton of this size", "its automata read 16 symbols at most")
	}
	args := []string{key}
	if c.Label != "" {
		args = append(args, "_"+pathEscape(c.Label))
	}
	for k, l := range c.Lines {
		if k > 0 {
			args = append(args, "-")
		}
		args = append(args, w.ids(l)...)
	}
	w.item("NFA", args...)
	return nil
}

// pathEscape escapes every byte of s but letters and digits, so that a
// name holds none of the separators of a constraint string.
func pathEscape(s string) string {
	const hex = "0123456789ABCDEF"
	var out []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			out = append(out, c)
			continue
		}
		out = append(out, '%', hex[c>>4], hex[c&15])
	}
	return string(out)
}

// writeGroup is a group of var cells the writer writes: the first cell,
// how many and, for a layout in rows, the cells of a row (0 for none).
type writeGroup struct {
	name                  string
	start, count, columns int
}

// varGroups names the var cells (cells N² on) as ISS's Var groups: each
// range of cells that a connected-values clue lays out in rows is a group
// of that layout, the others in runs between them groups of a count;
// the groups are named VA, VB … in the order of their cells, as the
// reader numbers them.
func (w *writer) varGroups() error {
	n2, k := w.n*w.n, w.r.VarCells()
	if k == 0 {
		return nil
	}
	var groups []writeGroup
	cut := map[int]writeGroup{}
	for _, c := range w.s.Clues {
		if c.Kind != clue.ConnectedValues || len(c.Cells) == 0 || c.Cells[0] < n2 {
			continue
		}
		cols := c.Value
		if cols == 0 {
			cols = w.n
		}
		for j, i := range c.Cells {
			if i != c.Cells[0]+j {
				return link.Refuse(target, "connected values on var cells that are not one run")
			}
		}
		if len(c.Cells)%cols != 0 || cols > 16 {
			return link.Refuse(target, "connected values on var cells in rows of this size")
		}
		cut[c.Cells[0]] = writeGroup{start: c.Cells[0], count: len(c.Cells), columns: cols}
	}
	for i := n2; i < n2+k; {
		if g, ok := cut[i]; ok {
			groups = append(groups, g)
			i += g.count
			continue
		}
		end := i + 1
		for end < n2+k && cut[end].count == 0 {
			end++
		}
		groups = append(groups, writeGroup{start: i, count: end - i})
		i = end
	}
	if len(groups) > 26 {
		return link.Refusef(target, fmt.Sprintf("%d groups of var cells", len(groups)), "satdoku writes 26 at most")
	}
	w.vars = make([]string, k)
	for x := range groups {
		g := &groups[x]
		g.name = string(rune('A' + x))
		size := strconv.Itoa(g.count)
		if g.columns > 0 {
			size = fmt.Sprintf("%dx%d", g.count/g.columns, g.columns)
		}
		w.item("Var", g.name, "", size)
		for j := range g.count {
			name := "V" + g.name
			if g.count > 1 {
				name += strconv.Itoa(j + 1)
			}
			w.vars[g.start+j-n2] = name
		}
	}
	w.groups = groups
	return nil
}

// groupOf returns the group argument of a connected-values clue on cells
// laid out in rows of cols: "" for the grid, a group's name ("VA"), or "-"
// when the cells are neither.
func (w *writer) groupOf(cells []int, cols int) string {
	n := w.n
	if cols == 0 {
		cols = n
	}
	if len(cells) == n*n && cells[0] == 0 && cells[n*n-1] == n*n-1 && cols == n {
		return ""
	}
	for _, g := range w.groups {
		if len(cells) > 0 && g.start == cells[0] && g.count == len(cells) && g.columns == cols {
			return "V" + g.name
		}
	}
	return "-"
}
