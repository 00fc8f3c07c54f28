package cluereport

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku/textfmt"
)

// TestCertify: every redundant verdict of the Wikipedia puzzle, and its
// removable set, is confirmed by verify's counter; a needed clue passed
// off as redundant is caught.
func TestCertify(t *testing.T) {
	g := textfmt.MustParse(wikipedia)
	rep, err := Make(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Certify(context.Background()); err != nil {
		t.Fatal(err)
	}
	needed := -1
	for k, c := range rep.Clues {
		if c.Needed {
			needed = k
		} else if !c.Certified {
			t.Errorf("%v: not certified", c.String())
		}
	}
	if !rep.RemovableCertified {
		t.Error("the removable set is not certified")
	}
	rep.Clues[needed].Needed = false
	if err := rep.Certify(context.Background()); !errors.Is(err, ErrCertificate) {
		t.Errorf("a needed clue passed as redundant: %v", err)
	}
}
