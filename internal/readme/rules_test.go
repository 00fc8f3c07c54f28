package readme

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/iss"
)

// ruleTable returns the rows of the rule table of docs/rules.md (the
// table whose header starts "| rule | clue kind |"), each a map from the
// column's header to the cell's text.
func ruleTable(t *testing.T) []map[string]string {
	t.Helper()
	b, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	var head []string
	var rows []map[string]string
	for l := range strings.SplitSeq(string(b), "\n") {
		if !strings.HasPrefix(l, "|") {
			if len(head) > 0 {
				break
			}
			continue
		}
		cells := tableCells(l)
		switch {
		case len(head) == 0 && len(cells) > 2 && cells[0] == "rule" && cells[1] == "clue kind":
			head = cells
		case len(head) == 0, strings.HasPrefix(l, "|---"):
		case len(cells) != len(head):
			t.Fatalf("docs/rules.md: a row of %d cells, want %d: %s", len(cells), len(head), l)
		default:
			row := map[string]string{}
			for i, h := range head {
				row[h] = cells[i]
			}
			rows = append(rows, row)
		}
	}
	if len(rows) == 0 {
		t.Fatal(`docs/rules.md: no table with the header "| rule | clue kind | …"`)
	}
	return rows
}

// tableCells splits a Markdown table row at its unescaped bars.
func tableCells(l string) []string {
	var cells []string
	var cur strings.Builder
	for i := 1; i < len(l); i++ {
		switch {
		case l[i] == '\\' && i+1 < len(l) && l[i+1] == '|':
			cur.WriteString(`\|`)
			i++
		case l[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(l[i])
		}
	}
	return cells
}

var codeSpan = regexp.MustCompile("`([^`]*)`")

// codes returns the code spans of a cell.
func codes(cell string) []string {
	var out []string
	for _, m := range codeSpan.FindAllStringSubmatch(cell, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestRuleTable: every kind of package clue has a row of the rule table of
// docs/rules.md, its name in the column "clue kind", with a spelling in
// f-puzzles, SudokuPad or ISS and an example.
func TestRuleTable(t *testing.T) {
	rows := ruleTable(t)
	for _, k := range clue.Kinds() {
		i := slices.IndexFunc(rows, func(r map[string]string) bool {
			return slices.Contains(codes(r["clue kind"]), k.String())
		})
		if i < 0 {
			t.Errorf("docs/rules.md: no row of the rule table has the clue kind `%s`", k)
			continue
		}
		r := rows[i]
		if !slices.ContainsFunc([]string{"f-puzzles", "SudokuPad (its own drawing)", "ISS"}, func(col string) bool {
			return r[col] != "" && !strings.HasPrefix(r[col], "—")
		}) {
			t.Errorf("docs/rules.md: the row of %q gives no spelling in f-puzzles, SudokuPad or ISS", k)
		}
		if len(codes(r["example"])) == 0 {
			t.Errorf("docs/rules.md: the row of %q has no example", k)
		}
	}
}

// issTypes returns the constraint types that package iss knows, read from
// its source (the variable types of iss/constraints.go).
func issTypes(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../../iss/constraints.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "types" || len(vs.Values) != 1 {
			return true
		}
		if lit, ok := vs.Values[0].(*ast.CompositeLit); ok {
			for _, e := range lit.Elts {
				if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.STRING {
					s, err := strconv.Unquote(b.Value)
					if err == nil {
						out = append(out, s)
					}
				}
			}
		}
		return false
	})
	if len(out) < 50 {
		t.Fatalf("iss/constraints.go: %d constraint types in var types, want its list of ISS's types", len(out))
	}
	return out
}

// issReads reports whether package iss reads the constraint type typ, that
// is, does not refuse it by name as a constraint satdoku cannot express.
func issReads(typ string) bool {
	_, err := iss.Read("." + typ)
	return !(errors.Is(err, iss.ErrUnsupported) && strings.Contains(err.Error(), typ+": a constraint satdoku cannot express"))
}

var identifier = regexp.MustCompile(`[A-Z][A-Za-z]*`)

// TestRuleTableISS: every ISS constraint type that package iss reads is
// named in the column ISS of the rule table, every type named there is
// read, and every whole ISS string of the column "example" reads.
func TestRuleTableISS(t *testing.T) {
	rows := ruleTable(t)
	types := issTypes(t)
	named := map[string]bool{}
	for _, r := range rows {
		for _, c := range codes(r["ISS"]) {
			for _, w := range identifier.FindAllString(c, -1) {
				if slices.Contains(types, w) {
					named[w] = true
				}
			}
		}
		for _, c := range codes(r["example"]) {
			if strings.HasPrefix(c, ".") && !strings.Contains(c, "…") {
				if _, err := iss.Read(c); err != nil {
					t.Errorf("docs/rules.md: the example %s of %q does not read: %v", c, r["rule"], err)
				}
			}
		}
	}
	read := 0
	for _, typ := range types {
		switch reads := issReads(typ); {
		case reads && !named[typ]:
			t.Errorf("docs/rules.md: the ISS constraint type %s, which satdoku reads, is in no row of the rule table's column ISS", typ)
		case !reads && named[typ]:
			t.Errorf("docs/rules.md: the rule table names the ISS constraint type %s, which satdoku refuses", typ)
		case reads:
			read++
		}
	}
	if read < 40 {
		t.Errorf("only %d of ISS's %d constraint types read: is issReads right?", read, len(types))
	}
}

// TestRuleTableFpuzzles: every f-puzzles example of the rule table (a
// whole key, "key":value, without "…") reads, put in an empty 9×9
// puzzle, with the clue kind its row names.
func TestRuleTableFpuzzles(t *testing.T) {
	rows := ruleTable(t)
	empty := "[" + strings.TrimSuffix(strings.Repeat("["+strings.TrimSuffix(strings.Repeat("{},", 9), ",")+"],", 9), ",") + "]"
	read := 0
	for _, r := range rows {
		for _, c := range codes(r["example"]) {
			if !strings.HasPrefix(c, `"`) || !strings.Contains(c, `":`) || strings.Contains(c, "…") || strings.HasPrefix(c, `"grid"`) {
				continue
			}
			p, err := fpuzzles.Read([]byte(`{"size":9,"grid":` + empty + `,` + c + `}`))
			if err != nil {
				t.Errorf("docs/rules.md: the f-puzzles example %s of %q does not read: %v", c, r["rule"], err)
				continue
			}
			read++
			kinds := codes(r["clue kind"])
			if len(kinds) == 0 || len(p.Clues) == 0 {
				continue // a global rule, or a rule of the board
			}
			if !slices.ContainsFunc(p.Clues, func(cl clue.Clue) bool { return slices.Contains(kinds, cl.Kind.String()) }) {
				t.Errorf("docs/rules.md: the f-puzzles example %s of %q reads as %v, not as %v", c, r["rule"], p.Clues, kinds)
			}
		}
	}
	if read < 30 {
		t.Errorf("only %d f-puzzles examples read", read)
	}
}
