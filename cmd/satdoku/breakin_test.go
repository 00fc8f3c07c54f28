package main

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// singlesFixpoint places naked and hidden singles (rows, columns, boxes)
// in a classic 9×9 puzzle (81 characters, '.' empty) until none is left,
// and returns the grid reached: a solver of its own, sharing nothing with
// package logic.
func singlesFixpoint(p string) []byte {
	g := []byte(p)
	units := [][]int{}
	for k := range 9 {
		var row, col, box []int
		for j := range 9 {
			row = append(row, k*9+j)
			col = append(col, j*9+k)
			box = append(box, (k/3*3+j/3)*9+k%3*3+j%3)
		}
		units = append(units, row, col, box)
	}
	cands := func(i int) []byte {
		var out []byte
		for d := byte('1'); d <= '9'; d++ {
			ok := true
			for _, u := range units {
				if !slices.Contains(u, i) {
					continue
				}
				for _, j := range u {
					if g[j] == d {
						ok = false
					}
				}
			}
			if ok {
				out = append(out, d)
			}
		}
		return out
	}
	for changed := true; changed; {
		changed = false
		for i := range 81 {
			if c := cands(i); g[i] == '.' && len(c) == 1 {
				g[i], changed = c[0], true
			}
		}
		for _, u := range units {
			for d := byte('1'); d <= '9'; d++ {
				var at []int
				for _, i := range u {
					if g[i] == d {
						at = nil
						break
					}
					if g[i] == '.' && bytes.IndexByte(cands(i), d) >= 0 {
						at = append(at, i)
					}
				}
				if len(at) == 1 {
					g[at[0]], changed = d, true
				}
			}
		}
	}
	return g
}

// TestBreakIn: explain names as the break-in the first step after the
// singles, checked by a singles solver of the test's own: on Norvig's
// top95 puzzle 3, the steps before the break-in place exactly the digits
// singles reach from the givens, and singles alone do not solve it; the
// Wikipedia puzzle, which singles solve, has none.
func TestBreakIn(t *testing.T) {
	const hard = "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1...."
	const wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	var out, errb bytes.Buffer
	if code := run([]string{"explain", "--format", "json", hard, wiki}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d records", len(lines))
	}
	var rec struct {
		Path []struct {
			Technique  string `json:"technique"`
			Placements []struct {
				Cell  string `json:"cell"`
				Digit int    `json:"digit"`
			} `json:"placements"`
		} `json:"path"`
		BreakIn *struct {
			Step      int    `json:"step"`
			Technique string `json:"technique"`
		} `json:"breakin"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatal(err)
	}
	fix := singlesFixpoint(hard)
	if !bytes.Contains(fix, []byte(".")) {
		t.Fatal("singles solve the hard puzzle")
	}
	if rec.BreakIn == nil || rec.BreakIn.Step < 1 || rec.BreakIn.Step > len(rec.Path) || rec.Path[rec.BreakIn.Step-1].Technique != rec.BreakIn.Technique {
		t.Fatalf("break-in %+v", rec.BreakIn)
	}
	g := []byte(hard)
	for _, st := range rec.Path[:rec.BreakIn.Step-1] {
		for _, p := range st.Placements {
			g[cellIndex(t, p.Cell)] = byte('0' + p.Digit)
		}
	}
	if string(g) != string(fix) {
		t.Errorf("before the break-in:\n%s\nsingles reach\n%s", g, fix)
	}
	rec.BreakIn = nil
	if err := json.Unmarshal([]byte(lines[1]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.BreakIn != nil || strings.Contains(string(singlesFixpoint(wiki)), ".") {
		t.Errorf("wikipedia: break-in %+v", rec.BreakIn)
	}
}
