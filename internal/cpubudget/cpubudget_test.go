//go:build unix

package cpubudget

import (
	"testing"
	"time"
)

// TestContext: a busy loop ends the budget by CPU time (Used grows by as
// much), or by wall time on a machine too loaded to give it the CPU.
func TestContext(t *testing.T) {
	start, wall := Used(), time.Now()
	ctx, cancel := Context(50 * time.Millisecond)
	defer cancel()
	x := 0
	for ctx.Err() == nil {
		x++
	}
	if used := Used() - start; used < 50*time.Millisecond && time.Since(wall) < 250*time.Millisecond {
		t.Errorf("stopped after %v of CPU, want 50ms or more (or 250ms of wall time)", used)
	}
	_ = x
}
