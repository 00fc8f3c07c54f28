package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// importedPayload returns the payload and the published solution of a
// puzzle of sudokupad/testdata/imported.txt (SudokuPad's own f-puzzles
// import of published puzzles) by the start of its name.
func importedPayload(t *testing.T, name string) (payload, solution string) {
	t.Helper()
	data, err := os.ReadFile("../../sudokupad/testdata/imported.txt")
	if err != nil {
		t.Skip(err)
	}
	for _, block := range strings.Split(string(data), "\n\n") {
		if !strings.HasPrefix(block, "# "+name) {
			continue
		}
		for _, line := range strings.Split(block, "\n") {
			switch {
			case strings.HasPrefix(line, "solution "):
				solution = line[len("solution "):]
			case strings.HasPrefix(line, "scl"):
				payload = line
			}
		}
		return payload, solution
	}
	t.Fatalf("%s: not in imported.txt", name)
	return "", ""
}

// TestLinkLostRules runs the CLI on SudokuPad links whose drawing lost a
// rule that the rules text states (SudokuPad's import drops
// nonconsecutive and the negative constraints): the verdict, "multiple",
// comes with a warning naming the rule and a note that it is for the
// rules as drawn, in the JSON record's warnings and on standard error;
// with the rule added by --rules the verdict is the published solution,
// unique.
func TestLinkLostRules(t *testing.T) {
	for _, tc := range []struct {
		name, rules, warn string
	}{
		{"Jan 25, 2021: Non-consecutive", "nonconsecutive", "the rules text names nonconsecutive"},
		{`"Bird in a Storm"`, "nonconsecutive,negative-ratio", "the rules text names negative Kropki dots"},
	} {
		p, sol := importedPayload(t, tc.name)
		link := "https://sudokupad.app/?puzzleid=" + p
		var stdout, stderr bytes.Buffer
		run([]string{"solve", "--unique", "--offline", "--format", "json", link}, strings.NewReader(""), &stdout, &stderr)
		var rec struct {
			Status   string
			Warnings []string
		}
		if err := json.Unmarshal(stdout.Bytes(), &rec); err != nil {
			t.Fatalf("%s: %v: %s", tc.name, err, stdout.String())
		}
		joined := strings.Join(rec.Warnings, "\n")
		if rec.Status != "multiple" || !strings.Contains(joined, tc.warn) || !strings.Contains(joined, `"multiple" is the verdict for the rules as drawn`) {
			t.Errorf("%s: status %s, warnings %q", tc.name, rec.Status, rec.Warnings)
		}
		if !strings.Contains(stderr.String(), "warning: "+tc.warn) || !strings.Contains(stderr.String(), "is the verdict for the rules as drawn") {
			t.Errorf("%s: standard error %q", tc.name, stderr.String())
		}
		stdout.Reset()
		stderr.Reset()
		run([]string{"solve", "--unique", "--offline", "--rules", tc.rules, link}, strings.NewReader(""), &stdout, &stderr)
		if got := strings.TrimSpace(stdout.String()); got != sol {
			t.Errorf("%s with --rules %s: %q (%s), want the published %s", tc.name, tc.rules, got, stderr.String(), sol)
		}
		if strings.Contains(stderr.String(), tc.warn) {
			t.Errorf("%s with --rules %s: the rule added is still warned about: %s", tc.name, tc.rules, stderr.String())
		}
	}
}

// TestRulesNegative checks --rules negative-xv and nonconsecutive on a
// puzzle of the classic text format against their meaning, by an outside
// check of the solution: no two orthogonal neighbours add up to 5 or 10,
// or hold consecutive digits.
func TestRulesNegative(t *testing.T) {
	n := 9
	if testing.Short() {
		n = 6 // the empty 9×9 takes 6 s under -race
	}
	for rules, bad := range map[string]func(a, b int) bool{
		"negative-xv":    func(a, b int) bool { return a+b == 5 || a+b == 10 },
		"nonconsecutive": func(a, b int) bool { return a-b == 1 || b-a == 1 },
	} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"solve", "--rules", rules, strings.Repeat(".", n*n)}, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("--rules %s: exit %d: %s", rules, code, stderr.String())
		}
		sol := strings.TrimSpace(stdout.String())
		if len(sol) != n*n {
			t.Fatalf("--rules %s: %q", rules, sol)
		}
		for i := range n * n {
			for _, j := range []int{i + 1, i + n} {
				if j < n*n && (j != i+1 || j%n != 0) && bad(int(sol[i]-'0'), int(sol[j]-'0')) {
					t.Errorf("--rules %s: %s: cells %d and %d hold %c and %c", rules, sol, i, j, sol[i], sol[j])
				}
			}
		}
	}
}

// TestFpuzzlesLostRules: an f-puzzles puzzle whose rules text states a
// rule that no key carries, and that draws a cosmetic line, answers
// "multiple" with a note naming both (JSON warnings and standard error);
// --rules nonconsecutive takes the rule off the note, not the line (a 4×4
// has no nonconsecutive solution: "none", with the line's note).
func TestFpuzzlesLostRules(t *testing.T) {
	row := `[{},{},{},{}]`
	puzzle := `{"size":4,"grid":[` + strings.Repeat(row+",", 3) + row + `],` +
		`"line":[{"lines":[["R1C1","R1C2"]]}],` +
		`"ruleset":"Normal sudoku rules apply. Orthogonally adjacent cells may not contain consecutive digits."}`
	path := filepath.Join(t.TempDir(), "p.json")
	if err := os.WriteFile(path, []byte(puzzle), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args         []string
		status, note string
	}{
		{nil, "multiple", `"multiple" is the verdict for the rules as drawn, without nonconsecutive and what a cosmetic line may stand for`},
		{[]string{"--rules", "nonconsecutive"}, "none", `"none" is the verdict for the rules as drawn, without what a cosmetic line may stand for`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append(append([]string{"unique", "--format", "json"}, tc.args...), path), strings.NewReader(""), &stdout, &stderr)
		var rec struct {
			Status   string
			Warnings []string
		}
		if err := json.Unmarshal(stdout.Bytes(), &rec); err != nil {
			t.Fatalf("%v: %v: %s", tc.args, err, stdout.String())
		}
		if code != exitNegative || rec.Status != tc.status || !slices.Contains(rec.Warnings, tc.note) {
			t.Errorf("%v: exit %d, status %s, warnings %q; want the note %q", tc.args, code, rec.Status, rec.Warnings, tc.note)
		}
		if !strings.Contains(stderr.String(), "warning: "+tc.note) {
			t.Errorf("%v: standard error %q", tc.args, stderr.String())
		}
	}
}
