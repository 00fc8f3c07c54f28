package cluereport

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/verify"
)

// TestOtherBoards reports on real CtC puzzles whose boards are not the
// classic digits 1 to N (skipped when ../shared/data/ctc-iss is absent):
// a 6×6 of the values 1 to 9, a 7×7 of 1 to 9 and a 9×9 with var cells,
// each unique by ISS's verdict (the var cells' one not under -short). The report must say unique with a
// solution the validator passes, and each needed clue's witness must
// differ from it (before the report knew other values and var cells it
// failed with "the validator rejected a solution").
func TestOtherBoards(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "data", "ctc-iss")
	if d := os.Getenv("CTC_ISS"); d != "" {
		dir = d
	}
	names := []string{"RLhzD2wOKak.iss", "QUI70NKNOH0.iss", "1JrKqj3J14A.iss"}
	if testing.Short() {
		names = names[:2] // the var cells' puzzle takes 8 s
	}
	for _, name := range names {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Skipf("the CtC set is absent: %v", err)
		}
		p, err := iss.Read(strings.ReplaceAll(string(src), "\n", ""))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		rep, err := Make(ctx, p.Grid, Options{Clues: p.Clues})
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rep.Status != Unique {
			t.Fatalf("%s: %v, ISS: unique", name, rep.Status)
		}
		if err := verify.Solution(p.Grid, rep.Solution); err != nil {
			t.Fatalf("%s: the solution: %v", name, err)
		}
		for _, c := range rep.Clues {
			if c.Needed && (c.Witness == nil || len(c.Differs) == 0) {
				t.Errorf("%s: %s needed without a witness that differs", name, c.Kind)
			}
		}
	}
}

// TestRawBoard reports on a puzzle of a Raw grid (no rows, columns or
// boxes): unique, with the validator's solution, and each needed clue
// with a witness that differs from it. Before
// the report rebuilt raw boards raw, it put rows and columns back and
// answered "no solution".
func TestRawBoard(t *testing.T) {
	p, err := iss.Read(".Shape~4x4~0-2~Raw.Thermo~R1C1~R2C2~R3C3.Thermo~R4C1~R3C2~R2C3.Cage~3~R1C3~R1C4~R2C4.Sum~5~R3C4~R4C4~R4C3~R4C2.AllDifferent~R1C2~R2C1~R3C1.~R1C2_1~R1C3_0~R2C4_2~R3C1_2~R3C4_2~R4C2_2~R4C4_1")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Make(context.Background(), p.Grid, Options{Clues: p.Clues})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != Unique {
		t.Fatalf("%v, want unique", rep.Status)
	}
	if err := verify.Solution(p.Grid, rep.Solution); err != nil {
		t.Fatal(err)
	}
	needed := 0
	for _, c := range rep.Clues {
		if c.Needed {
			needed++
			if c.Witness == nil || len(c.Differs) == 0 {
				t.Errorf("%s needed without a witness that differs", c.Kind)
			}
		}
	}
	if needed == 0 {
		t.Error("no clue needed")
	}
}
