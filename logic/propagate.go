package logic

import "github.com/satdoku/satdoku"

// engine runs unit propagation on a clause set from the candidates of a
// state: every literal it sets has the clause that forced it (its
// reason) and its depth, the length of the longest line of reasons back to
// the state, so that a contradiction can be traced and told clue by clue.
// Propagation by clause watches (two per clause, kept apart from the
// shared clauses) visits the literals in the order they were set, a
// breadth-first search by depth.
type engine struct {
	f      *clauseSet
	rules  *satdoku.Rules
	val    []int8  // per variable: 1 true, −1 false, 0 open
	reason []int32 // per variable: the clause that set it, −1 for the state's facts and the assumption
	depth  []int32 // per variable set
	trail  []int32 // the literals set, in order
	head   int     // trail[:head] have been propagated
	watch  [][]int32
	w      []int32 // per clause: the positions of its two watched literals in it
	facts  int     // trail[:facts] are the state's facts
}

// code is the index of literal l in the watch lists.
func code(l int32) int32 {
	if l < 0 {
		return -l<<1 | 1
	}
	return l << 1
}

func newEngine(r *satdoku.Rules, f *clauseSet) *engine {
	nv := f.nv + 1
	return &engine{f: f, rules: r, val: make([]int8, nv), reason: make([]int32, nv), depth: make([]int32, nv)}
}

// value returns the value of literal l: 1 true, −1 false, 0 open.
func (e *engine) value(l int32) int8 {
	if l < 0 {
		return -e.val[-l]
	}
	return e.val[l]
}

// set makes literal l true, forced by clause c (−1 for none) at depth d.
func (e *engine) set(l, c, d int32) {
	v := max(l, -l)
	if l > 0 {
		e.val[v] = 1
	} else {
		e.val[v] = -1
	}
	e.reason[v], e.depth[v] = c, d
	e.trail = append(e.trail, l)
}

// setFacts sets the cell variables from the candidates of s: true for a
// placed digit, false for a digit that is not a candidate.
func (e *engine) setFacts(s *State) {
	n := s.b.n
	for i := range n * n {
		for d := 1; d <= n; d++ {
			v := int32(i*n + d)
			switch {
			case s.value[i] != 0 && int(s.value[i]) == d:
				e.set(v, -1, 0)
			case s.cand[i]&bit(d) == 0:
				e.set(-v, -1, 0)
			}
		}
	}
	e.facts = len(e.trail)
}

// undo unsets the literals set after trail[:mark].
func (e *engine) undo(mark int) {
	for _, l := range e.trail[mark:] {
		e.val[max(l, -l)] = 0
	}
	e.trail = e.trail[:mark]
	e.head = min(e.head, mark)
}

// forced returns the depth of the literal that clause c forces: one more
// than the deepest of its other literals.
func (e *engine) forced(c int32, l int32) int32 {
	d := int32(0)
	for _, x := range e.f.clause(c) {
		if x != l {
			d = max(d, e.depth[max(x, -x)])
		}
	}
	return d + 1
}

// local propagates the clauses of the given origins alone, scanning them
// until nothing changes, and returns the clause they break, or −1.
func (e *engine) local(origins []int32) int32 {
	for changed := true; changed; {
		changed = false
		for _, o := range origins {
			sp := e.f.span[o]
			for c := sp[0]; c < sp[1]; c++ {
				var open int32
				count := 0
				sat := false
				for _, l := range e.f.clause(c) {
					switch e.value(l) {
					case 1:
						sat = true
					case 0:
						open = l
						count++
					}
					if sat || count > 1 {
						break
					}
				}
				switch {
				case sat || count > 1:
				case count == 0:
					return c
				default:
					e.set(open, c, e.forced(c, open))
					changed = true
				}
			}
		}
	}
	return -1
}

// watchAll sets up the clause watches, and sets the unit clauses' literals
// (or returns the clause that is empty or broken, else −1).
func (e *engine) watchAll() int32 {
	f := e.f
	e.watch = make([][]int32, 2*(f.nv+1))
	e.w = make([]int32, 2*f.clauses())
	for c := range int32(f.clauses()) {
		cl := f.clause(c)
		switch len(cl) {
		case 0:
			return c
		case 1:
			switch e.value(cl[0]) {
			case -1:
				return c
			case 0:
				e.set(cl[0], c, 1)
			}
			continue
		}
		e.w[2*c], e.w[2*c+1] = 0, 1
		e.watch[code(cl[0])] = append(e.watch[code(cl[0])], c)
		e.watch[code(cl[1])] = append(e.watch[code(cl[1])], c)
	}
	return -1
}

// propagate sets the literals that the clauses force, in the order they
// are found, until nothing more follows; it returns the clause whose
// literals are all false, or −1.
func (e *engine) propagate() int32 {
	f := e.f
	for e.head < len(e.trail) {
		falsified := -e.trail[e.head]
		e.head++
		ws := e.watch[code(falsified)]
		keep := ws[:0]
		for k, c := range ws {
			cl := f.clause(c)
			slot := 2 * c
			if cl[e.w[slot]] != falsified {
				slot++
			}
			other := cl[e.w[4*c+1-slot]]
			if e.value(other) == 1 {
				keep = append(keep, c)
				continue
			}
			moved := false
			for p, l := range cl {
				if int32(p) == e.w[2*c] || int32(p) == e.w[2*c+1] || e.value(l) == -1 {
					continue
				}
				e.w[slot] = int32(p)
				e.watch[code(l)] = append(e.watch[code(l)], c)
				moved = true
				break
			}
			if moved {
				continue
			}
			keep = append(keep, c)
			if e.value(other) == 0 {
				e.set(other, c, e.forced(c, other))
				continue
			}
			keep = append(keep, ws[k+1:]...)
			e.watch[code(falsified)] = keep
			return c
		}
		e.watch[code(falsified)] = keep
	}
	return -1
}

// clueLocal propagates the clauses of scope alone (see local) and then
// tries every open candidate of cells: one whose assumption breaks a
// clause of scope is false, and propagation goes on from there. It
// reports whether scope cannot hold.
func (e *engine) clueLocal(scope []int32, cells []int, tries bool) bool {
	n := e.f.n
	for {
		if e.local(scope) >= 0 {
			return true
		}
		if !tries {
			return false
		}
		progress := false
		for _, i := range cells {
			for d := 1; d <= n; d++ {
				v := int32(i*n + d)
				if e.val[v] != 0 {
					continue
				}
				mark := len(e.trail)
				e.set(v, -1, 0)
				broken := e.local(scope) >= 0
				e.undo(mark)
				if broken {
					e.set(-v, -1, 0)
					progress = true
				}
			}
		}
		if !progress {
			return false
		}
	}
}
