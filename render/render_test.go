package render_test

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/render"
	"github.com/satdoku/satdoku/textfmt"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// examples holds one clue of each kind on a 9×9 board, as a setter would
// place it. Cells are r·9+c.
var examples = map[clue.Kind]clue.Clue{
	clue.KillerCage:         {Kind: clue.KillerCage, Cells: []int{0, 1, 10, 11, 12, 20}, Value: 30},
	clue.ExtraRegion:        {Kind: clue.ExtraRegion, Cells: []int{30, 31, 32, 40, 50}},
	clue.LittleKiller:       {Kind: clue.LittleKiller, Row: -1, Col: 2, Direction: clue.DownLeft, Value: 12},
	clue.Sandwich:           {Kind: clue.Sandwich, Row: 3, Col: -1, Value: 15},
	clue.Thermometer:        {Kind: clue.Thermometer, Lines: [][]int{{20, 21, 22, 31, 40}}},
	clue.Arrow:              {Kind: clue.Arrow, Cells: []int{10}, Lines: [][]int{{10, 20, 30, 31}}},
	clue.Palindrome:         {Kind: clue.Palindrome, Lines: [][]int{{45, 46, 47, 56, 65}}},
	clue.Renban:             {Kind: clue.Renban, Lines: [][]int{{56, 57, 58, 59}}},
	clue.Whispers:           {Kind: clue.Whispers, Lines: [][]int{{8, 17, 26, 25, 24}}},
	clue.Between:            {Kind: clue.Between, Lines: [][]int{{72, 73, 74, 75}}},
	clue.Clone:              {Kind: clue.Clone, Lines: [][]int{{0, 1}, {79, 80}}},
	clue.Quadruple:          {Kind: clue.Quadruple, Cells: []int{30, 31, 39, 40}, Values: []int{1, 2, 3}},
	clue.WhiteDot:           {Kind: clue.WhiteDot, Cells: []int{40, 41}},
	clue.BlackDot:           {Kind: clue.BlackDot, Cells: []int{40, 49}},
	clue.XV:                 {Kind: clue.XV, Cells: []int{50, 51}, Value: 10},
	clue.Odd:                {Kind: clue.Odd, Cells: []int{33, 34}},
	clue.WeightedSum:        {Kind: clue.WeightedSum, Cells: []int{6, 16, 26}, Coefs: []int{1, 1, -1}, Value: 0},
	clue.EqualSums:          {Kind: clue.EqualSums, Lines: [][]int{{0, 1}, {20, 29}, {40}}},
	clue.ContainsExactly:    {Kind: clue.ContainsExactly, Cells: []int{60, 61, 69, 70}, Values: []int{1, 1, 2}},
	clue.SameValues:         {Kind: clue.SameValues, Lines: [][]int{{0, 1, 2}, {78, 79, 80}}},
	clue.CountingCircles:    {Kind: clue.CountingCircles, Cells: []int{10, 24, 42, 66}},
	clue.CountDistinct:      {Kind: clue.CountDistinct, Cells: []int{36, 37, 38, 39}},
	clue.SumLoop:            {Kind: clue.SumLoop, Lines: [][]int{{30, 31, 40, 39}}, Value: 10},
	clue.MultisumKillerCage: {Kind: clue.MultisumKillerCage, Cells: []int{56, 57, 66}, Values: []int{7, 16}},
	clue.RellikCage:         {Kind: clue.RellikCage, Cells: []int{62, 71}, Value: 10},
	clue.Even:               {Kind: clue.Even, Cells: []int{70, 71}},
	clue.Minimum:            {Kind: clue.Minimum, Cells: []int{44}},
	clue.Maximum:            {Kind: clue.Maximum, Cells: []int{36, 37}},
	clue.PencilMarks:        {Kind: clue.PencilMarks, Cells: []int{64}, Values: []int{1, 3, 7}},
	clue.Nonconsecutive:     {Kind: clue.Nonconsecutive},
	clue.NegativeRatio:      {Kind: clue.NegativeRatio},
	clue.NegativeDifference: {Kind: clue.NegativeDifference},
	clue.NegativeXV:         {Kind: clue.NegativeXV},
	clue.RegionSumLine:      {Kind: clue.RegionSumLine, Lines: [][]int{{19, 20, 21, 22, 23}}},
	clue.ZipperLine:         {Kind: clue.ZipperLine, Lines: [][]int{{46, 47, 48, 49, 50}}},
	clue.DoubleArrow:        {Kind: clue.DoubleArrow, Lines: [][]int{{10, 11, 12, 13}}},
	clue.Nabner:             {Kind: clue.Nabner, Lines: [][]int{{6, 15, 24}}},
	clue.EntropicLine:       {Kind: clue.EntropicLine, Lines: [][]int{{27, 36, 45, 54}}},
	clue.ModularLine:        {Kind: clue.ModularLine, Lines: [][]int{{35, 44, 53, 62}}},
	clue.ParityLine:         {Kind: clue.ParityLine, Lines: [][]int{{64, 65, 66, 67}}},
	clue.SlowThermometer:    {Kind: clue.SlowThermometer, Lines: [][]int{{20, 21, 22, 31, 40}}},
	clue.XSum:               {Kind: clue.XSum, Row: 2, Col: -1, Value: 15},
	clue.Skyscraper:         {Kind: clue.Skyscraper, Row: -1, Col: 4, Value: 3},
	clue.TenLine:            {Kind: clue.TenLine, Lines: [][]int{{28, 29, 38, 47}}},
	clue.SameDifference:     {Kind: clue.SameDifference, Lines: [][]int{{73, 74, 75}}},
	clue.RowIndexer:         {Kind: clue.RowIndexer, Cells: []int{0, 9, 18}},
	clue.ColumnIndexer:      {Kind: clue.ColumnIndexer, Cells: []int{4, 13, 22}},
	clue.BoxIndexer:         {Kind: clue.BoxIndexer, Cells: []int{40}},
	clue.NumberedRoom:       {Kind: clue.NumberedRoom, Row: 9, Col: 5, Value: 7},
	clue.LockoutLine:        {Kind: clue.LockoutLine, Lines: [][]int{{55, 56, 57, 58}}},
	clue.ConnectedValues:    {Kind: clue.ConnectedValues, Cells: []int{0, 1, 9, 10}, Value: 2, Values: []int{1, 2}},
	clue.AnyOf: {Kind: clue.AnyOf, Members: [][]clue.Clue{{{Kind: clue.KillerCage, Cells: []int{60, 61}, Value: 7}},
		{{Kind: clue.Thermometer, Lines: [][]int{{60, 69, 70}}}}}},
	clue.PairTable: {Kind: clue.PairTable, Lines: [][]int{{30, 31, 40}}, Label: "Pair", Table: strings.Repeat("011111111", 9)},
	clue.Reach:     {Kind: clue.Reach, Cells: []int{72}, Lines: [][]int{{74, 75, 76}, {74, 65}}, Label: "chaos arrow"},
	clue.Automaton: {Kind: clue.Automaton, Lines: [][]int{{1, 2, 3}, {12, 13}}, Label: "a<b & c",
		NFA: &satdoku.NFA{States: 1, Start: []int{0}, Accept: []int{0}, Moves: []satdoku.Move{{From: 0, To: 0, Symbol: 1}}}},
}

