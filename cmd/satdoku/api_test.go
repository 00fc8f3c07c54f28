//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/listen"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// TestAPI: the HTTP JSON API of satdoku listen (the one of satdoku serve,
// package httpapi over the CLI) answers each command with the record of
// --format json, checked against the validator.
func TestAPI(t *testing.T) {
	srv := listen.New(listen.Options{Jobs: 1, API: apiHandler(testAPI(t, "", apiTimeout), false)})
	hs := httptest.NewServer(srv)
	defer hs.Close()
	defer srv.Close()
	post := func(path, body, origin string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, hs.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, string(b)
	}
	nine := "8.........59.......76.........832765...476198...951243....9.516...6.4982......437"
	g := textfmt.MustParse(nine)
	type record struct {
		Status     string  `json:"status"`
		Solution   string  `json:"solution"`
		Count      *int    `json:"count"`
		Candidates [][]int `json:"candidates"`
		Rating     float64 `json:"rating"`
		Step       *struct {
			Technique string `json:"technique"`
		} `json:"step"`
	}
	for _, cmd := range []string{"solve", "unique", "count", "candidates", "hint", "rate"} {
		code, body := post("/api/"+cmd, nine+"\n"+leet37+"\n", "")
		lines := strings.Split(strings.TrimSpace(body), "\n")
		if code != http.StatusOK || len(lines) != 2 {
			t.Errorf("%s: %d %q", cmd, code, body)
			continue
		}
		var rec, leet record
		if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		if err := json.Unmarshal([]byte(lines[1]), &leet); err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		switch cmd {
		case "solve":
			sol, err := textfmt.Parse(rec.Solution)
			if err != nil || verify.Solution(g, sol) != nil || leet.Solution != leet37Solution {
				t.Errorf("solve: %q, %q", rec.Solution, leet.Solution)
			}
		case "unique":
			if rec.Status != "multiple" || leet.Status != "unique" {
				t.Errorf("unique: %s, %s", rec.Status, leet.Status)
			}
		case "count":
			if rec.Count == nil || *rec.Count != 2 || leet.Count == nil || *leet.Count != 1 {
				t.Errorf("count: %v, %v", rec.Count, leet.Count)
			}
		case "candidates":
			if want, _ := verify.Count(g, 1000); rec.Count == nil || *rec.Count != want || len(rec.Candidates) != 81 {
				t.Errorf("candidates: %v, want %d", rec.Count, want)
			}
		case "hint":
			if leet.Step == nil || leet.Step.Technique == "" {
				t.Errorf("hint: %s", lines[1])
			}
		case "rate":
			if leet.Status != "rated" || leet.Rating <= 0 {
				t.Errorf("rate: %s", lines[1])
			}
		}
	}
	// An input that does not read is a record with status error, as in a
	// batch: the answer is the command line's.
	if code, body := post("/api/solve", "garbage", ""); code != http.StatusOK || !strings.Contains(body, `"status":"error"`) {
		t.Errorf("bad input: %d %q", code, body)
	}
	if code, _ := post("/api/frobnicate", leet37, ""); code != http.StatusNotFound {
		t.Errorf("unknown command: %d", code)
	}
	if code, _ := post("/api/solve", leet37, "https://evil.example"); code != http.StatusForbidden {
		t.Errorf("foreign origin: %d", code)
	}
	if code, _ := post("/api/solve", strings.Repeat("5", 1<<20+1), ""); code != http.StatusRequestEntityTooLarge {
		t.Errorf("too long: %d", code)
	}
	resp, err := http.Get(hs.URL + "/api/solve")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: %d", resp.StatusCode)
	}
}
