package sudokupad

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// published is one puzzle of fpuzzles/testdata/published.txt: published
// f-puzzles puzzles with their published solutions.
type published struct {
	name, solution, puzzle string
}

func readPublished(t *testing.T) []published {
	t.Helper()
	f, err := os.Open("../fpuzzles/testdata/published.txt")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var out []published
	var cur published
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
			cur = published{}
		case strings.HasPrefix(line, "# ") && cur.name == "":
			cur.name = line[2:]
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "solution "):
			cur.solution = strings.TrimPrefix(line, "solution ")
		case strings.HasPrefix(line, "refused "):
			cur.solution = ""
		default:
			if cur.solution != "" {
				cur.puzzle = line
				out = append(out, cur)
			}
		}
	}
	return out
}

// fpuzzlesJSON returns the JSON object of an f-puzzles record.
func fpuzzlesJSON(t *testing.T, s string) fp {
	t.Helper()
	text := s
	if !strings.HasPrefix(s, "{") {
		var err error
		if text, err = lzstring.DecompressFromBase64(s); err != nil {
			t.Fatal(err)
		}
	}
	var f fp
	if err := json.Unmarshal([]byte(text), &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// ruleSet lists the rules of r as sorted lines, whatever the order in
// which they were added.
func ruleSet(r *satdoku.Rules) []string {
	var out []string
	for _, u := range r.Units() {
		out = append(out, fmt.Sprintf("unit %v %v", u.Kind, u.Cells))
	}
	for _, x := range r.Relations() {
		a, b := x.A, x.B
		if a > b && (x.Kind == satdoku.Different || x.Kind == satdoku.Equal) {
			a, b = b, a
		}
		out = append(out, fmt.Sprintf("relation %d %d %v %d", a, b, x.Kind, x.Value))
	}
	for _, c := range r.Constraints() {
		out = append(out, fmt.Sprintf("constraint %v %v %v %d %v %x", c.Kind, c.Cells, c.Coefs, c.Value, c.Digits, c.Mask))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestPublishedAsSudokuPad draws published f-puzzles puzzles as
// SudokuPad's f-puzzles import does, in SudokuPad's JSON, plain and
// shortened, as scl and ctc payloads, and checks that each reads the same
// puzzle as the f-puzzles link it came from — the same givens, the same
// rules — and that the published solution is the solution it carries and
// the validator passes it.
func TestPublishedAsSudokuPad(t *testing.T) {
	recs := readPublished(t)
	drawn := 0
	for _, rec := range recs {
		f := fpuzzlesJSON(t, rec.puzzle)
		want, err := fpuzzles.Read([]byte(rec.puzzle))
		if err != nil || want.Grid.N() > 9 {
			continue
		}
		f["solution"] = digitsOf(rec.solution)
		p, err := draw(f)
		var skip errSkip
		if errors.As(err, &skip) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := json.Marshal(p)
		for _, text := range []string{string(plain), zip(p)} {
			for _, prefix := range []string{"scl", "ctc"} {
				link := "https://sudokupad.app/" + prefix + compress(t, text)
				got, err := Read(link)
				if err != nil {
					t.Errorf("%s (%s): %v", rec.name, prefix, err)
					continue
				}
				if !got.Grid.Equal(want.Grid) {
					t.Errorf("%s: givens\n%v\nwant\n%v", rec.name, got.Grid, want.Grid)
				}
				if a, b := ruleSet(got.Grid.Rules()), ruleSet(want.Grid.Rules()); !slices.Equal(a, b) {
					t.Errorf("%s: rules differ\n%s", rec.name, diff(a, b))
				}
				if got.Solution == nil || got.Solution.String() != rec.solution {
					t.Errorf("%s: solution %v, want %s", rec.name, got.Solution, rec.solution)
				} else if err := verify.Solution(got.Grid, got.Solution); err != nil {
					t.Errorf("%s: the published solution breaks the rules read: %v", rec.name, err)
				}
			}
		}
		drawn++
	}
	t.Logf("%d of %d published puzzles drawn as SudokuPad draws them and read alike", drawn, len(recs))
	if drawn < 20 {
		t.Errorf("only %d puzzles drawn", drawn)
	}
}

func digitsOf(s string) []any {
	var out []any
	for _, r := range s {
		out = append(out, float64(r-'0'))
	}
	return out
}

// diff lists the lines of a not in b and of b not in a.
func diff(a, b []string) string {
	var sb strings.Builder
	for _, x := range a {
		if !slices.Contains(b, x) {
			fmt.Fprintf(&sb, "+ %s\n", x)
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			fmt.Fprintf(&sb, "- %s\n", x)
		}
	}
	return sb.String()
}

// compress compresses text with lz-string, as SudokuPad does.
func compress(t *testing.T, text string) string {
	t.Helper()
	s, err := lzstring.CompressToBase64(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var (
	_ = context.Background
	_ = http.StatusOK
	_ = httptest.NewServer
	_ = time.Second
	_ = textfmt.ReadArg
)
