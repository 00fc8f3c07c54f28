package iss

import (
	"github.com/satdoku/satdoku/clue"
)

// anyOf reads the members of an Or that is no same-difference line: each
// member is an item, or an ".And … .End" group of items (read as the
// items themselves); the clues each reads make a member of a clue.AnyOf.
// Givens inside are the member's pencil marks. An Or or a Replicate inside
// an Or, and a global rule (a named rule, a board shape, regions) inside,
// are refused by name.
func (b *builder) anyOf(it *item, members []item) error {
	var groups [][]item
	for k := 0; k < len(members); k++ {
		m := members[k]
		switch m.typ {
		case "And":
			end, depth := k+1, 0
			for ; end < len(members) && (members[end].typ != "End" || depth > 0); end++ {
				switch members[end].typ {
				case "Or", "And", "Replicate":
					depth++
				case "End":
					depth--
				}
			}
			groups = append(groups, members[k+1:min(end, len(members))])
			k = end
		case "End":
			// An End without And is the Or's own, found by the caller.
		default:
			groups = append(groups, []item{m})
		}
	}
	named, noBoxes, jigsaw := len(b.named), b.noBoxes, b.jigsaw
	c := clue.Clue{Kind: clue.AnyOf}
	for _, g := range groups {
		from := len(b.clues)
		b.inMember = true
		for k := range g {
			m := &g[k]
			switch m.typ {
			case "Or", "Replicate":
				b.inMember = false
				return b.t.fail(m.at, ErrUnsupported, "%s inside an Or: a constraint satdoku cannot express", m.typ)
			case "And", "End", "Shape":
				continue // an And in an And: its items hold together anyway
			}
			if err := b.item(m); err != nil {
				b.inMember = false
				return err
			}
			if len(b.named) != named || b.noBoxes != noBoxes || b.jigsaw == nil != (jigsaw == nil) {
				b.inMember = false
				return b.t.fail(m.at, ErrUnsupported, "%s inside an Or: a rule of the whole grid that satdoku cannot make one of several", m.typ)
			}
		}
		b.inMember = false
		member := append([]clue.Clue(nil), b.clues[from:]...)
		b.clues, b.at = b.clues[:from], b.at[:from]
		// A dot read from a Pair inside an Or exempts nothing from a
		// strict rule: it may not hold.
		for len(b.pairMarks) > 0 && b.pairMarks[len(b.pairMarks)-1].clue >= from {
			b.pairMarks = b.pairMarks[:len(b.pairMarks)-1]
		}
		if len(member) == 0 {
			return nil // a member that says nothing: nor does the Or
		}
		c.Members = append(c.Members, member)
	}
	b.add(it.at, c)
	return nil
}
