package checked

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/verify"
)

// CandidateCounts finds the true candidates of g, as Candidates does with
// limit, and how many solutions hold each one, up to perCand (at least
// 1): Counts[cell·N + d−1] is min(solutions with digit d in the cell,
// perCand), givens included. The back end must implement
// backend.Candidater and, for perCand above 1, backend.Enumerator.
//
// The counts are the validator's: every solution is checked and tallied
// here. The solutions of the candidates' search are tallied once each (a
// back end that shows one twice is caught); when that search did not see
// every solution (the count reached limit), each true candidate of a cell
// with several that no more than perCand−1 of them hold gets a count of
// its own: the solutions of g with the digit placed, up to perCand, each
// shown, checked and distinct. A cell with one true candidate is held by
// every solution, and the solutions tallied then number at least
// min(solutions, perCand) (those of any other cell's candidates add up to
// that much), so its count is theirs. The counts are exact as far as the
// back end's claims of unsatisfiability hold.
func (s *Solver) CandidateCounts(ctx context.Context, g *satdoku.Grid, limit, perCand int) (Answer, error) {
	if limit < 1 || perCand < 1 {
		return Answer{}, fmt.Errorf("checked: %w (got %d, and %d per candidate)", backend.ErrLimit, limit, perCand)
	}
	cb, ok := s.back.(backend.Candidater)
	if !ok {
		return Answer{}, fmt.Errorf("checked: the back end %T cannot find candidates", s.back)
	}
	if r := g.Rules(); r.Values() != r.N() {
		// Counts are laid out N to a cell.
		return Answer{}, fmt.Errorf("checked: candidate counts of %d digits on a %d×%d board (they count the digits 1 to N)", r.Values(), r.N(), r.N())
	}
	en, ok := s.back.(backend.Enumerator)
	if !ok && perCand > 1 {
		return Answer{}, fmt.Errorf("checked: the back end %T cannot show its solutions", s.back)
	}
	if a, done := screen(g); done {
		return a, nil
	}
	t := newTally(g, perCand)
	a, err := s.candidates(ctx, cb, g, limit, t.strict)
	if err != nil || a.Status == backend.StatusNone {
		a.Counts = t.counts
		return a, err
	}
	a.Counts = t.counts
	if !a.More || perCand == 1 {
		// Every solution seen, or one each is the cap: the tallies are
		// the counts.
		return a, nil
	}
	n := g.N()
	for i, m := range a.Candidates {
		if bits.OnesCount64(m) < 2 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m) + 1
			k := i*n + d - 1
			if t.counts[k] >= perCand {
				continue
			}
			h := g.Clone()
			h.SetCell(i, d)
			sub, err := t.count(ctx, en, h, perCand)
			if err != nil {
				return s.failed(g, backend.Result{}, err)
			}
			t.counts[k] = max(t.counts[k], sub)
		}
	}
	for i, m := range a.Candidates {
		if bits.OnesCount64(m) == 1 {
			t.counts[i*n+bits.TrailingZeros64(m)] = min(len(t.seen), perCand)
		}
	}
	return a, nil
}

// tally counts the distinct solutions that hold each candidate, up to a
// cap.
type tally struct {
	n, perCand int
	counts     []int
	seen       map[string]struct{}
	key        []byte
}

func newTally(g *satdoku.Grid, perCand int) *tally {
	return &tally{n: g.N(), perCand: perCand, counts: make([]int, g.Len()*g.N()),
		seen: map[string]struct{}{}, key: make([]byte, g.Len())}
}

// keyOf returns the solution as a map key (valid until the next call).
func (t *tally) keyOf(sol *satdoku.Grid) []byte {
	for i := range t.key {
		t.key[i] = byte(sol.Cell(i))
	}
	return t.key
}

// add tallies a solution the validator passed, unless it was seen before;
// it reports whether it was new.
func (t *tally) add(sol *satdoku.Grid) bool {
	k := t.keyOf(sol)
	if _, dup := t.seen[string(k)]; dup {
		return false
	}
	t.seen[string(k)] = struct{}{}
	for i, d := range k {
		if c := &t.counts[i*t.n+int(d)-1]; *c < t.perCand {
			*c++
		}
	}
	return true
}

// strict is add for the solutions of one search, which are all distinct.
func (t *tally) strict(sol *satdoku.Grid) error {
	if !t.add(sol) {
		return fmt.Errorf("checked: the back end gave the same solution twice: %w", ErrRejected)
	}
	return nil
}

// count counts the solutions of h up to limit with the back end, every one
// shown, checked, distinct and tallied.
func (t *tally) count(ctx context.Context, en backend.Enumerator, h *satdoku.Grid, limit int) (int, error) {
	mine := map[string]struct{}{}
	res, err := en.Solutions(ctx, h, limit, func(sol *satdoku.Grid) error {
		if err := verify.Solution(h, sol); err != nil {
			return rejected("a solution", err)
		}
		k := t.keyOf(sol)
		if _, dup := mine[string(k)]; dup {
			return fmt.Errorf("checked: the back end gave the same solution twice: %w", ErrRejected)
		}
		mine[string(k)] = struct{}{}
		t.add(sol)
		return nil
	})
	if err != nil {
		return 0, err
	}
	if res.Count != len(mine) {
		return 0, fmt.Errorf("checked: the back end counted %d solutions and showed %d: %w", res.Count, len(mine), ErrRejected)
	}
	return len(mine), nil
}
