package satsolve

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"strconv"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/encode"
)

// streamMaxVars is the largest board, in candidate variables (cells ×
// digits), that gets a long-lived instance of its rules (see stream):
// 9×9 (729) and smaller. A 16×16 board's rules hold 4,096 variables and
// about 200,000 clauses, and its puzzles leave residual formulas of a few
// hundred variables: the residual path (see Solver) is the cheaper there.
const streamMaxVars = 9 * 9 * 9

var debugFresh = os.Getenv("SATDOKU_STREAM_FRESH") != ""
var debugDigitMajor = os.Getenv("SATDOKU_DIGIT_MAJOR") != ""

func debugFreshFrom() int {
	if k, err := strconv.Atoi(os.Getenv("SATDOKU_FRESH_FROM")); err == nil {
		return k
	}
	return 128
}

var debugPosOnly = os.Getenv("SATDOKU_STREAM_POS") != ""
var debugK, _ = strconv.Atoi(os.Getenv("SATDOKU_STREAM_K"))

// streamCache is how many boards (rules) a Solver keeps an instance for:
// a stream whose puzzles alternate among a few rules keeps them all.
const streamCache = 4

// stream is one gini instance that holds the rules of one board, over
// every candidate in the fixed numbering of package encode, for all the
// puzzles of a stream (Solver, incremental path). A puzzle's givens and
// everything the pre-pass deduced are assumptions of its Solve; a
// solution found is blocked by a clause under an activation literal,
// assumed by the next Solve (the uniqueness question) and deactivated at
// the end of the call, which removes it and every clause gini learned from
// it. What gini learns from the rules and the assumptions alone follows
// from the rules, and stays valid for every later puzzle.
//
// The rules alone are satisfiable (newStream checks it) and every clause
// added later is guarded by the activation literal, so no Solve meets a
// conflict without assumptions: gini 1.0.4 mishandles a second Solve after
// one that was unsatisfiable at level 0 (it derives the stored conflict
// again and assigns a literal twice, which overflows its trail in
// Trail.Assign or passes a wrong model to its model check).
type stream struct {
	bd     *board
	gi     *gini.Gini
	ident  []z.Var // ident[v] = v: the decoder's table for this numbering
	assume []z.Lit // scratch: a call's assumptions
	used   uint64  // the Solver's call counter at the last use (eviction)
	tmpl   *gini.Gini
	n      int
}

// newStream builds the instance of bd's rules written by enc, or returns
// nil when the rules alone have no solution (the residual path answers
// such puzzles).
func newStream(bd *board, enc *encode.Encoder) *stream {
	nn := bd.nc * bd.nv
	in := NewIncremental(nn+1, 16*nn)
	cand := make([]uint64, bd.nc)
	for i := range cand {
		cand[i] = bd.full
		if bd.oneOf != nil {
			cand[i] = bd.oneOf[i]
		}
	}
	if err := enc.Write(in, &encode.Domain{Val: make([]uint8, bd.nc), Cand: cand}); err != nil {
		return nil
	}
	if in.top > nn || in.gi.Solve() != 1 {
		return nil // auxiliary variables, or rules with no solution
	}
	st := &stream{bd: bd, gi: in.gi, ident: make([]z.Var, nn+1)}
	for v := range st.ident {
		st.ident[v] = z.Var(v)
	}
	return st
}

// streamFor returns the Solver's instance of the current board's rules,
// building it the first time, or nil when the incremental path does not
// apply: auxiliary variables (the Sequential encoding, constraints), a
// board larger than streamMaxVars, a permuted variable order, or rules
// with no solution.
func (s *Solver) streamFor() *stream {
	bd := s.bd
	if s.aux || s.order != 0 || bd.nc*bd.nv > streamMaxVars {
		return nil
	}
	s.calls++
	if debugFresh {
		s.streams = s.streams[:0]
	}
	var old *stream
	for _, st := range s.streams {
		if st.bd == bd {
			st.used = s.calls
			st.n++
			if debugK > 0 && st.n >= debugK {
				st.gi, st.n = newStream(bd, s.enc).gi, 0
			}
			return st
		}
		if old == nil || st.used < old.used {
			old = st
		}
	}
	if s.noStream[bd] {
		return nil
	}
	st := newStream(bd, s.enc)
	if st == nil {
		if s.noStream == nil {
			s.noStream = map[*board]bool{}
		}
		s.noStream[bd] = true
		return nil
	}
	st.used = s.calls
	if len(s.streams) < streamCache {
		s.streams = append(s.streams, st)
	} else {
		*old = *st
	}
	return st
}

