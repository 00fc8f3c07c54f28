package cluereport

import (
	"context"
	"errors"
	"fmt"

	"github.com/satdoku/satdoku/verify"
)

// ErrCertificate reports a redundant verdict that verify's own counter
// contradicts: the puzzle without the clue has another solution. It is a
// bug, never the puzzle's fault.
var ErrCertificate = errors.New("cluereport: the counter contradicts a redundant verdict")

// Certify checks the redundant verdicts of a unique report with verify's
// backtracking counter, which shares no code with the encoder or gini:
// each redundant clue, then the removable set as a whole, is certified
// when the counter finds the puzzle without it unique. It stops, leaving
// the rest uncertified, when ctx ends (a budget); the error is then nil.
// A verdict the counter contradicts is an error wrapping ErrCertificate.
func (r *Report) Certify(ctx context.Context) error {
	if r.Status != Unique || r.puzzle == nil {
		return nil
	}
	off := make([]bool, len(r.Clues))
	check := func(what string) (bool, error) {
		p, err := without(r.puzzle, r.Clues, off)
		if err != nil {
			return false, fmt.Errorf("cluereport: %w", err)
		}
		n, _, err := verify.CountContext(ctx, p, 2)
		switch {
		case err != nil:
			return false, nil // past the budget
		case n != 1:
			return false, fmt.Errorf("%w: the counter finds %d solutions without %s", ErrCertificate, n, what)
		}
		return true, nil
	}
	for k := range r.Clues {
		c := &r.Clues[k]
		if c.Needed || c.Undecided {
			continue
		}
		off[k] = true
		ok, err := check(c.String())
		off[k] = false
		if err != nil || ctx.Err() != nil {
			return err
		}
		c.Certified = ok
	}
	if len(r.Removable) == 0 {
		return nil
	}
	for _, k := range r.Removable {
		off[k] = true
	}
	ok, err := check("the removable set")
	r.RemovableCertified = ok
	return err
}
