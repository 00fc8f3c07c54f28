package satdoku

import "sync"

// tables holds the values other packages derive from one Rules value
// (see Rules.Cached). owner is the Rules it belongs to: a copy of a Rules
// struct that kept its original's tables does not use them.
type tables struct {
	owner *Rules
	m     sync.Map // key → *table
}

// table is one cached value, built once.
type table struct {
	once sync.Once
	v    any
}

// newTables gives r an empty cache of its own. Every Rules value the
// package makes, or copies to derive another, gets one.
func (r *Rules) newTables() { r.tables = &tables{owner: r} }

// Cached returns the value build makes for key on r, built once per Rules
// value and kept as long as r is: the tables a solver, the validator or
// the human techniques derive from a set of rules (cell-to-unit indexes,
// overlaps laid out for an inner loop) live and die with the rules, for
// every goroutine to share. Rules are immutable, so such a table never
// goes stale.
//
// key must be comparable and should be of an unexported type of the
// calling package (as for context.WithValue), so that packages do not
// collide. Callers asking for a key at once all get the value of the one
// build that runs; build must not ask r for the same key. The value is
// shared: no caller may modify it.
func (r *Rules) Cached(key any, build func() any) any {
	c := r.tables
	if c == nil || c.owner != r {
		return build() // a Rules value not made by the package: nothing to keep it in
	}
	t, ok := c.m.Load(key)
	if !ok {
		t, _ = c.m.LoadOrStore(key, new(table))
	}
	e := t.(*table)
	e.once.Do(func() { e.v = build() })
	return e.v
}
