package web_test

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/web"
)

// TestFiles: the page's files are embedded, and the page holds the hooks
// docs/page.md documents (the browser test, cmd/satdoku's TestPage, checks
// what they show).
func TestFiles(t *testing.T) {
	for name, want := range map[string][]string{
		"index.html": {`id="verdict"`, `id="count"`, `id="solution"`, `id="board"`, `src="app.js"`, `name="viewport"`,
			`id="candidates-btn"`, `id="solution-btn"`, `id="hint-btn"`, `id="clues-btn"`},
		"app.js":    {"location.search", "api/info", "api/page/", "new Worker('worker.js')", "dataset.candidates", "dataset.counts", "dataset.eliminate", "dataset.place"},
		"worker.js": {"importScripts('wasm_exec.js')", "satdoku.wasm", "satdokuPage"},
		"style.css": {"@media"},
	} {
		b, err := fs.ReadFile(web.Files(), name)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s lacks %s", name, w)
			}
		}
	}
	// The raw query is read, never URLSearchParams, which turns the + of
	// a load string into a space.
	b, _ := fs.ReadFile(web.Files(), "app.js")
	if strings.Contains(string(b), "URLSearchParams(") {
		t.Error("app.js reads the query with URLSearchParams")
	}
}
