package sudokupad

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/clue"
)

// The styles in which SudokuPad's f-puzzles import (its
// fpuzzlesdecoder.js) draws each rule; an element in any other style is
// refused.
const (
	grey      = "#cfcfcf" // thermometers, palindromes, between lines, odd and even cells
	arrowGrey = "#a1a1a1" // arrows and their circles
	black     = "#000000"
	white     = "#ffffff"
	diagonal  = "#34bbe6"
	// extremeGrey shades minimum and maximum cells.
	extremeGrey = "#cccccc"
)

// elem is one drawn element: a line, an arrow, an overlay or an underlay.
type elem struct {
	list string // "lines", "arrows", "overlays" or "underlays"
	k    int
	m    map[string]any
}

func (e elem) path() string { return path(e.list, e.k) }

// colour returns the colour of key, lower case with six figures, or "".
func (e elem) colour(key string) string {
	s, _ := e.m[key].(string)
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) == 4 && s[0] == '#' {
		s = "#" + strings.Repeat(s[1:2], 2) + strings.Repeat(s[2:3], 2) + strings.Repeat(s[3:4], 2)
	}
	return s
}

func (e elem) num(key string) float64 {
	f, ok := number(e.m[key])
	if !ok {
		return math.NaN()
	}
	return f
}

func (e elem) is(key string, want float64) bool { return near(e.num(key), want) }

func (e elem) text() string {
	switch x := e.m["text"].(type) {
	case string:
		return strings.TrimSpace(x)
	case nil:
		return ""
	default:
		return strings.TrimSpace(fmt.Sprint(x))
	}
}

// point reads [row, column] coordinates (cell corners at whole numbers).
func point(v any) ([2]float64, bool) {
	xs, ok := v.([]any)
	if !ok || len(xs) != 2 {
		return [2]float64{}, false
	}
	a, ok1 := number(xs[0])
	b, ok2 := number(xs[1])
	return [2]float64{a, b}, ok1 && ok2
}

func (e elem) center() ([2]float64, bool) { return point(e.m["center"]) }

func (e elem) points() ([][2]float64, bool) {
	list, ok := e.m["wayPoints"].([]any)
	if !ok || len(list) == 0 {
		return nil, false
	}
	out := make([][2]float64, len(list))
	for k, v := range list {
		if out[k], ok = point(v); !ok {
			return nil, false
		}
	}
	return out, true
}

// at returns the cell that holds point p, or −1 off the board.
func (r *reader) at(p [2]float64) int {
	row, col := int(math.Floor(p[0])), int(math.Floor(p[1]))
	if row < 0 || row >= r.n || col < 0 || col >= r.n {
		return -1
	}
	return row*r.n + col
}

// describe names an element for an error: its kind, its cells and its
// colours.
func (r *reader) describe(e elem) string {
	var cells []int
	if ps, ok := e.points(); ok {
		for _, p := range ps {
			if i := r.at(p); i >= 0 && (len(cells) == 0 || cells[len(cells)-1] != i) {
				cells = append(cells, i)
			}
		}
	} else if c, ok := e.center(); ok {
		cells = r.covered(c, e.num("width"), e.num("height"))
	}
	kind := map[string]string{"lines": "line", "arrows": "arrow", "overlays": "overlay", "underlays": "underlay"}[e.list]
	where := "off the board"
	if len(cells) > 0 {
		where = "at " + cellNames(r.n, cells)
	}
	var colours []string
	for _, key := range []string{"color", "backgroundColor", "borderColor"} {
		if c := e.colour(key); c != "" {
			colours = append(colours, strings.TrimSuffix(key, "Color")+" "+c)
		}
	}
	if t := e.text(); t != "" {
		colours = append(colours, fmt.Sprintf("text %q", t))
	}
	if len(colours) == 0 {
		colours = []string{"no colour"}
	}
	return fmt.Sprintf("%s %s (%s)", kind, where, strings.Join(colours, ", "))
}

// refuse is the error for an element that says no rule satdoku reads.
func (r *reader) refuse(e elem) error {
	return fail(e.path(), ErrUnsupported, "%s: not drawn in the style of a rule satdoku reads", r.describe(e))
}

