package sudokumaker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/rulestext"
)

// Sentinel errors. Read fails with a *satdoku.ParseError whose Err is one
// of them; its Msg is more precise and its Pos.Path the JSON path at fault.
var (
	// ErrSyntax reports a link or payload that is not SudokuMaker data.
	ErrSyntax = errors.New("sudokumaker: syntax error")
	// ErrUnsupported reports a constraint or a board satdoku does not read.
	ErrUnsupported = errors.New("sudokumaker: unsupported puzzle")
	// ErrInvalid reports malformed data: a cell off the board, a region
	// of the wrong size.
	ErrInvalid = errors.New("sudokumaker: invalid puzzle")
)

func fail(path string, kind error, format string, args ...any) *satdoku.ParseError {
	return &satdoku.ParseError{Pos: satdoku.Position{Path: path}, Msg: fmt.Sprintf(format, args...), Err: kind}
}

// Puzzle is a SudokuMaker puzzle in satdoku's terms.
type Puzzle struct {
	// Grid holds the givens, under the puzzle's rules.
	Grid *satdoku.Grid
	// Solution is the solution the puzzle carries (its cells' values that
	// are not givens, with the givens), complete; nil when it has none.
	Solution *satdoku.Grid
	// Title, Author and Rules are the puzzle's name, author and comment
	// (the setter's rules text, which is not read as rules).
	Title, Author, Rules string
	// Clues are the clues read from the constraints, in order.
	Clues []clue.Clue
	// Warnings tell what was ignored, and name each rule of Unread.
	Warnings []string
	// Unread are the rules that the comment names and no constraint
	// carries (see package rulestext), and the cosmetic constraints
	// ignored, which may draw rules satdoku does not know: a verdict of
	// none or multiple is for the rules read without them.
	Unread []rulestext.Rule
}

// MaxPayload is the longest payload Read accepts, in bytes (lz-string can
// expand its input quadratically).
const MaxPayload = fpuzzles.MaxLoad

// hosts are the hosts of SudokuMaker links.
var hosts = []string{"sudokumaker.app", "www.sudokumaker.app"}

// payload returns the puzzle parameter of a SudokuMaker link, decoded as
// a path is (a "+" stays a "+"), and whether s is such a link.
func payload(s string) (string, bool) {
	s = strings.TrimSpace(s)
	lower := strings.ToLower(s)
	if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil || !isHost(u.Host) {
		return "", false
	}
	raw := u.RawQuery
	if raw == "" && strings.HasPrefix(u.Fragment, "?") {
		raw = u.Fragment[1:] // https://sudokumaker.app/#?puzzle=…
	}
	for _, kv := range strings.Split(raw, "&") {
		if k, v, _ := strings.Cut(kv, "="); k == "puzzle" && v != "" {
			if d, err := url.PathUnescape(v); err == nil {
				v = d
			}
			return v, true
		}
	}
	return "", false
}

func isHost(h string) bool { return slices.Contains(hosts, strings.ToLower(h)) }

// IsLink reports whether s is a SudokuMaker link with a puzzle.
func IsLink(s string) bool {
	_, ok := payload(s)
	return ok
}

// Read reads a SudokuMaker link.
func Read(link string) (*Puzzle, error) {
	p, ok := payload(link)
	if !ok {
		return nil, fail("", ErrSyntax, "not a SudokuMaker link (want https://sudokumaker.app/?puzzle=…)")
	}
	if len(p) > MaxPayload {
		return nil, fail("", ErrUnsupported, "a payload of %d bytes (the limit is %d)", len(p), MaxPayload)
	}
	text, ok := decompress(p)
	if !ok {
		return nil, fail("", ErrSyntax, "not a SudokuMaker payload: it does not decompress")
	}
	return readJSON(text)
}

// readJSON reads SudokuMaker's JSON.
func readJSON(text string) (*Puzzle, error) {
	var b blob
	if err := json.Unmarshal([]byte(text), &b); err != nil {
		return nil, fail("", ErrSyntax, "the payload is not SudokuMaker JSON: %v", err)
	}
	if b.Puzzle == nil {
		return nil, fail("puzzle", ErrSyntax, `no "puzzle"`)
	}
	r := &reader{pz: b.Puzzle}
	return r.read()
}

// decompress decompresses an lz-string in the URI-safe alphabet; a panic of
// the library is a failure.
func decompress(s string) (text string, ok bool) {
	defer func() {
		if recover() != nil {
			text, ok = "", false
		}
	}()
	s = strings.ReplaceAll(s, " ", "+")
	text, err := lzstring.DecompressFromEncodedURIComponent(s)
	return text, err == nil && text != "" && bytes.HasPrefix([]byte(text), []byte("{"))
}

// blob is SudokuMaker's JSON.
type blob struct {
	FormatVersion string  `json:"formatVersion"`
	Puzzle        *puzzle `json:"puzzle"`
}

type puzzle struct {
	Type        string            `json:"type"`
	Size        *int              `json:"size"`
	Width       *int              `json:"width"`
	Height      *int              `json:"height"`
	MinDigit    *int              `json:"minDigit"`
	MaxDigit    *int              `json:"maxDigit"`
	Cells       []*cell           `json:"cells"`
	Constraints []json.RawMessage `json:"constraints"`
	Name        string            `json:"name"`
	Author      string            `json:"author"`
	Comment     string            `json:"comment"`
}

type cell struct {
	Given bool `json:"given"`
	Value *int `json:"value"`
}

// constraint holds the fields of every constraint type that satdoku reads;
// a type reads the ones it has.
type constraint struct {
	Type          int     `json:"type"`
	Name          string  `json:"name"`
	Disabled      bool    `json:"disabled"`
	SolverIgnored bool    `json:"solverIgnored"`
	Regions       []*int  `json:"regions"`
	Cells         []int   `json:"cells"`
	Clues         []xclue `json:"clues"`
	Negative      []int   `json:"negative"`
	// OverrideNegativeRatios (of the white dots) and
	// OverrideNegativeDifferences (of the black dots): a dot exempts its
	// pair from the other colour's negative rule.
	OverrideNegativeRatios      *bool             `json:"overrideNegativeRatios"`
	OverrideNegativeDifferences *bool             `json:"overrideNegativeDifferences"`
	Thermometers                [][]int           `json:"thermometers"`
	Slow                        bool              `json:"slow"`
	Cages                       []cage            `json:"cages"`
	Groups                      json.RawMessage   `json:"groups"`
	Lines                       json.RawMessage   `json:"lines"`
	MinDifference               *int              `json:"minDifference"`
	SingleRegionTotals          bool              `json:"singleRegionTotals"`
	BulbsWithArrows             []bulbWithArrows  `json:"bulbsWithArrows"`
	Areas                       []json.RawMessage `json:"areas"`
}

// xclue is a clue of a constraint: on an edge, at a corner or outside the
// board.
type xclue struct {
	Value     json.RawMessage `json:"value"`
	Edge      *int            `json:"edge"`
	Corner    *int            `json:"corner"`
	OuterCell *int            `json:"outerCell"`
	Diagonal  int             `json:"diagonal"`
	Digits    []int           `json:"digits"`
}

type cage struct {
	Value json.RawMessage `json:"value"`
	Cells []int           `json:"cells"`
}

type bulbWithArrows struct {
	BulbCells []int   `json:"bulbCells"`
	Arrows    [][]int `json:"arrows"`
}
