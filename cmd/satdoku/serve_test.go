//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/satdoku/satdoku/answer"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
)

// testAPI is the API of serve with --solver and --timeout.
func testAPI(t testing.TB, solver string, timeout time.Duration) *apiServer {
	t.Helper()
	api, err := newAPIServer(solver, timeout)
	if err != nil {
		t.Fatal(err)
	}
	return api
}

// TestServeAPI: the API answers with the record of --format json (the
// published solution of a classic puzzle, the status of an unsolvable
// one), the picture of --format svg, and an unreadable puzzle's error.
func TestServeAPI(t *testing.T) {
	srv := httptest.NewServer(serveHandler(testAPI(t, "", 0), false))
	defer srv.Close()
	post := func(path, body string) (int, string, string) {
		t.Helper()
		resp, err := http.Post(srv.URL+path, "text/plain", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}
	classic := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	sol := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	for _, tc := range []struct{ path, puzzle, status, solution string }{
		{"/api/unique", classic, "unique", sol},
		{"/api/solve", classic, "solved", sol},
		{"/api/unique", "12345678.........9" + strings.Repeat(".", 63), "none", ""},
		{"/api/check", "11" + strings.Repeat(".", 79), "invalid", ""},
	} {
		code, ctype, body := post(tc.path, tc.puzzle)
		var rec struct{ Status, Solution, Puzzle string }
		if err := json.Unmarshal([]byte(body), &rec); err != nil || code != 200 || ctype != "application/json" {
			t.Fatalf("%s: %d %s %s %v", tc.path, code, ctype, body, err)
		}
		if rec.Status != tc.status || rec.Solution != tc.solution || rec.Puzzle != tc.puzzle {
			t.Errorf("%s %s: %+v, want %s %s", tc.path, tc.puzzle, rec, tc.status, tc.solution)
		}
	}
	code, ctype, body := post("/api/candidates?format=svg", classic)
	if code != 200 || ctype != "image/svg+xml" || !strings.HasPrefix(body, "<svg") || strings.Count(body, "data-cell=") != 81 {
		t.Errorf("svg: %d %s %.80s", code, ctype, body)
	}
	code, _, body = post("/api/solve?format=svg", "1.3?")
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, `"error"`) {
		t.Errorf("unreadable: %d %s", code, body)
	}
	// Requests at once run the commands at once (run shares no state).
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			resp, err := http.Post(srv.URL+"/api/unique", "text/plain", strings.NewReader(classic))
			if err != nil {
				t.Error(err)
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if !strings.Contains(string(b), `"solution":"`+sol+`"`) {
				t.Errorf("at once: %s", b)
			}
		})
	}
	wg.Wait()
	// With --solver, solve and unique ask the external solver.
	if _, err := exec.LookPath("minisat"); err == nil {
		ext := httptest.NewServer(serveHandler(testAPI(t, "minisat", time.Minute), false))
		defer ext.Close()
		resp, err := http.Post(ext.URL+"/api/unique", "text/plain", strings.NewReader(classic))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(b), `"solution":"`+sol+`"`) {
			t.Errorf("--solver minisat: %s", b)
		}
	}
	// --timeout reaches the commands: a deadline of a nanosecond passes.
	quick := httptest.NewServer(serveHandler(testAPI(t, "", time.Nanosecond), false))
	defer quick.Close()
	resp, err := http.Post(quick.URL+"/api/unique", "text/plain", strings.NewReader(classic))
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(tb), `"status":"timeout"`) {
		t.Errorf("--timeout 1ns: %s", tb)
	}
	// The page itself.
	resp, err = http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `id="verdict"`) {
		t.Errorf("GET /: no page")
	}
}

// solvedGrid is Wikipedia's puzzle, solved: the API's overhead is what a
// request of it costs beyond its solve.
const solvedGrid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// BenchmarkAPISolved is one request of /api/solve through the handler
// (no network): read, answer, record. Its time less that of
// BenchmarkAnswerSolved is the API's overhead per request.
func BenchmarkAPISolved(b *testing.B) {
	h := serveHandler(testAPI(b, "", time.Minute), false)
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "http://localhost/api/solve", strings.NewReader(solvedGrid))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatal(w.Code, w.Body.String())
		}
	}
}

// BenchmarkAnswerSolved is the solve alone of BenchmarkAPISolved.
func BenchmarkAnswerSolved(b *testing.B) {
	g := textfmt.MustParse(solvedGrid)
	o := answer.Options{Solver: checked.New(satsolve.New(satsolve.Options{Stoppable: true}), checked.Options{})}
	b.ReportAllocs()
	for b.Loop() {
		if a, err := answer.Solve(context.Background(), g, o); err != nil || a.Status != answer.StatusSolved {
			b.Fatal(a.Status, err)
		}
	}
}

// TestServePage: the page's questions are served at /api/page/, with the
// API's checks: a verdict without the solution, a puzzle the page cannot
// read answered in words, a question from another origin refused, and a
// question unknown.
func TestServePage(t *testing.T) {
	srv := httptest.NewServer(serveHandler(testAPI(t, "", 0), false))
	defer srv.Close()
	ask := func(q, body, origin string) (int, map[string]any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/page/"+q, strings.NewReader(body))
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var m map[string]any
		json.NewDecoder(resp.Body).Decode(&m)
		return resp.StatusCode, m
	}
	classic := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	code, m := ask("verdict", `{"puzzle":"`+classic+`"}`, "")
	if code != 200 || m["status"] != "unique" || m["solution"] != nil {
		t.Errorf("verdict: %d %v", code, m)
	}
	code, m = ask("view", `{"puzzle":"1.3?"}`, "")
	if msg, _ := m["error"].(string); code != 200 || !strings.HasPrefix(msg, "cannot read the puzzle") {
		t.Errorf("unreadable: %d %v", code, m)
	}
	if code, _ = ask("verdict", `{"puzzle":"`+classic+`"}`, "https://evil.example"); code != http.StatusForbidden {
		t.Errorf("another origin: %d", code)
	}
	if code, _ = ask("solve", `{"puzzle":"`+classic+`"}`, ""); code != http.StatusNotFound {
		t.Errorf("an unknown question: %d", code)
	}
}
