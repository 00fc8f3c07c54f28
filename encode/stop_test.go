package encode

import (
	"errors"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// failAfter is a writer that takes n bytes and then fails every write.
type failAfter struct {
	n     int
	calls int
}

var errFull = errors.New("disk full")

func (f *failAfter) Write(b []byte) (int, error) {
	f.calls++
	if len(b) > f.n {
		k := f.n
		f.n = 0
		return k, errFull
	}
	f.n -= len(b)
	return len(b), nil
}

// TestWriteStopsOnError: a writer that fails stops the encoder (the
// formula of a 25×25 board is ≈ 750,000 clauses), and WriteDIMACS reports
// the writer's error.
func TestWriteStopsOnError(t *testing.T) {
	r, _ := satdoku.Standard(25)
	g := satdoku.NewGrid(r)
	if err := WriteDIMACS(&failAfter{n: 1000}, g, DIMACSOptions{}); !errors.Is(err, errFull) {
		t.Fatalf("err = %v, want the writer's", err)
	}
	// The mechanism: a stop that says yes at once leaves a formula far
	// short of the whole.
	var all, stopped Counter
	writeFormula(&all, g, DIMACSOptions{}, nil)
	writeFormula(&stopped, g, DIMACSOptions{}, func() bool { return true })
	if stopped.Clauses*20 > all.Clauses { // the first look is after 63 cells
		t.Errorf("stopped after %d of %d clauses", stopped.Clauses, all.Clauses)
	}
	var b strings.Builder
	if err := WriteDIMACS(&b, g, DIMACSOptions{}); err != nil || !strings.Contains(b.String(), "p cnf 15625 ") {
		t.Errorf("a writer that works: err %v", err)
	}
}
