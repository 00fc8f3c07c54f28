package logic

import (
	"slices"
	"strings"
)

// RatingClueCluster rates a step that takes the relations of several
// clues that share cells together (a cell with a white dot and a black
// dot, a thermometer crossed by an XV pair): harder to see than one clue's.
const RatingClueCluster = 2.4

// clueClusters returns the searches over clusters of relations: the
// groups of relations (lines and pairs of rules that span at most N cells)
// that share cells, joined while they cover at most maxLineSearch cells,
// with the relations of wider rules (nonconsecutive, negative rules)
// between their cells; only clusters of two groups or more, which one
// group's step does not see.
func clueClusters(b *board, groups []relGroup) []*conSearch {
	n := b.n
	parent := cellSets{}
	find := parent.find
	for _, g := range groups {
		if g.global {
			continue
		}
		for _, t := range g.rels {
			parent[find(t.a)] = find(t.b)
		}
	}
	type cluster struct {
		groups []int
		cells  []int
	}
	var roots []int
	byRoot := map[int]*cluster{}
	for x, g := range groups {
		if g.global {
			continue
		}
		root := find(g.rels[0].a)
		c := byRoot[root]
		if c == nil {
			c = &cluster{}
			byRoot[root] = c
			roots = append(roots, root)
		}
		c.groups = append(c.groups, x)
		for _, t := range g.rels {
			for _, i := range [2]int{t.a, t.b} {
				if !slices.Contains(c.cells, i) {
					c.cells = append(c.cells, i)
				}
			}
		}
	}
	var out []*conSearch
	for _, root := range roots {
		c := byRoot[root]
		if len(c.groups) < 2 || len(c.cells) > maxLineSearch {
			continue
		}
		var rels []relTable
		var names []string
		for _, x := range c.groups {
			rels = append(rels, groups[x].rels...)
			if !slices.Contains(names, groups[x].name) {
				names = append(names, groups[x].name)
			}
		}
		for _, g := range groups {
			if t := g.rels[0]; g.global && slices.Contains(c.cells, t.a) && slices.Contains(c.cells, t.b) {
				rels = append(rels, t)
				if !slices.Contains(names, g.name) {
					names = append(names, g.name)
				}
			}
		}
		cs := relSearch(b, c.cells, rels)
		cs.name, cs.label = "clues together", strings.Join(names, " and ")+" "+joinCells(n, c.cells, ",")
		out = append(out, cs)
	}
	return out
}

// clueClusterStep finds a cluster of relations (see clueClusters) that,
// taken together, forbids a candidate.
func (s *State) clueClusterStep() (Step, bool) {
	for _, cs := range cluesOf(s.b).clusters {
		if st, ok := s.conStep(cs, RatingClueCluster, s.holding(cs.cells)); ok {
			return st, true
		}
	}
	return Step{}, false
}
