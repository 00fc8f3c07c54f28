// Package readme is for tests: it finds the pages of the documentation
// (README.md and the manual in docs/), reads their code blocks and links,
// and checks that a Go block of a page is the body of a package's Example,
// which the tests run, so that the code the documentation shows is code
// that works.
package readme

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// Pages returns the pages of the documentation under the repository root
// root: README.md first, then docs/*.md in name order, each as a path that
// starts with root.
func Pages(root string) ([]string, error) {
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	slices.Sort(docs)
	return append([]string{filepath.Join(root, "README.md")}, docs...), nil
}

// Page is a page of the documentation.
type Page struct {
	Path string // as Pages returns it
	Name string // from the repository's root: "README.md", "docs/cli.md"
	Text string
}

// ReadPages reads the pages of the documentation under the repository root
// root, in the order of Pages; an error fails t.
func ReadPages(t testing.TB, root string) []Page {
	t.Helper()
	paths, err := Pages(root)
	if err != nil {
		t.Fatal(err)
	}
	var out []Page
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name, err := filepath.Rel(root, p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, Page{Path: p, Name: filepath.ToSlash(name), Text: string(b)})
	}
	return out
}

// Block is a fenced code block of a page.
type Block struct {
	Info  string   // the word after the opening fence: "console", "go", "sh", or ""
	Line  int      // the line of its first content line, from 1
	Lines []string // its content
}

// Blocks returns the fenced code blocks (```) of a page's text.
func Blocks(text string) []Block {
	var out []Block
	var cur *Block
	for i, l := range strings.Split(text, "\n") {
		switch {
		case cur == nil && strings.HasPrefix(l, "```"):
			out = append(out, Block{Info: strings.TrimSpace(strings.TrimPrefix(l, "```")), Line: i + 2})
			cur = &out[len(out)-1]
		case cur != nil && strings.HasPrefix(l, "```"):
			cur = nil
		case cur != nil:
			cur.Lines = append(cur.Lines, l)
		}
	}
	return out
}

// CheckExample fails t unless the first Go block after the line section
// of the page at path is the body of func Example in the file example
// (tabs of the body's indentation taken off).
func CheckExample(t *testing.T, path, section, example string) {
	t.Helper()
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(page), section+"\n")
	_, code, ok2 := strings.Cut(sec, "```go\n")
	code, _, ok3 := strings.Cut(code, "```\n")
	if !ok || !ok2 || !ok3 {
		t.Fatalf("%s: no Go block in a section %q", path, section)
	}
	_, body, ok := strings.Cut(string(src), "func Example() {\n")
	body, _, ok2 = strings.Cut(body, "\n}\n")
	if !ok || !ok2 {
		t.Fatalf("%s: no func Example", example)
	}
	var lines []string
	for l := range strings.SplitSeq(body, "\n") {
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	if want := strings.Join(lines, "\n") + "\n"; code != want {
		t.Errorf("%s's example:\n%s\nExample in %s:\n%s", path, code, example, want)
	}
}

// Anchors returns the anchors of a page's headings, as GitHub makes them:
// the heading's text in lower case, its inline code, links and emphasis
// reduced to their text, every character but letters, digits, spaces,
// hyphens and underscores dropped, spaces made hyphens; a second heading
// of the same anchor gets "-1", a third "-2" ….
func Anchors(text string) map[string]bool {
	seen := map[string]int{}
	out := map[string]bool{}
	for _, b := range outsideCode(text) {
		if !strings.HasPrefix(b.text, "#") {
			continue
		}
		h := strings.TrimLeft(b.text, "#")
		if h == "" || h[0] != ' ' {
			continue
		}
		a := slug(mdLink.ReplaceAllString(strings.TrimSpace(h), "$1"))
		if n := seen[a]; n > 0 {
			out[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// mdLink matches a Markdown link, its text in group 1 and its target in
// group 2.
var mdLink = regexp.MustCompile(`\[([^\]]*)\]\(([^)\s]+)\)`)

// line is a line of a page outside its code blocks, its inline code
// blanked.
type line struct {
	n    int
	text string
}

// outsideCode returns the lines of text outside fenced code blocks, with
// inline code spans (`…`) replaced by spaces.
func outsideCode(text string) []line {
	var out []line
	fence := false
	inline := regexp.MustCompile("`[^`]*`")
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "```") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		out = append(out, line{i + 1, inline.ReplaceAllStringFunc(l, func(s string) string {
			if strings.HasPrefix(l, "#") {
				return strings.Trim(s, "`") // a heading's code is part of its anchor
			}
			return strings.Repeat(" ", len(s))
		})})
	}
	return out
}

// LinkErrors returns a message for each relative link of the pages (paths
// as Pages returns them) whose file is missing, or whose #anchor is no
// heading of the page it names; links to other sites are not followed.
func LinkErrors(pages []string) ([]string, error) {
	anchors := map[string]map[string]bool{}
	texts := map[string]string{}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		texts[p] = string(b)
		anchors[filepath.Clean(p)] = Anchors(string(b))
	}
	var errs []string
	for _, p := range pages {
		var prose strings.Builder // the page outside code, a line a line
		for _, l := range outsideCode(texts[p]) {
			for prose.Len() > 0 && strings.Count(prose.String(), "\n") < l.n-2 {
				prose.WriteByte('\n')
			}
			if prose.Len() > 0 {
				prose.WriteByte('\n')
			}
			prose.WriteString(l.text)
		}
		text := prose.String()
		for _, m := range mdLink.FindAllStringSubmatchIndex(text, -1) {
			n := strings.Count(text[:m[0]], "\n") + 1
			target := text[m[4]:m[5]]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(target, "#")
			dest := filepath.Clean(p)
			if file != "" {
				dest = filepath.Join(filepath.Dir(p), file)
				if _, err := os.Stat(dest); err != nil {
					errs = append(errs, fmt.Sprintf("%s:%d: link to %s: no file %s", p, n, target, dest))
					continue
				}
			}
			if frag == "" {
				continue
			}
			as, ok := anchors[dest]
			if !ok {
				errs = append(errs, fmt.Sprintf("%s:%d: link to %s: an anchor in a file that is no page of the documentation", p, n, target))
			} else if !as[frag] {
				errs = append(errs, fmt.Sprintf("%s:%d: link to %s: no heading of %s has the anchor #%s", p, n, target, dest, frag))
			}
		}
	}
	return errs, nil
}
