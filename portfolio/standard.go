package portfolio

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"time"

	"github.com/satdoku/satdoku/backend"
	"github.com/satdoku/satdoku/cube"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/extsolve"
	"github.com/satdoku/satdoku/satsolve"
)

// Mode says which solvers the standard portfolio races.
type Mode uint8

// The modes.
const (
	// Auto races gini in other variable orders and the external solvers
	// satdoku drives (External) that are installed.
	Auto Mode = iota
	// Gini races gini in other variable orders only.
	Gini
	// Off races nothing: gini alone.
	Off
	// Cube is gini alone on the whole puzzle, then cube and conquer on
	// the idle cores (package cube).
	Cube
)

var modeNames = [...]string{"auto", "gini", "off", "cube"}

// String returns the mode's name: "auto", "gini", "off" or "cube".
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "Mode(" + strconv.Itoa(int(m)) + ")"
}

// ErrMode reports a mode that is not one of the modes' names.
var ErrMode = errors.New("unknown portfolio mode")

// ParseMode returns the mode named s: "auto", "gini", "off" or "cube".
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if s == n {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("%w %q (want auto, gini, off or cube)", ErrMode, s)
}

// External lists the external solver programs the Auto portfolio races
// when they are found on PATH, in the order they join.
var External = []string{"cadical", "cryptominisat5"}

// DefaultDelay is the Config.Delay used when none is given: how long gini
// runs alone before the race starts. Of the classic 9×9 sets, gini proves
// 99.98 % of forum_hardest_1905_11plus (the hardest) unique within it
// (bench/issue24-portfolio.txt), and an external solver spends 10–20 ms
// just on its files and its start on a 9×9 (25 ms on a 25×25).
const DefaultDelay = 50 * time.Millisecond

// Config configures the standard portfolio.
type Config struct {
	// Mode says which solvers race.
	Mode Mode
	// Encoding is gini's encoding; the external solvers read the reduced
	// formula (the one encoder's DIMACS without what the givens satisfy).
	Encoding encode.Encoding
	// Timeout, when positive, bounds each call.
	Timeout time.Duration
	// Delay is how long gini runs alone; zero means DefaultDelay.
	Delay time.Duration
	// Width says how many members may run once the delay has passed (see
	// Options.Width); nil means one per CPU.
	Width func() int
	// CanRace says whether a call may race at all (see Options.CanRace);
	// nil means always.
	CanRace func() bool
	// TempDir holds the external solvers' files; "" means os.TempDir().
	TempDir string
}

// Standard returns the back end of c: with Off, a gini satsolve.Solver;
// with Cube, a cube.Solver (its cubes on as many cores as Width gives);
// otherwise a portfolio Solver of gini (our variable order, running alone
// for the delay), then the External solvers found (Auto), then gini in
// other variable orders ("gini/2", …), one per CPU, of which the width
// starts as many as there are idle cores. A call that cannot race
// (Config.CanRace) is answered by a plain gini Solver, as with Off.
func Standard(c Config) (backend.Solver, error) {
	if c.Mode == Off {
		return satsolve.New(satsolve.Options{Encoding: c.Encoding, Timeout: c.Timeout}), nil
	}
	if c.Mode == Cube {
		return cube.New(cube.Options{Encoding: c.Encoding, Timeout: c.Timeout, Width: c.Width}), nil
	}
	if c.Mode > Cube {
		return nil, fmt.Errorf("portfolio: %w %v", ErrMode, c.Mode)
	}
	delay := c.Delay
	if delay <= 0 {
		delay = DefaultDelay
	}
	gini := func(order uint64, quiet time.Duration) backend.Solver {
		return satsolve.New(satsolve.Options{Encoding: c.Encoding, Stoppable: true, QuietFor: quiet, Order: order})
	}
	members := []Member{{Name: "gini", Solver: gini(0, delay)}}
	if c.Mode == Auto {
		for _, name := range External {
			x, err := extsolve.New(name, extsolve.Options{Encoding: encode.Reduced, TempDir: c.TempDir})
			if err != nil {
				continue // not installed
			}
			members = append(members, Member{Name: name, Solver: x})
		}
	}
	for i := 2; i <= max(runtime.NumCPU(), 2); i++ {
		members = append(members, Member{Name: "gini/" + strconv.Itoa(i), Solver: gini(uint64(i-1), 0)})
	}
	width := c.Width
	if width == nil {
		width = runtime.NumCPU
	}
	alone := satsolve.New(satsolve.Options{Encoding: c.Encoding, Timeout: c.Timeout})
	return New(members, Options{Delay: delay, Width: width, CanRace: c.CanRace, Alone: alone, Timeout: c.Timeout})
}
