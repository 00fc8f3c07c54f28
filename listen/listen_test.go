package listen_test

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/listen"
	"github.com/satdoku/satdoku/verify"
)

// Classic puzzles: the LeetCode 37 puzzle and its published solution, one
// with exactly nine solutions, one with many, one with none (the counts
// are verify's, below).
const (
	leet    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	leetSol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	nine    = "8.........59.......76.........832765...476198...951243....9.516...6.4982......437"
	many    = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
	none    = "................12..3..4..5....1...6....7.....54...8...9.3..4...8.....7.1...2...."
	empty   = "................................................................................."
)

// miracle is the f-puzzles link of Mitchell Lee's Miracle Sudoku, from
// the README (anti-knight, anti-king, nonconsecutive, two givens).
const miracle = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcACAnAGkSALhTAbOSIAshAE4CGAxvogMoCuAJgPYDW9I6I59mAFs1IIMJTJT4xcuRABkYcLuQB22VkogBzPpmGZS9GIpURWEJRt37DGJcyWU7YGJV4QAbgUR6DXDaQiMwgDaQcAAvujhkRGIUbExcYkJYQC66KHJ0Vnx2UnRaYgZuZk5pXnxBUVlJeW1qem1IG7kuAbCAIy+7jBKlgY1A8WVdcW5TS1tSABMXR69SN4wA8OD1aPVK+sjaxUNq9t1KSlhQA="

// bruteCounts works out with the validator alone how many solutions of g
// hold each candidate, up to perCand: verify.Count of g with the digit
// placed (of g itself for a given's own digit).
func bruteCounts(g *satdoku.Grid, perCand int) []int {
	n := g.N()
	out := make([]int, g.Len()*n)
	for i := range g.Len() {
		for d := 1; d <= n; d++ {
			h := g
			switch g.Cell(i) {
			case d:
			case 0:
				h = g.Clone()
				h.SetCell(i, d)
			default:
				continue
			}
			out[i*n+d-1], _ = verify.Count(h, perCand)
		}
	}
	return out
}

// checkCandidates compares a truecandidates response with the validator's
// counts of g.
func checkCandidates(t *testing.T, name string, r reply, g *satdoku.Grid, perCand int) {
	t.Helper()
	if r.Type != "truecandidates" {
		t.Fatalf("%s: %s %q, want truecandidates", name, r.Type, r.Message)
	}
	want := bruteCounts(g, perCand)
	if len(r.SolutionsPerCandidate) != len(want) {
		t.Fatalf("%s: %d counts, want %d", name, len(r.SolutionsPerCandidate), len(want))
	}
	n := g.N()
	for k, w := range want {
		if got := r.SolutionsPerCandidate[k]; got != w {
			t.Errorf("%s, cap %d: r%dc%d digit %d: %d solutions, want %d", name, perCand, k/n/n+1, k/n%n+1, k%n+1, got, w)
		}
	}
}

