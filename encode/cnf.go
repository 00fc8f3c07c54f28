package encode

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/satdoku/satdoku"
)

// CNF is an Adder that records the clauses added to it, for tests and for
// callers that want the formula as data. The zero CNF is empty and ready.
type CNF struct {
	// Vars is the largest variable seen in any literal.
	Vars int
	// Clauses are the clauses completed so far, each without its final 0.
	Clauses [][]int

	cur []int // the clause being added
}

// Add implements Adder.
func (f *CNF) Add(lit int) {
	if lit == 0 {
		f.Clauses = append(f.Clauses, append([]int{}, f.cur...))
		f.cur = f.cur[:0]
		return
	}
	f.cur = append(f.cur, lit)
	if v := max(lit, -lit); v > f.Vars {
		f.Vars = v
	}
}

// Counter is an Adder that only counts. The zero Counter is ready.
type Counter struct {
	Clauses  int // clauses completed (calls of Add(0))
	Literals int // nonzero literals added
}

// Add implements Adder.
func (k *Counter) Add(lit int) {
	if lit == 0 {
		k.Clauses++
	} else {
		k.Literals++
	}
}

// ErrGrid reports a nil grid or one whose size is not a board side.
var ErrGrid = errors.New("encode: invalid grid")

// WriteDIMACS writes Puzzle(g, e) to w in DIMACS CNF format: comment lines
// naming the puzzle, the encoding and the variable numbering, the header
// "p cnf N³ C" with C the exact number of clauses, then one clause per line,
// ending in " 0". For a 9×9 puzzle with the Extended encoding:
//
//	c satdoku
//	c puzzle 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//	c encoding extended
//	c var(r,c,d) = (r*N+c)*N+d, r,c from 0, d from 1
//	c size 9x9
//	p cnf 729 12018
//	1 2 3 4 5 6 7 8 9 0
//	…
//	729 0
//
// Errors from w are returned wrapped.
func WriteDIMACS(w io.Writer, g *satdoku.Grid, e Encoding) error {
	if g == nil || satdoku.BoxOf(g.N()) == 0 {
		return ErrGrid
	}
	if !e.Valid() {
		return fmt.Errorf("encode: write DIMACS: %w %d", ErrEncoding, uint8(e))
	}
	var k Counter
	Puzzle(&k, g, e)
	n := g.N()
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "c satdoku\nc puzzle %s\nc encoding %s\n", g.String(), e)
	fmt.Fprintf(bw, "c var(r,c,d) = (r*N+c)*N+d, r,c from 0, d from 1\nc size %dx%d\n", n, n)
	fmt.Fprintf(bw, "p cnf %d %d\n", n*n*n, k.Clauses)
	dw := dimacsWriter{w: bw, buf: make([]byte, 0, 64)}
	Puzzle(&dw, g, e)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("encode: write DIMACS: %w", err)
	}
	return nil
}

// dimacsWriter is an Adder that writes each clause as a DIMACS line. Write
// errors stay in bw, which reports them on Flush.
type dimacsWriter struct {
	w   *bufio.Writer
	buf []byte
}

func (d *dimacsWriter) Add(lit int) {
	if lit == 0 {
		d.buf = append(d.buf, '0', '\n')
		d.w.Write(d.buf)
		d.buf = d.buf[:0]
		return
	}
	d.buf = strconv.AppendInt(d.buf, int64(lit), 10)
	d.buf = append(d.buf, ' ')
}
