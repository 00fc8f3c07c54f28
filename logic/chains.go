package logic

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// A chain graph: candidates as nodes, with strong links (at least one of
// the two is true) and weak links (at most one of the two is true).
type chainGraph struct {
	nodes  []Candidate
	strong [][]int32
	weak   [][]int32
}

// weakly reports whether candidates a and b cannot both be true.
func (s *State) weakly(a, b Candidate) bool {
	if a.Cell == b.Cell {
		return a.Digit != b.Digit
	}
	return a.Digit == b.Digit && s.b.sees(a.Cell, b.Cell)
}

// chainElims returns the candidates, other than a and x, that cannot be
// true when a or x is.
func (s *State) chainElims(a, x Candidate) []Candidate {
	var el []Candidate
	try := func(y Candidate) {
		if y != a && y != x && s.value[y.Cell] == 0 && s.cand[y.Cell]&bit(y.Digit) != 0 && s.weakly(y, a) && s.weakly(y, x) {
			el = append(el, y)
		}
	}
	for _, d := range digits(s.cand[a.Cell]) {
		try(Candidate{a.Cell, d})
	}
	for _, j := range s.b.peers[a.Cell] {
		try(Candidate{int(j), a.Digit})
		if x.Digit != a.Digit {
			try(Candidate{int(j), x.Digit})
		}
	}
	return sortCands(el)
}

// xChainGraph links the candidates of digit d: strong links between the
// two places of d in a full unit, weak links between cells that see each
// other.
func (s *State) xChainGraph(d int) *chainGraph {
	n := s.b.n
	g := &chainGraph{}
	id := make([]int32, n*n)
	for i := range id {
		id[i] = -1
		if s.open(i, d) {
			id[i] = int32(len(g.nodes))
			g.nodes = append(g.nodes, Candidate{i, d})
		}
	}
	g.strong = make([][]int32, len(g.nodes))
	g.weak = make([][]int32, len(g.nodes))
	for u, un := range s.b.units {
		if !s.b.full[u] {
			continue
		}
		a, b, k := -1, -1, 0
		for _, i := range un.Cells {
			if id[i] >= 0 {
				a, b = b, i
				k++
			}
		}
		if k == 2 {
			g.strong[id[a]] = append(g.strong[id[a]], id[b])
			g.strong[id[b]] = append(g.strong[id[b]], id[a])
		}
	}
	for x, c := range g.nodes {
		for _, j := range s.b.peers[c.Cell] {
			if id[j] >= 0 {
				g.weak[x] = append(g.weak[x], id[j])
			}
		}
	}
	return g
}

// xyChainGraph links the candidates of the cells with two candidates:
// strong links between the two digits of a cell, weak links between the
// same digit in cells that see each other.
func (s *State) xyChainGraph() *chainGraph {
	n := s.b.n
	g := &chainGraph{}
	id := make([]int32, n*n*2)
	for i := range n * n {
		id[2*i], id[2*i+1] = -1, -1
		if s.value[i] == 0 && bits.OnesCount64(s.cand[i]) == 2 {
			for k, d := range digits(s.cand[i]) {
				id[2*i+k] = int32(len(g.nodes))
				g.nodes = append(g.nodes, Candidate{i, d})
			}
		}
	}
	g.strong = make([][]int32, len(g.nodes))
	g.weak = make([][]int32, len(g.nodes))
	for x, c := range g.nodes {
		other := x + 1
		if x > 0 && g.nodes[x-1].Cell == c.Cell {
			other = x - 1
		}
		g.strong[x] = append(g.strong[x], int32(other))
		for _, j := range s.b.peers[c.Cell] {
			for k := range 2 {
				if y := id[2*int(j)+k]; y >= 0 && g.nodes[y].Digit == c.Digit {
					g.weak[x] = append(g.weak[x], y)
				}
			}
		}
	}
	return g
}

// chainRating rates an x- or xy-chain by its number of links: 6.6 up to
// three links, 0.1 more for every two more, at most 7.0.
func chainRating(links int) float64 {
	r := RatingXChain + 0.1*float64(max(0, links-3)/2)
	return min(r, maxRatingXChain)
}

// chainLinks returns the most links of a chain rated at most limit.
func chainLinks(limit float64) int {
	if limit >= maxRatingXChain {
		return math.MaxInt32
	}
	return 3 + 2*max(0, int((limit-RatingXChain)*10+1e-6))
}

// search finds the shortest alternating chain of g that starts and ends
// with a strong link and eliminates something: if its first candidate is
// false the last is true, so a candidate that cannot be true with either
// is false. It returns the chain's nodes, from first to last, and its
// eliminations.
func (s *State) search(g *chainGraph, limit int) (path []int32, el []Candidate) {
	m := len(g.nodes)
	dist := make([]int32, 2*m) // state 2x: node x false; 2x+1: node x true
	from := make([]int32, 2*m)
	queue := make([]int32, 0, 2*m)
	best := limit + 1
	for a := range m {
		for i := range dist {
			dist[i] = -1
		}
		queue = append(queue[:0], int32(2*a))
		dist[2*a] = 0
		for q := 0; q < len(queue); q++ {
			st := queue[q]
			x, on := st/2, st%2 == 1
			if int(dist[st]) >= best {
				break
			}
			if on && int(x) != a {
				if e := s.chainElims(g.nodes[a], g.nodes[x]); len(e) > 0 {
					best, el = int(dist[st]), e
					path = path[:0]
					for t := st; ; t = from[t] {
						path = append(path, t/2)
						if t == int32(2*a) {
							break
						}
					}
					break
				}
			}
			links, next := g.weak[x], int32(0)
			if !on {
				links, next = g.strong[x], 1
			}
			for _, y := range links {
				t := 2*y + next
				if dist[t] < 0 {
					dist[t] = dist[st] + 1
					from[t] = st
					queue = append(queue, t)
				}
			}
		}
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path, el
}

// chain finds the shortest x-chain (one digit, strong links in units) or
// xy-chain (cells with two candidates) that eliminates something, up to
// limit links.
func (s *State) chain(limit int) (Step, bool) {
	n := s.b.n
	var best []int32
	var bestEl []Candidate
	var bestG *chainGraph
	name := ""
	try := func(g *chainGraph, tech string) {
		lim := limit
		if best != nil {
			lim = len(best) - 2 // strictly shorter
		}
		if p, el := s.search(g, lim); p != nil {
			best, bestEl, bestG, name = append([]int32(nil), p...), el, g, tech
		}
	}
	for d := 1; d <= n && !s.stopped(); d++ {
		try(s.xChainGraph(d), "x-chain")
	}
	try(s.xyChainGraph(), "xy-chain")
	if best == nil {
		return Step{}, false
	}
	var b strings.Builder
	b.WriteString(name + ": ")
	if name == "x-chain" {
		b.WriteString(strconv.Itoa(bestG.nodes[best[0]].Digit) + " in ")
	}
	for k, x := range best {
		c := bestG.nodes[x]
		if k > 0 {
			if k%2 == 1 {
				b.WriteString("=")
			} else {
				b.WriteString("-")
			}
		}
		if name == "x-chain" {
			b.WriteString(cellName(n, c.Cell))
		} else {
			b.WriteString(strconv.Itoa(c.Digit) + cellName(n, c.Cell))
		}
	}
	b.WriteString("; " + elimList(n, bestEl))
	return Step{
		Technique:    name,
		Rating:       chainRating(len(best) - 1),
		Text:         b.String(),
		Eliminations: bestEl,
	}, true
}