// golden compares got with testdata/name, or writes it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (go test -update rewrites it, then look at the SVG)", path)
	}
}

// cellsOf parses the SVG as XML and returns its cells' attributes by
// data-cell: data-digit and data-highlight.
func cellsOf(t *testing.T, svg string) map[string][2]string {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	cells := map[string][2]string{}
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not XML: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root == "" {
			root = se.Name.Local
		}
		var name, digit, hl string
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "data-cell":
				name = a.Value
			case "data-digit":
				digit = a.Value
			case "data-highlight":
				hl = a.Value
			}
		}
		if name != "" {
			if _, dup := cells[name]; dup {
				t.Errorf("cell %s twice", name)
			}
			cells[name] = [2]string{digit, hl}
		}
	}
	if root != "svg" {
		t.Errorf("root element %q, want svg", root)
	}
	return cells
}

// TestKinds draws one clue of every kind: each must change the drawing
// (a kind with no drawing fails), and match its golden file.
func TestKinds(t *testing.T) {
	g := satdoku.NewGrid(mustRules(t, 9))
	plain, err := render.String(&render.Board{Givens: g})
	if err != nil {
		t.Fatal(err)
	}
	cellsOf(t, plain)
	for _, k := range clue.Kinds() {
		c, ok := examples[k]
		if !ok {
			t.Errorf("no example of kind %v", k)
			continue
		}
		// The example must be a clue the clue package accepts.
		if _, _, err := clue.Apply(g.Rules(), c); err != nil {
			t.Errorf("example of %v: %v", k, err)
		}
		svg, err := render.String(&render.Board{Givens: g, Clues: []clue.Clue{c}})
		if err != nil {
			t.Fatal(err)
		}
		if svg == plain {
			t.Errorf("kind %v draws nothing", k)
		}
		if len(cellsOf(t, svg)) != 81 {
			t.Errorf("kind %v: not 81 cells", k)
		}
		if want, ok := places[k]; ok && !strings.Contains(svg, want) {
			t.Errorf("kind %v: not drawn at its place, %s", k, want)
		}
		golden(t, strings.ReplaceAll(k.String(), " ", "-")+".svg", svg)
	}
}

