package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	lzstring "github.com/daku10/go-lz-string"
)

// TestListenSignals: satdoku listen answers a client, and SIGINT or
// SIGTERM closes its connection and ends it with exit status 0.
func TestListenSignals(t *testing.T) {
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		cmd := selfCommand(t, "listen", "--addr", "127.0.0.1:0")
		errPipe, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(errPipe)
		addr := ""
		for addr == "" && lines.Scan() {
			if _, a, ok := strings.Cut(lines.Text(), "listening on "); ok {
				addr = a
			}
		}
		if addr == "" {
			cmd.Process.Kill()
			t.Fatal("no address on standard error")
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		c, _, err := websocket.Dial(ctx, addr, nil)
		if err != nil {
			cancel()
			cmd.Process.Kill()
			t.Fatal(err)
		}
		js := `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
		data, _ := lzstring.CompressToBase64(js)
		msg, _ := json.Marshal(map[string]any{"nonce": 1, "command": "check", "dataType": "fpuzzles", "data": data})
		if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
			t.Fatal(err)
		}
		_, reply, err := c.Read(ctx)
		if err != nil || !strings.Contains(string(reply), `"count":2`) {
			t.Errorf("reply %s, %v", reply, err)
		}
		start := time.Now()
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		// The server closes the connection.
		if _, _, err := c.Read(ctx); err == nil {
			t.Error("the connection is still open after the signal")
		}
		rest := ""
		for lines.Scan() {
			rest += lines.Text() + "\n"
		}
		if code := exitCode(t, cmd.Wait()); code != exitOK {
			t.Errorf("%v: exit %d, want 0; stderr %q", sig, code, rest)
		}
		if !strings.Contains(rest, "stopped") {
			t.Errorf("%v: stderr %q", sig, rest)
		}
		if el := time.Since(start); el > 10*time.Second {
			t.Errorf("%v: ended %v after the signal", sig, el)
		}
		cancel()
	}
}
