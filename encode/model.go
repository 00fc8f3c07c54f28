package encode

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
)

// Answer is a SAT solver's verdict as read by ReadModel.
type Answer uint8

// The verdicts.
const (
	// Unknown: the solver gave up (s UNKNOWN, s INDETERMINATE, INDET).
	Unknown Answer = iota
	// Satisfiable: the solver found a model.
	Satisfiable
	// Unsatisfiable: the solver proved that there is none.
	Unsatisfiable
)

// String returns "UNKNOWN", "SATISFIABLE" or "UNSATISFIABLE".
func (a Answer) String() string {
	switch a {
	case Satisfiable:
		return "SATISFIABLE"
	case Unsatisfiable:
		return "UNSATISFIABLE"
	case Unknown:
		return "UNKNOWN"
	}
	return fmt.Sprintf("Answer(%d)", uint8(a))
}

// Model is a solver's answer: its verdict and, when satisfiable, the value
// of each variable.
type Model struct {
	// Answer is the verdict.
	Answer Answer
	vals   []int8 // by variable: 1 true, -1 false, 0 not given
}

// Value reports whether variable v is true in the model. Variables the
// solver did not list are false.
func (m *Model) Value(v int) bool { return v > 0 && v < len(m.vals) && m.vals[v] > 0 }

// Errors from ReadModel, wrapped with the line they occur on.
var (
	// ErrModelSyntax reports a malformed value or status line.
	ErrModelSyntax = errors.New("encode: malformed solver output")
	// ErrLiteralRange reports a literal outside ±1..nvars.
	ErrLiteralRange = errors.New("encode: literal out of range")
	// ErrContradiction reports a variable listed both true and false.
	ErrContradiction = errors.New("encode: contradictory literals")
	// ErrNoModel reports a satisfiable verdict without any value line.
	ErrNoModel = errors.New("encode: satisfiable but no model")
	// ErrTruncated reports output that ends before the model does, or has
	// no verdict and no model at all.
	ErrTruncated = errors.New("encode: truncated solver output")
	// ErrStatus reports two different verdicts, or a model with an
	// unsatisfiable verdict.
	ErrStatus = errors.New("encode: inconsistent solver verdict")
)

