package satdoku

import (
	"errors"
	"strings"
	"testing"
)

// TestKindNames checks that every relation and constraint kind has one
// name, a single word (DIMACS comments split on spaces), distinct from the
// others of its type, and that the name reads back as the kind; and that
// a value beyond the lists is refused both ways.
func TestKindNames(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range RelationKinds() {
		b, err := k.MarshalText()
		name := string(b)
		if err != nil || name != k.String() || name == "" || strings.ContainsAny(name, " \t,:") || seen[name] {
			t.Errorf("relation kind %d: name %q, %v", k, name, err)
		}
		seen[name] = true
		var back RelationKind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("relation kind %q reads back as %v, %v", name, back, err)
		}
	}
	seen = map[string]bool{}
	for _, k := range ConstraintKinds() {
		b, err := k.MarshalText()
		name := string(b)
		if err != nil || name != k.String() || name == "" || strings.ContainsAny(name, " \t,=") || seen[name] {
			t.Errorf("constraint kind %d: name %q, %v", k, name, err)
		}
		seen[name] = true
		var back ConstraintKind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("constraint kind %q reads back as %v, %v", name, back, err)
		}
	}
	// One spelling: the relation of the nonconsecutive rule has its name.
	if NotConsecutive.String() != "nonconsecutive" {
		t.Errorf("NotConsecutive is %q", NotConsecutive)
	}
	var k RelationKind
	if err := k.UnmarshalText([]byte("not consecutive")); err != nil || k != NotConsecutive {
		t.Errorf("the old spelling reads as %v, %v", k, err)
	}
	bad := RelationKind(len(RelationKinds()))
	if _, err := bad.MarshalText(); !errors.Is(err, ErrRules) || bad.Valid() {
		t.Errorf("%v marshals: %v", bad, err)
	}
	if err := k.UnmarshalText([]byte("sideways")); !errors.Is(err, ErrRules) {
		t.Errorf("unknown relation name: %v", err)
	}
	badC := ConstraintKind(len(ConstraintKinds()))
	if _, err := badC.MarshalText(); !errors.Is(err, ErrRules) || badC.Valid() {
		t.Errorf("%v marshals: %v", badC, err)
	}
	var c ConstraintKind
	if err := c.UnmarshalText([]byte("one of")); !errors.Is(err, ErrRules) {
		t.Errorf("unknown constraint name: %v", err)
	}
}
