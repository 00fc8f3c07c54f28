// Package race holds the test that keeps the Makefile's RACE_PKGS whole:
// every package whose code starts a goroutine has its tests run under the
// race detector by make test.
package race
