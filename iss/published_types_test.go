package iss_test

import (
	"context"
	"testing"

	"github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// TestPublishedTypes solves published puzzles of AntiTaxicab,
// EqualityCage and HiddenSkyscraper, transcribed as ISS strings, and
// checks that gini finds exactly one solution, the published one, and that
// the validator accepts it (its counter takes minutes on the equality
// cages; the counts against brute force are in isstypes_test.go). The answers are the setters' (the
// sources cited), as ISS's example collection lists them.
func TestPublishedTypes(t *testing.T) {
	for _, tc := range []struct{ name, src, input, solution string }{
		{"Anti-Taxi Sudoku X", "https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=0003OG",
			".Diagonal~1.Diagonal~-1.AntiTaxicab.~R1C1_2~R2C1_3~R1C3_4~R2C3_1~R4C4_1~R5C2_2~R5C1_4~R7C1_6~R7C3_9~R9C2_4~R9C5_3~R8C6_4~R6C6_9~R1C6_1~R1C5_8~R2C5_9~R4C8_8~R7C9_7",
			"264581793351697248798423165975146382426378951813259674639815427182764539547932816"},
		{"Equality cages, 0 to 8", "https://sudokupad.app/qftcbycmyg",
			".Shape~9x9~0-8.EqualityCage~R1C1~R1C2~R2C2~R2C1.EqualityCage~R3C2~R3C3.EqualityCage~R4C2~R4C3~R5C3~R5C2.EqualityCage~R9C2~R9C3~R8C3~R8C4.EqualityCage~R4C4~R4C5~R5C5~R5C6.EqualityCage~R3C4~R3C5~R3C6~R3C7.EqualityCage~R2C6~R2C7~R2C8~R2C9.EqualityCage~R3C8~R3C9.EqualityCage~R6C9~R7C9.EqualityCage~R7C7~R7C8~R8C8~R8C7.BlackDot~R6C6~R6C7~R9C3~R9C2~R8C5~R9C5.BlackDot~R4C1~R4C2.BlackDot~R7C6~R8C6~R8C7.WhiteDot~R8C1~R8C2~R1C7~R1C6~R7C7~R7C8.V~R2C7~R2C8~R2C2~R2C1~R8C3~R9C3.~R7C2_0",
			"631258740058147236427630518210385467785461023346702185104873652872516304563024871"},
		{"Hidden skyscrapers", "https://www.youtube.com/watch?v=f1QKEzZpKL8",
			".HiddenSkyscraper~R8~7~4.HiddenSkyscraper~R9~5~3.HiddenSkyscraper~C9~7~5.HiddenSkyscraper~C8~8~5.HiddenSkyscraper~C7~6~1.HiddenSkyscraper~C6~5~3.HiddenSkyscraper~C5~4~5.HiddenSkyscraper~C4~5~5.HiddenSkyscraper~C3~1~6.HiddenSkyscraper~C2~6~8.HiddenSkyscraper~C1~7~5.HiddenSkyscraper~R7~1~2.HiddenSkyscraper~R6~2~3.HiddenSkyscraper~R5~8~2.HiddenSkyscraper~R4~3~6.HiddenSkyscraper~R3~5~1.HiddenSkyscraper~R2~4~7.HiddenSkyscraper~R1~3~5.",
			"638417592941625783752938614173592468569841327824763951416389275387256149295174836"},
		{"Hidden skyscrapers, 0 to 8", "https://www.youtube.com/watch?v=f1QKEzZpKL8",
			".Shape~9x9~0-8.HiddenSkyscraper~R8~6~3.HiddenSkyscraper~R9~4~2.HiddenSkyscraper~C9~6~4.HiddenSkyscraper~C8~7~4.HiddenSkyscraper~C7~5~0.HiddenSkyscraper~C6~4~2.HiddenSkyscraper~C5~3~4.HiddenSkyscraper~C4~4~4.HiddenSkyscraper~C3~0~5.HiddenSkyscraper~C2~5~7.HiddenSkyscraper~C1~6~4.HiddenSkyscraper~R7~0~1.HiddenSkyscraper~R6~1~2.HiddenSkyscraper~R5~7~1.HiddenSkyscraper~R4~2~5.HiddenSkyscraper~R3~4~0.HiddenSkyscraper~R2~3~6.HiddenSkyscraper~R1~2~4.",
			"527306481830514672641827503062481357458730216713652840305278164276145038184063725"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := iss.Read(tc.input)
			if err != nil {
				t.Fatal(err)
			}
			res, err := satsolve.New(satsolve.Options{}).Count(context.Background(), p.Grid, 2)
			if err != nil || res.Count != 1 {
				t.Fatalf("gini counts %d solutions (%v), want 1", res.Count, err)
			}
			off := p.Grid.Rules().ValueOffset()
			for i := range len(tc.solution) {
				if got, want := res.Solution.Cell(i)+off, int(tc.solution[i]-'0'); got != want {
					t.Fatalf("cell %d: %d, the published solution has %d", i, got, want)
				}
			}
			if err := verify.Solution(p.Grid, res.Solution); err != nil {
				t.Errorf("the validator refuses the solution: %v", err)
			}
		})
	}
}
