package checked

import (
	"fmt"
	"math/bits"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/logic"
)

// SolutionMarks returns the marks of a puzzle with the one solution sol:
// each cell's digit as its only candidate (see Step).
func SolutionMarks(sol *satdoku.Grid) []uint64 {
	m := make([]uint64, sol.Len())
	for i := range m {
		if d := sol.Cell(i); d > 0 {
			m[i] = 1 << (d - 1)
		}
	}
	return m
}

// Step checks a logical step on an n×n board against truth, the true
// candidates of the position it was taken in (one mask per cell, bit d−1
// for digit d, as Candidates returns them; SolutionMarks of its one
// solution for a unique puzzle): every digit it places is the only one
// its cell holds in every solution, and no candidate it removes is held
// in any. A step that passes is sound: what it concludes holds in every
// solution. A step that fails is an error wrapping ErrRejected, naming
// the step and the cell; it is the logic's fault, never the puzzle's.
func Step(n int, truth []uint64, st logic.Step) error {
	at := func(c logic.Candidate) (string, error) {
		if c.Cell < 0 || c.Cell >= len(truth) || c.Cell >= n*n || c.Digit < 1 || c.Digit > n {
			return "", fmt.Errorf("%w: step %q names %d at cell %d, off the %d×%d board", ErrRejected, st.Text, c.Digit, c.Cell, n, n)
		}
		return fmt.Sprintf("r%dc%d", c.Cell/n+1, c.Cell%n+1), nil
	}
	for _, p := range st.Placements {
		name, err := at(p)
		if err != nil {
			return err
		}
		if t := truth[p.Cell]; t != 1<<(p.Digit-1) {
			return fmt.Errorf("%w: step %q places %d in %s, where the solutions hold %s", ErrRejected, st.Text, p.Digit, name, digitList(t))
		}
	}
	for _, x := range st.Eliminations {
		name, err := at(x)
		if err != nil {
			return err
		}
		if truth[x.Cell]&(1<<(x.Digit-1)) != 0 {
			return fmt.Errorf("%w: step %q removes %d from %s, which a solution holds", ErrRejected, st.Text, x.Digit, name)
		}
	}
	return nil
}

// digitList writes a mask's digits, as "1, 5"; "none" for no digit.
func digitList(m uint64) string {
	if m == 0 {
		return "none"
	}
	s := ""
	for ; m != 0; m &= m - 1 {
		if s != "" {
			s += ", "
		}
		s += fmt.Sprint(bits.TrailingZeros64(m) + 1)
	}
	return s
}
