package listen

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/logic"
)

// stuck is the message where the techniques of package logic find no
// step.
const stuck = "No logical steps found: satdoku's techniques, and its chains of clues of at most 6 steps, are stuck here."

// state returns the grid of the givens and the player's digits, and the
// position of a step or solvepath request: the givens
// and the player's digits placed, and in every other cell the player's
// centre marks, if any, less what the placed digits rule out. changed
// reports that the marks differ from the player's (or that there were
// none): the first step shows the candidates before any technique.
func state(p *puzzle) (g *satdoku.Grid, st *logic.State, changed bool, err error) {
	g = p.grid
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
		return nil, nil, false, err
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
	return g, st, changed, nil
}

// logical is the logical response of a position, with a message.
func logical(nonce nonceID, st *logic.State, msg string) logicalResponse {
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
func invalidBoard(nonce nonceID, err error) logicalResponse {
	return logicalResponse{header: header{nonce, "logical"}, Message: fmt.Sprintf("Board is invalid! %v\n", err), IsValid: false}
}

// logical answers step (the next step of package logic from the
// player's position, the candidates first when the player's marks are not
// yet theirs) or, with path, solvepath (every step, one per line). Each
// step is checked against the true candidates of the position (see
// answer.Next).
func (j *job) logical(w *worker, p *puzzle, path bool) {
	nonce := j.req.Nonce
	g, st, changed, err := state(p)
	if err != nil {
		j.send(invalidBoard(nonce, err))
		return
	}
	if !path && changed {
		j.send(logical(nonce, st, "Initial candidates.\n"))
		return
	}
	if st.Solved() {
		j.send(logical(nonce, st, "Solved!\n"))
		return
	}
	pos := answer.Position{Grid: g, State: st}
	o := answer.LogicOptions{Options: w.options(), Logic: logic.Options{Disable: p.disabled}}
	if !path {
		a, err := answer.Next(j.work, pos, o)
		switch {
		case j.failed(a.Common, err, ""):
		case a.Status == answer.StatusNone:
			j.send(invalidBoard(nonce, errors.New(a.Reason)))
		case a.Status == answer.StatusHinted:
			j.send(logical(nonce, a.After, a.Step.Text+"\n"))
		default:
			j.send(logical(nonce, st, stuck+"\n"))
		}
		return
	}
	a, err := answer.PathFrom(j.work, pos, o)
	switch {
	case j.failed(a.Common, err, ""):
		return
	case a.Status == answer.StatusNone:
		j.send(invalidBoard(nonce, errors.New(a.Reason)))
		return
	}
	var b strings.Builder
	for _, s := range a.Steps {
		b.WriteString(s.Text)
		b.WriteByte('\n')
	}
	if a.Status == answer.StatusSolved {
		b.WriteString("Solved!\n")
	} else {
		b.WriteString(stuck + "\n")
	}
	j.send(logical(nonce, a.End, b.String()))
}