// covered returns the cells a rectangle of width w and height h around c
// covers, on the board.
func (r *reader) covered(c [2]float64, w, h float64) []int {
	if math.IsNaN(w) || math.IsNaN(h) {
		return nil
	}
	const eps = 1e-6
	var out []int
	for row := int(math.Floor(c[0] - h/2 + eps)); row <= int(math.Floor(c[0]+h/2-eps)); row++ {
		for col := int(math.Floor(c[1] - w/2 + eps)); col <= int(math.Floor(c[1]+w/2-eps)); col++ {
			if row >= 0 && row < r.n && col >= 0 && col < r.n {
				out = append(out, row*r.n+col)
			}
		}
	}
	return out
}

// list returns the elements of a list key.
func (r *reader) list(key string) []elem {
	xs, _ := r.root[key].([]any)
	var out []elem
	for k, x := range xs {
		m, ok := x.(map[string]any)
		if !ok {
			m = map[string]any{}
		}
		out = append(out, elem{list: key, k: k, m: m})
	}
	return out
}

// elements reads the lines, arrows, overlays and underlays.
func (r *reader) elements() error {
	overlays, underlays := r.list("overlays"), r.list("underlays")
	for _, e := range r.list("lines") {
		if err := r.line(e, overlays, underlays); err != nil {
			return err
		}
	}
	r.surrounded(underlays)
	for _, kind := range []clue.Kind{clue.Minimum, clue.Maximum} {
		var cells []int
		for i := range r.n * r.n {
			if r.extreme[i] == kind {
				cells = append(cells, i)
			}
		}
		if len(cells) > 0 {
			r.p.Clues = append(r.p.Clues, clue.Clue{Kind: kind, Cells: cells})
		}
	}
	circles := map[int]*clue.Clue{} // the arrows, by their circle's overlay
	var order []int
	for _, e := range r.list("arrows") {
		ps, ok := e.points()
		if !ok || len(ps) < 2 {
			return r.refuse(e)
		}
		switch {
		case e.colour("color") == arrowGrey && e.is("thickness", 5) && e.is("headLength", 0.3):
			first := r.at(ps[0])
			k := r.find(overlays, first, func(o elem) bool {
				return o.colour("borderColor") == arrowGrey && o.colour("backgroundColor") == white && o.m["rounded"] == true
			})
			// SudokuPad draws each line of an arrow as an arrow of its
			// own from one circle: once every circle there is read, a
			// circle already read takes the line too (each line adds
			// up to the circle, as for arrows drawn apart).
			for _, j := range order {
				if k >= 0 {
					break
				}
				ct, _ := overlays[j].center()
				if o := overlays[j]; slices.Contains(r.covered(ct, o.num("width"), o.num("height")), first) {
					k = j
				}
			}
			if k < 0 {
				return fail(e.path(), ErrUnsupported, "%s: an arrow without a circle", r.describe(e))
			}
			c := circles[k]
			if c == nil {
				o := overlays[k]
				ct, _ := o.center()
				c = &clue.Clue{Kind: clue.Arrow, Cells: r.covered(ct, o.num("width"), o.num("height"))}
				circles[k] = c
				order = append(order, k)
				r.used[o.path()] = true
			}
			var line []int
			for _, p := range ps {
				i := r.at(p)
				if i < 0 {
					return r.refuse(e)
				}
				if len(line) == 0 || line[len(line)-1] != i {
					line = append(line, i)
				}
			}
			c.Lines = append(c.Lines, line)
		case e.colour("color") == black && e.is("thickness", 2) && len(ps) == 2:
			if err := r.littleKiller(e, ps, overlays); err != nil {
				return err
			}
		default:
			return r.refuse(e)
		}
	}
	for _, k := range order {
		r.p.Clues = append(r.p.Clues, *circles[k])
	}
	cosmetic := 0
	for _, e := range underlays {
		if r.used[e.path()] {
			continue
		}
		c, ok := e.center()
		if !ok {
			return r.refuse(e)
		}
		cell := r.at(c)
		switch {
		case cell >= 0 && e.colour("backgroundColor") == grey && e.colour("borderColor") == grey && e.is("width", 0.7) && e.is("height", 0.7):
			kind := clue.Even
			if e.m["rounded"] == true {
				kind = clue.Odd
			}
			r.p.Clues = append(r.p.Clues, clue.Clue{Kind: kind, Cells: []int{cell}})
		case cell >= 0 && r.extreme[cell] != 0 && e.colour("backgroundColor") == extremeGrey && e.is("width", 1) && e.is("height", 1) && e.colour("borderColor") == "":
			// the shade of a minimum or maximum cell
		case cell >= 0 && e.is("width", 1) && e.is("height", 1) && e.colour("backgroundColor") == grey && e.colour("borderColor") == grey:
			return fail(e.path(), ErrUnsupported, "%s: clone cells (SudokuPad's import shades them without telling which cells clone which)", r.describe(e))
		case cell >= 0 && e.is("width", 1) && e.is("height", 1) && e.m["rounded"] != true && e.colour("borderColor") == "" && e.colour("backgroundColor") != "":
			cosmetic++ // a cell's colour, or an extra region's shade (its cage holds the rule)
		default:
			return r.refuse(e)
		}
	}
	if cosmetic > 0 {
		r.warn("ignored %d cell colours: cosmetic, no rule", cosmetic)
	}
	if err := r.outsideClues(overlays); err != nil {
		return err
	}
	for _, e := range overlays {
		if r.used[e.path()] {
			continue
		}
		if err := r.overlay(e); err != nil {
			return err
		}
	}
	return nil
}

