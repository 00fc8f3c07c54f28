package listen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/fpuzzles"
)

// puzzle is the puzzle of a request: its givens under its rules (read by
// package fpuzzles), and what the userscript adds to the f-puzzles JSON
// that is no rule: the player's digits and centre marks (for step and
// solvepath) and the solver settings.
type puzzle struct {
	grid *satdoku.Grid
	// values are the player's digits, cell-major (0: none), givens
	// excluded; marks the player's centre marks as masks (0: none).
	values []int
	marks  []uint64
	// colored and logical are the "truecandidatesoptions"; disabled lists
	// "disabledlogic".
	colored, logical bool
	disabled         []string
}

// errDataType reports a request whose data is not an f-puzzles puzzle.
var errDataType = errors.New(`dataType must be "fpuzzles"`)

// readPuzzle reads the puzzle of a request: data is the lz-string Base64
// form of an f-puzzles JSON (as the userscript sends it), the JSON itself,
// or anything else fpuzzles.Read takes (a link).
func readPuzzle(dataType, data string) (*puzzle, error) {
	if dataType != "fpuzzles" {
		return nil, fmt.Errorf("%w, not %q", errDataType, dataType)
	}
	text := []byte(strings.TrimSpace(data))
	if len(text) == 0 {
		return nil, errors.New("no puzzle: data is empty")
	}
	if text[0] != '{' && len(text) <= fpuzzles.MaxLoad {
		// Decompressed here once, so that the settings can be read too;
		// anything that does not decompress to JSON goes to fpuzzles.Read
		// as it is (MaxLoad bounds the cost of a hostile string).
		if js, err := lzstring.DecompressFromBase64(string(text)); err == nil && strings.HasPrefix(js, "{") {
			text = []byte(js)
		}
	}
	p, err := fpuzzles.Read(text)
	if err != nil {
		return nil, err
	}
	pz := &puzzle{grid: p.Grid}
	if text[0] == '{' {
		pz.extras(text)
	}
	return pz, nil
}

// fpzCell is what extras reads of a cell of an f-puzzles grid.
type fpzCell struct {
	Value             looseInt   `json:"value"`
	Given             bool       `json:"given"`
	CenterPencilMarks []looseInt `json:"centerPencilMarks"`
}

// looseInt is an f-puzzles number: a JSON number or a string holding
// one; anything else reads as 0.
type looseInt int

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (v *looseInt) UnmarshalJSON(b []byte) error {
	s := string(bytes.Trim(b, `"`))
	n, err := strconv.Atoi(s)
	if err != nil {
		n = 0
	}
	*v = looseInt(n)
	return nil
}

// extras reads the player's digits and marks and the solver settings of
// the f-puzzles JSON text; what it cannot read, it leaves out (the rules
// were read by fpuzzles.Read).
func (p *puzzle) extras(text []byte) {
	var x struct {
		Grid                  [][]*fpzCell `json:"grid"`
		TrueCandidatesOptions []string     `json:"truecandidatesoptions"`
		DisabledLogic         []string     `json:"disabledlogic"`
	}
	if json.Unmarshal(text, &x) != nil {
		// A field of another shape: read the settings alone.
		_ = json.Unmarshal(text, &struct {
			TrueCandidatesOptions *[]string `json:"truecandidatesoptions"`
			DisabledLogic         *[]string `json:"disabledlogic"`
		}{&x.TrueCandidatesOptions, &x.DisabledLogic})
		x.Grid = nil
	}
	p.colored = slices.Contains(x.TrueCandidatesOptions, "colored")
	p.logical = slices.Contains(x.TrueCandidatesOptions, "logical")
	p.disabled = x.DisabledLogic
	n := p.grid.N()
	if len(x.Grid) != n {
		return
	}
	p.values = make([]int, n*n)
	p.marks = make([]uint64, n*n)
	for r, row := range x.Grid {
		if len(row) != n {
			return
		}
		for c, cell := range row {
			i := r*n + c
			if cell == nil || cell.Given || p.grid.Cell(i) != 0 {
				continue
			}
			if v := int(cell.Value); v >= 1 && v <= n {
				p.values[i] = v
			}
			for _, d := range cell.CenterPencilMarks {
				if d >= 1 && int(d) <= n {
					p.marks[i] |= 1 << (d - 1)
				}
			}
		}
	}
}
