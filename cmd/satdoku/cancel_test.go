//go:build unix

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// slowRequests are requests that search for many seconds: the true
// candidates of the empty 25×25 board (a SAT call for each of its 15,625
// candidates).
var slowRequests = []struct{ cmd, body string }{
	{"candidates", strings.Repeat(".", 625)},
}

// TestAPIStopsOnClose: a client that closes its request mid-search stops
// the search: the handler returns soon after the close, and the process's
// CPU time stops growing. The numbers are logged (go test -v -run
// TestAPIStopsOnClose); the test fails only when the search goes on for
// a second after the close.
func TestAPIStopsOnClose(t *testing.T) {
	for _, rq := range slowRequests {
		t.Run(rq.cmd, func(t *testing.T) {
			var returned atomic.Int64 // UnixNano when the handler returned
			api := serveHandler(testAPI(t, "", time.Minute), false)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				api.ServeHTTP(w, r)
				returned.Store(time.Now().UnixNano())
			}))
			defer srv.Close()
			ctx, cancel := context.WithCancel(context.Background())
			req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/api/"+rq.cmd, strings.NewReader(rq.body))
			done := make(chan struct{})
			go func() {
				defer close(done)
				if resp, err := http.DefaultClient.Do(req); err == nil {
					resp.Body.Close()
					t.Errorf("answered before the close: %s", resp.Status)
				}
			}()
			time.Sleep(500 * time.Millisecond)
			busy0 := readCPU()
			time.Sleep(100 * time.Millisecond)
			busy := readCPU().total() - busy0.total()
			closed := time.Now()
			cancel()
			<-done
			for returned.Load() == 0 && time.Since(closed) < time.Second {
				time.Sleep(time.Millisecond)
			}
			if returned.Load() == 0 {
				t.Fatal("the search goes on a second after the client closed its request")
			}
			stop := time.Duration(returned.Load() - closed.UnixNano())
			idle0 := readCPU()
			time.Sleep(100 * time.Millisecond)
			idle := readCPU().total() - idle0.total()
			t.Logf("CPU in 100ms: %v searching, %v after the close; the handler returned %v after the close", busy, idle, stop)
		})
	}
}
