package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/generate"
	"github.com/satdoku/satdoku/logic"
)

var cmdGenerate = &command{
	name:  "generate",
	short: "make puzzles, each proven unique",
	usage: "generate [flags]",
	long: `
Generate makes --count puzzles. Each starts from a random solution under the
rules (--size, --rules), and clues are taken out, in a random order and in
the orbits of --symmetry, for as long as gini proves the puzzle unique: the
formula with the solution excluded stays unsatisfiable under the clues left.
Every puzzle is checked by the validator before it is written (its solution
keeps every rule; on boards up to 9×9 the validator's own count finds it
unique too).

Without --clues, clues go until none can: with no symmetry the puzzle is
then minimal (every clue is needed); with a symmetry every orbit is needed,
and --minimal also asks that every single clue be needed (puzzles that fail
are made again). --clues K stops at K clues or fewer (a pass that ends
above K starts again from another solution).

--seed S makes the same puzzles again: puzzle i (from 0) is made from seed
S+i alone, so the output is the same whatever --jobs is, and the JSON record
of a puzzle gives the seed that makes it with --count 1. Without --seed the
seed is random, and the first puzzle's seed is written to standard error.

--difficulty keeps only puzzles whose rating (see "satdoku rate") is at a
level (easy, medium, hard, fiendish, diabolical) or in a range of scores,
MIN-MAX, such as 3.0-5.5; the others are made again.

Formats: line (the puzzle, one per line), grid and compact (the puzzle as a
grid, a blank line between), json (one record per puzzle: puzzle, status
"generated", solution, clues, rating, level, seed, tries), csv (those
columns), svg (the puzzle drawn; with --out-dir DIR one file per puzzle,
DIR/0001.svg …). --stats and --timer work as for "satdoku solve".`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		count := fs.IntP("count", "n", 1, "make `N` puzzles")
		size := fs.Int("size", 9, "board `side`: "+sidesList())
		rules := fs.String("rules", "", "global `rules` for every puzzle, comma-separated: "+strings.Join(ruleNames(), ", "))
		sym := fs.String("symmetry", "none", "clue `symmetry`: "+strings.Join(generate.Symmetries(), ", "))
		minimal := fs.Bool("minimal", false, "every clue needed, also under a symmetry")
		clues := fs.Int("clues", 0, "stop at `K` clues or fewer")
		seed := fs.Uint64("seed", 0, "make puzzle i from seed `S`+i (default random)")
		o := outFlags{columns: []string{"clues", "rating", "level", "seed", "tries"}}
		var so solverFlags
		o.registerOutput(fs)
		so.registerPool(fs)
		so.registerTimeout(fs)
		difficulty := fs.String("difficulty", "", "keep puzzles at a `level` (easy, medium, hard, fiendish, diabolical) or in a score range MIN-MAX")
		return func(args []string) int {
			if len(args) > 0 {
				return usageError(e, fmt.Errorf("unexpected argument %q", args[0]))
			}
			if *count < 0 {
				return usageError(e, fmt.Errorf("invalid --count %d", *count))
			}
			if *clues < 0 {
				return usageError(e, fmt.Errorf("invalid --clues %d", *clues))
			}
			if *minimal && *clues > 0 {
				return usageError(e, errors.New("--minimal and --clues exclude each other"))
			}
			if _, err := formatFor("generate", o.format); err != nil {
				return usageError(e, err)
			}
			if !satdoku.IsSide(*size) {
				return usageError(e, fmt.Errorf("invalid --size %d (want %s)", *size, sidesList()))
			}
			r, _ := satdoku.Standard(*size)
			if pr, err := newPuzzleRules(*rules); err != nil {
				return usageError(e, err)
			} else if pr != nil {
				if r, err = pr.on(r, nil); err != nil {
					return usageError(e, fmt.Errorf("--rules on a %d×%d board: %w", *size, *size, err))
				}
			}
			s, err := generate.ParseSymmetry(*sym)
			if err != nil {
				return usageError(e, err)
			}
			j, err := resolveJobs(so.jobs)
			if err != nil {
				return usageError(e, err)
			}
			if !fs.Changed("seed") {
				*seed = rand.Uint64()
				fmt.Fprintf(e.stderr, "satdoku generate: --seed %d\n", *seed)
			}
			opt := generate.Options{Rules: r, Symmetry: s, Minimal: *minimal, Clues: *clues}
			if *difficulty != "" {
				keep, err := parseDifficulty(*difficulty)
				if err != nil {
					return usageError(e, err)
				}
				opt.Accept = func(g *satdoku.Grid) bool {
					rt, err := logic.Rate(g)
					return err == nil && keep(rt)
				}
			}
			return runGenerate(e, &o, &so, *count, *seed, j, opt)
		}
	},
}

