//go:build unix

// Package cpubudget bounds benchmarks by CPU time rather than wall time: on
// a loaded machine a wall-time limit shrinks with the load, a CPU-time one
// does not. It is for tests and benchmarks (bench/issue24-*.txt,
// bench/issue36-tail.txt).
package cpubudget

import (
	"context"
	"syscall"
	"time"
)

// Used returns the CPU time the process has used, user and system, every
// thread counted.
func Used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Context returns a context canceled once the process has used d more CPU
// time, or after 5·d of wall time, whichever comes first.
func Context(d time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*d)
	start := Used()
	go func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if Used()-start > d {
					cancel()
					return
				}
			}
		}
	}()
	return ctx, cancel
}
