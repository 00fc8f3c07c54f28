//go:build js && wasm

package main

import (
	"errors"

	"github.com/spf13/pflag"
)

// cmdServe has no server in a browser.
var cmdServe = &command{
	name:  "serve",
	short: "serve the page (not in a browser)",
	usage: "serve",
	long:  "Serve is not available in the js/wasm build.",
	setup: func(_ *pflag.FlagSet, e *env) func([]string) int {
		return func([]string) int { return usageError(e, errors.New("serve: not in a browser")) }
	},
}

// cmdListen has no server in a browser either.
var cmdListen = &command{
	name:  "listen",
	short: "serve f-puzzles' solver userscript (not in a browser)",
	usage: "listen",
	long:  "Listen is not available in the js/wasm build.",
	setup: func(_ *pflag.FlagSet, e *env) func([]string) int {
		return func([]string) int { return usageError(e, errors.New("listen: not in a browser")) }
	},
}
