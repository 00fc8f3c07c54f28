//go:build js && wasm

package main

import (
	"bytes"
	"strings"
	"syscall/js"
)

// main, in a browser (GOOS=js GOARCH=wasm, the page of "make web"), runs
// no command: it gives JavaScript the function satdokuRun(args, input),
// which runs the command line args (an array of strings) with input as
// standard input and returns a Promise of {code, out, err}: the exit
// status, standard output and standard error. Every command works as in a
// terminal; the page asks for --format json and --format svg.
func main() {
	js.Global().Set("satdokuRun", js.FuncOf(func(_ js.Value, argv []js.Value) any {
		var args []string
		input := ""
		if len(argv) > 0 {
			for i := range argv[0].Length() {
				args = append(args, argv[0].Index(i).String())
			}
		}
		if len(argv) > 1 {
			input = argv[1].String()
		}
		// The command blocks (its workers, timers): it runs in a goroutine
		// of its own, never in the callback (see syscall/js.FuncOf).
		return js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, cb []js.Value) any {
			resolve := cb[0]
			go func() {
				var out, errOut bytes.Buffer
				code := run(args, strings.NewReader(input), &out, &errOut)
				resolve.Invoke(map[string]any{"code": code, "out": out.String(), "err": errOut.String()})
			}()
			return nil
		}))
	}))
	select {}
}
