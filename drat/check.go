package drat

import (
	"context"
	"fmt"
	"io"
)

// Stats describes a checked proof.
type Stats struct {
	Lemmas    int  // clauses added by the proof
	Deletions int  // clauses deleted by the proof
	RAT       int  // lemmas that needed the RAT check (not RUP)
	Binary    bool // the proof was in binary DRAT

	// IgnoredDeletions counts the deletions of clauses that were the reason
	// of a top-level unit, which the checker ignores (see the package
	// documentation); MissingDeletions those of clauses not present.
	IgnoredDeletions int
	MissingDeletions int
}

// Check checks that proof, a DRAT proof in text or binary form (detected from
// its first bytes), refutes f: every lemma is RUP or RAT with respect to the
// clauses present when it is added, and the empty clause is derived (or
// follows by unit propagation from the formula and lemmas at the end). It
// returns nil only for a valid refutation. The proof is read as a stream:
// memory is proportional to the live clauses, not to the proof file.
//
// The error wraps ErrLemma for the first lemma that is not implied (with its
// number, from 1, its position and its literals), ErrNoEmpty for a proof
// that does not refute f, ErrSyntax for a malformed proof (with its
// position), ErrCNF for a malformed f, or else is the reader's error,
// wrapped. Stats counts the steps read until then.
func Check(f *Formula, proof io.Reader) (Stats, error) {
	return CheckContext(context.Background(), f, proof)
}

// pollEvery is how many proof steps CheckContext takes between looks at its
// context.
const pollEvery = 1 << 10

// CheckContext is Check that stops, with an error wrapping ctx.Err(), when
// ctx is done; it looks every thousand or so steps.
func CheckContext(ctx context.Context, f *Formula, proof io.Reader) (Stats, error) {
	c, err := NewChecker(f)
	if err != nil {
		return Stats{}, err
	}
	p := newProofReader(newInput(proof))
	c.stats.Binary = p.binary
	var lits []int
	for n := 1; ; n++ {
		if n%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				return c.stats, fmt.Errorf("drat: check stopped at %s: %w", p.where(), err)
			}
		}
		var kind stepKind
		kind, lits, err = p.next(lits)
		if err != nil {
			return c.stats, err
		}
		switch kind {
		case stepEnd:
			return c.stats, c.Done()
		case stepAdd:
			if err := c.room(len(lits)); err != nil {
				return c.stats, err
			}
			if !c.add(lits) {
				return c.stats, fmt.Errorf("%w: lemma %d (%s): %s", ErrLemma, c.stats.Lemmas, p.where(), formatClause(lits))
			}
		case stepDelete:
			c.del(lits)
		}
	}
}
