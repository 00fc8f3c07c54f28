package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/verify"
)

// runOut runs the command line args and returns its exit status, standard
// output and standard error.
func runOut(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, nil, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// readISS reads an ISS puzzle string.
func readISS(t *testing.T, s string) *satdoku.Grid {
	t.Helper()
	p, err := iss.Read(s)
	if err != nil {
		t.Fatal(err)
	}
	return p.Grid
}

// unforced returns the cells of g whose digit is not the same in every
// solution, by the validator's counter: a cell is forced when fixing it to
// one solution's digit keeps every solution.
func unforced(t *testing.T, g *satdoku.Grid, sol *satdoku.Grid) []int {
	t.Helper()
	all, _ := verify.Count(g, 1000)
	if all < 2 || all == 1000 {
		t.Fatalf("%d solutions: want several, fewer than 1000", all)
	}
	var out []int
	for i := range g.Len() {
		h := g.Clone()
		h.SetCell(i, sol.Cell(i))
		if k, _ := verify.Count(h, 1000); k != all {
			out = append(out, i)
		}
	}
	return out
}

// gridCell matches the name of a grid cell.
var gridCell = regexp.MustCompile(`^r(\d+)c(\d+)$`)

// TestDifferNamesVarCells: where two solutions of a puzzle differ in a var
// cell (ISS's ".Var~S~sum~2": VS1 is an arrow's total, VS2 is free), every
// answer names that cell VS2, as the puzzle does, in the text, in standard
// error, in JSON and in the CSV column; never r5c2, a cell past the 4×4
// grid. Every cell named is one the validator's counter finds not forced;
// with the grid pinned by more givens, VS2 is the only one.
func TestDifferNamesVarCells(t *testing.T) {
	// The names the puzzle gives its cells: the grid's 16, then VS1, VS2.
	name := func(i int) string {
		if i >= 16 {
			return "VS" + strconv.Itoa(i-15)
		}
		return "r" + strconv.Itoa(i/4+1) + "c" + strconv.Itoa(i%4+1)
	}
	const p = ".Shape~4x4.Var~S~sum~2.Arrow~VS1~R1C1~R1C2.~R3C3_4~R4C4_1~R2C2_4"
	for _, p := range []string{p, p + "~R1C1_2~R1C2_1~R2C1_3~R3C1_1"} {
		g := readISS(t, p)
		var free []string
		for _, i := range unforced(t, g, mustSolve(t, g, g.Clone())) {
			free = append(free, name(i))
		}
		code, out, errs := runOut(t, "unique", "--format", "json", p)
		var rec struct {
			Status string   `json:"status"`
			Differ []string `json:"differ"`
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil || code != exitNegative || rec.Status != "multiple" || len(rec.Differ) == 0 {
			t.Fatalf("exit %d, %v: %s%s", code, err, out, errs)
		}
		for _, c := range rec.Differ {
			if !slices.Contains(free, c) {
				t.Errorf("%s: JSON differ %q names %s, not among the cells not forced %q", p, rec.Differ, c, free)
			}
		}
		if len(free) == 1 && !slices.Equal(rec.Differ, []string{"VS2"}) {
			t.Errorf("%s: JSON differ %q, want [VS2]", p, rec.Differ)
		}
		for _, args := range [][]string{
			{"solve", "--unique", p},
			{"unique", p},
			{"unique", "--format", "grid", p},
			{"unique", "--format", "csv", p},
		} {
			_, out, errs := runOut(t, args...)
			if len(free) == 1 && !strings.Contains(out+errs, "VS2") || strings.Contains(out+errs, "r5c") {
				t.Errorf("%q: want VS2 and no r5c…:\n%s%s", args, out, errs)
			}
		}
	}
}

// mustSolve returns a solution of g, found by the validator's counter
// digit by digit (no solver involved).
func mustSolve(t *testing.T, g, h *satdoku.Grid) *satdoku.Grid {
	t.Helper()
	for i := range h.Len() {
		if h.Cell(i) != 0 {
			continue
		}
		for d := 1; d <= h.Rules().Values(); d++ {
			h.SetCell(i, d)
			if k, _ := verify.Count(h, 1); k > 0 {
				break
			}
			h.SetCell(i, 0)
		}
	}
	if verify.Solution(g, h) != nil {
		t.Fatal("no solution")
	}
	return h
}

// TestDifferNamesChaos: a chaos construction's label cells (CC1 to CC16 on
// a 4×4 board, cells 16 to 31) are named so in the differ list: with the
// first three rows given, two solutions differ in their regions' labels
// alone, which the list names CC…, each one the validator's counter finds
// not forced; never a cell past the grid (r5c1 …).
func TestDifferNamesChaos(t *testing.T) {
	name := func(i int) string {
		if i >= 16 {
			return "CC" + strconv.Itoa(i-15)
		}
		return "r" + strconv.Itoa(i/4+1) + "c" + strconv.Itoa(i%4+1)
	}
	const p = ".Shape~4x4.NoBoxes.ChaosConstruction.~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3"
	g := readISS(t, p)
	var free []string
	for _, i := range unforced(t, g, mustSolve(t, g, g.Clone())) {
		free = append(free, name(i))
	}
	code, out, errs := runOut(t, "unique", "--format", "json", p)
	var rec struct {
		Differ []string `json:"differ"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != exitNegative || len(rec.Differ) == 0 {
		t.Fatalf("exit %d, %v: %s%s", code, err, out, errs)
	}
	for _, c := range rec.Differ {
		if !strings.HasPrefix(c, "CC") || !slices.Contains(free, c) {
			t.Errorf("differ %q names %s: want label cells the validator finds not forced, %q", rec.Differ, c, free)
		}
	}
}

// TestCandidatesValues: the candidates of a board of the values 0 to 3 are
// its values in every form: JSON lists exactly the values the validator's
// counter finds possible in each cell (digit d is the value d−1), the line
// form writes each cell's values, and the counts name values.
func TestCandidatesValues(t *testing.T) {
	const p = ".Shape~4x4~0-3.~R1C2_2~R1C3_3"
	g := readISS(t, p)
	var want [][]int
	var line []string
	for i := range g.Len() {
		vs := []int{}
		s := ""
		for d := 1; d <= 4; d++ {
			h := g.Clone()
			if g.Cell(i) != 0 && g.Cell(i) != d {
				continue
			}
			h.SetCell(i, d)
			if k, _ := verify.Count(h, 1); k > 0 {
				vs = append(vs, d-1)
				s += strconv.Itoa(d - 1)
			}
		}
		want = append(want, vs)
		line = append(line, s)
	}
	code, out, errs := runOut(t, "candidates", "--format", "json", p)
	var rec struct {
		Candidates [][]int `json:"candidates"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != exitOK {
		t.Fatalf("exit %d, %v: %s%s", code, err, out, errs)
	}
	if len(rec.Candidates) != len(want) {
		t.Fatalf("%d cells of candidates, want %d", len(rec.Candidates), len(want))
	}
	for i := range want {
		if !slices.Equal(rec.Candidates[i], want[i]) {
			t.Errorf("r%dc%d: candidates %v, want the values %v", i/4+1, i%4+1, rec.Candidates[i], want[i])
		}
	}
	_, out, _ = runOut(t, "candidates", p)
	if f := strings.Fields(out); len(f) != 17 || !slices.Equal(f[1:], line) {
		t.Errorf("line form %q, want the values %q", out, line)
	}
	_, out, _ = runOut(t, "candidates", "--counts", "2", "--format", "json", p)
	var counted struct {
		Candidates [][]int `json:"candidates"`
		Counts     [][]int `json:"counts"`
	}
	if err := json.Unmarshal([]byte(out), &counted); err != nil || len(counted.Candidates) != 16 || !slices.Equal(counted.Candidates[0], want[0]) {
		t.Errorf("--counts: %v: %s", err, out)
	}
}

// TestConflictValues: conflicting givens on a board of the values 0 to 3
// are named by the values the puzzle gives (R2C1_3 and R2C3_3: both hold
// 3, not digit 4) on standard output, standard error and in JSON.
func TestConflictValues(t *testing.T) {
	const p = ".Shape~4x4~0-3.~R1C1_0~R1C2_1~R2C3_3~R3C1_2~R4C4_2~R2C1_3"
	const want = "r2c1 and r2c3 both hold 3 (row 2)"
	code, out, errs := runOut(t, "solve", p)
	if code != exitNegative || out != "invalid: "+want+"\n" || !strings.Contains(errs, "conflicting givens: "+want) {
		t.Errorf("exit %d:\n%s%s", code, out, errs)
	}
	_, out, _ = runOut(t, "check", "--format", "json", p)
	var rec struct {
		Conflicts []string `json:"conflicts"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || !slices.Equal(rec.Conflicts, []string{want}) {
		t.Errorf("JSON conflicts %q, %v", rec.Conflicts, err)
	}
}

// TestExplainValues: explain --cell and the clue report of a board of the
// values 0 to 3 name values: the forced value of r1c3, the givens that
// force it, and the givens of the report, as the puzzle gives them.
func TestExplainValues(t *testing.T) {
	const p = ".Shape~4x4~0-3.~R1C1_0~R1C2_1~R2C1_2~R3C3_3~R4C4_0~R2C4_1~R3C2_0"
	g := readISS(t, p)
	sol := mustSolve(t, g, g.Clone())
	v := sol.Cell(2) - 1 // r1c3's value
	code, out, errs := runOut(t, "explain", "--cell", "r1c3", "--format", "json", p)
	var rec struct {
		Digit  *int     `json:"digit"`
		Givens []string `json:"givens"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != exitOK || rec.Digit == nil || *rec.Digit != v {
		t.Fatalf("exit %d, %v: %s%s; want the value %d", code, err, out, errs, v)
	}
	for _, s := range rec.Givens {
		name, val, _ := strings.Cut(s, "=")
		m := gridCell.FindStringSubmatch(name)
		r, _ := strconv.Atoi(m[1])
		c, _ := strconv.Atoi(m[2])
		if want := strconv.Itoa(g.Cell((r-1)*4+c-1) - 1); val != want {
			t.Errorf("given %s, want %s=%s", s, name, want)
		}
	}
	_, out, _ = runOut(t, "explain", "--cell", "r1c3", p)
	if !strings.HasPrefix(out, "r1c3 must be "+strconv.Itoa(v)+":") {
		t.Errorf("text: %q, want the value %d", out, v)
	}
	_, out, _ = runOut(t, "clues", "--format", "json", p)
	var cl struct {
		Clues []struct {
			Cells []string `json:"cells"`
			Digit *int     `json:"digit"`
		} `json:"clues"`
	}
	if err := json.Unmarshal([]byte(out), &cl); err != nil || len(cl.Clues) != 7 {
		t.Fatalf("clues: %v: %s", err, out)
	}
	for _, c := range cl.Clues {
		m := gridCell.FindStringSubmatch(c.Cells[0])
		r, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		if want := g.Cell((r-1)*4+col-1) - 1; c.Digit == nil || *c.Digit != want {
			t.Errorf("clue at %s: digit %v, want the value %d", c.Cells[0], c.Digit, want)
		}
	}
}

// TestTotalValues: sums on a board of the values 0 to 3 are said in the
// puzzle's values: the clue report calls a cage of 1 "total 1" (its digits
// add up to 3) and an arrow whose cells' values balance "total 0", and a
// cage of 1 holding the values 1 and 2 adds up to 3, not 5.
func TestTotalValues(t *testing.T) {
	_, out, errs := runOut(t, "clues", ".Shape~4x4~0-3.Cage~1~R1C1~R1C2.Arrow~R4C1~R3C1~R2C1.~R3C3_3.Thermo~R4C4~R4C3")
	if !strings.Contains(out, "killer cage r1c1,r1c2 (total 1):") || !strings.Contains(out, "arrow r4c1,r3c1,r2c1 (total 0):") {
		t.Errorf("clues:\n%s%s", out, errs)
	}
	code, out, errs := runOut(t, "check", ".Shape~4x4~0-3.Cage~1~R1C1~R1C2.~R1C1_1~R1C2_2")
	if code != exitNegative || out != "invalid: killer cage r1c1,r1c2: sum 3, want 1\n" {
		t.Errorf("check: exit %d:\n%s%s", code, out, errs)
	}
}

// TestAPINamesValues: the HTTP JSON API (package httpapi over the CLI's
// records) names the var cell VS2 where two solutions differ, and gives a
// 0–3 board's candidates and conflicts in its values.
func TestAPINamesValues(t *testing.T) {
	hs := httptest.NewServer(apiHandler(testAPI(t, "", apiTimeout), false))
	defer hs.Close()
	post := func(cmd, body string) string {
		t.Helper()
		resp, err := http.Post(hs.URL+"/api/"+cmd, "text/plain", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %v: %s", cmd, resp.StatusCode, err, b)
		}
		return string(b)
	}
	if out := post("unique", ".Shape~4x4.Var~S~sum~2.Arrow~VS1~R1C1~R1C2.~R3C3_4~R4C4_1~R2C2_4~R1C1_2~R1C2_1~R2C1_3~R3C1_1"); !strings.Contains(out, `"differ":["VS2"]`) {
		t.Errorf("unique: %s", out)
	}
	if out := post("candidates", ".Shape~4x4~0-3.~R1C2_2~R1C3_3"); !strings.Contains(out, `"candidates":[[0,1],[2],[3],[0,1],`) {
		t.Errorf("candidates: %s", out)
	}
	if out := post("check", ".Shape~4x4~0-3.~R1C1_0~R1C2_1~R2C3_3~R3C1_2~R4C4_2~R2C1_3"); !strings.Contains(out, `"conflicts":["r2c1 and r2c3 both hold 3 (row 2)"]`) {
		t.Errorf("check: %s", out)
	}
}
