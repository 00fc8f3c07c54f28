package sudokupad

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/rulestext"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// lostNames are the names of package rulestext that a warning may give
// for an f-puzzles key that SudokuPad's import drops.
var lostNames = map[string][]string{
	"nonconsecutive": {"nonconsecutive"},
	"disjointgroups": {"disjoint groups"},
	"negative":       {"nonconsecutive", "negative Kropki dots (all the dots are given)", "negative XV (all the X and V marks are given)"},
	"renban":         {"renban lines", "lines"}, "whispers": {"whispers lines", "lines"}, "regionsumline": {"region sum lines", "lines"},
	"zipperline": {"zipper lines", "lines"}, "entropicline": {"entropic lines", "lines"}, "modularline": {"modular lines", "lines"},
	"nabner": {"nabner lines", "lines"}, "doublearrow": {"arrows", "lines"}, "slowthermometer": {"slow thermometers", "thermometers", "lines"},
	"lockout": {"lockout lines", "lines"},
	"xsum":    {"X-sums"}, "skyscraper": {"skyscrapers"}, "rowindexer": {"indexer cells"}, "columnindexer": {"indexer cells"},
	"boxindexer": {"indexer cells"},
}

// linkForms are the forms of a link to a payload p that sudokupad.app
// and the CTC app write and that users paste: the path, /sudoku/, the
// puzzleid parameter raw (with its "+" unescaped) and escaped, the app
// host, SudokuPad's URL scheme, and the bare payload.
func linkForms(p string) []string {
	return []string{
		"https://sudokupad.app/" + p,
		"https://sudokupad.app/sudoku/" + p,
		"https://sudokupad.app/?puzzleid=" + p,
		"https://sudokupad.app/?puzzleid=" + strings.NewReplacer("+", "%2B", "/", "%2F", "=", "%3D").Replace(p),
		"https://app.crackingthecryptic.com/sudoku/" + p + "?setting-nogrid=1",
		"https://beta.sudokupad.app/" + p,
		"sudokupad://puzzle/" + p,
		p,
	}
}

