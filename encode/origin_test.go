package encode

import (
	"slices"
	"testing"

	"github.com/satdoku/satdoku"
)

// originCNF records the clauses with their origins.
type originCNF struct {
	CNF
	origins []Origin // per clause
	cur     Origin
	set     bool
}

func (f *originCNF) SetOrigin(o Origin) { f.cur, f.set = o, true }

func (f *originCNF) Add(lit int) {
	if lit == 0 {
		if !f.set {
			panic("a clause before any origin")
		}
		f.origins = append(f.origins, f.cur)
	}
	f.CNF.Add(lit)
}

// TestOrigins: with an OriginAdder, Write writes the same clauses in the
// same order, and every clause's variables belong to its origin: a cell's
// clauses to the cell, a unit's to its cells, a relation's to its two
// cells, a constraint's to its cells or to auxiliary variables above N³;
// every relation and constraint is an origin.
func TestOrigins(t *testing.T) {
	std, _ := satdoku.Standard(9)
	r, err := std.WithNamed("anti-knight", "x")
	if err != nil {
		t.Fatal(err)
	}
	r, err = r.WithRelations(satdoku.Relation{A: 0, B: 1, Kind: satdoku.Consecutive, Name: "white dot"})
	if err != nil {
		t.Fatal(err)
	}
	r, err = r.WithConstraints(
		satdoku.Constraint{Kind: satdoku.Total, Cells: []int{10, 11, 12}, Value: 10, Name: "killer cage"},
		satdoku.Constraint{Kind: satdoku.Run, Cells: []int{40, 41, 42, 43}, Name: "renban"},
	)
	if err != nil {
		t.Fatal(err)
	}
	var plain CNF
	var tagged originCNF
	for _, enc := range []Encoding{Extended, Sequential} {
		plain, tagged = CNF{}, originCNF{}
		if err := NewEncoder(r, enc).Write(&plain, nil); err != nil {
			t.Fatal(err)
		}
		if err := NewEncoder(r, enc).Write(&tagged, nil); err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(plain.Clauses, tagged.Clauses, slices.Equal[[]int]) {
			t.Fatalf("%v: the clauses differ with origins recorded", enc)
		}
		n := r.N()
		seen := map[Origin]bool{}
		for k, cl := range tagged.Clauses {
			o := tagged.origins[k]
			seen[o] = true
			var cells []int
			switch o.Kind {
			case FromCell:
				cells = []int{o.Index}
			case FromUnit:
				cells = r.Units()[o.Index].Cells
			case FromRelation:
				cells = []int{r.Relations()[o.Index].A, r.Relations()[o.Index].B}
			case FromConstraint:
				cells = r.Constraints()[o.Index].Cells
			case FromDerived:
				continue // the sums the rules imply reach beyond any one rule
			}
			for _, l := range cl {
				v := max(l, -l)
				if v > n*n*n {
					if o.Kind != FromConstraint && o.Kind != FromDerived && enc != Sequential {
						t.Fatalf("%v: clause %v of %v has auxiliary variable %d", enc, cl, o, v)
					}
					continue
				}
				if !slices.Contains(cells, (v-1)/n) {
					t.Fatalf("%v: clause %v of %v holds cell %d, not one of %v", enc, cl, o, (v-1)/n, cells)
				}
			}
		}
		for k := range r.Relations() {
			if !seen[Origin{FromRelation, k}] {
				t.Errorf("%v: relation %d has no clause", enc, k)
			}
		}
		for k := range r.Constraints() {
			if !seen[Origin{FromConstraint, k}] {
				t.Errorf("%v: constraint %d has no clause", enc, k)
			}
		}
	}
}

// BenchmarkWrite writes the classic 9×9 rules over the domain of a puzzle
// with a reused Encoder, as the solvers do: Write's cost without origins.
func BenchmarkWrite(b *testing.B) {
	std, _ := satdoku.Standard(9)
	g := satdoku.NewGrid(std)
	for i, c := range "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" {
		if c != '.' {
			g.SetCell(i, int(c-'0'))
		}
	}
	d := GivensDomain(g)
	e := NewEncoder(std, Extended)
	var c Counter
	b.ReportAllocs()
	for b.Loop() {
		c = Counter{}
		if err := e.Write(&c, d); err != nil {
			b.Fatal(err)
		}
	}
}