// withOptions adds the userscript's settings to an f-puzzles JSON.
func withOptions(t testing.TB, js string, opts ...string) string {
	t.Helper()
	var obj map[string]any
	if err := json.Unmarshal([]byte(js), &obj); err != nil {
		t.Fatal(err)
	}
	obj["truecandidatesoptions"] = opts
	obj["disabledlogic"] = []string{}
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// withoutGiven blanks cell (r, c) of an f-puzzles JSON.
func withoutGiven(t testing.TB, js string, r, c int) string {
	t.Helper()
	var obj map[string]any
	if err := json.Unmarshal([]byte(js), &obj); err != nil {
		t.Fatal(err)
	}
	obj["grid"].([]any)[r].([]any)[c] = map[string]any{}
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// readGrid reads an f-puzzles JSON as the server does, for the oracles.
func readGrid(t testing.TB, js string) *satdoku.Grid {
	t.Helper()
	p, err := fpuzzles.Read([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return p.Grid
}

func TestClassicCommands(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 2})
	cl := mustDial(t, addr)
	for _, p := range []struct{ name, line string }{{"leet", leet}, {"nine", nine}, {"many", many}, {"none", none}} {
		g := gridOf(t, p.line)
		total, _ := verify.Count(g, 1_000_000)

		r := cl.ask("solve", fpz(p.line, nil))
		if total == 0 {
			if r.Type != "invalid" || r.Message != "No solutions found." {
				t.Errorf("%s: solve: %s %q, want invalid: No solutions found.", p.name, r.Type, r.Message)
			}
		} else if sol := solutionGrid(t, r, g); sol != nil {
			if err := verify.Solution(g, sol); err != nil {
				t.Errorf("%s: solve: %v", p.name, err)
			}
		}
		if p.line == leet && r.Type == "solved" && solutionGrid(t, r, g).String() != gridOf(t, leetSol).String() {
			t.Errorf("leet: solved %v, want the published solution", r.Solution)
		}

		r = cl.ask("check", fpz(p.line, nil))
		if r.Type != "count" || r.Count == nil || *r.Count != int64(min(total, 2)) {
			t.Errorf("%s: check: %s %v %q, want count %d", p.name, r.Type, r.Count, r.Message, min(total, 2))
		}
		r = cl.ask("count", fpz(p.line, nil))
		if r.Type != "count" || r.Count == nil || *r.Count != int64(total) {
			t.Errorf("%s: count: %s %v %q, want %d", p.name, r.Type, r.Count, r.Message, total)
		}

		for _, colored := range []bool{false, true} {
			perCand, opts := 1, []string{}
			if colored {
				perCand, opts = listen.CandidateCap, []string{"colored"}
			}
			r = cl.ask("truecandidates", withOptions(t, fpz(p.line, nil), opts...))
			if total == 0 {
				if r.Type != "invalid" || r.Message != "No solutions found." {
					t.Errorf("%s: truecandidates: %s %q, want invalid: No solutions found.", p.name, r.Type, r.Message)
				}
				continue
			}
			checkCandidates(t, p.name, r, g, perCand)
		}
	}
	// Givens that break a rule.
	r := cl.ask("solve", fpz("55"+empty[2:], nil))
	if r.Type != "invalid" || !strings.Contains(r.Message, "r1c1") {
		t.Errorf("conflicting givens: %s %q, want invalid naming r1c1", r.Type, r.Message)
	}
}

// solutionGrid returns the solution of a solved response as a grid under
// g's rules, or fails.
func solutionGrid(t *testing.T, r reply, g *satdoku.Grid) *satdoku.Grid {
	t.Helper()
	if r.Type != "solved" || len(r.Solution) != g.Len() {
		t.Errorf("solve: %s %q with %d cells, want solved", r.Type, r.Message, len(r.Solution))
		return nil
	}
	sol := satdoku.NewGrid(g.Rules())
	for i, d := range r.Solution {
		sol.SetCell(i, d)
	}
	return sol
}

// TestVariantCommands: the published 9×9 puzzles of every family are
// unique: each command gives the published solution; and the Miracle
// Sudoku with a given taken out has several solutions, counted per
// candidate by the validator.
func TestVariantCommands(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	pubs := readPublished(t)
	tried := 0
	for _, p := range pubs {
		g := readGrid(t, p.json)
		if g.N() != 9 || len(p.solution) != 81 {
			continue
		}
		if testing.Short() && tried == 6 {
			break
		}
		tried++
		sol := digitsOf(p.solution)
		r := cl.ask("truecandidates", withOptions(t, p.json, "colored"))
		if r.Type != "truecandidates" || len(r.SolutionsPerCandidate) != 729 {
			t.Errorf("%s: truecandidates: %s %q", p.name, r.Type, r.Message)
			continue
		}
		for k, c := range r.SolutionsPerCandidate {
			want := 0
			if sol[k/9] == k%9+1 {
				want = 1
			}
			if c != want {
				t.Errorf("%s: r%dc%d digit %d: %d solutions, want %d (the published solution is unique)", p.name, k/81+1, k/9%9+1, k%9+1, c, want)
				break
			}
		}
		if r := cl.ask("solve", p.json); r.Type != "solved" || !equal(r.Solution, sol) {
			t.Errorf("%s: solve: %s %v, want the published solution", p.name, r.Type, r.Solution)
		}
		if r := cl.ask("check", p.json); r.Count == nil || *r.Count != 1 {
			t.Errorf("%s: check: %s %v %q, want 1", p.name, r.Type, r.Count, r.Message)
		}
	}
	if tried < 5 {
		t.Fatalf("only %d published 9×9 puzzles", tried)
	}

	js, err := jsonOf(miracle)
	if err != nil {
		t.Fatal(err)
	}
	js = withoutGiven(t, js, 4, 2) // the 1 of r5c3
	g := readGrid(t, js)
	total, _ := verify.Count(g, 10000)
	if total < 2 {
		t.Fatalf("the Miracle Sudoku without r5c3 has %d solutions", total)
	}
	if r := cl.ask("count", js); r.Count == nil || *r.Count != int64(total) {
		t.Errorf("miracle less a given: count %v %q, want %d", r.Count, r.Message, total)
	}
	r := cl.ask("truecandidates", withOptions(t, js, "colored"))
	// The validator's counts, from every solution found by splitting on
	// cells until verify counts one.
	want := make([]int, 729)
	all := allSolutions(g)
	if len(all) != total {
		t.Fatalf("%d solutions found by splitting, %d counted", len(all), total)
	}
	for _, sol := range all {
		for i := range 81 {
			want[i*9+sol.Cell(i)-1]++
		}
	}
	if len(r.SolutionsPerCandidate) != 729 {
		t.Fatalf("miracle less a given: %s %q", r.Type, r.Message)
	}
	for k, w := range want {
		if got := r.SolutionsPerCandidate[k]; got != min(w, listen.CandidateCap) {
			t.Errorf("miracle less a given: r%dc%d digit %d: %d solutions, want %d", k/81+1, k/9%9+1, k%9+1, got, w)
		}
	}
}

// allSolutions returns every solution of g, by the validator alone: g's
// own when verify counts one, else those of g with each digit placed in
// its first empty cell.
func allSolutions(g *satdoku.Grid) []*satdoku.Grid {
	n, sol := verify.Count(g, 2)
	switch n {
	case 0:
		return nil
	case 1:
		return []*satdoku.Grid{sol}
	}
	i := 0
	for g.Cell(i) != 0 {
		i++
	}
	var out []*satdoku.Grid
	for d := 1; d <= g.N(); d++ {
		h := g.Clone()
		h.SetCell(i, d)
		out = append(out, allSolutions(h)...)
	}
	return out
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCountInProgress: a count past the first step, split in parts,
// sends its progress (every millisecond here), never going down nor
// passing the count, then the count of the validator.
func TestCountInProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("counts over 1000 solutions (15 s under -race): make test-long runs it")
	}
	// Blank cells of the solution until verify counts over 1000 solutions.
	g := gridOf(t, leetSol)
	total := 0
	for i := 0; total <= 1000; i++ {
		g.SetCell((i*37)%81, 0)
		total, _ = verify.Count(g, 100_000)
	}
	if total >= 100_000 {
		t.Fatalf("%d solutions", total)
	}
	addr, _ := startServer(t, listen.Options{Jobs: 1, Progress: time.Millisecond})
	cl := mustDial(t, addr)
	nonce := cl.send("count", fpz(g.String(), nil))
	progress, last := 0, int64(0)
	for {
		r := cl.recv()
		if r.Nonce != nonce || r.Type != "count" || r.Count == nil {
			t.Fatalf("%+v", r)
		}
		if !r.InProgress {
			if *r.Count != int64(total) {
				t.Errorf("count %d, want %d", *r.Count, total)
			}
			break
		}
		progress++
		if *r.Count > int64(total) || *r.Count < last {
			t.Errorf("in progress at %d of %d, after %d", *r.Count, total, last)
		}
		last = *r.Count
	}
	if progress < 2 {
		t.Errorf("no count in progress for %d solutions", total)
	}
}

// TestSupersede: a new message stops the job in progress, whose answer
// never comes after the new one's.
func TestSupersede(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	first := cl.send("count", fpz(empty, nil)) // 6.7·10²¹ solutions
	time.Sleep(100 * time.Millisecond)
	second := cl.send("check", fpz(leet, nil))
	for {
		r := cl.recv()
		if r.Nonce == second {
			if r.Count == nil || *r.Count != 1 {
				t.Errorf("check after a superseded count: %+v", r)
			}
			break
		}
		if r.Nonce != first || !r.InProgress {
			t.Fatalf("unexpected %+v", r)
		}
	}
	// Nothing of the first job comes after (final fails on another
	// nonce), and the one worker is free again: the next job is answered.
	time.Sleep(100 * time.Millisecond)
	if r := cl.ask("check", fpz(nine, nil)); r.Count == nil || *r.Count != 2 {
		t.Errorf("check: %+v", r)
	}
}

// TestCancel: cancel answers canceled with its own nonce and stops the job.
func TestCancel(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	job := cl.send("count", fpz(empty, nil))
	time.Sleep(50 * time.Millisecond)
	cancel := cl.send("cancel", "")
	for {
		r := cl.recv()
		if r.Nonce == job && r.InProgress {
			continue
		}
		if r.Nonce != cancel || r.Type != "canceled" {
			t.Fatalf("got %+v, want canceled with nonce %d", r, cancel)
		}
		break
	}
	// Nothing of the job comes after (final fails on another nonce).
	time.Sleep(100 * time.Millisecond)
	if r := cl.ask("check", fpz(leet, nil)); r.Count == nil || *r.Count != 1 {
		t.Errorf("check after cancel: %+v", r)
	}
}

// TestDroppedConnections: connections dropped in the middle of a job
// leave no goroutine behind, and no memory.
func TestDroppedConnections(t *testing.T) {
	addr, srv := startServer(t, listen.Options{Jobs: 2})
	// One job first, so that the workers' solvers exist before counting.
	cl := mustDial(t, addr)
	if r := cl.ask("check", fpz(leet, nil)); r.Count == nil {
		t.Fatalf("%+v", r)
	}
	cl.c.CloseNow()
	base, baseHeap := settle(t, 0, 0)
	for i := range 100 {
		cl, err := dial(t, addr, "")
		if err != nil {
			t.Fatal(err)
		}
		cl.send([]string{"count", "truecandidates", "solve"}[i%3], fpz(empty, map[string]any{"truecandidatesoptions": []string{"colored"}}))
		if i%2 == 0 {
			time.Sleep(time.Millisecond)
		}
		cl.c.CloseNow()
	}
	n, heap := settle(t, base, baseHeap)
	if n > base {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines before, %d after 100 dropped connections:\n%s", base, n, buf[:runtime.Stack(buf, true)])
	}
	if heap > baseHeap+8<<20 {
		t.Errorf("heap %d bytes before, %d after 100 dropped connections", baseHeap, heap)
	}
	// The server still answers.
	if r := mustDial(t, addr).ask("check", fpz(leet, nil)); r.Count == nil || *r.Count != 1 {
		t.Errorf("after: %+v", r)
	}
	_ = srv
}

// settle waits up to 10 s for the goroutines to fall to want (0: for
// their number to stay put), and returns their number and the heap in use
// after a collection.
func settle(t *testing.T, want int, _ uint64) (int, uint64) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	n := runtime.NumGoroutine()
	for time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		m := runtime.NumGoroutine()
		if want == 0 && m == n || want > 0 && m <= want {
			n = m
			break
		}
		n = m
	}
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return n, ms.HeapInuse
}

