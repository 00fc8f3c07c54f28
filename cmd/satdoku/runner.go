package main

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
)

// answerFunc answers one puzzle into a with the worker's own back end, nil
// for a command that needs none. When ctx is canceled it returns soon, with
// a.canceled set if it could not finish.
type answerFunc func(ctx context.Context, s backend.Solver, g *satdoku.Grid, a *answer)

// runPuzzles is the loop every puzzle command shares: read a puzzle, answer
// it, write the answer, in input order and constant memory. newSolver makes
// each worker's back end; it is nil for a command that needs none (check),
// and so is so, since such a command has no solver flags.
//
// On SIGINT or SIGTERM the run stops (see interruptContext) and the status
// is exitInterrupt.
func runPuzzles(e *env, args []string, o *outFlags, so *solverFlags, answerFn answerFunc, text textFunc) int {
	jobs := 1
	solvers := []backend.Solver{nil}
	if so != nil {
		var err error
		if jobs, err = resolveJobs(so.jobs); err != nil {
			return usageError(e, err)
		}
		newSolver, err := so.backend()
		if err != nil {
			return usageError(e, err)
		}
		solvers = make([]backend.Solver, jobs)
		for i := range solvers {
			if solvers[i], err = newSolver(); err != nil {
				return usageError(e, err)
			}
		}
	}
	p, err := newPrinter(e, o, text)
	if err != nil {
		return usageError(e, err)
	}
	in := newInputs(args, e.stdin)
	var st *stats
	if so != nil && so.stats {
		st = newStats()
	}
	prog := newProgress(e, in)

	sig, release := interruptContext(context.Background())
	defer release()
	r := &pipeline{solvers: solvers, answer: answerFn, lookAhead: p.looksAhead(e, in), flush: p.flush}
	r.emit = func(a *answer) bool {
		prog.step()
		if st != nil {
			st.add(a)
		}
		return p.emit(a)
	}
	r.run(sig, in)
	prog.finish()
	code := p.finish(sig.Err() != nil)
	if st != nil {
		st.write(e.stderr, jobs)
	}
	return code
}

func usageError(e *env, err error) int {
	fmt.Fprintf(e.stderr, "satdoku: %v\n", err)
	return exitUsage
}

// pipeline answers a stream of puzzles with one worker per back end, and
// emits the answers in input order. Three kinds of goroutines make it up:
//
//   - the reader reads the inputs and hands the items on, one by one;
//   - the batcher groups them in batches: as many as have arrived, up to
//     batchSize, so that a person typing puzzles gets each answer at once
//     while a file goes in full batches;
//   - the workers, one per back end, answer a batch at a time.
//
// The goroutine that runs the pipeline emits the answers, batch after
// batch in input order. At most 2·jobs batches are in flight, so memory
// stays bounded whatever the length of the stream. Whenever it has waited
// flushAfter for the next answer it flushes the output, so that the
// answers so far reach a pipe while a hard puzzle, or the input, holds the
// run up.
//
// Handing puzzles over in batches keeps the cost of the channels and of
// goroutine wake-ups off easy puzzles, which take tens of microseconds
// each; and reading in a goroutine of its own keeps the run answerable
// while it waits for input: when the context is canceled it stops at
// once, even if the reader is blocked on a terminal or an idle pipe (that
// goroutine is then left behind, for the process to end).
type pipeline struct {
	solvers []backend.Solver // one per worker; nil entries for no back end
	answer  answerFunc
	// lookAhead: the reader looks for a second puzzle before handing on
	// the first, which is marked when it is the only one (item.only).
	lookAhead bool
	// emit writes an answer; it reports false when the output failed.
	emit func(*answer) bool
	// flush pushes the answers written so far out of the output's buffer.
	flush func()
}

// flushAfter is how long the pipeline waits for the next answer before it
// flushes the output.
const flushAfter = 100 * time.Millisecond

// batch is a run of consecutive puzzles in flight: a worker answers them,
// then closes done. answers holds the answers completed, in order: fewer
// than items when the run was canceled.
type batch struct {
	items   []item
	answers []*answer
	done    chan struct{}
}

// batchSize is the largest number of puzzles per batch.
const batchSize = 8

