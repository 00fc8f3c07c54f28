//go:build !(js && wasm)

package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
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
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", filepath.Join(dir, "satdoku.wasm"), "../../web/wasm")
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

// The puzzles of the page's tests.
const (
	classicPuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	// The README's puzzle with 872 solutions (verify.Count counts them).
	puzzle872 = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
	// From Peter Norvig's top95 (../shared/data/norvig_top95.txt): its
	// first step is a pointing pair that removes five candidates.
	pointingPuzzle = "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9."
)

// thermoSetting is an f-puzzles puzzle being set: the first four rows of
// the classic's givens, two thermometers and a killer cage that its
// solution keeps, and a cosmetic line f-puzzles draws for looks; with a
// title, a setter and the rules in words. It has millions of solutions.
func thermoSetting() string {
	var rows []string
	for r := range 9 {
		var cells []string
		for c := range 9 {
			if ch := classicPuzzle[r*9+c]; r < 4 && ch != '.' {
				cells = append(cells, fmt.Sprintf(`{"value":%c,"given":true}`, ch))
			} else {
				cells = append(cells, "{}")
			}
		}
		rows = append(rows, "["+strings.Join(cells, ",")+"]")
	}
	return `{"size":9,"title":"Thermo in progress","author":"satdoku's tests","ruleset":"Normal sudoku rules apply. Digits along a thermometer increase from its bulb. Digits in the cage sum to its total.","grid":[` +
		strings.Join(rows, ",") + `],"thermometer":[{"lines":[["R8C1","R9C1","R9C2","R9C3"]]},{"lines":[["R7C5","R7C4","R6C4"]]}],` +
		`"killercage":[{"cells":["R1C8","R1C9","R2C9"],"value":"11"}],"line":[{"lines":[["R7C7","R8C8"]],"outlineC":"#FFA0A0","width":0.1}]}`
}

// cellView is what the page shows in a cell: its hooks.
type cellView struct {
	Digit, Candidates, Counts, Eliminate, Place, Clue, Highlight string
}

const readCells = `(() => {
	const out = {};
	for (const g of document.querySelectorAll('#board [data-cell]')) {
		const d = g.dataset;
		out[d.cell] = {Digit: d.digit || '', Candidates: d.candidates || '', Counts: d.counts || '',
			Eliminate: d.eliminate || '', Place: d.place || '', Clue: d.clue || '', Highlight: d.highlight || ''};
	}
	return out;
})()`

// pageRun is one page open in the browser.
type pageRun struct {
	t     *testing.T
	ctx   context.Context
	base  string
	shots string
	src   string
}

func (p *pageRun) run(actions ...chromedp.Action) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// open opens the page at query and waits for the verdict.
func (p *pageRun) open(query string) string {
	p.t.Helper()
	var v string
	p.run(chromedp.Navigate(p.base+"/"+query),
		chromedp.Poll(`document.getElementById('verdict').className !== ''`, nil),
		chromedp.Text("#verdict", &v, chromedp.ByID))
	return v
}

// blank opens the page with no puzzle, and waits for its back end.
func (p *pageRun) blank() {
	p.t.Helper()
	p.run(chromedp.Navigate(p.base+"/"), chromedp.Poll(`document.getElementById('engine').textContent !== ''`, nil))
}

// enter types text in the box, as a paste would leave it, and analyses it.
func (p *pageRun) enter(text string) string {
	p.t.Helper()
	var v string
	p.run(chromedp.Evaluate(`document.getElementById('verdict').className = ''`, nil),
		chromedp.Evaluate(`document.getElementById('input').value = `+strconv.Quote(text), nil),
		chromedp.Click("#go", chromedp.ByID),
		chromedp.Poll(`document.getElementById('verdict').className !== '' && document.getElementById('verdict').textContent !== 'working…'`, nil),
		chromedp.Text("#verdict", &v, chromedp.ByID))
	return v
}

func (p *pageRun) cells() map[string]cellView {
	p.t.Helper()
	var c map[string]cellView
	p.run(chromedp.Evaluate(readCells, &c))
	return c
}

func (p *pageRun) text(sel string) string {
	p.t.Helper()
	var s string
	p.run(chromedp.Text(sel, &s, chromedp.ByQuery))
	return s
}

