package race

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestRacePackages: every package of the module whose non-test code has
// a go statement is in the Makefile's RACE_PKGS (make test runs the others
// without the race detector, to keep within its 3 minutes), and every
// package listed exists.
func TestRacePackages(t *testing.T) {
	root := filepath.Join("..", "..")
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^RACE_PKGS\s*:=\s*(.*)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("Makefile: no RACE_PKGS")
	}
	listed := strings.Fields(string(m[1]))
	for _, p := range listed {
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Errorf("RACE_PKGS: %s: %v", p, err)
		}
	}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != root || d.Name() == "testdata" || d.Name() == "dist") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		goes := false
		ast.Inspect(f, func(n ast.Node) bool {
			_, ok := n.(*ast.GoStmt)
			goes = goes || ok
			return !goes
		})
		if !goes {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := "./" + filepath.ToSlash(rel)
		if rel == "." {
			pkg = "."
		}
		if !slices.Contains(listed, pkg) && !strings.HasPrefix(pkg, "./scripts/") {
			t.Errorf("%s starts goroutines (%s) but is not in the Makefile's RACE_PKGS", pkg, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
