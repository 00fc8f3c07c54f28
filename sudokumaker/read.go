package sudokumaker

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/rulestext"
)

// The constraint types of SudokuMaker's format (its ConstraintType).
const (
	tGivens             = 0
	tRegions            = 1
	tDiagonalMinus      = 10
	tDiagonalPlus       = 11
	tAntiking           = 12
	tAntiknight         = 13
	tDisjointGroups     = 14
	tNonconsecutive     = 15
	tGlobalEntropy      = 16
	tEven               = 100
	tOdd                = 101
	tMaximum            = 102
	tMinimum            = 103
	tDifference         = 200
	tRatio              = 201
	tXV                 = 202
	tThermometer        = 300
	tKillerCages        = 301
	tClone              = 302
	tQuadruple          = 303
	tLookAndSayCages    = 304
	tDifferentValues    = 305
	tRenban             = 400
	tWhisper            = 401
	tPalindrome         = 402
	tBetweenLines       = 403
	tRegionSumLine      = 404
	tSequence           = 405
	tEntropyLines       = 406
	tLockoutLines       = 407
	tArrow              = 408
	tDoubleArrow        = 409
	tLittleKillers      = 500
	tSandwichSums       = 501
	tXSums              = 502
	tSkyscrapers        = 503
	tNumberedRooms      = 504
	tRowIndexer         = 600
	tColumnIndexer      = 601
	tCustom             = 1000
	tCosmeticLine       = 2000
	tCosmeticCage       = 2001
	tCosmeticSymbol     = 2002
	tSudokuRules        = 2003
	tFog                = 4000
	tCustomFogClearing  = 4001
	diagonalPositive    = 1
	diagonalNegative    = -1
	defaultDotValue     = 1
	defaultRatioValue   = 2
	standardEntropyBits = 0b1110
)

// refusedTypes names the constraints satdoku has no kind for.
var refusedTypes = map[int]string{tGlobalEntropy: "global entropy", tLookAndSayCages: "look-and-say cages",
	tSequence: "sequence lines", tCustom: "a custom constraint"}

// cosmeticTypes names the constraints that carry no rule.
var cosmeticTypes = map[int]string{tCosmeticLine: "cosmetic lines", tCosmeticCage: "cosmetic cages",
	tCosmeticSymbol: "cosmetic symbols", tFog: "fog", tCustomFogClearing: "fog clearing"}

// lineKinds are the line constraints that are one clue kind each.
var lineKinds = map[int]clue.Kind{tRenban: clue.Renban, tWhisper: clue.Whispers, tPalindrome: clue.Palindrome,
	tBetweenLines: clue.Between, tRegionSumLine: clue.RegionSumLine, tEntropyLines: clue.EntropicLine,
	tLockoutLines: clue.LockoutLine, tDoubleArrow: clue.DoubleArrow}

// outsideKinds are the constraints of clues outside the board.
var outsideKinds = map[int]clue.Kind{tSandwichSums: clue.Sandwich, tXSums: clue.XSum, tSkyscrapers: clue.Skyscraper,
	tNumberedRooms: clue.NumberedRoom}

// cellKinds are the constraints of marked cells.
var cellKinds = map[int]clue.Kind{tEven: clue.Even, tOdd: clue.Odd, tMaximum: clue.Maximum, tMinimum: clue.Minimum,
	tDifferentValues: clue.ExtraRegion, tRowIndexer: clue.RowIndexer, tColumnIndexer: clue.ColumnIndexer}

// namedTypes are the global rules of satdoku.Rules.WithNamed.
var namedTypes = map[int]string{tDiagonalMinus: "diagonal-", tDiagonalPlus: "diagonal+", tAntiking: "anti-king",
	tAntiknight: "anti-knight", tDisjointGroups: "disjoint"}

// reader reads one puzzle.
type reader struct {
	pz      *puzzle
	n       int
	p       Puzzle
	named   []string
	base    *satdoku.Rules
	extra   []satdoku.ExtraUnit
	regions []*int
	// negatives are the negative rules with the constraint that stated
	// them, checked once every dot is known.
	negatives []negative
	overrides map[clue.Kind]bool // a colour's dots exempt their pairs from the other colour's negative rule
	// ignored are the cosmetic constraints, which may carry the rules of
	// the comment (setters draw the clues of rules SudokuMaker does not
	// know as cosmetic symbols): Unread names them too.
	ignored []rulestext.Rule
}

type negative struct {
	kind   clue.Kind
	values []int
	path   string
}

