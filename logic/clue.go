package logic

import (
	"cmp"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
)

// The clue techniques reason with the relations and constraints of the
// rules (satdoku.Relations and satdoku.Constraints), as data: whatever
// clue made them, they remove the candidates a clue forbids given the
// candidates of its other cells. Their ratings sit among the unit
// techniques: a clue's local eliminations are about as hard to see as
// locked candidates, the 45 rule a little harder.
const (
	RatingClueMark     = 1.0 // a cell's allowed digits (odd, even, given pencil marks)
	RatingClueRelation = 2.0 // a relation of two cells, or a line of them: dots, XV, thermometers, whispers, clones …
	RatingClueSum      = 2.2 // a sum: killer cages, arrows, little killers, region sum lines …
	RatingClueLine     = 2.5 // other constraints: renban, between and lockout lines, quadruples, sandwiches, x-sums, skyscrapers, indexers, 10-lines
	RatingCagePointing = 2.7 // a digit every combination of a cage (every assignment of a clue) holds, seen from outside
	RatingInnies       = 2.9 // the 45 rule: innies and outies of units covered by cages
)

// clueTechniques are the clue techniques, merged into techniques by
// rating.
var clueTechniques = []technique{
	{RatingClueMark, func(s *State, _ float64) (Step, bool) { return s.clueMarks() }, 0},
	{RatingClueRelation, func(s *State, _ float64) (Step, bool) { return s.clueRelations() }, 0},
	{RatingClueSum, func(s *State, _ float64) (Step, bool) { return s.clueConstraints(true) }, 0},
	{RatingClueCluster, func(s *State, _ float64) (Step, bool) { return s.clueClusterStep() }, 0},
	{RatingClueLine, func(s *State, _ float64) (Step, bool) { return s.clueConstraints(false) }, 0},
	{RatingCagePointing, func(s *State, _ float64) (Step, bool) { return s.cagePointing() }, 0},
	{RatingInnies, func(s *State, _ float64) (Step, bool) { return s.innies() }, 0},
	{RatingEqualCells, func(s *State, _ float64) (Step, bool) { return s.equalCells() }, 0},
}

func init() {
	techniques = append(slices.Clone(clueTechniques), techniques...) // at equal rating, the clue techniques first
	slices.SortStableFunc(techniques, func(a, b technique) int { return cmp.Compare(a.rating, b.rating) })
}

// clues is what the clue techniques need to know of a Rules value,
// computed once per Rules.
type clues struct {
	groups []relGroup
	marks  []*satdoku.Constraint // OneOf
	sums   []*conSearch          // Totals
	lines  []*conSearch          // the other constraints
	// lineGroups are the searches of the groups of relations searched
	// as a whole.
	lineGroups []*conSearch
	innies     []*conSearch // the totals the 45 rule finds
	clusters   []*conSearch // relations of several clues that share cells, together
	// equal are the classes of cells that Equal relations join, with
	// the names of their rules.
	equal      [][]int
	equalNames []string
}

// relGroup is a set of relations of one rule (one name, kind and value)
// that join into a line of cells, or a single relation.
type relGroup struct {
	label  string
	name   string
	rels   []relTable
	search *conSearch // the line searched as a whole, or nil
	global bool       // one relation of a rule that spans more than N cells
}

// relTable is a relation with, for each digit of one cell, the digits the
// other cell may hold.
type relTable struct {
	a, b  int
	allow []uint64 // allow[d]: the digits of b that d in a allows
	back  []uint64 // back[d]: the digits of a that d in b allows
}

// cluesKey is the key of the clues in the cache of its rules.
type cluesKey struct{}

// noClues are the clues of rules without relations and constraints.
var noClues = &clues{}

func cluesOf(b *board) *clues {
	if len(b.rules.Relations()) == 0 && len(b.rules.Constraints()) == 0 {
		return noClues
	}
	return b.rules.Cached(cluesKey{}, func() any { return newClues(b) }).(*clues)
}