// ReadModel reads what a SAT solver printed, for a formula over the
// variables 1..nvars, leniently but never wrongly. It understands
//
//   - the SAT-competition format: a status line "s SATISFIABLE",
//     "s UNSATISFIABLE", "s UNKNOWN" or "s INDETERMINATE", and "v" lines in
//     any order, split across any number of lines, ending with 0 (cadical,
//     picosat, cryptominisat, kissat, gini's command with "v  1");
//   - clasp, whose value lines come before the status line;
//   - minisat's result file: "SAT", "UNSAT" or "INDET" on the first line,
//     then the literals ending with 0;
//   - z3 ("sat" and the literals without a final 0) and a bare list of
//     literals.
//
// Comment lines ("c …") and other lines of words (banners, statistics) are
// skipped. Without a final 0 the model must give every variable a value,
// or the output counts as truncated. The errors wrap ErrModelSyntax,
// ErrLiteralRange, ErrContradiction, ErrNoModel, ErrTruncated or ErrStatus.
// An Unknown verdict is returned with a nil error: the caller decides.
func ReadModel(r io.Reader, nvars int) (*Model, error) {
	if nvars < 1 {
		return nil, fmt.Errorf("%w: no variables", ErrModelSyntax)
	}
	m := &Model{vals: make([]int8, nvars+1)}
	var (
		status    = -1 // -1 none yet, else an Answer
		lits      int  // literals read
		assigned  int  // distinct variables given a value
		ended     bool // a 0 ended the model
		statusAt  int
		lastLitAt int
	)
	setStatus := func(a Answer, line int) error {
		if status >= 0 && Answer(status) != a {
			return fmt.Errorf("%w: line %d: %v after %v (line %d)", ErrStatus, line, a, Answer(status), statusAt)
		}
		status, statusAt = int(a), line
		return nil
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 64<<20)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		f := strings.Fields(s)
		if len(f) == 0 || f[0] == "c" {
			continue
		}
		var numbers []string
		switch word := f[0]; {
		case word == "s":
			if len(f) != 2 {
				return nil, fmt.Errorf("%w: line %d: status line %q", ErrModelSyntax, line, clipText(s))
			}
			a, ok := verdict(f[1])
			if !ok {
				return nil, fmt.Errorf("%w: line %d: unknown status %q", ErrModelSyntax, line, clipText(f[1]))
			}
			if err := setStatus(a, line); err != nil {
				return nil, err
			}
			continue
		case word == "v":
			numbers = f[1:]
		case isNumber(word):
			numbers = f
		default:
			if a, ok := verdict(word); ok && len(f) == 1 {
				if err := setStatus(a, line); err != nil {
					return nil, err
				}
			}
			continue // a banner, statistics or a comment of some other form
		}
		for _, w := range numbers {
			lit, err := strconv.Atoi(w)
			if err != nil {
				return nil, fmt.Errorf("%w: line %d: %q is not a literal", ErrModelSyntax, line, clipText(w))
			}
			if lit == 0 {
				ended = true
				continue
			}
			if ended {
				return nil, fmt.Errorf("%w: line %d: literal %d after the final 0", ErrModelSyntax, line, lit)
			}
			v, x := lit, int8(1)
			if lit < 0 {
				v, x = -lit, -1
			}
			if v > nvars || v < 0 {
				return nil, fmt.Errorf("%w: line %d: %s (variables are 1..%d)", ErrLiteralRange, line, w, nvars)
			}
			switch m.vals[v] {
			case 0:
				m.vals[v] = x
				assigned++
			case -x:
				return nil, fmt.Errorf("%w: line %d: %d and %d", ErrContradiction, line, v, -v)
			}
			lits++
			lastLitAt = line
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("encode: read solver output: %w", err)
	}
	switch {
	case status < 0 && lits == 0:
		return nil, fmt.Errorf("%w: no verdict and no model", ErrTruncated)
	case status < 0:
		status = int(Satisfiable) // a bare list of literals
	}
	m.Answer = Answer(status)
	switch m.Answer {
	case Satisfiable:
		if lits == 0 {
			return nil, ErrNoModel
		}
		if !ended && assigned < nvars {
			return nil, fmt.Errorf("%w: the model ends at line %d without a final 0 after %d of %d variables",
				ErrTruncated, lastLitAt, assigned, nvars)
		}
	case Unsatisfiable:
		if lits > 0 {
			return nil, fmt.Errorf("%w: UNSATISFIABLE with a model (line %d)", ErrStatus, lastLitAt)
		}
		m.vals = nil
	case Unknown:
		m.vals = nil
	}
	return m, nil
}

// verdict maps the status words of the solvers to an Answer.
func verdict(s string) (Answer, bool) {
	switch strings.ToUpper(s) {
	case "SATISFIABLE", "SAT":
		return Satisfiable, true
	case "UNSATISFIABLE", "UNSAT":
		return Unsatisfiable, true
	case "UNKNOWN", "INDETERMINATE", "INDET":
		return Unknown, true
	}
	return 0, false
}

// isNumber reports whether s starts like an integer: a digit, or a minus
// sign and a digit.
func isNumber(s string) bool {
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// DecodeModel decodes a satisfiable model of a formula for puzzle g. With
// fixed set (for Reduced formulas) the variables fixed by the givens take
// their fixed value (see DecodePuzzle); otherwise the model is
// decoded as it is (see Decode). The result must still be checked against
// g.
func DecodeModel(g *satdoku.Grid, m *Model, fixed bool) (*satdoku.Grid, error) {
	if g == nil || g.Rules() == nil {
		return nil, ErrGrid
	}
	if m == nil || m.Answer != Satisfiable {
		return nil, ErrNoModel
	}
	if fixed {
		return DecodePuzzle(g, m.Value)
	}
	return Decode(g.Rules(), m.Value)
}
