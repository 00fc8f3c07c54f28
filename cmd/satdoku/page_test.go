//go:build !(js && wasm)

package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/satdoku/satdoku/web"
)

// The page in a real browser (Debian's chromium, headless, driven by
// chromedp): served by "satdoku serve" (the answers computed by the
// server) and as the static folder of "make web" behind a plain file
// server (the answers computed by satdoku's js/wasm build in a Web
// Worker). Each puzzle is opened with ?puzzle= or ?load=, and the page's
// hooks (id="verdict", data-cell, data-digit, data-highlight,
// id="solution") are checked against published solutions and against a
// checker of the rules written here. A screenshot of each is saved in
// $SATDOKU_SCREENSHOTS, or in a temporary folder.

// pageCase is a puzzle for the page and what it must show.
type pageCase struct {
	name    string
	query   string // ?puzzle=… or ?load=…
	verdict string // the first word of the verdict
	n       int
	// solution is the published solution of a unique puzzle.
	solution string
	// givens is a classic puzzle whose solutions the test checks itself
	// (the multiple-solution case).
	givens string
}

// published reads the record named name from fpuzzles' published
// puzzles: its solution and its load string.
func published(t *testing.T, name string) (solution, load string) {
	t.Helper()
	f, err := os.Open("../../fpuzzles/testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	in := false
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, `# "`+name+`"`):
			in = true
		case in && strings.HasPrefix(line, "solution "):
			solution = strings.TrimPrefix(line, "solution ")
		case in && solution != "" && strings.HasPrefix(line, "N4Ig"):
			return solution, line
		}
	}
	t.Fatalf("no published puzzle %q with a load string", name)
	return "", ""
}

func pageCases(t *testing.T) []pageCase {
	classic := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	cases := []pageCase{
		{name: "classic", query: "?puzzle=" + classic, verdict: "unique", n: 9,
			solution: "534678912672195348198342567859761423426853791713924856961537284287419635345286179"},
		// The classic puzzle without eight of its givens: many solutions.
		{name: "multiple", query: "?puzzle=" + "5...7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....4.9..5....8...9",
			verdict: "multiple", n: 9, givens: "5...7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....4.9..5....8...9"},
		// Row 1 needs a 9 in r1c9, where column 9 has one: no solution,
		// though no two givens clash.
		{name: "none", query: "?puzzle=12345678.........9" + strings.Repeat(".", 63), verdict: "none", n: 9},
		{name: "invalid", query: "?puzzle=11" + strings.Repeat(".", 79), verdict: "invalid", n: 9},
	}
	for _, v := range []struct{ name, title string }{
		{"killer", "6x6 Extreme Killer"},
		{"thermo", "Just add Color"},
		{"jigsaw", "Irregular 7x7 Kropki"},
	} {
		sol, load := published(t, v.title)
		n := map[int]int{36: 6, 49: 7, 81: 9}[len(sol)]
		cases = append(cases, pageCase{name: v.name, query: "?load=" + load, verdict: "unique", n: n, solution: sol})
	}
	return cases
}

// buildWeb makes the folder of "make web" in dir: the page, satdoku built
// for js/wasm, and Go's wasm_exec.js.
func buildWeb(t *testing.T, dir string) {
	t.Helper()
	if err := os.CopyFS(dir, web.Files()); err != nil {
		t.Fatal(err)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", filepath.Join(dir, "satdoku.wasm"), ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build the wasm: %v\n%s", err, out)
	}
}

// chromium returns the browser's path; the test skips without one,
// unless CI=true.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no chromium: .ci/run installs it")
	}
	t.Skip("no chromium")
	return ""
}

