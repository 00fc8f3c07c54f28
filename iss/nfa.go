package iss

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
)

// ISS's state machines (js/sudoku_constraint.js, classes NFA and Regex):
//
//   - ".NFA~KEY~CELLS…": the digits along the line, in order, must be
//     accepted by the automaton KEY, as NFASerializer writes it
//     (js/nfa_builder.js). Its cells come in groups, as a Pair's: "_NAME"
//     starts a named group, an empty argument a new one
//     (parseNamedCellGroups), each group a line of its own; a "-" inside a
//     group splits it into segments (splitSegments), between which the
//     automaton reads the segment break, the symbol after the last value
//     (segmentBreakSymbol).
//   - ".Regex~PATTERN~CELLS…": the digits along the line, read as a string
//     (1 to 9, then A for 10 …), must match the regular expression as a
//     whole; PATTERN is URL-safe base64 (or, in older strings, URL-encoded
//     when it holds '%'), white space dropped, and groups of cells are
//     separated by empty arguments.
//
// An automaton reads symbols 1, 2, …: the values of the grid in order
// (symbolDigit maps them to satdoku's digits).

// symbolDigit returns the digit of a board of n values that symbol s of
// an ISS automaton reads, and whether it is one: symbol s is the s-th
// value of the grid (js/solver/sudoku_builder.js compiles the automaton
// over numValues symbols, whatever the value offset), which is digit s.
func symbolDigit(s, n int) (int, bool) { return s, s >= 1 && s <= n }

// charDigit returns the digit that a character of a regular expression
// names on a board of n values from 1+off (ISS's charToValue: '0'–'9',
// then 'A'–'Z' or 'a'–'z' from 10, the value less the offset: '0' is
// digit 1 on a board of the values 0 to 8), and whether it is one of the
// board's.
func charDigit(c byte, n, off int) (int, bool) {
	v := -1
	switch {
	case c >= '0' && c <= '9':
		v = int(c - '0')
	case c >= 'A' && c <= 'Z':
		v = int(c-'A') + 10
	case c >= 'a' && c <= 'z':
		v = int(c-'a') + 10
	}
	return symbolDigit(v-off, n)
}

// bitReader reads bits from bytes, the highest bit of each byte first
// (ISS's BitReader, js/util.js).
type bitReader struct {
	b   []byte
	off int // in bits
}

func (r *bitReader) left() int { return 8*len(r.b) - r.off }

// read reads k bits (k ≤ 32) as a number, the first bit the highest.
func (r *bitReader) read(k int) (int, error) {
	if k > r.left() {
		return 0, fmt.Errorf("the automaton's data ends early")
	}
	v := 0
	for range k {
		v = v<<1 | int(r.b[r.off>>3]>>(7-r.off&7)&1)
		r.off++
	}
	return v, nil
}

// bitLen is the number of bits that write n (ISS's requiredBits).
func bitLen(n int) int {
	k := 0
	for ; n > 0; n >>= 1 {
		k++
	}
	return k
}

// isNFA is an automaton as ISS's NFASerializer writes it: its moves on
// symbols 1, 2, ….
type isNFA struct {
	states, symbols int
	start, accept   []int
	moves           []satdoku.Move // Symbol is ISS's symbol
}

