package iss

import (
	"github.com/satdoku/satdoku/clue"
)

// anyOf reads the members of an Or that is no same-difference line: each
// member is an item, an ".And … .End" group of items (read as the items
// themselves) or an ".Or … .End" of its own; the clues each reads make a
// member of a clue.AnyOf. Givens inside are the member's pencil marks. A
// Replicate inside an Or, and a global rule (a named rule, a board shape,
// regions) inside, are refused by name.
func (b *builder) anyOf(it *item, members []item) error {
	var groups [][]item
	for k := 0; k < len(members); k++ {
		switch m := members[k]; m.typ {
		case "And", "Or":
			end := matchEnd(members, k)
			if m.typ == "And" {
				groups = append(groups, members[k+1:end])
			} else {
				groups = append(groups, members[k:min(end+1, len(members))])
			}
			k = end
		case "End":
			// An End without And is the Or's own, found by the caller.
		default:
			groups = append(groups, []item{m})
		}
	}
	named, noBoxes, jigsaw := len(b.named), b.noBoxes, b.jigsaw
	inMember := b.inMember
	defer func() { b.inMember = inMember }()
	c := clue.Clue{Kind: clue.AnyOf}
	for _, g := range groups {
		from := len(b.clues)
		b.inMember = true
		for k := 0; k < len(g); k++ {
			m := &g[k]
			switch m.typ {
			case "Replicate":
				return b.t.fail(m.at, ErrUnsupported, "%s inside an Or: a constraint satdoku cannot express", m.typ)
			case "Or":
				end, err := b.readOr(g, k)
				if err != nil {
					return err
				}
				k = end
				continue
			case "And", "End", "Shape":
				continue // an And in an And: its items hold together anyway
			}
			if err := b.item(m); err != nil {
				return err
			}
			if len(b.named) != named || b.noBoxes != noBoxes || b.jigsaw == nil != (jigsaw == nil) {
				return b.t.fail(m.at, ErrUnsupported, "%s inside an Or: a rule of the whole grid that satdoku cannot make one of several", m.typ)
			}
		}
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

// matchEnd returns the index of the End that closes the And, Or or
// Replicate at its[k], or len(its).
func matchEnd(its []item, k int) int {
	depth := 0
	for end := k + 1; end < len(its); end++ {
		switch its[end].typ {
		case "Or", "And", "Replicate":
			depth++
		case "End":
			if depth == 0 {
				return end
			}
			depth--
		}
	}
	return len(its)
}

// readOr reads the Or at its[k] up to its End, and returns the End's index.
func (b *builder) readOr(its []item, k int) (int, error) {
	end := matchEnd(its, k)
	if end == len(its) {
		return end, b.t.fail(len(b.t.b), ErrSyntax, "Or without End")
	}
	return end, b.or(&its[k], its[k+1:end])
}
