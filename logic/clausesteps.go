package logic

import (
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/encode"
)

// Ratings of the clause steps (see doc.go).
const (
	// RatingClue is a clue's own step: the candidates that one relation
	// or constraint of the rules rules out, or the digit it places, by
	// propagation on its clauses alone.
	RatingClue = 2.5
	// RatingClueChain is the shortest clue chain, of one step: an
	// assumption that the clauses of the rules lead to a contradiction;
	// 0.1 more for every step more, at most maxRatingContradiction.
	RatingClueChain = 7.5
	// DefaultChainSteps is the most steps of a clue chain when
	// Options.ChainSteps is 0.
	DefaultChainSteps = 12
)

// maxTriedClauses is the most clauses of a clue whose every candidate
// clueSingle tries (see engine.clueLocal): propagation alone misses what
// a relation rules out by leaving a neighbour no digit, and trying is
// cheap on small clues.
const maxTriedClauses = 1000

// clueChainRating rates a clue chain of the given number of steps.
func clueChainRating(steps int) float64 {
	return min(math.Round(10*RatingClueChain+float64(max(steps, 1)-1))/10, maxRatingContradiction)
}

// clueSingle finds the first clue (relation or constraint of the rules,
// in their order) whose clauses, propagated alone from the candidates
// with those of its cells (and with each candidate of its cells tried, on
// a small clue), place a digit or remove candidates, and makes that one step of it,
// named after the clue: "killer cage r1c1,r1c2 (3): r1c1, r1c2 are not 3,
// 4, 5, 6, 7, 8 or 9".
func (s *State) clueSingle() (Step, bool) {
	f := clausesOf(s.b.rules)
	if f == nil || f.empty || len(f.clues) == 0 {
		return Step{}, false
	}
	n := s.b.n
	e := newEngine(s.b.rules, f)
	e.setFacts(s)
	var scope []int32
	for _, o := range f.clues {
		cells := s.originCells(f, o)
		fp := s.fingerprint(cells)
		if p, ok := s.quiet[o]; ok && p == fp {
			continue // nothing new since it found nothing
		}
		scope = append(scope[:0], o)
		for _, i := range cells {
			if k := f.cellOf[i]; k >= 0 {
				scope = append(scope, k)
			}
		}
		mark := len(e.trail)
		sp := f.span[o]
		if e.clueLocal(scope, cells, sp[1]-sp[0] <= maxTriedClauses) {
			e.undo(mark)
			continue // the clue cannot hold: no step of it is sound to tell apart
		}
		var place, elim []Candidate
		for _, l := range e.trail[mark:] {
			i, d, ok := f.cellVar(max(l, -l))
			if !ok || s.value[i] != 0 {
				continue
			}
			if l > 0 {
				place = append(place, Candidate{i, d})
			} else if s.cand[i]&bit(d) != 0 {
				elim = append(elim, Candidate{i, d})
			}
		}
		e.undo(mark)
		elim = slices.DeleteFunc(elim, func(c Candidate) bool {
			return slices.ContainsFunc(place, func(p Candidate) bool { return p.Cell == c.Cell })
		})
		if len(place) == 0 && len(elim) == 0 {
			if s.quiet == nil {
				s.quiet = map[int32]uint64{}
			}
			s.quiet[o] = fp
			continue
		}
		place, elim = sortCands(place), sortCands(elim)
		return Step{
			Technique:    "clue",
			Rating:       RatingClue,
			Text:         originName(s.b.rules, f.origins[o]) + ": " + effects(n, place, elim, "is", "is not"),
			Placements:   place,
			Eliminations: elim,
		}, true
	}
	return Step{}, false
}

// fingerprint hashes the candidates of cells (FNV-1a over the masks): a
// clue whose cells have the same fingerprint as when it gave no step gives
// none again. A collision could only hide a step, never make one.
func (s *State) fingerprint(cells []int) uint64 {
	h := uint64(14695981039346656037)
	for _, i := range cells {
		h ^= s.cand[i]
		h *= 1099511628211
	}
	return h
}