func (r *reader) warn(format string, args ...any) {
	r.p.Warnings = append(r.p.Warnings, fmt.Sprintf(format, args...))
}

func (r *reader) read() (*Puzzle, error) {
	if err := r.board(); err != nil {
		return nil, err
	}
	r.p.Title, r.p.Author, r.p.Rules = r.pz.Name, r.pz.Author, r.pz.Comment
	r.overrides = map[clue.Kind]bool{}
	for k, raw := range r.pz.Constraints {
		if err := r.constraint(k, raw); err != nil {
			return nil, err
		}
	}
	if err := r.checkNegatives(); err != nil {
		return nil, err
	}
	if err := r.regionRules(); err != nil {
		return nil, err
	}
	r.p.Unread = rulestext.Unread(r.p.Rules, r.named, r.p.Clues)
	for _, u := range r.p.Unread {
		r.warn("%s", u.Warning())
	}
	r.p.Unread = append(r.p.Unread, r.ignored...)
	rules := r.base
	var err error
	if rules, err = rules.WithNamed(r.named...); err != nil {
		return nil, fail("puzzle.constraints", ErrUnsupported, "%v", err)
	}
	if rules, err = rules.WithExtra(r.extra...); err != nil {
		return nil, fail("puzzle.constraints", ErrInvalid, "%v", err)
	}
	rules, warns, err := clue.Apply(rules, r.p.Clues...)
	var ce *clue.Error
	switch {
	case errors.As(err, &ce):
		return nil, fail("puzzle.constraints", ce.Err, "%v %s", ce.Kind, ce.Msg)
	case err != nil:
		return nil, fail("puzzle.constraints", ErrInvalid, "%v", err)
	}
	for _, w := range warns {
		r.warn("ignored %v: %s", r.p.Clues[w.Clue].Kind, w.Msg)
	}
	g := satdoku.NewGrid(rules)
	sol := satdoku.NewGrid(rules)
	full := true
	for i, c := range r.pz.Cells {
		if c == nil || c.Value == nil {
			full = false
			continue
		}
		d := *c.Value
		if d < 1 || d > r.n {
			return nil, fail("puzzle.cells["+strconv.Itoa(i)+"].value", ErrUnsupported, "digit %d on a %d×%d board (satdoku's digits are 1 to %d)", d, r.n, r.n, r.n)
		}
		if c.Given {
			g.SetCell(i, d)
		}
		sol.SetCell(i, d)
	}
	r.p.Grid = g
	if full {
		r.p.Solution = sol
	}
	return &r.p, nil
}

// board reads the size: a square board of size² cells, digits 1 to size.
func (r *reader) board() error {
	pz := r.pz
	n := len(pz.Cells)
	size := 0
	for size*size < n {
		size++
	}
	for _, v := range []*int{pz.Size, pz.Width, pz.Height} {
		if v != nil && *v != size {
			return fail("puzzle", ErrUnsupported, "a board of %d cells that is not %d×%d: satdoku reads square boards", n, *v, *v)
		}
	}
	if size*size != n || n == 0 {
		return fail("puzzle.cells", ErrUnsupported, "%d cells: not a square board", n)
	}
	if pz.Type == "custom" {
		return fail("puzzle.type", ErrUnsupported, "a puzzle of type custom (no Sudoku rules)")
	}
	if pz.MinDigit != nil && *pz.MinDigit != 1 || pz.MaxDigit != nil && *pz.MaxDigit != size {
		return fail("puzzle", ErrUnsupported, "digits %v to %v on a %d×%d board: satdoku reads the digits 1 to %d", deref(pz.MinDigit, 1), deref(pz.MaxDigit, size), size, size, size)
	}
	if !satdoku.IsSide(size) && (size < satdoku.MinN || size > satdoku.MaxN) {
		return fail("puzzle.cells", ErrUnsupported, "%d×%d boards are not supported (want %d to %d)", size, size, satdoku.MinN, satdoku.MaxN)
	}
	r.n = size
	return nil
}

