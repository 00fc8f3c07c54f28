package logic

import (
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/encode"
)

// clauseSet is the formula of a board's rules as package encode writes it
// (the Extended encoding over every candidate), with the origin of every
// clause: what the clause steps reason on (see propagate.go). It is
// computed once per rules and read-only.
type clauseSet struct {
	n       int
	nv      int     // variables: the N³ cell variables, then the auxiliary ones
	lits    []int32 // the clauses' literals one after another, ±variable
	start   []int32 // clause k is lits[start[k]:start[k+1]]
	from    []int32 // clause k comes from origins[from[k]]
	origins []encode.Origin
	span    [][2]int32 // per origin: its clauses, [first, last+1)
	cellOf  []int32    // per cell: the index of its origin, −1 when it has none
	clues   []int32    // the origins that are clues: relations other than Different, and constraints
	empty   bool       // the formula holds the empty clause: the rules cannot hold
}

// clausesKey is the key of the clause set in the cache of its rules.
type clausesKey struct{}

// clausesOf returns the clause set of rules r (see satdoku.Rules.Cached),
// or nil when the encoder does not know a kind of the rules.
func clausesOf(r *satdoku.Rules) *clauseSet {
	f, _ := r.Cached(clausesKey{}, func() any { return newClauseSet(r) }).(*clauseSet)
	return f
}

// recorder gathers the clauses of the encoder with their origins.
type recorder struct {
	f   *clauseSet
	cur []int32
}

func (w *recorder) SetOrigin(o encode.Origin) {
	f := w.f
	k := len(f.origins)
	f.origins = append(f.origins, o)
	c := int32(len(f.start) - 1)
	f.span = append(f.span, [2]int32{c, c})
	if o.Kind == encode.FromCell {
		f.cellOf[o.Index] = int32(k)
	}
}

func (w *recorder) Add(lit int) {
	if lit != 0 {
		w.cur = append(w.cur, int32(lit))
		return
	}
	w.AddClause(nil)
}

func (w *recorder) AddClause(lits []int) {
	f := w.f
	for _, l := range lits {
		w.cur = append(w.cur, int32(l))
	}
	for _, l := range w.cur {
		f.nv = max(f.nv, int(max(l, -l)))
	}
	if len(w.cur) == 0 {
		f.empty = true
	}
	f.lits = append(f.lits, w.cur...)
	f.start = append(f.start, int32(len(f.lits)))
	o := int32(len(f.origins) - 1)
	f.from = append(f.from, o)
	if o >= 0 {
		f.span[o][1] = int32(len(f.start) - 1)
	}
	w.cur = w.cur[:0]
}

func newClauseSet(r *satdoku.Rules) any {
	n := r.N()
	f := &clauseSet{n: n, nv: n * n * n, start: []int32{0}, cellOf: make([]int32, n*n)}
	for i := range f.cellOf {
		f.cellOf[i] = -1
	}
	if err := encode.NewEncoder(r, encode.Extended).Write(&recorder{f: f}, nil); err != nil {
		return nil
	}
	for k, o := range f.origins {
		switch o.Kind {
		case encode.FromRelation:
			if r.Relations()[o.Index].Kind != satdoku.Different {
				f.clues = append(f.clues, int32(k))
			}
		case encode.FromConstraint, encode.FromDerived:
			f.clues = append(f.clues, int32(k))
		}
	}
	return f
}

// clause returns the literals of clause k.
func (f *clauseSet) clause(k int32) []int32 { return f.lits[f.start[k]:f.start[k+1]] }

// clauses returns the number of clauses.
func (f *clauseSet) clauses() int { return len(f.start) - 1 }

// cellVar reports the cell and digit of variable v, and whether it is a
// cell variable (not an auxiliary one).
func (f *clauseSet) cellVar(v int32) (cell, digit int, ok bool) {
	if v < 1 || int(v) > f.n*f.n*f.n {
		return 0, 0, false
	}
	return int(v-1) / f.n, int(v-1)%f.n + 1, true
}

// originName returns origin o's name for a person, as the rest of satdoku names
// the rules: "r3c5" for a cell, "row 3" or "box 2" for a unit (an extra
// unit of a clue with its cells: "killer cage r1c1,r1c2"), and a relation
// or a constraint by its name, its cells and its number: "thermometer
// r1c1,r1c2", "killer cage r4c4,r4c5 (3)", "arrow r3c3–r3c5".
func originName(r *satdoku.Rules, o encode.Origin) string {
	n := r.N()
	switch o.Kind {
	case encode.FromCell:
		return cellName(n, o.Index)
	case encode.FromUnit:
		u := r.Units()[o.Index]
		if u.Kind == satdoku.Extra && !strings.ContainsAny(u.Name, "0123456789↘↗") {
			return u.String() + " " + cellSpan(n, u.Cells)
		}
		return u.String()
	case encode.FromRelation:
		x := r.Relations()[o.Index]
		name := x.Name
		if name == "" {
			name = x.Kind.String()
		}
		s := name + " " + cellName(n, x.A) + "," + cellName(n, x.B)
		if x.Kind == satdoku.Sum {
			s += " (" + strconv.Itoa(x.Value) + ")"
		}
		return s
	}
	c := r.Constraints()[o.Index]
	name := c.Name
	if name == "" {
		name = c.Kind.String()
	}
	s := name + " " + cellSpan(n, c.Cells)
	switch c.Kind {
	case satdoku.Total:
		if c.Value != 0 || c.Coefs == nil {
			s += " (" + strconv.Itoa(c.Value) + ")"
		}
	case satdoku.Sandwich, satdoku.XSum, satdoku.Skyscraper, satdoku.Segments, satdoku.Index:
		s += " (" + strconv.Itoa(c.Value) + ")"
	case satdoku.Contains:
		ds := make([]string, len(c.Digits))
		for k, d := range c.Digits {
			ds[k] = strconv.Itoa(d)
		}
		s += " (" + strings.Join(ds, ",") + ")"
	}
	return s
}

// cellSpan writes cells as "r1c1–r1c4" when they are three or more
// neighbours along a row or a column, in order, and as "r1c1,r1c2,r2c2"
// otherwise.
func cellSpan(n int, cells []int) string {
	if len(cells) >= 3 {
		step := cells[1] - cells[0]
		line := step == 1 || step == -1 || step == n || step == -n
		for k := 1; line && k < len(cells); k++ {
			line = cells[k]-cells[k-1] == step && (step == n || step == -n || cells[k]/n == cells[0]/n)
		}
		if line {
			return cellName(n, cells[0]) + "–" + cellName(n, cells[len(cells)-1])
		}
	}
	parts := make([]string, len(cells))
	for k, i := range cells {
		parts[k] = cellName(n, i)
	}
	return strings.Join(parts, ",")
}