// places are where some examples go, worked out by hand: a cell is 60
// units, the grid starts at 6 (at 48 when clues sit outside it).
var places = map[clue.Kind]string{
	// Between r5c5 and r5c6 (cells 40, 41): x 6+5·60, y 6+4·60+30.
	clue.WhiteDot: `<circle class="white-dot" cx="306" cy="276"`,
	// Between r6c6 and r6c7 (cells 50, 51).
	clue.XV: `<text class="xv" x="366" y="336"`,
	// Above column 3: x 48+2·60+30, y half the margin.
	clue.LittleKiller: `<text class="little-killer" x="198" y="24"`,
	// Left of row 4: y 48+3·60+30.
	clue.Sandwich: `<text class="sandwich" x="24" y="258"`,
	// At the top left of r1c1.
	clue.KillerCage: `<text class="cage" x="10" y="20"`,
	// On the corner shared by r4c4, r4c5, r5c4, r5c5.
	clue.Quadruple: `<circle class="quadruple" cx="246" cy="246"`,
	// The bulb on r3c3 (cell 20).
	clue.Thermometer: `<circle class="thermometer" cx="156" cy="156"`,
}

func mustRules(t *testing.T, n int) *satdoku.Rules {
	t.Helper()
	r, err := satdoku.Standard(n)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCells checks the hooks of each cell against the board drawn: the
// givens and solved digits, the highlighted cells, and a cell per cell on
// boards of every side.
func TestCells(t *testing.T) {
	for _, n := range satdoku.Sides() {
		if n > 16 {
			continue
		}
		g := satdoku.NewGrid(mustRules(t, n))
		sol := satdoku.NewGrid(g.Rules())
		// A Latin square: digit (r+c) mod n + 1; the first row given.
		for r := range n {
			for c := range n {
				sol.Set(r, c, (r+c)%n+1)
				if r == 0 {
					g.Set(r, c, (r+c)%n+1)
				}
			}
		}
		marks := make([]uint64, n*n)
		marks[n*n-1] = 0b101
		b := &render.Board{Givens: g, Digits: sol, Highlight: []int{n, n*n - 1}}
		svg, err := render.String(b)
		if err != nil {
			t.Fatal(err)
		}
		cells := cellsOf(t, svg)
		if len(cells) != n*n {
			t.Fatalf("%d×%d: %d cells", n, n, len(cells))
		}
		for r := range n {
			for c := range n {
				got := cells[fmt.Sprintf("r%dc%d", r+1, c+1)]
				want := [2]string{fmt.Sprint((r+c)%n + 1), ""}
				if i := r*n + c; i == n || i == n*n-1 {
					want[1] = "1"
				}
				if got != want {
					t.Errorf("%d×%d r%dc%d: %q, want %q", n, n, r+1, c+1, got, want)
				}
			}
		}
		// Marks show where no digit is.
		b.Digits, b.Marks = nil, marks
		svg, _ = render.String(b)
		if cellsOf(t, svg)["r1c1"][0] != "1" || cellsOf(t, svg)["r2c1"][0] != "" {
			t.Errorf("%d×%d: givens alone wrong", n, n)
		}
		if !strings.Contains(svg, `<g class="marks"`) {
			t.Errorf("%d×%d: no pencil marks drawn", n, n)
		}
	}
}

// TestCellValues: on a board of the values 0 to 3 a cell's data-digit is
// the value it shows (digit 1 is "0"), as its text is.
func TestCellValues(t *testing.T) {
	r, err := mustRules(t, 4).WithValueOffset(-1)
	if err != nil {
		t.Fatal(err)
	}
	g := satdoku.NewGrid(r)
	g.Set(0, 0, 1)
	g.Set(0, 1, 4)
	svg, err := render.String(&render.Board{Givens: g})
	if err != nil {
		t.Fatal(err)
	}
	cells := cellsOf(t, svg)
	if cells["r1c1"][0] != "0" || cells["r1c2"][0] != "3" || cells["r1c3"][0] != "" {
		t.Errorf("data-digit %q %q %q, want the values 0, 3 and none", cells["r1c1"][0], cells["r1c2"][0], cells["r1c3"][0])
	}
	if !strings.Contains(svg, `dominant-baseline="central">0</text>`) {
		t.Error("no value 0 drawn")
	}
}

// TestBoards draws whole puzzles: a classic one with its solution, a
// jigsaw, a 6×6 with marks; golden files.
func TestBoards(t *testing.T) {
	classic := textfmt.MustParse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	sol := textfmt.MustParse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	// The boxes, with r3c3 and r4c1 swapped between the first two of the
	// left column: a jigsaw.
	jig := make([]int, 81)
	for i := range jig {
		jig[i] = i/27*3 + i%9/3
	}
	jig[20], jig[27] = 3, 0
	regions := make([][]int, 9)
	for i, r := range jig {
		regions[r] = append(regions[r], i)
	}
	jr, err := satdoku.Regions(9, regions)
	if err != nil {
		t.Fatal(err)
	}
	jg := satdoku.NewGrid(jr)
	jg.Set(0, 0, 1)
	six := textfmt.MustParse("1.....2.....3.....4.....5.....6.....")
	marks := make([]uint64, 36)
	for i := range marks {
		marks[i] = 0b111111 &^ (1 << (i % 6))
	}
	xr, _ := mustRules(t, 9).WithNamed("x", "anti-knight", "disjoint")
	xg := satdoku.NewGrid(xr)
	for _, tc := range []struct {
		name string
		b    render.Board
	}{
		{"classic.svg", render.Board{Givens: classic, Digits: sol, Highlight: []int{2, 3}, Title: "a <classic> & more"}},
		{"jigsaw.svg", render.Board{Givens: jg}},
		{"marks6.svg", render.Board{Givens: six, Marks: marks}},
		{"x.svg", render.Board{Givens: xg}},
	} {
		svg, err := render.String(&tc.b)
		if err != nil {
			t.Fatal(err)
		}
		cellsOf(t, svg)
		golden(t, tc.name, svg)
	}
	// The rules no mark shows are named under the board.
	if svg, _ := render.String(&render.Board{Givens: xg}); !strings.Contains(svg, `<text class="rules"`) ||
		!strings.Contains(svg, ">anti-knight · disjoint</text>") {
		t.Errorf("x.svg: the caption is not anti-knight · disjoint")
	}
	// The jigsaw's borders follow its regions: a thick segment between
	// r3c2 and r3c3 (regions 0 and 3), none between r1c1 and r1c2.
	svg, _ := render.String(&render.Board{Givens: jg})
	thick := svg[strings.Index(svg, `class="regions"`):]
	thick = thick[:strings.Index(thick, "/>")]
	// Column line x = 6+2·60 = 126, row 3 from y = 126 to 186.
	if !strings.Contains(thick, "M126 126L126 186") {
		t.Errorf("no region border between r3c2 and r3c3")
	}
	if strings.Contains(thick, "M66 6L66 66") {
		t.Errorf("a region border inside region 1")
	}
}

// TestErrors checks the refusals.
func TestErrors(t *testing.T) {
	g := satdoku.NewGrid(mustRules(t, 9))
	for _, b := range []*render.Board{nil, {}, {Givens: g, Marks: make([]uint64, 3)}, {Givens: g, Digits: textfmt.MustParse("1...............")}} {
		if _, err := render.Append(nil, b); err == nil {
			t.Errorf("%+v: no error", b)
		}
	}
	// Clues off the board are skipped, not a panic.
	bad := []clue.Clue{{Kind: clue.KillerCage, Cells: []int{-1, 900}}, {Kind: clue.Arrow, Cells: []int{0, 1}, Lines: [][]int{{500}}},
		{Kind: clue.WhiteDot, Cells: []int{1}}, {Kind: clue.Quadruple, Cells: []int{80}}, {Kind: 200}}
	svg, err := render.String(&render.Board{Givens: g, Clues: bad})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix([]byte(svg), []byte("<svg")) {
		t.Error("not an SVG")
	}
	cellsOf(t, svg)
}

// TestShapes: each cosmetic shape is drawn where its cells are, in its
// colours, and a colour that is not one falls back to the default.
func TestShapes(t *testing.T) {
	r, err := satdoku.Standard(4)
	if err != nil {
		t.Fatal(err)
	}
	out, err := render.String(&render.Board{Givens: satdoku.NewGrid(r), Shapes: []render.Shape{
		{Kind: "line", Lines: [][]int{{0, 5}}, Stroke: "#ffa0a0", Width: 0.2},
		{Kind: "cage", Cells: []int{2, 3}, Text: "a<b"},
		{Kind: "text", Cells: []int{15}, Text: "hi", Font: `" onload="x`},
		{Kind: "circle", Cells: []int{6}, Fill: "#ffffff", Stroke: "#000000", Width: 0.8},
		{Kind: "rectangle", Cells: []int{8, 9}, Fill: "#cccccc"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<path class="cosmetic-line" d="M36 36L96 96" stroke="#ffa0a0" stroke-width="12"`,
		`class="cosmetic-cage"`, `>a&lt;b</text>`,
		`<text class="cosmetic-text" x="216" y="216" font-size="24" fill="#000000"`,
		`<ellipse class="cosmetic-circle" cx="156" cy="96" rx="24" ry="24" fill="#ffffff" stroke="#000000"`,
		`<rect class="cosmetic-rectangle" x="51" y="141" width="30" height="30" fill="#cccccc" stroke="none"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
	if strings.Contains(out, "onload") {
		t.Error("a colour that is not one reached the SVG")
	}
}

// TestRedundant: Board.Redundant draws the clues it names inside a faded
// group and no others, the givens it names grey and struck through, and
// "(redundant)" after the global rules it names in the caption.
func TestRedundant(t *testing.T) {
	g := textfmt.MustParse("5................................................................................")
	cage, dot := examples[clue.KillerCage], examples[clue.WhiteDot]
	nonc := clue.Clue{Kind: clue.Nonconsecutive}
	b := &render.Board{Givens: g, Clues: []clue.Clue{cage, dot, nonc},
		Redundant: render.Redundant{Clues: []int{1}, Givens: []int{0}, Rules: []string{clue.Nonconsecutive.String()}}}
	svg, err := render.String(b)
	if err != nil {
		t.Fatal(err)
	}
	faded := ""
	for rest := svg; ; {
		i := strings.Index(rest, `<g class="redundant"`)
		if i < 0 {
			break
		}
		end := strings.Index(rest[i:], "</g>")
		faded += rest[i : i+end]
		rest = rest[i+end:]
	}
	if !strings.Contains(faded, `class="white-dot"`) || strings.Contains(faded, `class="cage"`) || !strings.Contains(svg, `class="cage"`) {
		t.Errorf("faded groups: %q", faded)
	}
	if !strings.Contains(svg, `class="given redundant"`) || strings.Count(svg, `class="strike"`) != 1 {
		t.Error("the given is not struck")
	}
	if !strings.Contains(svg, clue.Nonconsecutive.String()+" (redundant)") {
		t.Error("the caption does not say the rule is redundant")
	}
	// Nothing named: nothing faded.
	b.Redundant = render.Redundant{}
	if svg, _ := render.String(b); strings.Contains(svg, "redundant") {
		t.Error("faded with nothing redundant")
	}
}

// TestGlobal: a clue of the whole board (Global: ISS's AntiTaxicab, a
// table on every pair of cells some distance apart) is named once in the
// caption, not drawn on its cells; the same clue not marked global is.
func TestGlobal(t *testing.T) {
	g := textfmt.MustParse(strings.Repeat(".", 81))
	var pairs [][]int
	for i := range 80 {
		pairs = append(pairs, []int{i, i + 1})
	}
	c := clue.Clue{Kind: clue.PairTable, Lines: pairs, Label: "AntiTaxicab", Table: strings.Repeat("011111111", 9), Global: true}
	svg, err := render.String(&render.Board{Givens: g, Clues: []clue.Clue{c}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(svg, "AntiTaxicab") != 1 || strings.Contains(svg, `class="pair-table"`) {
		t.Errorf("a global clue: %d names, drawn: %v", strings.Count(svg, "AntiTaxicab"), strings.Contains(svg, `class="pair-table"`))
	}
	c.Global = false
	if svg, _ := render.String(&render.Board{Givens: g, Clues: []clue.Clue{c}}); !strings.Contains(svg, `class="pair-table"`) {
		t.Error("the clue not marked global is not drawn")
	}
}