// originCells returns the cells of a relation or a constraint origin.
func (s *State) originCells(f *clauseSet, o int32) []int {
	org := f.origins[o]
	r := s.b.rules
	if org.Kind == encode.FromRelation {
		x := r.Relations()[org.Index]
		return []int{x.A, x.B}
	}
	return r.Constraints()[org.Index].Cells
}

// effects writes placements and eliminations as "r4c4 is 1 and r4c5, r4c6
// are not 3 or 4", with the verbs given.
func effects(n int, place, elim []Candidate, is, isNot string) string {
	var parts []string
	for _, p := range place {
		parts = append(parts, cellName(n, p.Cell)+" "+is+" "+strconv.Itoa(p.Digit))
	}
	// The cells that lose the same digits together: "r1c2, r1c3 is not 5".
	var masks []uint64
	byMask := map[uint64][]int{}
	for k := 0; k < len(elim); {
		j := k
		var m uint64
		for ; j < len(elim) && elim[j].Cell == elim[k].Cell; j++ {
			m |= bit(elim[j].Digit)
		}
		if byMask[m] == nil {
			masks = append(masks, m)
		}
		byMask[m] = append(byMask[m], elim[k].Cell)
		k = j
	}
	for _, m := range masks {
		verb := isNot
		if len(byMask[m]) > 1 && verb == "is not" {
			verb = "are not"
		}
		parts = append(parts, cellList(n, byMask[m])+" "+verb+" "+orList(m))
	}
	return strings.Join(parts, " and ")
}

// chainGroup is one step of a clue chain: the literals that one origin
// forces from those of the steps before.
type chainGroup struct {
	origin int32
	lits   []int32 // the cell literals it sets, in order
}

// chain is a contradiction found from an assumption: its steps and the
// clause it breaks.
type chain struct {
	assume   Candidate
	groups   []chainGroup // the steps with cell literals, in order
	conflict int32        // the clause broken
	lits     int          // the literals on the path
}

// clauseSearch starts a search on the clauses of the rules (a clue chain,
// a clue forcing step): the clauses, an engine holding what follows from
// the state by propagation (depth 0: known), and the most steps a chain
// may take for rating(steps) to stay within limit (s.chainSteps, or
// DefaultChainSteps when 0, at most). ok is false when the rules have no
// clue, no chain fits the limit, or the state already contradicts the
// clauses.
func (s *State) clauseSearch(limit float64, rating func(int) float64) (f *clauseSet, e *engine, maxSteps int, ok bool) {
	f = clausesOf(s.b.rules)
	if f == nil || f.empty || len(f.clues) == 0 {
		return nil, nil, 0, false
	}
	maxSteps = s.chainSteps
	if maxSteps <= 0 {
		maxSteps = DefaultChainSteps
	}
	for maxSteps > 1 && rating(maxSteps) > limit+1e-9 {
		maxSteps--
	}
	if rating(maxSteps) > limit+1e-9 {
		return nil, nil, 0, false
	}
	e = newEngine(s.b.rules, f)
	e.setFacts(s)
	if e.watchAll() >= 0 || e.propagate() >= 0 {
		return nil, nil, 0, false
	}
	for _, l := range e.trail {
		e.depth[max(l, -l)] = 0 // what follows from the state is known
	}
	return f, e, maxSteps, true
}

