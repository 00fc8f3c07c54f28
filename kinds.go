package satdoku

import "fmt"

// RelationKinds returns every kind of relation, in order. The encoder, the
// validator and the DIMACS comments handle each of them; a test walks
// this list to hold them to it.
func RelationKinds() []RelationKind {
	ks := make([]RelationKind, len(relationNames))
	for k := range ks {
		ks[k] = RelationKind(k)
	}
	return ks
}

// ConstraintKinds returns every kind of constraint, in order. The
// encoder, the validator and the DIMACS comments handle each of them; a
// test walks this list to hold them to it.
func ConstraintKinds() []ConstraintKind {
	ks := make([]ConstraintKind, len(constraintNames))
	for k := range ks {
		ks[k] = ConstraintKind(k)
	}
	return ks
}

// Valid reports whether k is one of RelationKinds.
func (k RelationKind) Valid() bool { return int(k) < len(relationNames) }

// Valid reports whether k is one of ConstraintKinds.
func (k ConstraintKind) Valid() bool { return int(k) < len(constraintNames) }

// MarshalText returns the kind's name (see String); a value that is not a
// kind is an error wrapping ErrRules.
func (k RelationKind) MarshalText() ([]byte, error) {
	if !k.Valid() {
		return nil, fmt.Errorf("%w: %v", ErrRules, k)
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind's name (see String); "not consecutive", the
// old spelling of "nonconsecutive", is read too. Any other text is an
// error wrapping ErrRules.
func (k *RelationKind) UnmarshalText(text []byte) error {
	s := string(text)
	if s == "not consecutive" {
		s = NotConsecutive.String()
	}
	for x, name := range relationNames {
		if name == s {
			*k = RelationKind(x)
			return nil
		}
	}
	return fmt.Errorf("%w: unknown relation kind %q", ErrRules, text)
}

// MarshalText returns the kind's name (see String); a value that is not a
// kind is an error wrapping ErrRules.
func (k ConstraintKind) MarshalText() ([]byte, error) {
	if !k.Valid() {
		return nil, fmt.Errorf("%w: %v", ErrRules, k)
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind's name (see String). Any other text is an
// error wrapping ErrRules.
func (k *ConstraintKind) UnmarshalText(text []byte) error {
	for x, name := range constraintNames {
		if name == string(text) {
			*k = ConstraintKind(x)
			return nil
		}
	}
	return fmt.Errorf("%w: unknown constraint kind %q", ErrRules, text)
}
