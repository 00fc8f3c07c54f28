package sudokumaker

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file writes f-puzzles JSON in SudokuMaker's format, by the facts of
// that format (yusitnikov/puzzletv, src/types/SudokuMaker.ts and its
// importer): constraint types by number, cells as r·N + c, edges, corners
// and cells outside the board by their ids. The tests read the published
// f-puzzles puzzles so written and compare them with the f-puzzles reader.

type fp = map[string]any

// errSkip reports an f-puzzles key that SudokuMaker has no constraint for
// (or that this writer does not write).
type errSkip string

func (e errSkip) Error() string { return "not written: " + string(e) }

// rc reads "R1C1" as row and column from 0 (−1 and N outside the board).
func rc(s string) (int, int) {
	var r, c int
	fmt.Sscanf(strings.ToUpper(s), "R%dC%d", &r, &c)
	return r - 1, c - 1
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func strs(v any) []string {
	var out []string
	for _, x := range list(v) {
		out = append(out, x.(string))
	}
	return out
}

// toMaker returns the SudokuMaker puzzle of f-puzzles JSON f.
func toMaker(f fp) (map[string]any, error) {
	n := int(f["size"].(float64))
	id := func(s string) int { r, c := rc(s); return r*n + c }
	ids := func(v any) []int {
		var out []int
		for _, s := range strs(v) {
			out = append(out, id(s))
		}
		return out
	}
	outer := func(s string) int { r, c := rc(s); return (r+1)*(n+2) + c + 1 }
	lines := func(key string) [][]int {
		var out [][]int
		for _, x := range list(f[key]) {
			for _, l := range list(x.(fp)["lines"]) {
				out = append(out, ids(l))
			}
		}
		return out
	}
	var cons []any
	add := func(t int, fields map[string]any) {
		c := map[string]any{"type": t}
		for k, v := range fields {
			c[k] = v
		}
		cons = append(cons, c)
	}
	var cells []any
	regions := make([]any, n*n)
	hasRegions := false
	for r, row := range list(f["grid"]) {
		for c, x := range list(row) {
			cell := x.(fp)
			for _, k := range []string{"parity", "givenPencilMarks"} {
				if cell[k] != nil {
					return nil, errSkip("cell " + k)
				}
			}
			out := map[string]any{}
			if cell["given"] == true {
				out["given"], out["value"] = true, cell["value"]
			}
			cells = append(cells, out)
			if reg, ok := cell["region"]; ok {
				hasRegions = true
				if reg == nil {
					regions[r*n+c] = -1
				} else {
					regions[r*n+c] = reg
				}
			}
		}
	}
	if hasRegions {
		// A cell without "region" is in its box, numbered as f-puzzles
		// numbers the boxes.
		h, w := boxShape(n)
		for i := range regions {
			if regions[i] == nil {
				regions[i] = float64((i/n/h)*h + i%n/w)
			}
		}
		add(tRegions, map[string]any{"regions": regions})
	}
	edge := func(cs []string) int {
		r1, c1 := rc(cs[0])
		r2, c2 := rc(cs[1])
		if r1 == r2 {
			return 2*r1*n + max(c1, c2)
		}
		return (2*min(r1, r2)+1)*n + c1
	}
	value := func(v any) any {
		if s, ok := v.(string); ok {
			if d, err := strconv.Atoi(s); err == nil {
				return d
			}
		}
		return v
	}
	negatives := strs(f["negative"])
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, key := range keys {
		v := f[key]
		if b, ok := v.(bool); ok && !b {
			continue
		}
		if l, ok := v.([]any); ok && len(l) == 0 {
			continue
		}
		switch key {
		case "size", "grid", "title", "author", "ruleset", "solution", "negative", "line", "text", "circle", "rectangle",
			"cage", "disabledlogic", "truecandidatesoptions", "fogofwar", "foglight", "successMessage", "activeConstraints":
		case "diagonal+":
			add(tDiagonalPlus, map[string]any{"style": map[string]any{"color": "#34BBE6", "thickness": 2}})
		case "diagonal-":
			add(tDiagonalMinus, map[string]any{"style": map[string]any{"color": "#34BBE6", "thickness": 2}})
		case "antiknight":
			add(tAntiknight, nil)
		case "antiking":
			add(tAntiking, nil)
		case "disjointgroups":
			add(tDisjointGroups, nil)
		case "nonconsecutive":
			add(tNonconsecutive, nil)
		case "odd", "even", "minimum", "maximum":
			t := map[string]int{"odd": tOdd, "even": tEven, "minimum": tMinimum, "maximum": tMaximum}[key]
			var cs []int
			for _, x := range list(v) {
				cs = append(cs, id(x.(fp)["cell"].(string)))
			}
			add(t, map[string]any{"cells": cs})
		case "rowindexer", "columnindexer", "extraregion":
			t := map[string]int{"rowindexer": tRowIndexer, "columnindexer": tColumnIndexer, "extraregion": tDifferentValues}[key]
			for _, x := range list(v) {
				add(t, map[string]any{"cells": ids(x.(fp)["cells"])})
			}
		case "killercage":
			var cages []any
			for _, x := range list(v) {
				cg := map[string]any{"cells": ids(x.(fp)["cells"])}
				if val, ok := x.(fp)["value"]; ok && val != "" {
					cg["value"] = value(val)
				}
				cages = append(cages, cg)
			}
			add(tKillerCages, map[string]any{"cages": cages})
		case "thermometer", "slowthermometer":
			add(tThermometer, map[string]any{"thermometers": lines(key), "slow": key == "slowthermometer"})
		case "renban", "palindrome", "betweenline", "regionsumline", "doublearrow", "lockout", "entropicline":
			t := map[string]int{"renban": tRenban, "palindrome": tPalindrome, "betweenline": tBetweenLines, "regionsumline": tRegionSumLine,
				"doublearrow": tDoubleArrow, "lockout": tLockoutLines, "entropicline": tEntropyLines}[key]
			for _, x := range list(v) {
				if val, ok := x.(fp)["value"]; ok && val != "" && key == "lockout" {
					return nil, errSkip("lockout value")
				}
			}
			fields := map[string]any{"lines": lines(key)}
			if key == "entropicline" {
				fields["groups"] = []int{0b1110, 0b1110000, 0b1110000000}
			}
			add(t, fields)
		case "whispers":
			for _, x := range list(v) {
				fields := map[string]any{"lines": nil}
				var ls [][]int
				for _, l := range list(x.(fp)["lines"]) {
					ls = append(ls, ids(l))
				}
				fields["lines"] = ls
				if val, ok := x.(fp)["value"]; ok && val != "" {
					fields["minDifference"] = value(val)
				}
				add(tWhisper, fields)
			}
		case "arrow":
			var bulbs []any
			for _, x := range list(v) {
				circle := ids(x.(fp)["cells"])
				slices.Sort(circle)
				slices.Reverse(circle) // the ones first
				var arrows [][]int
				for _, l := range list(x.(fp)["lines"]) {
					arrows = append(arrows, ids(l))
				}
				bulbs = append(bulbs, map[string]any{"bulbCells": circle, "arrows": arrows})
			}
			add(tArrow, map[string]any{"bulbsWithArrows": bulbs})
		case "difference", "ratio", "xv":
			var clues []any
			var vals []int
			for _, x := range list(v) {
				val := value(x.(fp)["value"])
				switch val {
				case "X":
					val = 10
				case "V":
					val = 5
				case nil, "":
					val = map[string]int{"difference": 1, "ratio": 2}[key]
				}
				vals = append(vals, val.(int))
				clues = append(clues, map[string]any{"edge": edge(strs(x.(fp)["cells"])), "value": val})
			}
			fields := map[string]any{"clues": clues}
			if key == "xv" && slices.Contains(negatives, "xv") {
				fields["negative"] = []int{5, 10}
			}
			if key == "ratio" && slices.Contains(negatives, "ratio") {
				if len(vals) == 0 {
					vals = []int{2}
				}
				fields["negative"] = vals
			}
			add(map[string]int{"difference": tDifference, "ratio": tRatio, "xv": tXV}[key], fields)
		case "littlekillersum":
			var clues []any
			for _, x := range list(v) {
				p := x.(fp)
				r, c := rc(p["cell"].(string))
				dir := p["direction"].(string)
				diag := -1
				switch {
				case r < 0 && dir == "DL", r >= n && dir == "UR", r >= 0 && r < n && c < 0 && dir == "UR", r >= 0 && r < n && c >= n && dir == "DL":
					diag = 1
				}
				cl := map[string]any{"outerCell": outer(p["cell"].(string)), "diagonal": diag}
				if val, ok := p["value"]; ok && val != "" {
					cl["value"] = value(val)
				}
				clues = append(clues, cl)
			}
			add(tLittleKillers, map[string]any{"clues": clues})
		case "sandwichsum", "xsum", "skyscraper":
			var clues []any
			for _, x := range list(v) {
				p := x.(fp)
				cl := map[string]any{"outerCell": outer(p["cell"].(string))}
				if val, ok := p["value"]; ok && val != "" {
					cl["value"] = value(val)
				}
				clues = append(clues, cl)
			}
			add(map[string]int{"sandwichsum": tSandwichSums, "xsum": tXSums, "skyscraper": tSkyscrapers}[key], map[string]any{"clues": clues})
		case "clone":
			var groups [][]int
			for _, x := range list(v) {
				a, b := ids(x.(fp)["cells"]), ids(x.(fp)["cloneCells"])
				for i := range a {
					groups = append(groups, []int{a[i], b[i]})
				}
			}
			add(tClone, map[string]any{"groups": groups})
		case "quadruple":
			var clues []any
			for _, x := range list(v) {
				r0, c0 := n, n
				for _, s := range strs(x.(fp)["cells"]) {
					r, c := rc(s)
					r0, c0 = min(r0, r), min(c0, c)
				}
				clues = append(clues, map[string]any{"corner": (r0+1)*(n+1) + c0 + 1, "digits": x.(fp)["values"]})
			}
			add(tQuadruple, map[string]any{"clues": clues})
		default:
			return nil, errSkip(key)
		}
	}
	if slices.Contains(negatives, "ratio") && len(list(f["ratio"])) == 0 {
		add(tRatio, map[string]any{"clues": []any{}, "negative": []int{2}})
	}
	if slices.Contains(negatives, "xv") && len(list(f["xv"])) == 0 {
		add(tXV, map[string]any{"clues": []any{}, "negative": []int{5, 10}})
	}
	pz := map[string]any{"size": n, "cells": cells, "constraints": cons}
	for k, to := range map[string]string{"title": "name", "author": "author", "ruleset": "comment"} {
		if s, ok := f[k].(string); ok {
			pz[to] = s
		}
	}
	return map[string]any{"formatVersion": "1.5.0", "puzzle": pz}, nil
}

// boxShape is f-puzzles' box of an N×N board: as square as it divides.
func boxShape(n int) (int, int) {
	h := 1
	for k := 1; k*k <= n; k++ {
		if n%k == 0 {
			h = k
		}
	}
	return h, n / h
}
