package satdoku

import (
	"fmt"
	"slices"
)

// NFA is a nondeterministic finite automaton over the digits of a
// line of cells (an Automaton constraint): it reads the digits of the
// cells in order and accepts the line when some run from a start state
// ends in an accepting state. It is plain data, read by every layer: the
// encoder's layered states, the validator's simulation, the DIMACS
// comments.
type NFA struct {
	// States is the number of states, numbered from 0.
	States int
	// Start are the states a run starts in; Accept those it may end in.
	Start, Accept []int
	// Moves are the transitions: from a state, reading a symbol, to a
	// state. A state and a symbol may have several moves (or none: the
	// run stops).
	Moves []Move
	// Breaks are the places in the constraint's cells, in increasing
	// order, before which the automaton reads Break rather than a digit:
	// a line of several segments (ISS's multi-segment NFAs), k for a
	// break before the k-th cell (from 0), len(Cells) for one after the
	// last. Nil for a line of one segment.
	Breaks []int
}

// Move is a transition of an NFA: in state From, reading Symbol, it
// may go to state To.
type Move struct {
	From, To int
	// Symbol is a digit 1 to N, or Break.
	Symbol int
}

// Break is the symbol an NFA reads between two segments of its line
// (see NFA.Breaks).
const Break = 0

// MaxNFAStates bounds the states of an NFA (ISS's serialized
// automata have up to 2¹⁶).
const MaxNFAStates = 1 << 16

// MaxNFAMoves bounds the moves of an NFA.
const MaxNFAMoves = 1 << 20

// Symbols returns the symbols an Automaton constraint reads over its
// cells: each cell's index into its cells, or −1 for a break, in order.
func (a *NFA) Symbols(cells int) []int {
	out := make([]int, 0, cells+len(a.Breaks))
	b := 0
	for k := 0; k <= cells; k++ {
		for ; b < len(a.Breaks) && a.Breaks[b] == k; b++ {
			out = append(out, -1)
		}
		if k < cells {
			out = append(out, k)
		}
	}
	return out
}

// Clone returns a deep copy of a (nil for nil).
func (a *NFA) Clone() *NFA {
	if a == nil {
		return nil
	}
	return &NFA{States: a.States, Start: slices.Clone(a.Start), Accept: slices.Clone(a.Accept),
		Moves: slices.Clone(a.Moves), Breaks: slices.Clone(a.Breaks)}
}

// check reports what is wrong with a as the automaton of a line of cells
// cells long on an n×n board, or nil.
func (a *NFA) check(n, cells int) error {
	if a == nil {
		return fmt.Errorf("no automaton")
	}
	if a.States < 1 || a.States > MaxNFAStates {
		return fmt.Errorf("%d states (want 1 to %d)", a.States, MaxNFAStates)
	}
	if len(a.Moves) > MaxNFAMoves {
		return fmt.Errorf("%d moves (want at most %d)", len(a.Moves), MaxNFAMoves)
	}
	for _, s := range slices.Concat(a.Start, a.Accept) {
		if s < 0 || s >= a.States {
			return fmt.Errorf("state %d of %d", s, a.States)
		}
	}
	for _, m := range a.Moves {
		if m.From < 0 || m.From >= a.States || m.To < 0 || m.To >= a.States {
			return fmt.Errorf("a move from state %d to %d of %d", m.From, m.To, a.States)
		}
		if m.Symbol < Break || m.Symbol > n {
			return fmt.Errorf("a move on symbol %d (want %d for a break or a digit 1 to %d)", m.Symbol, Break, n)
		}
	}
	for k, b := range a.Breaks {
		if b < 0 || b > cells || k > 0 && b < a.Breaks[k-1] {
			return fmt.Errorf("breaks %v are not places 0 to %d in order", a.Breaks, cells)
		}
	}
	return nil
}