// TestOrigin: the pages the userscript runs on (f-puzzles and every
// subdomain), SudokuPad's, this machine's and those --allow-origin names
// connect; Origin "null" (a sandboxed frame of any website, or a file)
// and foreign pages, look-alikes included, are refused with 403.
func TestOrigin(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1, AllowOrigins: []string{"https://example.org", "myhost", "https://*.example.net"}})
	for _, o := range []string{"", "https://www.f-puzzles.com", "https://f-puzzles.com", "https://beta.f-puzzles.com",
		"https://a.b.f-puzzles.com", "https://WWW.F-Puzzles.com", "https://sudokupad.app", "https://beta.sudokupad.app",
		"https://app.crackingthecryptic.com", "http://localhost:8080", "http://127.0.0.1", "http://[::1]:3000",
		"https://example.org", "http://myhost:99", "https://x.example.net"} {
		cl, err := dial(t, addr, o)
		if err != nil {
			t.Errorf("origin %q refused: %v", o, err)
			continue
		}
		if r := cl.ask("check", fpz(leet, nil)); r.Count == nil {
			t.Errorf("origin %q: %+v", o, r)
		}
	}
	for _, o := range []string{"null", "https://evil.example", "https://f-puzzles.com.evil.example", "http://example.org",
		"https://www.f-puzzles.com:8443", "http://www.f-puzzles.com", "https://evilf-puzzles.com", "https://.f-puzzles.com",
		"https://beta.f-puzzles.com.evil.example", "file://", "https://localhost.evil.example", "https://example.net",
		"https://user@www.f-puzzles.com", "https://x.example.net:8443"} {
		if _, err := dial(t, addr, o); err == nil || !strings.Contains(err.Error(), "403") {
			t.Errorf("origin %q: got %v, want refused with 403", o, err)
		}
	}
	// "null" only when asked for.
	addr, _ = startServer(t, listen.Options{Jobs: 1, AllowOrigins: []string{"null"}})
	if _, err := dial(t, addr, "null"); err != nil {
		t.Errorf("origin null with --allow-origin null: %v", err)
	}
}