func newClues(b *board) *clues {
	n := b.n
	cl := &clues{groups: relationGroups(b)}
	for x := range b.rules.Constraints() {
		c := &b.rules.Constraints()[x]
		switch c.Kind {
		case satdoku.OneOf:
			cl.marks = append(cl.marks, c)
		case satdoku.Never:
			// A clue that cannot hold: the puzzle has no solution, and
			// no technique explains it.
		case satdoku.AnyOf:
			// No line search reads a choice of members; the steps over
			// the encoder's clauses do.
		case satdoku.Total:
			cl.sums = append(cl.sums, newConSearch(b, c, conLabel(n, c)))
		default:
			if c.Kind.Valid() {
				cl.lines = append(cl.lines, newConSearch(b, c, conLabel(n, c)))
			}
		}
	}
	for _, g := range cl.groups {
		if g.search != nil {
			cl.lineGroups = append(cl.lineGroups, g.search)
		}
	}
	cl.innies = inniesOf(b, cl.sums)
	cl.clusters = clueClusters(b, cl.groups)
	cl.equal, cl.equalNames = equalClasses(b)
	return cl
}

// relationGroups gathers the relations other than Different (which the
// peers of every cell hold) by rule, and joins the relations of a rule
// that share cells into one group when they cover at most N cells (the
// cells of a thermometer, a whispers line, a chain of dots); the
// relations of a rule that spans more (the nonconsecutive rule) are
// groups of their own.
func relationGroups(b *board) []relGroup {
	n := b.n
	type key struct {
		name  string
		kind  satdoku.RelationKind
		value int
	}
	var keys []key
	byKey := map[key][]satdoku.Relation{}
	for _, r := range b.rules.Relations() {
		if r.Kind == satdoku.Different || !r.Kind.Valid() {
			continue
		}
		k := key{r.Name, r.Kind, r.Value}
		if byKey[k] == nil {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], r)
	}
	var groups []relGroup
	for _, k := range keys {
		rels := byKey[k]
		name := k.name
		if name == "" {
			name = k.kind.String()
		}
		// Components by union-find over the cells.
		parent := cellSets{}
		find := parent.find
		for _, r := range rels {
			parent[find(r.A)] = find(r.B)
		}
		var roots []int
		comp := map[int][]satdoku.Relation{}
		size := map[int]int{}
		for i := range parent {
			size[find(i)]++
		}
		for _, r := range rels {
			root := find(r.A)
			if comp[root] == nil {
				roots = append(roots, root)
			}
			comp[root] = append(comp[root], r)
		}
		for _, root := range roots {
			rs := comp[root]
			if size[root] > n {
				for _, r := range rs {
					g := newRelGroup(b, name, []satdoku.Relation{r})
					g.global = true
					groups = append(groups, g)
				}
				continue
			}
			groups = append(groups, newRelGroup(b, name, rs))
		}
	}
	return groups
}

// maxLineSearch is the most cells of a group of relations that is
// searched as a whole (see conSearch); larger groups are made consistent
// relation by relation.
const maxLineSearch = 12

func newRelGroup(b *board, name string, rels []satdoku.Relation) relGroup {
	n := b.n
	g := relGroup{name: name}
	for _, r := range rels {
		t := relTable{a: r.A, b: r.B, allow: make([]uint64, n+1), back: make([]uint64, n+1)}
		seen := b.sees(r.A, r.B)
		for x := 1; x <= n; x++ {
			for y := 1; y <= n; y++ {
				if r.Holds(x, y) && (!seen || x != y) {
					t.allow[x] |= bit(y)
					t.back[y] |= bit(x)
				}
			}
		}
		g.rels = append(g.rels, t)
	}
	cells, path := lineCells(rels)
	if path && len(cells) >= 3 {
		g.label = name + " " + cellName(n, cells[0]) + "–" + cellName(n, cells[len(cells)-1])
	} else {
		g.label = name + " " + joinCells(n, cells, ",")
	}
	if len(rels) >= 2 && len(cells) <= maxLineSearch {
		// The whole line at once: its cells that see each other differ,
		// which pairs alone do not see (three cells of a row joined by
		// white dots: the middle one is not 1).
		g.search = relSearch(b, cells, g.rels)
		g.search.name, g.search.label = name, g.label
	}
	return g
}

