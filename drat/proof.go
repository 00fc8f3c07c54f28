package drat

import (
	"fmt"
	"math"
)

// stepKind is what a proof step does.
type stepKind uint8

const (
	stepEnd    stepKind = iota // the proof has no more steps
	stepAdd                    // add a lemma
	stepDelete                 // delete a clause
)

// detectWindow is how many leading bytes decide between text and binary.
const detectWindow = 64

// proofReader reads the steps of a proof in text or binary DRAT.
type proofReader struct {
	in     *input
	binary bool
	line   int   // line where the last step started (text)
	offset int64 // byte offset where the last step started
}

// newProofReader detects the format from the first bytes; see the package
// documentation.
func newProofReader(in *input) *proofReader {
	in.fill(detectWindow)
	head := in.buf[in.pos:min(in.end, in.pos+detectWindow)]
	binary := len(head) > 0 && head[0] == 'a'
	for _, b := range head {
		if b == 0 || b >= 0x80 || (b < ' ' && !isSpace(b)) || b == 0x7f {
			binary = true
		}
	}
	return &proofReader{in: in, binary: binary}
}

// where names the position of the last step for error messages.
func (p *proofReader) where() string {
	if p.binary {
		return fmt.Sprintf("byte offset %d", p.offset)
	}
	return fmt.Sprintf("line %d", p.line)
}

// next reads the next step into lits[:0]. At the end of the proof it returns
// stepEnd; a read error is returned as it is, wrapped.
func (p *proofReader) next(lits []int) (stepKind, []int, error) {
	var (
		kind stepKind
		err  error
	)
	if p.binary {
		kind, lits, err = p.nextBinary(lits[:0])
	} else {
		kind, lits, err = p.nextText(lits[:0])
	}
	if err == nil && kind == stepEnd {
		if rerr := p.in.readErr(); rerr != nil {
			err = fmt.Errorf("drat: read proof: %w", rerr)
		}
	}
	return kind, lits, err
}

// nextText reads a step of a text proof.
func (p *proofReader) nextText(lits []int) (stepKind, []int, error) {
	in := p.in
	b, ok := in.skipSpace()
	if !ok {
		return stepEnd, lits, nil
	}
	p.line, p.offset = in.line, in.offset()
	kind := stepAdd
	if b == 'd' {
		in.pos++
		if b, ok := in.peek(); !ok || !isSpace(b) {
			return 0, lits, fmt.Errorf("%w: line %d: \"d\" not followed by a space", ErrSyntax, in.line)
		}
		kind = stepDelete
	}
	for {
		b, ok := in.skipSpace()
		if !ok {
			if in.readErr() != nil {
				return stepEnd, lits, nil // next reports the read error
			}
			return 0, lits, fmt.Errorf("%w: line %d: the step starting on line %d does not end with 0", ErrSyntax, in.line, p.line)
		}
		if b == 'd' {
			return 0, lits, fmt.Errorf("%w: line %d: \"d\" inside the step starting on line %d", ErrSyntax, in.line, p.line)
		}
		line := in.line
		x, tok, err := in.number()
		if err != nil {
			return 0, lits, fmt.Errorf("%w: line %d: bad literal %q", ErrSyntax, line, tok)
		}
		if x == 0 {
			return kind, lits, nil
		}
		lits = append(lits, x)
	}
}

// nextBinary reads a step of a binary proof.
func (p *proofReader) nextBinary(lits []int) (stepKind, []int, error) {
	in := p.in
	b, ok := in.peek()
	if !ok {
		return stepEnd, lits, nil
	}
	p.offset = in.offset()
	in.pos++
	var kind stepKind
	switch b {
	case 'a':
		kind = stepAdd
	case 'd':
		kind = stepDelete
	default:
		return 0, lits, fmt.Errorf("%w: byte offset %d: a step starts with byte 0x%02x, not 'a' or 'd'", ErrSyntax, p.offset, b)
	}
	for {
		at := in.offset()
		var u uint64
		for shift := 0; ; shift += 7 {
			b, ok := in.peek()
			if !ok {
				if in.readErr() != nil {
					return stepEnd, lits, nil // next reports the read error
				}
				return 0, lits, fmt.Errorf("%w: byte offset %d: the step at byte offset %d does not end with 0", ErrSyntax, in.offset(), p.offset)
			}
			in.pos++
			if shift == 35 {
				return 0, lits, fmt.Errorf("%w: byte offset %d: literal longer than 5 bytes", ErrSyntax, at)
			}
			u |= uint64(b&0x7f) << shift
			if b < 0x80 {
				break
			}
		}
		switch {
		case u == 0:
			return kind, lits, nil
		case u == 1 || u>>1 > math.MaxInt32:
			return 0, lits, fmt.Errorf("%w: byte offset %d: literal code %d out of range", ErrSyntax, at, u)
		}
		x := int(u >> 1)
		if u&1 == 1 {
			x = -x
		}
		lits = append(lits, x)
	}
}
