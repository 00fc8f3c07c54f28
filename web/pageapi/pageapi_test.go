package pageapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

const (
	classic    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	puzzle872  = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
	// From Peter Norvig's top95: its first step is a pointing pair.
	pointing = "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9."
)

// ask asks q of puzzle and decodes the answer.
func ask(t *testing.T, q, puzzle string, steps int) map[string]any {
	t.Helper()
	body, _ := json.Marshal(Request{Puzzle: puzzle, Steps: steps})
	out, err := Answer(context.Background(), q, body, Options{})
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("%s: %v in %s", q, err, out)
	}
	return m
}

// TestRead: an empty box, text that is no puzzle, and two puzzles are
// answers that say what is wrong, in the user's words.
func TestRead(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"empty", "  \n", "no puzzle: the box is empty"},
		{"short", classic[:80], "cannot read the puzzle: line 1, column 81: 80 cells, want 81"},
		{"two", classic + "\n" + puzzle872 + "\n", "two puzzles: the first on line 1 and a second puzzle on line 2"},
		{"bad json", `{"size":9,"grid":[[]]`, "cannot read the puzzle"},
	} {
		m := ask(t, "view", c.in, 0)
		if msg, _ := m["error"].(string); !strings.HasPrefix(msg, c.want) {
			t.Errorf("%s: error %q, want %q…", c.name, msg, c.want)
		}
		if strings.Contains(fmt.Sprint(m["error"]), "textfmt") || strings.Contains(fmt.Sprint(m["error"]), "fpuzzles:") {
			t.Errorf("%s: %q names a package", c.name, m["error"])
		}
	}
	if _, err := Answer(context.Background(), "solve", []byte(`{"puzzle":"x"}`), Options{}); !errors.Is(err, ErrQuestion) {
		t.Errorf("an unknown question: %v", err)
	}
	if _, err := Answer(context.Background(), "view", []byte(`puzzle`), Options{}); !errors.Is(err, ErrQuestion) {
		t.Errorf("a body that is not JSON: %v", err)
	}
}

// TestViewNoSpoilers: a puzzle that carries its solution is drawn with its
// givens alone.
func TestViewNoSpoilers(t *testing.T) {
	m := ask(t, "view", classic+" "+classicSol, 0)
	svg, _ := m["svg"].(string)
	digits := regexp.MustCompile(`data-digit="(\d)"`).FindAllStringSubmatch(svg, -1)
	givens := 81 - strings.Count(classic, ".")
	if len(digits) != givens || m["givens"] != classic {
		t.Errorf("the board shows %d digits, the puzzle gives %d (givens %v)", len(digits), givens, m["givens"])
	}
	if strings.Contains(svg, `class="solved"`) {
		t.Error("the board draws solved digits")
	}
}

// TestCandidates872: the README's puzzle with 872 solutions (verify's own
// count): each empty cell's counts add up to 872, and each candidate's
// count is verify's count of the puzzle with it placed.
func TestCandidates872(t *testing.T) {
	g := textfmt.MustParse(puzzle872)
	if n, _ := verify.Count(g, 1000); n != 872 {
		t.Fatalf("verify counts %d", n)
	}
	c := ask(t, "count", puzzle872, 0)
	if c["count"] != 872.0 || c["more"] != false {
		t.Errorf("count %v more %v, want 872", c["count"], c["more"])
	}
	m := ask(t, "candidates", puzzle872, 0)
	marks, _ := m["marks"].([]any)
	counts, _ := m["counts"].([]any)
	checked := 0
	for i := range 81 {
		if g.Cell(i) != 0 {
			if marks[i] != "" {
				t.Errorf("given cell %d has marks %v", i, marks[i])
			}
			continue
		}
		ks, _ := counts[i].([]any)
		sum := 0
		for k, ch := range marks[i].(string) {
			d := int(ch - '0')
			n := int(ks[k].(float64))
			sum += n
			if testing.Short() && checked >= 20 {
				continue
			}
			h := g.Clone()
			h.SetCell(i, d)
			if want, _ := verify.Count(h, 1000); want != n {
				t.Errorf("r%dc%d digit %d: %d solutions, verify counts %d", i/9+1, i%9+1, d, n, want)
			}
			checked++
		}
		if sum != 872 {
			t.Errorf("cell %d: counts %v add up to %d", i, ks, sum)
		}
	}
}

