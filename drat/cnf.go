package drat

import (
	"fmt"
	"io"
	"math"
)

// Formula is a CNF formula: clauses of nonzero DIMACS literals.
type Formula struct {
	Vars    int     // the variable count of the "p cnf" header (or the largest variable)
	Clauses [][]int // each clause without its final 0
}

// ReadCNF reads a DIMACS CNF file ("c" comments, "p cnf V C", clauses ended
// by 0, possibly spanning lines); errors name the line.
//
// It is strict, as the formula a proof is checked against should be exactly
// the file: the header must come before the first clause, every literal
// must be in ±1..V, the last clause must end with 0, and the file must hold
// exactly C clauses. A comment is a "c" where a token starts, up to the end
// of its line. Errors wrap ErrCNF (which matches ErrSyntax too), or are the
// reader's errors, wrapped.
func ReadCNF(r io.Reader) (*Formula, error) {
	in := newInput(r)
	f := &Formula{}
	var (
		header     bool
		headerLine int
		declared   int
		lits       []int // the clauses' literals, one after another
		ends       []int // where each clause ends in lits
		start      = -1  // line of the clause being read, -1 between clauses
	)
	for {
		b, ok := in.skipSpace()
		if !ok {
			break
		}
		if b == 'p' {
			if header {
				return nil, errCNF("line %d: second header (the first is on line %d)", in.line, headerLine)
			}
			v, c, err := readHeader(in)
			if err != nil {
				return nil, err
			}
			header, headerLine, declared, f.Vars = true, in.line, c, v
			lits = make([]int, 0, min(4*c, 1<<20))
			ends = make([]int, 0, min(c, 1<<18))
			continue
		}
		line := in.line
		x, tok, err := in.number()
		if err != nil {
			return nil, errCNF("line %d: bad literal %q", line, tok)
		}
		if !header {
			return nil, errCNF("line %d: clause before the \"p cnf\" header", line)
		}
		if x == 0 {
			if len(ends) == declared {
				return nil, errCNF("line %d: more clauses than the %d of the header", line, declared)
			}
			ends = append(ends, len(lits))
			start = -1
			continue
		}
		if x > f.Vars || -x > f.Vars {
			return nil, errCNF("line %d: literal %d out of range: the header declares %d variables", line, x, f.Vars)
		}
		if start < 0 {
			start = line
		}
		lits = append(lits, x)
	}
	if err := in.readErr(); err != nil {
		return nil, fmt.Errorf("drat: read CNF: %w", err)
	}
	switch {
	case !header:
		return nil, errCNF("line %d: no \"p cnf\" header", in.line)
	case start >= 0:
		return nil, errCNF("line %d: the clause starting on line %d does not end with 0", in.line, start)
	case len(ends) != declared:
		return nil, errCNF("line %d: %d clauses, but the header on line %d declares %d", in.line, len(ends), headerLine, declared)
	}
	f.Clauses = make([][]int, len(ends))
	from := 0
	for i, to := range ends {
		f.Clauses[i] = lits[from:to:to]
		from = to
	}
	return f, nil
}

// readHeader reads "p cnf V C" up to the end of its line; in is at the "p".
func readHeader(in *input) (vars, clauses int, err error) {
	line := in.line
	bad := func() (int, int, error) {
		return 0, 0, errCNF(`line %d: bad header: want "p cnf VARIABLES CLAUSES"`, line)
	}
	in.pos++ // the 'p'
	if !in.blanks() {
		return bad()
	}
	for _, want := range []byte("cnf") {
		if b, ok := in.peek(); !ok || b != want {
			return bad()
		}
		in.pos++
	}
	var nums [2]int
	for i := range nums {
		if !in.blanks() {
			return bad()
		}
		x, _, err := in.number()
		if err != nil || x < 0 || x > math.MaxInt32 {
			return bad()
		}
		nums[i] = x
	}
	in.blanks()
	if b, ok := in.peek(); ok && b != '\n' {
		return bad()
	}
	return nums[0], nums[1], nil
}

// blanks consumes spaces and tabs but no newline, and reports whether there
// was at least one.
func (in *input) blanks() bool {
	n := 0
	for {
		b, ok := in.peek()
		if !ok || (b != ' ' && b != '\t' && b != '\r') {
			return n > 0
		}
		in.pos++
		n++
	}
}
