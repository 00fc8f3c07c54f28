package drat

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Errors of Check and ReadCNF, wrapped with details: the lemma's number and
// literals, the proof's line (text) or byte offset (binary), the CNF file's
// line. Test for them with errors.Is.
var (
	// ErrSyntax reports a proof that is not DRAT in the format detected.
	ErrSyntax = errors.New("drat: malformed proof")
	// ErrCNF reports a formula that is not well-formed DIMACS CNF, or a
	// Formula with a literal 0 or out of range. An error that wraps ErrCNF
	// matches ErrSyntax too.
	ErrCNF = errors.New("drat: malformed CNF")
	// ErrLemma reports a lemma that is neither RUP nor RAT with respect to
	// the clauses present when it is added.
	ErrLemma = errors.New("drat: lemma not implied")
	// ErrNoEmpty reports a proof whose lemmas are all implied but that does
	// not derive the empty clause, and after which unit propagation over
	// the clauses present does not reach a conflict either.
	ErrNoEmpty = errors.New("drat: proof does not derive the empty clause")
)

// cnfError is a CNF error: it reads "drat: malformed CNF: line 3: ..." and
// matches both ErrCNF and ErrSyntax.
type cnfError struct{ msg string }

func (e *cnfError) Error() string   { return ErrCNF.Error() + ": " + e.msg }
func (e *cnfError) Unwrap() []error { return []error{ErrCNF, ErrSyntax} }

// errCNF formats a CNF error.
func errCNF(format string, args ...any) error {
	return &cnfError{msg: fmt.Sprintf(format, args...)}
}

// maxShown is how many literals an error message shows of a clause.
const maxShown = 20

// formatClause writes a clause as DIMACS ("1 -2 0"), the middle left out
// when it is long.
func formatClause(lits []int) string {
	var b strings.Builder
	for i, l := range lits {
		if i == maxShown-2 && len(lits) > maxShown {
			fmt.Fprintf(&b, "… (%d literals) ", len(lits)-maxShown+1)
			l = lits[len(lits)-1]
			b.WriteString(strconv.Itoa(l))
			b.WriteByte(' ')
			break
		}
		b.WriteString(strconv.Itoa(l))
		b.WriteByte(' ')
	}
	b.WriteByte('0')
	return b.String()
}
