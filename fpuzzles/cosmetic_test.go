package fpuzzles

import (
	"reflect"
	"strings"
	"testing"
)

// TestCosmetics: the marks f-puzzles draws for looks are kept as data, a
// mark that cannot be read is left out, colours are kept only when they
// are colours, and a digital-root cage (a rule) is not one of them.
func TestCosmetics(t *testing.T) {
	p, err := Read([]byte(board(4, `,"line":[{"lines":[["R1C1","R2C2"]],"outlineC":"#FFA0A0","width":0.3},{"lines":"x"}],`+
		`"cage":[{"cells":["R1C1","R1C2"],"value":"a","outlineC":"red"},{"cells":["R3C3","R3C4"],"value":"DR5"}],`+
		`"text":[{"cells":["R4C4"],"value":"hi","fontC":"#000","size":1.5,"angle":45}],`+
		`"circle":[{"cells":["R2C3"],"baseC":"#FFFFFF","outlineC":"#000000","width":0.8,"height":0.8}]`)))
	if err != nil {
		t.Fatal(err)
	}
	want := []Cosmetic{
		{Kind: "circle", Cells: []int{6}, Fill: "#FFFFFF", Outline: "#000000", Width: 0.8, Height: 0.8},
		{Kind: "line", Lines: [][]int{{0, 5}}, Outline: "#FFA0A0", Width: 0.3},
		{Kind: "cage", Cells: []int{0, 1}, Value: "a"},
		{Kind: "text", Cells: []int{15}, Value: "hi", Font: "#000", Size: 1.5, Angle: 45},
	}
	if !reflect.DeepEqual(p.Cosmetics, want) {
		t.Errorf("cosmetics\n%+v\nwant\n%+v", p.Cosmetics, want)
	}
}

// TestUnread: what a verdict of none or multiple may lack is named — a
// rule the rules text states that no key carries, then what the cosmetic
// marks other than texts may stand for — and a rule a key carries is not.
func TestUnread(t *testing.T) {
	const noncon = `"ruleset":"Normal sudoku rules apply. Orthogonally adjacent cells may not contain consecutive digits.",`
	lines := `"line":[{"lines":[["R1C1","R1C2"]]},{"lines":[["R2C1","R2C2"]]}],"circle":[{"cells":["R3C3"]}],"text":[{"cells":["R4C4"],"value":"hi"}],`
	for _, tc := range []struct {
		name, extra string
		want        []string
	}{
		{"rules text alone", noncon, []string{"nonconsecutive"}},
		{"the key carries it", noncon + `"nonconsecutive":true,`, nil},
		{"cosmetic marks", lines, []string{"what 2 cosmetic lines and a cosmetic circle may stand for"}},
		{"both", noncon + lines, []string{"nonconsecutive", "what 2 cosmetic lines and a cosmetic circle may stand for"}},
		{"a text alone", `"text":[{"cells":["R4C4"],"value":"hi"}],`, nil},
	} {
		p, err := Read([]byte(board(4, ","+strings.TrimSuffix(tc.extra, ","))))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got []string
		for _, u := range p.Unread {
			got = append(got, u.Name)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: unread %q, want %q", tc.name, got, tc.want)
		}
	}
}
