package logic

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/satdoku/satdoku"
)

// A technique finds one step, or reports that it does not apply.
type technique struct {
	rating float64 // the lowest rating of its steps
	find   func(s *State, limit float64) (Step, bool)
	family Families // the family Options.Disable switches it off by; 0: none
}

// Families are sets of techniques that Options.Disable can switch off,
// named as dclamage's SudokuSolver names its switches (the f-puzzles
// userscript's "disabledlogic"). Singles and the clues' own techniques
// are in none: they are always on.
type Families uint8

// The families of techniques.
const (
	// Tuples: naked and hidden pairs, triples and quads.
	Tuples Families = 1 << iota
	// Pointing: locked candidates, pointing and claiming.
	Pointing
	// Fishes: X-Wing, Swordfish, Jellyfish.
	Fishes
	// Wings: XY-Wing, XYZ-Wing.
	Wings
	// AIC: alternating inference chains, X-Chains and clue chains.
	AIC
	// Contradictions: forcing by contradiction, clue forcing and nested
	// contradictions.
	Contradictions
)

// familyNames are the names of the families, in the order of their bits.
var familyNames = []string{"tuples", "pointing", "fishes", "wings", "aic", "contradictions"}

// ParseFamily returns the family of a name of familyNames, in any case
// ("tuples", "pointing", "fishes", "wings", "aic", "contradictions").
func ParseFamily(name string) (Families, error) {
	for i, n := range familyNames {
		if strings.EqualFold(name, n) {
			return 1 << i, nil
		}
	}
	return 0, fmt.Errorf("logic: no family of techniques %q (want one of %s)", name, strings.Join(familyNames, ", "))
}

// String returns the names of the families, joined by "+".
func (f Families) String() string {
	var names []string
	for i, n := range familyNames {
		if f&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, "+")
}

// techniques in ascending rating: Next returns the first step found.
var techniques = []technique{
	{RatingHiddenSingleBox, func(s *State, _ float64) (Step, bool) { return s.hiddenSingle(true) }, 0},
	{RatingHiddenSingle, func(s *State, _ float64) (Step, bool) { return s.hiddenSingle(false) }, 0},
	{RatingNakedSingle, func(s *State, _ float64) (Step, bool) { return s.nakedSingle() }, 0},
	{RatingClue, func(s *State, _ float64) (Step, bool) { return s.clueSingle() }, 0},
	{RatingPointing, func(s *State, _ float64) (Step, bool) { return s.lockedCandidates(true) }, Pointing},
	{RatingClaiming, func(s *State, _ float64) (Step, bool) { return s.lockedCandidates(false) }, Pointing},
	{RatingNakedPair, func(s *State, _ float64) (Step, bool) { return s.nakedSubset(2, RatingNakedPair) }, Tuples},
	{RatingXWing, func(s *State, _ float64) (Step, bool) { return s.fish(2, RatingXWing) }, Fishes},
	{RatingHiddenPair, func(s *State, _ float64) (Step, bool) { return s.hiddenSubset(2, RatingHiddenPair) }, Tuples},
	{RatingNakedTriple, func(s *State, _ float64) (Step, bool) { return s.nakedSubset(3, RatingNakedTriple) }, Tuples},
	{RatingSwordfish, func(s *State, _ float64) (Step, bool) { return s.fish(3, RatingSwordfish) }, Fishes},
	{RatingHiddenTriple, func(s *State, _ float64) (Step, bool) { return s.hiddenSubset(3, RatingHiddenTriple) }, Tuples},
	{RatingXYWing, func(s *State, _ float64) (Step, bool) { return s.xyWing(false) }, Wings},
	{RatingXYZWing, func(s *State, _ float64) (Step, bool) { return s.xyWing(true) }, Wings},
	{RatingNakedQuad, func(s *State, _ float64) (Step, bool) { return s.nakedSubset(4, RatingNakedQuad) }, Tuples},
	{RatingJellyfish, func(s *State, _ float64) (Step, bool) { return s.fish(4, RatingJellyfish) }, Fishes},
	{RatingHiddenQuad, func(s *State, _ float64) (Step, bool) { return s.hiddenSubset(4, RatingHiddenQuad) }, Tuples},
	{RatingXChain, func(s *State, limit float64) (Step, bool) { return s.chain(chainLinks(limit)) }, AIC},
	{RatingClueChain, func(s *State, limit float64) (Step, bool) { return s.clueChain(limit) }, AIC},
	{RatingContradiction, func(s *State, limit float64) (Step, bool) { return s.forcing(limit) }, Contradictions},
	{RatingClueForcing, func(s *State, limit float64) (Step, bool) { return s.clueForcing(limit) }, Contradictions},
}

