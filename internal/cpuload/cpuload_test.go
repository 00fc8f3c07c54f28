package cpuload

import (
	"os/exec"
	"runtime"
	"testing"
	"time"
)

// TestOthers feeds the meter readings: the machine's busy time less the
// process's own, over the wall time between two looks at least MinWindow
// apart; a look within MinWindow keeps the figure before; a machine that
// does not tell says so.
func TestOthers(t *testing.T) {
	t0 := time.Unix(1000, 0)
	var next reading
	m := &Meter{read: func() reading { return next }}
	next = reading{at: t0, busy: 10 * time.Second, own: time.Second, ok: true}
	m.last = m.read()

	// 100 ms: the machine busy for 250 ms of CPU, the process for 100 ms
	// of it: others kept 1.5 cores busy.
	next = reading{at: t0.Add(100 * time.Millisecond), busy: 10250 * time.Millisecond, own: 1100 * time.Millisecond, ok: true}
	if got, ok := m.Others(); !ok || got != 1.5 {
		t.Errorf("Others() = %v, %v; want 1.5, true", got, ok)
	}
	// 10 ms later: too short a window, the figure before.
	next = reading{at: t0.Add(110 * time.Millisecond), busy: 10260 * time.Millisecond, own: 1100 * time.Millisecond, ok: true}
	if got, ok := m.Others(); !ok || got != 1.5 {
		t.Errorf("within MinWindow: Others() = %v, %v; want 1.5, true", got, ok)
	}
	// The process alone busy: no others (never below 0, though the
	// counters' ticks may say less than the process's own time).
	next = reading{at: t0.Add(300 * time.Millisecond), busy: 10400 * time.Millisecond, own: 1320 * time.Millisecond, ok: true}
	if got, ok := m.Others(); !ok || got != 0 {
		t.Errorf("the process alone: Others() = %v, %v; want 0, true", got, ok)
	}
	next = reading{at: t0.Add(400 * time.Millisecond)}
	if _, ok := m.Others(); ok {
		t.Error("no /proc/stat: Others() reports ok")
	}
}

// TestBusyTime reads the "cpu" line of /proc/stat: busy ticks are user,
// nice, system, irq, softirq and steal, in hundredths of a second.
func TestBusyTime(t *testing.T) {
	for _, c := range []struct {
		stat string
		want time.Duration
		ok   bool
	}{
		{"cpu  458510 104 23048 200183 842 0 129 213 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n", (458510 + 104 + 23048 + 129 + 213) * 10 * time.Millisecond, true},
		{"cpu  1 2 3 4 5 6 7 8\n", (1 + 2 + 3 + 6 + 7 + 8) * 10 * time.Millisecond, true},
		{"cpu  1 2 3 4 5 6 7\n", 0, false},
		{"cpu0 1 2 3 4 5 6 7 8\n", 0, false},
		{"cpu  1 2 x 4 5 6 7 8\n", 0, false},
		{"cpu  1 -2 3 4 5 6 7 8\n", 0, false},
		{"", 0, false},
	} {
		got, ok := busyTime([]byte(c.stat))
		if got != c.want || ok != c.ok {
			t.Errorf("busyTime(%q) = %v, %v; want %v, %v", c.stat, got, ok, c.want, c.ok)
		}
	}
}

// TestOthersReal keeps a core busy in another program and one in this
// process: where the machine tells (Linux), the other program's CPU time
// is counted, as the program's own accounts give it (the machine's other
// work, tests run side by side, may add to the figure and take from the
// program's share: the test compares with what the program got).
func TestOthersReal(t *testing.T) {
	if runtime.NumCPU() < 2 {
		t.Skip("one core")
	}
	if _, ok := New().Others(); !ok {
		t.Skip("the machine does not tell its CPU time (no /proc/stat)")
	}
	done := make(chan struct{})
	go func() { // this process's own busy core
		for x := 0; ; x++ {
			select {
			case <-done:
				return
			default:
			}
		}
	}()
	defer close(done)
	spin := exec.Command("sh", "-c", "while :; do :; done")
	if err := spin.Start(); err != nil {
		t.Skipf("no shell to keep a core busy: %v", err)
	}
	m, start := New(), time.Now()
	time.Sleep(500 * time.Millisecond)
	others, ok := m.Others()
	wall := time.Since(start)
	spin.Process.Kill()
	spin.Wait()
	if !ok {
		t.Fatal("Others() not ok")
	}
	got := time.Duration(others * float64(wall))
	cpu := spin.ProcessState.UserTime() + spin.ProcessState.SystemTime()
	t.Logf("others %.2f cores of %d over %v: %v; the other program used %v", others, runtime.NumCPU(), wall, got, cpu)
	// The program ran a little longer than the window (started before,
	// killed after); the counters tick every 10 ms.
	if got < cpu*8/10-50*time.Millisecond {
		t.Errorf("others counted %v of CPU time, the other program used %v", got, cpu)
	}
}
