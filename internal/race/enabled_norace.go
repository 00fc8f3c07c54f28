//go:build !race

package race

// Enabled reports whether the binary was built with the race detector
// (see enabled_race.go).
const Enabled = false
