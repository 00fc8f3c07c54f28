package satdoku

import (
	"errors"
	"slices"
	"testing"
)

func TestWithConstraints(t *testing.T) {
	r, _ := Standard(9)
	ok := []Constraint{
		{Kind: Total, Cells: []int{0, 1}, Value: 10, Name: "killer cage"},
		{Kind: Total, Cells: []int{0, 1, 2}, Coefs: []int{-1, 1, 1}, Name: "arrow"},
		{Kind: Run, Cells: []int{3, 4, 5}},
		{Kind: Within, Cells: []int{9, 10, 11}},
		{Kind: Sandwich, Cells: []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, Value: 0},
		{Kind: Contains, Cells: []int{0, 1, 9, 10}, Digits: []int{1, 1, 2}},
		{Kind: OneOf, Cells: []int{80}, Mask: 0b101010101, Name: "odd"},
		{Kind: XSum, Cells: []int{0, 1, 2}, Value: 6, Name: "x-sum"},
		{Kind: Skyscraper, Cells: []int{0, 1, 2}, Value: 2},
		{Kind: Exactly, Cells: []int{0, 1, 2}, Digits: []int{1, 1}, Name: "contains exactly"},
		{Kind: SameValues, Cells: []int{0, 1, 9, 10}, Value: 2},
		{Kind: Circles, Cells: []int{0, 10, 20}},
		{Kind: Distinct, Cells: []int{0, 10, 20}},
		{Kind: SegmentsLoop, Cells: []int{0, 1, 10, 9}, Value: 10},
		{Kind: TotalIn, Cells: []int{0, 1, 2}, Digits: []int{6, 15, 24}},
		{Kind: NoSubsetSum, Cells: []int{0, 1, 2}, Value: 7},
	}
	rs, err := r.WithConstraints(ok...)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(rs.Constraints()); got != len(ok) || len(r.Constraints()) != 0 {
		t.Fatalf("got %d constraints (and %d on the original)", got, len(r.Constraints()))
	}
	if rs.Classic() || !r.Classic() {
		t.Error("Classic: constraints not taken into account")
	}
	ok[0].Cells[0] = 5 // the rules keep their own copy
	if rs.Constraints()[0].Cells[0] != 0 {
		t.Error("WithConstraints kept the caller's slice")
	}
	bad := []Constraint{
		{Kind: Total},
		{Kind: Total, Cells: []int{0, 81}},
		{Kind: Total, Cells: []int{0, 0}},
		{Kind: Total, Cells: []int{0, 1}, Coefs: []int{1}},
		{Kind: Run, Cells: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{Kind: Within, Cells: []int{0}},
		{Kind: Sandwich, Cells: []int{0}},
		{Kind: Contains, Cells: []int{0}, Digits: []int{1, 2}},
		{Kind: Contains, Cells: []int{0}, Digits: []int{10}},
		{Kind: Index, Cells: []int{0, 1}, Coefs: []int{1}},
		{Kind: Outside, Cells: []int{0}},
		{Kind: ConstraintKind(len(ConstraintKinds())), Cells: []int{0}},
		{Kind: Exactly, Cells: []int{0}, Digits: []int{10}},
		{Kind: SameValues, Cells: []int{0, 1, 2}, Value: 2},
		{Kind: SameValues, Cells: []int{0, 1}},
		{Kind: Distinct, Cells: []int{0}},
		{Kind: Distinct, Cells: []int{0, 1}, Value: 2},
		{Kind: SegmentsLoop, Cells: []int{0}, Value: 10},
		{Kind: SegmentsLoop, Cells: []int{0, 1}, Value: 64},
		{Kind: SegmentsLoop, Cells: []int{0, 1}},
		{Kind: TotalIn, Cells: []int{0, 1}},
	}
	for _, c := range bad {
		if _, err := r.WithConstraints(c); !errors.Is(err, ErrRules) {
			t.Errorf("%+v: err = %v, want ErrRules", c, err)
		}
	}
	if s := ok[0].String(); s != "killer cage (total 10)" {
		t.Errorf("String = %q", s)
	}
	if s := ok[6].String(); s != "odd (one of [1 3 5 7 9])" {
		t.Errorf("String = %q", s)
	}
	if s := ok[7].String() + ", " + ok[8].String(); s != "x-sum (x-sum 6), skyscraper (skyscraper 2)" {
		t.Errorf("String = %q", s)
	}
	if s := ok[9].String() + ", " + ok[10].String(); s != "contains exactly (exactly [1 1]), same-values (2 sets)" {
		t.Errorf("String = %q", s)
	}
	never := Constraint{Kind: Never, Cells: []int{0, 1}, Value: 18, Name: "killer cage", Reason: "18 is impossible in 2 cells"}
	if s := never.String(); s != "killer cage (never: 18 is impossible in 2 cells)" {
		t.Errorf("String = %q", s)
	}
}

func TestTags(t *testing.T) {
	r, _ := Standard(9)
	x, err := r.WithNamed("X", "anti-knight")
	if err != nil {
		t.Fatal(err)
	}
	x = x.WithTags("killer cage", "x", "")
	if got, want := x.Tags(), []string{"x", "anti-knight", "killer cage"}; !slices.Equal(got, want) {
		t.Errorf("Tags = %q, want %q", got, want)
	}
	y, err := x.WithExtra(ExtraUnit{Cells: []int{0, 10}})
	if err != nil {
		t.Fatal(err)
	}
	if len(y.Tags()) != 3 || len(r.Tags()) != 0 {
		t.Errorf("tags not carried by WithExtra: %q (standard: %q)", y.Tags(), r.Tags())
	}
}

// TestConstraintText: a constraint described on a board of the values 0
// to 3 says its numbers in values: a cage of two cells whose digits add
// up to 3 adds up to 1, an arrow (coefficients −1, 1, 1) whose digits
// total 1 totals 0, and digits 1 and 3 are the values 0 and 2; String
// keeps the digits.
func TestConstraintText(t *testing.T) {
	r, _ := Standard(4)
	r, err := r.WithValueOffset(-1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		c         Constraint
		text, str string
	}{
		{Constraint{Kind: Total, Cells: []int{0, 1}, Value: 3, Name: "killer cage"}, "killer cage (total 1)", "killer cage (total 3)"},
		{Constraint{Kind: Total, Cells: []int{12, 8, 4}, Coefs: []int{-1, 1, 1}, Value: 1, Name: "arrow"}, "arrow (total 0)", "arrow (total 1)"},
		{Constraint{Kind: OneOf, Cells: []int{0}, Mask: 0b101, Name: "odd"}, "odd (one of [0 2])", "odd (one of [1 3])"},
		{Constraint{Kind: TotalIn, Cells: []int{0, 1}, Digits: []int{3, 5}}, "total-in (total-in [1 3])", "total-in (total-in [3 5])"},
	} {
		if got := tt.c.Text(r); got != tt.text {
			t.Errorf("Text = %q, want %q", got, tt.text)
		}
		if got := tt.c.String(); got != tt.str {
			t.Errorf("String = %q, want %q", got, tt.str)
		}
	}
	if got := r.ValueTotal(&Constraint{Kind: Total, Cells: []int{0, 1, 2}}, 6); got != 3 {
		t.Errorf("ValueTotal = %d, want 3", got)
	}
}
