package listen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/logic"
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
	// perCand is the cap of the solutions counted per candidate and
	// logical the "logical" option, both read from
	// "truecandidatesoptions" (see readOptions); disabled lists
	// "disabledlogic".
	perCand  int
	logical  bool
	disabled logic.Families
}

// numSolutionsOption is the prefix of the option of the userscripts
// since 1.2.0 that sets the cap of the solutions counted per candidate.
const numSolutionsOption = "truecandidatesnumsolutions="

// readOptions reads the "truecandidatesoptions" as dclamage's solver
// reads them (SudokuSolver's SolverFactory), names in any case:
// "truecandidatesnumsolutions=N" (userscripts 1.2.0 and later; N a whole
// number above 0, else ignored) caps the count per candidate at N;
// "colored" (userscripts before 1.2.0), when no such N is given, at
// CandidateCap; neither, at 1 (a candidate is true or not). "logical"
// asks for the candidates that logic keeps and no solution holds.
// Other options are ignored, as there.
func readOptions(opts []string) (perCand int, logical bool) {
	colored := false
	for _, o := range opts {
		switch {
		case len(o) >= len(numSolutionsOption) && strings.EqualFold(o[:len(numSolutionsOption)], numSolutionsOption):
			if n, err := strconv.ParseInt(strings.TrimSpace(o[len(numSolutionsOption):]), 10, 64); err == nil && n > 0 {
				perCand = int(min(n, MaxCandidateCap))
			}
		case strings.EqualFold(o, "colored"):
			colored = true
		case strings.EqualFold(o, "logical"):
			logical = true
		}
	}
	if perCand == 0 && colored {
		perCand = CandidateCap
	}
	return max(perCand, 1), logical
}

// disabledFamilies reads "disabledlogic": the families of techniques the
// userscript's "Enable Logic" settings switch off, by the names dclamage's
// solver reads (tuples, pointing, fishes, wings, aic, contradictions, in
// any case); as there, a name of no family is ignored.
func disabledFamilies(names []string) logic.Families {
	var f logic.Families
	for _, name := range names {
		if fam, err := logic.ParseFamily(name); err == nil {
			f |= fam
		}
	}
	return f
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
	pz := &puzzle{grid: p.Grid, perCand: 1}
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
	p.perCand, p.logical = readOptions(x.TrueCandidatesOptions)
	p.disabled = disabledFamilies(x.DisabledLogic)
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
