package textfmt

import (
	"testing"

	"github.com/satdoku/satdoku"
)

// TestAppendMarks: the pencil-mark grid of a 4×4 board with boxes and of
// one with jigsaw regions.
func TestAppendMarks(t *testing.T) {
	std, err := satdoku.Standard(4)
	if err != nil {
		t.Fatal(err)
	}
	jig, err := satdoku.Regions(4, [][]int{{0, 1, 2, 4}, {3, 6, 7, 11}, {5, 8, 9, 12}, {10, 13, 14, 15}})
	if err != nil {
		t.Fatal(err)
	}
	m := []uint64{1, 0b1111, 0b0110, 0b1000, 0b0011, 0b1100, 0, 0b1010, 0b0101, 1, 2, 4, 8, 0b1001, 0b0110, 0b1111}
	tests := []struct {
		r    *satdoku.Rules
		want string
	}{
		{std, `1.   12 | .2   ..
..   34 | 3.   .4
        |
12   .. | ..   .2
..   34 | ..   .4
--------+--------
1.   1. | .2   ..
3.   .. | ..   3.
        |
..   1. | .2   12
.4   .4 | 3.   34`},
		{jig, `1.   12   .2 | ..
..   34   3. | .4
   +----+----+
12 | .. | ..   .2
.. | 34 | ..   .4
---+    +----+
1.   1. | .2 | ..
3.   .. | .. | 3.
   +----+    +---
.. | 1.   .2   12
.4 | .4   3.   34`},
	}
	for _, tt := range tests {
		if got := string(AppendMarks(nil, tt.r, m, nil)); got != tt.want {
			t.Errorf("got\n%s\nwant\n%s", got, tt.want)
		}
	}
}

// TestAppendMarksCrossed: crossed candidates are drawn as 'x' in their
// places, the others as before.
func TestAppendMarksCrossed(t *testing.T) {
	std, err := satdoku.Standard(4)
	if err != nil {
		t.Fatal(err)
	}
	m := make([]uint64, 16)
	for i := range m {
		m[i] = 0b0011
	}
	crossed := make([]uint64, 16)
	crossed[0], crossed[15] = 0b0010, 0b1000
	want := `1x   12 | 12   12
..   .. | ..   ..
        |
12   12 | 12   12
..   .. | ..   ..
--------+--------
12   12 | 12   12
..   .. | ..   ..
        |
12   12 | 12   12
..   .. | ..   .x`
	if got := string(AppendMarks(nil, std, m, crossed)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
