package satsolve

import (
	"testing"
	"time"

	"github.com/satdoku/satdoku/verify"
)

func TestProbe(t *testing.T) {
	for _, name := range []string{"misc_25x25.txt", "psp_16x16.txt"} {
		lines, _ := readLines(t, dataFile(name), 0)
		for i, l := range lines {
			g, ok := parseLine(l)
			if !ok {
				t.Fatalf("%s:%d bad", name, i+1)
			}
			st := time.Now()
			r, err := Unique(g, Options{})
			d1 := time.Since(st)
			st = time.Now()
			r2, err2 := Unique(g, Options{Encoding: 1})
			d3 := time.Since(st)
			st = time.Now()
			c, _ := verify.Count(g, 2)
			d2 := time.Since(st)
			t.Logf("%s:%d sat %v %v %v | minimal %v %v %v | verify %d %v", name, i+1, r.Status, err, d1, r2.Status, err2, d3, c, d2)
		}
	}
}
