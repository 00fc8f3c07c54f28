package verify

import "github.com/satdoku/satdoku"

// layout is what Count reads of a set of rules, laid out for its inner
// loops. It is derived from the rules' units and overlaps alone, computed
// once per *satdoku.Rules and shared read-only.
type layout struct {
	all    uint64 // the N digits
	units  []satdoku.Unit
	nunits int
	full   []bool // per unit, whether it holds every digit

	// cellUnits[i*stride : (i+1)*stride] are the units of cell i, padded
	// with nunits, a unit of no cell that never holds a digit.
	stride    int
	cellUnits []int32

	// Locked candidates. Each overlap is seen from both of its units; the
	// overlaps of one unit are grouped into families whose shared parts do
	// not meet, so that the cells of the unit outside the shared part of one
	// member are the other members' shared parts and the family's rest.
	overlaps []satdoku.Overlap
	famA     []int32  // per overlap, the family of its unit A
	famB     []int32  // per overlap, the family of its unit B
	families []family // every family of every unit

	// rel holds the relations of each cell (satdoku.Relation), nil when
	// the rules have none.
	rel [][]edge

	// The constraints (satdoku.Constraint): oneOf are applied once to the
	// candidates of their cells, cons are narrowed at every round of
	// propagation. Both are nil when the rules have none. consCells is
	// the most cells of one of cons.
	n         int // the number of digits, Rules.Values
	oneOf     []*satdoku.Constraint
	cons      []*satdoku.Constraint
	consCells int
}

// family is a set of overlaps of one unit whose shared parts are disjoint.
type family struct {
	members []int32 // overlaps, as indices into layout.overlaps
	rest    []int   // the cells of the unit in no member's shared part
}

// layoutKey is the key of the layout in the cache of its rules.
type layoutKey struct{}

// layoutOf returns the layout of rules r, computed once per rules (see
// satdoku.Rules.Cached): rules built for one puzzle (a jigsaw layout, say)
// take theirs with them.
func layoutOf(r *satdoku.Rules) *layout {
	return r.Cached(layoutKey{}, func() any { return newLayout(r) }).(*layout)
}

func newLayout(r *satdoku.Rules) *layout {
	nv, units := r.Values(), r.Units()
	l := &layout{
		all:      ^uint64(0) >> (64 - nv),
		units:    units,
		nunits:   len(units),
		full:     make([]bool, len(units)+1),
		overlaps: r.Overlaps(),
	}
	for x := range units {
		l.full[x] = r.Full(x)
	}
	if rels := r.Relations(); len(rels) > 0 {
		l.rel = make([][]edge, r.Cells())
		for k := range rels {
			x := &rels[k]
			l.rel[x.A] = append(l.rel[x.A], newEdge(x, true, nv))
			l.rel[x.B] = append(l.rel[x.B], newEdge(x, false, nv))
		}
	}
	l.n = nv
	cons := r.Constraints()
	for k := range cons {
		c := &cons[k]
		if c.Kind == satdoku.OneOf {
			l.oneOf = append(l.oneOf, c)
			continue
		}
		l.cons = append(l.cons, c)
		l.consCells = max(l.consCells, len(c.Cells))
	}
	nc := r.Cells() // the grid's n² cells and any var cells
	for i := range nc {
		l.stride = max(l.stride, len(r.UnitsOf(i)))
	}
	l.cellUnits = make([]int32, nc*l.stride)
	for i := range nc {
		us := l.cellUnits[i*l.stride : (i+1)*l.stride]
		k := copy(us, r.UnitsOf(i))
		for ; k < len(us); k++ {
			us[k] = int32(len(units))
		}
	}

	// Families: each overlap joins the first family of its unit whose
	// shared parts it does not meet. Sets of cells of one unit are masks
	// of their positions in the unit's cell list.
	l.famA = make([]int32, len(l.overlaps))
	l.famB = make([]int32, len(l.overlaps))
	byUnit := make([][]int32, len(units)) // the overlaps of each unit, in order
	for o, ov := range l.overlaps {
		byUnit[ov.A] = append(byUnit[ov.A], int32(o))
		byUnit[ov.B] = append(byUnit[ov.B], int32(o))
	}
	at := make([]uint8, nc) // position of a cell in the current unit
	for x, os := range byUnit {
		cells := units[x].Cells
		for k, i := range cells {
			at[i] = uint8(k)
		}
		var covers []uint64 // per family of unit x, the cells it covers
		first := int32(len(l.families))
		for _, o := range os {
			var shared uint64
			for _, i := range l.overlaps[o].Shared {
				shared |= 1 << at[i]
			}
			f := 0
			for f < len(covers) && covers[f]&shared != 0 {
				f++
			}
			if f == len(covers) {
				covers = append(covers, 0)
				l.families = append(l.families, family{})
			}
			covers[f] |= shared
			fam := &l.families[first+int32(f)]
			fam.members = append(fam.members, o)
			if int(l.overlaps[o].A) == x {
				l.famA[o] = first + int32(f)
			} else {
				l.famB[o] = first + int32(f)
			}
		}
		for f, cover := range covers {
			for k, i := range cells {
				if cover&(1<<k) == 0 {
					l.families[first+int32(f)].rest = append(l.families[first+int32(f)].rest, i)
				}
			}
		}
	}
	return l
}
