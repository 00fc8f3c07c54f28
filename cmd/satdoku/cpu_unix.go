//go:build unix

package main

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time of the process and of its child processes that
// have ended (user and system time).
type cpuTime struct {
	self, children time.Duration
	ok             bool // read: the platform tells
}

// total is the CPU time of the process and its child processes.
func (c cpuTime) total() time.Duration { return c.self + c.children }

// readCPU returns the CPU time spent so far.
func readCPU() cpuTime {
	var self, kids syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &self) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids) != nil {
		return cpuTime{}
	}
	return cpuTime{self: rusageTime(&self), children: rusageTime(&kids), ok: true}
}

// rusageTime is the user and system time of r.
func rusageTime(r *syscall.Rusage) time.Duration {
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