// TestLostRules draws the published puzzles as SudokuPad's f-puzzles
// import draws them, dropping what it drops (nonconsecutive, disjoint
// groups, negative constraints, renban and other lines it does not know),
// with the setter's rules text, and reads each in every link form. The
// published solution must keep the rules read; a puzzle whose rules read
// do not have the published solution as their only one (a verdict that
// would be wrong) must carry a warning naming a rule that was dropped.
func TestLostRules(t *testing.T) {
	recs := readPublished(t)
	var lostN, warned, right, plus int
	for _, rec := range recs {
		f := fpuzzlesJSON(t, rec.puzzle)
		if f["size"].(float64) > 9 {
			continue
		}
		f["solution"] = digitsOf(rec.solution)
		p, lost, err := draw(f)
		var skip errSkip
		if errors.As(err, &skip) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		scl := "scl" + compress(t, zip(p))
		if strings.Contains(scl, "+") {
			plus++
		}
		var first *Puzzle
		for _, link := range linkForms(scl) {
			got, err := Read(link)
			if err != nil {
				t.Errorf("%s: %.50s…: %v", rec.name, link, err)
				continue
			}
			if first == nil {
				first = got
			} else if !got.Grid.Equal(first.Grid) || !slices.Equal(ruleSet(got.Grid.Rules()), ruleSet(first.Grid.Rules())) {
				t.Errorf("%s: %.50s… reads another puzzle", rec.name, link)
			}
		}
		if first == nil {
			continue
		}
		if err := verify.Solution(first.Grid, first.Solution); err != nil {
			t.Errorf("%s: the published solution breaks the rules read: %v", rec.name, err)
		}
		if len(lost) == 0 {
			continue
		}
		lostN++
		res, err := satsolve.Unique(context.Background(), first.Grid, satsolve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status == backend.StatusUnique && res.Solution.String() == rec.solution {
			right++
			continue
		}
		named := slices.ContainsFunc(first.Unread, func(u rulestext.Rule) bool { return strings.HasPrefix(u.Name, "no rules") })
		for _, key := range lost {
			for _, u := range first.Unread {
				named = named || slices.Contains(lostNames[key], u.Name)
			}
		}
		if !named {
			t.Errorf("%s: dropped %v, verdict %v, and no warning names them (warnings %q)", rec.name, lost, res.Status, first.Warnings)
			continue
		}
		warned++
	}
	t.Logf("%d puzzles lost rules in SudokuPad's import: %d still unique and right, %d with a warning naming the rule; %d payloads hold a +", lostN, right, warned, plus)
	if lostN < 10 || plus < 10 {
		t.Errorf("only %d puzzles with lost rules, %d payloads with +", lostN, plus)
	}
}

// importedRec is a record of testdata/imported.txt.
type importedRec struct {
	name, solution, payload string
}

func readImported(t *testing.T) []importedRec {
	t.Helper()
	data, err := os.ReadFile("testdata/imported.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []importedRec
	for _, block := range strings.Split(string(data), "\n\n") {
		var rec importedRec
		for _, line := range strings.Split(block, "\n") {
			switch {
			case strings.HasPrefix(line, "# ") && rec.name == "":
				rec.name = line[2:]
			case strings.HasPrefix(line, "solution "):
				rec.solution = line[len("solution "):]
			case strings.HasPrefix(line, "scl"):
				rec.payload = line
			}
		}
		if rec.payload != "" {
			out = append(out, rec)
		}
	}
	return out
}

// TestImported reads the payloads that SudokuPad's own f-puzzles import
// wrote (testdata/imported.txt) in every link form, and holds each to its
// published solution: a puzzle read keeps the published solution, and
// satdoku's verdict is the published solution, unique, or the reading
// carries a warning naming a rule the rules text states and the drawing
// lacks. A refusal names an element that is no rule satdoku has a kind
// for in SudokuPad's import (a cosmetic line, text or shape; clone cells,
// whose pairs the import does not draw).
func TestImported(t *testing.T) {
	var read, right, warned, refused, plus int
	for _, rec := range readImported(t) {
		if strings.Contains(rec.payload, "+") {
			plus++
		}
		var first *Puzzle
		var firstErr error
		for k, link := range linkForms(rec.payload) {
			got, err := Read(link)
			if k == 0 {
				first, firstErr = got, err
				continue
			}
			switch {
			case (err == nil) != (firstErr == nil):
				t.Errorf("%s: %.50s…: %v, the path form: %v", rec.name, link, err, firstErr)
			case err == nil && (!got.Grid.Equal(first.Grid) || !slices.Equal(ruleSet(got.Grid.Rules()), ruleSet(first.Grid.Rules()))):
				t.Errorf("%s: %.50s… reads another puzzle", rec.name, link)
			}
		}
		if firstErr != nil {
			refused++
			if !errors.Is(firstErr, ErrUnsupported) {
				t.Errorf("%s: %v", rec.name, firstErr)
			}
			t.Logf("%s: refused: %v", rec.name, firstErr)
			continue
		}
		read++
		sol := first.Solution
		if sol == nil || sol.String() != rec.solution {
			t.Errorf("%s: solution %v, want the published %s", rec.name, sol, rec.solution)
			continue
		}
		if err := verify.Solution(first.Grid, sol); err != nil {
			t.Errorf("%s: the published solution breaks the rules read: %v", rec.name, err)
		}
		res, err := satsolve.Unique(context.Background(), first.Grid, satsolve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case res.Status == backend.StatusUnique && res.Solution.String() == rec.solution:
			right++
		case len(first.Unread) > 0:
			warned++
		default:
			t.Errorf("%s: verdict %v, and no warning names a rule (warnings %q)", rec.name, res.Status, first.Warnings)
		}
	}
	t.Logf("%d payloads of SudokuPad's import (%d with a +): %d read (%d unique and the published solution, %d with a warning naming a rule), %d refused",
		read+refused, plus, read, right, warned, refused)
}
