//go:build js && wasm

// Command wasm is satdoku's page's WebAssembly: the questions of package
// pageapi, and nothing else of the command line (no HTTP client, no
// external solvers, no portfolio), so that the page loads fast. "make
// web" builds it as satdoku.wasm beside the page:
//
//	GOOS=js GOARCH=wasm go build -o satdoku.wasm ./web/wasm
//
// It gives JavaScript satdokuPage (see pageapi.Register) and waits.
package main

import "github.com/satdoku/satdoku/web/pageapi"

func main() {
	pageapi.Register()
	select {}
}
