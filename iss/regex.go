package iss

import (
	"fmt"
	"strconv"

	"github.com/satdoku/satdoku"
)

// compileRegex compiles a regular expression of ISS's Regex constraint
// (js/nfa_builder.js, RegexParser and RegexToNFABuilder) into an automaton
// over the digits of a board of n values (digit d the value d+offset)
// that accepts the lines whose digits,
// read as a string, match the whole pattern. The syntax: characters
// (digits, 'A'–'Z' for 10 …), '.' (any value), classes "[…]" with ranges
// and '^' for the complement, groups "(…)", alternation '|', and the
// quantifiers '*', '+', '?', "{n}", "{n,}" and "{n,m}". A character that
// is no value of the board is an error, as in ISS.
func compileRegex(pattern string, n, offset int) (*satdoku.NFA, error) {
	p := &reParser{s: pattern, n: n, off: offset}
	nd, err := p.alternation()
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.s) {
		return nil, fmt.Errorf("unexpected %q at %d", p.s[p.pos], p.pos)
	}
	th := &thompson{}
	start, end := th.build(nd)
	if len(th.moves) > satdoku.MaxNFAMoves || th.states > satdoku.MaxNFAStates {
		return nil, fmt.Errorf("a pattern too large for an automaton")
	}
	a := th.withoutEmpty(start, end)
	if a == nil {
		return nil, fmt.Errorf("a pattern too large for an automaton")
	}
	return a, nil
}

// reNode is a node of a parsed pattern.
type reNode struct {
	op       byte   // 'c' a set of digits, '.' a sequence, '|' alternatives, '*' a repetition
	digits   uint64 // the set of 'c', bit d−1 for d
	kids     []*reNode
	min, max int // the repetitions of '*'; max −1 for no bound
}

type reParser struct {
	s   string
	pos int
	n   int
	off int // the value offset: digit d is the value d+off
}

