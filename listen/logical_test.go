package listen_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/listen"
)

// basic returns the candidates of every empty cell of a classic 9×9 line
// that no digit of its row, column or box rules out, worked out here.
func basic(line string) [][]int {
	out := make([][]int, 81)
	for i := range 81 {
		if line[i] != '.' {
			continue
		}
		r, c := i/9, i%9
		for d := byte('1'); d <= '9'; d++ {
			ok := true
			for j := range 81 {
				rj, cj := j/9, j%9
				if line[j] == d && (rj == r || cj == c || rj/3 == r/3 && cj/3 == c/3) {
					ok = false
				}
			}
			if ok {
				out[i] = append(out[i], int(d-'0'))
			}
		}
	}
	return out
}

// position writes the f-puzzles JSON of a classic puzzle with the
// player's digits (a line, '.' for none) and centre marks.
func position(t *testing.T, givens, player string, marks [][]int) string {
	t.Helper()
	var obj map[string]any
	if err := json.Unmarshal([]byte(fpz(givens, nil)), &obj); err != nil {
		t.Fatal(err)
	}
	rows := obj["grid"].([]any)
	for i := range 81 {
		cell := rows[i/9].([]any)[i%9].(map[string]any)
		if player != "" && player[i] != '.' && givens[i] == '.' {
			cell["value"] = int(player[i] - '0')
		}
		if marks != nil && len(marks[i]) > 0 {
			cell["centerPencilMarks"] = marks[i]
		}
	}
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestStep(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	// Without marks, the first step shows the candidates.
	r := cl.ask("step", fpz(leet, nil))
	want := basic(leet)
	if r.Type != "logical" || r.IsValid == nil || !*r.IsValid || !strings.HasPrefix(r.Message, "Initial candidates.") || len(r.Cells) != 81 {
		t.Fatalf("first step: %s %q", r.Type, r.Message)
	}
	for i, c := range r.Cells {
		if leet[i] != '.' {
			if c.Value != int(leet[i]-'0') {
				t.Errorf("cell %d: value %d, want the given %c", i, c.Value, leet[i])
			}
			continue
		}
		if c.Value != 0 || !equal(c.Candidates, want[i]) {
			t.Errorf("cell %d: %d %v, want the candidates %v", i, c.Value, c.Candidates, want[i])
		}
	}
	// With those marks, steps follow until the grid is solved, each
	// keeping the solution's digit and taking something out.
	marks, player := want, leet
	for k := 0; ; k++ {
		if k == 100 {
			t.Fatal("100 steps and not solved")
		}
		r := cl.ask("step", position(t, leet, player, marks))
		if r.Type != "logical" || len(r.Cells) != 81 || strings.HasPrefix(r.Message, "Initial") {
			t.Fatalf("step %d: %s %q", k, r.Type, r.Message)
		}
		if strings.HasPrefix(r.Message, "Solved") {
			if player != leetSol {
				t.Errorf("solved at %s", player)
			}
			break
		}
		before, after := 0, 0
		next := []byte(player)
		for i, c := range r.Cells {
			sol := int(leetSol[i] - '0')
			before += len(marks[i])
			if c.Value != 0 {
				if c.Value != sol {
					t.Fatalf("step %d (%q): r%dc%d holds %d, the solution %d", k, r.Message, i/9+1, i%9+1, c.Value, sol)
				}
				next[i] = byte('0' + c.Value)
				marks[i] = nil
				continue
			}
			if !contains(c.Candidates, sol) {
				t.Fatalf("step %d (%q): r%dc%d loses the solution's %d", k, r.Message, i/9+1, i%9+1, sol)
			}
			marks[i] = c.Candidates
			after += len(c.Candidates)
		}
		if string(next) == player && after == before {
			t.Fatalf("step %d (%q) changes nothing", k, r.Message)
		}
		player = string(next)
	}
	// On an empty grid the techniques are stuck, and say so.
	all := make([][]int, 81)
	for i := range all {
		all[i] = []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	}
	if r := cl.ask("step", position(t, empty, "", all)); !strings.Contains(r.Message, "No logical steps found") || r.IsValid == nil || !*r.IsValid {
		t.Errorf("empty grid: %q", r.Message)
	}
	// The player's digits that clash make the board invalid.
	clash := "77" + empty[2:]
	if r := cl.ask("step", position(t, empty, clash, nil)); r.Type != "logical" || r.IsValid == nil || *r.IsValid || !strings.Contains(r.Message, "invalid") {
		t.Errorf("clashing digits: %s %q %v", r.Type, r.Message, r.IsValid)
	}
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func TestSolvePath(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	r := cl.ask("solvepath", fpz(leet, nil))
	if r.Type != "logical" || r.IsValid == nil || !*r.IsValid || !strings.HasSuffix(r.Message, "Solved!\n") || len(r.Cells) != 81 {
		t.Fatalf("%s %q", r.Type, r.Message)
	}
	for i, c := range r.Cells {
		if c.Value != int(leetSol[i]-'0') {
			t.Errorf("cell %d: %d, want %c", i, c.Value, leetSol[i])
		}
	}
	if n := strings.Count(r.Message, "\n"); n < 51 {
		t.Errorf("%d lines for 51 empty cells: %q", n, r.Message)
	}
	// Stuck: the message says so, and the cells keep every solution's
	// digits (the puzzle with nine solutions).
	r = cl.ask("solvepath", fpz(nine, nil))
	if !strings.Contains(r.Message, "No logical steps found") {
		t.Errorf("nine solutions: %q", r.Message)
	}
}

// inkala is Arto Inkala's "world's hardest sudoku" (2012), which logic
// cannot finish without trial.
const inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

// TestLogicalCandidates: with the "logical" option, a candidate no
// solution holds is -1 where logic keeps it, and the others are the counts
// without the option; on puzzles logic solves there is none (the Miracle
// Sudoku too, by the steps of its clues), on one it cannot finish there are.
func TestLogicalCandidates(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	mir, err := jsonOf(miracle)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct {
		name, js string
		basic    [][]int // the candidates logic may keep at most; nil: any
	}{{"leet", fpz(leet, nil), basic(leet)}, {"miracle", mir, nil}, {"inkala", fpz(inkala, nil), nil}} {
		plain := cl.ask("truecandidates", withOptions(t, p.js))
		logical := cl.ask("truecandidates", withOptions(t, p.js, "logical"))
		if len(plain.SolutionsPerCandidate) != 729 || len(logical.SolutionsPerCandidate) != 729 {
			t.Fatalf("%s: %q %q", p.name, plain.Message, logical.Message)
		}
		minus := 0
		for k, c := range logical.SolutionsPerCandidate {
			switch {
			case c == -1:
				minus++
				if plain.SolutionsPerCandidate[k] != 0 || p.basic != nil && !contains(p.basic[k/9], k%9+1) {
					t.Errorf("%s: candidate %d is -1, plain %d", p.name, k, plain.SolutionsPerCandidate[k])
				}
			case c != plain.SolutionsPerCandidate[k]:
				t.Errorf("%s: candidate %d: %d, plain %d", p.name, k, c, plain.SolutionsPerCandidate[k])
			}
		}
		if (minus > 0) != (p.name == "inkala") {
			t.Errorf("%s: %d logical candidates", p.name, minus)
		}
	}
}

// TestSolvePathClues: solvepath takes the clue steps of package logic: the
// Miracle Sudoku (two givens, its anti-knight, anti-king and
// nonconsecutive rules) is solved, with steps named after the
// nonconsecutive rule.
func TestSolvePathClues(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	mir, err := jsonOf(miracle)
	if err != nil {
		t.Fatal(err)
	}
	r := cl.ask("solvepath", mir)
	if !strings.HasSuffix(r.Message, "Solved!\n") || !strings.Contains(r.Message, "nonconsecutive r") {
		t.Fatalf("miracle: %q", r.Message)
	}
}

// TestDisabledLogic: "disabledlogic" switches families of techniques off
// for solvepath, step and the "logical" candidates, as the userscript's
// "Enable Logic" settings do in dclamage's solver: on a puzzle whose path
// takes pointing, none is taken with it off (names of no family are
// ignored, as there). Every family is tested in package logic.
func TestDisabledLogic(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	line := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" // Gordon Royle's 17
	names := map[string][]string{"pointing": {"pointing:", "claiming:"}}
	all := cl.ask("solvepath", fpz(line, nil))
	for fam, steps := range names {
		used := false
		for _, s := range steps {
			used = used || strings.Contains(all.Message, s)
		}
		if !used {
			t.Fatalf("the path takes no %s: the test proves nothing (%q)", fam, all.Message)
		}
	}
	off := fpz(line, map[string]any{"disabledlogic": []string{"Pointing", "no such logic"}})
	r := cl.ask("solvepath", off)
	for _, steps := range names {
		for _, s := range steps {
			if strings.Contains(r.Message, s) {
				t.Errorf("%s taken with it switched off: %q", s, r.Message)
			}
		}
	}
	if r.Message == all.Message {
		t.Error("the same path with techniques switched off")
	}
}
