package main

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/internal/cpuload"
)

// answerFunc answers one puzzle into a with the worker's own back end, nil
// for a command that needs none. When ctx is canceled it returns soon, with
// a.canceled set if it could not finish.
type answerFunc func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record)

// source yields the items a run answers, in order: the puzzles of the
// inputs, or generate's seeds.
type source interface {
	// next returns the next item, or false at the end.
	next() (item, bool)
	// peek reports how many items are left, looking at most max ahead.
	peek(max int) int
	// readsStdin reports whether the items come from standard input.
	readsStdin() bool
	close()
}

// runPuzzles is the pipeline of the commands that answer the puzzles of
// their inputs (arguments, files, standard input): see runItems.
func runPuzzles(e *env, args []string, o *outFlags, so *solverFlags, answerFn answerFunc, text textFunc) int {
	in := newInputs(args, e.stdin)
	var err error
	if in.rules, err = newPuzzleRules(o.rules); err != nil {
		return usageError(e, err)
	}
	return runItems(e, in, o, so, answerFn, text)
}

// runItems is the one pipeline every command shares: take an item, answer
// it, write the answer, in input order and constant memory, with --jobs
// workers (see pool), one record per item (answer) and one writer per
// format (printer). The solver flags so choose the back end, one per
// worker; a command that needs none (check) passes nil, and answerFn then
// gets a nil back end.
//
// On SIGINT or SIGTERM the run stops (see interruptContext) and the status
// is exitInterrupt.
func runItems(e *env, in source, o *outFlags, so *solverFlags, answerFn answerFunc, text textFunc) int {
	jobs := 1
	solvers := []*checked.Solver{nil}
	r := &pool{record: answerFn}
	if so != nil {
		r.load = cpuload.New()
		var err error
		if jobs, err = resolveJobs(so.jobs); err != nil {
			return usageError(e, err)
		}
		so.width, so.canRace = r.raceWidth, r.canRace
		newSolver, err := so.backend()
		if err != nil {
			return usageError(e, err)
		}
		solvers = make([]*checked.Solver, jobs)
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
	var st *stats
	switch {
	case so != nil && so.stats:
		st = newStats(so.certify, so.solver != "")
	}
	prog := newProgress(e, in)
	p.clearLine = prog.clear

	sig, release := interruptContext(context.Background())
	defer release()
	r.solvers, r.lookAhead, r.flush = solvers, p.looksAhead(e, in), p.flush
	r.emit = func(a *record) bool {
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
	fmt.Fprintf(e.stderr, "satdoku: %s\n", userText(err))
	return exitUsage
}

// pool answers a stream of puzzles with one worker per back end and emits
// the answers in input order, in constant memory.
//
// The workers do all the work: each in turn takes the next item from the
// input, answers it with its own back end, and puts the answer in a
// window of windowPerJob·jobs slots indexed by input position; the worker
// that puts the next answer due emits it, and every one after it that is
// ready. A worker reads only while the window has room, so a slow puzzle
// holds up at most a window of answers. With one worker this is a plain
// loop: read, answer, write, with no hand-over between goroutines.
//
// The goroutine that runs the pool only waits: for the workers to end, for
// the context to be canceled (an interrupt, or a failed output) and, every
// flushAfter, to flush the output when no answer has come since the last
// time, so that the answers so far reach a pipe while a hard puzzle or the
// input holds the run up.
//
// After a cancellation it waits for the workers answering a puzzle (inside
// a back end's call) to return, at most workerGrace, then stops the output: the answers
// completed by then have been emitted, in input order, up to the first one
// cut short. A worker blocked reading the input (a terminal, an idle pipe)
// is not waited for: it holds nothing, and is left behind for the process
// to end.
type pool struct {
	solvers []*checked.Solver // one per worker; nil entries for no back end
	load    *cpuload.Meter    // the cores other programs keep busy (see raceWidth)
	record  answerFunc
	// lookAhead: the first read looks for a second puzzle before handing
	// on the first, which is marked when it is the only one (item.only).
	lookAhead bool
	// emit writes an answer; it reports false when the output failed.
	emit func(*record) bool
	// flush pushes the answers written so far out of the output's buffer.
	flush func()

	ctx    context.Context
	cancel context.CancelFunc
	in     source

	inMu   sync.Mutex // held by the worker that reads; guards in and what follows
	seq    int        // the items read so far
	only   bool       // the only puzzle (when lookAhead)
	looked bool       // the input has been looked at (lookAhead done)
	// ended: every item of the input has been taken (known at once for
	// arguments and files, which are read one item ahead; for standard
	// input when a worker finds its end).
	ended atomic.Bool

	mu       sync.Mutex // guards what follows, and the output
	room     *sync.Cond // broadcast when the window has room, or the run stops
	window   []*record  // by input position modulo len; nil: not answered yet
	next     int        // the position of the next answer to emit
	reserved int        // the items the workers may read: never more than next + len(window)
	busy     int        // workers between taking an item and putting its answer
	stopped  bool       // no more output: interrupted, or the output failed
	dirty    bool       // answers emitted and not flushed
	fresh    bool       // answers emitted since the last look of the flusher
}

// windowPerJob is the number of answers per worker that may wait to be
// emitted behind a slow one.
const windowPerJob = 16

// flushAfter is how often the pool looks whether the output should be
// flushed.
const flushAfter = 100 * time.Millisecond

// run answers the items of in until the input ends, the output fails or
// parent is canceled.
func (r *pool) run(parent context.Context, in source) {
	r.ctx, r.cancel = context.WithCancel(parent)
	defer r.cancel()
	r.in = in
	r.room = sync.NewCond(&r.mu)
	r.window = make([]*record, windowPerJob*len(r.solvers))
	var wg sync.WaitGroup
	for _, s := range r.solvers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.work(s)
		}()
	}
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	tick := time.NewTicker(flushAfter)
	defer tick.Stop()
	for {
		select {
		case <-done:
			in.close()
			return
		case <-r.ctx.Done():
			r.stop()
			select {
			case <-done:
				in.close() // no worker reads it
			default:
			}
			return
		case <-tick.C:
			r.mu.Lock()
			if r.dirty && !r.fresh && !r.stopped {
				r.flush()
				r.dirty = false
			}
			r.fresh = false
			r.mu.Unlock()
		}
	}
}

