package listen

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/satdoku/satdoku/logic"
)

// stuck is the message where the techniques of package logic find no
// step.
const stuck = "No logical steps found: satdoku's techniques, and its chains of clues of at most 6 steps, are stuck here."

// state returns the position of a step or solvepath request: the givens
// and the player's digits placed, and in every other cell the player's
// centre marks, if any, less what the placed digits rule out. changed
// reports that the marks differ from the player's (or that there were
// none): the first step shows the candidates before any technique.
func state(p *puzzle) (st *logic.State, changed bool, err error) {
	g := p.grid
	if p.values != nil {
		g = g.Clone()
		for i, v := range p.values {
			if v != 0 {
				g.SetCell(i, v)
			}
		}
	}
	st, err = logic.New(g)
	if err != nil {
		return nil, false, err
	}
	var elim logic.Step
	for i := range g.Len() {
		if st.Value(i) != 0 {
			continue
		}
		m := uint64(0)
		if p.marks != nil {
			m = p.marks[i]
		}
		if m == 0 {
			changed = true
			continue
		}
		cands := st.Candidates(i)
		if cands&^m != 0 {
			for out := cands &^ m; out != 0; out &= out - 1 {
				elim.Eliminations = append(elim.Eliminations, logic.Candidate{Cell: i, Digit: bits.TrailingZeros64(out) + 1})
			}
		}
		if m&^cands != 0 {
			changed = true
		}
	}
	st.Apply(elim)
	return st, changed, nil
}

// logical is the logical response of a position, with a message.
func logical(nonce int64, st *logic.State, msg string) logicalResponse {
	n := st.N()
	r := logicalResponse{header: header{nonce, "logical"}, Message: msg, IsValid: true, Cells: make([]logicalCell, n*n)}
	for i := range r.Cells {
		if v := st.Value(i); v != 0 {
			r.Cells[i] = logicalCell{Value: v, Candidates: []int{}}
			continue
		}
		m := st.Candidates(i)
		if m == 0 {
			r.IsValid = false
		}
		cands := []int{}
		for ; m != 0; m &= m - 1 {
			cands = append(cands, bits.TrailingZeros64(m)+1)
		}
		r.Cells[i] = logicalCell{Candidates: cands}
	}
	if !r.IsValid {
		r.Message += "Board is invalid!\n"
	}
	return r
}

// invalidBoard is the response to a position that breaks the rules.
func invalidBoard(nonce int64, err error) logicalResponse {
	return logicalResponse{header: header{nonce, "logical"}, Message: fmt.Sprintf("Board is invalid! %v\n", err), IsValid: false}
}

// step answers step: the next step of package logic from the player's
// position (the candidates first, when the player's marks are not yet
// theirs).
func step(nonce int64, p *puzzle) response {
	st, changed, err := state(p)
	if err != nil {
		return invalidBoard(nonce, err)
	}
	if changed {
		return logical(nonce, st, "Initial candidates.\n")
	}
	if st.Solved() {
		return logical(nonce, st, "Solved!\n")
	}
	s, ok := st.Next()
	if !ok {
		return logical(nonce, st, stuck+"\n")
	}
	st.Apply(s)
	return logical(nonce, st, s.Text+"\n")
}

// solvePath answers solvepath: every step package logic takes from the
// player's position, one per line.
func solvePath(nonce int64, p *puzzle) response {
	st, _, err := state(p)
	if err != nil {
		return invalidBoard(nonce, err)
	}
	path, solved := st.Solve(nil)
	var b strings.Builder
	for _, s := range path {
		b.WriteString(s.Text)
		b.WriteByte('\n')
	}
	switch {
	case solved:
		b.WriteString("Solved!\n")
	case !st.Solved():
		b.WriteString(stuck + "\n")
	}
	return logical(nonce, st, b.String())
}