// find returns the index of the first unused element of es whose shape
// covers cell and that ok accepts, or −1.
func (r *reader) find(es []elem, cell int, ok func(elem) bool) int {
	if cell < 0 {
		return -1
	}
	for k, e := range es {
		c, has := e.center()
		if r.used[e.path()] || !has || !ok(e) {
			continue
		}
		for _, i := range r.covered(c, e.num("width"), e.num("height")) {
			if i == cell {
				return k
			}
		}
	}
	return -1
}

// line reads a line: a diagonal, a thermometer (with its bulb), a
// palindrome or a between line (with its circles).
func (r *reader) line(e elem, overlays, underlays []elem) error {
	ps, ok := e.points()
	if !ok {
		return r.refuse(e)
	}
	n := float64(r.n)
	if e.colour("color") == diagonal && e.is("thickness", 2) && len(ps) == 2 {
		switch {
		case ps[0] == [2]float64{0, n} && ps[1] == [2]float64{n, 0}:
			r.named = append(r.named, "diagonal+")
			return nil
		case ps[0] == [2]float64{0, 0} && ps[1] == [2]float64{n, n}:
			r.named = append(r.named, "diagonal-")
			return nil
		}
	}
	if e.colour("color") == black && e.is("thickness", 1) && len(ps) == 3 {
		return r.chevron(e, ps)
	}
	var cells []int
	for _, p := range ps {
		i := r.at(p)
		if i < 0 {
			return r.refuse(e)
		}
		if len(cells) == 0 || cells[len(cells)-1] != i {
			cells = append(cells, i)
		}
	}
	if st, ok := styledLine(e); ok {
		return r.styled(e, st, cells, overlays)
	}
	if e.colour("color") != grey {
		return r.refuse(e)
	}
	switch {
	case e.is("thickness", 21):
		k := r.find(underlays, cells[0], func(u elem) bool {
			return u.colour("backgroundColor") == grey && u.m["rounded"] == true && u.is("width", 0.85)
		})
		if k < 0 {
			return fail(e.path(), ErrUnsupported, "%s: a thermometer without a bulb", r.describe(e))
		}
		r.used[underlays[k].path()] = true
		r.p.Clues = append(r.p.Clues, clue.Clue{Kind: clue.Thermometer, Lines: [][]int{cells}})
	case e.is("thickness", 16):
		r.p.Clues = append(r.p.Clues, clue.Clue{Kind: clue.Palindrome, Lines: [][]int{cells}})
	case e.is("thickness", 2):
		circle := func(o elem) bool {
			return o.colour("borderColor") == grey && o.colour("backgroundColor") == white && o.m["rounded"] == true && o.is("width", 0.8)
		}
		a := r.find(overlays, cells[0], circle)
		b := r.find(overlays, cells[len(cells)-1], circle)
		if a < 0 || b < 0 || a == b {
			return fail(e.path(), ErrUnsupported, "%s: a between line without its two circles", r.describe(e))
		}
		r.used[overlays[a].path()], r.used[overlays[b].path()] = true, true
		r.p.Clues = append(r.p.Clues, clue.Clue{Kind: clue.Between, Lines: [][]int{cells}})
	default:
		return r.refuse(e)
	}
	return nil
}