func TestBadMessages(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	sky, err := json.Marshal(message{Nonce: 10, Command: "solve", DataType: "fpuzzles",
		Data: fpz(empty, map[string]any{"sumline": []any{map[string]any{"cell": "R0C1", "value": "3"}}})})
	if err != nil {
		t.Fatal(err)
	}
	unknown := string(sky) // a rule satdoku does not know
	big := `{"nonce": 9, "command": "solve", "dataType": "fpuzzles", "data": "` + strings.Repeat("A", listen.MaxMessage) + `"}`
	for _, tc := range []struct {
		msg   string
		nonce int64
		says  string
	}{
		{`not json`, 0, "bad message"},
		{`{"nonce": 3, "command": "solve", "data": 5}`, 3, "bad message"},
		{`{"nonce": 4, "command": "frobnicate", "dataType": "fpuzzles", "data": "x"}`, 4, "unknown command"},
		{`{"nonce": 5, "command": "solve", "dataType": "sudokupad", "data": "x"}`, 5, "dataType"},
		{`{"nonce": 6, "command": "solve", "dataType": "fpuzzles", "data": "N4IgzglgXgpiBcAWBOAB"}`, 6, ""},
		{`{"nonce": 7, "command": "solve", "dataType": "fpuzzles", "data": ""}`, 7, "empty"},
		{`{"nonce": 8, "command": "solve", "dataType": "fpuzzles", "data": "{\"size\": 9, \"grid\": 3}"}`, 8, "grid"},
		{big, 9, "too long"},
		{unknown, 10, "sumline"},
	} {
		cl.sendRaw([]byte(tc.msg))
		r := cl.recv()
		if r.Type != "invalid" || r.Nonce != tc.nonce || !strings.Contains(r.Message, tc.says) {
			t.Errorf("%.60s: %s nonce %d %q, want invalid with nonce %d saying %q", tc.msg, r.Type, r.Nonce, r.Message, tc.nonce, tc.says)
		}
	}
	// The connection is still open.
	if r := cl.ask("check", fpz(leet, nil)); r.Count == nil || *r.Count != 1 {
		t.Errorf("after bad messages: %+v", r)
	}
}