func TestPage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the wasm and runs a browser")
	}
	browser := chromium(t)
	shots := os.Getenv("SATDOKU_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	static := t.TempDir()
	buildWeb(t, static)
	served := httptest.NewServer(serveHandler(testAPI(t, "", time.Minute), false))
	defer served.Close()
	files := httptest.NewServer(http.FileServer(http.Dir(static)))
	defer files.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Flag("disable-dev-shm-usage", true), chromedp.WindowSize(1100, 820))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Run(bctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	cases := pageCases(t)
	for _, src := range []struct{ name, base string }{{"serve", served.URL}, {"static", files.URL}} {
		for _, tc := range cases {
			t.Run(src.name+"/"+tc.name, func(t *testing.T) {
				ctx, cancel := chromedp.NewContext(bctx)
				defer cancel()
				ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
				defer cancel()
				runPage(t, ctx, src.base+"/"+tc.query, tc, filepath.Join(shots, src.name+"-"+tc.name+".png"))
			})
		}
	}
	// A phone-sized screen.
	t.Run("phone", func(t *testing.T) {
		ctx, cancel := chromedp.NewContext(bctx)
		defer cancel()
		ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
		defer cancel()
		var width int
		var buf []byte
		err := chromedp.Run(ctx, chromedp.EmulateViewport(390, 844),
			chromedp.Navigate(files.URL+"/"+cases[0].query),
			chromedp.Poll(`document.getElementById('verdict').className !== ''`, nil),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
			chromedp.FullScreenshot(&buf, 100))
		if err != nil {
			t.Fatal(err)
		}
		if width > 390 {
			t.Errorf("the page is %d px wide on a 390 px screen", width)
		}
		save(t, filepath.Join(shots, "phone.png"), buf)
	})
	t.Logf("screenshots in %s", shots)
}

func save(t *testing.T, path string, png []byte) {
	t.Helper()
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Error(err)
	}
}

// boardState is what the board shows: each cell's digit ("" for none) and
// the highlighted cells.
type boardState struct {
	Digits    map[string]string `json:"digits"`
	Highlight []string          `json:"highlight"`
}

const readBoard = `(() => {
	const digits = {}, highlight = [];
	for (const g of document.querySelectorAll('#board [data-cell]')) {
		digits[g.dataset.cell] = g.dataset.digit || '';
		if (g.dataset.highlight) highlight.push(g.dataset.cell);
	}
	return {digits, highlight};
})()`