// The nested contradiction runs the techniques before it inside its
// assumption, so it joins them here, not in their declaration.
func init() {
	techniques = append(techniques, technique{RatingNested, func(s *State, limit float64) (Step, bool) { return s.nested(limit) }, Contradictions})
}

// Next returns the easiest step that applies to s, without applying it:
// the first technique in ascending rating that finds something. It
// returns false when none applies, when s is solved, or when s has a
// contradiction.
func (s *State) Next() (Step, bool) { return s.next(math.Inf(1)) }

// NextWith is Next with options: the techniques rated above o.MaxRating
// left out, and clue chains of at most o.ChainSteps steps (o.MaxSteps is
// not read). A nil o is the zero Options.
func (s *State) NextWith(o *Options) (Step, bool) {
	limit := math.Inf(1)
	if o != nil {
		if o.MaxRating > 0 {
			limit = o.MaxRating
		}
		defer s.tune(o)()
	}
	return s.next(limit)
}

// NextContext is NextWith under a context: when ctx is done the search
// stops (the long techniques give up between candidates) and it returns
// ctx's error.
func (s *State) NextContext(ctx context.Context, o *Options) (Step, bool, error) {
	defer s.within(ctx)()
	st, ok := s.NextWith(o)
	if err := ctx.Err(); err != nil {
		return Step{}, false, err
	}
	return st, ok, nil
}

// tune sets the options of o that the techniques read for the call in
// progress and returns the function that restores those before.
func (s *State) tune(o *Options) func() {
	k, d := s.chainSteps, s.disabled
	s.chainSteps, s.disabled = o.ChainSteps, o.Disable
	return func() { s.chainSteps, s.disabled = k, d }
}

// within makes ctx the context of the call in progress and returns the
// function that restores the one before.
func (s *State) within(ctx context.Context) func() {
	prev := s.ctx
	s.ctx = ctx
	return func() { s.ctx = prev }
}

func (s *State) next(limit float64) (Step, bool) {
	if s.Solved() || s.contradiction() != "" {
		return Step{}, false
	}
	for _, t := range techniques {
		if t.rating > limit+1e-9 || s.stopped() {
			break
		}
		if t.family&s.disabled != 0 {
			continue
		}
		if st, ok := t.find(s, limit); ok {
			return st, true
		}
	}
	return Step{}, false
}

// Options tune Solve. The zero value uses every technique.
type Options struct {
	// MaxRating, when positive, leaves out the techniques rated above it:
	// with 2.3 Solve uses singles only.
	MaxRating float64
	// MaxSteps, when positive, stops Solve after that many steps.
	MaxSteps int
	// ChainSteps, when positive, is the most steps of a clue chain
	// (DefaultChainSteps when 0).
	ChainSteps int
	// Disable switches off the techniques of these families (also inside
	// a nested contradiction).
	Disable Families
}

// Solve applies the easiest step to s until s is solved or no step
// applies, and returns the steps in order. It reports whether s is solved
// and without a contradiction.
func (s *State) Solve(o *Options) (path []Step, solved bool) {
	limit := math.Inf(1)
	maxSteps := 0
	if o != nil {
		if o.MaxRating > 0 {
			limit = o.MaxRating
		}
		maxSteps = o.MaxSteps
		defer s.tune(o)()
	}
	for maxSteps <= 0 || len(path) < maxSteps {
		st, ok := s.next(limit)
		if !ok {
			break
		}
		s.Apply(st)
		path = append(path, st)
	}
	return path, s.Solved() && s.contradiction() == ""
}

