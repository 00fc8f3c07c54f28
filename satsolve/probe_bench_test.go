//go:build unix

package satsolve_test

import "flag"

var hardProbe = flag.Bool("hard.probe", false, "BenchmarkHardVariants with Options.Probe (failed-literal probing)")