// stop ends a canceled run: it wakes the workers waiting for room, waits
// (at most workerGrace) for those answering a puzzle, and stops the output.
func (r *pool) stop() {
	r.mu.Lock()
	r.room.Broadcast()
	r.mu.Unlock()
	for start := time.Now(); time.Since(start) < workerGrace; time.Sleep(5 * time.Millisecond) {
		r.mu.Lock()
		busy := r.busy
		r.mu.Unlock()
		if busy == 0 {
			break
		}
	}
	r.mu.Lock()
	r.stopped = true
	r.mu.Unlock()
}

// work is one worker: it answers items with the back end s until the input
// ends or the run stops.
func (r *pool) work(s *checked.Solver) {
	for {
		pos, it, ok := r.take()
		if !ok {
			return
		}
		if !r.put(pos, r.answerItem(s, it)) {
			return
		}
	}
}

// take waits for room in the window, then reads the next item and returns
// its position; the worker is busy from then on until it puts the answer.
// It reports false at the end of the input, or when the run has been
// canceled.
func (r *pool) take() (int, item, bool) {
	r.mu.Lock()
	for r.reserved >= r.next+len(r.window) && r.ctx.Err() == nil {
		r.room.Wait()
	}
	r.reserved++
	r.mu.Unlock()

	r.inMu.Lock()
	defer r.inMu.Unlock()
	if r.ctx.Err() != nil {
		return 0, item{}, false
	}
	if r.lookAhead && !r.looked {
		r.only = r.in.peek(2) == 1
	}
	r.looked = true
	it, ok := r.in.next()
	if !ok || r.ctx.Err() != nil {
		if !ok {
			r.ended.Store(true)
		}
		return 0, item{}, false
	}
	if !r.in.readsStdin() && r.in.peek(1) == 0 {
		// Reading a file one item ahead waits on no one.
		r.ended.Store(true)
	}
	it.only = r.only
	r.seq++
	r.mu.Lock()
	r.busy++
	r.mu.Unlock()
	return r.seq - 1, it, true
}

// answerItem answers one item with the back end s, timing it. It returns
// nil when the run was canceled before the answer was complete.
//
// A puzzle that a portfolio raced (a.Solver set) is also given the CPU
// time the process and its child processes spent while it was answered:
// the race's, when no other puzzle was being answered meanwhile (the
// race runs only on idle cores), as it is for the only puzzle of a run.
// The clock is read only when a race may start.
func (r *pool) answerItem(s *checked.Solver, it item) *record {
	start := time.Now()
	var cpu0 cpuTime
	if r.canRace() {
		cpu0 = readCPU()
	}
	a := newAnswer(it)
	if it.err == nil {
		r.record(r.ctx, s, it.grid, a)
	}
	if a.canceled {
		return nil
	}
	a.elapsed(start)
	if a.Solver != "" && cpu0.ok {
		if cpu := readCPU(); cpu.ok {
			a.CPU = float64(cpu.total()-cpu0.total()) / float64(time.Millisecond)
		}
	}
	return a
}

// canRace reports whether a puzzle answered now may race (see
// raceWidth): with more than one worker, or once the input has ended.
func (r *pool) canRace() bool { return len(r.solvers) > 1 || r.ended.Load() }

// raceWidth says how many solvers a portfolio racing on a puzzle may run
// now (see portfolio.Options.Width): the worker's own core, and one for
// each worker not answering a puzzle; once the input has ended, every
// core not answering one. Cores that other programs keep busy are not
// idle: where the system tells (Linux), the cores that the machine's CPU
// time less the run's own filled since the last look are taken off (see
// package cpuload). (On a machine shared with other work a race only
// halves the first solver's share of a core: bench/issue24-portfolio.txt.)
func (r *pool) raceWidth() int {
	r.mu.Lock()
	busy := r.busy
	r.mu.Unlock()
	idle := len(r.solvers) - busy
	if r.ended.Load() {
		idle = max(idle, runtime.NumCPU()-busy)
	}
	if r.load != nil {
		if others, ok := r.load.Others(); ok {
			idle = min(idle, runtime.NumCPU()-busy-int(math.Round(others)))
		}
	}
	return 1 + max(idle, 0)
}

// put ends the worker's busy time, places its answer a at position pos in
// the window and emits the answers that are due. It reports false when
// there is no answer (the run was canceled) or the output has stopped.
func (r *pool) put(pos int, a *record) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.busy--
	if a == nil {
		return false
	}
	r.window[pos%len(r.window)] = a
	for !r.stopped {
		i := r.next % len(r.window)
		a := r.window[i]
		if a == nil {
			break
		}
		r.window[i] = nil
		r.next++
		r.dirty, r.fresh = true, true
		if !r.emit(a) {
			r.stopped = true
			r.cancel()
		}
	}
	r.room.Broadcast()
	return !r.stopped
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
