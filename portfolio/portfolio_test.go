package portfolio

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/extsolve"
	"github.com/satdoku/satdoku/internal/bigboard"
	"github.com/satdoku/satdoku/internal/solvertest"
	"github.com/satdoku/satdoku/satsolve"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// diffCase is a puzzle of the self-made set with its number of solutions.
type diffCase struct {
	line   int
	count  int
	puzzle *satdoku.Grid
}

// readDiff reads the self-made set (testdata/diff: count:puzzle a line,
// the counts exact), every step'th puzzle.
func readDiff(t *testing.T, step int) []diffCase {
	t.Helper()
	b, err := os.ReadFile("../testdata/diff/puzzles.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []diffCase
	for i, line := range strings.Split(string(b), "\n") {
		c, p, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		n, err := strconv.Atoi(c)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		g, err := textfmt.Parse(p)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		out = append(out, diffCase{i + 1, n, g})
	}
	var some []diffCase
	for i := 0; i < len(out); i += step {
		some = append(some, out[i])
	}
	return some
}

// statusOf is the status of a count of n solutions up to limit.
func statusOf(n, limit int) backend.Status { return backend.StatusOf(min(n, limit), limit) }

// TestStandardSelfMade answers the self-made set (0, 1 and 2+ solutions,
// counted exactly when it was made) with the standard portfolio racing
// from the start (no delay), in each mode: the statuses are the known
// ones, every solution passes the validator, and the one who answered a
// race is named.
func TestStandardSelfMade(t *testing.T) {
	step := 1
	if testing.Short() {
		step = 7
	}
	cases := readDiff(t, step)
	for _, mode := range []Mode{Auto, Gini, Off, Cube} {
		s, err := Standard(Config{Mode: mode, Delay: time.Nanosecond, TempDir: t.TempDir(), Width: func() int { return 3 }})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			for _, limit := range []int{1, 2, 3} {
				res, err := s.Count(context.Background(), c.puzzle, limit)
				if err != nil {
					t.Fatalf("%v: line %d: %v", mode, c.line, err)
				}
				if want := statusOf(c.count, limit); res.Status != want || res.Count != min(c.count, limit) {
					t.Errorf("%v: line %d, limit %d: %v %d, want %v %d", mode, c.line, limit, res.Status, res.Count, want, min(c.count, limit))
				}
				if err := checked.Validate(c.puzzle, res, limit); err != nil {
					t.Errorf("%v: line %d: %v", mode, c.line, err)
				}
			}
			res, err := s.Unique(context.Background(), c.puzzle)
			if err != nil {
				t.Fatalf("%v: line %d: %v", mode, c.line, err)
			}
			if want := statusOf(c.count, 2); res.Status != want {
				t.Errorf("%v: line %d: Unique says %v, want %v", mode, c.line, res.Status, want)
			}
			if mode == Off && res.By != "" || mode != Off && res.By == "" && c.count > 0 && c.puzzle.N() > 4 {
				// (A 4×4 answered before the timer fires is fine.)
				t.Logf("%v: line %d: answered by %q", mode, c.line, res.By)
			}
		}
	}
}

// fake is a member that answers after a while with a fixed answer, and
// counts its calls and the ones still running.
type fake struct {
	after   time.Duration
	res     backend.Result
	err     error
	calls   atomic.Int32
	stopped atomic.Int32 // calls that ended by their context
}

func (f *fake) answer(ctx context.Context) (backend.Result, error) {
	f.calls.Add(1)
	t := time.NewTimer(f.after)
	defer t.Stop()
	select {
	case <-t.C:
		return f.res, f.err
	case <-ctx.Done():
		f.stopped.Add(1)
		return backend.Result{}, ctx.Err()
	}
}

func (f *fake) Solve(ctx context.Context, _ *satdoku.Grid) (backend.Result, error) {
	return f.answer(ctx)
}
func (f *fake) Unique(ctx context.Context, _ *satdoku.Grid) (backend.Result, error) {
	return f.answer(ctx)
}
func (f *fake) Count(ctx context.Context, _ *satdoku.Grid, _ int) (backend.Result, error) {
	return f.answer(ctx)
}

