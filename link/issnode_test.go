package link_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
)

// issDriver runs ISS's own parser and solver (tools/lib/solver_analysis.js,
// runSolve) on puzzle strings, one JSON object {"id", "input"} a line on
// standard input, and writes {"id", "status", "solution"} or {"id",
// "error"} a line: the status unique, multiple, no-solution or capped
// (the search stopped at its backtrack cap).
const issDriver = `import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
const [root, cap] = process.argv.slice(2);
const lib = await import(pathToFileURL(root + '/tools/lib/solver_analysis.js').href);
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const p = JSON.parse(line);
  try {
    const r = lib.runSolve({ name: p.id, input: p.input }, { maxBacktracks: Number(cap), maxSolutions: 2 });
    console.log(JSON.stringify({ id: p.id, status: r.status, solution: r.solution }));
  } catch (e) {
    console.log(JSON.stringify({ id: p.id, error: String(e && e.message || e) }));
  }
}
`

// issTree returns the extracted ISS work tree of $ISS_TREE, or /tmp/iss
// (see scripts/iss-compare.sh for how to extract one), or "".
func issTree() string {
	for _, d := range []string{os.Getenv("ISS_TREE"), "/tmp/iss"} {
		if d == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "tools", "lib", "solver_analysis.js")); err == nil {
			return d
		}
	}
	return ""
}

// TestISSParser hands the ISS strings satdoku writes to ISS's own parser
// and solver, headless under node: every puzzle of the corpus (the
// repository's test data and the CtC set) that iss.Write holds must parse
// in ISS, and ISS's answer to it must be ISS's answer to the original
// string for a puzzle read from ISS (the writer changed nothing ISS
// sees), or satdoku's for the others (the verdict, and the solution of a
// unique puzzle). A search ISS capped, or one satdoku did not finish in
// time, is counted, not compared. It skips under -short and without node
// or an ISS tree ($ISS_TREE, or /tmp/iss).
func TestISSParser(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs ISS under node")
	}
	root := issTree()
	node, err := exec.LookPath("node")
	if root == "" || err != nil {
		t.Skip("no ISS tree ($ISS_TREE or /tmp/iss) or no node")
	}
	type job struct {
		name     string
		original string // the ISS string read, or "" for another format
		grid     *satdoku.Grid
	}
	var jobs []job
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, s := range corpus(t, true) {
		p, ok, err := textfmt.ReadArg(s.text)
		if !ok || err != nil || p.Grid == nil {
			continue
		}
		out, err := iss.Write(p.Grid, p.Clues)
		if err != nil {
			continue
		}
		j := job{name: s.name, grid: p.Grid}
		if _, err := iss.Read(s.text); err == nil {
			j.original = s.text
			enc.Encode(map[string]string{"id": "o" + strconv.Itoa(len(jobs)), "input": s.text})
		}
		enc.Encode(map[string]string{"id": "w" + strconv.Itoa(len(jobs)), "input": out})
		jobs = append(jobs, j)
	}
	driver := filepath.Join(t.TempDir(), "driver.mjs")
	if err := os.WriteFile(driver, []byte(issDriver), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, driver, root, "50000")
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	outp, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v: %s", err, stderr.String())
	}
	type result struct {
		ID, Status, Solution, Error string
	}
	res := map[string]result{}
	sc := bufio.NewScanner(bytes.NewReader(outp))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("driver: %v: %s", err, sc.Text())
		}
		res[r.ID] = r
	}
	s := checked.New(satsolve.New(satsolve.Options{}), checked.Options{})
	parsed, same, capped, unanswered := 0, 0, 0, 0
	for k, j := range jobs {
		w := res["w"+strconv.Itoa(k)]
		if w.Error != "" || w.ID == "" {
			t.Errorf("%s: ISS does not read the string written: %s", j.name, w.Error)
			continue
		}
		parsed++
		if w.Status == "capped" {
			capped++
			continue
		}
		if j.original != "" {
			o := res["o"+strconv.Itoa(k)]
			switch {
			case o.Status == "capped" || o.Error != "":
				capped++
			case o.Status != w.Status || o.Status == "unique" && o.Solution != w.Solution:
				t.Errorf("%s: ISS answers the original %s %s, the string written %s %s", j.name, o.Status, o.Solution, w.Status, w.Solution)
			default:
				same++
			}
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		a, err := s.Unique(ctx, j.grid)
		cancel()
		if errors.Is(err, backend.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) {
			unanswered++
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", j.name, err)
		}
		want := map[backend.Status]string{backend.StatusUnique: "unique", backend.StatusMultiple: "multiple", backend.StatusNone: "no-solution"}[a.Status]
		if w.Status != want || want == "unique" && w.Solution != values(a.Solution) {
			t.Errorf("%s: ISS answers the string written %s %s; satdoku %v %v", j.name, w.Status, w.Solution, a.Status, a.Solution)
			continue
		}
		same++
	}
	t.Logf("%d ISS strings written, %d parsed by ISS, %d answered alike, %d capped by ISS, %d unanswered by satdoku in time", len(jobs), parsed, same, capped, unanswered)
}

// values writes a solution as ISS's solver_analysis does: each cell's
// value in decimal, one after another.
func values(g *satdoku.Grid) string {
	var sb strings.Builder
	n := g.N()
	for i := range n * n {
		sb.WriteString(strconv.Itoa(g.Rules().ValueOf(g.Cell(i))))
	}
	return sb.String()
}
