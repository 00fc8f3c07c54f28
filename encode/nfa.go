package encode

import (
	"math/bits"
	"slices"

	"github.com/satdoku/satdoku"
)

// automaton writes an Automaton constraint as the layered graph of its
// automaton over the line (Bacchus, "GAC via unit propagation", CP 2007;
// the regular constraint of Pesant and Quimper–Walsh): layer k holds the
// states a run may be in before the k-th symbol, kept when the cells'
// candidates reach them from a start state and lead from them to an
// accepting state after the last symbol. Every state kept has a variable
// ("a run passes here"; true when it is alone in its layer), and every
// move kept between two of them, on a candidate digit of its cell (or on
// the break between segments), a variable of its own. The clauses:
//
//   - a move → its source, its target and its digit;
//   - a state (but in the last layer) → one of its moves out, and a state
//     (but in the first layer) → one of its moves in;
//   - a digit of the cell → one of the layer's moves on that digit (and
//     its negation when there is none); a break layer → one of its moves;
//   - each layer → one of its states.
//
// In a model the true moves of each layer join into runs: from a true move
// of the first layer, each true state leads on by a true move on its
// cell's digit, to an accepting state. Unit propagation on these clauses
// removes every digit that no accepted line over the candidates uses. With
// no accepted line, the empty clause.
func (e *Encoder) automaton(a ClauseAdder, d *Domain, c *satdoku.Constraint) {
	g := newLayers(c, func(i int) uint64 { return e.cellMask(d, i) })
	if len(g.live[0]) == 0 {
		e.emit(a)
		return
	}
	L := len(g.syms)
	// The literals of the states kept, layer by layer.
	lits := make([]map[int32]int, L+1)
	for k := range lits {
		lits[k] = make(map[int32]int, len(g.live[k]))
		one := []int{}
		for _, q := range g.live[k] {
			l := litTrue
			if len(g.live[k]) > 1 {
				l = e.aux()
			}
			lits[k][q] = l
			one = append(one, l)
		}
		e.emit(a, one...)
	}
	for k, sym := range g.syms {
		type move struct{ lit, symbol int }
		var ms []move
		out := map[int32][]int{}
		in := map[int32][]int{}
		for _, q := range g.live[k] {
			for _, m := range g.out[q] {
				mv := g.nfa.Moves[m]
				t, ok := lits[k+1][int32(mv.To)]
				if !ok || !g.allows(k, mv.Symbol) {
					continue
				}
				l := e.aux()
				ms = append(ms, move{l, mv.Symbol})
				out[q] = append(out[q], l)
				in[int32(mv.To)] = append(in[int32(mv.To)], l)
				e.emit(a, -l, lits[k][q])
				e.emit(a, -l, t)
				if sym >= 0 {
					e.emit(a, -l, e.cellLit(d, c.Cells[sym], mv.Symbol))
				}
			}
		}
		for _, q := range g.live[k] {
			e.emit(a, append([]int{-lits[k][q]}, out[q]...)...)
		}
		for _, q := range g.live[k+1] {
			e.emit(a, append([]int{-lits[k+1][q]}, in[q]...)...)
		}
		if sym < 0 {
			all := make([]int, len(ms))
			for x, m := range ms {
				all[x] = m.lit
			}
			e.emit(a, all...)
			continue
		}
		i := c.Cells[sym]
		for x := e.cellMask(d, i); x != 0; x &= x - 1 {
			dg := bits.TrailingZeros64(x) + 1
			cl := []int{-e.cellLit(d, i, dg)}
			for _, m := range ms {
				if m.symbol == dg {
					cl = append(cl, m.lit)
				}
			}
			e.emit(a, cl...)
		}
	}
}

// nfaLayers are the states of an automaton kept layer by layer over a
// line (see automaton).
type nfaLayers struct {
	nfa   *satdoku.NFA
	syms  []int     // the symbols read: a cell's index in the line, or −1 for a break
	masks []uint64  // the digits each symbol may be (bit d−1 for d); 0 for a break
	out   [][]int   // the moves out of each state, as indices into nfa.Moves
	live  [][]int32 // the states kept in each layer, increasing
}

// allows reports whether the k-th symbol may be sym.
func (g *nfaLayers) allows(k, sym int) bool {
	if g.syms[k] < 0 {
		return sym == satdoku.Break
	}
	return sym != satdoku.Break && sym <= 64 && g.masks[k]&(1<<(sym-1)) != 0
}

// newLayers returns the layers of Automaton constraint c over the
// candidates mask(i) of each cell i: the states that a run reaches from a
// start state and that lead on to an accepting state.
func newLayers(c *satdoku.Constraint, mask func(i int) uint64) *nfaLayers {
	a := c.NFA
	g := &nfaLayers{nfa: a, syms: a.Symbols(len(c.Cells)), out: make([][]int, a.States)}
	for m, mv := range a.Moves {
		g.out[mv.From] = append(g.out[mv.From], m)
	}
	L := len(g.syms)
	g.masks = make([]uint64, L)
	for k, s := range g.syms {
		if s >= 0 {
			g.masks[k] = mask(c.Cells[s])
		}
	}
	// Forward: the states reached.
	stamp := make([]int32, a.States)
	for q := range stamp {
		stamp[q] = -1
	}
	fwd := make([][]int32, L+1)
	for _, q := range a.Start {
		if stamp[q] != 0 {
			stamp[q] = 0
			fwd[0] = append(fwd[0], int32(q))
		}
	}
	for k := range L {
		for _, q := range fwd[k] {
			for _, m := range g.out[q] {
				mv := a.Moves[m]
				if g.allows(k, mv.Symbol) && stamp[mv.To] != int32(k+1) {
					stamp[mv.To] = int32(k + 1)
					fwd[k+1] = append(fwd[k+1], int32(mv.To))
				}
			}
		}
	}
	// Backward: those that lead to an accepting state.
	g.live = make([][]int32, L+1)
	keep := make([]bool, a.States)
	for _, q := range a.Accept {
		keep[q] = true
	}
	for _, q := range fwd[L] {
		if keep[q] {
			g.live[L] = append(g.live[L], q)
		}
	}
	for k := L - 1; k >= 0; k-- {
		clear(keep)
		for _, q := range g.live[k+1] {
			keep[q] = true
		}
		for _, q := range fwd[k] {
			for _, m := range g.out[q] {
				if mv := a.Moves[m]; keep[mv.To] && g.allows(k, mv.Symbol) {
					g.live[k] = append(g.live[k], q)
					break
				}
			}
		}
	}
	for k := range g.live {
		slices.Sort(g.live[k])
	}
	if len(g.live[0]) == 0 {
		for k := range g.live {
			g.live[k] = nil
		}
	}
	return g
}