// visitStream is visit on the incremental path, when it applies (see
// streamFor) and the call has no deadline (gini's Solve runs in the
// caller's goroutine, as on the pooled instances: a 9×9 answers in
// milliseconds). ok is false when it does not apply, and visit takes the
// residual path.
func (s *Solver) visitStream(ctx context.Context, g *satdoku.Grid, limit int, exclude *satdoku.Grid, see func(*satdoku.Grid) error) (res backend.Result, ok bool, err error) {
	if g == nil || g.Rules() == nil || !s.opt.Encoding.Valid() || s.opt.Timeout > 0 || s.order != 0 {
		return res, false, nil
	}
	if !s.useStream {
		return res, false, nil
	}
	if _, has := ctx.Deadline(); has {
		return res, false, nil
	}
	s.waitZombie()
	s.setRules(g.Rules())
	st := s.streamFor()
	if st == nil {
		return res, false, nil
	}
	c := &s.c
	c.ctx, c.start, c.deadline = ctx, time.Now(), time.Time{}
	if ctx.Err() != nil {
		return res, true, s.stopped(g, 0, "before the pre-pass")
	}
	c.pp.strong = true
	if c.pp.run(s.bd, g) {
		res, err = s.searchStream(st, g, limit, exclude, see)
		if err != nil {
			return res, true, err
		}
	}
	res.Status = backend.StatusOf(res.Count, limit)
	return res, true, nil
}

// searchStream asks st for up to limit solutions of the puzzle the
// pre-pass has just run on, under the pre-pass's conclusions as
// assumptions, each solution found (and exclude) blocked under one
// activation literal for the rest of the call.
func (s *Solver) searchStream(st *stream, g *satdoku.Grid, limit int, exclude *satdoku.Grid, see func(*satdoku.Grid) error) (backend.Result, error) {
	c := &s.c
	var res backend.Result
	c.dom.Val, c.dom.Cand, c.dom.Placed = c.pp.val, c.pp.cand, c.pp.placed
	st.assume = s.assumptions(st.assume[:0])
	gi := st.gi
	blk := actAdder{gi: gi}
	defer func() {
		if blk.act != z.LitNull {
			gi.Deactivate(blk.act)
		}
	}()
	block := func(sol *satdoku.Grid) bool {
		if c.pp.free == 0 {
			return false // no open cell: the blocking clause is empty
		}
		if blk.act == z.LitNull {
			blk.act = gi.ActivationLit()
			st.assume = append(st.assume, blk.act)
		}
		encode.BlockOpen(&blk, &c.dom, sol)
		return true
	}
	if exclude != nil && !s.differsFixed(exclude) && !block(exclude) {
		return res, nil // the pre-pass's one grid is the one excluded
	}
	for res.Count < limit {
		if c.ctx.Err() != nil {
			return res, s.stopped(g, res.Count, "searching")
		}
		r := 1
		if c.pp.free > 0 {
			gi.Assume(st.assume...)
			r = gi.Solve()
		}
		if r < 0 {
			break
		}
		sol, err := s.decodeFrom(g.Rules(), gi, st.ident)
		if err != nil {
			return backend.Result{}, fmt.Errorf("satsolve: internal error: bad model: %w: %w", err, backend.ErrFailed)
		}
		if s.onModel != nil {
			s.onModel(sol)
		}
		if see != nil {
			if err := see(sol); err != nil {
				return backend.Result{}, err
			}
		}
		res.Count++
		switch res.Count {
		case 1:
			res.Solution = sol
		case 2:
			res.Second = sol
		}
		if res.Count < limit && !block(sol) {
			break
		}
	}
	return res, nil
}

// assumptions appends to as the pre-pass's conclusions as literals of the
// stream's numbering: every fixed cell's digit first (whose propagation
// removes most of the rest), then every other candidate removed from an
// open cell.
func (s *Solver) assumptions(as []z.Lit) []z.Lit {
	c := &s.c
	nv := s.bd.nv
	for i, v := range c.pp.val {
		if v != 0 {
			as = append(as, z.Var(i*nv+int(v)).Pos())
		}
	}
	if debugPosOnly {
		return as
	}
	full := s.bd.full
	for i, m := range c.pp.cand {
		if c.pp.val[i] != 0 {
			continue
		}
		for out := full &^ m; out != 0; out &= out - 1 {
			as = append(as, z.Var(i*nv+bits.TrailingZeros64(out)+1).Neg())
		}
	}
	return as
}

// differsFixed reports whether sol differs from every solution of the
// call's puzzle at a cell the pre-pass fixed: no solution is sol then,
// and there is nothing to block.
func (s *Solver) differsFixed(sol *satdoku.Grid) bool {
	for i, v := range s.c.pp.val {
		if v != 0 && sol.Cell(i) != int(v) {
			return true
		}
	}
	return false
}

// actAdder adds clauses in the fixed numbering of package encode to gini
// under the activation literal act (an encode.Adder).
type actAdder struct {
	gi  *gini.Gini
	act z.Lit
}

// Add implements encode.Adder.
func (a *actAdder) Add(lit int) {
	if lit == 0 {
		a.gi.ActivateWith(a.act)
		return
	}
	a.gi.Add(z.Dimacs2Lit(lit))
}