func (p *pageRun) shot(name string) {
	p.t.Helper()
	var png []byte
	p.run(chromedp.FullScreenshot(&png, 100))
	save(p.t, filepath.Join(p.shots, p.src+"-"+name+".png"), png)
}

// noSpoilers checks that the board shows the givens and nothing else: no
// other digit, no marks, no counts.
func noSpoilers(t *testing.T, cells map[string]cellView, givens string, n int) {
	t.Helper()
	if len(cells) != n*n {
		t.Fatalf("%d cells on the board, want %d", len(cells), n*n)
	}
	for i := range n * n {
		name := cellName(i, n)
		c := cells[name]
		want := ""
		if ch := givens[i]; ch != '.' && ch != '0' {
			want = string(ch)
		}
		if c.Digit != want || c.Candidates != "" || c.Counts != "" {
			t.Errorf("%s shows digit %q, marks %q, counts %q unasked; the puzzle gives %q", name, c.Digit, c.Candidates, c.Counts, want)
		}
	}
}

// truth is the true candidates of a puzzle with the solutions that hold
// each, from package answer (every solution checked by the validator).
func truth(t *testing.T, text string) (*satdoku.Grid, answer.Marks) {
	t.Helper()
	p, ok, err := textfmt.ReadArg(text)
	if !ok || err != nil {
		t.Fatalf("read %q: %v", text, err)
	}
	m, err := answer.Candidates(context.Background(), p.Grid, answer.CandidateOptions{Limit: 1000, PerCandidate: 1000})
	if err != nil || m.More {
		t.Fatalf("candidates: %v (more than 1000 solutions: %v)", err, m.More)
	}
	return p.Grid, m
}

