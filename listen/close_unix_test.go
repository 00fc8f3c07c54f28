//go:build unix

package listen_test

import (
	"testing"
	"time"

	"github.com/satdoku/satdoku/internal/cpubudget"
	"github.com/satdoku/satdoku/listen"
)

// TestCloseStopsWork: a client that closes its connection in the middle of
// a job (counting the solutions of the empty 9×9, seconds of search) stops it:
// the process's CPU in a window of 200 ms, from 100 ms after the close on,
// falls from what the search took in 200 ms before it (a core's worth on
// an idle machine, its share on a loaded one) to next to nothing. The
// figures are logged (the target: idle within 100 ms); the test fails when
// the process still takes a quarter of what the search took, and is
// skipped when the search got no CPU to speak of before the close.
func TestCloseStopsWork(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	cl.send("count", fpz(empty, nil))
	time.Sleep(300 * time.Millisecond)
	busy0 := cpubudget.Used()
	time.Sleep(200 * time.Millisecond)
	busy := cpubudget.Used() - busy0
	if busy < 20*time.Millisecond {
		t.Skipf("%v of CPU in 200 ms before the close: the job is not searching (machine too loaded, or it ended)", busy)
	}
	cl.c.CloseNow()
	time.Sleep(100 * time.Millisecond)
	idle0 := cpubudget.Used()
	time.Sleep(200 * time.Millisecond)
	idle := cpubudget.Used() - idle0
	t.Logf("CPU in 200 ms: %v searching; %v from 100 ms after the close", busy, idle)
	if idle >= busy/4 {
		t.Errorf("%v of CPU in 200 ms from 100 ms after the client closed its connection, %v before: the job goes on", idle, busy)
	}
}
