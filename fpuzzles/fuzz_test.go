package fpuzzles

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
)

// fuzzSeeds are JSON puzzles that exercise every key.
func fuzzSeeds() []string {
	return []string{
		board(4, ""),
		board(9, `,"diagonal+":true,"antiknight":true,"disjointgroups":true,"nonconsecutive":true`),
		board(9, `,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"cage":[{"cells":["R2C2"],"value":"x"}],"extraregion":[{"cells":["R3C3","R4C4"]}]`),
		board(9, `,"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"9"}],"sandwichsum":[{"cell":"R0C2","value":"3"}]`),
		board(9, `,"thermometer":[{"lines":[["R1C1","R1C2"]]}],"arrow":[{"lines":[["R2C2","R3C2","R4C2"]],"cells":["R2C2","R2C1"]}],"palindrome":[{"lines":[["R5C1","R5C2","R5C3"]]}]`),
		board(9, `,"renban":[{"lines":[["R1C1","R1C2"]]}],"whispers":[{"lines":[["R2C1","R2C2"]]}],"betweenline":[{"lines":[["R3C1","R3C2","R3C3"]]}]`),
		board(6, `,"difference":[{"cells":["R1C1","R1C2"]}],"ratio":[{"cells":["R2C1","R2C2"],"value":3}],"xv":[{"cells":["R3C1","R3C2"],"value":"V"}],"negative":["ratio","difference","xv"]`),
		board(4, `,"clone":[{"cells":["R1C1"],"cloneCells":["R3C3"]}],"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1]}],"odd":[{"cell":"R1C1"}],"even":[{"cell":"R4C4"}],"minimum":[{"cell":"R2C2"}],"maximum":[{"cell":"R3C3"}]`),
		board(4, `,"nonconsecutive":true,"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"]}],"ratio":[{"cells":["R3C1","R3C2"]}],"negative":["ratio"],"xv":[{"cells":["R4C1","R4C2"]}],"maximum":[{"cell":"R1C1"},{"cell":"R1C2"}],"killercage":[{"cells":["R4C4"],"value":0}]`),
		board(9, `,"regionsumline":[{"lines":[["R1C3","R1C4"]]}],"zipperline":[{"lines":[["R2C1","R2C2","R2C3"]]}],"doublearrow":[{"lines":[["R3C1","R3C2","R3C3"]]}],"nabner":[{"lines":[["R4C1","R5C2"]]}],"entropicline":[{"lines":[["R6C1","R6C2","R6C3"]]}],"modularline":[{"lines":[["R7C1","R7C2"]]}],"slowthermometer":[{"lines":[["R8C1","R8C2"]]}],"lockout":[{"lines":[["R9C1","R9C2","R9C3"]]}]`),
		board(6, `,"xsum":[{"cell":"R0C1","value":"9"}],"skyscraper":[{"cell":"R7C2","value":"3"}],"rowindexer":[{"cells":["R1C1"]}],"columnindexer":[{"cells":["R2C2"]}],"boxindexer":[{"cells":["R3C3"]}]`),
		`{"size":5,"grid":[[{"parity":"Odd","candidates":[1]},{},{},{},{"region":1}],[{"region":0},{},{},{},{}],[{"region":null},{},{},{},{}],[{},{},{},{},{}],[{},{},{},{},{}]],"disjointgroups":true}`,
		`{"size":4,"grid":[[{"region":0,"value":1,"given":true},{"region":0},{"region":1},{"region":1}],[{"region":0},{"region":2},{"region":1},{"region":1}],[{"region":0},{"region":2},{"region":3},{"region":3}],[{"region":2},{"region":2},{"region":3},{"region":3,"givenPencilMarks":[1,2]}]],"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]}`,
	}
}

// check fails t unless Read's results are consistent.
func check(t *testing.T, p *Puzzle, err error) {
	t.Helper()
	if err != nil {
		var e *satdoku.ParseError
		if !errors.As(err, &e) || p != nil {
			t.Fatalf("error %T %v with puzzle %v", err, err, p)
		}
		if e.Pos.Line < 1 || e.Pos.Column < 1 || e.Msg == "" || e.Error() == "" {
			t.Fatalf("error at %v: %v", e.Pos, err)
		}
		if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrUnsupported) {
			t.Fatalf("error %v wraps no sentinel", err)
		}
		return
	}
	if p == nil || p.Grid == nil || p.Grid.Rules() == nil || p.Grid.Len() != p.Grid.N()*p.Grid.N() {
		t.Fatalf("bad puzzle %+v", p)
	}
	if p.Solution != nil && (p.Solution.N() != p.Grid.N() || !p.Solution.Full()) {
		t.Fatalf("bad solution %v", p.Solution)
	}
}

func FuzzRead(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "fpuzzles", "*.txt"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Read(data)
		check(t, p, err)
		_ = Detect(data)
	})
}

func FuzzLZ(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, js string) {
		b64, err := lzstring.CompressToBase64(js)
		if err != nil {
			return // not UTF-8
		}
		p, err := Read([]byte("https://www.f-puzzles.com/?load=" + b64))
		check(t, p, err)
		if q, err2 := Read([]byte(js)); (err == nil) != (err2 == nil) && len(js) > 0 && js[0] == '{' {
			t.Fatalf("compressed: %v; plain: %v (%v)", err, err2, q)
		}
	})
}
