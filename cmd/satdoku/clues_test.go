package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// cluesJSON is the record of satdoku clues, as a reader decodes it.
type cluesJSON struct {
	Status string `json:"status"`
	Clues  []struct {
		Kind    string   `json:"kind"`
		Cells   []string `json:"cells"`
		Digit   int      `json:"digit"`
		Needed  *bool    `json:"needed"`
		Witness string   `json:"witness"`
	} `json:"clues"`
	Removable []int `json:"removable"`
	Count     int   `json:"count"`
	Suggest   []struct {
		Cell   string `json:"cell"`
		Digit  int    `json:"digit"`
		Leaves int    `json:"leaves"`
	} `json:"suggest"`
}

// cellIndex reads "r3c5" on a 9×9 board.
func cellIndex(t *testing.T, s string) int {
	t.Helper()
	var r, c int
	if len(s) != 4 || s[0] != 'r' || s[2] != 'c' {
		t.Fatalf("cell %q", s)
	}
	r, c = int(s[1]-'1'), int(s[3]-'1')
	return r*9 + c
}

// TestCluesJSON: the record of the Wikipedia puzzle and of the same
// puzzle with givens taken out, checked against verify's counter: each
// given needed exactly when the puzzle without it has another solution,
// each witness a solution without its clue, each suggestion leaving the
// count it says.
func TestCluesJSON(t *testing.T) {
	const wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	few := wiki[:20] + "." + wiki[21:] // r3c3's 8 out: a needed given
	var out, errb bytes.Buffer
	code := run([]string{"clues", "--format", "json", wiki, few}, nil, &out, &errb)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("exit %d, %d records: %s %s", code, len(lines), out.String(), errb.String())
	}
	var u cluesJSON
	if err := json.Unmarshal([]byte(lines[0]), &u); err != nil {
		t.Fatal(err)
	}
	g := textfmt.MustParse(wiki)
	if u.Status != "unique" || len(u.Clues) != g.Givens() {
		t.Fatalf("status %s, %d clues", u.Status, len(u.Clues))
	}
	for _, c := range u.Clues {
		i := cellIndex(t, c.Cells[0])
		p := g.Clone()
		p.SetCell(i, 0)
		n, _ := verify.Count(p, 2)
		if c.Kind != "given" || c.Digit != g.Cell(i) || c.Needed == nil || *c.Needed != (n > 1) {
			t.Errorf("%+v: the counter finds %d solutions without it", c, n)
		}
		if c.Witness != "" {
			if err := verify.Solution(p, textfmt.MustParse(c.Witness)); err != nil {
				t.Errorf("%+v: %v", c, err)
			}
		}
	}
	var m cluesJSON
	if err := json.Unmarshal([]byte(lines[1]), &m); err != nil {
		t.Fatal(err)
	}
	h := textfmt.MustParse(few)
	want, _ := verify.Count(h, 1000)
	if m.Status != "multiple" || m.Count != want || len(m.Suggest) == 0 {
		t.Fatalf("status %s, count %d (counter %d), %d suggestions", m.Status, m.Count, want, len(m.Suggest))
	}
	for _, s := range m.Suggest {
		p := h.Clone()
		p.SetCell(cellIndex(t, s.Cell), s.Digit)
		if n, _ := verify.Count(p, 1000); n != s.Leaves {
			t.Errorf("%+v: the counter finds %d", s, n)
		}
	}
	if code != exitNegative {
		t.Errorf("exit %d, want %d (a puzzle is not unique)", code, exitNegative)
	}
}

// TestCluesAPI: /api/clues answers with the record of --format json.
func TestCluesAPI(t *testing.T) {
	s := testAPI(t, "", apiTimeout)
	const wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	body, err := s.answer(t.Context(), "clues", "json", []byte(wiki+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	var rec cluesJSON
	if err := json.Unmarshal(body, &rec); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	run([]string{"clues", "--format", "json", wiki}, nil, &out, io.Discard)
	var cli cluesJSON
	if err := json.Unmarshal(out.Bytes(), &cli); err != nil {
		t.Fatal(err)
	}
	if rec.Status != "unique" || len(rec.Clues) != 30 || !slices.Equal(rec.Removable, cli.Removable) {
		t.Errorf("api: %s, %d clues, removable %v; cli removable %v", rec.Status, len(rec.Clues), rec.Removable, cli.Removable)
	}
}

// TestCluesCertify: with --certify every redundant given of the
// Wikipedia puzzle is certified by the validator's count.
func TestCluesCertify(t *testing.T) {
	var out bytes.Buffer
	run([]string{"clues", "--certify", "--format", "json", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}, nil, &out, io.Discard)
	var rec struct {
		Clues []struct {
			Needed    bool `json:"needed"`
			Certified bool `json:"certified"`
		} `json:"clues"`
		RemovableCertified bool `json:"removable_certified"`
	}
	if err := json.Unmarshal(out.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	for k, c := range rec.Clues {
		if !c.Needed && !c.Certified || c.Needed && c.Certified {
			t.Errorf("clue %d: needed %v, certified %v", k, c.Needed, c.Certified)
		}
	}
	if len(rec.Clues) != 30 || !rec.RemovableCertified {
		t.Errorf("%d clues, removable set certified %v", len(rec.Clues), rec.RemovableCertified)
	}
}

// TestCluesSVG: clues --format svg draws the Wikipedia puzzle with each
// given the validator's counter finds redundant (the puzzle without it
// still has one solution) grey and struck through, and every other given
// drawn plainly (render's TestRedundant checks faded clues and rules).
func TestCluesSVG(t *testing.T) {
	const wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	var out, errb bytes.Buffer
	if code := run([]string{"clues", "--format", "svg", wiki}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	svg := out.String()
	g := textfmt.MustParse(wiki)
	struck := 0
	for i := range g.Len() {
		if g.Cell(i) == 0 {
			continue
		}
		p := g.Clone()
		p.SetCell(i, 0)
		n, _ := verify.Count(p, 2)
		cell := fmt.Sprintf(`data-cell="r%dc%d"`, i/9+1, i%9+1)
		at := strings.Index(svg, cell)
		end := strings.Index(svg[at:], "</g>")
		group := svg[at : at+end]
		if redundant := strings.Contains(group, `class="given redundant"`) && strings.Contains(group, `class="strike"`); redundant != (n == 1) {
			t.Errorf("r%dc%d: drawn redundant %v, the counter finds %d solutions without it", i/9+1, i%9+1, redundant, n)
		}
		if n == 1 {
			struck++
		}
	}
	if struck == 0 || strings.Count(svg, `class="strike"`) != struck {
		t.Errorf("%d struck givens, the counter finds %d redundant", strings.Count(svg, `class="strike"`), struck)
	}
}