// run answers the items of in and emits the answers in input order until
// the input ends, emit reports false (the output failed) or ctx is
// canceled. After a cancellation it waits for the workers (at most
// workerGrace) and emits the answers they completed that are next in
// input order.
func (r *pipeline) run(parent context.Context, in *inputs) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	jobs := len(r.solvers)
	items := make(chan item, 2*batchSize*jobs)
	window := make(chan *batch, 2*jobs) // in input order
	work := make(chan *batch, 2*jobs)   // never blocks: every batch in it is in the window too

	go r.read(ctx, in, items)
	go batches(ctx, items, window, work)
	var wg sync.WaitGroup
	for _, s := range r.solvers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				r.answerBatch(ctx, s, b)
			}
		}()
	}

	// Emit batch after batch, in input order.
	idle := &idler{flush: r.flush}
	defer idle.stop()
	var b *batch
	for {
		var ok bool
		if b, ok = await(ctx, window, idle); !ok {
			break // the input has ended, or ctx is done
		}
		await(ctx, b.done, idle)
		if ctx.Err() != nil {
			break
		}
		if !r.emitAll(b) {
			// The output failed: the puzzles in flight are left
			// unanswered.
			cancel()
			waitBounded(&wg, workerGrace)
			return
		}
		idle.dirty = true
		b = nil
	}
	if parent.Err() == nil {
		wg.Wait() // the input has ended and every batch is done
		return
	}
	// Interrupted: the answers completed so far, in input order.
	waitBounded(&wg, workerGrace)
	for {
		if b == nil {
			select {
			case b = <-window:
			default:
			}
		}
		if b == nil || !isClosed(b.done) || !r.emitAll(b) || len(b.answers) < len(b.items) {
			return
		}
		b = nil
	}
}

// idler flushes the output once the emitter has waited flushAfter with
// answers written since the last flush.
type idler struct {
	flush func()
	dirty bool // answers written and not flushed
	t     *time.Timer
}

// timer returns the channel that fires after flushAfter, or nil when there
// is nothing to flush.
func (i *idler) timer() <-chan time.Time {
	if !i.dirty {
		return nil
	}
	if i.t == nil {
		i.t = time.NewTimer(flushAfter)
	} else {
		i.t.Reset(flushAfter)
	}
	return i.t.C
}

func (i *idler) stop() {
	if i.t != nil {
		i.t.Stop()
	}
}

// await receives from ch, as a receive does (ok is false for a closed
// channel), unless ctx is done first (then ok is false too). While it
// waits, it flushes the output after flushAfter.
func await[T any](ctx context.Context, ch <-chan T, idle *idler) (v T, ok bool) {
	select {
	case v, ok = <-ch:
		return v, ok
	default:
	}
	select {
	case v, ok = <-ch:
	case <-ctx.Done():
	case <-idle.timer():
		idle.flush()
		idle.dirty = false
		select {
		case v, ok = <-ch:
		case <-ctx.Done():
		}
	}
	idle.stop()
	return v, ok
}

// emitAll emits the answers of a finished batch. It reports false when
// emit did.
func (r *pipeline) emitAll(b *batch) bool {
	for _, a := range b.answers {
		if !r.emit(a) {
			return false
		}
	}
	return true
}

// isClosed reports whether done is closed, without waiting.
func isClosed(done chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// read hands the items of in on to items, then closes it; it stops early
// when ctx is canceled. It owns in: it closes it when done.
func (r *pipeline) read(ctx context.Context, in *inputs, items chan<- item) {
	defer close(items)
	defer in.close()
	only := false
	if r.lookAhead {
		only = in.peek(2) == 1
	}
	for {
		it, ok := in.next()
		if !ok {
			return
		}
		it.only = only
		select {
		case items <- it:
		case <-ctx.Done():
			return
		}
	}
}

// batches groups the items in batches of the ones that have arrived, up to
// batchSize, and hands each to window (for the order) and work (for a
// worker). It closes both at the end of the items, or when ctx is
// canceled.
func batches(ctx context.Context, items <-chan item, window, work chan<- *batch) {
	defer close(work)
	defer close(window)
	for {
		var it item
		var ok bool
		select {
		case it, ok = <-items:
		case <-ctx.Done():
		}
		if !ok {
			return
		}
		b := &batch{items: make([]item, 1, batchSize), done: make(chan struct{})}
		b.items[0] = it
	fill:
		for len(b.items) < batchSize {
			select {
			case it, ok := <-items:
				if !ok {
					break fill
				}
				b.items = append(b.items, it)
			default:
				break fill
			}
		}
		select {
		case window <- b:
		case <-ctx.Done():
			return
		}
		work <- b
	}
}

// answerBatch answers the items of b with the back end s, timing each, then
// closes b.done. It stops at the first answer the cancellation of ctx cut
// short.
func (r *pipeline) answerBatch(ctx context.Context, s backend.Solver, b *batch) {
	defer close(b.done)
	b.answers = make([]*answer, 0, len(b.items))
	for _, it := range b.items {
		if ctx.Err() != nil {
			return
		}
		start := time.Now()
		a := newAnswer(it)
		if it.err == nil {
			r.answer(ctx, s, it.grid, a)
		}
		if a.canceled {
			return
		}
		a.elapsed(start)
		b.answers = append(b.answers, a)
	}
}

// defaultJobs is the --jobs default: one worker. The throughput targets are
// per worker, and one worker leaves the other cores to the rest of a
// pipeline; --jobs 0 means runtime.NumCPU().
const defaultJobs = 1

func resolveJobs(j int) (int, error) {
	switch {
	case j < 0:
		return 0, fmt.Errorf("invalid --jobs %d: must not be negative", j)
	case j == 0:
		return runtime.NumCPU(), nil
	}
	return j, nil
}
