package readme

import (
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestDocLinks: every relative link of README.md and docs/*.md names a
// file that is there and, with an #anchor, a heading of that page.
func TestDocLinks(t *testing.T) {
	pages, err := Pages("../..")
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 10 {
		t.Fatalf("only %d pages: %v", len(pages), pages)
	}
	errs, err := LinkErrors(pages)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Error(e)
	}
}

// TestAnchors checks the anchors against those GitHub gives these headings.
func TestAnchors(t *testing.T) {
	text := "# Live in f-puzzles: `satdoku listen`\n## Other values and var cells\n```\n# not a heading\n```\n## Output\n## Output\n#nospace\n"
	got := Anchors(text)
	for _, a := range []string{"live-in-f-puzzles-satdoku-listen", "other-values-and-var-cells", "output", "output-1"} {
		if !got[a] {
			t.Errorf("no anchor %q in %v", a, got)
		}
	}
	if len(got) != 4 {
		t.Errorf("anchors %v, want 4", got)
	}
}

// TestLinkErrors: a missing file and a missing anchor are both found.
func TestLinkErrors(t *testing.T) {
	dir := t.TempDir()
	write(t, dir+"/a.md", "# A\n## Here\n[ok](#here) [ok](b.md#there) [bad](#nowhere) [bad](c.md) [bad](b.md#gone) `[code](x.md)` [web](https://x.org/#y)\n")
	write(t, dir+"/b.md", "# B\n## There\n")
	errs, err := LinkErrors([]string{dir + "/a.md", dir + "/b.md"})
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) != 3 || !strings.Contains(errs[0], "#nowhere") || !strings.Contains(errs[1], "c.md") || !strings.Contains(errs[2], "#gone") {
		t.Errorf("errors %q, want #nowhere, c.md and b.md#gone", errs)
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
}

// TestGoBlocksParse: every ```go block of the documentation is Go
// statements that parse (those of docs/library.md are also checked
// against the Examples the tests run, by TestREADMEExample in answer and
// checked).
func TestGoBlocksParse(t *testing.T) {
	n := 0
	for _, p := range ReadPages(t, "../..") {
		for _, bl := range Blocks(p.Text) {
			if bl.Info != "go" {
				continue
			}
			n++
			src := "package p\n\nfunc _() {\n" + strings.Join(bl.Lines, "\n") + "\n}\n"
			if _, err := parser.ParseFile(token.NewFileSet(), "", src, 0); err != nil {
				t.Errorf("%s:%d: a Go block that does not parse: %v", p.Name, bl.Line, err)
			}
		}
	}
	if n < 4 {
		t.Errorf("only %d Go blocks", n)
	}
}