// TestHint: the first hint of a hard puzzle removes candidates no solution
// holds, from the candidates of the position; after it, the next hint
// starts from the position it left.
func TestHint(t *testing.T) {
	sol := solveClassic(t, pointing)
	m := ask(t, "hint", pointing, 0)
	st, _ := m["step"].(map[string]any)
	el, _ := st["eliminate"].([]any)
	if m["status"] != "hint" || len(el) != 5 {
		t.Fatalf("hint %v", m)
	}
	marks := m["marks"].([]any)
	for _, e := range el {
		e := e.(map[string]any)
		var r, c int
		fmt.Sscanf(e["cell"].(string), "r%dc%d", &r, &c)
		i, d := (r-1)*9+c-1, int(e["digit"].(float64))
		if int(sol[i]-'0') == d {
			t.Errorf("the hint removes %d from r%dc%d, the solution's digit", d, r, c)
		}
		if !strings.ContainsRune(marks[i].(string), rune('0'+d)) {
			t.Errorf("r%dc%d: %d removed, not among the marks %v", r, c, d, marks[i])
		}
	}
	// Step play: five steps on, the digits placed are the solution's.
	m = ask(t, "hint", pointing, 5)
	if m["steps"] != 5.0 {
		t.Fatalf("steps %v", m["steps"])
	}
	for i, p := range m["placed"].([]any) {
		if p != "" && p.(string)[0] != sol[i] {
			t.Errorf("cell %d: placed %v, the solution has %c", i, p, sol[i])
		}
	}
}

