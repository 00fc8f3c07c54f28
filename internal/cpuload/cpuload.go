// Package cpuload tells how many cores other programs keep busy now: the
// machine's CPU time (Linux's /proc/stat) less the process's own, over the
// time since the last look. A portfolio asks it before it races on the
// cores it finds idle.
//
// The load average that served before (/proc/loadavg) lags a minute behind
// and counts the process itself and the ones just before it: run puzzle
// after puzzle from a script, each raced on both cores of a 2-core
// machine, and the load of the last minute, near 2, left the next one no
// idle core (bench/issue31-race.txt).
package cpuload

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// MinWindow is the shortest time between two looks that Meter measures
// over: the machine's counters tick in hundredths of a second.
const MinWindow = 30 * time.Millisecond

// ticksPerSecond is the unit of /proc/stat (USER_HZ, 100 on Linux).
const ticksPerSecond = 100

// reading is one look at the counters.
type reading struct {
	at   time.Time
	busy time.Duration // the machine's, every core
	own  time.Duration // the process's, every thread
	ok   bool
}

// Meter measures the cores other programs keep busy. Its zero value is
// not ready: use New. It is safe for concurrent use.
type Meter struct {
	mu     sync.Mutex
	last   reading
	others float64
	read   func() reading // the look, replaced in tests
}

// New returns a Meter whose first window starts now.
func New() *Meter {
	m := &Meter{read: look}
	m.last = m.read()
	return m
}

// Others returns how many cores other programs kept busy since the last
// look (at least MinWindow ago; within it, the figure of the window
// before), and false where the machine does not tell (no /proc/stat).
func (m *Meter) Others() (float64, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.read()
	if !now.ok || !m.last.ok {
		m.last = now
		return 0, false
	}
	wall := now.at.Sub(m.last.at)
	if wall < MinWindow {
		return m.others, true
	}
	m.others = max(float64(now.busy-m.last.busy-(now.own-m.last.own))/float64(wall), 0)
	m.last = now
	return m.others, true
}

// look reads the machine's busy time and the process's CPU time.
func look() reading {
	r := reading{at: time.Now()}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return r
	}
	r.own = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return r
	}
	r.busy, r.ok = busyTime(b)
	return r
}

// busyTime returns the time every core spent busy, from the "cpu" line of
// /proc/stat: user, nice, system, irq, softirq and steal ticks (not idle
// or iowait; guest time is within user).
func busyTime(stat []byte) (time.Duration, bool) {
	line, _, _ := bytes.Cut(stat, []byte("\n"))
	f := bytes.Fields(line)
	if len(f) < 9 || string(f[0]) != "cpu" {
		return 0, false
	}
	var ticks int64
	for k, s := range f[1:9] {
		if k == 3 || k == 4 { // idle, iowait
			continue
		}
		v, err := strconv.ParseInt(string(s), 10, 64)
		if err != nil || v < 0 {
			return 0, false
		}
		ticks += v
	}
	return time.Duration(ticks) * time.Second / ticksPerSecond, true
}