// SolveContext is Solve under a context: when ctx is done it stops and
// returns the steps so far with ctx's error.
func (s *State) SolveContext(ctx context.Context, o *Options) (path []Step, solved bool, err error) {
	defer s.within(ctx)()
	path, solved = s.Solve(o)
	if err := ctx.Err(); err != nil {
		return path, false, err
	}
	return path, solved, nil
}

// Solve solves g by logic, the easiest step first (see State.Solve); g is
// not changed. It returns an error wrapping ErrInvalid when g breaks its
// units.
func Solve(g *satdoku.Grid, o *Options) (path []Step, solved bool, err error) {
	s, err := New(g)
	if err != nil {
		return nil, false, err
	}
	path, solved = s.Solve(o)
	return path, solved, nil
}

// The levels of Rate, by the rating of the hardest step:
//
//	easy        below 2.5: singles
//	medium      2.5 to 3.5: locked candidates, naked pairs, x-wings, hidden pairs
//	hard        3.5 to 5.5: triples, swordfish, xy- and xyz-wings, quads, jellyfish
//	fiendish    5.5 to 8.0: x-chains and xy-chains
//	diabolical  8.0 and above: contradictions, and puzzles that need trial (10.0)
const (
	LevelEasy       = "easy"
	LevelMedium     = "medium"
	LevelHard       = "hard"
	LevelFiendish   = "fiendish"
	LevelDiabolical = "diabolical"
)

// Level returns the level of a rating (see LevelEasy).
func Level(rating float64) string {
	switch {
	case rating < 2.5:
		return LevelEasy
	case rating < 3.5:
		return LevelMedium
	case rating < 5.5:
		return LevelHard
	case rating < 8.0:
		return LevelFiendish
	}
	return LevelDiabolical
}

// Rating is how hard a puzzle is for a person.
type Rating struct {
	Score     float64 // the rating of the hardest step, or RatingTrial when the techniques get stuck
	Level     string  // Level(Score)
	Technique string  // the hardest step's technique, or "trial"
	Steps     int     // the number of steps of the solution path
}

// String returns "4.2 hard (xy-wing)".
func (r Rating) String() string {
	return fmt.Sprintf("%.1f %s (%s)", r.Score, r.Level, r.Technique)
}

// Rate solves g by logic and rates it by its hardest step. A puzzle that
// the techniques cannot finish gets RatingTrial and technique "trial". It
// returns an error wrapping ErrInvalid when g breaks its units, and one
// wrapping ErrNoSolution when the techniques reach a contradiction.
func Rate(g *satdoku.Grid) (Rating, error) { return RateWith(g, nil) }

// RateWith is Rate with the techniques tuned by o (see Options; MaxSteps,
// when positive, stops the path early, and the puzzle then rates as trial).
func RateWith(g *satdoku.Grid, o *Options) (Rating, error) {
	return RateContext(context.Background(), g, o)
}

// RateContext is RateWith under a context: when ctx is done it stops and
// returns ctx's error.
func RateContext(ctx context.Context, g *satdoku.Grid, o *Options) (Rating, error) {
	s, err := New(g)
	if err != nil {
		return Rating{}, err
	}
	path, solved, err := s.SolveContext(ctx, o)
	if err != nil {
		return Rating{}, err
	}
	if why := s.contradiction(); why != "" {
		return Rating{}, fmt.Errorf("%w: %s", ErrNoSolution, why)
	}
	r := Rating{Steps: len(path)}
	for _, st := range path {
		if st.Rating > r.Score {
			r.Score, r.Technique = st.Rating, st.Technique
		}
	}
	if !solved {
		r.Score, r.Technique = RatingTrial, "trial"
	}
	r.Level = Level(r.Score)
	return r, nil
}
