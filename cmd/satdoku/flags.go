package main

import (
	"fmt"
	"math"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
)

// maxJobs is the most workers --jobs may ask for (every command that
// takes it, listen's too): 256, or 4 per core on a machine with more than
// 64. Each worker holds a solver of its own, so workers beyond the cores
// add memory, not speed; 256 of them fit in a few hundred MiB, while a
// million took 5 GB and 86 s before the first answer.
func maxJobs() int { return max(256, 4*runtime.NumCPU()) }

// intRange is the range of a numeric flag's values.
type intRange struct{ lo, hi int64 }

// intRanges are the ranges of the numeric flags, by name, whichever
// command has them; a value outside is a usage error naming the flag and
// its range. jobs and race-width are bounded by maxJobs.
var intRanges = map[string]intRange{
	"jobs":        {0, -1},
	"race-width":  {0, -1},
	"limit":       {1, math.MaxInt32},
	"counts":      {0, math.MaxInt32},
	"count":       {0, math.MaxInt32},
	"clues":       {0, math.MaxInt32},
	"candidates":  {0, math.MaxInt32},
	"chain-steps": {0, 1000},
}

// checkFlags checks the numeric flags of fs that were set: the integers
// within their range (intRanges), the durations not negative.
func checkFlags(fs *pflag.FlagSet) error {
	var err error
	fs.Visit(func(f *pflag.Flag) {
		if err != nil {
			return
		}
		switch f.Value.Type() {
		case "duration":
			if d, _ := time.ParseDuration(f.Value.String()); d < 0 {
				err = fmt.Errorf("invalid --%s %s: must not be negative", f.Name, f.Value)
			}
		case "int", "int64":
			r, ok := intRanges[f.Name]
			if !ok {
				return
			}
			if r.hi < 0 {
				r.hi = int64(maxJobs())
			}
			v, _ := strconv.ParseInt(f.Value.String(), 10, 64)
			if v < r.lo || v > r.hi {
				err = fmt.Errorf("invalid --%s %d: must be from %d to %d", f.Name, v, r.lo, r.hi)
			}
		}
	})
	return err
}

// flagValueError matches pflag's error for a value that does not parse,
// which names Go's parser: `invalid argument "x" for "-j, --jobs" flag:
// strconv.ParseInt: parsing "x": invalid syntax`.
var flagValueError = regexp.MustCompile(`^invalid argument "(.*)" for "(?:-\w, )?(--[\w-]+)" flag: (.*)$`)

// flagError rewrites an error of pflag's parse in the user's terms: the
// flag, the value, and what was expected, never Go's parsers.
func flagError(err error) error {
	m := flagValueError.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	value, name, why := m[1], m[2], m[3]
	switch {
	case strings.Contains(why, "value out of range"):
		return fmt.Errorf("invalid %s %q: out of range", name, value)
	case strings.HasPrefix(why, "strconv.ParseUint"):
		return fmt.Errorf("invalid %s %q: want a whole number, 0 or more", name, value)
	case strings.HasPrefix(why, "strconv.ParseInt"):
		return fmt.Errorf("invalid %s %q: want a whole number", name, value)
	case strings.HasPrefix(why, "strconv.ParseFloat"):
		return fmt.Errorf("invalid %s %q: want a number", name, value)
	case strings.HasPrefix(why, "strconv.ParseBool"):
		return fmt.Errorf("invalid %s %q: want true or false", name, value)
	case strings.HasPrefix(why, "time: "):
		return fmt.Errorf("invalid %s %q: want a duration such as 500ms, 30s or 2m", name, value)
	}
	return fmt.Errorf("invalid %s %q: %s", name, value, why)
}