// surrounded reads the minimum and maximum cells without chevrons: a cell
// shaded as they are whose neighbours on the board are all of one kind
// (SudokuPad draws chevrons towards the others only). A shaded cell next
// to one that is neither stays a cell colour.
func (r *reader) surrounded(underlays []elem) {
	if len(r.extreme) == 0 {
		return
	}
	shaded := map[int]bool{}
	for _, e := range underlays {
		c, ok := e.center()
		if cell := r.at(c); ok && cell >= 0 && r.extreme[cell] == 0 && e.colour("backgroundColor") == extremeGrey &&
			e.is("width", 1) && e.is("height", 1) && e.m["rounded"] != true && e.colour("borderColor") == "" {
			shaded[cell] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for cell := range shaded {
			if r.extreme[cell] != 0 {
				continue
			}
			var kind clue.Kind
			all := true
			row, col := cell/r.n, cell%r.n
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := row+d[0], col+d[1]
				if nr < 0 || nr >= r.n || nc < 0 || nc >= r.n {
					continue
				}
				switch k := r.extreme[nr*r.n+nc]; {
				case k == 0 && !shaded[nr*r.n+nc]:
					all = false
				case k != 0 && kind != 0 && k != kind:
					all = false
				case k != 0:
					kind = k
				}
			}
			if all && kind != 0 {
				r.extreme[cell] = kind
				changed = true
			}
		}
	}
}

// lineStyle is a style in which f-puzzles' exports draw a line clue as a
// cosmetic line (colour, width), which SudokuPad's import draws as a line
// of that colour, 32 times as thick; ends, when set, tells the marks of
// its two ends (a lockout line's diamonds, a double arrow's circles).
type lineStyle struct {
	colour string
	thick  []float64
	kind   clue.Kind
	value  int
	ends   func(o elem) bool
}

// lineStyles are the styles of the line clues that f-puzzles' exports
// write (Rangsk's f-puzzles constraints, which dclamage's solvers and
// SudokuPad's own test puzzles use), each at its widths.
var lineStyles = []lineStyle{
	{colour: "#f067f0", thick: []float64{8, 12.8}, kind: clue.Renban},
	{colour: "#67f067", thick: []float64{6, 9.6}, kind: clue.Whispers},
	{colour: "#60c060", thick: []float64{9.6}, kind: clue.Whispers},
	{colour: "#ff9a00", thick: []float64{6}, kind: clue.Whispers, value: 4}, // Dutch whispers
	{colour: "#ffccaa", thick: []float64{5}, kind: clue.EntropicLine},
	{colour: "#33bbbb", thick: []float64{5}, kind: clue.ModularLine},
	{colour: "#2ecbff", thick: []float64{5}, kind: clue.RegionSumLine},
	{colour: "#cdb1ec", thick: []float64{5}, kind: clue.ZipperLine},
	{colour: "#c9c883", thick: []float64{8}, kind: clue.Nabner},
	{colour: "#aabeef", thick: []float64{4.8, 6.4, 8}, kind: clue.LockoutLine, ends: func(o elem) bool {
		return o.colour("borderColor") == "#0000ff" && o.is("angle", 45)
	}},
	{colour: "#c54b8b", thick: []float64{4.8}, kind: clue.DoubleArrow, ends: func(o elem) bool {
		return o.colour("borderColor") == "#c54b8b" && o.m["rounded"] == true
	}},
}

// styledLine returns the style of a line clue that e is drawn in.
func styledLine(e elem) (lineStyle, bool) {
	for _, st := range lineStyles {
		if e.colour("color") == st.colour && slices.ContainsFunc(st.thick, func(x float64) bool { return e.is("thickness", x) }) {
			return st, true
		}
	}
	return lineStyle{}, false
}

// styled reads a line clue drawn in style st, with its end marks.
func (r *reader) styled(e elem, st lineStyle, cells []int, overlays []elem) error {
	if st.ends != nil {
		a := r.find(overlays, cells[0], st.ends)
		if a >= 0 {
			r.used[overlays[a].path()] = true
		}
		b := r.find(overlays, cells[len(cells)-1], st.ends)
		if a < 0 || b < 0 {
			if a >= 0 {
				r.used[overlays[a].path()] = false
			}
			return fail(e.path(), ErrUnsupported, "%s: a %v without the marks of its two ends", r.describe(e), st.kind)
		}
		r.used[overlays[b].path()] = true
	}
	r.p.Clues = append(r.p.Clues, clue.Clue{Kind: st.kind, Lines: [][]int{cells}, Value: st.value})
	return nil
}

