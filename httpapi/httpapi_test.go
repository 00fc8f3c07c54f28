package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/httpapi"
)

// echo answers with the command, the format and the puzzle, so that the
// test sees what reached it; the puzzle "bad" is an error.
func echo(_ context.Context, cmd, format string, puzzle []byte) ([]byte, error) {
	if string(puzzle) == "bad" {
		return nil, errors.New("1:1: cannot read")
	}
	b, _ := json.Marshal(map[string]string{"cmd": cmd, "format": format, "puzzle": string(puzzle)})
	return b, nil
}

func TestHandler(t *testing.T) {
	h := httpapi.New(echo, httpapi.Options{MaxBody: 100})
	tests := []struct {
		name, method, target, host, origin, body string
		status                                   int
		ctype, want                              string
	}{
		{"solve", "POST", "/api/solve", "127.0.0.1:8080", "", "1...", 200, "application/json", `{"cmd":"solve","format":"json","puzzle":"1..."}`},
		{"svg", "POST", "/api/unique?format=svg", "localhost:8080", "", "1...", 200, "image/svg+xml", `{"cmd":"unique","format":"svg","puzzle":"1..."}`},
		{"ipv6 loopback", "POST", "/api/rate", "[::1]:8080", "", "x", 200, "application/json", `{"cmd":"rate","format":"json","puzzle":"x"}`},
		{"same origin", "POST", "/api/hint", "127.0.0.1:8080", "http://127.0.0.1:8080", "x", 200, "application/json", `{"cmd":"hint","format":"json","puzzle":"x"}`},
		{"info", "GET", "/api/info", "localhost", "", "", 200, "application/json", `{"commands":["solve","unique","count","candidates","hint","rate","check","explain"],"server":true}`},
		{"other host", "POST", "/api/solve", "evil.example:8080", "", "x", 403, "application/json", `{"error":"host evil.example:8080 is not this machine"}`},
		{"other origin", "POST", "/api/solve", "127.0.0.1:8080", "http://evil.example", "x", 403, "application/json", `{"error":"cross-origin request from http://evil.example"}`},
		{"GET", "GET", "/api/solve", "127.0.0.1", "", "", 405, "application/json", `{"error":"use POST with the puzzle as the body"}`},
		{"unknown", "POST", "/api/dimacs", "127.0.0.1", "", "x", 404, "application/json", `{"error":"no command dimacs"}`},
		{"format", "POST", "/api/solve?format=csv", "127.0.0.1", "", "x", 400, "application/json", `{"error":"format csv (want json or svg)"}`},
		{"too big", "POST", "/api/solve", "127.0.0.1", "", strings.Repeat(".", 101), 413, "application/json", `{"error":"the puzzle is over 100 bytes"}`},
		{"unreadable", "POST", "/api/solve", "127.0.0.1", "", "bad", 422, "application/json", `{"error":"1:1: cannot read"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, tc.target, strings.NewReader(tc.body))
			r.Host = tc.host
			if tc.origin != "" {
				r.Header.Set("Origin", tc.origin)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			body, _ := io.ReadAll(w.Result().Body)
			if w.Code != tc.status || w.Header().Get("Content-Type") != tc.ctype || strings.TrimSpace(string(body)) != tc.want {
				t.Errorf("%d %s %s, want %d %s %s", w.Code, w.Header().Get("Content-Type"), body, tc.status, tc.ctype, tc.want)
			}
		})
	}
	// AnyHost serves other host names.
	r := httptest.NewRequest("POST", "/api/solve", strings.NewReader("x"))
	r.Host = "sudoku.example"
	w := httptest.NewRecorder()
	httpapi.New(echo, httpapi.Options{AnyHost: true}).ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		t.Errorf("AnyHost: %d", w.Code)
	}
}