// decodeNFA reads an automaton that NFASerializer.serialize wrote: URL-safe
// base64 of a bit stream with a header (the format, plain or packed, the
// bits of a state, the number of symbols, the start states, then the
// accepting states that are not start states, and which start states
// accept) and a body of the moves of each state in turn, up to the end of
// the data, whose padding must be zero bits. The states are numbered
// start states first, then the other accepting states.
func decodeNFA(key string) (*isNFA, error) {
	if key == "" {
		return &isNFA{states: 1, start: []int{0}}, nil // no states: it accepts nothing
	}
	data, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(key, "="))
	if err != nil || len(data) == 0 {
		return nil, fmt.Errorf("%q is not an automaton (URL-safe base64)", key)
	}
	r := &bitReader{b: data}
	format, _ := r.read(2)
	stateBits, _ := r.read(4)
	stateBits++
	symbols, _ := r.read(4)
	symbols++
	if format > 1 {
		return nil, fmt.Errorf("an automaton of unknown format %d", format)
	}
	a := &isNFA{symbols: symbols}
	startCount, err := r.read(stateBits)
	if err != nil {
		return nil, err
	}
	acceptCount, err := r.read(stateBits)
	if err != nil {
		return nil, err
	}
	if startCount < 1 {
		return nil, fmt.Errorf("an automaton without a start state")
	}
	for k := range startCount {
		a.start = append(a.start, k)
	}
	// startIsAccept: bit k of a number of startCount bits.
	for k := range startCount {
		bit, err := r.read(1)
		if err != nil {
			return nil, err
		}
		if bit == 1 {
			a.accept = append(a.accept, startCount-1-k)
		}
	}
	slices.Sort(a.accept)
	for k := range acceptCount {
		a.accept = append(a.accept, startCount+k)
	}
	symbolBits := bitLen(symbols - 1)
	state := 0
	if format == 0 { // plain: a count, then (symbol, target) pairs
		countBits, err := r.read(4)
		if err != nil {
			return nil, err
		}
		for ; countBits > 0 && r.left() >= countBits; state++ {
			count, _ := r.read(countBits)
			for range count {
				if r.left() < symbolBits+stateBits {
					return nil, fmt.Errorf("the automaton's moves end early")
				}
				s, _ := r.read(symbolBits)
				t, _ := r.read(stateBits)
				a.moves = append(a.moves, satdoku.Move{From: state, To: t, Symbol: s + 1})
			}
			if len(a.moves) > satdoku.MaxNFAMoves {
				return nil, fmt.Errorf("an automaton of more than %d moves", satdoku.MaxNFAMoves)
			}
		}
	} else { // packed: a mask of the symbols, then a target for each
		for ; r.left() >= symbols; state++ {
			mask, _ := r.read(symbols)
			for s := 1; mask != 0; s, mask = s+1, mask>>1 {
				if mask&1 == 0 {
					continue
				}
				t, err := r.read(stateBits)
				if err != nil {
					return nil, fmt.Errorf("the automaton's moves end early")
				}
				a.moves = append(a.moves, satdoku.Move{From: state, To: t, Symbol: s})
			}
			if len(a.moves) > satdoku.MaxNFAMoves {
				return nil, fmt.Errorf("an automaton of more than %d moves", satdoku.MaxNFAMoves)
			}
		}
	}
	for r.left() > 0 {
		if bit, _ := r.read(1); bit != 0 {
			return nil, fmt.Errorf("the automaton's data has trailing bits")
		}
	}
	a.states = max(state, startCount+acceptCount)
	for _, m := range a.moves {
		a.states = max(a.states, m.To+1)
	}
	if a.states > satdoku.MaxNFAStates {
		return nil, fmt.Errorf("an automaton of %d states (the limit is %d)", a.states, satdoku.MaxNFAStates)
	}
	return a, nil
}

// onBoard returns the automaton over the digits of an n×n board: a move
// on a symbol that is a digit reads it, one on symbol n+1 (the segment
// break) reads satdoku.Break when the line has segments, and the other
// moves never happen.
func (a *isNFA) onBoard(n int, segments bool) *satdoku.NFA {
	out := &satdoku.NFA{States: a.states, Start: a.start, Accept: a.accept}
	for _, m := range a.moves {
		if d, ok := symbolDigit(m.Symbol, n); ok {
			out.Moves = append(out.Moves, satdoku.Move{From: m.From, To: m.To, Symbol: d})
		} else if segments && m.Symbol == n+1 {
			out.Moves = append(out.Moves, satdoku.Move{From: m.From, To: m.To, Symbol: satdoku.Break})
		}
	}
	return out
}