// clueChain finds the candidates whose assumption leads by propagation on
// the clauses of the rules to a contradiction in at most s.chainSteps
// steps (DefaultChainSteps when 0) and a rating at most limit, and
// eliminates the one with the shortest chain, told clue by clue.
func (s *State) clueChain(limit float64) (Step, bool) {
	f, e, maxSteps, ok := s.clauseSearch(limit, clueChainRating)
	if !ok {
		return Step{}, false
	}
	n := s.b.n
	root := len(e.trail)
	var best *chain
	// Cells with few candidates first: their chains tend to be short.
	for k := 2; k <= n && (best == nil || len(best.groups) > 1); k++ {
		for i, m := range s.cand {
			if s.stopped() {
				return Step{}, false
			}
			if s.value[i] != 0 || bits.OnesCount64(m) != k {
				continue
			}
			for _, d := range digits(m) {
				v := int32(i*n + d)
				if e.val[v] != 0 {
					continue
				}
				e.set(v, -1, 0)
				if c := e.propagate(); c >= 0 {
					ch := e.trace(c, -1)
					ch.assume = Candidate{i, d}
					if len(ch.groups) <= maxSteps && (best == nil || len(ch.groups) < len(best.groups) ||
						len(ch.groups) == len(best.groups) && ch.lits < best.lits) {
						best = ch
					}
				}
				e.undo(root)
			}
		}
	}
	if best == nil {
		return Step{}, false
	}
	return Step{
		Technique:    "clue chain",
		Rating:       clueChainRating(len(best.groups)),
		Text:         s.chainText(f, best),
		Eliminations: []Candidate{best.assume},
	}, true
}

// trace gathers the literals on the lines of reasons from conflict
// clause c (or, when c is −1, from the variable target) back to the
// assumption and the facts, and groups them in steps by origin: a literal
// joins the last step of its origin when none of its reasons comes from a
// later step.
func (e *engine) trace(c, target int32) *chain {
	f := e.f
	need := map[int32]bool{}
	var stack []int32
	push := func(cl int32, skip int32) {
		for _, l := range f.clause(cl) {
			if v := max(l, -l); v != skip && !need[v] {
				need[v] = true
				stack = append(stack, v)
			}
		}
	}
	if c >= 0 {
		push(c, 0)
	} else {
		need[target] = true
		stack = append(stack, target)
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if r := e.reason[v]; r >= 0 {
			push(r, v)
		}
	}
	ch := &chain{conflict: c}
	group := map[int32]int{} // variable → its step
	last := map[int32]int{}  // origin → its last step
	var steps []chainGroup
	for _, l := range e.trail[e.facts:] {
		v := max(l, -l)
		r := e.reason[v]
		if !need[v] || r < 0 {
			continue
		}
		ch.lits++
		o := f.from[r]
		after := -1
		for _, x := range f.clause(r) {
			if g, ok := group[max(x, -x)]; ok && max(x, -x) != v {
				after = max(after, g)
			}
		}
		if e.implicit(r) {
			if after >= 0 {
				group[v] = after
			}
			continue
		}
		g, ok := last[o]
		if !ok || g < after {
			g = len(steps)
			steps = append(steps, chainGroup{origin: o})
			last[o] = g
		}
		group[v] = g
		if _, _, cell := f.cellVar(v); cell {
			steps[g].lits = append(steps[g].lits, l)
		}
	}
	for _, st := range steps {
		if len(st.lits) > 0 {
			ch.groups = append(ch.groups, st)
		}
	}
	if len(ch.groups) == 0 && c >= 0 {
		ch.groups = []chainGroup{{origin: f.from[c]}} // the assumption breaks a clause at once
	}
	return ch
}

// implicit reports whether clause c is one that a person does not tell:
// a digit placed leaves the other digits of its cell, and leaves the
// cells that see it (a unit's or a Different relation's ¬x ∨ ¬y).
func (e *engine) implicit(c int32) bool {
	f := e.f
	cl := f.clause(c)
	if len(cl) != 2 || cl[0] > 0 || cl[1] > 0 {
		return false
	}
	switch o := f.origins[f.from[c]]; o.Kind {
	case encode.FromCell, encode.FromUnit:
		return true
	case encode.FromRelation:
		return e.rules.Relations()[o.Index].Kind == satdoku.Different
	}
	return false
}

