package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Interrupts. On SIGINT or SIGTERM the run's context is canceled: the
// back ends stop (extsolve kills its solver process and removes its
// temporary directory), the workers return (the pool waits for them at
// most workerGrace), the answers completed so far are written in input
// order, and run returns exitInterrupt for main to exit with. Nothing is
// done in the signal handler itself: it never exits the process and never
// touches the output.

// interruptContext returns a context canceled by the first SIGINT or
// SIGTERM, and the function that releases the handler. Later signals are
// caught too until then, so that a second Ctrl-C does not cut the clean-up
// short (it is bounded by workerGrace).
func interruptContext(parent context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
}

// workerGrace bounds the wait for the workers after a run is canceled. An
// external solver is killed at once, but a gini search without a deadline
// runs on until it ends: the run does not wait for it past workerGrace.
const workerGrace = 2 * time.Second
