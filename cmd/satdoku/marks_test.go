package main

import (
	"testing"

	"github.com/satdoku/satdoku"
)

// TestAppendDigits: a cell's candidates are written as the values their
// digits stand for, every digit of the board: 0 and 3 on a board of the
// values 0 to 3, 7 and 9 on a 6×6 board of nine values, numbers joined by
// commas above 25×25.
func TestAppendDigits(t *testing.T) {
	std4, _ := satdoku.Standard(4)
	from0, _ := std4.WithValueOffset(-1)
	std6, _ := satdoku.Standard(6)
	nine, _ := std6.WithValues(9)
	big, _ := satdoku.Standard(36)
	for _, tc := range []struct {
		r    *satdoku.Rules
		m    uint64
		want string
	}{
		{std4, 0b1011, "124"},
		{from0, 0b1001, "03"},
		{nine, 0b101000000, "79"},
		{big, 1 | 1<<35, "1,36"},
	} {
		if got := string(appendDigits(nil, tc.m, tc.r)); got != tc.want {
			t.Errorf("%b on %d×%d of %d values from %d: %q, want %q", tc.m, tc.r.N(), tc.r.N(), tc.r.Values(), tc.r.ValueOf(1), got, tc.want)
		}
	}
}