// outsideMarks are the symbols with which f-puzzles' exports mark the
// clues outside the board whose kind the number alone does not tell, by
// the clue they mark: the number is a text at the same place.
var outsideMarks = map[string]clue.Kind{"◯": clue.XSum, "▯": clue.Skyscraper}

// outsideClues reads the X-sums and skyscrapers outside the board: a mark
// (see outsideMarks) and the number at its place, both texts as
// SudokuPad's import draws f-puzzles' texts. A mark without a number is no
// clue.
func (r *reader) outsideClues(overlays []elem) error {
	for _, m := range overlays {
		kind, ok := outsideMarks[m.text()]
		c, has := m.center()
		if !ok || !has || r.used[m.path()] || r.at(c) >= 0 {
			continue
		}
		r.used[m.path()] = true
		for _, o := range overlays {
			oc, has := o.center()
			if r.used[o.path()] || !has || !near(oc[0], c[0]) || !near(oc[1], c[1]) {
				continue
			}
			v, ok := integer(o.text())
			if !ok {
				return fail(o.path(), ErrUnsupported, "%s: the number of a %v that is not a number", r.describe(o), kind)
			}
			r.used[o.path()] = true
			r.p.Clues = append(r.p.Clues, clue.Clue{Kind: kind, Row: int(math.Floor(c[0])), Col: int(math.Floor(c[1])), Value: v})
			break
		}
	}
	return nil
}

// chevron reads one of the chevrons that SudokuPad's f-puzzles import
// draws inside a minimum or maximum cell, one towards each neighbour that
// is not of its kind: its tip 0.39 from the cell's centre and its ends
// 0.44 out, 0.1 either side, for a minimum (pointing in); tip 0.44 and
// ends 0.39 for a maximum (pointing out).
func (r *reader) chevron(e elem, ps [][2]float64) error {
	cell := r.at(ps[1])
	if cell < 0 || r.at(ps[0]) != cell || r.at(ps[2]) != cell {
		return r.refuse(e)
	}
	c := [2]float64{float64(cell/r.n) + 0.5, float64(cell%r.n) + 0.5}
	dist := func(p [2]float64) float64 { return math.Hypot(p[0]-c[0], p[1]-c[1]) }
	ends := [2]float64{(ps[0][0] + ps[2][0]) / 2, (ps[0][1] + ps[2][1]) / 2}
	var kind clue.Kind
	switch tip, out := dist(ps[1]), dist(ends); {
	case near(tip, 0.39) && near(out, 0.44):
		kind = clue.Minimum
	case near(tip, 0.44) && near(out, 0.39):
		kind = clue.Maximum
	default:
		return r.refuse(e)
	}
	if k := r.extreme[cell]; k != 0 && k != kind {
		return fail(e.path(), ErrUnsupported, "%s: r%dc%d drawn both a minimum and a maximum", r.describe(e), cell/r.n+1, cell%r.n+1)
	}
	r.extreme[cell] = kind
	return nil
}

// littleKiller reads a little killer's arrow and its number, an overlay at
// the clue's place outside the board.
func (r *reader) littleKiller(e elem, ps [][2]float64, overlays []elem) error {
	row, col := int(math.Floor(ps[0][0])), int(math.Floor(ps[0][1]))
	dr, dc := ps[1][0]-ps[0][0], ps[1][1]-ps[0][1]
	var dir clue.Direction
	switch {
	case dr < 0 && dc < 0:
		dir = clue.UpLeft
	case dr < 0 && dc > 0:
		dir = clue.UpRight
	case dr > 0 && dc < 0:
		dir = clue.DownLeft
	case dr > 0 && dc > 0:
		dir = clue.DownRight
	default:
		return r.refuse(e)
	}
	for _, o := range overlays {
		c, ok := o.center()
		if r.used[o.path()] || !ok || !o.is("fontSize", 28) || o.colour("backgroundColor") != white ||
			int(math.Floor(c[0])) != row || int(math.Floor(c[1])) != col {
			continue
		}
		r.used[o.path()] = true
		t := o.text()
		if t == "_" || t == "" {
			return nil // no sum
		}
		v, ok := integer(t)
		if !ok {
			return fail(o.path(), ErrUnsupported, "%s: a little killer sum that is not a number", r.describe(o))
		}
		r.p.Clues = append(r.p.Clues, clue.Clue{Kind: clue.LittleKiller, Row: row, Col: col, Direction: dir, Value: v})
		return nil
	}
	return fail(e.path(), ErrUnsupported, "%s: a little killer arrow without its number", r.describe(e))
}

