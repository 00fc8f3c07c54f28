//go:build race

package race

// Enabled reports whether the binary was built with the race detector
// (go test -race). The short forms of the sweeps in the packages that make
// test runs under it take smaller samples then: the detector slows every
// instruction five to ten times, and a sweep's solving is single-threaded
// code the race detector has nothing to find in; make test-long runs the
// whole sweeps without it.
const Enabled = true
