package iss_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/satsolve"
)

// TestCtCRaw reads the CtC puzzles of the shared set on square Raw grids
// (index.jsonl's type "Raw N×N") and solves each to uniqueness on the
// checked path: the verdict must be ISS's, and where ISS ran out of time
// (too-slow) it must not contradict the solutions ISS found; an answer
// that takes longer than the limit is logged, not failed (their speed is
// measured in bench/). With -short it leaves out the ones ISS found too
// slow. It skips when the set is absent.
func TestCtCRaw(t *testing.T) {
	dir := ctcDir()
	f, err := os.Open(filepath.Join(dir, "index.jsonl"))
	if err != nil {
		t.Skipf("no CtC ISS set: %v", err)
	}
	defer f.Close()
	s := checked.New(satsolve.New(satsolve.Options{}), checked.Options{})
	read := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec struct {
			File           string   `json:"file"`
			Types          []string `json:"constraint_types"`
			Status         string   `json:"iss_status"`
			Unique         bool     `json:"unique_solution"`
			SolutionsFound int      `json:"solutions_found"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		square := slices.ContainsFunc(rec.Types, func(ty string) bool {
			var r, c int
			_, err := fmt.Sscanf(ty, "Raw %dx%d", &r, &c)
			return err == nil && r == c
		})
		if !square || testing.Short() && rec.Status == "too-slow" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, rec.File))
		if err != nil {
			t.Fatal(err)
		}
		p, err := iss.Read(strings.ReplaceAll(string(src), "\n", ""))
		if err != nil {
			t.Errorf("%s: %v", rec.File, err)
			continue
		}
		if !p.Grid.Rules().Raw() {
			t.Errorf("%s: read as a grid with rows and columns", rec.File)
		}
		read++
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		a, err := s.Unique(ctx, p.Grid)
		cancel()
		switch {
		case errors.Is(err, backend.ErrTimeout) || errors.Is(err, context.DeadlineExceeded):
			t.Logf("%s: no answer in 10 s", rec.File)
		case err != nil:
			t.Errorf("%s: %v", rec.File, err)
		case rec.Status == "too-slow":
			if rec.SolutionsFound >= 1 && a.Status == backend.StatusNone ||
				rec.SolutionsFound >= 2 && a.Status != backend.StatusMultiple {
				t.Errorf("%s: %v, though ISS found %d solutions", rec.File, a.Status, rec.SolutionsFound)
			}
		case a.Status != issVerdict(rec.Unique, rec.SolutionsFound):
			t.Errorf("%s: %v, ISS: %v", rec.File, a.Status, issVerdict(rec.Unique, rec.SolutionsFound))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if read < 2 {
		t.Errorf("%d square Raw puzzles read; the set has McpXOTGAz1E and mWaNizwrJSs", read)
	}
}