// relSearch returns the search over the cells (in that order) under the
// relations, which join cells among them.
func relSearch(b *board, cells []int, rels []relTable) *conSearch {
	pos := map[int]int{}
	order := make([]int, len(cells))
	for k, i := range cells {
		pos[i], order[k] = k, k
	}
	type pair struct {
		a, b  int
		allow []uint64
	}
	var pairs []pair
	for _, t := range rels {
		pairs = append(pairs, pair{pos[t.a], pos[t.b], t.allow})
	}
	return searchOf(b, cells, order, false, func(vals []int, _ []uint64) bool {
		for _, p := range pairs {
			if x, y := vals[p.a], vals[p.b]; x != 0 && y != 0 && p.allow[x]&bit(y) == 0 {
				return false
			}
		}
		return true
	})
}

// lineCells returns the cells of relations: along the line from one end
// when they form a line (from the cell that is no relation's B, such as a
// thermometer's bulb, when there is one), with path true; in the order
// first met otherwise.
func lineCells(rels []satdoku.Relation) (cells []int, path bool) {
	adj := map[int][]int{}
	indeg := map[int]int{}
	for _, r := range rels {
		for _, c := range [2]int{r.A, r.B} {
			if _, ok := adj[c]; !ok {
				cells = append(cells, c)
				adj[c] = nil
			}
		}
		adj[r.A] = append(adj[r.A], r.B)
		adj[r.B] = append(adj[r.B], r.A)
		indeg[r.B]++
	}
	if len(rels) != len(cells)-1 {
		return cells, false
	}
	var ends []int
	for _, c := range cells {
		switch len(adj[c]) {
		case 1:
			ends = append(ends, c)
		case 2:
		default:
			return cells, false
		}
	}
	if len(ends) != 2 {
		return cells, false
	}
	start := ends[0]
	if indeg[start] > 0 && indeg[ends[1]] == 0 {
		start = ends[1]
	}
	line := []int{start}
	for prev, cur := -1, start; len(line) < len(cells); {
		next := adj[cur][0]
		if next == prev {
			next = adj[cur][1]
		}
		line = append(line, next)
		prev, cur = cur, next
	}
	return line, true
}

// joinCells returns the names of the cells joined by sep.
func joinCells(n int, cells []int, sep string) string {
	parts := make([]string, len(cells))
	for k, i := range cells {
		parts[k] = cellName(n, i)
	}
	return strings.Join(parts, sep)
}

// clueMarks removes the digits a OneOf constraint forbids (odd and even
// cells, given pencil marks).
func (s *State) clueMarks() (Step, bool) {
	n := s.b.n
	for _, c := range cluesOf(s.b).marks {
		name := c.Name
		if name == "" {
			name = c.Kind.String()
		}
		if st, ok := s.clueStep(name, name+" "+joinCells(n, c.Cells, ","), RatingClueMark, c.Cells, func(int) uint64 { return c.Mask }, ""); ok {
			return st, true
		}
	}
	return Step{}, false
}