func deref(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

// constraint reads the k-th constraint.
func (r *reader) constraint(k int, raw json.RawMessage) error {
	at := "puzzle.constraints[" + strconv.Itoa(k) + "]"
	var c constraint
	if err := json.Unmarshal(raw, &c); err != nil {
		return fail(at, ErrSyntax, "not a constraint: %v", err)
	}
	name := c.Name
	if name == "" {
		name = "constraint " + strconv.Itoa(c.Type)
	}
	switch {
	case c.Disabled:
		return nil
	case cosmeticTypes[c.Type] != "":
		r.warn("ignored %s (%q): cosmetic, no rule", cosmeticTypes[c.Type], name)
		r.ignored = append(r.ignored, rulestext.Rule{Name: fmt.Sprintf("%s (%q)", cosmeticTypes[c.Type], name)})
		return nil
	case c.SolverIgnored:
		r.warn("ignored %q: marked for the solver to ignore, no rule", name)
		r.ignored = append(r.ignored, rulestext.Rule{Name: fmt.Sprintf("%q", name)})
		return nil
	case refusedTypes[c.Type] != "":
		return fail(at, ErrUnsupported, "%s (%q): satdoku has no such rule", refusedTypes[c.Type], name)
	case namedTypes[c.Type] != "":
		r.named = append(r.named, namedTypes[c.Type])
		return nil
	case cellKinds[c.Type] != 0:
		cells, err := r.cells(c.Cells, at+".cells")
		if err != nil {
			return err
		}
		switch k := cellKinds[c.Type]; {
		case k == clue.Odd || k == clue.Even:
			for _, i := range cells {
				r.add(clue.Clue{Kind: k, Cells: []int{i}})
			}
		case len(cells) > 0:
			r.add(clue.Clue{Kind: k, Cells: cells})
		}
		return nil
	case lineKinds[c.Type] != 0:
		return r.lines(at, c, lineKinds[c.Type])
	case outsideKinds[c.Type] != 0:
		return r.outside(at, c, outsideKinds[c.Type])
	}
	switch c.Type {
	case tGivens:
	case tRegions:
		if len(c.Regions) != r.n*r.n {
			return fail(at+".regions", ErrInvalid, "%d regions for %d cells", len(c.Regions), r.n*r.n)
		}
		r.regions = c.Regions
	case tNonconsecutive:
		r.add(clue.Clue{Kind: clue.Nonconsecutive})
	case tDifference, tRatio, tXV:
		return r.marks(at, c)
	case tThermometer:
		kind := clue.Thermometer
		if c.Slow {
			kind = clue.SlowThermometer
		}
		for j, t := range c.Thermometers {
			line, err := r.cells(t, at+".thermometers["+strconv.Itoa(j)+"]")
			if err != nil {
				return err
			}
			r.add(clue.Clue{Kind: kind, Lines: [][]int{line}})
		}
	case tKillerCages:
		for j, cg := range c.Cages {
			cat := at + ".cages[" + strconv.Itoa(j) + "]"
			cells, err := r.cells(cg.Cells, cat+".cells")
			if err != nil {
				return err
			}
			v, ok := number(cg.Value)
			if !ok {
				return fail(cat+".value", ErrUnsupported, "a killer cage whose value %s is not a number", cg.Value)
			}
			r.add(clue.Clue{Kind: clue.KillerCage, Cells: cells, Value: v})
		}
	case tClone:
		var groups [][]int
		if err := json.Unmarshal(c.Groups, &groups); err != nil {
			return fail(at+".groups", ErrSyntax, "want lists of cells: %v", err)
		}
		for j, g := range groups {
			cells, err := r.cells(g, at+".groups["+strconv.Itoa(j)+"]")
			if err != nil {
				return err
			}
			var lines [][]int
			for _, i := range cells {
				lines = append(lines, []int{i})
			}
			r.add(clue.Clue{Kind: clue.Clone, Lines: lines})
		}
	case tQuadruple:
		for j, q := range c.Clues {
			qat := at + ".clues[" + strconv.Itoa(j) + "]"
			if q.Corner == nil {
				return fail(qat, ErrInvalid, "a quadruple without its corner")
			}
			row, col := *q.Corner/(r.n+1), *q.Corner%(r.n+1)
			if row < 1 || row >= r.n || col < 1 || col >= r.n {
				return fail(qat+".corner", ErrUnsupported, "a quadruple at a corner on the edge of the board (row %d, column %d)", row, col)
			}
			cells := []int{(row-1)*r.n + col - 1, (row-1)*r.n + col, row*r.n + col - 1, row*r.n + col}
			r.add(clue.Clue{Kind: clue.Quadruple, Cells: cells, Values: q.Digits})
		}
	case tArrow:
		for j, b := range c.BulbsWithArrows {
			bat := at + ".bulbsWithArrows[" + strconv.Itoa(j) + "]"
			bulb, err := r.cells(b.BulbCells, bat+".bulbCells")
			if err != nil {
				return err
			}
			// The bulb's first cell is the ones, the next the tens: read
			// in reading order, they must run from the last to the first.
			if len(bulb) == 0 {
				return fail(bat+".bulbCells", ErrInvalid, "an arrow without a circle")
			}
			circle := slices.Clone(bulb)
			slices.Reverse(circle)
			if !slices.IsSorted(circle) {
				return fail(bat+".bulbCells", ErrUnsupported, "an arrow's circle whose digits are not in reading order")
			}
			var lines [][]int
			for l, a := range b.Arrows {
				line, err := r.cells(a, bat+".arrows["+strconv.Itoa(l)+"]")
				if err != nil {
					return err
				}
				if len(line) > 0 && !slices.Contains(circle, line[0]) {
					line = append(slices.Clone(circle[:1]), line...)
				}
				if len(line) > 0 {
					lines = append(lines, line)
				}
			}
			r.add(clue.Clue{Kind: clue.Arrow, Cells: circle, Lines: lines})
		}
	case tLittleKillers:
		for j, lk := range c.Clues {
			lat := at + ".clues[" + strconv.Itoa(j) + "]"
			if len(lk.Value) == 0 || string(lk.Value) == "null" {
				continue // no sum
			}
			v, ok := number(lk.Value)
			if !ok {
				return fail(lat+".value", ErrUnsupported, "a little killer sum %s that is not a number", lk.Value)
			}
			row, col, err := r.outer(lk.OuterCell, lat)
			if err != nil {
				return err
			}
			dir, ok := direction(row, col, r.n, lk.Diagonal)
			if !ok {
				return fail(lat+".diagonal", ErrInvalid, "a little killer without a diagonal")
			}
			r.add(clue.Clue{Kind: clue.LittleKiller, Row: row, Col: col, Direction: dir, Value: v})
		}
	case tSudokuRules:
		if len(c.Areas) > 0 {
			return fail(at+".areas", ErrUnsupported, "Sudoku rules on areas of the board (%q)", name)
		}
	default:
		return fail(at, ErrUnsupported, "constraint type %d (%q): satdoku has no such rule", c.Type, name)
	}
	return nil
}

// add adds a clue.
func (r *reader) add(c clue.Clue) { r.p.Clues = append(r.p.Clues, c) }

// cells reads cell ids.
func (r *reader) cells(ids []int, at string) ([]int, error) {
	for k, i := range ids {
		if i < 0 || i >= r.n*r.n {
			return nil, fail(at+"["+strconv.Itoa(k)+"]", ErrInvalid, "cell %d is off the %d×%d board", i, r.n, r.n)
		}
	}
	return slices.Clone(ids), nil
}

// number reads a whole number, written as a number or a string; empty or
// null is 0.
func number(raw json.RawMessage) (int, bool) {
	s := strings.Trim(strings.TrimSpace(string(raw)), `"`)
	if s == "" || s == "null" {
		return 0, true
	}
	v, err := strconv.Atoi(s)
	return v, err == nil
}

// lines reads a line constraint of kind k.
func (r *reader) lines(at string, c constraint, k clue.Kind) error {
	var lines [][]int
	if err := json.Unmarshal(c.Lines, &lines); err != nil {
		return fail(at+".lines", ErrSyntax, "want lists of cells: %v", err)
	}
	value := 0
	switch c.Type {
	case tWhisper:
		value = deref(c.MinDifference, 0)
	case tRegionSumLine:
		if c.SingleRegionTotals {
			return fail(at+".singleRegionTotals", ErrUnsupported, "region sum lines with single-region totals")
		}
	case tEntropyLines:
		var groups []int
		if err := json.Unmarshal(c.Groups, &groups); err != nil {
			return fail(at+".groups", ErrSyntax, "want digit masks: %v", err)
		}
		if r.n != 9 || !slices.Equal(groups, []int{standardEntropyBits, standardEntropyBits << 3, standardEntropyBits << 6}) {
			return fail(at+".groups", ErrUnsupported, "entropic lines of groups %v (satdoku's are 1–3, 4–6 and 7–9 on 9×9)", groups)
		}
	}
	for j, l := range lines {
		line, err := r.cells(l, at+".lines["+strconv.Itoa(j)+"]")
		if err != nil {
			return err
		}
		r.add(clue.Clue{Kind: k, Lines: [][]int{line}, Value: value})
	}
	return nil
}

// outer reads the place of a clue outside the board: row and column from
// −1 to N.
func (r *reader) outer(id *int, at string) (int, int, error) {
	if id == nil {
		return 0, 0, fail(at, ErrInvalid, "a clue without its place outside the board")
	}
	row, col := *id/(r.n+2)-1, *id%(r.n+2)-1
	if *id < 0 || row > r.n || row >= 0 && row < r.n && col >= 0 && col < r.n {
		return 0, 0, fail(at+".outerCell", ErrInvalid, "outer cell %d is not outside the %d×%d board", *id, r.n, r.n)
	}
	return row, col, nil
}

// direction is the way a little killer's diagonal goes from (row, col)
// outside the board: SudokuMaker's positive diagonal runs like "/", the
// negative one like "\", into the board from the side the clue is on.
func direction(row, col, n, diagonal int) (clue.Direction, bool) {
	if diagonal != diagonalPositive && diagonal != diagonalNegative {
		return 0, false
	}
	pos := diagonal == diagonalPositive
	pick := func(p, q clue.Direction) clue.Direction {
		if pos {
			return p
		}
		return q
	}
	switch {
	case row < 0:
		return pick(clue.DownLeft, clue.DownRight), true
	case row >= n:
		return pick(clue.UpRight, clue.UpLeft), true
	case col < 0:
		return pick(clue.UpRight, clue.DownRight), true
	default:
		return pick(clue.DownLeft, clue.UpLeft), true
	}
}

// outside reads the clues of kind k outside the board, straight along
// their row or column.
func (r *reader) outside(at string, c constraint, k clue.Kind) error {
	for j, x := range c.Clues {
		cat := at + ".clues[" + strconv.Itoa(j) + "]"
		if len(x.Value) == 0 || string(x.Value) == "null" {
			continue
		}
		v, ok := number(x.Value)
		if !ok {
			return fail(cat+".value", ErrUnsupported, "a %v clue %s that is not a number", k, x.Value)
		}
		row, col, err := r.outer(x.OuterCell, cat)
		if err != nil {
			return err
		}
		if x.Diagonal != 0 {
			return fail(cat+".diagonal", ErrUnsupported, "a %v clue along a diagonal", k)
		}
		if (row < 0 || row >= r.n) == (col < 0 || col >= r.n) {
			return fail(cat+".outerCell", ErrUnsupported, "a %v clue at a corner of the board", k)
		}
		r.add(clue.Clue{Kind: k, Row: row, Col: col, Value: v})
	}
	return nil
}

// edge returns the two cells either side of an edge id: even rows of ids
// are the edges between a cell and its left neighbour, odd ones between a
// cell and the one below.
func (r *reader) edge(id int) ([]int, bool) {
	col := id % r.n
	pair := id / r.n
	row := pair / 2
	var a, b [2]int
	if pair%2 == 0 {
		a, b = [2]int{row, col - 1}, [2]int{row, col}
	} else {
		a, b = [2]int{row, col}, [2]int{row + 1, col}
	}
	for _, x := range [][2]int{a, b} {
		if id < 0 || x[0] < 0 || x[0] >= r.n || x[1] < 0 || x[1] >= r.n {
			return nil, false
		}
	}
	return []int{a[0]*r.n + a[1], b[0]*r.n + b[1]}, true
}

// marks reads Kropki dots or XV marks and their negative rule.
func (r *reader) marks(at string, c constraint) error {
	kind, neg, def := clue.WhiteDot, clue.NegativeDifference, defaultDotValue
	switch c.Type {
	case tRatio:
		kind, neg, def = clue.BlackDot, clue.NegativeRatio, defaultRatioValue
		r.overrides[clue.BlackDot] = c.OverrideNegativeDifferences == nil || *c.OverrideNegativeDifferences
	case tXV:
		kind, neg, def = clue.XV, clue.NegativeXV, 0
	default:
		r.overrides[clue.WhiteDot] = c.OverrideNegativeRatios == nil || *c.OverrideNegativeRatios
	}
	for j, x := range c.Clues {
		xat := at + ".clues[" + strconv.Itoa(j) + "]"
		if x.Edge == nil {
			return fail(xat, ErrInvalid, "a %v without its edge", kind)
		}
		cells, ok := r.edge(*x.Edge)
		if !ok {
			return fail(xat+".edge", ErrInvalid, "edge %d is not between two cells of the %d×%d board", *x.Edge, r.n, r.n)
		}
		v, ok := number(x.Value)
		if !ok {
			return fail(xat+".value", ErrUnsupported, "a %v whose value %s is not a number", kind, x.Value)
		}
		if v == 0 {
			v = def
		}
		if kind == clue.XV && v != 5 && v != 10 {
			return fail(xat+".value", ErrUnsupported, "an XV mark of sum %d (want 5 or 10)", v)
		}
		r.add(clue.Clue{Kind: kind, Cells: cells, Value: v})
	}
	if len(c.Negative) > 0 {
		r.negatives = append(r.negatives, negative{kind: neg, values: c.Negative, path: at + ".negative"})
	}
	return nil
}

// checkNegatives adds the negative rules that satdoku's kinds express: a
// negative rule forbids on the pairs without a mark exactly the values of
// the marks of its colour (the default when there are none: 1, 2, or X
// and V both), and a dot of either colour exempts its pair from both
// colours' rules.
func (r *reader) checkNegatives() error {
	for _, ng := range r.negatives {
		var want []int
		switch ng.kind {
		case clue.NegativeXV:
			want = []int{5, 10}
		default:
			dot, def := clue.WhiteDot, defaultDotValue
			if ng.kind == clue.NegativeRatio {
				dot, def = clue.BlackDot, defaultRatioValue
			}
			for _, c := range r.p.Clues {
				if c.Kind == dot {
					want = append(want, c.Value)
				}
			}
			if len(want) == 0 {
				want = []int{def}
			}
		}
		got := slices.Sorted(slices.Values(ng.values))
		slices.Sort(want)
		if !slices.Equal(slices.Compact(got), slices.Compact(want)) {
			return fail(ng.path, ErrUnsupported, "a %v of %v (satdoku's forbids %v, the values of the marks given)", ng.kind, ng.values, slices.Compact(want))
		}
		other := clue.WhiteDot
		if ng.kind == clue.NegativeDifference {
			other = clue.BlackDot
		}
		if ng.kind != clue.NegativeXV && !r.overrides[other] && slices.ContainsFunc(r.p.Clues, func(c clue.Clue) bool { return c.Kind == other }) {
			return fail(ng.path, ErrUnsupported, "a %v that holds on the pairs of %vs too (satdoku exempts them)", ng.kind, other)
		}
		r.add(clue.Clue{Kind: ng.kind})
	}
	return nil
}

// regionRules makes the board's rules from the regions: the standard
// boxes when there are none, a jigsaw when they are not the boxes; cells in
// no region leave a board without boxes whose regions are extra units.
func (r *reader) regionRules() error {
	n := r.n
	if r.regions == nil {
		std, err := satdoku.Standard(n)
		if err != nil {
			return fail("puzzle.constraints", ErrUnsupported, "a %d×%d board without regions: %v", n, n, err)
		}
		r.base = std
		return nil
	}
	groups := map[int][]int{}
	var keys []int
	missing := false
	for i, x := range r.regions {
		if x == nil || *x < 0 {
			missing = true
			continue
		}
		if _, ok := groups[*x]; !ok {
			keys = append(keys, *x)
		}
		groups[*x] = append(groups[*x], i)
	}
	slices.Sort(keys)
	var list [][]int
	for _, k := range keys {
		if len(groups[k]) != n {
			return fail("puzzle.constraints", ErrInvalid, "region %d has %d cells, want %d", k, len(groups[k]), n)
		}
		list = append(list, groups[k])
	}
	if missing {
		r.base, _ = satdoku.Regions(n, nil)
		for k, g := range list {
			r.extra = append(r.extra, satdoku.ExtraUnit{Name: "region " + strconv.Itoa(k+1), Cells: g})
		}
		r.base = r.base.WithTags("jigsaw")
		return nil
	}
	if std, err := satdoku.Standard(n); err == nil && sameBoxes(std, list) {
		r.base = std
		return nil
	}
	rules, err := satdoku.Regions(n, list)
	if err != nil {
		return fail("puzzle.constraints", ErrInvalid, "%v", err)
	}
	r.base = rules.WithTags("jigsaw")
	return nil
}

// sameBoxes reports whether groups are the boxes of std.
func sameBoxes(std *satdoku.Rules, groups [][]int) bool {
	var boxes [][]int
	for _, u := range std.Units() {
		if u.Kind == satdoku.Box {
			boxes = append(boxes, u.Cells)
		}
	}
	if len(boxes) != len(groups) {
		return false
	}
	for _, g := range groups {
		if !slices.ContainsFunc(boxes, func(b []int) bool { return slices.Equal(b, g) }) {
			return false
		}
	}
	return true
}
