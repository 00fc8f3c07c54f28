//go:build js && wasm

package pageapi

import (
	"context"
	"syscall/js"

	"github.com/satdoku/satdoku/answer"
)

// Register gives JavaScript the function satdokuPage(question, request),
// which answers as Answer does and returns a Promise of {ok, body,
// error}: the JSON answer, or why there is none. The page stops a
// question by terminating the worker it runs in.
func Register() {
	js.Global().Set("satdokuPage", js.FuncOf(func(_ js.Value, argv []js.Value) any {
		arg := func(i int) string {
			if i < len(argv) {
				return argv[i].String()
			}
			return ""
		}
		q, body := arg(0), arg(1)
		// The answer blocks (its solver, timers): it runs in a goroutine
		// of its own, never in the callback (see syscall/js.FuncOf).
		return js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, cb []js.Value) any {
			resolve := cb[0]
			go func() {
				out, err := Answer(context.Background(), q, []byte(body), Options{})
				if err != nil {
					resolve.Invoke(map[string]any{"ok": false, "body": "", "error": answer.Message(err)})
					return
				}
				resolve.Invoke(map[string]any{"ok": true, "body": string(out), "error": ""})
			}()
			return nil
		}))
	}))
}