func runPage(t *testing.T, ctx context.Context, u string, tc pageCase, shot string) {
	var verdict, ms string
	var b boardState
	start := time.Now()
	err := chromedp.Run(ctx,
		chromedp.Navigate(u),
		chromedp.Poll(`document.getElementById('verdict').className !== ''`, nil),
		chromedp.Text("#verdict", &verdict, chromedp.ByID),
		chromedp.AttributeValue("#verdict", "data-ms", &ms, nil, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("%s: %v", u, err)
	}
	t.Logf("%s: %q after %s ms (page), %v (test)", tc.name, verdict, ms, time.Since(start).Round(time.Millisecond))
	if !strings.HasPrefix(verdict, tc.verdict) {
		t.Fatalf("verdict %q, want %s", verdict, tc.verdict)
	}
	switch tc.verdict {
	case "unique":
		// The pencil marks are on, and the keyboard reads them: two
		// arrows from r1c1 reach r2c2, whose only true candidate is its
		// digit of the solution (or its given).
		var info string
		err = chromedp.Run(ctx,
			chromedp.Poll(`document.querySelector('#board .marks') !== null`, nil),
			chromedp.Focus("#board", chromedp.ByID),
			chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowDown),
			chromedp.Text("#cell-info", &info, chromedp.ByID))
		if err != nil {
			t.Fatal(err)
		}
		if d := string(tc.solution[tc.n+1]); info != "r2c2: candidates "+d && info != "r2c2: given "+d {
			t.Errorf("the keyboard reads %q at r2c2, want its digit %s", info, d)
		}
		// The logical path lists steps (or says that it needs trial).
		var steps int
		err = chromedp.Run(ctx,
			chromedp.Click("#path-box summary", chromedp.ByQuery),
			chromedp.Poll(`document.querySelectorAll('#path li').length > 0`, nil),
			chromedp.Evaluate(`document.querySelectorAll('#path li').length`, &steps))
		if err != nil {
			t.Fatal(err)
		}
		if tc.name == "classic" && steps < 40 {
			t.Errorf("classic: a logical path of %d steps (it has at least one per empty cell, 51)", steps)
		}
		// The hint marks its cells; then the solution fills the board.
		var hint string
		err = chromedp.Run(ctx,
			chromedp.Click("#hint-btn", chromedp.ByID),
			chromedp.Poll(`document.getElementById('hint').textContent !== ''`, nil),
			chromedp.Text("#hint", &hint, chromedp.ByID),
			chromedp.Evaluate(readBoard, &b))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(hint, "Hint: ") || len(b.Highlight) == 0 && !strings.Contains(hint, "trial") {
			t.Errorf("hint %q with highlighted cells %v", hint, b.Highlight)
		}
		var line string
		err = chromedp.Run(ctx,
			chromedp.Click("#solution-btn", chromedp.ByID),
			chromedp.Poll(`document.getElementById('solution').textContent !== '' && document.querySelector('#board text.solved, #board [data-cell]:not([data-digit])') !== null`, nil),
			chromedp.Poll(`[...document.querySelectorAll('#board [data-cell]')].every(g => g.dataset.digit)`, nil),
			chromedp.Text("#solution", &line, chromedp.ByID),
			chromedp.Evaluate(readBoard, &b))
		if err != nil {
			t.Fatal(err)
		}
		if line != tc.solution {
			t.Errorf("solution %s, want the published %s", line, tc.solution)
		}
		checkDigits(t, b, tc.n, tc.solution)
	case "multiple":
		var reason string
		err = chromedp.Run(ctx, chromedp.Poll(`document.querySelector('#board [data-highlight]') !== null`, nil),
			chromedp.Text("#reason", &reason, chromedp.ByID), chromedp.Evaluate(readBoard, &b))
		if err != nil {
			t.Fatal(err)
		}
		second := reason[strings.LastIndex(reason, " ")+1:]
		shown := ""
		for i := range 81 {
			shown += b.Digits[cellName(i, 9)]
		}
		for _, s := range []string{shown, second} {
			if err := classicSolution(tc.givens, s); err != nil {
				t.Errorf("%s: %v", s, err)
			}
		}
		var differ []string
		for i := range 81 {
			if shown[i] != second[i] {
				differ = append(differ, cellName(i, 9))
			}
		}
		if len(differ) == 0 || strings.Join(differ, " ") != strings.Join(b.Highlight, " ") {
			t.Errorf("highlighted %v, the two solutions differ at %v", b.Highlight, differ)
		}
	case "invalid":
		if err := chromedp.Run(ctx, chromedp.Poll(`document.querySelectorAll('#board [data-highlight]').length === 2`, nil),
			chromedp.Evaluate(readBoard, &b)); err != nil {
			t.Fatal(err)
		}
		if strings.Join(b.Highlight, " ") != "r1c1 r1c2" {
			t.Errorf("highlighted %v, want the clashing r1c1 r1c2", b.Highlight)
		}
	case "none":
		if err := chromedp.Run(ctx, chromedp.Poll(`document.querySelectorAll('#board [data-cell]').length === 81`, nil),
			chromedp.Evaluate(readBoard, &b)); err != nil {
			t.Fatal(err)
		}
		if b.Digits["r1c1"] != "1" || b.Digits["r2c9"] != "9" || b.Digits["r1c9"] != "" {
			t.Errorf("the givens are not drawn: %v", b.Digits)
		}
	}
	var png []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Fatal(err)
	}
	save(t, shot, png)
}

func cellName(i, n int) string { return fmt.Sprintf("r%dc%d", i/n+1, i%n+1) }

// checkDigits compares every cell of the board with the solution.
func checkDigits(t *testing.T, b boardState, n int, sol string) {
	t.Helper()
	if len(b.Digits) != n*n {
		t.Fatalf("%d cells on the board, want %d", len(b.Digits), n*n)
	}
	for i := range n * n {
		if got, want := b.Digits[cellName(i, n)], string(sol[i]); got != want {
			t.Errorf("%s shows %q, want %s", cellName(i, n), got, want)
		}
	}
}

// classicSolution checks s, on its own: 81 digits, each row, column and
// 3×3 box holding 1 to 9 once, and the givens kept.
func classicSolution(givens, s string) error {
	if len(s) != 81 {
		return fmt.Errorf("%d cells", len(s))
	}
	for i := range 81 {
		if givens[i] != '.' && givens[i] != s[i] {
			return fmt.Errorf("given %s changed", cellName(i, 9))
		}
	}
	for u := range 9 {
		var row, col, box [10]bool
		for k := range 9 {
			for _, p := range []struct {
				seen *[10]bool
				i    int
			}{{&row, u*9 + k}, {&col, k*9 + u}, {&box, (u/3*3+k/3)*9 + u%3*3 + k%3}} {
				d := s[p.i] - '0'
				if d < 1 || d > 9 || p.seen[d] {
					return fmt.Errorf("unit %d: digit %c repeats or is not a digit", u, s[p.i])
				}
				p.seen[d] = true
			}
		}
	}
	return nil
}