// cellArg reads argument k of it as a cell: of the grid, or a variable
// cell ("VL1") of a Var group.
func (b *builder) cellArg(it *item, k int) (int, error) {
	s := it.args[k]
	if i, ok := b.cell(s); ok {
		return i, nil
	}
	return 0, b.t.fail(it.argAt[k], ErrInvalid, "%s: %q is not a cell of the %d×%d board, nor a variable cell", it.typ, s, b.n, b.n)
}

// nfa reads ".NFA~KEY~…": an Automaton clue for each group of cells.
func (b *builder) nfa(it *item) error {
	key, at, err := b.arg(it, 0)
	if err != nil {
		return err
	}
	a, err := decodeNFA(key)
	if err != nil {
		return b.t.fail(at, ErrInvalid, "NFA: %v", err)
	}
	name := ""
	var segs [][]int
	flush := func() error {
		defer func() { segs = nil }()
		if nv := b.numValues(); len(segs) > 1 && a.symbols < nv+1 {
			// As ISS's NFAConstraint.initialize refuses it.
			return b.t.fail(at, ErrInvalid, "NFA: a line of segments needs an automaton of %d symbols (the values and the break), not %d", nv+1, a.symbols)
		}
		if len(segs) > 1 || len(segs) == 1 && len(segs[0]) > 0 {
			label := name
			if label == "" {
				label = "NFA"
			}
			b.add(it.at, clue.Clue{Kind: clue.Automaton, Lines: segs, NFA: a.onBoard(b.numValues(), len(segs) > 1), Label: label})
		}
		return nil
	}
	for k := 1; k < len(it.args); k++ {
		s := it.args[k]
		switch {
		case s == "":
			if err := flush(); err != nil {
				return err
			}
		case s[0] == '_':
			if err := flush(); err != nil {
				return err
			}
			if name, err = url.PathUnescape(s[1:]); err != nil {
				return b.t.fail(it.argAt[k], ErrInvalid, "NFA: name %q is not URL-encoded", s[1:])
			}
		case s == "-":
			if segs == nil {
				segs = [][]int{nil}
			}
			segs = append(segs, nil)
		default:
			i, err := b.cellArg(it, k)
			if err != nil {
				return err
			}
			if segs == nil {
				segs = [][]int{nil}
			}
			segs[len(segs)-1] = append(segs[len(segs)-1], i)
		}
	}
	return flush()
}

// regex reads ".Regex~PATTERN~CELLS…": an Automaton clue for each group of
// cells, the automaton compiled from the pattern.
func (b *builder) regex(it *item) error {
	tok, at, err := b.arg(it, 0)
	if err != nil {
		return err
	}
	var pattern string
	if strings.Contains(tok, "%") {
		pattern, err = url.PathUnescape(tok)
	} else {
		var p []byte
		p, err = base64.RawURLEncoding.DecodeString(strings.TrimRight(tok, "="))
		pattern = string(p)
	}
	if err != nil {
		return b.t.fail(at, ErrInvalid, "Regex: %q is not an encoded pattern", tok)
	}
	pattern = strings.Join(strings.Fields(pattern), "")
	a, err := compileRegex(pattern, b.numValues(), b.valueOffset)
	if err != nil {
		return b.t.fail(at, ErrInvalid, "Regex: %q: %v", pattern, err)
	}
	var line []int
	flush := func() {
		if len(line) > 0 {
			b.add(it.at, clue.Clue{Kind: clue.Automaton, Lines: [][]int{line}, NFA: a, Label: pattern})
		}
		line = nil
	}
	for k := 1; k < len(it.args); k++ {
		if it.args[k] == "" {
			flush()
			continue
		}
		i, err := b.cellArg(it, k)
		if err != nil {
			return err
		}
		line = append(line, i)
	}
	flush()
	return nil
}