// checkCandidates compares the candidates and counts shown with the truth.
func checkCandidates(t *testing.T, cells map[string]cellView, g *satdoku.Grid, m answer.Marks) {
	t.Helper()
	n := g.N()
	for i := range n * n {
		name := cellName(i, n)
		var want, counts []string
		if g.Cell(i) == 0 {
			for d := 1; d <= n; d++ {
				if m.Marks[i]&(1<<(d-1)) != 0 {
					want = append(want, fmt.Sprint(d))
					counts = append(counts, fmt.Sprintf("%d:%d", d, m.Counts[i*n+d-1]))
				}
			}
		}
		if got := cells[name]; got.Candidates != strings.Join(want, "") || got.Counts != strings.Join(counts, ",") {
			t.Errorf("%s shows candidates %q with counts %q, want %q with %q", name, got.Candidates, got.Counts, strings.Join(want, ""), strings.Join(counts, ","))
		}
	}
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

	bctx := startBrowser(t, browser)
	for _, src := range []struct{ name, base string }{{"serve", served.URL}, {"static", files.URL}} {
		for _, c := range pageTests {
			t.Run(src.name+"/"+c.name, func(t *testing.T) {
				ctx, cancel := chromedp.NewContext(bctx)
				defer cancel()
				ctx, cancel = context.WithTimeout(ctx, 3*time.Minute)
				defer cancel()
				c.run(&pageRun{t: t, ctx: ctx, base: src.base, shots: shots, src: src.name})
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
			chromedp.Navigate(files.URL+"/?puzzle="+classicPuzzle),
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

// TestPageGallery saves a screenshot of each published puzzle of
// fpuzzles' testdata with its candidates shown, served, in
// $SATDOKU_GALLERY: the pictures of every clue kind, to look at (the
// sums, marks and arrowheads must not collide). It runs only when asked.
func TestPageGallery(t *testing.T) {
	dir := os.Getenv("SATDOKU_GALLERY")
	if dir == "" || testing.Short() {
		t.Skip("set SATDOKU_GALLERY to a folder for the screenshots")
	}
	browser := chromium(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	served := httptest.NewServer(serveHandler(testAPI(t, "", time.Minute), false))
	defer served.Close()
	bctx := startBrowser(t, browser)
	data, err := os.ReadFile("../../fpuzzles/testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "N4Ig") {
			continue
		}
		k++
		ctx, cancel := chromedp.NewContext(bctx)
		ctx, cancel2 := context.WithTimeout(ctx, time.Minute)
		var png []byte
		err := chromedp.Run(ctx, chromedp.Navigate(served.URL+"/?load="+line),
			chromedp.Poll(`document.getElementById('verdict').className !== ''`, nil),
			chromedp.Click("#candidates-btn", chromedp.ByID),
			chromedp.Poll(`document.querySelector('#board [data-candidates]') !== null || document.getElementById('hint').textContent !== ''`, nil),
			chromedp.Screenshot("#board", &png, chromedp.ByID))
		cancel2()
		cancel()
		if err != nil {
			t.Logf("puzzle %d: %v", k, err)
			continue
		}
		save(t, filepath.Join(dir, fmt.Sprintf("%02d.png", k)), png)
	}
}

// startBrowser starts headless chromium for the test, closed at its end.
func startBrowser(t *testing.T, browser string) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Flag("disable-dev-shm-usage", true), chromedp.WindowSize(1200, 900))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	bctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	if err := chromedp.Run(bctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return bctx
}

func save(t *testing.T, path string, png []byte) {
	t.Helper()
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Error(err)
	}
}

func cellName(i, n int) string { return fmt.Sprintf("r%dc%d", i/n+1, i%n+1) }

var pageTests = []struct {
	name string
	run  func(p *pageRun)
}{
	{"classic", pageClassic},
	{"variants", pageVariants},
	{"872", page872},
	{"thermo-setting", pageThermo},
	{"hint", pageHint},
	{"clues", pageClues},
	{"bad-input", pageBadInput},
	{"verdicts", pageVerdicts},
	{"links", pageLinks},
	{"values", pageValues},
}

// pageValues: a board of the values 0 to 3 shows each given as its value,
// the given 0s too (data-digit "0", not an empty cell).
func pageValues(p *pageRun) {
	t := p.t
	const puzzle = ".Shape~4x4~0-3.~R1C1_0~R1C2_1~R2C1_2~R3C3_3~R4C4_0~R2C4_1~R3C2_0"
	if v := p.open("?puzzle=" + url.QueryEscape(puzzle)); !strings.HasPrefix(v, "unique") {
		t.Fatalf("verdict %q", v)
	}
	want := map[string]string{"r1c1": "0", "r1c2": "1", "r2c1": "2", "r3c3": "3", "r4c4": "0", "r2c4": "1", "r3c2": "0"}
	check := func(when string) {
		cells := p.cells()
		if len(cells) != 16 {
			t.Fatalf("%s: %d cells", when, len(cells))
		}
		for name, c := range cells {
			if c.Digit != want[name] {
				t.Errorf("%s: %s shows %q, want %q", when, name, c.Digit, want[name])
			}
		}
	}
	check("opened")
	// The candidates overlay redraws the cells from the givens.
	p.run(chromedp.Click("#candidates-btn", chromedp.ByID),
		chromedp.Poll(`document.querySelector('#board [data-candidates]') !== null`, nil))
	check("with the candidates")
	p.shot("values")
}

// pageLinks: a button to open the puzzle elsewhere shows, on both
// surfaces, exactly when the command line writes that link for the
// puzzle, and links to the link it writes.
func pageLinks(p *pageRun) {
	t := p.t
	p.open("?puzzle=" + classicPuzzle)
	time.Sleep(time.Second) // the link questions run after the verdict
	p.shot("links")
	for _, c := range []struct{ id, format string }{{"link-fpuzzles", "fpuzzles-link"}, {"link-sudokupad", "sudokupad-link"}, {"link-iss", "iss-link"}} {
		var hidden bool
		var url string
		p.run(chromedp.Evaluate(`document.getElementById('`+c.id+`').hidden`, &hidden),
			chromedp.Evaluate(`document.getElementById('`+c.id+`').dataset.url || ''`, &url))
		var out, errOut strings.Builder
		code := run([]string{"check", "--format", c.format, classicPuzzle}, strings.NewReader(""), &out, &errOut)
		writes := code == 0 && strings.HasPrefix(strings.TrimSpace(out.String()), "http")
		switch {
		case !writes && !hidden:
			t.Errorf("%s: shown, but satdoku writes no %s (%s)", c.id, c.format, strings.TrimSpace(errOut.String()))
		case writes && hidden:
			t.Errorf("%s: hidden, but satdoku writes %s", c.id, c.format)
		case writes && !hidden && url != strings.TrimSpace(out.String()):
			t.Errorf("%s: links to %s, satdoku writes %s", c.id, url, out.String())
		}
	}
}

// pageClassic: a unique classic shows its givens alone until asked; then
// its candidates (each cell its solution's digit), a hint that places a
// digit of the solution, step play, the logical path, and the solution.
func pageClassic(p *pageRun) {
	t := p.t
	if v := p.open("?puzzle=" + classicPuzzle); !strings.HasPrefix(v, "unique") {
		t.Fatalf("verdict %q, want unique", v)
	}
	noSpoilers(t, p.cells(), classicPuzzle, 9)
	p.run(chromedp.Poll(`document.getElementById('count').textContent !== ''`, nil))
	if c := p.text("#count"); c != "1" {
		t.Errorf("count %q, want 1", c)
	}
	var ms string
	p.run(chromedp.AttributeValue("#verdict", "data-ms", &ms, nil, chromedp.ByID))
	t.Logf("verdict in %s ms; %s", ms, p.text("#timing"))
	p.shot("classic")

	g, m := truth(t, classicPuzzle)
	p.run(chromedp.Click("#candidates-btn", chromedp.ByID), chromedp.Poll(`document.querySelector('#board [data-candidates]') !== null`, nil))
	checkCandidates(t, p.cells(), g, m)
	// The keyboard reads r2c2's candidate and its count.
	p.run(chromedp.Focus("#board", chromedp.ByID), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowDown))
	if info, want := p.text("#cell-info"), "r2c2: candidates "+classicSolution[10:11]+" in 1 solution"; info != want {
		t.Errorf("the keyboard reads %q, want %q", info, want)
	}
	p.shot("classic-candidates")

	// A hint places a digit of the solution; applying it shows the next.
	p.run(chromedp.Click("#hint-btn", chromedp.ByID), chromedp.Poll(`document.querySelector('#board [data-place], #board [data-eliminate]') !== null`, nil))
	hint := p.text("#hint")
	placed := ""
	for name, c := range p.cells() {
		if c.Place != "" {
			var r, col int
			fmt.Sscanf(name, "r%dc%d", &r, &col)
			if want := classicSolution[(r-1)*9+col-1 : (r-1)*9+col]; c.Place != want {
				t.Errorf("the hint places %s in %s; the solution has %s", c.Place, name, want)
			}
			placed = name
		}
	}
	if placed == "" || !strings.HasPrefix(hint, "Hint: ") {
		t.Fatalf("hint %q placed nothing on the board", hint)
	}
	p.run(chromedp.Click("#apply-btn", chromedp.ByID), chromedp.Poll(`document.getElementById('hint').textContent.includes('step 2')`, nil))
	if c := p.cells()[placed]; c.Digit == "" {
		t.Errorf("after Apply, %s shows no digit", placed)
	}
	p.shot("classic-hint")

	// The logical path, to the end.
	p.run(chromedp.Click("#path-box summary", chromedp.ByQuery), chromedp.Poll(`document.getElementById('path-end').textContent !== ''`, nil))
	var steps int
	p.run(chromedp.Evaluate(`document.querySelectorAll('#path li').length`, &steps))
	if steps < 51 || !strings.HasPrefix(p.text("#path-end"), "Solved by logic") {
		t.Errorf("a logical path of %d steps ending %q (the classic has 51 empty cells, each a step)", steps, p.text("#path-end"))
	}

	p.run(chromedp.Click("#solution-btn", chromedp.ByID),
		chromedp.Poll(`[...document.querySelectorAll('#board [data-cell]')].every(g => g.dataset.digit)`, nil))
	if s := p.text("#solution"); s != classicSolution {
		t.Errorf("solution %s, want the published %s", s, classicSolution)
	}
	for i, c := range p.cells() {
		var r, col int
		fmt.Sscanf(i, "r%dc%d", &r, &col)
		if want := classicSolution[(r-1)*9+col-1 : (r-1)*9+col]; c.Digit != want || c.Candidates != "" {
			t.Errorf("%s shows %q (marks %q), want the solution's %s alone", i, c.Digit, c.Candidates, want)
		}
	}
}

// pageVariants: unique variants published with their solutions (which
// f-puzzles carries) show their givens alone, and their title, until the
// solution is asked for.
func pageVariants(p *pageRun) {
	t := p.t
	for _, v := range []struct{ name, title string }{
		{"killer", "6x6 Extreme Killer"},
		{"thermo", "Just add Color"},
		{"jigsaw", "Irregular 7x7 Kropki"},
	} {
		sol, load := published(t, v.title)
		n := map[int]int{36: 6, 49: 7, 81: 9}[len(sol)]
		if verdict := p.open("?load=" + load); !strings.HasPrefix(verdict, "unique") {
			t.Fatalf("%s: verdict %q, want unique", v.name, verdict)
		}
		pz, ok, err := textfmt.ReadArg("https://www.f-puzzles.com/?load=" + load)
		if !ok || err != nil {
			t.Fatal(err)
		}
		noSpoilers(t, p.cells(), strings.TrimSpace(textfmt.String(pz.Grid, textfmt.FormatLine)), n)
		if got := p.text("#puzzle-title"); got != pz.Title || got == "" {
			t.Errorf("%s: title %q, want the puzzle's %q", v.name, got, pz.Title)
		}
		p.shot(v.name)
		p.run(chromedp.Click("#solution-btn", chromedp.ByID),
			chromedp.Poll(`[...document.querySelectorAll('#board [data-cell]')].every(g => g.dataset.digit)`, nil))
		p.shot(v.name + "-solved")
		cells := p.cells()
		for i := range n * n {
			if got := cells[cellName(i, n)].Digit; got != sol[i:i+1] {
				t.Errorf("%s: %s shows %q, want the published %s", v.name, cellName(i, n), got, sol[i:i+1])
			}
		}
	}
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

// page872: the README's puzzle shows its 872 solutions (counted here by
// the validator's own counter) and, on asking, its true candidates with
// the solutions that hold each: package answer's, and in each cell adding
// up to 872 (every solution holds one digit in each cell).
func page872(p *pageRun) {
	t := p.t
	if v := p.open("?puzzle=" + puzzle872); !strings.HasPrefix(v, "multiple") {
		t.Fatalf("verdict %q, want multiple", v)
	}
	noSpoilers(t, p.cells(), puzzle872, 9)
	p.run(chromedp.Poll(`document.getElementById('count').textContent !== ''`, nil))
	g, m := truth(t, puzzle872)
	if n, _ := verify.Count(g, 2000); n != 872 {
		t.Fatalf("verify counts %d solutions, want 872", n)
	}
	if c := p.text("#count"); c != "872" {
		t.Errorf("count %q, want 872", c)
	}
	p.run(chromedp.Click("#candidates-btn", chromedp.ByID), chromedp.Poll(`document.querySelector('#board [data-counts]') !== null`, nil))
	cells := p.cells()
	checkCandidates(t, cells, g, m)
	for name, c := range cells {
		if c.Counts == "" {
			continue
		}
		sum := 0
		for _, pair := range strings.Split(c.Counts, ",") {
			var d, k int
			fmt.Sscanf(pair, "%d:%d", &d, &k)
			sum += k
		}
		if sum != 872 {
			t.Errorf("%s: the counts %s add up to %d, want 872", name, c.Counts, sum)
		}
	}
	p.shot("872-candidates")

	// The clue report of a puzzle with several solutions: its count, and
	// givens to add, each of which keeps a solution (verify's count).
	p.run(chromedp.Click("#clues-btn", chromedp.ByID), chromedp.Poll(`document.querySelector('#board [data-suggest]') !== null`, nil))
	if got := p.text("#clue-report p"); !strings.Contains(got, "872 solutions") {
		t.Errorf("clue report %q", got)
	}
	var suggested [][2]string
	p.run(chromedp.Evaluate(`[...document.querySelectorAll('#board [data-suggest]')].map(g => [g.dataset.cell, g.dataset.suggest])`, &suggested))
	for _, sg := range suggested {
		var r, col int
		fmt.Sscanf(sg[0], "r%dc%d", &r, &col)
		for _, ch := range sg[1] {
			h := g.Clone()
			h.SetCell((r-1)*9+col-1, int(ch-'0'))
			if n, _ := verify.Count(h, 1); n == 0 {
				t.Errorf("the report suggests %c in %s, which leaves no solution", ch, sg[0])
			}
		}
	}
	p.shot("872-clues")

	// The logical path says where and why it stops, and shows that
	// position: its candidates keep every true candidate.
	p.run(chromedp.Click("#path-box summary", chromedp.ByQuery), chromedp.Poll(`document.getElementById('path-end').textContent !== ''`, nil))
	if end := p.text("#path-end"); !strings.Contains(end, "The logic stops after 1 step,") || !strings.Contains(end, "more than one solution") {
		t.Errorf("the path ends %q", end)
	}
	p.run(chromedp.Click("#path-end-btn", chromedp.ByID), chromedp.Poll(`document.querySelector('#board [data-candidates]') !== null`, nil))
	for i, c := range p.cells() {
		var r, col int
		fmt.Sscanf(i, "r%dc%d", &r, &col)
		k := (r-1)*9 + col - 1
		if g.Cell(k) != 0 || c.Digit != "" {
			continue
		}
		for d := 1; d <= 9; d++ {
			if m.Marks[k]&(1<<(d-1)) != 0 && !strings.ContainsRune(c.Candidates, rune('0'+d)) {
				t.Errorf("where the logic stops, %s lacks %d, a true candidate", i, d)
			}
		}
	}
	p.shot("872-path-end")
}

// pageThermo: a thermo being set, with far more than 1,000 solutions,
// shows its title and rules, draws its cosmetic line and says it makes no
// rule, and gives
// an estimate of its solutions, said to be one.
func pageThermo(p *pageRun) {
	t := p.t
	p.blank()
	if v := p.enter(thermoSetting()); !strings.HasPrefix(v, "multiple") {
		t.Fatalf("verdict %q, want multiple", v)
	}
	if got := p.text("#puzzle-title"); got != "Thermo in progress" {
		t.Errorf("title %q", got)
	}
	if got := p.text("#puzzle-rules"); !strings.Contains(got, "thermometer increase") {
		t.Errorf("rules %q", got)
	}
	if got := p.text("#warnings"); !strings.Contains(got, `"line" drawn for looks only`) || !strings.Contains(got, "The answers are for the rules as drawn, without what a cosmetic line may stand for.") {
		t.Errorf("no word of the cosmetic line: warnings %q", got)
	}
	var drawn bool
	p.run(chromedp.Evaluate(`document.querySelector('#board .cosmetic-line') !== null`, &drawn))
	if !drawn {
		t.Error("the cosmetic line is not drawn")
	}
	// The estimate can be cancelled, and asked again.
	p.run(chromedp.Poll(`document.getElementById('count-note').textContent === '(estimating…)'`, nil),
		chromedp.Click("#cancel", chromedp.ByID),
		chromedp.Poll(`document.getElementById('progress').hidden`, nil))
	if note := p.text("#count-note"); note != "(estimate cancelled)" {
		t.Errorf("after Cancel the count says %q", note)
	}
	p.enter(thermoSetting())
	p.run(chromedp.Poll(`document.getElementById('count').textContent.startsWith('≈')`, nil, chromedp.WithPollingTimeout(60*time.Second)))
	if note := p.text("#count-note"); !strings.Contains(note, "estimate") || !strings.Contains(note, "interval") {
		t.Errorf("the estimate %q is not said to be one: %q", p.text("#count"), note)
	}
	t.Logf("thermo: %s %s", p.text("#count"), p.text("#count-note"))
	p.shot("thermo-setting")
	p.run(chromedp.Click("#candidates-btn", chromedp.ByID), chromedp.Poll(`document.querySelector('#board [data-counts]') !== null`, nil))
	p.shot("thermo-candidates")
}

// pageHint: the first hint of a hard puzzle is a pointing pair; the page
// strikes the candidates it removes, each shown before and none a true
// candidate.
func pageHint(p *pageRun) {
	t := p.t
	if v := p.open("?puzzle=" + pointingPuzzle); !strings.HasPrefix(v, "unique") {
		t.Fatalf("verdict %q", v)
	}
	noSpoilers(t, p.cells(), pointingPuzzle, 9)
	g, m := truth(t, pointingPuzzle)
	p.run(chromedp.Click("#hint-btn", chromedp.ByID), chromedp.Poll(`document.querySelector('#board [data-eliminate]') !== null`, nil))
	struck := 0
	for name, c := range p.cells() {
		if c.Eliminate == "" {
			continue
		}
		var r, col int
		fmt.Sscanf(name, "r%dc%d", &r, &col)
		i := (r-1)*9 + col - 1
		for _, ch := range c.Eliminate {
			d := int(ch - '0')
			struck++
			if m.Marks[i]&(1<<(d-1)) != 0 {
				t.Errorf("the hint removes %d from %s, which a solution holds", d, name)
			}
			if !strings.ContainsRune(c.Candidates, ch) {
				t.Errorf("%s: %d struck but not among the marks %q", name, d, c.Candidates)
			}
		}
	}
	if struck != 5 || !strings.Contains(p.text("#hint"), "pointing") {
		t.Errorf("hint %q struck %d candidates, want the pointing pair's 5", p.text("#hint"), struck)
	}
	_ = g
	p.shot("hint")
}

// pageClues: the classic is not minimal; the clue report strikes its
// redundant givens, each of which the validator's own counter finds the
// puzzle unique without, and every given it says is needed leaves two
// solutions or more when removed.
func pageClues(p *pageRun) {
	t := p.t
	p.open("?puzzle=" + classicPuzzle)
	p.run(chromedp.Click("#clues-btn", chromedp.ByID), chromedp.Poll(`document.querySelector('#board [data-clue]') !== null`, nil, chromedp.WithPollingTimeout(2*time.Minute)))
	g := textfmt.MustParse(classicPuzzle)
	redundant := 0
	for name, c := range p.cells() {
		if c.Clue == "" {
			continue
		}
		var r, col int
		fmt.Sscanf(name, "r%dc%d", &r, &col)
		h := g.Clone()
		h.SetCell((r-1)*9+col-1, 0)
		n, _ := verify.Count(h, 2)
		switch c.Clue {
		case "redundant":
			redundant++
			if n != 1 {
				t.Errorf("%s is marked redundant, but without it the puzzle has %d solutions", name, n)
			}
		case "needed":
			if n != 2 {
				t.Errorf("%s is marked needed, but without it the puzzle has %d solution", name, n)
			}
		}
	}
	if redundant == 0 {
		t.Error("no redundant given marked")
	}
	t.Logf("%d redundant givens; %s", redundant, p.text("#clue-report p"))
	p.shot("clues")
}

// pageBadInput: text that is no puzzle, and two puzzles pasted, clear the
// board of the puzzle before and say what is wrong; Analyse on an empty
// box says so.
func pageBadInput(p *pageRun) {
	t := p.t
	p.open("?puzzle=" + classicPuzzle)
	for _, c := range []struct{ name, text, want string }{
		{"garbage", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7", "cannot read"},
		{"two", classicPuzzle + "\n" + puzzle872 + "\n", "two puzzles"},
		{"empty", "", "Nothing to analyse"},
	} {
		v := p.enter(c.text)
		if !strings.Contains(v, c.want) {
			t.Errorf("%s: verdict %q, want it to say %q", c.name, v, c.want)
		}
		var cells int
		p.run(chromedp.Evaluate(`document.querySelectorAll('#board [data-cell]').length`, &cells))
		if cells != 0 {
			t.Errorf("%s: the board still shows %d cells", c.name, cells)
		}
		if msg := p.text("#board"); msg == "" {
			t.Errorf("%s: the board says nothing", c.name)
		}
		t.Logf("%s: %q / %q", c.name, v, p.text("#board"))
		p.shot("bad-" + c.name)
	}
}

// pageVerdicts: several solutions highlight the cells where two differ
// and show no digit; givens that clash highlight the clash; a puzzle with
// no solution draws its givens.
func pageVerdicts(p *pageRun) {
	t := p.t
	multiple := "5...7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....4.9..5....8...9"
	if v := p.open("?puzzle=" + multiple); !strings.HasPrefix(v, "multiple") {
		t.Fatalf("verdict %q", v)
	}
	cells := p.cells()
	noSpoilers(t, cells, multiple, 9)
	var hl int
	for _, c := range cells {
		if c.Highlight != "" {
			hl++
		}
	}
	if hl == 0 {
		t.Error("no cell where two solutions differ is highlighted")
	}
	p.shot("multiple")
	if v := p.open("?puzzle=11" + strings.Repeat(".", 79)); !strings.HasPrefix(v, "invalid") {
		t.Fatalf("verdict %q", v)
	}
	var got []string
	for name, c := range p.cells() {
		if c.Highlight != "" {
			got = append(got, name)
		}
	}
	slices.Sort(got)
	if strings.Join(got, " ") != "r1c1 r1c2" {
		t.Errorf("highlighted %v, want the clashing r1c1 r1c2", got)
	}
	p.shot("invalid")
	none := "12345678.........9" + strings.Repeat(".", 63)
	if v := p.open("?puzzle=" + none); !strings.HasPrefix(v, "none") {
		t.Fatalf("verdict %q", v)
	}
	noSpoilers(t, p.cells(), none, 9)
}
