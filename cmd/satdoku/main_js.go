//go:build js && wasm

package main

import (
	"context"
	"syscall/js"

	"github.com/satdoku/satdoku/web/pageapi"
)

// main, in a browser (GOOS=js GOARCH=wasm, the page of "make web"), runs
// no command line: it gives JavaScript the function
// satdokuAnswer(cmd, format, input), which answers the command cmd (one
// of the HTTP API's: solve, unique, count, candidates, hint, rate, check,
// explain) on the puzzle input, in format "json" or "svg", with package
// answer, as the API of satdoku serve does, and returns a Promise of
// {ok, body, error}: the answer, or why there is none. The page stops a
// search by terminating its worker. It also gives satdokuPage, the
// page's questions (see package pageapi); the page itself loads the
// smaller build of ./web/wasm.
func main() {
	pageapi.Register() // satdokuPage, the page's questions
	api, err := newAPIServer("", 0)
	if err != nil {
		panic(err) // gini needs no set-up that can fail
	}
	js.Global().Set("satdokuAnswer", js.FuncOf(func(_ js.Value, argv []js.Value) any {
		arg := func(i int) string {
			if i < len(argv) {
				return argv[i].String()
			}
			return ""
		}
		cmd, format, input := arg(0), arg(1), arg(2)
		if format == "" {
			format = "json"
		}
		// The answer blocks (its solver, timers): it runs in a goroutine
		// of its own, never in the callback (see syscall/js.FuncOf).
		return js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, cb []js.Value) any {
			resolve := cb[0]
			go func() {
				out, err := api.answer(context.Background(), cmd, format, []byte(input))
				if err != nil {
					resolve.Invoke(map[string]any{"ok": false, "body": "", "error": err.Error()})
					return
				}
				resolve.Invoke(map[string]any{"ok": true, "body": string(out), "error": ""})
			}()
			return nil
		}))
	}))
	select {}
}