func solveClassic(t *testing.T, puzzle string) string {
	t.Helper()
	m := ask(t, "solution", puzzle, 0)
	s, _ := m["solution"].(string)
	if m["status"] != "unique" || len(s) != 81 {
		t.Fatalf("solution %v", m)
	}
	h := textfmt.MustParse(s)
	if err := verify.Solution(textfmt.MustParse(puzzle), h); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestClues: the classic is not minimal: each given the report calls
// redundant leaves it unique by verify's count, each needed one does not.
func TestClues(t *testing.T) {
	if testing.Short() {
		t.Skip("30 questions")
	}
	g := textfmt.MustParse(classic)
	m := ask(t, "clues", classic, 0)
	redundant := 0
	for _, c := range m["clues"].([]any) {
		c := c.(map[string]any)
		var r, col int
		fmt.Sscanf(c["cells"].([]any)[0].(string), "r%dc%d", &r, &col)
		h := g.Clone()
		h.SetCell((r-1)*9+col-1, 0)
		n, _ := verify.Count(h, 2)
		if needed := c["needed"] == true; needed != (n == 2) {
			t.Errorf("%v: needed %v, but verify counts %d without it", c["text"], needed, n)
		}
		if c["needed"] == false {
			redundant++
		}
	}
	if redundant == 0 {
		t.Error("no redundant given")
	}
}

// TestPath: a puzzle the techniques cannot finish says where they stop.
func TestPath(t *testing.T) {
	m := ask(t, "path", classic, 0)
	if m["status"] != "solved" || len(m["path"].([]any)) < 51 {
		t.Errorf("classic: %v with %d steps", m["status"], len(m["path"].([]any)))
	}
	// The multiple-solution puzzle: the logic stops short.
	m = ask(t, "path", puzzle872, 0)
	end, _ := m["end"].(map[string]any)
	if m["status"] != "trial" || end == nil || end["empty"].(float64) == 0 {
		t.Errorf("872: status %v, end %v", m["status"], end)
	}
}

// TestCandidatesMany: past CountLimit solutions, each candidate is counted
// up to CandidateCap; the marks are the true candidates all the same
// (verify finds a solution with each, and none with a digit left out).
func TestCandidatesMany(t *testing.T) {
	// The 872-solution puzzle without three of its givens: 1,914 solutions.
	many := "8.........95.......76..........26798...5.1243...89.165......916....3.487....1.532"
	g := textfmt.MustParse(many)
	if n, _ := verify.Count(g, CountLimit+1); n <= CountLimit {
		t.Fatalf("%d solutions, want more than %d", n, CountLimit)
	}
	for _, hint := range []bool{false, true} {
		body, _ := json.Marshal(Request{Puzzle: many, Many: hint})
		out, err := Answer(context.Background(), "candidates", body, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var m struct {
			Marks  []string
			Counts [][]int
			Cap    int
		}
		if err := json.Unmarshal(out, &m); err != nil {
			t.Fatal(err)
		}
		if m.Cap != CandidateCap {
			t.Errorf("cap %d, want %d", m.Cap, CandidateCap)
		}
		for i := range 81 {
			if g.Cell(i) != 0 {
				continue
			}
			for d := 1; d <= 9; d++ {
				h := g.Clone()
				h.SetCell(i, d)
				n, _ := verify.Count(h, CandidateCap)
				k := strings.IndexRune(m.Marks[i], rune('0'+d))
				switch {
				case n == 0 && k >= 0:
					t.Errorf("cell %d: %d shown, no solution holds it", i, d)
				case n > 0 && k < 0:
					t.Errorf("cell %d: %d left out, %d solutions hold it", i, d, n)
				case k >= 0 && m.Counts[i][k] != n:
					t.Errorf("cell %d digit %d: count %d, verify counts %d (up to %d)", i, d, m.Counts[i][k], n, CandidateCap)
				}
			}
		}
	}
}

// TestLinks: each link the page offers reads back, with satdoku's own
// reader of that tool, as a puzzle with the classic's one solution (the
// published one); a tool that cannot hold a rule (f-puzzles and an
// automaton line) is refused by name, with no link.
func TestLinks(t *testing.T) {
	m := ask(t, "links", classic, 0)
	ls, _ := m["links"].(map[string]any)
	if len(ls) != 3 {
		t.Fatalf("links for the classic: %v", m)
	}
	for format, v := range ls {
		url, _ := v.(string)
		if !strings.HasPrefix(url, "https://") {
			t.Errorf("%s: %q is no link", format, url)
			continue
		}
		if a := ask(t, "solution", url, 0); a["status"] != "unique" || a["solution"] != classicSol {
			t.Errorf("%s: the link's puzzle: %v, want unique %s", format, a, classicSol)
		}
	}
	// ISS's Successor Arrows (6×6, regular expressions): ISS holds it,
	// f-puzzles has no automaton.
	const arrows = ".Shape~6x6.Regex~KDEyfDIuM3wzLi40fDQuLi41fDUuLi4uNikuKg~R1C5~R1C4~R1C3~R1C2~R1C1~~R2C6~R2C5~R2C4~R2C3~R2C2~R2C1~~R4C1~R4C2~R4C3~R4C4~R4C5~R4C6~~R6C4~R6C5~R6C6~~R6C5~R6C4~R6C3~R6C2~R6C1.Regex~LiooMTJ8MjQpLio~R1C1~R2C1~R3C1~R4C1~R5C1~R6C1~~R1C2~R2C2~R3C2~R4C2~R5C2~R6C2~~R1C3~R2C3~R3C3~R4C3~R5C3~R6C3~~R1C4~R2C4~R3C4~R4C4~R5C4~R6C4~~R1C5~R2C5~R3C5~R4C5~R5C5~R6C5~~R1C6~R2C6~R3C6~R4C6~R5C6~R6C6"
	m = ask(t, "links", arrows, 0)
	ls, _ = m["links"].(map[string]any)
	refused, _ := m["refused"].(map[string]any)
	if _, ok := ls["iss-link"].(string); !ok {
		t.Errorf("no ISS link for an ISS puzzle: %v", m)
	}
	if why, _ := refused["fpuzzles-link"].(string); !strings.Contains(why, "automaton") || ls["fpuzzles-link"] != nil {
		t.Errorf("f-puzzles link of an automaton: %v", m)
	}
}

// TestUserWords: whatever the page asks of puzzles that some questions do
// not fit (a grid that is not square, var cells, values from 0, a puzzle
// with no solution, text that is no puzzle), no answer, reason or error
// names this module's packages ("logic: rules not supported" reached the
// page's hint and rate answers).
func TestUserWords(t *testing.T) {
	internal := regexp.MustCompile(`\b(satsolve|extsolve|encode|checked|verify|portfolio|generate|logic|drat|textfmt|backend|answer|pageapi|iss|clue): `)
	for _, puzzle := range []string{
		".Shape~2x3.~R1C1_1~R2C2_3",
		".Shape~4x4~0-3.~R1C1_0",
		".Var~A~a~2.Shape~4x4.~VA1_1",
		"11" + strings.Repeat(".", 14),
		"no puzzle here",
	} {
		for _, q := range Questions {
			body, _ := json.Marshal(Request{Puzzle: puzzle})
			out, err := Answer(context.Background(), q, body, Options{})
			text := string(out)
			if err != nil {
				text += err.Error()
			}
			if m := internal.FindString(text); m != "" {
				t.Errorf("%s of %q: %q reaches the user: %s", q, puzzle, m, text)
			}
		}
	}
}

// TestNamesAndValues: the page's answers name a var cell as the puzzle
// does (VS2, not r5c2 past a 4×4 grid) and a board's values as it shows
// them (a 0–3 board's conflicting 3s, not 4s; its givens' values in the
// clue report, 0 too).
func TestNamesAndValues(t *testing.T) {
	// The grid pinned, VS1 the arrow's total: the solutions differ in the
	// free var cell VS2 alone.
	m := ask(t, "verdict", ".Shape~4x4.Var~S~sum~2.Arrow~VS1~R1C1~R1C2.~R3C3_4~R4C4_1~R2C2_4~R1C1_2~R1C2_1~R2C1_3~R3C1_1", 0)
	if d, _ := json.Marshal(m["differ"]); m["status"] != "multiple" || string(d) != `["VS2"]` {
		t.Errorf("verdict: %v", m)
	}
	m = ask(t, "view", ".Shape~4x4~0-3.~R1C1_0~R1C2_1~R2C3_3~R3C1_2~R4C4_2~R2C1_3", 0)
	check, _ := m["check"].(map[string]any)
	if c, _ := json.Marshal(check["conflicts"]); string(c) != `["r2c1 and r2c3 both hold 3 (row 2)"]` {
		t.Errorf("view: %v", m["check"])
	}
	if testing.Short() {
		return // the clue report asks a question per clue
	}
	m = ask(t, "clues", ".Shape~4x4~0-3.~R1C1_0~R1C2_1~R2C1_2~R3C3_3~R4C4_0~R2C4_1~R3C2_0", 0)
	want := map[string]float64{"r1c1": 0, "r1c2": 1, "r2c1": 2, "r3c3": 3, "r4c4": 0, "r2c4": 1, "r3c2": 0}
	clues, _ := m["clues"].([]any)
	if len(clues) != len(want) {
		t.Fatalf("clues: %v", m)
	}
	for _, c := range clues {
		c := c.(map[string]any)
		cell := c["cells"].([]any)[0].(string)
		if c["digit"] != want[cell] || c["text"] != fmt.Sprintf("given %v at %s", want[cell], cell) {
			t.Errorf("clue %v: want the value %v", c, want[cell])
		}
	}
}