// board25 returns the empty 25×25 board and two of its solutions.
func board25(t *testing.T) (g, s1, s2 *satdoku.Grid) {
	t.Helper()
	g, s1, err := bigboard.Puzzle(bigboard.Spec{B: 5, Blank: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	_, s2, err = bigboard.Puzzle(bigboard.Spec{B: 5, Blank: 1, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if s1.Equal(s2) {
		t.Fatal("the two solutions are the same")
	}
	return g, s1, s2
}

// TestFirstAloneWithinDelay: a first member that answers within the delay
// answers alone (the others are never asked, and no one is named).
func TestFirstAloneWithinDelay(t *testing.T) {
	g, s1, _ := board25(t)
	first := &fake{after: time.Millisecond, res: backend.Result{Status: backend.StatusSolved, Solution: s1, Count: 1}}
	other := &fake{after: time.Millisecond, res: first.res}
	p, err := New([]Member{{"first", first}, {"other", other}}, Options{Delay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Solve(context.Background(), g)
	if err != nil || res.By != "" || res.Solution != s1 {
		t.Fatalf("got %v by %q, %v", res.Status, res.By, err)
	}
	if n := other.calls.Load(); n != 0 {
		t.Errorf("the other member was asked %d times", n)
	}
}

// TestRejectedAnswerLoses: an answer the validator rejects (a grid that is
// no solution, or two equal solutions) never wins, however early it comes:
// the correct one that comes later does; and when every answer is
// rejected, the race fails with checked.ErrRejected. (An answer of the
// first member within the delay is returned as it is, for the caller's
// validator to check: it raced no one.)
func TestRejectedAnswerLoses(t *testing.T) {
	g, s1, s2 := board25(t)
	wrong := s1.Clone()
	wrong.SetCell(0, s1.Cell(1)) // a row with a digit twice
	liars := []backend.Result{
		{Status: backend.StatusSolved, Solution: wrong, Count: 1},
		{Status: backend.StatusMultiple, Solution: s1, Second: s1, Count: 2},
		{Status: backend.StatusMultiple, Solution: s1, Second: s2, Count: 3}, // over the limit
		{Status: backend.StatusNone, Solution: s1, Count: 1},                 // a status its count does not give
	}
	for i, lie := range liars {
		liar := &fake{after: 10 * time.Millisecond, res: lie} // past the delay: raced
		honest := &fake{after: 50 * time.Millisecond, res: backend.Result{Status: backend.StatusMultiple, Solution: s1, Second: s2, Count: 2}}
		p, err := New([]Member{{"honest", honest}, {"liar", liar}}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Unique(context.Background(), g)
		if err != nil || res.By != "honest" || res.Status != backend.StatusMultiple {
			t.Errorf("lie %d: got %v by %q, %v; want multiple by honest", i, res.Status, res.By, err)
		}
		p, _ = New([]Member{{"liar", liar}, {"liar2", liar}}, Options{})
		if _, err := p.Unique(context.Background(), g); !errors.Is(err, checked.ErrRejected) {
			t.Errorf("lie %d, no honest member: %v, want ErrRejected", i, err)
		}
	}
}

// TestWidth: with no idle core (Width 1) the first member goes on alone,
// and the others join when a core is idle.
func TestWidth(t *testing.T) {
	g, s1, _ := board25(t)
	res := backend.Result{Status: backend.StatusSolved, Solution: s1, Count: 1}
	first := &fake{after: 300 * time.Millisecond, res: res}
	second := &fake{after: 20 * time.Millisecond, res: res}
	third := &fake{after: 0, res: res}
	var idle atomic.Int32
	go func() {
		time.Sleep(100 * time.Millisecond)
		idle.Store(1)
	}()
	p, _ := New([]Member{{"first", first}, {"second", second}, {"third", third}},
		Options{Delay: 10 * time.Millisecond, Width: func() int { return 1 + int(idle.Load()) }})
	got, err := p.Solve(context.Background(), g)
	if err != nil || got.By != "second" {
		t.Fatalf("got %v by %q, %v; want second", got.Status, got.By, err)
	}
	if third.calls.Load() != 0 {
		t.Error("the third member ran on the one idle core")
	}
	if first.stopped.Load() != 1 {
		t.Error("the first member was not stopped")
	}
}

// children returns the processes whose parent is this one (Linux).
func children(t *testing.T) []string {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc")
	}
	me := strconv.Itoa(os.Getpid())
	var out []string
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces and parentheses.
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == me {
			out = append(out, e.Name()+" "+s[:strings.LastIndexByte(s, ')')+1])
		}
	}
	return out
}

// settle waits, at most a few seconds, for the goroutines to fall back to
// n, and returns how many there are.
func settle(n int) int {
	for range 300 {
		if runtime.NumGoroutine() <= n {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return runtime.NumGoroutine()
}

// TestWinnerStopsEveryone races, on a question no solver ends soon (the
// solutions of the empty 25×25 board, counted up to 2^40), gini in two
// orders, an external solver program that never answers, cadical when it
// is installed, and a member that answers after 300 ms. That member wins;
// when the call returns, no member is still running: the goroutines are
// back to what they were, no child process is left, and the solvers'
// temporary directory is empty.
func TestWinnerStopsEveryone(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("child processes are read from /proc")
	}
	g, s1, s2 := board25(t)
	tmp := t.TempDir()
	sleeper := solvertest.Script(t, "sleepsat", "exec sleep 60")
	xo := extsolve.Options{Encoding: encode.Reduced, TempDir: tmp}
	slow, err := extsolve.New(sleeper, xo)
	if err != nil {
		t.Fatal(err)
	}
	limit := 1 << 40
	winner := &fake{after: 300 * time.Millisecond, res: backend.Result{Status: backend.StatusMultiple, Solution: s1, Second: s2, Count: limit}}
	members := []Member{
		{"gini", satsolve.New(satsolve.Options{Stoppable: true, QuietFor: 20 * time.Millisecond})},
		{"sleepsat", slow},
		{"gini/2", satsolve.New(satsolve.Options{Stoppable: true, Order: 1})},
		{"winner", winner},
	}
	if _, err := os.Stat("/usr/bin/cadical"); err == nil {
		c, err := extsolve.New("cadical", xo)
		if err != nil {
			t.Fatal(err)
		}
		members = append(members, Member{"cadical", c})
	}
	before := runtime.NumGoroutine()
	p, _ := New(members, Options{Delay: 20 * time.Millisecond})
	start := time.Now()
	res, err := p.Count(context.Background(), g, limit)
	took := time.Since(start)
	if err != nil || res.By != "winner" || res.Status != backend.StatusMultiple {
		t.Fatalf("got %v by %q, %v; want multiple by winner", res.Status, res.By, err)
	}
	if took > 5*time.Second {
		t.Errorf("the race took %v to end after the winner's answer at 300ms", took)
	}
	checkLeftNothing(t, before, tmp)
	// The members answer again after a race: gini's stopped instance was
	// dropped, not reused.
	_, sol, err := bigboard.Puzzle(bigboard.Spec{B: 3, Blank: 0.5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	puzzle, _, _ := bigboard.Puzzle(bigboard.Spec{B: 3, Blank: 0.5, Seed: 1})
	for _, m := range members[:1] {
		r, err := m.Solver.Solve(context.Background(), puzzle)
		if err != nil || verify.Solution(puzzle, r.Solution) != nil {
			t.Errorf("%s after the race: %v, %v", m.Name, r.Status, err)
		}
	}
	_ = sol
}

// TestCanceledAndTimeout: a call whose context is canceled, or that runs
// out of its Timeout, stops every member and says so (context.Canceled,
// backend.ErrTimeout); nothing is left running.
func TestCanceledAndTimeout(t *testing.T) {
	g, _, _ := board25(t)
	sleeper := solvertest.Script(t, "sleepsat", "exec sleep 60")
	tmp := t.TempDir()
	slow, err := extsolve.New(sleeper, extsolve.Options{Encoding: encode.Reduced, TempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	members := []Member{
		{"gini", satsolve.New(satsolve.Options{Stoppable: true, QuietFor: 10 * time.Millisecond})},
		{"sleepsat", slow},
	}
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	p, _ := New(members, Options{Delay: 10 * time.Millisecond})
	if _, err := p.Count(ctx, g, 1<<40); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v, want context.Canceled", err)
	}
	p, _ = New(members, Options{Delay: 10 * time.Millisecond, Timeout: 100 * time.Millisecond})
	if _, err := p.Count(context.Background(), g, 1<<40); !errors.Is(err, backend.ErrTimeout) {
		t.Errorf("timeout: %v, want backend.ErrTimeout", err)
	}
	checkLeftNothing(t, before, tmp)
}

// TestModes: the modes' names, and New with no member.
func TestModes(t *testing.T) {
	for _, m := range []Mode{Auto, Gini, Off, Cube} {
		got, err := ParseMode(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := ParseMode("cadical"); !errors.Is(err, ErrMode) {
		t.Errorf("ParseMode(cadical): %v, want ErrMode", err)
	}
	if _, err := New(nil, Options{}); err == nil {
		t.Error("New with no member: no error")
	}
	if _, err := Standard(Config{Mode: Cube + 1}); !errors.Is(err, ErrMode) {
		t.Errorf("Standard with a bad mode: %v", err)
	}
}

// TestCannotRace: when no core can be spared (CanRace false), Alone
// answers, however long it takes, and no member is asked.
func TestCannotRace(t *testing.T) {
	g, s1, _ := board25(t)
	res := backend.Result{Status: backend.StatusSolved, Solution: s1, Count: 1}
	first, other := &fake{after: 50 * time.Millisecond, res: res}, &fake{res: res}
	alone := &fake{after: 50 * time.Millisecond, res: res}
	p, _ := New([]Member{{"first", first}, {"other", other}},
		Options{CanRace: func() bool { return false }, Alone: alone})
	got, err := p.Solve(context.Background(), g)
	if err != nil || got.By != "" || got.Solution != s1 {
		t.Fatalf("got %v by %q, %v", got.Status, got.By, err)
	}
	if alone.calls.Load() != 1 || first.calls.Load()+other.calls.Load() != 0 {
		t.Errorf("alone asked %d times, the members %d", alone.calls.Load(), first.calls.Load()+other.calls.Load())
	}
}

// checkLeftNothing checks that the races are over without a trace: no
// more goroutines than before, no child process, no file left in tmp,
// the solvers' temporary directory.
func checkLeftNothing(t *testing.T, before int, tmp string) {
	t.Helper()
	if n := settle(before); n > before {
		t.Errorf("%d goroutines after the races, %d before", n, before)
	}
	if c := children(t); len(c) > 0 {
		t.Errorf("child processes left: %v", c)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) > 0 {
		t.Errorf("files left in the solvers' temporary directory: %v", ents)
	}
}
