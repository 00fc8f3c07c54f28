package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
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

Formats: line (the puzzle, one per line), grid (the puzzle as a grid), json
(one record per puzzle: puzzle, solution, clues, rating, level, seed).`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		count := fs.IntP("count", "n", 1, "make `N` puzzles")
		size := fs.Int("size", 9, "board `side`: "+sidesList())
		rules := fs.String("rules", "", "global `rules` for every puzzle, comma-separated: "+strings.Join(satdoku.RuleNames(), ", "))
		sym := fs.String("symmetry", "none", "clue `symmetry`: "+strings.Join(generate.Symmetries(), ", "))
		minimal := fs.Bool("minimal", false, "every clue needed, also under a symmetry")
		clues := fs.Int("clues", 0, "stop at `K` clues or fewer")
		seed := fs.Uint64("seed", 0, "make puzzle i from seed `S`+i (default random)")
		jobs := fs.IntP("jobs", "j", 1, "make puzzles with `N` workers (0: one per CPU)")
		format := fs.String("format", "line", "output `format`: line, grid, compact or json")
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
			f, err := parseOutputFormat(*format)
			if err != nil || f == outLeetCode || f == outAuto || f == outCSV {
				return usageError(e, fmt.Errorf("invalid --format %q (want line, grid, compact or json)", *format))
			}
			if !satdoku.IsSide(*size) {
				return usageError(e, fmt.Errorf("invalid --size %d (want %s)", *size, sidesList()))
			}
			r, _ := satdoku.Standard(*size)
			if pr, err := newPuzzleRules(*rules); err != nil {
				return usageError(e, err)
			} else if pr != nil {
				if r, err = r.WithNamed(pr.names...); err != nil {
					return usageError(e, fmt.Errorf("--rules on a %d×%d board: %w", *size, *size, err))
				}
			}
			s, err := generate.ParseSymmetry(*sym)
			if err != nil {
				return usageError(e, err)
			}
			j, err := resolveJobs(*jobs)
			if err != nil {
				return usageError(e, err)
			}
			if !fs.Changed("seed") {
				*seed = rand.Uint64()
				fmt.Fprintf(e.stderr, "satdoku generate: --seed %d\n", *seed)
			}
			o := generate.Options{Rules: r, Symmetry: s, Minimal: *minimal, Clues: *clues}
			if *difficulty != "" {
				keep, err := parseDifficulty(*difficulty)
				if err != nil {
					return usageError(e, err)
				}
				o.Accept = func(g *satdoku.Grid) bool {
					rt, err := logic.Rate(g)
					return err == nil && keep(rt)
				}
			}
			return runGenerate(e, *count, *seed, j, f, o)
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

// generated is one puzzle made, or the error that stopped it.
type generated struct {
	p   generate.Puzzle
	err error
}

// genRecord is the JSON record of a generated puzzle.
type genRecord struct {
	Puzzle   string   `json:"puzzle"`
	Rules    []string `json:"rules,omitempty"` // the tags of the puzzle's rules
	Solution string   `json:"solution"`
	Clues    int      `json:"clues"`
	Rating   float64  `json:"rating"`
	Level    string   `json:"level"`
	Seed     uint64   `json:"seed"`
	Tries    int      `json:"tries"`
}

// runGenerate makes count puzzles from seeds seed, seed+1, … with jobs
// workers, and writes them in seed order.
func runGenerate(e *env, count int, seed uint64, jobs int, f outputFormat, o generate.Options) int {
	sig, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	var wg sync.WaitGroup
	defer wg.Wait() // after cancel: the workers stop at their next question
	ctx, cancel := context.WithCancel(sig)
	defer cancel()
	// A window of slots, puzzle i in slot i mod len: the producer hands
	// out puzzle i only once puzzle i−len has been written, so a slot
	// holds one result at a time and memory stays flat however many
	// puzzles are asked for.
	results := make([]chan generated, 16*jobs)
	for i := range results {
		results[i] = make(chan generated, 1)
	}
	free := make(chan struct{}, len(results))
	for range len(results) {
		free <- struct{}{}
	}
	next := make(chan int)
	for range min(jobs, max(count, 1)) {
		wg.Go(func() {
			g, newErr := generate.New(o)
			for i := range next {
				r := generated{err: newErr}
				if newErr == nil {
					r.p, r.err = g.Generate(ctx, seed+uint64(i))
				}
				results[i%len(results)] <- r
			}
		})
	}
	go func() {
		defer close(next)
		for i := range count {
			select {
			case <-free:
			case <-ctx.Done():
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	p, err := newPrinter(e, &outFlags{format: string(f), color: "never"}, nil)
	if err != nil {
		return usageError(e, err)
	}
	status := exitOK
	for i := range count {
		var r generated
		select {
		case r = <-results[i%len(results)]:
			free <- struct{}{}
		case <-sig.Done():
			p.flush()
			return exitInterrupt
		}
		if r.err != nil {
			if sig.Err() != nil {
				p.flush()
				return exitInterrupt
			}
			fmt.Fprintf(e.stderr, "satdoku generate: seed %d: %v\n", seed+uint64(i), r.err)
			status = max(status, exitInternal)
			if errors.Is(r.err, generate.ErrTries) {
				status = max(status, exitNegative)
			}
			continue
		}
		g := r.p.Grid
		switch f {
		case outJSON:
			rt, _ := logic.Rate(g)
			b, _ := json.Marshal(genRecord{Puzzle: g.String(), Rules: g.Rules().Tags(), Solution: r.p.Solution.String(),
				Clues: r.p.Clues(), Rating: rt.Score, Level: rt.Level, Seed: r.p.Seed, Tries: r.p.Tries})
			p.w.Write(append(b, '\n'))
		case outGrid, outCompact:
			p.separate()
			p.grid(g, g)
		default:
			fmt.Fprintln(p.w, g.String())
		}
		if p.tty {
			p.flush()
		}
		if p.out.err != nil {
			return exitInternal
		}
	}
	p.flush()
	if p.out.err != nil {
		fmt.Fprintf(e.stderr, "satdoku generate: %v\n", p.out.err)
		return exitInternal
	}
	return status
}
