package verify

import (
	"fmt"
	"strings"

	"github.com/satdoku/satdoku"
)

// This file checks Automaton constraints by running the automaton: over
// the digits of a full line (runNFA), and over candidate masks, forward
// and back (narrowNFA).

// nfaSteps returns, for each symbol the automaton of c reads, the cell's
// position in c.Cells or −1 for a break between segments.
func nfaSteps(c *satdoku.Constraint) []int {
	a := c.NFA
	var steps []int
	b := 0
	for k := 0; k <= len(c.Cells); k++ {
		for b < len(a.Breaks) && a.Breaks[b] == k {
			steps = append(steps, -1)
			b++
		}
		if k < len(c.Cells) {
			steps = append(steps, k)
		}
	}
	return steps
}

// runNFA returns why the automaton of c rejects the digits of its cells in
// g, or "" when it accepts them.
func runNFA(c *satdoku.Constraint, g *satdoku.Grid) string {
	a := c.NFA
	cur := map[int]bool{}
	for _, q := range a.Start {
		cur[q] = true
	}
	var read []string
	for _, k := range nfaSteps(c) {
		sym := satdoku.Break
		if k >= 0 {
			sym = g.Cell(c.Cells[k])
			read = append(read, fmt.Sprint(sym))
		} else {
			read = append(read, "|")
		}
		next := map[int]bool{}
		for _, m := range a.Moves {
			if cur[m.From] && m.Symbol == sym {
				next[m.To] = true
			}
		}
		if len(next) == 0 {
			return fmt.Sprintf("no run of the automaton reads %s", strings.Join(read, " "))
		}
		cur = next
	}
	for _, q := range a.Accept {
		if cur[q] {
			return ""
		}
	}
	return fmt.Sprintf("the automaton rejects %s", strings.Join(read, " "))
}

// narrowNFA keeps in each mask of m (the candidates of c's cells, by
// position) the digits that some accepted line over the masks uses; a cell
// listed twice keeps the digits both places allow. It reports whether an
// accepted line is left.
func narrowNFA(c *satdoku.Constraint, m []uint64) bool {
	a := c.NFA
	steps := nfaSteps(c)
	allowed := func(t int, sym int) bool {
		if steps[t] < 0 {
			return sym == satdoku.Break
		}
		return sym >= 1 && m[steps[t]]&bit(sym) != 0
	}
	// reach[t] are the states some run over the masks is in before step t.
	reach := make([]map[int]bool, len(steps)+1)
	reach[0] = map[int]bool{}
	for _, q := range a.Start {
		reach[0][q] = true
	}
	for t := range steps {
		reach[t+1] = map[int]bool{}
		for _, mv := range a.Moves {
			if reach[t][mv.From] && allowed(t, mv.Symbol) {
				reach[t+1][mv.To] = true
			}
		}
	}
	// Back from the accepting states: the states that still lead to one,
	// and the digits of the moves between them.
	good := map[int]bool{}
	for _, q := range a.Accept {
		if reach[len(steps)][q] {
			good[q] = true
		}
	}
	if len(good) == 0 {
		return false
	}
	keep := make([]uint64, len(m))
	for t := len(steps) - 1; t >= 0; t-- {
		prev := map[int]bool{}
		for _, mv := range a.Moves {
			if reach[t][mv.From] && good[mv.To] && allowed(t, mv.Symbol) {
				prev[mv.From] = true
				if steps[t] >= 0 {
					keep[steps[t]] |= bit(mv.Symbol)
				}
			}
		}
		if len(prev) == 0 {
			return false
		}
		good = prev
	}
	for k := range m {
		m[k] &= keep[k]
	}
	for k, i := range c.Cells {
		for j := k + 1; j < len(c.Cells); j++ {
			if c.Cells[j] == i {
				m[k] &= m[j]
				m[j] = m[k]
			}
		}
	}
	for _, x := range m {
		if x == 0 {
			return false
		}
	}
	return true
}
