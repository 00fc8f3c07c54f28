package encode

import (
	"os"
	"strconv"
	"strings"
)

// TEMPORARY experiment knobs (removed before the final commit).
var lever = os.Getenv("SATDOKU_LEVER")

func on(name string) bool { return strings.Contains(","+lever+",", ","+name+",") }

func init() {
	if v, err := strconv.Atoi(os.Getenv("SATDOKU_MAXD")); err == nil {
		maxDerived = v
	}
}
