//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku/httpapi"
	"github.com/satdoku/satdoku/web"
	"github.com/satdoku/satdoku/web/pageapi"
)

var cmdServe = &command{
	name:  "serve",
	short: "serve the page, with the answers computed here",
	usage: "serve [--addr 127.0.0.1:8080] [--solver NAME] [--timeout 1m]",
	long: `Serve serves satdoku's page (the one "make web" builds as static files)
from the binary, with the answers computed by this process through the
HTTP JSON API: POST /api/solve, /api/unique, /api/candidates, /api/hint,
/api/rate, /api/check, /api/explain, with a puzzle in any format satdoku
reads as the body, answered with the record of --format json (or the
picture of --format svg, with ?format=svg; or the puzzle's link, with
?format=fpuzzles-link, sudokupad-link or iss-link). The page asks its own
questions at POST /api/page/QUESTION (view, verdict, count, estimate,
candidates, solution, hint, path, clues, rate), a JSON body
{"puzzle": TEXT, "steps": N} answered in JSON (package pageapi).

The server listens on loopback by default and then answers only requests
addressed to this machine (localhost or a loopback address), from the page
itself (a request from another origin is refused); a body is at most 1 MiB.
An address on another interface, as --addr :8080, accepts any host name.
Every request is answered within --timeout, or with status "timeout"; a
client that closes its request stops the search at once.`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		addr := fs.String("addr", "127.0.0.1:8080", "listen on this `address`")
		solver := fs.String("solver", "", "answer solve and unique with this external SAT `solver` (see solve --help)")
		timeout := fs.Duration("timeout", time.Minute, "give up on a request after this `duration` (status \"timeout\"; 0 means never)")
		return func(args []string) int {
			if len(args) > 0 {
				return usageError(e, fmt.Errorf("unexpected argument %q", args[0]))
			}
			ln, err := net.Listen("tcp", *addr)
			if err != nil {
				return usageError(e, err)
			}
			if *timeout < 0 {
				return usageError(e, fmt.Errorf("invalid --timeout %v: must not be negative", *timeout))
			}
			api, err := newAPIServer(*solver, *timeout)
			if err != nil {
				return usageError(e, err)
			}
			h := serveHandler(api, !loopbackAddr(ln.Addr()))
			srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
			fmt.Fprintf(e.stderr, "satdoku: serving http://%s/\n", ln.Addr())
			ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			go func() {
				<-ctx.Done()
				shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				srv.Shutdown(shut)
			}()
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				fmt.Fprintf(e.stderr, "satdoku serve: %v\n", err)
				return exitInternal
			}
			return exitOK
		}
	},
}

// loopbackAddr reports whether the server listens on loopback alone.
func loopbackAddr(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// serveHandler is the page and the API.
func serveHandler(api *apiServer, anyHost bool) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/api/", apiHandler(api, anyHost))
	// The page's own questions (package pageapi), with the API's checks.
	page := make([]string, len(pageapi.Questions))
	for i, q := range pageapi.Questions {
		page[i] = "page/" + q
	}
	mux.Handle("/api/page/", httpapi.New(func(ctx context.Context, cmd, _ string, body []byte) ([]byte, error) {
		return pageapi.Answer(ctx, strings.TrimPrefix(cmd, "page/"), body, pageapi.Options{Timeout: api.timeout})
	}, httpapi.Options{AnyHost: anyHost, Commands: page}))
	mux.Handle("/", http.FileServerFS(web.Files()))
	return mux
}

// apiTimeout bounds each request of the API of satdoku listen when its
// --timeout does not.
const apiTimeout = 30 * time.Second

// apiHandler is the HTTP JSON API of satdoku serve and satdoku listen:
// package httpapi's checks (loopback Host unless anyHost, same origin,
// size) over the answers of api.
func apiHandler(api *apiServer, anyHost bool) http.Handler {
	return httpapi.New(api.answer, httpapi.Options{AnyHost: anyHost, Commands: apiCommands, Formats: append([]string{"svg"}, linkFormats...)})
}
