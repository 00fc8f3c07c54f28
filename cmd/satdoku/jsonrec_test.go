package main

import (
	"encoding/json"
	"testing"

	"github.com/satdoku/satdoku"
)

// TestAppendRecord checks that the hand-written JSON encoder gives exactly
// what encoding/json gives, for every field set or empty and for strings
// that need escaping.
func TestAppendRecord(t *testing.T) {
	three := 3
	zero := 0
	g := satdoku.MustParse("1342423131242413")
	recs := []answer{
		{Line: 1, Status: "unique", Puzzle: "53..7", Solution: shown{g}, MS: 4.21},
		{Line: 0, Status: "error", MS: 0},
		{Line: 7, File: "a b\t\"c\"<&>\\é\u2028\x00.txt", Puzzle: "x\xffy", Status: "error", Error: "1:2: invalid cell 'x'", MS: 0.001},
		{Line: 2, Status: "multiple", Solution: shown{g}, Second: shown{g}, Differ: []string{"r1c1", "r1c2"}, MS: 1234567.5},
		{Line: 3, Status: "multiple", Count: &three, MS: 1e-7},
		{Line: 4, Status: "none", Count: &zero, MS: 1e22},
		{Line: 5, Status: "invalid", Conflicts: []string{"r1c1 and r1c2 both hold 5 (row 1)", "<x>"}, MS: 12.5},
		{Line: -1, Status: "timeout", Differ: []string{}, Conflicts: []string{""}, MS: 100},
	}
	for i, r := range recs {
		want, err := json.Marshal(&r)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendRecord([]byte("prefix"), &r); string(got) != "prefix"+string(want) {
			t.Errorf("record %d:\n got %s\nwant prefix%s", i, got, want)
		}
	}
}
