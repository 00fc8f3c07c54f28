// Package race holds the test that keeps the Makefile's RACE_PKGS whole:
// every package whose code starts a goroutine has its tests run under the
// race detector by make test. Enabled tells a test whether it runs under
// the detector, so that a long sweep can take a smaller sample there.
package race