func (p *reParser) peek() byte {
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

func (p *reParser) alternation() (*reNode, error) {
	var alts []*reNode
	for {
		seq, err := p.sequence()
		if err != nil {
			return nil, err
		}
		alts = append(alts, seq)
		if p.peek() != '|' {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &reNode{op: '|', kids: alts}, nil
}

func (p *reParser) sequence() (*reNode, error) {
	seq := &reNode{op: '.'}
	for p.pos < len(p.s) && p.peek() != '|' && p.peek() != ')' {
		nd, err := p.primary()
		if err != nil {
			return nil, err
		}
		for nd != nil {
			var done bool
			if nd, done, err = p.quantifier(nd); err != nil {
				return nil, err
			}
			if done {
				break
			}
		}
		seq.kids = append(seq.kids, nd)
	}
	return seq, nil
}

// quantifier applies the quantifier at the current place to nd, if any
// (done false: there was one, and more may follow).
func (p *reParser) quantifier(nd *reNode) (*reNode, bool, error) {
	rep := func(lo, hi int) *reNode { return &reNode{op: '*', kids: []*reNode{nd}, min: lo, max: hi} }
	switch p.peek() {
	case '*':
		p.pos++
		return rep(0, -1), false, nil
	case '+':
		p.pos++
		return rep(1, -1), false, nil
	case '?':
		p.pos++
		return rep(0, 1), false, nil
	case '{':
		at := p.pos
		p.pos++
		lo, ok := p.number()
		if !ok {
			return nil, false, fmt.Errorf("a number wanted after '{' at %d", at)
		}
		hi := lo
		if p.peek() == ',' {
			p.pos++
			hi = -1
			if p.peek() != '}' {
				if hi, ok = p.number(); !ok {
					return nil, false, fmt.Errorf("a number or '}' wanted at %d", p.pos)
				}
				if hi < lo {
					return nil, false, fmt.Errorf("{%d,%d} at %d: the most is below the least", lo, hi, at)
				}
			}
		}
		if p.peek() != '}' {
			return nil, false, fmt.Errorf("'}' wanted at %d", p.pos)
		}
		p.pos++
		if max(lo, hi) > 1000 {
			return nil, false, fmt.Errorf("a repetition of more than 1000 at %d", at)
		}
		return rep(lo, hi), false, nil
	}
	return nd, true, nil
}

func (p *reParser) number() (int, bool) {
	start := p.pos
	for p.peek() >= '0' && p.peek() <= '9' {
		p.pos++
	}
	if p.pos == start || p.pos-start > 6 {
		return 0, false
	}
	v, err := strconv.Atoi(p.s[start:p.pos])
	return v, err == nil
}

func (p *reParser) digit(c byte) (uint64, error) {
	d, ok := charDigit(c, p.n, p.off)
	if !ok {
		return 0, fmt.Errorf("%q is not a value %d to %d", c, 1+p.off, p.n+p.off)
	}
	return 1 << (d - 1), nil
}

func (p *reParser) primary() (*reNode, error) {
	all := uint64(1)<<p.n - 1
	c := p.peek()
	switch c {
	case 0:
		return nil, fmt.Errorf("the pattern ends early")
	case '(':
		p.pos++
		nd, err := p.alternation()
		if err != nil {
			return nil, err
		}
		if p.peek() != ')' {
			return nil, fmt.Errorf("an unclosed group at %d", p.pos)
		}
		p.pos++
		return nd, nil
	case '.':
		p.pos++
		return &reNode{op: 'c', digits: all}, nil
	case '[':
		return p.class()
	case '*', '+', '?', '{', '|', ')':
		return nil, fmt.Errorf("unexpected %q at %d", c, p.pos)
	}
	p.pos++
	m, err := p.digit(c)
	return &reNode{op: 'c', digits: m}, err
}

// class reads "[…]": characters and ranges ("1-5", by character code, as
// ISS reads them), '^' first for the complement.
func (p *reParser) class() (*reNode, error) {
	p.pos++ // '['
	neg := p.peek() == '^'
	if neg {
		p.pos++
	}
	var m uint64
	empty := true
	for p.pos < len(p.s) && p.peek() != ']' {
		lo := p.s[p.pos]
		p.pos++
		hi := lo
		if p.peek() == '-' && p.pos+1 < len(p.s) {
			hi = p.s[p.pos+1]
			p.pos += 2
			if hi < lo {
				return nil, fmt.Errorf("a range %c-%c backwards", lo, hi)
			}
		}
		for c := int(lo); c <= int(hi); c++ {
			x, err := p.digit(byte(c))
			if err != nil {
				return nil, err
			}
			m |= x
			empty = false
		}
	}
	if p.peek() != ']' {
		return nil, fmt.Errorf("an unclosed class")
	}
	p.pos++
	if empty {
		return nil, fmt.Errorf("an empty class")
	}
	if neg {
		m = ^m & (uint64(1)<<p.n - 1)
	}
	return &reNode{op: 'c', digits: m}, nil
}

// thompson builds an automaton with empty moves (Symbol −1) from a
// pattern, fragment by fragment.
type thompson struct {
	states int
	moves  []satdoku.Move
}

func (t *thompson) state() int { t.states++; return t.states - 1 }

func (t *thompson) move(from, to, sym int) {
	t.moves = append(t.moves, satdoku.Move{From: from, To: to, Symbol: sym})
}

// build returns the start and the end of the fragment of nd.
func (t *thompson) build(nd *reNode) (int, int) {
	if t.states > satdoku.MaxNFAStates {
		s := t.state()
		return s, s // too large: compileRegex refuses it
	}
	switch nd.op {
	case 'c':
		s, e := t.state(), t.state()
		for d := 1; nd.digits>>(d-1) != 0; d++ {
			if nd.digits>>(d-1)&1 == 1 {
				t.move(s, e, d)
			}
		}
		return s, e
	case '.':
		s := t.state()
		e := s
		for _, k := range nd.kids {
			ks, ke := t.build(k)
			t.move(e, ks, -1)
			e = ke
		}
		return s, e
	case '|':
		s, e := t.state(), t.state()
		for _, k := range nd.kids {
			ks, ke := t.build(k)
			t.move(s, ks, -1)
			t.move(ke, e, -1)
		}
		return s, e
	}
	// '*': min copies, then up to max−min optional ones, or a loop.
	s := t.state()
	e := s
	for range nd.min {
		ks, ke := t.build(nd.kids[0])
		t.move(e, ks, -1)
		e = ke
	}
	if nd.max < 0 {
		ks, ke := t.build(nd.kids[0])
		t.move(e, ks, -1)
		t.move(ke, ks, -1)
		t.move(ke, e, -1)
		return s, e
	}
	end := t.state()
	t.move(e, end, -1)
	for range nd.max - nd.min {
		ks, ke := t.build(nd.kids[0])
		t.move(e, ks, -1)
		t.move(ke, end, -1)
		e = ke
	}
	return s, end
}

// withoutEmpty returns the automaton with its empty moves taken out: a
// state moves on a digit wherever a state it reaches by empty moves does,
// and accepts when it reaches end. It returns nil when that takes more than
// satdoku.MaxNFAMoves moves.
func (t *thompson) withoutEmpty(start, end int) *satdoku.NFA {
	empty := make([][]int, t.states)
	for _, m := range t.moves {
		if m.Symbol < 0 {
			empty[m.From] = append(empty[m.From], m.To)
		}
	}
	byState := make([][]satdoku.Move, t.states)
	for _, m := range t.moves {
		if m.Symbol >= 0 {
			byState[m.From] = append(byState[m.From], m)
		}
	}
	a := &satdoku.NFA{States: t.states, Start: []int{start}}
	seen := make([]int, t.states)
	for q := range t.states {
		// The closure of q, by a walk over the empty moves.
		stack := []int{q}
		seen[q] = q + 1
		accept := false
		have := map[satdoku.Move]bool{}
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			accept = accept || p == end
			for _, m := range byState[p] {
				mv := satdoku.Move{From: q, To: m.To, Symbol: m.Symbol}
				if !have[mv] {
					have[mv] = true
					a.Moves = append(a.Moves, mv)
					if len(a.Moves) > satdoku.MaxNFAMoves {
						return nil
					}
				}
			}
			for _, r := range empty[p] {
				if seen[r] != q+1 {
					seen[r] = q + 1
					stack = append(stack, r)
				}
			}
		}
		if accept {
			a.Accept = append(a.Accept, q)
		}
	}
	return a
}
