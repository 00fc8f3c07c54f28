//go:build !(js && wasm)

package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/ruleset"
	"github.com/satdoku/satdoku/textfmt"
)

// An f-puzzles puzzle with a killer cage, a thermometer and a white dot
// (JSON), and an ISS string with an automaton line, which f-puzzles has no
// element for.
const (
	linkFPuzzle = `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],` +
		`"killercage":[{"cells":["R1C2","R1C3"],"value":5}],"thermometer":[{"lines":[["R2C1","R2C2","R2C3"]]}],` +
		`"difference":[{"cells":["R4C1","R4C2"]}]}`
	linkNFA = ".~R1C1_5~R1C2_3~R1C5_7~R2C1_6~R2C4_1~R2C5_9~R2C6_5~R3C2_9~R3C3_8~R3C8_6~R4C1_8~R4C5_6~R4C9_3" +
		".Regex~MS4q~R9C1~R9C2~R9C3"
)

// TestLinkFormats: --format fpuzzles-link, sudokupad-link and iss-link
// print the puzzle's link, which the CLI's own input reads back to the
// same rules and givens; a rule the tool cannot hold is no link but an
// error on standard error naming the rule and the tool, with exit status 2.
func TestLinkFormats(t *testing.T) {
	prefixes := map[string]string{"fpuzzles-link": "https://www.f-puzzles.com/?load=",
		"sudokupad-link": "https://sudokupad.app/fpuzzles", "iss-link": "https://sigh.github.io/Interactive-Sudoku-Solver/?q="}
	want, err := fpuzzles.Read([]byte(linkFPuzzle))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "puzzle.json")
	if err := os.WriteFile(file, []byte(linkFPuzzle), 0o644); err != nil {
		t.Fatal(err)
	}
	for f, prefix := range prefixes {
		var out, errOut bytes.Buffer
		code := run([]string{"check", "--format", f, file}, strings.NewReader(""), &out, &errOut)
		link := strings.TrimSpace(out.String())
		if code != exitOK || !strings.HasPrefix(link, prefix) || strings.Contains(link, "\n") {
			t.Fatalf("check --format %s: exit %d, %q, %s", f, code, link, errOut.String())
		}
		got, ok, err := textfmt.ReadArg(link)
		if !ok || err != nil {
			t.Fatalf("%s: the link does not read back: %v %v", f, ok, err)
		}
		if d := ruleset.Diff(ruleset.Lines(got.Grid.Rules()), ruleset.Lines(want.Grid.Rules())); d != "" || got.Grid.String() != want.Grid.String() {
			t.Errorf("%s: read back, the rules differ:\n%s givens %v, want %v", f, d, got.Grid, want.Grid)
		}
	}
	var out, errOut bytes.Buffer
	code := run([]string{"check", "--format", "fpuzzles-link", linkNFA}, strings.NewReader(""), &out, &errOut)
	if code != exitUsage || out.Len() != 0 || !strings.Contains(errOut.String(), "f-puzzles has no automaton") {
		t.Errorf("an automaton in an f-puzzles link: exit %d, out %q, stderr %q", code, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	code = run([]string{"check", "--format", "iss-link", linkNFA}, strings.NewReader(""), &out, &errOut)
	if code != exitOK || !strings.Contains(out.String(), "Regex") {
		t.Errorf("an automaton in an ISS link: exit %d, out %q, stderr %q", code, out.String(), errOut.String())
	}
}

// TestLinkFormatsAPI: the HTTP API (satdoku serve's, and the page's
// WebAssembly entry, which share apiServer.answer) answers ?format=iss-link
// and the other link formats with the link as plain text, and a rule the
// tool cannot hold with status 422 and the error naming it.
func TestLinkFormatsAPI(t *testing.T) {
	hs := httptest.NewServer(apiHandler(testAPI(t, "", apiTimeout), false))
	defer hs.Close()
	post := func(path, body string) (int, string, string) {
		t.Helper()
		resp, err := http.Post(hs.URL+path, "text/plain", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}
	for _, f := range linkFormats {
		code, ctype, body := post("/api/check?format="+f, linkFPuzzle)
		if code != http.StatusOK || !strings.HasPrefix(ctype, "text/plain") || !strings.HasPrefix(body, "https://") {
			t.Errorf("%s: %d %s %q", f, code, ctype, body)
		}
	}
	code, _, body := post("/api/check?format=sudokupad-link", linkNFA)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "has no automaton") {
		t.Errorf("sudokupad-link of an automaton: %d %q", code, body)
	}
	out, err := testAPI(t, "", apiTimeout).answer(context.Background(), "solve", "iss-link", []byte(linkFPuzzle))
	if err != nil || !strings.HasPrefix(string(out), "https://sigh.github.io/") {
		t.Errorf("answer in iss-link: %q %v", out, err)
	}
	if !slices.Contains(outputFormatNames, "iss-link") {
		t.Errorf("iss-link is not a registered format: %v", outputFormatNames)
	}
}
