package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/sudokupad" // SudokuPad links as an input format, and --offline
)

// registerRules adds the --rules flag to a puzzle command, and --offline,
// which keeps the SudokuPad reader off the network.
func registerRules(fs *pflag.FlagSet, spec *string) {
	fs.StringVar(spec, "rules", "", "add global `rules` to every puzzle, comma-separated: "+strings.Join(satdoku.RuleNames(), ", ")+" (x is both diagonals)")
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
	names []string
	key   withNamed // the rules added to a puzzle's, in the cache of its rules
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
	known := satdoku.RuleNames()
	p := &puzzleRules{}
	for _, name := range strings.Split(spec, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		if !slices.Contains(known, name) {
			return nil, fmt.Errorf("invalid --rules: unknown rule %q (want %s)", name, strings.Join(known, ", "))
		}
		p.names = append(p.names, name)
	}
	p.key = withNamed(strings.Join(p.names, ","))
	return p, nil
}

// apply puts g under its rules plus the named ones. A rule the board
// cannot take (windoku on 6×6) is an error for that puzzle. The rules are
// worked out once per rules read: every grid read from text has the shared
// standard rules of its size; an f-puzzles puzzle has rules of its own.
func (p *puzzleRules) apply(g *satdoku.Grid) error {
	n := g.N()
	base := g.Rules()
	sr := base.Cached(p.key, func() any {
		var sr sizedRules
		sr.r, sr.err = base.WithNamed(p.names...)
		return sr
	}).(sizedRules)
	if sr.err != nil {
		return fmt.Errorf("--rules %s on a %d×%d board: %w", strings.Join(p.names, ","), n, n, sr.err)
	}
	return g.SetRules(sr.r)
}