// parseDifficulty reads --difficulty: a level word, or MIN-MAX scores.
func parseDifficulty(s string) (func(logic.Rating) bool, error) {
	levels := []string{logic.LevelEasy, logic.LevelMedium, logic.LevelHard, logic.LevelFiendish, logic.LevelDiabolical}
	if w := strings.ToLower(strings.TrimSpace(s)); slices.Contains(levels, w) {
		return func(r logic.Rating) bool { return r.Level == w }, nil
	}
	a, b, ok := strings.Cut(s, "-")
	lo, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	hi, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err1 != nil || err2 != nil || lo > hi {
		return nil, fmt.Errorf("invalid --difficulty %q (want %s, or MIN-MAX such as 3.0-5.5)", s, strings.Join(levels, ", "))
	}
	return func(r logic.Rating) bool { return r.Score >= lo && r.Score <= hi }, nil
}

func sidesList() string {
	var s []string
	for _, n := range satdoku.Sides() {
		s = append(s, fmt.Sprint(n))
	}
	return strings.Join(s, ", ")
}

// seeds is the source of generate's items: count seeds from first on.
type seeds struct {
	first uint64
	count int
	i     int
}

func (s *seeds) next() (item, bool) {
	if s.i >= s.count {
		return item{}, false
	}
	seed := s.first + uint64(s.i)
	s.i++
	return item{name: fmt.Sprintf("seed %d", seed), arg: true, line: s.i, seed: seed}, true
}

func (s *seeds) peek(max int) int { return min(max, s.count-s.i) }
func (s *seeds) readsStdin() bool { return false }
func (s *seeds) close()           {}

// runGenerate makes count puzzles from seeds seed, seed+1, … with jobs
// workers through the one pipeline, and writes them in seed order. Each
// worker takes a Generator from a pool of jobs of them (a Generator keeps
// a solver across puzzles; which one makes a puzzle does not change it).
func runGenerate(e *env, o *outFlags, so *solverFlags, count int, seed uint64, jobs int, opt generate.Options) int {
	gens := make(chan *generate.Generator, jobs)
	for range jobs {
		g, err := generate.New(opt)
		if err != nil {
			return usageError(e, err)
		}
		gens <- g
	}
	fn := func(ctx context.Context, _ *checked.Solver, _ *satdoku.Grid, a *record) {
		gen := <-gens
		defer func() { gens <- gen }()
		p, err := answer.Generate(ctx, a.it.seed, answer.GenerateOptions{Options: answer.Options{Timeout: so.timeout}, Generator: gen})
		switch {
		case ctx.Err() != nil:
			a.canceled = true
			return
		case err != nil:
			a.setFailure(err)
			return
		case p.Status != answer.StatusGenerated:
			a.Status, a.exit, a.diag = string(p.Status), p.Status.Exit(false), p.Reason
			return
		}
		g := p.Grid
		clues := p.Clues()
		a.Status, a.Puzzle, a.Rules, a.Solution = string(p.Status), g.String(), g.Rules().Tags(), shown{p.Solution}
		a.extra = &extra{Clues: &clues, Rating: &p.Rating.Score, Level: p.Rating.Level, Seed: &p.Seed, Tries: p.Tries, made: g}
	}
	return runItems(e, &seeds{first: seed, count: count}, o, so, fn, madeText)
}
