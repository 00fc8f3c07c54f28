package sudokupad

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// This file draws f-puzzles JSON as SudokuPad's f-puzzles import does
// (SudokuPad's fpuzzlesdecoder.js, element by element, in its styles), and
// shortens SudokuPad JSON as its PuzzleZipper does: the tests make
// SudokuPad payloads from f-puzzles puzzles with them, and read both.

// fp is an f-puzzles JSON object.
type fp = map[string]any

// rcOf reads "R1C1" as [row, col] from 0.
func rcOf(s string) [2]int {
	var r, c int
	fmt.Sscanf(strings.ToUpper(s), "R%dC%d", &r, &c)
	return [2]int{r - 1, c - 1}
}

func centre(s string) []any {
	rc := rcOf(s)
	return []any{float64(rc[0]) + 0.5, float64(rc[1]) + 0.5}
}

// partCentre is the mean of the centres of cells.
func partCentre(cells []any) []any {
	var r, c float64
	for _, x := range cells {
		p := centre(x.(string))
		r += p[0].(float64)
		c += p[1].(float64)
	}
	return []any{r / float64(len(cells)), c / float64(len(cells))}
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// boxShape is SudokuPad's getRegionShape.
func boxShape(n int) (int, int) {
	h := int(math.Sqrt(float64(n)))
	if h*h == n {
		return h, h
	}
	for n%h != 0 && h > 1 {
		h--
	}
	return h, n / h
}

// errSkip reports an f-puzzles key the drawing below does not draw.
type errSkip string

func (e errSkip) Error() string { return "not drawn: " + string(e) }

// draw returns the SudokuPad JSON of an f-puzzles puzzle, as SudokuPad's
// import draws it, and the keys of rules it drops (see imported; its
// parser of "lockout" draws nothing).
func draw(f fp) (map[string]any, []string, error) {
	var lost []string
	for key, v := range f {
		if b, ok := v.(bool); ok && !b {
			continue
		}
		if l, ok := v.([]any); ok && len(l) == 0 {
			continue
		}
		if key == "lockout" || !slices.Contains(imported, key) {
			lost = append(lost, key)
		}
	}
	slices.Sort(lost)
	p, err := drawKept(f)
	return p, lost, err
}

// drawKept draws the keys that SudokuPad's import keeps.
func drawKept(f fp) (map[string]any, error) {
	n := int(f["size"].(float64))
	grid := f["grid"].([]any)
	p := map[string]any{}
	var cells, regionsOrder []any
	regions := map[string][]any{}
	var keys []string
	h, w := boxShape(n)
	var cages, lines, arrows, overlays, underlays []any
	for r, row := range grid {
		var out []any
		for c, x := range row.([]any) {
			cell := x.(fp)
			nc := map[string]any{}
			if cell["given"] == true {
				nc["value"] = cell["value"]
			}
			out = append(out, nc)
			key := strconv.Itoa((r/h)*h + c/w)
			if reg, ok := cell["region"]; ok {
				if reg == nil {
					key = "null"
				} else {
					key = strconv.Itoa(int(reg.(float64)))
				}
			}
			if _, ok := regions[key]; !ok {
				keys = append(keys, key)
			}
			regions[key] = append(regions[key], []any{r, c})
			for _, k := range []string{"c", "cArray", "parity", "centerPencilMarks", "cornerPencilMarks", "candidates"} {
				if cell[k] != nil {
					return nil, errSkip("cell " + k) // not drawn, or not as a rule
				}
			}
		}
		cells = append(cells, out)
	}
	if null, ok := regions["null"]; ok {
		cages = append(cages, map[string]any{"cells": null, "unique": false, "hidden": true})
	}
	// JavaScript lists an object's integer keys in increasing order.
	slices.SortFunc(keys, func(a, b string) int {
		x, _ := strconv.Atoi(a)
		y, _ := strconv.Atoi(b)
		return x - y
	})
	for _, k := range keys {
		if k != "null" {
			regionsOrder = append(regionsOrder, regions[k])
		}
	}
	p["cells"], p["regions"] = cells, regionsOrder
	meta := map[string]any{}
	for key, v := range f {
		switch key {
		case "size", "grid", "title", "author", "lockout":
		case "ruleset":
			if s, ok := v.(string); ok && s != "" {
				cages = append(cages, map[string]any{"value": "rules: " + s})
			}
		case "minimum", "maximum":
			// parse.minMax: a grey shade, and a chevron towards each
			// neighbour on the board that is not of its kind.
			a, b := 0.44, 0.39
			if key == "maximum" {
				a, b = b, a
			}
			var own []string
			for _, x := range v.([]any) {
				own = append(own, strings.ToUpper(x.(fp)["cell"].(string)))
			}
			for _, x := range v.([]any) {
				c := centre(x.(fp)["cell"].(string))
				y, z := c[0].(float64), c[1].(float64)
				underlays = append(underlays, map[string]any{"backgroundColor": "#ccc", "center": c, "rounded": false, "width": 1, "height": 1})
				for _, d := range [][2]float64{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} {
					nr, nc := int(math.Floor(y+d[0]+1)), int(math.Floor(z+d[1]+1))
					if nr < 1 || nc < 1 || nr > n || nc > n || slices.Contains(own, fmt.Sprintf("R%dC%d", nr, nc)) {
						continue
					}
					lines = append(lines, map[string]any{"color": "#000000", "thickness": 1, "wayPoints": []any{
						[]any{y + d[0]*a + 0.1*d[1], z + d[1]*a + 0.1*d[0]},
						[]any{y + d[0]*b, z + d[1]*b},
						[]any{y + d[0]*a - 0.1*d[1], z + d[1]*a - 0.1*d[0]}}})
				}
			}
		case "solution":
			var sb strings.Builder
			for _, d := range v.([]any) {
				fmt.Fprint(&sb, d)
			}
			cages = append(cages, map[string]any{"value": "solution: " + sb.String()})
		case "antiknight", "antiking":
			if v == true {
				meta[key] = true
			}
		case "diagonal+", "diagonal-":
			if v != true {
				continue
			}
			wp := []any{[]any{0, n}, []any{n, 0}}
			if key == "diagonal-" {
				wp = []any{[]any{0, 0}, []any{n, n}}
			}
			lines = append(lines, map[string]any{"color": "#34BBE6", "thickness": 2, "wayPoints": wp})
		case "killercage":
			for _, x := range v.([]any) {
				cage := x.(fp)
				pc := map[string]any{"unique": true}
				var cs []any
				for _, s := range strs(cage["cells"]) {
					rc := rcOf(s)
					cs = append(cs, []any{rc[0], rc[1]})
				}
				pc["cells"] = cs
				if val, ok := cage["value"]; ok && val != "" && val != nil {
					pc["value"] = val
				}
				cages = append(cages, pc)
			}
		case "extraregion":
			for _, x := range v.([]any) {
				var cs []any
				for _, s := range strs(x.(fp)["cells"]) {
					rc := rcOf(s)
					cs = append(cs, []any{rc[0], rc[1]})
					underlays = append(underlays, map[string]any{"backgroundColor": "rgba(207, 207, 207, 0.95)", "center": centre(s), "rounded": false, "width": 1, "height": 1})
				}
				cages = append(cages, map[string]any{"cells": cs})
			}
		case "thermometer":
			for _, x := range v.([]any) {
				for _, l := range x.(fp)["lines"].([]any) {
					var wp []any
					for _, s := range strs(l) {
						wp = append(wp, centre(s))
					}
					underlays = append(underlays, map[string]any{"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": wp[0], "rounded": true, "width": 0.85, "height": 0.85})
					lines = append(lines, map[string]any{"color": "#CFCFCF", "thickness": 21, "wayPoints": wp})
				}
			}
		case "palindrome":
			for _, x := range v.([]any) {
				for _, l := range x.(fp)["lines"].([]any) {
					var wp []any
					for _, s := range strs(l) {
						wp = append(wp, centre(s))
					}
					lines = append(lines, map[string]any{"color": "#CFCFCF", "thickness": 16, "wayPoints": wp})
				}
			}
		case "ratio", "difference":
			for _, x := range v.([]any) {
				part := x.(fp)
				bg := "#000000"
				if key == "difference" {
					bg = "#FFFFFF"
				}
				o := map[string]any{"borderColor": "#000000", "backgroundColor": bg, "center": partCentre(part["cells"].([]any)), "rounded": true, "width": 0.3, "height": 0.3, "text": ""}
				if val, ok := part["value"]; ok && val != "" && val != nil {
					o["text"] = val
				}
				overlays = append(overlays, o)
			}
		case "xv":
			for _, x := range v.([]any) {
				part := x.(fp)
				overlays = append(overlays, map[string]any{"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": partCentre(part["cells"].([]any)), "fontSize": 21, "rounded": false, "width": 0.25, "height": 0.25, "text": part["value"]})
			}
		case "odd", "even":
			for _, x := range v.([]any) {
				overlaysOrUnder := map[string]any{"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": centre(x.(fp)["cell"].(string)), "rounded": key == "odd", "width": 0.7, "height": 0.7}
				underlays = append(underlays, overlaysOrUnder)
			}
		case "sandwichsum":
			for _, x := range v.([]any) {
				part := x.(fp)
				overlays = append(overlays, map[string]any{"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": centre(part["cell"].(string)), "fontSize": 32, "rounded": false, "width": 0.25, "height": 0.25, "text": part["value"]})
			}
		case "littlekillersum":
			dirs := map[string][2]float64{"UR": {-1, 1}, "UL": {-1, -1}, "DR": {1, 1}, "DL": {1, -1}}
			for _, x := range v.([]any) {
				part := x.(fp)
				rc := centre(part["cell"].(string))
				r, c := rc[0].(float64), rc[1].(float64)
				d := dirs[part["direction"].(string)]
				arrows = append(arrows, map[string]any{"color": "#000000", "thickness": 2, "wayPoints": []any{
					[]any{r + 0.3*d[0], c + 0.3*d[1]}, []any{r + 0.48*d[0], c + 0.48*d[1]}}})
				val := part["value"]
				if val == nil {
					val = "_"
				}
				overlays = append(overlays, map[string]any{"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": rc, "fontSize": 28, "width": 0.25, "height": 0.25, "rounded": false, "text": val})
			}
		case "arrow":
			for _, x := range v.([]any) {
				part := x.(fp)
				for _, l := range part["lines"].([]any) {
					var pts [][2]float64
					for _, s := range strs(l) {
						c := centre(s)
						pts = append(pts, [2]float64{c[0].(float64), c[1].(float64)})
					}
					dr, dc := pts[1][0]-pts[0][0], pts[1][1]-pts[0][1]
					dist := math.Hypot(dr, dc)
					pts[0][0] += math.Round(10*0.3*sign(dr)/dist) / 10
					pts[0][1] += math.Round(10*0.3*sign(dc)/dist) / 10
					var wp []any
					for _, q := range pts {
						wp = append(wp, []any{q[0], q[1]})
					}
					arrows = append(arrows, map[string]any{"color": "#a1a1a1", "headLength": 0.3, "thickness": 5, "wayPoints": wp})
				}
				var minR, minC, maxR, maxC = 999, 999, -999, -999
				for _, s := range strs(part["cells"]) {
					rc := rcOf(s)
					minR, minC, maxR, maxC = min(minR, rc[0]), min(minC, rc[1]), max(maxR, rc[0]), max(maxC, rc[1])
				}
				if minR != maxR && minC != maxC {
					return nil, errSkip("a bent arrow circle")
				}
				overlays = append(overlays, map[string]any{"borderColor": "#a1a1a1", "backgroundColor": "#ffffff", "center": partCentre(part["cells"].([]any)),
					"fontSize": 16, "thickness": 5, "rounded": true, "text": "", "width": 0.75 + float64(maxC-minC), "height": 0.75 + float64(maxR-minR)})
			}
		case "betweenline":
			for _, x := range v.([]any) {
				for _, l := range x.(fp)["lines"].([]any) {
					var pts [][2]float64
					for _, s := range strs(l) {
						c := centre(s)
						pts = append(pts, [2]float64{c[0].(float64), c[1].(float64)})
					}
					last := len(pts) - 1
					for _, e := range [][2]float64{pts[0], pts[last]} {
						overlays = append(overlays, map[string]any{"borderColor": "#CFCFCF", "backgroundColor": "#FFFFFF", "center": []any{e[0], e[1]}, "fontSize": 16, "borderSize": 2, "rounded": true, "width": 0.8, "height": 0.8})
					}
					shift := func(a, b [2]float64) [2]float64 {
						dr, dc := b[0]-a[0], b[1]-a[1]
						dist := math.Hypot(dr, dc)
						return [2]float64{a[0] + math.Round(10*0.4*sign(dr)/dist)/10, a[1] + math.Round(10*0.4*sign(dc)/dist)/10}
					}
					pts[0], pts[last] = shift(pts[0], pts[1]), shift(pts[last], pts[last-1])
					var wp []any
					for _, q := range pts {
						wp = append(wp, []any{q[0], q[1]})
					}
					lines = append(lines, map[string]any{"color": "#CFCFCF", "thickness": 2, "wayPoints": wp})
				}
			}
		case "quadruple":
			for _, x := range v.([]any) {
				part := x.(fp)
				text := ""
				for k, d := range part["values"].([]any) {
					if k%2 == 1 {
						text += " "
					}
					if k%3 == 2 {
						text += "\n"
					}
					text += fmt.Sprint(d)
				}
				overlays = append(overlays, map[string]any{"backgroundColor": "#FFFFFF", "borderColor": "#000000", "center": partCentre(part["cells"].([]any)), "fontSize": 14, "rounded": true, "width": 0.7, "height": 0.7, "text": text})
			}
		default:
			if b, ok := v.(bool); ok && !b {
				continue
			}
			if l, ok := v.([]any); ok && len(l) == 0 {
				continue
			}
			if !slices.Contains(imported, key) {
				continue // dropped, as SudokuPad drops it
			}
			return nil, errSkip(key)
		}
	}
	if s, _ := f["ruleset"].(string); s == "" {
		// applyDefaultMeta
		cages = append(cages, map[string]any{"value": "rules: No rules provided for this puzzle. Please check the related video or website for rules."})
	}
	for _, key := range []string{"title", "author"} {
		if s, ok := f[key].(string); ok && s != "" {
			cages = append(cages, map[string]any{"value": key + ": " + s})
		}
	}
	if len(meta) > 0 {
		p["metaData"] = meta
	}
	for key, list := range map[string][]any{"cages": cages, "lines": lines, "arrows": arrows, "overlays": overlays, "underlays": underlays} {
		if len(list) > 0 {
			p[key] = list
		}
	}
	p["cellSize"] = 50
	return p, nil
}

func sign(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// zip shortens SudokuPad JSON as SudokuPad's PuzzleZipper.zip does.
func zip(p map[string]any) string {
	long := map[string]string{}
	for s, l := range shortKeys {
		long[l] = s
	}
	var shorten func(v any) any
	shorten = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			out := map[string]any{}
			for k, e := range x {
				if l, ok := x[k].([]any); ok && len(l) == 0 {
					continue
				}
				if s, ok := long[k]; ok {
					k = s
				}
				out[k] = shorten(e)
			}
			return out
		case []any:
			out := make([]any, len(x))
			for i := range x {
				out[i] = shorten(x[i])
			}
			return out
		case string:
			if d, err := strconv.Atoi(x); err == nil && strconv.Itoa(d) == x {
				return d
			}
		}
		return v
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(shorten(p)); err != nil {
		panic(err)
	}
	s := strings.TrimSpace(buf.String())
	s = regexp.MustCompile(`([,{\[])"([a-zA-Z0-9]+)":`).ReplaceAllString(s, "$1$2:")
	// ([,{[]){}(?=[,}\]]) → $1
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if i > 0 && strings.IndexByte(",{[", s[i-1]) >= 0 && strings.HasPrefix(s[i:], "{}") && i+2 < len(s) && strings.IndexByte(",}]", s[i+2]) >= 0 {
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	s = b.String()
	s = regexp.MustCompile(`(:)false([,}\]])`).ReplaceAllString(s, "${1}f$2")
	s = regexp.MustCompile(`(:)true([,}\]])`).ReplaceAllString(s, "${1}t$2")
	s = regexp.MustCompile(`(:)"#000000"([,}\]])`).ReplaceAllString(s, "$1#0$2")
	s = regexp.MustCompile(`(:)"#FFFFFF"([,}\]])`).ReplaceAllString(s, "$1#F$2")
	s = regexp.MustCompile(`(:)"#([0-9a-fA-F]{6})"([,}\]])`).ReplaceAllString(s, "$1$2$3")
	s = strings.ReplaceAll(s, `'`, `\'`)
	return strings.ReplaceAll(s, `"`, `'`)
}
