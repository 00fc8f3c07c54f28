package encode_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/iss"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/verify"
)

// floodConnected reports whether the cells of in, laid out in rows of
// cols, form one non-empty region of orthogonal neighbours: by union-find,
// each cell joined to its right and lower neighbours when both are in.
func floodConnected(in []bool, cols int) bool {
	root := make([]int, len(in))
	for k := range root {
		root[k] = k
	}
	var find func(k int) int
	find = func(k int) int {
		if root[k] != k {
			root[k] = find(root[k])
		}
		return root[k]
	}
	for k, x := range in {
		if !x {
			continue
		}
		if k%cols+1 < cols && k+1 < len(in) && in[k+1] {
			root[find(k)] = find(k + 1)
		}
		if k+cols < len(in) && in[k+cols] {
			root[find(k)] = find(k + cols)
		}
	}
	sets := 0
	for k, x := range in {
		if x && find(k) == k {
			sets++
		}
	}
	return sets == 1
}

// TestConnectedFaces counts, by brute force (union-find), the
// fillings of a group of var cells of the values 1 to 3 in which each of
// two or three sets of values is one connected region (a yin-yang, three
// regions, a free third value), beside a solved 4×4 grid; the validator's
// counter and gini, whose formula has the clauses that two connected
// colours imply on the faces of the grid (no 2×2 checkerboard, no
// alternation X…Y…X…Y around the border), must count as many.
func TestConnectedFaces(t *testing.T) {
	const grid = ".~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1"
	s := satsolve.New(satsolve.Options{})
	for _, tc := range []struct {
		rows, cols int
		sets       [][]int // the values of each connected set
	}{
		{3, 3, [][]int{{1}, {2}}},      // the value 3 anywhere
		{2, 4, [][]int{{1}, {2, 3}}},   // a yin-yang
		{3, 3, [][]int{{1}, {2}, {3}}}, // three regions
	} {
		k := tc.rows * tc.cols
		var b strings.Builder
		fmt.Fprintf(&b, ".Shape~4x4.Var~S~~%dx%d", tc.rows, tc.cols)
		for _, set := range tc.sets {
			b.WriteString(".ConnectedValues~VS~")
			for x, v := range set {
				if x > 0 {
					b.WriteByte('_')
				}
				fmt.Fprint(&b, v)
			}
		}
		b.WriteString(grid + ".")
		for i := range k {
			fmt.Fprintf(&b, "~VS%d_1_2_3", i+1)
		}
		text := b.String()
		want := 0
		vals := make([]int, k)
		for x := range pow(3, k) {
			for i, y := 0, x; i < k; i, y = i+1, y/3 {
				vals[i] = y%3 + 1
			}
			ok := true
			for _, set := range tc.sets {
				in := make([]bool, k)
				for i, v := range vals {
					for _, w := range set {
						in[i] = in[i] || v == w
					}
				}
				ok = ok && floodConnected(in, tc.cols)
			}
			if ok {
				want++
			}
		}
		if want == 0 || want == pow(3, k) {
			t.Fatalf("%s: %d by brute force: the test checks nothing", text, want)
		}
		p, err := iss.Read(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got, _ := verify.Count(p.Grid, want+1); got != want {
			t.Errorf("%s: the validator counts %d, brute force %d", text, got, want)
		}
		if res, err := s.Count(context.Background(), p.Grid, want+1); err != nil || res.Count != want {
			t.Errorf("%s: gini counts %d (%v), brute force %d", text, res.Count, err, want)
		}
	}
}

// pow returns b to the power e.
func pow(b, e int) int {
	x := 1
	for range e {
		x *= b
	}
	return x
}