// overlay reads a Kropki dot, an XV mark, a sandwich sum or a quadruple.
func (r *reader) overlay(e elem) error {
	c, ok := e.center()
	if !ok {
		return r.refuse(e)
	}
	bg, border := e.colour("backgroundColor"), e.colour("borderColor")
	switch {
	case e.m["rounded"] == true && dotSize(e) && (border == black && (bg == black || bg == white) || border == "" && bg == black):
		cells, ok := r.pair(c)
		if !ok {
			return r.refuse(e)
		}
		kind := clue.WhiteDot
		if bg == black {
			kind = clue.BlackDot
		}
		v := 0
		if t := e.text(); t != "" {
			if v, ok = integer(t); !ok {
				return fail(e.path(), ErrUnsupported, "%s: a dot's value that is not a number", r.describe(e))
			}
		}
		r.p.Clues = append(r.p.Clues, clue.Clue{Kind: kind, Cells: cells, Value: v})
	case bg == white && border == white && e.is("fontSize", 21) && e.is("width", 0.25):
		cells, ok := r.pair(c)
		v, err := clue.ParseXV(e.text())
		if !ok || err != nil {
			return r.refuse(e)
		}
		r.p.Clues = append(r.p.Clues, clue.Clue{Kind: clue.XV, Cells: cells, Value: v})
	case bg == white && border == white && e.is("fontSize", 32) && e.is("width", 0.25) && r.at(c) < 0:
		v, ok := integer(e.text())
		if !ok {
			return r.refuse(e)
		}
		r.p.Clues = append(r.p.Clues, clue.Clue{Kind: clue.Sandwich, Row: int(math.Floor(c[0])), Col: int(math.Floor(c[1])), Value: v})
	case bg == white && border == black && e.m["rounded"] == true && e.is("width", 0.7) && e.is("fontSize", 14):
		cells := r.covered(c, 1, 1)
		var ds []int
		for _, f := range strings.Fields(e.text()) {
			d, ok := integer(f)
			if !ok {
				return r.refuse(e)
			}
			ds = append(ds, d)
		}
		if len(cells) != 4 || c[0] != math.Floor(c[0]) || c[1] != math.Floor(c[1]) {
			return r.refuse(e)
		}
		r.p.Clues = append(r.p.Clues, clue.Clue{Kind: clue.Quadruple, Cells: cells, Values: ds})
	default:
		return r.refuse(e)
	}
	return nil
}

// dotSize reports whether e is as large as a Kropki dot: 0.3 as
// SudokuPad's f-puzzles import draws it, 0.33 (black, without a border)
// and 0.34 (white, bordered black) as Sudoku Maker's export to SudokuPad
// does: a small disc on an edge, black or white bordered black, is a dot
// whichever drew it.
func dotSize(e elem) bool {
	return e.is("width", e.num("height")) && (e.is("width", 0.3) || e.is("width", 0.33) || e.is("width", 0.34))
}

// pair returns the two cells either side of point c on the edge between
// them.
func (r *reader) pair(c [2]float64) ([]int, bool) {
	y, x := c[0], c[1]
	half := func(v float64) bool { return near(v-math.Floor(v), 0.5) }
	whole := func(v float64) bool { return near(v, math.Round(v)) }
	var a, b int
	switch {
	case half(y) && whole(x):
		a, b = r.at([2]float64{y, math.Round(x) - 0.5}), r.at([2]float64{y, math.Round(x) + 0.5})
	case whole(y) && half(x):
		a, b = r.at([2]float64{math.Round(y) - 0.5, x}), r.at([2]float64{math.Round(y) + 0.5, x})
	default:
		return nil, false
	}
	if a < 0 || b < 0 {
		return nil, false
	}
	return []int{a, b}, true
}