// TestNonces: a nonce is answered as it came, a string as a string, a
// number as that number (the userscripts compare it with ===).
func TestNonces(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	data, err := json.Marshal(fpz(leet, nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ nonce, want, typ string }{
		{`"job-1"`, `"job-1"`, "count"},
		{`"<é>"`, `"<é>"`, "count"},
		{`12345678901234567890`, `12345678901234567890`, "count"},
		{`2.5`, `2.5`, "count"},
		{`null`, `0`, "count"},
		{`{"a": 1}`, `0`, "invalid"},
	} {
		cl.sendRaw([]byte(`{"nonce": ` + tc.nonce + `, "command": "check", "dataType": "fpuzzles", "data": ` + string(data) + `}`))
		var r struct {
			Nonce json.RawMessage `json:"nonce"`
			Type  string          `json:"type"`
		}
		cl.recvInto(&r)
		// A number as written; a string as the same string.
		var got, want string
		same := string(r.Nonce) == tc.want ||
			json.Unmarshal(r.Nonce, &got) == nil && json.Unmarshal([]byte(tc.want), &want) == nil && got == want
		if !same || r.Type != tc.typ {
			t.Errorf("nonce %s: answered %s nonce %s, want %s nonce %s", tc.nonce, r.Type, r.Nonce, tc.typ, tc.want)
		}
	}
}

// askEstimate sends estimate and reads its answers: the estimates (in
// progress, then the last) and the last message, which ends the job as
// far as the userscript is concerned ("invalid", printed under the
// estimate); it returns the last estimate and that message (r.Type
// "invalid" and no estimate for a puzzle without solutions).
func askEstimate(t *testing.T, cl *client, js string) (last reply, end string) {
	t.Helper()
	nonce := cl.send("estimate", js)
	for {
		r := cl.recv()
		if r.Nonce != nonce {
			t.Fatalf("response of nonce %d while waiting for %d", r.Nonce, nonce)
		}
		switch r.Type {
		case "estimate":
			last = r
		case "invalid":
			if last.Type == "" {
				return r, r.Message
			}
			return last, r.Message
		default:
			t.Fatalf("estimate answered %+v", r)
		}
	}
}

// TestEstimate: estimate gives the count itself below 64 solutions, said
// to be exact, and otherwise an interval around Knuth's estimate, near
// the validator's count (the interval's coverage is
// checked.TestEstimateCoverage's), with what ended it; either way the
// last message finishes the userscript's estimate (type "invalid").
func TestEstimate(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1, EstimateTime: time.Second})
	cl := mustDial(t, addr)
	r, end := askEstimate(t, cl, fpz(nine, nil))
	if r.Type != "estimate" || r.Estimate != 9 || r.CI95Lower != 9 || r.CI95Upper != 9 || r.Stderr != 0 || end != "Exact: 9 solutions, counted." {
		t.Errorf("nine solutions: %+v, %q", r, end)
	}
	if r, end := askEstimate(t, cl, fpz(none, nil)); r.Type != "invalid" || end != "No solutions found." {
		t.Errorf("no solution: %+v", r)
	}
	// The empty 4×4 grid (288 solutions), stopped by the time limit of
	// 1 s or by the relative error, saying which; the connection answers
	// the next job.
	start := time.Now()
	r, end = askEstimate(t, cl, fpz(strings.Repeat(".", 16), nil))
	if r.Type != "estimate" || r.Iterations < 2 || !strings.Contains(end, "time limit") && !strings.Contains(end, "relative error (") ||
		!(r.CI95Lower <= r.Estimate && r.Estimate <= r.CI95Upper) {
		t.Errorf("empty 4×4 grid: %+v, %q after %v", r, end, time.Since(start))
	}
	t.Logf("empty 4×4 grid: %.4g [%.4g, %.4g], %q", r.Estimate, r.CI95Lower, r.CI95Upper, end)
	if r := cl.ask("check", fpz(leet, nil)); r.Count == nil || *r.Count != 1 {
		t.Errorf("check after an estimate: %+v", r)
	}
	if testing.Short() {
		return // verify's count of the six below takes long: make test-long
	}
	six := "1.....4.....3.....5.....2.....6....."
	want, _ := verify.Count(gridOf(t, six), 1_000_000)
	r, end = askEstimate(t, cl, fpz(six, nil))
	if r.Type != "estimate" || r.Iterations < 2 || !(r.CI95Lower <= r.Estimate && r.Estimate <= r.CI95Upper) ||
		r.Estimate < float64(want)/3 || r.Estimate > 3*float64(want) || r.RelErrPercent <= 0 || r.RelErrPercent > 100 ||
		!strings.HasPrefix(end, "Estimate done") {
		t.Errorf("%d solutions: %+v, %q", want, r, end)
	}
}
