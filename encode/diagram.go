package encode

import "math/bits"

// ddLayer is one layer of a decision diagram: its nodes, the states
// before a cell is read (the root's layer) or after.
type ddLayer struct {
	keys  []int64         // the state of each node, in the order found
	index map[int64]int32 // node by state
	next  []int32         // node·N + digit−1: the node the digit leads to, −1 none
	alive []bool          // the node lies on a path from the root to an accepting node
	lit   []int           // the node's literal: litTrue, a cell literal or an aux variable
	fresh []bool          // the node's literal is an aux variable of its own
}

// diagram writes that the digits of cells, read in order by step from the
// state start, end in a state that accept takes: step(s, j, dg) is the
// state after cell j holds dg in state s, and false when no completion can
// be accepted from there. The nodes are the states that the candidates
// reach from the root and that reach an accepting state over the
// candidates. The root and the last layer are true; a layer of one node is
// true; a node that only true nodes reach, all by one digit of its cell,
// is that cell's literal; every other node gets an auxiliary variable
// meaning "the digits read so far lead here". The clauses, for every node
// s and every candidate dg of its cell:
//
//   - s ∧ var(cell, dg) → t, for the node t that dg leads to, or
//     ¬s ∨ ¬var(cell, dg) when dg leads to no node;
//   - s → the OR of the digits that lead somewhere (support);
//   - var(cell, dg) → the OR of the nodes of the layer where dg leads
//     somewhere;
//   - for a node t with a variable: t → the OR of the nodes that lead to
//     it, and t → the OR of the digits that do.
//
// The first family alone is exact: a model's digits trace one path from
// the root, which must end in an accepting node; the others only help
// propagation. With no path, diagram writes the empty clause.
func (e *Encoder) diagram(a ClauseAdder, d *Domain, cells []int, start int64,
	step func(s int64, j, dg int) (int64, bool), accept func(s int64) bool) {
	e.diagramOver(a, e.rules.Values(), len(cells),
		func(j int) uint64 { return e.cellMask(d, cells[j]) },
		func(j, dg int) int { return e.cellLit(d, cells[j], dg) },
		start, step, accept)
}

// diagramOver writes a decision diagram (see diagram) over k inputs that
// take values 1..width each: mask(j) is the values input j may take (bit
// x−1 for value x) and lit(j, x) the literal "input j takes x". An input
// takes one value in every model (a cell its digit, a group of cells its
// sum, see groupSums).
func (e *Encoder) diagramOver(a ClauseAdder, width, k int, mask func(j int) uint64, lit func(j, x int) int,
	start int64, step func(s int64, j, x int) (int64, bool), accept func(s int64) bool) {
	n := width
	ls := make([]ddLayer, k+1)
	ls[0] = ddLayer{keys: []int64{start}, index: map[int64]int32{start: 0}}
	for j := range k {
		l, nx := &ls[j], &ls[j+1]
		nx.index = map[int64]int32{}
		vals := mask(j)
		l.next = make([]int32, len(l.keys)*n)
		for s, key := range l.keys {
			out := l.next[s*n : s*n+n]
			for x := range out {
				out[x] = -1
			}
			for m := vals; m != 0; m &= m - 1 {
				dg := bits.TrailingZeros64(m) + 1
				t, ok := step(key, j, dg)
				if !ok {
					continue
				}
				idx, found := nx.index[t]
				if !found {
					idx = int32(len(nx.keys))
					nx.keys = append(nx.keys, t)
					nx.index[t] = idx
				}
				out[dg-1] = idx
			}
		}
	}
	last := &ls[k]
	last.alive = make([]bool, len(last.keys))
	for t, key := range last.keys {
		last.alive[t] = accept(key)
	}
	for j := k - 1; j >= 0; j-- {
		l, nx := &ls[j], &ls[j+1]
		l.alive = make([]bool, len(l.keys))
		for x, t := range l.next {
			if t >= 0 && nx.alive[t] {
				l.alive[x/n] = true
			}
		}
	}
	if !ls[0].alive[0] {
		e.emit(a)
		return
	}
	// Literals, layer by layer.
	ls[0].lit = []int{litTrue}
	for j := 1; j <= k; j++ {
		l, prev := &ls[j], &ls[j-1]
		l.lit = make([]int, len(l.keys))
		l.fresh = make([]bool, len(l.keys))
		count := 0
		for _, ok := range l.alive {
			if ok {
				count++
			}
		}
		if j == k || count == 1 {
			for t := range l.lit {
				l.lit[t] = litTrue
			}
			continue
		}
		// The digits that lead to each node, and whether only true nodes do.
		in := make([]uint64, len(l.keys))
		constIn := make([]bool, len(l.keys))
		for t := range constIn {
			constIn[t] = true
		}
		for x, t := range prev.next {
			if t >= 0 && l.alive[t] && prev.alive[x/n] {
				in[t] |= 1 << (x % n)
				constIn[t] = constIn[t] && prev.lit[x/n] == litTrue
			}
		}
		for t, ok := range l.alive {
			switch {
			case !ok:
			case constIn[t] && bits.OnesCount64(in[t]) == 1:
				l.lit[t] = lit(j-1, bits.TrailingZeros64(in[t])+1)
			default:
				l.lit[t] = e.aux()
				l.fresh[t] = true
			}
		}
	}
	// Clauses, layer by layer.
	for j := range k {
		l, nx := &ls[j], &ls[j+1]
		vals := mask(j)
		var preds [][]int  // per node of nx with a variable: ¬t and the nodes that lead to it
		var digits [][]int // per node of nx with a variable: ¬t and the digits that do
		if j+1 < k {
			preds, digits = make([][]int, len(nx.keys)), make([][]int, len(nx.keys))
		}
		for s, ok := range l.alive {
			if !ok {
				continue
			}
			sl := l.lit[s]
			sup := append(e.cl2[:0], -sl)
			for m := vals; m != 0; m &= m - 1 {
				dg := bits.TrailingZeros64(m) + 1
				x := lit(j, dg)
				t := l.next[s*n+dg-1]
				if t < 0 || !nx.alive[t] {
					e.emit(a, -sl, -x)
					continue
				}
				sup = append(sup, x)
				tl := nx.lit[t]
				if tl == x {
					continue // the node is the digit's literal
				}
				e.emit(a, -sl, -x, tl)
				if preds == nil || tl == litTrue {
					continue
				}
				if len(preds[t]) == 0 {
					preds[t] = []int{-tl}
					digits[t] = []int{-tl}
				}
				if p := preds[t]; p[len(p)-1] != sl {
					preds[t] = append(p, sl)
				}
				digits[t] = append(digits[t], x)
			}
			e.cl2 = sup
			if sl != litTrue {
				e.emit(a, sup...)
			}
		}
		for m := vals; m != 0; m &= m - 1 {
			dg := bits.TrailingZeros64(m) + 1
			cl := append(e.cl2[:0], -lit(j, dg))
			for s, ok := range l.alive {
				if t := l.next[s*n+dg-1]; ok && t >= 0 && nx.alive[t] {
					cl = append(cl, l.lit[s])
				}
			}
			e.cl2 = cl
			e.emit(a, cl...)
		}
		for t := range preds {
			if len(preds[t]) > 0 && nx.fresh[t] {
				e.emit(a, preds[t]...)
				e.emit(a, digits[t]...)
			}
		}
	}
}
