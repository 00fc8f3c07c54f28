package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/satsolve"
)

var cmdDIMACS = &command{
	name:  "dimacs",
	short: "write puzzles as DIMACS CNF for other SAT solvers",
	usage: "dimacs [flags] [PUZZLE|FILE|-]...",
	long: `
DIMACS writes the CNF formula of each puzzle in the DIMACS format that every
SAT solver reads: comment lines (the program and version, "c puzzle" with the
puzzle's one-line form, the encoding, the givens mode, the variable numbering,
the board size, and "c rules x,anti-knight" naming the rules of a variant),
the exact header "p cnf V C" with V = N³, then one
clause per line ending in 0. Variable var(r,c,d) = (r*N+c)*N+d, with r and c
from 0 and d from 1, is true when the cell holds d, so any model decodes with
the formula alone: see "satdoku decode".

--encoding reduced is Kwon and Jain's optimised encoding: the extended one
without the clauses the givens satisfy and the literals they falsify, with the
same numbering. --givens omit leaves out the givens' unit clauses (the pure
rules, e.g. to count all grids). --block first solves the puzzle (gini, checked
by the validator) and adds a clause excluding that solution, so that the file
is unsatisfiable exactly when the puzzle's solution is unique; a puzzle with
no solution then writes no file.

One puzzle goes to standard output, or to the file named by -o. With
--out-dir each input puzzle goes to its own file, named by its input line:
line-000001.cnf (with several input arguments, the argument number comes
first: 2-line-000001.cnf); the names of the files written are printed.

Examples:
  satdoku dimacs 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 > p.cnf
  satdoku dimacs --block -o p.cnf 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  satdoku dimacs --encoding reduced --out-dir cnf/ puzzles.txt`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		var d dimacsFlags
		fs.StringVar(&d.encoding, "encoding", "extended", "CNF `encoding`: minimal, extended, reduced or sequential")
		fs.StringVar(&d.givens, "givens", "units", "`mode`: units (the givens as unit clauses) or omit (left out)")
		fs.BoolVar(&d.block, "block", false, "add a clause excluding the puzzle's solution: the file is UNSAT iff the solution is unique")
		fs.StringVarP(&d.out, "output", "o", "", "write the CNF of the single puzzle to `FILE`")
		fs.StringVar(&d.dir, "out-dir", "", "write one file per puzzle into `DIR`, named by input line")
		fs.DurationVar(&d.timeout, "timeout", 0, "with --block, give up solving a puzzle after this `duration`")
		registerRules(fs, &d.rules)
		return func(args []string) int { return d.run(e, args) }
	},
}

type dimacsFlags struct {
	encoding, givens string
	block            bool
	out, dir         string
	timeout          time.Duration
	rules            string
}

func (d *dimacsFlags) run(e *env, args []string) int {
	o := encode.DIMACSOptions{Version: shortVersion()}
	var err error
	if o.Encoding, err = encode.ParseEncoding(d.encoding); err != nil {
		return usageError(e, err)
	}
	if o.Givens, err = encode.ParseGivensMode(d.givens); err != nil {
		return usageError(e, err)
	}
	if d.timeout < 0 {
		return usageError(e, fmt.Errorf("invalid --timeout %v: must not be negative", d.timeout))
	}
	if d.block && o.Givens == encode.GivensOmit && o.Encoding != encode.Reduced {
		return usageError(e, errors.New("--block needs the givens: --givens units, or --encoding reduced"))
	}
	if d.out != "" && d.dir != "" {
		return usageError(e, errors.New("-o and --out-dir exclude each other"))
	}
	in := newInputs(args, e.stdin)
	defer in.close()
	if in.rules, err = newPuzzleRules(d.rules); err != nil {
		return usageError(e, err)
	}
	if d.dir == "" && in.peek(2) > 1 {
		return usageError(e, errors.New("several puzzles: use --out-dir DIR to write one file per puzzle"))
	}
	if d.dir != "" {
		if err := os.MkdirAll(d.dir, 0o777); err != nil {
			return usageError(e, err)
		}
	}
	solver := checked.New(satsolve.New(satsolve.Options{Timeout: d.timeout}), checked.Options{})
	stdout := bufio.NewWriter(e.stdout)
	exit := exitOK
	for {
		it, ok := in.next()
		if !ok {
			break
		}
		warnItem(e.stderr, it)
		if it.err != nil {
			fmt.Fprintln(e.stderr, position(newAnswer(it)))
			exit = max(exit, exitUsage)
			continue
		}
		o := o
		o.Block = nil
		if d.block {
			sol, code, msg := blockSolution(solver, it.grid)
			if sol == nil {
				fmt.Fprintf(e.stderr, "%s: %s: no file written\n", where(it), msg)
				exit = max(exit, code)
				continue
			}
			o.Block = sol
		}
		var werr error
		switch {
		case d.dir != "":
			line := it.line
			if it.arg {
				line = 1 // a puzzle argument is line 1 of its argument
			}
			name := fmt.Sprintf("line-%06d.cnf", line)
			if len(args) > 1 {
				name = fmt.Sprintf("%d-%s", it.src, name)
			}
			path := filepath.Join(d.dir, name)
			if werr = writeCNFFile(path, it.grid, o); werr == nil {
				fmt.Fprintln(stdout, path)
			}
		case d.out != "":
			werr = writeCNFFile(d.out, it.grid, o)
		default:
			werr = encode.WriteDIMACS(stdout, it.grid, o)
		}
		if werr != nil {
			msg := userText(werr)
			if err := encode.Carries(it.grid.Rules()); err != nil {
				msg = "a DIMACS file cannot carry the puzzle: " + err.Error()
			}
			fmt.Fprintf(e.stderr, "satdoku dimacs: %s: %s\n", where(it), msg)
			return exitUsage
		}
	}
	if err := stdout.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "satdoku: write output: %v\n", err)
		return max(exit, exitUsage)
	}
	return exit
}

// blockSolution finds the solution of g to block, with gini, and checks it
// with the validator. Without one it returns nil, the exit status and why.
func blockSolution(s *checked.Solver, g *satdoku.Grid) (*satdoku.Grid, int, string) {
	ca, err := s.Solve(context.Background(), g)
	switch {
	case errors.Is(err, backend.ErrTimeout):
		return nil, exitNegative, "timed out looking for the solution to block"
	case err != nil:
		return nil, exitInternal, "internal error: " + err.Error()
	case ca.Status == backend.StatusInvalid:
		return nil, exitNegative, "conflicting givens, no solution to block"
	case ca.Status == backend.StatusNone:
		return nil, exitNegative, "no solution to block"
	}
	return ca.Solution, exitOK, ""
}

// writeCNFFile writes the CNF of g to the file path.
func writeCNFFile(path string, g *satdoku.Grid, o encode.DIMACSOptions) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	if err = encode.WriteDIMACS(bw, g, o); err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
