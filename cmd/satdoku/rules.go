package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/rulestext"
	"github.com/satdoku/satdoku/sudokupad" // SudokuPad links as an input format, and --offline
)

// registerRules adds the --rules flag to a puzzle command, and --offline,
// which keeps the SudokuPad reader off the network.
func registerRules(fs *pflag.FlagSet, spec *string) {
	fs.StringVar(spec, "rules", "", "add global `rules` to every puzzle, comma-separated: "+strings.Join(ruleNames(), ", ")+" (x is both diagonals; a puzzle's Kropki dots and XV marks exempt their pairs from nonconsecutive and the negative rules)")
	sudokupad.SetOffline(false)
	f := fs.VarPF(offlineFlag{}, "offline", "", "never use the network: a SudokuPad link with a short id is an error")
	f.NoOptDefVal = "true"
}

// offlineFlag is --offline: it sets sudokupad.SetOffline.
type offlineFlag struct{}

func (offlineFlag) String() string { return "false" }
func (offlineFlag) Type() string   { return "bool" }
func (offlineFlag) Set(s string) error {
	off, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	sudokupad.SetOffline(off)
	return nil
}

// puzzleRules adds the global rules of --rules to every puzzle read. All
// the puzzles read with one *satdoku.Rules share one with the rules added,
// so that the solver and the validator work out their tables for it once.
type puzzleRules struct {
	names []string // the rules of satdoku.Rules.WithNamed
	// global are the rules that are clues: nonconsecutive and the
	// negative rules, which leave out the pairs a puzzle's dots or XV
	// marks join (clue.Apply).
	global []clue.Kind
	key    withNamed // the rules added to a puzzle's, in the cache of its rules
}

// globalClues are the names of --rules that are clues, and their kinds.
var globalClues = map[string]clue.Kind{"nonconsecutive": clue.Nonconsecutive,
	"negative-difference": clue.NegativeDifference, "negative-ratio": clue.NegativeRatio, "negative-xv": clue.NegativeXV}

// ruleNames lists the names --rules takes.
func ruleNames() []string {
	names := satdoku.RuleNames()
	for name := range globalClues {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// withNamed is the key of the rules with the named rules added (names
// joined by commas) in the cache of the rules they are added to.
type withNamed string

// sizedRules is a puzzle's rules with the named rules added, or why they
// cannot be.
type sizedRules struct {
	r   *satdoku.Rules
	err error
}

// newPuzzleRules checks the names of --rules; an empty spec gives nil.
func newPuzzleRules(spec string) (*puzzleRules, error) {
	if strings.TrimSpace(spec) == "" {
		return nil, nil
	}
	known := ruleNames()
	p := &puzzleRules{}
	var all []string
	for _, name := range strings.Split(spec, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		if !slices.Contains(known, name) {
			return nil, fmt.Errorf("invalid --rules: unknown rule %q (want %s)", name, strings.Join(known, ", "))
		}
		all = append(all, name)
		if k, ok := globalClues[name]; ok {
			p.global = append(p.global, k)
		} else {
			p.names = append(p.names, name)
		}
	}
	p.key = withNamed(strings.Join(all, ","))
	return p, nil
}

// apply puts g under its rules plus the named ones. A rule the board
// cannot take (windoku on 6×6) is an error for that puzzle. The rules are
// worked out once per rules read: every grid read from text has the shared
// standard rules of its size; an f-puzzles puzzle has rules of its own.
//
// clues are the puzzle's clues (nil for a puzzle read from text): its
// Kropki dots and XV marks exempt their pairs from nonconsecutive and
// from the negative rules, as those rules mean when a puzzle states them.
func (p *puzzleRules) apply(g *satdoku.Grid, clues []clue.Clue) error {
	n := g.N()
	base := g.Rules()
	sr := base.Cached(p.key, func() any {
		var sr sizedRules
		sr.r, sr.err = p.on(base, clues)
		return sr
	}).(sizedRules)
	if sr.err != nil {
		return fmt.Errorf("--rules %s on a %d×%d board: %w", p.key, n, n, sr.err)
	}
	return g.SetRules(sr.r)
}

// on returns base with the rules added; clues as for apply.
func (p *puzzleRules) on(base *satdoku.Rules, clues []clue.Clue) (*satdoku.Rules, error) {
	r, err := base.WithNamed(p.names...)
	if err != nil || len(p.global) == 0 {
		return r, err
	}
	var cs []clue.Clue
	for _, c := range clues {
		if c.Kind == clue.WhiteDot || c.Kind == clue.BlackDot || c.Kind == clue.XV {
			cs = append(cs, c)
		}
	}
	for _, k := range p.global {
		cs = append(cs, clue.Clue{Kind: k})
	}
	r, _, err = clue.Apply(r, cs...)
	return r, err
}

// covered drops from an item the rules its text names that --rules adds,
// or adds a part of (textfmt.Puzzle.Unread), and their warnings: the user
// has stated them.
func (p *puzzleRules) covered(it *item) {
	all := strings.Split(string(p.key), ",")
	it.unread = slices.DeleteFunc(slices.Clone(it.unread), func(name string) bool {
		r, ok := rulestext.Lookup(name)
		if !ok || r.Flag == "" {
			return false
		}
		if !slices.ContainsFunc(strings.Split(r.Flag, ","), func(f string) bool { return slices.Contains(all, f) }) {
			return false
		}
		it.warn = slices.DeleteFunc(slices.Clone(it.warn), func(w string) bool { return w == r.Warning() })
		return true
	})
}
