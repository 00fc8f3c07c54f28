//go:build !(js && wasm)

package main

import "os"

func main() {
	tuneGC(os.Getenv, streamAfter)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