// chainText tells a clue chain: "clue chain: if r4c5 were 7, then by the
// arrow r3c3–r3c5, r5c5 would be 3; by the killer cage r4c4,r5c6 (10),
// r5c6 could not be 1, 2 or 3: r5c6 would have no digit; so r4c5 is not
// 7".
func (s *State) chainText(f *clauseSet, ch *chain) string {
	n := s.b.n
	return "clue chain: " + s.branchText(f, ch) + ": " + s.conflictText(f, ch.conflict) +
		"; so " + cellName(n, ch.assume.Cell) + " is not " + strconv.Itoa(ch.assume.Digit)
}

// branchText tells the steps of a chain from its assumption: "if r4c5
// were 7, then by the arrow r3c3–r3c5, r5c5 would be 3; …".
func (s *State) branchText(f *clauseSet, ch *chain) string {
	n := s.b.n
	var b strings.Builder
	b.WriteString("if " + cellName(n, ch.assume.Cell) + " were " + strconv.Itoa(ch.assume.Digit))
	if len(ch.groups) > 0 {
		b.WriteString(", then ")
	}
	for k, g := range ch.groups {
		if k > 0 {
			b.WriteString("; ")
		}
		var place, elim []Candidate
		for _, l := range g.lits {
			i, d, _ := f.cellVar(max(l, -l))
			if l > 0 {
				place = append(place, Candidate{i, d})
			} else {
				elim = append(elim, Candidate{i, d})
			}
		}
		if f.origins[g.origin].Kind != encode.FromCell {
			b.WriteString("by " + s.originWord(f, g.origin) + ", ")
		}
		b.WriteString(effects(n, sortCands(place), sortCands(elim), "would be", "could not be"))
	}
	return b.String()
}

// originWord names an origin in a chain: "the killer cage r4c4,r4c5 (3)",
// "row 3", "r3c5" for a cell's own clause (it holds one digit).
func (s *State) originWord(f *clauseSet, o int32) string {
	name := originName(s.b.rules, f.origins[o])
	if k := f.origins[o].Kind; k == encode.FromRelation || k == encode.FromConstraint || k == encode.FromDerived {
		return "the " + name
	}
	return name
}

// conflictText says what a broken clause means: a cell with no digit, a
// digit with no place in a unit, two digits that cannot both be, or a
// clue that cannot hold.
func (s *State) conflictText(f *clauseSet, c int32) string {
	n := s.b.n
	cl := f.clause(c)
	pos, neg := 0, 0
	cells, dgs := map[int]bool{}, map[int]bool{}
	for _, l := range cl {
		i, d, ok := f.cellVar(max(l, -l))
		if !ok {
			return "the " + originName(s.b.rules, f.origins[f.from[c]]) + " could not hold"
		}
		cells[i], dgs[d] = true, true
		if l > 0 {
			pos++
		} else {
			neg++
		}
	}
	org := f.origins[f.from[c]]
	switch {
	case neg == 0 && len(cells) == 1:
		for i := range cells {
			return cellName(n, i) + " would have no digit"
		}
	case neg == 0 && len(dgs) == 1 && org.Kind == encode.FromUnit:
		for d := range dgs {
			return strconv.Itoa(d) + " would have no place in " + originName(s.b.rules, org)
		}
	case pos == 0 && len(cl) == 2:
		i, d, _ := f.cellVar(-cl[0])
		j, e, _ := f.cellVar(-cl[1])
		if i == j {
			return cellName(n, i) + " would hold both " + strconv.Itoa(d) + " and " + strconv.Itoa(e)
		}
		if d == e && org.Kind == encode.FromUnit {
			return cellName(n, i) + " and " + cellName(n, j) + " would both be " + strconv.Itoa(d) + " in " + originName(s.b.rules, org)
		}
		return cellName(n, i) + " = " + strconv.Itoa(d) + " and " + cellName(n, j) + " = " + strconv.Itoa(e) + " would break " + s.originWord(f, f.from[c])
	}
	return s.originWord(f, f.from[c]) + " could not hold"
}
