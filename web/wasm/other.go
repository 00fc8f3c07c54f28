//go:build !(js && wasm)

// Command wasm is satdoku's page's WebAssembly (see main.go); built for
// any other target it says so and exits.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "wasm: the page's WebAssembly; build it with GOOS=js GOARCH=wasm (make web)")
	os.Exit(2)
}