// clueRelations finds a group of relations that, with the candidates of
// its cells, forbids a candidate: the relations are made consistent (each
// candidate of a cell has a partner in the other cell of each of its
// relations) until nothing changes.
func (s *State) clueRelations() (Step, bool) {
	masks := map[int]uint64{}
	for _, g := range cluesOf(s.b).groups {
		if g.search != nil {
			if st, ok := s.conStep(g.search, RatingClueRelation, s.holding(g.search.cells)); ok {
				return st, true
			}
			continue
		}
		clear(masks)
		for _, t := range g.rels {
			masks[t.a], masks[t.b] = s.cand[t.a], s.cand[t.b]
		}
		for changed := true; changed; {
			changed = false
			for _, t := range g.rels {
				ma, mb := masks[t.a], masks[t.b]
				var okA, okB uint64
				for x := ma; x != 0; x &= x - 1 {
					d := lowDigit(x)
					if t.allow[d]&mb != 0 {
						okA |= bit(d)
					}
				}
				for y := mb; y != 0; y &= y - 1 {
					d := lowDigit(y)
					if t.back[d]&ma != 0 {
						okB |= bit(d)
					}
				}
				if okA != ma || okB != mb {
					masks[t.a], masks[t.b] = okA, okB
					changed = true
				}
			}
		}
		var cells []int
		for _, t := range g.rels {
			cells = append(cells, t.a, t.b)
		}
		if st, ok := s.clueStep(g.name, g.label, RatingClueRelation, cells, func(i int) uint64 { return masks[i] }, s.holding(cells)); ok {
			return st, true
		}
	}
	return Step{}, false
}

// holding says which of a few cells of a clue hold a digit: "r1c1 holds
// 3", "r1c1 holds 3, r2c2 holds 5"; "" when none does, or more than two.
func (s *State) holding(cells []int) string {
	var parts []string
	for _, i := range cells {
		if d := s.value[i]; d != 0 {
			parts = append(parts, cellName(s.b.n, i)+" holds "+strconv.Itoa(int(d)))
		}
	}
	if len(parts) > 2 {
		return ""
	}
	return strings.Join(parts, ", ")
}

// clueStep makes the step of a clue (technique name, label for the text)
// that leaves each of the cells with the candidates keep gives, when it
// removes something; what it says first, when not "", comes before the
// effect on the cells.
func (s *State) clueStep(name, label string, rating float64, cells []int, keep func(i int) uint64, what string) (Step, bool) {
	n := s.b.n
	var el []Candidate
	var parts []string
	var done []int
	for _, i := range cells {
		if s.value[i] != 0 || slices.Contains(done, i) {
			continue
		}
		done = append(done, i)
		before, after := s.cand[i], s.cand[i]&keep(i)
		if before == after {
			continue
		}
		for _, d := range digits(before &^ after) {
			el = append(el, Candidate{i, d})
		}
		parts = append(parts, effect(n, i, before, after))
	}
	if len(el) == 0 {
		return Step{}, false
	}
	text := label + ": "
	if what != "" {
		text += what + "; "
	}
	return Step{
		Technique:    name,
		Rating:       rating,
		Text:         text + strings.Join(parts, ", "),
		Eliminations: sortCands(el),
	}, true
}

// effect says what a cell's candidates become: "r1c2 is at least 3",
// "r1c2 is at most 6", "r1c2 is 3 to 6", "r1c2 is 2, 5 or 7" or "r1c2 is
// not 4", whichever list is shorter.
func effect(n, i int, before, after uint64) string {
	name := cellName(n, i)
	if after == 0 {
		return name + " has no digit left"
	}
	lo, hi := lowDigit(after), 64-bits.LeadingZeros64(after)
	gone := before &^ after
	below, above := gone&(bit(lo)-1), gone&^(bit(hi+1)-1)
	if hi == 64 {
		above = 0
	}
	switch {
	case bits.OnesCount64(after) == 1:
		return name + " is " + strconv.Itoa(lo)
	case gone == below:
		return name + " is at least " + strconv.Itoa(lo)
	case gone == above:
		return name + " is at most " + strconv.Itoa(hi)
	case gone == below|above:
		return name + " is " + strconv.Itoa(lo) + " to " + strconv.Itoa(hi)
	case bits.OnesCount64(after) <= max(3, bits.OnesCount64(gone)):
		return name + " is " + orList(after)
	}
	return name + " is not " + orList(gone)
}
